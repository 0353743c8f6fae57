/// Markdown pages for the rules: `docs/rules/ID.md` (a rule's `RuleExplanation` with every
/// example) and their index. The hover's Markdown is `RuleExplanation.hoverMarkdown`.
public enum RuleDocumentation {
    /// The page for `docs/rules/<ID>.md`: the rule's sections in order, the example pair
    /// after "Why it matters", then every example and correction for reference.
    public static func page(for rule: RuleDescription) -> String {
        let explanation = RuleExplanation(rule)
        var page = "# `\(rule.id)`\n\n"
        page += "| category | default severity | opt-in | fix | seed |\n|---|---|---|---|---|\n"
        page += "| \(rule.category.rawValue) | \(rule.defaultSeverity.rawValue) | \(rule.isOptIn ? "yes" : "no") | \(rule.fix?.rawValue ?? "—") | \(rule.seed) |\n\n"
        explanation.leadingSections.forEach { page += section($0) }
        if let wrong = explanation.shownWrong {
            page += "## \(RuleExplanation.exampleTitle)\n\n" + block(wrong)
            if let right = explanation.shownRight { page += "\(right.label):\n\n" + block(right.code) }
        }
        explanation.trailingSections.forEach { page += section($0) }
        if !rule.tags.isEmpty {
            page += "Diagnostics are tagged \(rule.tags.map { "`\($0.rawValue)`" }.joined(separator: ", ")).\n\n"
        }
        if !rule.options.isEmpty {
            page += "## Options\n\n| option | default | meaning |\n|---|---|---|\n"
            for option in rule.options { page += "| `\(option.name)` | \(option.defaultValue) | \(option.summary) |\n" }
            page += "\nSet in `.swiftui-gotchas.json`: `{\"rules\": {\"\(rule.id)\": {\"level\": \"\(rule.defaultSeverity.rawValue)\", \"\(rule.options[0].name)\": \(rule.options[0].defaultValue)}}}`.\n\n"
        }
        page += "## Suppress\n\n```swift\n// swiftui-gotchas:disable-next-line \(rule.id)\n```\n\n"
        page += "## All examples\n\nThe rule's tests run each of these.\n\n"
        page += "### Flagged\n\n" + explanation.flagged.map(example).joined()
        page += "### Not flagged\n\n" + explanation.notFlagged.map(example).joined()
        if !explanation.corrections.isEmpty {
            page += "### Fixes\n\n"
            for correction in explanation.corrections {
                let kind = correction.applicability == .safe ? "safe: applied by `--fix` and fix-all" : "unsafe: offered as a code action and by `--fix --unsafe-fixes`"
                let minimum = correction.deploymentTarget.map { "; deployment target \($0)" } ?? ""
                page += "Before (\(kind)\(correction.fixTitle.map { "; \"\($0)\"" } ?? "")\(minimum)):\n\n"
                page += block(correction.before)
                page += "After:\n\n" + block(correction.after) + otherFiles(correction.otherFiles)
            }
        }
        return String(page.dropLast())
    }

    private static func section(_ section: RuleExplanation.Section) -> String {
        var text = "## \(section.title)\n\n"
        if !section.text.isEmpty { text += section.text + "\n\n" }
        if !section.bullets.isEmpty { text += section.bullets.map { "- \($0)\n" }.joined() + "\n" }
        return text
    }

    /// `docs/rules/README.md`: every rule by category with severity, opt-in and fix columns.
    public static func index(for rules: [RuleDescription]) -> String {
        var page = "# Rules\n\nGenerated from the rules' own descriptions (`swift run swiftui-gotchas generate-docs docs/rules`).\n\n"
        for category in RuleCategory.allCases {
            let members = rules.filter { $0.category == category }
            guard !members.isEmpty else { continue }
            page += "## \(category.rawValue)\n\n| rule | severity | opt-in | fixable | summary |\n|---|---|---|---|---|\n"
            for rule in members {
                page += "| [`\(rule.id)`](\(rule.id).md) | \(rule.defaultSeverity.rawValue) | \(rule.isOptIn ? "yes" : "") | \(rule.fix?.rawValue ?? "") | \(rule.summary.replacingPipes) |\n"
            }
            page += "\n"
        }
        return page
    }

    private static func example(_ example: RuleExplanation.Example) -> String {
        (example.note.map { "\($0):\n\n" } ?? "") + block(example.code) + otherFiles(example.otherFiles)
    }

    /// The other files of a multi-file example, each under its path.
    private static func otherFiles(_ files: [(path: String, text: String)]) -> String {
        files.map { file in
            let language = file.path.hasSuffix(".swift") ? "swift" : ""
            return "with `\(file.path)`:\n\n```\(language)\n\(file.text)\n```\n\n"
        }.joined()
    }

    private static func block(_ code: String) -> String { RuleExplanation.swiftBlock(code) + "\n\n" }
}

private extension String {
    var replacingPipes: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}
