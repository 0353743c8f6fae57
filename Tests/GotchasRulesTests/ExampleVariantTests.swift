import Foundation
import GotchasCore
import GotchasRules
import Testing

/// Variants of every triggering example, generated here rather than written by hand in each
/// rule (as SwiftLint's `Example` does): the same code commented out, inside a string, after
/// multi-byte text, and under a `disable-next-line` for the rule. A rule that matches text
/// rather than syntax, or reports at a position computed in characters instead of bytes,
/// fails one of these.
@Suite struct ExampleVariantTests {
    static let ids = RuleCatalog.all.map { $0.description.id }

    @Test(arguments: ids)
    func commentedOutExamplesAreSilent(id: String) throws {
        for example in try triggering(id) {
            let code = example.strippedWithMarkers.code
            let commented = code.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")
            let diagnostics = RuleHarness.lint(commented, only: id, otherFiles: example.otherFiles, platforms: example.platforms)
            #expect(diagnostics.isEmpty, "\(id) flagged commented-out code: \(diagnostics.map(\.message))",
                    sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: ids)
    func examplesInsideAStringAreSilent(id: String) throws {
        for example in try triggering(id) {
            let code = example.strippedWithMarkers.code
            // A raw multi-line string: the code's quotes and backslashes stay text.
            guard !code.contains("\"\"\"#") else { continue }
            let quoted = "let source = #\"\"\"\n\(code)\n\"\"\"#\n"
            let diagnostics = RuleHarness.lint(quoted, only: id, otherFiles: example.otherFiles, platforms: example.platforms)
            #expect(diagnostics.isEmpty, "\(id) flagged code inside a string literal: \(diagnostics.map(\.message))",
                    sourceLocation: example.sourceLocation)
        }
    }

    /// Positions are UTF-8 byte offsets: after a prefix of multi-byte characters (on its own
    /// line and before the code on the first line), every finding moves by the prefix's bytes.
    @Test(arguments: ids)
    func findingsMoveByTheBytesOfAMultiByteprefix(id: String) throws {
        for example in try triggering(id) {
            let (code, offsets) = example.strippedWithMarkers
            let prefix = "// 🌱 café 日本語 — ok\n/* ✓ */ "
            let diagnostics = RuleHarness.lint(prefix + code, only: id, otherFiles: example.otherFiles, platforms: example.platforms)
            let shift = prefix.utf8.count
            #expect(diagnostics.map { $0.range.lowerBound - shift } == offsets,
                    "\(id): after a multi-byte prefix, expected findings at \(offsets.map { $0 + shift }), got \(diagnostics.map(\.range))",
                    sourceLocation: example.sourceLocation)
        }
    }

    /// `// swiftui-gotchas:disable-next-line ID` above each flagged line silences exactly it.
    @Test(arguments: ids)
    func disableNextLineAboveEachFindingSilencesIt(id: String) throws {
        for example in try triggering(id) {
            let (code, offsets) = example.strippedWithMarkers
            guard !code.contains("\"\"\"") else { continue }  // a comment line inside a string literal is text
            let document = SourceDocument(path: "Example.swift", text: code)
            let flaggedLines = Set(offsets.map { document.lines.line(containing: $0) })
            var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in flaggedLines.sorted(by: >) {
                let indentation = lines[line].prefix { $0 == " " || $0 == "\t" }
                lines.insert("\(indentation)// swiftui-gotchas:disable-next-line \(id)", at: line)
            }
            let suppressed = lines.joined(separator: "\n")
            let diagnostics = RuleHarness.lint(suppressed, only: id, otherFiles: example.otherFiles, platforms: example.platforms)
            #expect(diagnostics.isEmpty, "\(id) still flagged under disable-next-line: \(diagnostics.map(\.message)) in:\n\(suppressed)",
                    sourceLocation: example.sourceLocation)
        }
    }

    private func triggering(_ id: String) throws -> [RuleExample] {
        try #require(RuleCatalog.linter.rule(withID: id)).description.triggering
    }
}

/// The rule list is complete: every rule file in `Sources/GotchasRules` is in `RuleCatalog`
/// (a rule missing from it would silently never run nor be tested), and, where the product
/// catalog is checked out next to the repository, the IDs are exactly its IDs.
@Suite struct RuleListTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyRuleFileIsInTheCatalog() throws {
        // Rules live in one folder per catalog section (`State/`, `Widgets/`, …).
        let directory = Self.repository.appendingPathComponent("Sources/GotchasRules")
        let files = try #require(FileManager.default.subpaths(atPath: directory.path)).filter { $0.hasSuffix("Rule.swift") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasSuffix("Rule.swift") },
                "a rule file outside the catalog-section folders")
        #expect(files.count > 50, "found only \(files.count) rule files in \(directory.path)")
        var declared: Set<String> = []
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            // The description's `id: "…"` is the first such argument in a rule file.
            guard let range = text.range(of: #"id: ""#) else {
                Issue.record("\(file) declares no `id:`")
                continue
            }
            let rest = text[range.upperBound...]
            declared.insert(String(rest.prefix { $0 != "\"" }))
        }
        let listed = Set(RuleCatalog.all.map { $0.description.id })
        #expect(declared.subtracting(listed).isEmpty, "rule files missing from RuleCatalog.all: \(declared.subtracting(listed).sorted())")
        #expect(listed.subtracting(declared).isEmpty, "RuleCatalog IDs without a rule file: \(listed.subtracting(declared).sorted())")
        #expect(listed.count == RuleCatalog.all.count, "RuleCatalog.all lists a rule twice")
    }

    /// `../shared/catalog.md` is the spec's copy of the public IDs (rows start with "| `id`").
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.catalogPath)))
    func idsAreTheProductCatalogs() throws {
        let text = try String(contentsOfFile: Self.catalogPath, encoding: .utf8)
        var catalogIDs: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let id = line.dropFirst(3).prefix { $0 != "`" }
            if id.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }), id.contains("-") || id.count > 3 { catalogIDs.insert(String(id)) }
        }
        let listed = Set(RuleCatalog.all.map { $0.description.id })
        #expect(listed.subtracting(catalogIDs).isEmpty, "rules not in the catalog: \(listed.subtracting(catalogIDs).sorted())")
        #expect(catalogIDs.subtracting(listed).isEmpty, "catalog rows without a rule: \(catalogIDs.subtracting(listed).sorted())")
    }

    static var catalogPath: String { repository.deletingLastPathComponent().appendingPathComponent("shared/catalog.md").path }
}

extension RuleExample {
    /// Where the example is written, for a failure to point at (the test's own line for a
    /// bare string literal).
    var sourceLocation: SourceLocation {
        guard let filePath, let line else { return SourceLocation(fileID: "GotchasRulesTests/ExampleVariantTests.swift", filePath: #filePath, line: #line, column: 1) }
        let name = URL(fileURLWithPath: filePath).lastPathComponent
        return SourceLocation(fileID: "GotchasRules/\(name)", filePath: filePath, line: line, column: 1)
    }
}
