import GotchasCore

/// `textDocument/hover` over a flagged range: the rule ID, why it matters (the rule's
/// rationale) and wrong/right code from its examples, as Markdown.
enum HoverHandler: DocumentRequestHandler {
    static let method = LSPMethod.hover
    typealias Params = HoverParams

    static func run(_ params: HoverParams, snapshot: DocumentSnapshot) -> Result<JSON, ResponseError> {
        let offset = snapshot.converter.offset(params.position, in: snapshot.document).offset
        let hits = snapshot.lint().diagnostics.filter { $0.range.contains(offset) || ($0.range.isEmpty && $0.range.lowerBound == offset) }
        guard let first = hits.first else { return .success(.null) }
        var seen: Set<String> = []
        let sections = hits.filter { seen.insert($0.ruleID).inserted }.compactMap { diagnostic -> String? in
            guard let rule = snapshot.linter.rule(withID: diagnostic.ruleID) else { return nil }
            return HoverText.markdown(for: rule.description, message: diagnostic.message,
                                      withheld: diagnostic.withheldFixes,
                                      url: snapshot.documentationURL(for: diagnostic.ruleID))
        }
        let range = hits.dropFirst().reduce(first.range) { min($0.lowerBound, $1.range.lowerBound)..<max($0.upperBound, $1.range.upperBound) }
        return .success([
            "contents": ["kind": .string(snapshot.capabilities.markdownHover ? "markdown" : "plaintext"),
                         "value": .string(sections.joined(separator: "\n\n---\n\n"))],
            "range": snapshot.converter.visibleRange(range, in: snapshot.document),
        ])
    }
}

enum HoverText {
    /// `withheld`: the fixes this code cannot use (no code action is offered for them), with why.
    static func markdown(for rule: RuleDescription, message: String, withheld: [WithheldFix] = [], url: String) -> String {
        var text = "**swiftui-gotchas `\(rule.id)`** — \(message)\n\n\(rule.rationale)"
        if !rule.requirementLines.isEmpty { text += "\n\n" + rule.requirementLines.map { "\($0)." }.joined(separator: " ") }
        for fix in withheld { text += "\n\nFix not offered: \(fix.title) \(fix.reason)." }
        let wrong: String?
        let right: String?
        if let correction = rule.corrections.first {
            wrong = correction.before
            right = correction.after
        } else {
            wrong = rule.representativeTriggering?.strippedWithMarkers.code
            right = rule.representativeNonTriggering?.code
        }
        if let wrong { text += "\n\nWrong:\n```swift\n\(wrong)\n```" }
        if let right { text += "\n\nRight:\n```swift\n\(right)\n```" }
        text += "\n\n[Documentation](\(url))"
        return text
    }
}
