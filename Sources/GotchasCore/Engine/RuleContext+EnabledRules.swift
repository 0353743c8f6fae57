/// Which other rules run on this file: a rule that defers to another on the same line
/// (one finding, one advice) defers only when that rule is there to report it.
extension RuleContext {
    public func isEnabled(_ ruleID: String) -> Bool { configuration.severities[ruleID] != nil }
}
