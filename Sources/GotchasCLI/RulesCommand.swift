import GotchasCore

/// `swiftui-gotchas rules`: every rule with its default severity, opt-in, fix and seed.
public struct RulesCommand {
    let rules: [RuleDescription]
    let io: CommandIO

    public init(rules: [RuleDescription], io: CommandIO) {
        self.rules = rules
        self.io = io
    }

    public func run(_ arguments: [String]) -> Int32 {
        let header = ["ID", "SEVERITY", "OPT-IN", "FIX", "SEED"]
        let rows = rules.map { rule in
            [rule.id, rule.defaultSeverity.rawValue, rule.isOptIn ? "yes" : "no", rule.fix?.rawValue ?? "-", rule.seed]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ") + "\n"
        }
        var output = line(header)
        for category in RuleCategory.allCases {
            for (rule, row) in zip(rules, rows) where rule.category == category { output += line(row) }
        }
        io.writeOutput(output)
        return ExitStatus.clean
    }
}
