/// Markdown for a rule, generated from its description and examples: the
/// `docs/rules/ID.md` pages, their index, and the server's hover text.
public enum RuleDocumentation {
    /// The page for `docs/rules/<ID>.md`.
    public static func page(for rule: RuleDescription) -> String {
        var page = "# `\(rule.id)`\n\n"
        page += "| category | default severity | opt-in | fix | seed |\n|---|---|---|---|---|\n"
        page += "| \(rule.category.rawValue) | \(rule.defaultSeverity.rawValue) | \(rule.isOptIn ? "yes" : "no") | \(rule.fix?.rawValue ?? "—") | \(rule.seed) |\n\n"
        page += "## What it does\n\n\(rule.summary)\n\n"
        if !rule.requirementLines.isEmpty {
            // Where the minimum in effect is lower (deployment targets, `#available`, `#if os`) the rule is silent / its fix withheld.
            var consequences: [String] = []
            if rule.requires != nil { consequences.append("below what the rule needs it is silent") }
            if rule.fixRequires != nil { consequences.append("below what its fix needs the finding stays and the fix is not offered") }
            page += rule.requirementLines.map { "\($0)." }.joined(separator: " ")
                + " The minimum in effect is the project's deployment targets, raised by `if #available`/`@available` and narrowed by `#if os`: "
                + consequences.joined(separator: "; ") + ".\n\n"
        }
        page += "## Why it matters\n\n\(rule.rationale)\n\n"
        if !rule.tags.isEmpty {
            page += "Diagnostics are tagged \(rule.tags.map { "`\($0.rawValue)`" }.joined(separator: ", ")).\n\n"
        }
        page += "## Flagged\n\n"
        for example in rule.triggering {
            page += block(example.strippedWithMarkers.code, note: note(example.note, platforms: example.platforms)) + otherFiles(example.otherFiles)
        }
        page += "## Not flagged\n\n"
        for example in rule.nonTriggering {
            page += block(example.code, note: note(example.note, platforms: example.platforms)) + otherFiles(example.otherFiles)
        }
        if !rule.corrections.isEmpty {
            page += "## Fix\n\n"
            for correction in rule.corrections {
                let kind = correction.applicability == .safe ? "safe: applied by `--fix` and fix-all" : "unsafe: offered as a code action and by `--fix --unsafe-fixes`"
                let minimum = correction.platforms.map { "; deployment target \(PlatformMinimums(deploymentTargets: $0))" } ?? ""
                page += "Before (\(kind)\(correction.fixTitle.map { "; \"\($0)\"" } ?? "")\(minimum)):\n\n"
                page += block(RuleExample(correction.before).strippedWithMarkers.code, note: nil)
                page += "After:\n\n" + block(correction.after, note: nil) + otherFiles(correction.otherFiles)
            }
        }
        if !rule.options.isEmpty {
            page += "## Options\n\n| option | default | meaning |\n|---|---|---|\n"
            for option in rule.options { page += "| `\(option.name)` | \(option.defaultValue) | \(option.summary) |\n" }
            page += "\nSet in `.swiftui-gotchas.json`: `{\"rules\": {\"\(rule.id)\": {\"level\": \"\(rule.defaultSeverity.rawValue)\", \"\(rule.options[0].name)\": \(rule.options[0].defaultValue)}}}`.\n\n"
        }
        page += "## Suppress\n\n```swift\n// swiftui-gotchas:disable-next-line \(rule.id)\n```\n"
        return page
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

    /// Hover text: the ID, why, and wrong/right code.
    public static func hover(for rule: RuleDescription, message: String) -> String {
        var text = "**\(rule.id)** (\(rule.category.rawValue))\n\n\(message)\n\n\(rule.rationale)\n"
        if !rule.requirementLines.isEmpty { text += "\n" + rule.requirementLines.map { "\($0)." }.joined(separator: " ") + "\n" }
        if let wrong = rule.representativeTriggering {
            text += "\nWrong:\n" + block(wrong.strippedWithMarkers.code, note: nil)
        }
        if let right = rule.corrections.first?.after {
            text += "Right:\n" + block(right, note: nil)
        }
        return text
    }

    /// The other files of a multi-file example, each under its path.
    private static func otherFiles(_ files: [String: String]) -> String {
        files.keys.sorted().map { path in
            let language = path.hasSuffix(".swift") ? "swift" : ""
            return "with `\(path)`:\n\n```\(language)\n\(files[path]!)\n```\n\n"
        }.joined()
    }

    /// An example's note with the deployment targets it is linted with, if any.
    private static func note(_ note: String?, platforms: [Platform: OSVersion]?) -> String? {
        guard let platforms else { return note }
        let minimum = "deployment target \(PlatformMinimums(deploymentTargets: platforms))"
        return note.map { "\($0) (\(minimum))" } ?? minimum.prefix(1).uppercased() + minimum.dropFirst()
    }

    private static func block(_ code: String, note: String?) -> String {
        (note.map { "\($0):\n\n" } ?? "") + "```swift\n\(code)\n```\n\n"
    }
}

private extension String {
    var replacingPipes: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}
