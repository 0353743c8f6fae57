/// What there is to say about a rule, taken once from its description: markers stripped
/// from the code, notes joined with the deployment targets an example is linted with, the
/// requirement sentences, the representative wrong and right code. Thin renderers lay it
/// out: `plainText` (`swiftui-gotchas explain`), `hoverMarkdown`/`hoverPlainText` (the
/// server's hover, by the client's `contentFormat`) and `RuleDocumentation.page`
/// (`docs/rules/<ID>.md`).
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

    /// The code `explain` and hover set against the wrong code, and its label: the first
    /// correction's result, labeled with how the fix is applied, else a near miss labeled
    /// "Not flagged" (code the rule leaves alone is not necessarily recommended code: a
    /// UIKit `DispatchQueue.main.async` is not flagged, and not advice).
    public var shownRight: (label: String, code: String)? {
        if let correction = corrections.first {
            return ("Right (\(correction.applicability == .safe ? "applied by --fix" : "offered as an unsafe fix"))", correction.after)
        }
        return representativeNotFlagged.map { ("Not flagged", $0.code) }
    }
}

// MARK: - Plain text (`explain`)

extension RuleExplanation {
    /// The header, summary, why, requirements, wrong and right code (the first correction's
    /// result, else a near miss) and options, code indented four spaces.
    public var plainText: String {
        var output = "\(rule.id)  (\(rule.category.rawValue); \(rule.defaultSeverity.rawValue)\(rule.isOptIn ? ", opt-in" : ""); seed \(rule.seed))\n\n"
        output += rule.summary + "\n\nWhy:\n" + Self.indent(rule.rationale) + "\n"
        if !requirements.isEmpty { output += "\n" + requirements.joined(separator: "\n") + "\n" }
        if let wrong = representativeFlagged { output += "\nWrong:\n" + Self.indent(wrong.code) + "\n" }
        if let right = shownRight { output += "\n\(right.label):\n" + Self.indent(right.code) + "\n" }
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
    /// The server's hover over a finding: the diagnostic's message, why, requirements, the
    /// fixes `withheld` at this code (no code action is offered for them) with why, wrong and
    /// right code (the first correction, else the representative examples), and a link.
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
        if let wrong = corrections.first?.before ?? representativeFlagged?.code { text += "\n\nWrong:\n" + code(wrong) }
        if let right = shownRight { text += "\n\n\(right.label):\n" + code(right.code) }
        text += markdown ? "\n\n[Documentation](\(documentationURL))" : "\n\nDocumentation: \(documentationURL)"
        return text
    }
}
