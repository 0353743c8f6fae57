import GotchasCore

/// `textDocument/hover` over a flagged range: the rule ID, why it matters (the rule's
/// rationale) and wrong/right code from its examples, as Markdown when the client's
/// `contentFormat` takes it, else as plain text (Eglot without markdown shows fences raw).
enum HoverHandler: DocumentRequestHandler {
    static let method = LSPMethod.hover
    typealias Params = HoverParams
    typealias Result = HoverResult?

    static func run(_ params: HoverParams, snapshot: DocumentSnapshot) -> Answer<HoverResult?> {
        let offset = snapshot.converter.offset(params.position, in: snapshot.document).offset
        let hits = snapshot.lint().diagnostics.filter { $0.range.contains(offset) || ($0.range.isEmpty && $0.range.lowerBound == offset) }
        guard let first = hits.first else { return .success(nil) }
        let markdown = snapshot.capabilities.markdownHover
        var seen: Set<String> = []
        let sections = hits.filter { seen.insert($0.ruleID).inserted }.compactMap { diagnostic -> String? in
            guard let rule = snapshot.linter.rule(withID: diagnostic.ruleID) else { return nil }
            let explanation = RuleExplanation(rule.description)
            let url = snapshot.documentationURL(for: diagnostic.ruleID)
            return markdown ? explanation.hoverMarkdown(message: diagnostic.message, withheld: diagnostic.withheldFixes, documentationURL: url)
                : explanation.hoverPlainText(message: diagnostic.message, withheld: diagnostic.withheldFixes, documentationURL: url)
        }
        let range = hits.dropFirst().reduce(first.range) { min($0.lowerBound, $1.range.lowerBound)..<max($0.upperBound, $1.range.upperBound) }
        return .success(HoverResult(markdown: markdown, value: sections.joined(separator: "\n\n---\n\n"),
                                    range: snapshot.converter.visibleRange(range, in: snapshot.document)))
    }
}
