import GotchasCore
import GotchasRules
import Testing

/// A rule about particular calls is a `CallRule`, which names its callees once (the walk's
/// filter, the guard and the trigger text come from `calledNames`). A plain `Rule` that
/// declares `callees` spells them again in its guard and its triggers; each one says here why.
@Suite struct CallRuleShapeTests {
    /// Plain rules that declare `callees`, by ID, with the reason they are not `CallRule`s.
    static let plainRulesWithCallees: [String: String] = [
        "list-row-conditional": "also looks at `if` expressions (`nodeKinds` has `.ifExpr`)",
        "work-in-body": "also looks at reads of members that reach work (`nodeKinds` has `.declReferenceExpr`)",
    ]

    @Test func everyRuleWithCalleesIsACallRuleOrSaysWhyNot() {
        for rule in RuleCatalog.all where rule.callees != nil && !(rule is any CallRule.Type) {
            #expect(Self.plainRulesWithCallees[rule.id] != nil,
                    "\(rule.id) declares `callees` but is a plain Rule: make it a CallRule, or give the reason in plainRulesWithCallees")
        }
    }

    /// The list does not go stale: each entry is still a plain rule with `callees`.
    @Test func theListedPlainRulesAreStillPlainRulesWithCallees() throws {
        for id in Self.plainRulesWithCallees.keys.sorted() {
            let rule = try #require(RuleCatalog.all.first { $0.id == id }, "\(id) is not a rule")
            #expect(rule.callees != nil, "\(id) no longer declares callees: remove it from plainRulesWithCallees")
            #expect(!(rule is any CallRule.Type), "\(id) is a CallRule now: remove it from plainRulesWithCallees")
        }
    }

    /// The defaults are what the walk uses: a call rule that overrode them would again say
    /// its callees twice, or see nodes its typed `check` never gets.
    @Test func callRulesUseTheirCalledNamesAsIs() {
        for rule in RuleCatalog.all {
            guard let callRule = rule as? any CallRule.Type else { continue }
            #expect(!callRule.calledNames.isEmpty, "\(rule.id) calls on no name")
            #expect(callRule.callees == callRule.calledNames, "\(rule.id) overrides `callees`")
            #expect(callRule.nodeKinds == [.functionCallExpr], "\(rule.id) overrides `nodeKinds`: a rule on other nodes is a plain Rule")
            // Triggers equal to the callee names are what the engine derives: leave them out.
            #expect(Set(callRule.description.triggers) != callRule.calledNames,
                    "\(rule.id) lists its callee names as `triggers`: leave `triggers` empty, the engine derives them")
        }
    }
}
