/// What there is to say about a rule, taken once from its description, in the fixed
/// sections every rule answers (Ruff's model): What it flags, Why it matters, Example / Use
/// instead, Not flagged, Fix, Severity, Asks the workspace, Needs. Markers are stripped from
/// the code, notes joined with the deployment targets an example is linted with. Thin
/// renderers lay it out: `plainText` (`swiftui-gotchas explain`), `hoverMarkdown`/
/// `hoverPlainText` (the server's hover: the message, why, one example pair and a link),
/// `RuleDocumentation.page` (`docs/rules/<ID>.md`) and the HTML report.
public struct RuleExplanation: Sendable {
    /// Example code as shown: without `↓` markers, with its note and other files.
    public struct Example: Sendable {
        public var code: String
        /// The example's note, with the deployment targets it is linted with if it has any.
        public var note: String?
        /// The other files of a multi-file example, sorted by path.
        public var otherFiles: [(path: String, text: String)]
    }

    /// A before→after correction as shown.
    public struct Correction: Sendable {
        public var before: String
        public var after: String
        public var applicability: Applicability
        public var fixTitle: String?
        /// "iOS 15, macOS 12": the deployment targets the fix runs with, if the correction names them.
        public var deploymentTarget: String?
        public var otherFiles: [(path: String, text: String)]
    }

    /// One of the fixed sections in prose: a paragraph, or bullets ("Not flagged").
    public struct Section: Sendable {
        public var title: String
        public var text: String
        public var bullets: [String]
    }

    public static let whatItFlagsTitle = "What it flags"
    public static let whyTitle = "Why it matters"
    public static let exampleTitle = "Example"
    public static let useInsteadTitle = "Use instead"
    public static let notFlaggedTitle = "Not flagged"
    public static let fixTitle = "Fix"
    public static let severityTitle = "Severity"
    public static let asksTitle = "Asks the workspace"
    public static let needsTitle = "Needs"

    public var rule: RuleDescription
    /// What the rule needs, one sentence each: "Applies from iOS 17, macOS 14, …." and
    /// "Its fix needs iOS 26, …."; empty when the rule applies on any OS.
    public var requirements: [String]
    public var flagged: [Example]
    public var notFlagged: [Example]
    public var corrections: [Correction]
    /// The examples `explain` and hover show: the first written for any deployment target
    /// (the ones at a low minimum show the `requires` machinery, not the gotcha).
    public var representativeFlagged: Example?
    public var representativeNotFlagged: Example?

    public init(_ rule: RuleDescription) {
        self.rule = rule
        requirements = [rule.requires.map { "Applies from \($0.userText)." }, rule.fixRequires.map { "Its fix needs \($0.userText)." }].compactMap { $0 }
        flagged = rule.triggering.map { Example($0, code: $0.strippedWithMarkers.code) }
        notFlagged = rule.nonTriggering.map { Example($0, code: $0.code) }
        corrections = rule.corrections.map(Correction.init)
        representativeFlagged = rule.triggering.firstIndex { $0.platforms == nil }.map { flagged[$0] } ?? flagged.first
        representativeNotFlagged = rule.nonTriggering.firstIndex { $0.platforms == nil }.map { notFlagged[$0] } ?? notFlagged.first
    }

    /// "What it flags" and "Why it matters": shown before the example pair.
    public var leadingSections: [Section] {
        [Section(title: Self.whatItFlagsTitle, text: rule.summary, bullets: []),
         Section(title: Self.whyTitle, text: rule.rationale, bullets: [])]
    }

    /// "Not flagged", "Fix", "Severity", "Asks the workspace", "Needs": after the example pair.
    public var trailingSections: [Section] {
        [Section(title: Self.notFlaggedTitle, text: "", bullets: rule.notFlagged),
         Section(title: Self.fixTitle, text: fixText, bullets: []),
         Section(title: Self.severityTitle, text: severityText, bullets: []),
         Section(title: Self.asksTitle, text: asksText, bullets: []),
         Section(title: Self.needsTitle, text: needsText, bullets: [])]
    }

    /// How the fix is applied, then what it does and when it is safe, unsafe or withheld.
    var fixText: String {
        guard rule.fix != nil else { return "None: the change needs a decision only you can make." }
        return (rule.fixSafety.map { $0 + " " } ?? "")
            + "Safe fixes are applied by `--fix` and fix-all; unsafe ones are offered as code actions and by `--fix --unsafe-fixes`."
    }

    /// The default level and what earns it (and a lower or higher level, when a finding
    /// earns one); configuration may set another.
    var severityText: String {
        "\(rule.defaultSeverity.rawValue) (default\(rule.isOptIn ? ", opt-in" : "")): " + rule.severityReason
            + (rule.defaultSeverity == .warning ? " " + Self.unusedCodeText : "")
            + " The configuration file can set another level."
    }

    /// What every warning rule lowers (`CodeOwners`): said once here, not in each rule.
    public static let unusedCodeText = "A warning in code nothing runs (a private helper nothing in its file uses, a view that only previews "
        + "build or that no code of the project names) is info, with the reason."

    /// The recorded questions, one line.
    var asksText: String {
        let line = Set(rule.asks).sorted().map(\.userText).joined(separator: "; ")
        guard !line.isEmpty else { return "Nothing: the rule reads only the file it lints." }
        return line.prefix(1).uppercased() + line.dropFirst() + "."
    }

    /// The OS requirements of the advice and of the fix.
    var needsText: String {
        guard !requirements.isEmpty else { return "Any OS version." }
        var consequences: [String] = []
        if rule.requires != nil { consequences.append("below what the rule needs it is silent") }
        if rule.fixRequires != nil { consequences.append("below what its fix needs the finding stays and the fix is not offered") }
        return requirements.joined(separator: " ") + " The minimum in effect is the deployment target, raised by `if #available`/`@available` and narrowed by `#if os`: "
            + consequences.joined(separator: "; ") + "."
    }
}

extension RuleExplanation.Example {
    init(_ example: RuleExample, code: String) {
        self.code = code
        note = example.note
        if let platforms = example.platforms {
            let minimum = "deployment target \(PlatformMinimums(deploymentTargets: platforms))"
            note = example.note.map { "\($0) (\(minimum))" } ?? minimum.prefix(1).uppercased() + minimum.dropFirst()
        }
        otherFiles = RuleExplanation.sorted(example.otherFiles)
    }
}

extension RuleExplanation.Correction {
    init(_ correction: RuleCorrection) {
        before = RuleExample(correction.before).strippedWithMarkers.code
        after = correction.after
        applicability = correction.applicability
        fixTitle = correction.fixTitle
        deploymentTarget = correction.platforms.map { "\(PlatformMinimums(deploymentTargets: $0))" }
        otherFiles = RuleExplanation.sorted(correction.otherFiles)
    }
}

extension RuleExplanation {
    static func sorted(_ files: [String: String]) -> [(path: String, text: String)] {
        files.keys.sorted().map { ($0, files[$0]!) }
    }

    /// A fenced Swift code block (no trailing newline).
    static func swiftBlock(_ code: String) -> String { "```swift\n\(code)\n```" }

    /// The code `explain` and hover set against the example, and its label: the first
    /// correction's result, "Use instead" labeled with how the fix is applied; else the near
    /// miss the rule names as `useInstead`; else a near miss labeled "Not flagged" (code the
    /// rule leaves alone is not necessarily recommended code: a UIKit `DispatchQueue.main.async`
    /// is not flagged, and not advice).
    public var shownRight: (label: String, code: String)? {
        if let correction = representativeCorrection {
            return ("\(Self.useInsteadTitle) (\(correction.applicability == .safe ? "applied by --fix" : "offered as an unsafe fix"))", correction.after)
        }
        if let recommended = recommendedNearMiss { return (Self.useInsteadTitle, recommended.code) }
        return representativeNotFlagged.map { (Self.notFlaggedTitle, $0.code) }
    }

    /// The near miss whose note is the rule's `useInstead`.
    public var recommendedNearMiss: Example? {
        rule.useInstead.flatMap { note in rule.nonTriggering.firstIndex { $0.note == note } }.map { notFlagged[$0] }
    }

    /// The flagged code of the example pair: the first correction's, else the representative example.
    public var shownWrong: String? { representativeCorrection?.before ?? representativeFlagged?.code }

    /// The correction the example pair shows: the first one written for any deployment
    /// target (one at a low minimum shows a withheld fix, `after` equal to `before`).
    public var representativeCorrection: Correction? { corrections.first { $0.deploymentTarget == nil } ?? corrections.first }
}

// MARK: - Plain text (`explain`)

extension RuleExplanation {
    /// The header, then every section in order with the example pair after "Why it matters",
    /// and the options; code indented four spaces.
    public var plainText: String {
        var output = "\(rule.id)  (\(rule.category.rawValue); \(rule.defaultSeverity.rawValue)\(rule.isOptIn ? ", opt-in" : ""); seed \(rule.seed))\n"
        func add(_ section: Section) {
            output += "\n\(section.title):\n"
            if !section.text.isEmpty { output += Self.indent(section.text) + "\n" }
            for bullet in section.bullets { output += "    - \(bullet)\n" }
        }
        leadingSections.forEach(add)
        if let wrong = shownWrong { output += "\n\(Self.exampleTitle):\n" + Self.indent(wrong) + "\n" }
        if let right = shownRight { output += "\n\(right.label):\n" + Self.indent(right.code) + "\n" }
        trailingSections.forEach(add)
        if !rule.options.isEmpty {
            output += "\nOptions:\n" + rule.options.map { "    \($0.name) (default \($0.defaultValue)): \($0.summary)" }.joined(separator: "\n") + "\n"
        }
        return output
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}

// MARK: - Hover (Markdown or plain text)

extension RuleExplanation {
    /// The server's hover over a finding: the diagnostic's message, "Why it matters", the
    /// requirements, the fixes `withheld` at this code (no code action is offered for them)
    /// with why, one example pair, and a link to the rest (the docs page).
    public func hoverMarkdown(message: String, withheld: [WithheldFix] = [], documentationURL: String) -> String {
        hover(message: message, withheld: withheld, documentationURL: documentationURL, markdown: true)
    }

    /// The same hover for a client that does not take Markdown (its `contentFormat` has no
    /// "markdown"): no emphasis, no fences (they would show raw), code indented as in `explain`.
    public func hoverPlainText(message: String, withheld: [WithheldFix] = [], documentationURL: String) -> String {
        hover(message: message, withheld: withheld, documentationURL: documentationURL, markdown: false)
    }

    private func hover(message: String, withheld: [WithheldFix], documentationURL: String, markdown: Bool) -> String {
        func code(_ text: String) -> String { markdown ? Self.swiftBlock(text) : Self.indent(text) }
        var text = markdown ? "**\(Product.name) `\(rule.id)`** — \(message)" : "\(Product.name) \(rule.id) — \(message)"
        text += "\n\n\(rule.rationale)"
        if !requirements.isEmpty { text += "\n\n" + requirements.joined(separator: " ") }
        for fix in withheld { text += "\n\nFix not offered: \(fix.title) \(fix.reason)." }
        if let wrong = shownWrong { text += "\n\n\(Self.exampleTitle):\n" + code(wrong) }
        if let right = shownRight { text += "\n\n\(right.label):\n" + code(right.code) }
        text += markdown ? "\n\n[Documentation](\(documentationURL))" : "\n\nDocumentation: \(documentationURL)"
        return text
    }
}
