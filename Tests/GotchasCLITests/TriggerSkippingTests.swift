import Foundation
import GotchasCLI
import GotchasCore
import GotchasCorpus
import GotchasRules
import Testing

/// Rules skip files that lack their trigger text, and the pipeline reuses cached
/// and first-pass work: none of it may change a single result.
@Suite struct ResultsDoNotDependOnShortcutsTests {
    static func corpus() -> [SourceDocument] {
        var documents = SyntheticCorpus().files(targetLines: 6_000).map { SourceDocument(path: $0.path, text: $0.text) }
        let enumerator = FileManager.default.enumerator(atPath: ExamplesTests.examples)
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".swift"), let data = FileManager.default.contents(atPath: ExamplesTests.examples + "/" + relative) {
                documents.append(SourceDocument(path: relative, bytes: Array(data)))
            }
        }
        return documents
    }

    @Test func skippingUntriggeredRulesAndUncalledCalleesGivesIdenticalDiagnostics() {
        let skipping = RuleCatalog.linter
        var exhaustive = RuleCatalog.linter
        exhaustive.skipsUntriggeredRules = false
        exhaustive.filtersCallsByCallee = false
        let configuration = RuleConfiguration.resolve(rules: skipping.descriptions, file: nil, selection: RuleSelection(allRules: true))
        var compared = 0
        for document in Self.corpus() {
            let a = skipping.lint(document, configuration: configuration).diagnostics
            let b = exhaustive.lint(document, configuration: configuration).diagnostics
            #expect(a.map(\.ruleID) == b.map(\.ruleID) && a.map(\.range) == b.map(\.range) && a.map(\.message) == b.map(\.message),
                    "\(document.path) differs with trigger skipping")
            compared += a.count
        }
        #expect(compared > 50, "the corpus should produce diagnostics to compare")
    }

    @Test func cachedWarmAndEditedRunsMatchUncachedRuns() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("examples-cache-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: ExamplesTests.examples, toPath: copy)
        let environment = ["XDG_CACHE_HOME": copy + "/.cache-home"]
        func run(_ extra: [String]) -> String {
            let captured = CapturedIO(environment: environment)
            _ = captured.lint([copy, "--format", "json", "--all-rules"] + extra)
            return captured.output
        }
        let uncached = run(["--no-cache"])
        #expect(uncached.contains("environment-object-mismatch"), "a cross-file rule fires in Examples/")
        #expect(run([]) == uncached, "cold run with cache")
        #expect(run([]) == uncached, "warm run")
        // Change a declaration another file's diagnostic depends on, then compare again.
        let store = copy + "/GotchaGarden/Models/GardenStore.swift"
        let text = try String(contentsOfFile: store, encoding: .utf8)
        try text.replacingOccurrences(of: "final class GardenStore: ObservableObject", with: "@Observable final class GardenStore")
            .write(toFile: store, atomically: true, encoding: .utf8)
        let editedUncached = run(["--no-cache"])
        #expect(editedUncached != uncached, "the edit should change some diagnostic")
        #expect(run([]) == editedUncached, "cached run after an edit")
    }
}
