import Foundation
import GotchasCore
import GotchasRules
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// The configuration's `"baseline"` applies in the editor too: findings the baseline
/// records are not published or pulled, new ones are, and a saved baseline is read again.
@Suite struct BaselineServerTests {
    /// A folder with a configuration naming `gotchas.baseline`, which records every finding of `sample` in View.swift.
    static func folder() -> (TemporaryDirectory, path: String, baseline: String) {
        let folder = TemporaryDirectory()
        _ = folder.write(".swiftui-gotchas.json", #"{"baseline": "gotchas.baseline"}"#)
        let path = folder.write("App/View.swift", sample)
        let document = SourceDocument(path: path, bytes: Array(sample.utf8))
        let configuration = RuleConfiguration.resolve(rules: RuleCatalog.linter.descriptions, file: nil, selection: RuleSelection())
        let findings = RuleCatalog.linter.lint(document, configuration: configuration).diagnostics
        #expect(!findings.isEmpty)
        let baselinePath = folder.path + "/gotchas.baseline"
        let baseline = Baseline(findings.map { BaselineFile.entry($0, in: document, baselinePath: baselinePath) })
        _ = folder.write("gotchas.baseline", baseline.text)
        return (folder, path, baselinePath)
    }

    static func messages(_ publish: JSON) -> [String] {
        (publish["params", "diagnostics"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
    }

    @Test func publishedDiagnosticsLeaveOutBaselinedFindingsUntilTheBaselineChanges() async throws {
        let (folder, path, baselinePath) = Self.folder()
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        let uri = URL(fileURLWithPath: path).absoluteString
        await client.open(uri, sample)
        let first = try await client.publishedDiagnostics(for: uri, version: 1)
        #expect(Self.messages(first).isEmpty, "every finding is in the baseline: \(first.serializedString)")

        // A new view below: its finding is new; the baselined one above keeps its line and
        // neighbours (the fingerprint), so it stays hidden.
        await client.change(uri, version: 2, [["range": range(7, 0, 7, 0),
                                               "text": "struct Other: View {\n    var body: some View { Text(\"Bye\").foregroundColor(.blue) }\n}\n"]])
        let second = try await client.publishedDiagnostics(for: uri, version: 2)
        let lines = (second["params", "diagnostics"]?.arrayValue ?? []).compactMap { $0["range", "start", "line"]?.intValue }
        #expect(!lines.isEmpty && lines.allSatisfy { $0 >= 7 }, "only the new findings: \(second.serializedString)")

        // The team empties the baseline and saves it: everything shows again.
        _ = folder.write("gotchas.baseline", Baseline.header + "\n")
        await client.notify("textDocument/didSave", ["textDocument": ["uri": .string(URL(fileURLWithPath: baselinePath).absoluteString)]])
        let third = try await client.notification("textDocument/publishDiagnostics") {
            $0["params", "uri"]?.stringValue == uri && ($0["params", "diagnostics"]?.arrayValue?.count ?? 0) >= 2
        }
        #expect((third["params", "diagnostics"]?.arrayValue?.count ?? 0) >= 2)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func pulledDiagnosticsLeaveOutBaselinedFindings() async throws {
        let (folder, path, _) = Self.folder()
        let client = TestClient()
        _ = try await client.initialize(capabilities: PullDiagnosticsTests.pullCapabilities, folders: [folder.path])
        let uri = URL(fileURLWithPath: path).absoluteString
        await client.open(uri, sample)
        // The baseline is read off the loop; the server asks the client to pull again once it is.
        let refresh = try await client.next("diagnostic refresh") { $0["method"] == "workspace/diagnostic/refresh" }
        await client.answer(refresh, result: .null)
        let pulled = try await client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
        #expect(pulled["result", "items"]?.arrayValue?.isEmpty == true, "\(pulled.serializedString)")
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func anUnreadableBaselineIsShownAndHidesNothing() async throws {
        let (folder, path, _) = Self.folder()
        _ = folder.write("gotchas.baseline", "not a baseline\n")
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        let uri = URL(fileURLWithPath: path).absoluteString
        await client.open(uri, sample)
        let shown = try await client.notification("window/showMessage") { ($0["params", "message"]?.stringValue ?? "").contains("invalid baseline") }
        #expect(shown["params", "message"]?.stringValue?.contains("gotchas.baseline:1") == true)
        let published = try await client.publishedDiagnostics(for: uri, version: 1)
        #expect(!Self.messages(published).isEmpty)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func aPullBeforeTheBaselineIsReadWaitsForIt() async throws {
        let (folder, path, _) = Self.folder()
        let client = TestClient()
        _ = try await client.initialize(capabilities: PullDiagnosticsTests.pullCapabilities, folders: [folder.path])
        let uri = URL(fileURLWithPath: path).absoluteString
        // Read in one chunk: the pull is handled right after the open, before the read ends.
        let pull = await client.makeRequest("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
        await client.sendBatch([
            Message.notification(method: "textDocument/didOpen", params: ["textDocument": [
                "uri": .string(uri), "languageId": "swift", "version": 1, "text": .string(sample)]]).json,
            pull,
        ])
        let pulled = try await client.response(to: RequestID(pull["id"]!)!)
        #expect(pulled["result", "items"] == [], "\(pulled.serializedString)")
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func aDiskPullBeforeTheBaselineIsReadWaitsForIt() async throws {
        let (folder, path, _) = Self.folder()
        let client = TestClient()
        _ = try await client.initialize(capabilities: PullDiagnosticsTests.pullCapabilities, folders: [folder.path])
        // Not open: nothing has read the baseline yet.
        let pulled = try await client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(URL(fileURLWithPath: path).absoluteString)]])
        #expect(pulled["result", "items"] == [], "\(pulled.serializedString)")
        let workspace = try await client.request("workspace/diagnostic", ["previousResultIds": []])
        let items = try #require(workspace["result", "items"]?.arrayValue)
        #expect(items.count == 1)
        #expect(items.allSatisfy { $0["items"] == [] }, "\(workspace.serializedString)")
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func theEditorsBaselineIsRelativeToTheWorkspaceFolder() async throws {
        let (folder, path, _) = Self.folder()
        _ = folder.write(".swiftui-gotchas.json", "{}")
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path], initializationOptions: ["swiftui-gotchas": ["baseline": "gotchas.baseline"]])
        let uri = URL(fileURLWithPath: path).absoluteString
        await client.open(uri, sample)
        let first = try await client.publishedDiagnostics(for: uri, version: 1)
        #expect(Self.messages(first).isEmpty, "\(first.serializedString)")
        // Cleared by the editor: every finding shows.
        await client.notify("workspace/didChangeConfiguration", ["settings": ["swiftui-gotchas": [:]]])
        let cleared = try await client.notification("textDocument/publishDiagnostics") {
            $0["params", "uri"]?.stringValue == uri && ($0["params", "diagnostics"]?.arrayValue?.count ?? 0) > 0
        }
        #expect(!Self.messages(cleared).isEmpty)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func theBaselineInUseIsWatched() async throws {
        for relative in [true, false] {
            let (folder, path, baselinePath) = Self.folder()
            let client = TestClient()
            let watched: JSON = ["dynamicRegistration": true, "relativePatternSupport": .bool(relative)]
            _ = try await client.initialize(capabilities: ["workspace": ["didChangeWatchedFiles": watched]], folders: [folder.path])
            let uri = URL(fileURLWithPath: path).absoluteString
            await client.open(uri, sample)
            let registration = try await client.next("baseline watcher") {
                $0["method"] == "client/registerCapability" && $0["params", "registrations"]?.arrayValue?.first?["id"] == "swiftui-gotchas-baselines"
            }
            let watcher = registration["params", "registrations"]?.arrayValue?.first?["registerOptions", "watchers"]?.arrayValue?.first?["globPattern"]
            if relative {
                #expect(watcher?["baseUri"]?.stringValue.map(DocumentStore.path(of:)) == folder.path)
                #expect(watcher?["pattern"] == "gotchas.baseline")
            } else {
                #expect(watcher?.stringValue == baselinePath)
            }
            #expect(Self.messages(try await client.publishedDiagnostics(for: uri, version: 1)).isEmpty)
            // Rewritten outside the editor: the watcher's event brings every finding back.
            _ = folder.write("gotchas.baseline", Baseline.header + "\n")
            await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(URL(fileURLWithPath: baselinePath).absoluteString), "type": 2]]])
            let shown = try await client.notification("textDocument/publishDiagnostics") {
                $0["params", "uri"]?.stringValue == uri && ($0["params", "diagnostics"]?.arrayValue?.count ?? 0) > 0
            }
            #expect(!Self.messages(shown).isEmpty)
            #expect(try await client.shutdownAndExit() == 0)
        }
    }
}
