import Foundation
import GotchasCore
import GotchasCorpus
@testable import GotchasLSP
import GotchasRules
import ServerTestSupport
import Testing

/// Edits that arrive before and while the workspace indexes: the open document is linted with
/// what the index knows so far (its lints never wait for the walk; the walk waits for them), and once indexing ended an
/// edit's published diagnostics are those of `lint` — a fresh lint of the final text with the
/// index of every file — although its lint took over items linted while the index was partial.
@Suite struct IndexingEditStormTests {
    @Test(arguments: ["views drawn as menus", "formatter properties body does or does not reach", "hosted cells with and without state"])
    func anEditStormDuringIndexingEndsAsAFreshLint(_ name: String) async throws {
        let scenario = try #require(WorkspaceModelScenario.all.first { $0.name == name })
        let folder = TemporaryDirectory()
        var texts = scenario.files
        // App-shaped padding, so the walk is still running while the edits arrive.
        for file in SyntheticCorpus().appTree(files: 80) { texts["Padding/" + file.path] = file.text }
        for (path, text) in texts { _ = folder.write(path, text) }
        let edited = try #require(scenario.expected.first?.path ?? scenario.files.keys.sorted().first)
        let original = try #require(scenario.files[edited])
        let uri = folder.uri(edited)

        let client = TestClient(options: ServerOptions().waitingForProgressAnswers())
        _ = try await client.initialize(capabilities: ["window": ["workDoneProgress": true],
                                                       "general": ["positionEncodings": ["utf-16"]]], folders: [folder.path])
        // The walk waits for the client's answer to its progress token: the first edits land before it starts.
        let create = try await client.next("workDoneProgress/create") { $0["method"] == "window/workDoneProgress/create" }
        await client.open(uri, original)
        _ = try await client.publishedDiagnostics(for: uri, version: 1)
        var random = TestRandom(seed: UInt64(name.utf8.count))
        var document = SourceDocument(path: "/edited.swift", text: original)
        var version = 1
        func storm(_ count: Int) async throws {
            for _ in 0..<count {
                let change = IncrementalLintTests.randomChange(in: document, &random)
                var scratch = DocumentStore()
                scratch.open(uri: uri, version: 0, text: document.text)
                _ = try scratch.change(uri: uri, version: 1, changes: [try TextDocumentContentChange(json: change)], encoding: .utf16)
                document = try #require(scratch[uri]).document
                version += 1
                await client.change(uri, version: version, [change])
            }
        }
        try await storm(15)
        await client.answer(create, result: .null)
        try await storm(40)
        // Back to the original text (a whole replacement), then indexing ends.
        version += 1
        await client.change(uri, version: version, [["text": .string(original)]])
        try await client.indexed()
        // An edit after indexing: its lint takes over the items its predecessors linted.
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let appended = "// edited after indexing\n"
        version += 1
        await client.change(uri, version: version, [["range": ["start": ["line": .int(lines), "character": 0],
                                                               "end": ["line": .int(lines), "character": 0]],
                                                     "text": .string(appended)]])
        let published = try await client.publishedDiagnostics(for: uri, version: version)

        // `lint`'s answer: every file's index (the edited one with its final text), then the file linted with it.
        let linter = RuleCatalog.linter
        let configuration = RuleConfiguration.resolve(rules: linter.descriptions, file: nil, selection: RuleSelection())
        texts[edited] = original + appended
        let path = { (relative: String) in StandardizedPath.of(folder.path + "/" + relative) }
        let workspace = WorkspaceIndex(files: texts.map { relative, text in
            linter.lint(SourceDocument(path: path(relative), text: text), configuration: configuration).fileIndex
        })
        let fresh = linter.lint(SourceDocument(path: path(edited), text: original + appended), configuration: configuration, workspace: workspace)
        let final = SourceDocument(path: path(edited), text: original + appended)
        let expected = fresh.diagnostics.map {
            "\($0.ruleID) \(final.lineColumn(ofByte: $0.range.lowerBound, encoding: .utf16).line) \($0.message)"
        }.sorted()
        let got = (published["params", "diagnostics"]?.arrayValue ?? []).map {
            "\($0["code"]?.stringValue ?? "") \($0["range", "start", "line"]?.intValue ?? -1) \($0["message"]?.stringValue ?? "")"
        }.sorted()
        #expect(!expected.isEmpty)
        #expect(got == expected)
        #expect(try await client.shutdownAndExit() == 0)
    }
}
