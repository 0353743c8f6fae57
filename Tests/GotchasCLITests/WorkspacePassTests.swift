import Foundation
@testable import GotchasCLI
import GotchasCore
import GotchasCorpus
import GotchasRules
import Testing

/// `lint` runs each file once without the workspace and re-runs only the rules whose
/// workspace questions the finished index answers differently. Its results must be
/// exactly those of linting every file with the finished index — the definition the
/// language server follows — whether trees were kept, parsed again, or cached.
@Suite struct WorkspacePassTests {
    /// Cross-file cases for workspace rules and for rules that only sometimes ask
    /// (a `View` conformance in another file's extension), project settings, and two
    /// files with identical text at different paths.
    static let crossFile: [String: String] = [
        "Package.swift": "// swift-tools-version:6.2\nlet package = Package(name: \"A\", targets: [.target(name: \"A\", swiftSettings: [.defaultIsolation(MainActor.self)])])\n",
        "Models/Cart.swift": "final class Cart {\n    var items: [Int] = []\n}\n",
        "Models/Keys.swift": "struct Weight: LayoutValueKey {\n    static let defaultValue = 1.0\n}\n",
        "Views/CartView.swift": "struct CartView: View {\n    @State private var cart = Cart()\n    var body: some View { Text(\"\") }\n}\n",
        "Views/Badge.swift": "struct Badge {\n    func label() -> some View { Text(\"x\") }\n}\n",
        "Views/Badge+View.swift": "extension Badge: View {\n    var body: some View { label() }\n}\n",
        "Views/Settings.swift": "struct SettingsView: View {\n    @EnvironmentObject var store: Store\n    var body: some View { Text(\"\") }\n}\n",
        "App/Root.swift": "struct Root: View {\n    @State private var store = Store()\n    var body: some View { SettingsView().environment(store) }\n}\n",
        "Models/Store.swift": "@Observable final class Store {}\n",
        "Copies/One.swift": "struct Twin: View {\n    @State private var cart = Cart()\n    var body: some View { Text(\"\") }\n}\n",
        "Copies/Two.swift": "struct Twin: View {\n    @State private var cart = Cart()\n    var body: some View { Text(\"\") }\n}\n",
    ]

    /// Reach: a row calls a helper that builds a formatter, a card uses a static screen alias.
    static let reach: [String: String] = [
        "Helpers/Dates.swift": "func relativeTime(_ d: Date) -> String {\n    RelativeDateTimeFormatter().localizedString(for: d, relativeTo: .now)\n}\n",
        "Helpers/Screen.swift": "extension CGFloat {\n    static let screenW = UIScreen.main.bounds.width\n}\n",
        "Views/Row.swift": "struct Row: View {\n    let d: Date\n    var body: some View { Text(relativeTime(d)).frame(width: .screenW) }\n}\n",
    ]

    static func inputs(in root: String, configuration: RuleConfiguration) -> [WorkspaceLintPipeline.Input] {
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".swift"), !relative.hasSuffix("Package.swift") { paths.append(root + "/" + relative) }
        }
        return paths.sorted().compactMap { path in
            FileManager.default.contents(atPath: path).map { .init(document: SourceDocument(path: path, bytes: Array($0)), configuration: configuration) }
        }
    }

    /// What the server would publish: every file linted with every file's index.
    static func expected(_ inputs: [WorkspaceLintPipeline.Input], settings: [(path: String, text: String)]) -> [[Diagnostic]] {
        let linter = RuleCatalog.linter
        var workspace = WorkspaceIndex(files: inputs.map { linter.lint($0.document!, configuration: $0.configuration).fileIndex })
        for (path, text) in settings { workspace.updateSettings(path: path, text: text) }
        return inputs.map { linter.lint($0.document!, configuration: $0.configuration, workspace: workspace).diagnostics }
    }

    static func summary(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.ruleID) \($0.range) \($0.severity) \($0.message) \($0.related.map { "\($0.path)\($0.range)" })" }
    }

    /// "Does any code build this view?" (a warning in code nothing runs is info) is decided again from
    /// values: the second pass parses no file for it, and gives the finished index's answer both ways.
    @Test func loweringInCodeNothingRunsIsDecidedWithoutParsingAgain() throws {
        let counter = "struct Counter: View {\n    @State private var count = 0\n    @State private var dim = false\n"
            + "    var body: some View { Text(\"\\(count)\").opacity(dim ? 0.5 : 1).animation(.easeIn) }\n}\n"
        for (builder, severity) in [("struct Root {}\n", Severity.info), ("struct Root: View {\n    var body: some View { Counter() }\n}\n", .warning)] {
            let tree = try TemporaryTree(["Views/Counter.swift": counter, "Views/Root.swift": builder])
            let linter = RuleCatalog.linter
            let configuration = RuleConfiguration.resolve(rules: linter.descriptions, file: nil, selection: RuleSelection(allRules: false))
            let inputs = Self.inputs(in: tree.root, configuration: configuration)
            let expected = Self.expected(inputs, settings: [])
            #expect(expected.joined().filter { $0.ruleID == "animation-without-value" }.map(\.severity) == [severity])
            let output = WorkspaceLintPipeline(linter: linter, cache: nil, workers: 1, settings: []).lint(inputs)
            #expect(output.rerunFiles == 0 && output.redecidedFiles == 1, "\(output.rerunFiles) re-run, \(output.redecidedFiles) re-decided")
            #expect(output.files.map { Self.summary($0.diagnostics) } == expected.map(Self.summary))
        }
    }

    @Test func matchesLintingEveryFileWithTheFinishedIndex() throws {
        let tree = try TemporaryTree(Self.crossFile.merging(Self.reach) { a, _ in a })
        try FileManager.default.copyItem(atPath: ExamplesTests.examples, toPath: tree.path("Examples"))
        // The model's cross-file scenarios, each in its own folder (their type names repeat).
        for (number, scenario) in WorkspaceModelScenario.all.enumerated() {
            for (relative, text) in scenario.files where relative.hasSuffix(".swift") && !relative.hasSuffix("Package.swift") {
                let path = tree.path("Scenarios/\(number)/" + relative)
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
        for file in SyntheticCorpus().files(targetLines: 3_000) {
            let path = tree.path("Synthetic/" + file.path)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let linter = RuleCatalog.linter
        let configuration = RuleConfiguration.resolve(rules: linter.descriptions, file: nil, selection: RuleSelection(allRules: true))
        let inputs = Self.inputs(in: tree.root, configuration: configuration)
        let settings = [(path: tree.path("Package.swift"), text: tree.read("Package.swift"))]
        let expected = Self.expected(inputs, settings: settings).map(Self.summary)
        let crossFileRules = Set(expected.joined().map { String($0.split(separator: " ")[0]) })
        #expect(crossFileRules.isSuperset(of: ["state-non-observable-class", "nonisolated-default-value", "environment-object-mismatch",
                                              "formatter-in-body", "uiscreen-bounds"]),
                "the corpus exercises cross-file rules and settings")

        let cache = ResultCache(directory: tree.path("cache"))
        for (label, run) in [
            ("uncached, one worker", WorkspaceLintPipeline(linter: linter, cache: nil, workers: 1, settings: settings)),
            ("uncached, no tree kept", WorkspaceLintPipeline(linter: linter, cache: nil, workers: 2, settings: settings, retainedSourceBudget: 0)),
            ("cold cache", WorkspaceLintPipeline(linter: linter, cache: cache, workers: 2, settings: settings)),
            ("warm cache", WorkspaceLintPipeline(linter: linter, cache: cache, workers: 2, settings: settings)),
        ] {
            let output = run.lint(inputs)
            let reports = output.files
            #expect(reports.map(\.path) == inputs.map(\.path))
            if !label.contains("cache") {
                // Both ways of the second pass ran: rules again on a tree, late decisions alone.
                #expect(output.rerunFiles > 0 && output.redecidedFiles > 0, "\(label): \(output.rerunFiles) re-run, \(output.redecidedFiles) re-decided")
            }
            for (report, wanted) in zip(reports, expected) {
                #expect(Self.summary(report.diagnostics) == wanted, "\(label): \(report.path)")
            }
        }
    }
}
