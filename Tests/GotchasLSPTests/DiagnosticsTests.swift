import Foundation
import GotchasCore
import ServerTestSupport
import Testing
@testable import GotchasLSP

@Suite struct PushDiagnosticsTests {
    @Test func publishesDiagnosticWithAllFields() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let uri = "file:///push.swift"
        await client.open(uri, sample, version: 7)
        let published = try await client.publishedDiagnostics(for: uri)
        #expect(published["params", "version"] == 7)
        let diagnostic = try #require(published["params", "diagnostics"]?.arrayValue?.first)
        #expect(diagnostic["code"] == "foreground-color")
        #expect(diagnostic["source"] == "swiftui-gotchas")
        #expect(diagnostic["severity"] == 3)  // Information: a soft-deprecated rename's default
        #expect(diagnostic["tags"] == [2])  // Deprecated
        #expect(diagnostic["codeDescription", "href"] == .string(Product.rulesDocumentationURL + "/foreground-color.md"))
        #expect(diagnostic["range"] == range(4, 18, 4, 40))
        #expect(diagnostic["data", "ruleID"] == "foreground-color")
        #expect(diagnostic["relatedInformation"] == nil)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func cleanFileGetsAnEmptyPublishAndCloseClears() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let uri = "file:///clean.swift"
        await client.open(uri, "let x = 1\n")
        let clean = try await client.publishedDiagnostics(for: uri, version: 1)
        #expect(clean["params", "diagnostics"] == [])
        await client.open("file:///dirty.swift", sample)
        _ = try await client.publishedDiagnostics(for: "file:///dirty.swift", version: 1)
        await client.notify("textDocument/didClose", ["textDocument": ["uri": "file:///dirty.swift"]])
        let cleared = try await client.publishedDiagnostics(for: "file:///dirty.swift")
        #expect(cleared["params", "diagnostics"] == [])
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func onlyTheNewestVersionIsPublishedWhenEditsOutrunLinting() async throws {
        var options = ServerOptions()
        options.lintDelay = .milliseconds(300)
        let client = TestClient(options: options)
        _ = try await client.initialize()
        let uri = "file:///fast.swift"
        await client.open(uri, "Text(\"a\")\n")
        for version in 2...8 {
            await client.change(uri, version: version, [["range": range(0, 9, 0, 9), "text": version == 8 ? ".foregroundColor(.red)" : " "]])
        }
        let published = try await client.publishedDiagnostics(for: uri)
        #expect(published["params", "version"] == 8)
        #expect(published["params", "diagnostics"]?.arrayValue?.count == 1)
        try await Task.sleep(for: .milliseconds(700))
        let others = client.unclaimed().filter { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(others.isEmpty, "stale publishes: \(others.map(\.serializedString))")
        #expect(try await client.shutdownAndExit() == 0)
    }
}

@Suite struct PullDiagnosticsTests {
    /// A client is served by pull only when it can be told to pull again (VS Code).
    static let pullCapabilities: JSON = ["textDocument": ["diagnostic": ["dynamicRegistration": false]],
                                         "workspace": ["diagnostics": ["refreshSupport": true]],
                                         "window": ["workDoneProgress": true]]

    @Test func documentDiagnosticWithResultIDs() async throws {
        let client = TestClient()
        let response = try await client.initialize(capabilities: Self.pullCapabilities)
        #expect(response["result", "capabilities", "diagnosticProvider", "workspaceDiagnostics"] == true)
        #expect(response["result", "capabilities", "diagnosticProvider", "interFileDependencies"] == true)
        try await client.indexed()  // result IDs change once with the index's completeness
        let uri = "file:///pull.swift"
        await client.open(uri, sample)
        let full = try await client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
        #expect(full["result", "kind"] == "full")
        #expect(full["result", "items"]?.arrayValue?.count == 1)
        let resultID = try #require(full["result", "resultId"])
        let unchanged = try await client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": resultID])
        #expect(unchanged["result", "kind"] == "unchanged")
        #expect(unchanged["result", "resultId"] == resultID)
        await client.change(uri, version: 2, [["range": range(0, 0, 0, 0), "text": "\n"]])
        let changed = try await client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": resultID])
        #expect(changed["result", "kind"] == "full")
        // A pulling client gets no pushes.
        #expect(client.unclaimed().allSatisfy { $0["method"] != "textDocument/publishDiagnostics" })
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func workspaceDiagnosticCoversUnopenedFilesWithProgress() async throws {
        let folder = TemporaryDirectory()
        _ = folder.write("Sources/A.swift", sample)
        _ = folder.write("Sources/B.swift", "let b = 1\n")
        _ = folder.write(".build/Skipped.swift", sample)
        let second = TemporaryDirectory()
        _ = second.write("C.swift", sample)
        let client = TestClient()
        _ = try await client.initialize(capabilities: Self.pullCapabilities, folders: [folder.path])
        try await client.indexed()
        await client.open(folder.uri("Sources/B.swift"), "Text(\"open\").foregroundColor(.blue)\n", version: 3)
        let response = try await client.request("workspace/diagnostic", ["previousResultIds": [], "workDoneToken": "tok"])
        let items = try #require(response["result", "items"]?.arrayValue)
        #expect(items.count == 2)
        let a = try #require(items.first { $0["uri"]?.stringValue?.hasSuffix("/A.swift") == true })
        #expect(a["version"] == .null)
        #expect(a["items"]?.arrayValue?.count == 1)
        let b = try #require(items.first { $0["uri"]?.stringValue?.hasSuffix("/B.swift") == true })
        #expect(b["version"] == 3)
        #expect(b["items"]?.arrayValue?.count == 1)  // the editor's text, not the clean file on disk
        let begin = try await client.notification("$/progress") { $0["params", "value", "kind"] == "begin" }
        #expect(begin["params", "token"] == "tok")
        _ = try await client.notification("$/progress") { $0["params", "value", "kind"] == "end" }
        // Unchanged reports for what the client already has.
        let previous: [JSON] = items.map { ["uri": $0["uri"]!, "value": $0["resultId"]!] }
        let again = try await client.request("workspace/diagnostic", ["previousResultIds": .array(previous)])
        #expect(again["result", "items"]?.arrayValue?.allSatisfy { $0["kind"] == "unchanged" } == true)
        // Multi-root: a folder added later is covered too.
        await client.notify("workspace/didChangeWorkspaceFolders", ["event": [
            "added": [["uri": .string(URL(fileURLWithPath: second.path).absoluteString), "name": "second"]], "removed": []]])
        let both = try await client.request("workspace/diagnostic", ["previousResultIds": []])
        #expect(both["result", "items"]?.arrayValue?.count == 3)
        #expect(try await client.shutdownAndExit() == 0)
    }
}
