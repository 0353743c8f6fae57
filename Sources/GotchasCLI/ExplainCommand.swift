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
        io.writeOutput(Self.text(for: rule))
        return ExitStatus.clean
    }

    /// Plain-text explanation; also what the server's hover shows (as Markdown code fences).
    public static func text(for rule: RuleDescription) -> String {
        var output = "\(rule.id)  (\(rule.category.rawValue); \(rule.defaultSeverity.rawValue)\(rule.isOptIn ? ", opt-in" : ""); seed \(rule.seed))\n\n"
        output += rule.summary + "\n\nWhy:\n" + indent(rule.rationale) + "\n"
        if !rule.requirementLines.isEmpty {
            output += "\n" + rule.requirementLines.map { $0 + "." }.joined(separator: "\n") + "\n"
        }
        if let wrong = rule.representativeTriggering {
            output += "\nWrong:\n" + indent(wrong.strippedWithMarkers.code) + "\n"
        }
        if let correction = rule.corrections.first {
            output += "\nRight (\(correction.applicability == .safe ? "applied by --fix" : "offered as an unsafe fix")):\n" + indent(correction.after) + "\n"
        } else if let right = rule.representativeNonTriggering {
            output += "\nNot flagged:\n" + indent(right.code) + "\n"
        }
        if !rule.options.isEmpty {
            output += "\nOptions:\n" + rule.options.map { "    \($0.name) (default \($0.defaultValue)): \($0.summary)" }.joined(separator: "\n") + "\n"
        }
        return output
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
