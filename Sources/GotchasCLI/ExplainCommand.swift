import GotchasCore

/// `swiftui-gotchas explain ID`: the rule's sections (what it flags, why, an example and what to use
/// instead, not flagged, fix, severity, questions, needs) from `RuleExplanation`.
public struct ExplainCommand {
    let rules: [RuleDescription]
    let io: CommandIO

    public init(rules: [RuleDescription], io: CommandIO) {
        self.rules = rules
        self.io = io
    }

    public func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let id = arguments.first else {
            io.writeError("swiftui-gotchas: error: usage: swiftui-gotchas explain ID\n")
            return ExitStatus.failure
        }
        guard let rule = rules.first(where: { $0.id == id }) else {
            io.writeError("swiftui-gotchas: error: \(CommandLineError.unknownRule(id, suggestion: RuleIDSuggestion.closest(to: id, in: rules.map(\.id))))\n")
            return ExitStatus.failure
        }
        io.writeOutput(RuleExplanation(rule).plainText)
        return ExitStatus.clean
    }
}
