import GotchasCore

/// `swiftui-gotchas rules`: every rule with its default severity, opt-in, fix, the OS it needs and seed.
public struct RulesCommand {
    let rules: [RuleDescription]
    let io: CommandIO

    public init(rules: [RuleDescription], io: CommandIO) {
        self.rules = rules
        self.io = io
    }

    public func run(_ arguments: [String]) -> Int32 {
        // NEEDS: the OS the advice needs (`requires`, "iOS 17"), then the fix's (`fix iOS 26`); `explain ID` lists every platform.
        let header = ["ID", "SEVERITY", "OPT-IN", "FIX", "NEEDS", "SEED"]
        let rows = rules.map { rule in
            let needs = [rule.requires.map(\.shortText), rule.fixRequires.map { "fix " + $0.shortText }].compactMap { $0 }
            return [rule.id, rule.defaultSeverity.rawValue, rule.isOptIn ? "yes" : "no", rule.fix?.rawValue ?? "-",
                    needs.isEmpty ? "-" : needs.joined(separator: ", "), rule.seed]
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
