import Foundation
import GotchasCLI
import GotchasRules
import Testing

/// `docs/rules/` is generated from the rules; this fails when it is out of date.
@Suite struct GeneratedDocsTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/rules").path

    @Test func docsRulesMatchTheRules() throws {
        let expected = GenerateDocsCommand.pages(for: RuleCatalog.linter.descriptions)
        let hint = "run `swift run swiftui-gotchas generate-docs docs/rules`"
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            let committed = try? String(contentsOfFile: Self.directory + "/" + name, encoding: .utf8)
            #expect(committed == text, "docs/rules/\(name) is out of date: \(hint)")
        }
        let present = Set((try? FileManager.default.contentsOfDirectory(atPath: Self.directory)) ?? [])
        #expect(present.subtracting(expected.keys).sorted() == [], "stale pages in docs/rules: \(hint)")
    }
}
