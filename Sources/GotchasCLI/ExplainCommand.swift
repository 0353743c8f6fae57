import GotchasCore

/// `swiftui-gotchas explain ID`: summary, why, and wrong/right code from the rule's examples.
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
