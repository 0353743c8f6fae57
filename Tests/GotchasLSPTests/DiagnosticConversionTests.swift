import GotchasCore
import GotchasRules
import ServerTestSupport
import Testing
@testable import GotchasLSP

@Suite struct DiagnosticConversionTests {
    func snapshot(relatedInformation: Bool) -> DocumentSnapshot {
        var capabilities = ClientCapabilities()
        capabilities.offered.diagnosticRelatedInformation = relatedInformation
        let resolved = ConfigurationStore.Resolved(rules: RuleConfiguration(severities: [:]),
                                                   docsBaseURL: "https://example.com/docs/", includesFile: true)
        return DocumentSnapshot(uri: "file:///d.swift", version: 4, document: SourceDocument(path: "/d.swift", text: "let a = 1\nlet b = 2\n"),
                                configuration: resolved, capabilities: capabilities, linter: RuleCatalog.linter, cachedLint: nil)
    }

    let diagnostic = Diagnostic(ruleID: "some-rule", severity: .hint, message: "m", range: 4..<4, tags: [.unnecessary],
                                related: [RelatedLocation(path: "/d.swift", range: 14..<15, message: "declared here")])

    @Test func relatedInformationOnlyWhenSupported() {
        let with = snapshot(relatedInformation: true).lspDiagnostic(diagnostic)
        #expect(with["relatedInformation"] == [["location": ["uri": "file:///d.swift", "range": range(1, 4, 1, 5)], "message": "declared here"]])
        #expect(snapshot(relatedInformation: false).lspDiagnostic(diagnostic)["relatedInformation"] == nil)
    }

    @Test func severityTagsLinkAndNonEmptyRange() {
        let json = snapshot(relatedInformation: false).lspDiagnostic(diagnostic)
        #expect(json["severity"] == 4)
        #expect(json["tags"] == [1])
        #expect(json["codeDescription", "href"] == "https://example.com/docs/some-rule.md")
        #expect(json["range"] == range(0, 4, 0, 5))  // widened from an empty range
        #expect(json["data", "version"] == 4)
    }
}
