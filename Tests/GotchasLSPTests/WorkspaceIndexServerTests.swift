import Foundation
import GotchasCore
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// The server indexes the workspace in the background and keeps the index current:
/// cross-file diagnostics appear for unopened files, follow edits of other open
/// documents and files changed or deleted on disk, and do not depend on open order.
@Suite struct WorkspaceIndexServerTests {
    static let app = """
        import SwiftUI
        @main
        struct GardenApp: App {
            @StateObject private var store = Store()
            var body: some Scene {
                WindowGroup { Root().environmentObject(store) }
            }
        }
        """
    static let store = "import SwiftUI\nfinal class Store: ObservableObject { @Published var count = 0 }\n"
    static let root = """
        import SwiftUI
        struct Root: View {
            @Environment(Store.self) private var store
            var body: some View { Text("plants") }
        }
        """

    func mismatch(_ message: JSON) -> JSON? {
        message["params", "diagnostics"]?.arrayValue?.first { $0["code"] == "environment-object-mismatch" }
    }

    func workspace() -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        _ = folder.write("App.swift", Self.app)
        _ = folder.write("Store.swift", Self.store)
        _ = folder.write("Root.swift", Self.root)
        return folder
    }

    @Test func unopenedFilesAreIndexedAndRelatedLocationsPointAtThem() async throws {
        let folder = workspace()
        let client = TestClient()
        _ = try await client.initialize(capabilities: ["textDocument": ["publishDiagnostics": ["relatedInformation": true]]],
                                        folders: [folder.path])
        let uri = folder.uri("Root.swift")
        await client.open(uri, Self.root)
        let published = try await client.notification("textDocument/publishDiagnostics") { self.mismatch($0) != nil }
        let diagnostic = try #require(mismatch(published))
        #expect(diagnostic["range", "start", "line"] == 2)
        #expect(diagnostic["relatedInformation"]?.arrayValue?.first?["location", "uri"]?.stringValue == folder.uri("App.swift"))
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// A server with `Root.swift` open (its mismatch published) and `App.swift`, which injects its store;
    /// the folder is returned to be kept alive (it is deleted with its last reference).
    func openRootAndApp() async throws -> (folder: TemporaryDirectory, client: TestClient, rootURI: String, appURI: String) {
        let folder = workspace()
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        let rootURI = folder.uri("Root.swift"), appURI = folder.uri("App.swift")
        await client.open(rootURI, Self.root)
        _ = try await client.notification("textDocument/publishDiagnostics") { self.mismatch($0) != nil && $0["params", "uri"]?.stringValue == rootURI }
        await client.open(appURI, Self.app)
        return (folder, client, rootURI, appURI)
    }

    @Test func editingAnotherOpenDocumentRelintsItsDependents() async throws {
        let (folder, client, rootURI, appURI) = try await openRootAndApp()
        defer { withExtendedLifetime(folder) {} }
        // Inject with `.environment(_:)` instead: the read now matches (for an @Observable store).
        let line = 5
        let text = "                WindowGroup { Root().environment(store) }"
        await client.change(appURI, version: 2, [["range": range(line, 0, line, 100), "text": .string(text)]])
        let cleared = try await client.notification("textDocument/publishDiagnostics") {
            $0["params", "uri"]?.stringValue == rootURI && self.mismatch($0) == nil
        }
        #expect(cleared["params", "uri"]?.stringValue == rootURI)
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// An edited document's index is merged once its edits pause, the newest version only: a burst
    /// whose last edit restores the mismatch leaves the dependent with the finding, as a lint of the
    /// final texts has it, whatever the versions in between said.
    @Test func aBurstOfEditsLeavesDependentsAsTheLastVersionHasThem() async throws {
        let (folder, client, rootURI, appURI) = try await openRootAndApp()
        defer { withExtendedLifetime(folder) {} }
        let line = 5
        let original = Self.app.split(separator: "\n", omittingEmptySubsequences: false)[line]
        let matching = "                WindowGroup { Root().environment(store) }"
        // Matching, back, matching, back: the burst ends where it started.
        for (offset, text) in [matching, String(original), matching, String(original)].enumerated() {
            await client.change(appURI, version: 2 + offset, [["range": range(line, 0, line, 100), "text": .string(text)]])
        }
        _ = try await client.publishedDiagnostics(for: appURI, version: 5)
        // Then one more edit that matches: the dependent is cleared only by this last version.
        await client.change(appURI, version: 6, [["range": range(line, 0, line, 100), "text": .string(matching)]])
        let cleared = try await client.notification("textDocument/publishDiagnostics") {
            $0["params", "uri"]?.stringValue == rootURI && self.mismatch($0) == nil
        }
        #expect(cleared["params", "uri"]?.stringValue == rootURI)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func deletingAndRenamingADeclarationOnDiskUpdatesOpenDocuments() async throws {
        let folder = workspace()
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        let rootURI = folder.uri("Root.swift")
        await client.open(rootURI, Self.root)
        _ = try await client.notification("textDocument/publishDiagnostics") { self.mismatch($0) != nil }
        // Delete the injecting file: no injection, no mismatch.
        try FileManager.default.removeItem(atPath: folder.path + "/App.swift")
        await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("App.swift")), "type": 3]]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == rootURI && self.mismatch($0) == nil }
        // "Rename" it back under another name: deleted + created events; the mismatch returns.
        _ = folder.write("GardenApp.swift", Self.app)
        await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("GardenApp.swift")), "type": 1]]])
        let back = try await client.notification("textDocument/publishDiagnostics") { self.mismatch($0) != nil }
        #expect(back["params", "uri"]?.stringValue == rootURI)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func indexingReportsProgressOnlyAfterTheClientCreatedTheToken() async throws {
        let folder = workspace()
        let client = TestClient(options: ServerOptions().waitingForProgressAnswers())
        _ = try await client.initialize(capabilities: ["window": ["workDoneProgress": true]], folders: [folder.path])
        let create = try await client.next("workDoneProgress/create") { $0["method"] == "window/workDoneProgress/create" }
        let token = try #require(create["params", "token"])
        #expect(client.unclaimed().contains { $0["method"] == "$/progress" } == false)
        await client.sendRaw(TestClient.framed(["jsonrpc": "2.0", "id": create["id"] ?? .null, "result": .null]))
        let begin = try await client.notification("$/progress") { $0["params", "value", "kind"] == "begin" }
        let end = try await client.notification("$/progress") { $0["params", "value", "kind"] == "end" }
        #expect(begin["params", "token"] == token)
        #expect(end["params", "token"] == token)
        #expect(end["params", "value", "message"] == "3 files indexed")
        #expect(try await client.shutdownAndExit() == 0)
    }
}
