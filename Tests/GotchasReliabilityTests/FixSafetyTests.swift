import Foundation
import GotchasCore
import GotchasCorpus
import GotchasRules
import Testing

/// Fix-all over every rule's examples, Examples/ and the synthetic corpus: the result
/// parses no worse, re-linting finds none of the fixed problems still fixable, a second
/// fix-all changes nothing, and line endings and indentation survive.
@Suite struct FixSafetyTests {
    static let linter = RuleCatalog.linter

    /// Problems with one file's fix-all (empty when it is safe).
    static func fixAllProblems(_ text: String, _ name: String) -> [String] {
        let document = SourceDocument(path: "Fix.swift", text: text)
        let fixAll = FixAll(linter: linter, configuration: allRulesConfiguration)
        let before = ParsedFile(document: document).syntaxErrorCount
        let first = fixAll.apply(to: document)
        guard first.changed else { return [] }
        var problems: [String] = []
        let fixedDocument = SourceDocument(path: "Fix.swift", bytes: first.bytes)
        let after = ParsedFile(document: fixedDocument).syntaxErrorCount
        if after > before { problems.append("\(name): fix-all added syntax errors (\(before) → \(after))") }
        let fixedRules = Set(first.applied.map(\.ruleID))
        let stillFixable = linter.lint(fixedDocument, configuration: allRulesConfiguration).diagnostics
            .filter { $0.safeFix != nil && fixedRules.contains($0.ruleID) }
        if !stillFixable.isEmpty && first.applied.count < FixAll.maximumRounds * 1_000 {
            // Up to maximumRounds rounds; a fixpoint means nothing safe is left of the fixed rules.
            problems.append("\(name): still fixable after fix-all: \(stillFixable.map { "\($0.ruleID) \($0.range)" })")
        }
        let second = fixAll.apply(to: fixedDocument)
        if second.changed { problems.append("\(name): fix-all is not idempotent (second run applied \(second.applied.map(\.ruleID)))") }
        return problems
    }

    @Test func ruleExamples() async {
        let start = ContinuousClock.now
        let examples = SeedSources.ruleExamples
        for (name, text) in examples {
            for problem in await offPool({ Self.fixAllProblems(text, name) }) { Issue.record("\(problem)\n\(text)") }
        }
        Fuzz.report("fixSafety.ruleExamples", cases: examples.count, since: start)
    }

    @Test func examplesTree() async {
        let start = ContinuousClock.now
        #expect(!SeedSources.examples.isEmpty, "Examples/ not found at \(SeedSources.examplesRoot)")
        for (path, text) in SeedSources.examples {
            for problem in await offPool({ Self.fixAllProblems(text, path) }) { Issue.record(Comment(rawValue: problem)) }
        }
        Fuzz.report("fixSafety.examples", cases: SeedSources.examples.count, since: start)
    }

    /// A slice of the synthetic corpus in CI; all 200k lines in the long mode.
    @Test func syntheticCorpus() async {
        let start = ContinuousClock.now
        let files = SyntheticCorpus().files(targetLines: Fuzz.isLong ? 200_000 : 6_000)
        var fixedFiles = 0
        for file in files {
            let problems = await offPool { Self.fixAllProblems(file.text, file.path) }
            for problem in problems { Issue.record(Comment(rawValue: problem)) }
            fixedFiles += 1
        }
        Fuzz.report("fixSafety.corpus", cases: fixedFiles, since: start)
    }

    /// Converted to CRLF and to tab indentation, a file fixes to the same result
    /// converted the same way: no LF slips into a CRLF file, no spaces into a tab one.
    @Test(arguments: ["crlf", "tabs", "crlf+tabs"])
    func lineEndingsAndIndentationSurvive(_ style: String) async throws {
        let files = SyntheticCorpus(seed: 21).files(targetLines: 3_000).map(\.text) + SeedSources.examples.map(\.text)
        var fixedAny = false
        for original in files {
            var converted = original
            if style.contains("tabs") {
                converted = converted.components(separatedBy: "\n").map { (line: String) -> String in
                    let spaces = line.prefix { $0 == " " }.count
                    return String(repeating: "\t", count: spaces / 4) + String(repeating: " ", count: spaces % 4) + line.dropFirst(spaces)
                }.joined(separator: "\n")
            }
            if style.contains("crlf") { converted = converted.replacingOccurrences(of: "\n", with: "\r\n") }
            let input = converted
            let outcome = await offPool {
                FixAll(linter: Self.linter, configuration: allRulesConfiguration).apply(to: SourceDocument(path: "Style.swift", text: input))
            }
            guard outcome.changed else { continue }
            fixedAny = true
            let fixed = String(decoding: outcome.bytes, as: UTF8.self)
            if style.contains("crlf") {
                let bareLF = fixed.utf8.enumerated().filter { $0.element == 0x0A }.filter { index, _ in
                    index == 0 || outcome.bytes[index - 1] != 0x0D
                }
                #expect(bareLF.isEmpty, "fix-all put \(bareLF.count) bare LF into a CRLF file")
            }
            if style.contains("tabs") {
                let lines = fixed.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
                let spaceIndented = lines.filter { $0.hasPrefix("    ") }
                #expect(spaceIndented.isEmpty, "fix-all indented with spaces in a tab file: \(spaceIndented.prefix(3))")
            }
        }
        #expect(fixedAny, "no fix applied: the check proved nothing")
    }
}
