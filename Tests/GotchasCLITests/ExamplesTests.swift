import Foundation
import GotchasCLI
import GotchasCore
import GotchasRules
import Testing

/// The shipped `Examples/` app: every non-opt-in rule fires there, and `--fix`
/// leaves files that parse and have nothing safe-fixable left.
@Suite struct ExamplesTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples").path

    @Test func everyDefaultRuleFiresOnTheExamples() {
        let captured = CapturedIO()
        _ = captured.lint([Self.examples, "--format", "json"])
        let fired = Set(RuleCatalog.linter.descriptions.map(\.id).filter { captured.output.contains("\"rule\":\"\($0)\"") })
        let expected = Set(RuleCatalog.linter.descriptions.filter { !$0.isOptIn }.map(\.id))
        #expect(expected.subtracting(fired).sorted() == [], "rules with no hit in Examples/")
    }

    @Test func fixThenLintLeavesNothingFixableAndEveryFileParses() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: Self.examples, toPath: copy)
        #expect(CapturedIO().lint([copy, "--fix", "--quiet"]) != 2)
        let after = CapturedIO()
        _ = after.lint([copy])
        #expect(!after.output.contains("(fixable)"), "safe-fixable diagnostics left after --fix:\n\(after.output)")
        let enumerator = FileManager.default.enumerator(atPath: copy)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let fixed = try Data(contentsOf: URL(fileURLWithPath: copy + "/" + relative))
            let original = try Data(contentsOf: URL(fileURLWithPath: Self.examples + "/" + relative))
            let fixedErrors = ParsedFile(document: SourceDocument(path: relative, bytes: Array(fixed))).syntaxErrorCount
            let originalErrors = ParsedFile(document: SourceDocument(path: relative, bytes: Array(original))).syntaxErrorCount
            #expect(fixedErrors <= originalErrors, "\(relative) gained syntax errors")
        }
    }
}
