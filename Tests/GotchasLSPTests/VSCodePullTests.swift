import Foundation
import GotchasCore
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// Pull diagnostics as VS Code (`vscode-languageclient` 9) drives them: after a
/// `workspace/diagnostic/refresh` it pulls each open document again with the result ID it
/// holds, and it polls `workspace/diagnostic` every 2 s with `previousResultIds` (URIs as
/// VS Code spells them). A result ID must change whenever the report can: a report answered
/// `unchanged` stays on screen.
@Suite struct VSCodePullTests {
    typealias Fixture = WorkspaceIndexServerTests
    static let vscode = ServerInitiatedChangesTests.vscode

    static func mismatch(_ report: JSON?) -> Bool { ServerInitiatedChangesTests.mismatch(report?["items"]) }

    /// Initializes like VS Code; the server's progress token is accepted unless `holdIndexing`
    /// (the server then waits for the answer before it indexes).
    func start(folder: String, holdIndexing: Bool = false, options: JSON = .null) async throws -> (TestClient, JSON) {
        // Held, indexing waits for the answer however long the machine takes to send the poll.
        let client = TestClient(options: holdIndexing ? ServerOptions().waitingForProgressAnswers() : ServerOptions())
        let response = try await client.initialize(capabilities: Self.vscode.capabilities, folders: [folder], initializationOptions: options)
        let create = try await client.next("workDoneProgress/create") { $0["method"] == "window/workDoneProgress/create" }
        if !holdIndexing { await client.answer(create) }
        return (client, create)
    }

    func pull(_ client: TestClient, _ uri: String, previous: JSON? = nil) async throws -> JSON {
        var params: [String: JSON] = ["textDocument": ["uri": .string(uri)]]
        if let previous { params["previousResultId"] = previous }
        let response = try await client.request("textDocument/diagnostic", .object(params))
        return try #require(response["result"], "\(response)")
    }

    /// One workspace poll, handing back what the client holds.
    func poll(_ client: TestClient, previous: [JSON]) async throws -> [JSON] {
        let response = try await client.request("workspace/diagnostic", ["previousResultIds": .array(previous)])
        return try #require(response["result", "items"]?.arrayValue, "\(response)")
    }

    static func held(_ items: [JSON]) -> [JSON] { items.map { ["uri": $0["uri"]!, "value": $0["resultId"]!] } }

    static func item(_ items: [JSON], _ file: String) -> JSON? {
        items.first { $0["uri"]?.stringValue.map { DocumentStore.path(of: $0).hasSuffix("/" + file) } == true }
    }

    /// Polls like VS Code (keeping the newest result ID of each file) until `file`'s report is
    /// full and satisfies `wanted`.
    func pollUntil(_ client: TestClient, _ file: String, held: inout [JSON], _ wanted: (JSON) -> Bool) async throws -> JSON {
        for _ in 0..<200 {
            let items = try await poll(client, previous: held)
            var byURI: [String: JSON] = [:]
            for entry in held { byURI[entry["uri"]!.stringValue!] = entry }
            for item in items { byURI[item["uri"]!.stringValue!] = ["uri": item["uri"]!, "value": item["resultId"]!] }
            held = byURI.keys.sorted().map { byURI[$0]! }
            if let report = Self.item(items, file), report["kind"] == "full", wanted(report) { return report }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("\(file) never reported as wanted")
        return .null
    }

    @Test func anOpenDocumentRePulledAfterARefreshShowsTheCrossFileChange() async throws {
        let folder = Fixture().workspace()
        let (client, _) = try await start(folder: folder.path)
        let rootURI = FileURI.reference(toPath: folder.path + "/Root.swift"), appURI = FileURI.reference(toPath: folder.path + "/App.swift")
        try await client.indexed()
        await client.open(rootURI, Fixture.root)
        let first = try await pull(client, rootURI)
        #expect(Self.mismatch(first))
        let firstID = try #require(first["resultId"])
        #expect(try await pull(client, rootURI, previous: firstID)["kind"] == "unchanged")

        // Only App.swift is edited; VS Code re-pulls Root.swift with the ID it holds after the refresh.
        await client.open(appURI, Fixture.app)
        let text = "                WindowGroup { Root().environment(store) }"
        await client.change(appURI, version: 2, [["range": range(5, 0, 5, 100), "text": .string(text)]])
        var latest = first
        var attempts = 0
        while Self.mismatch(latest) || latest["kind"] != "full" {
            attempts += 1
            try #require(attempts < 50, "Root.swift kept \(latest)")
            let refresh = try await client.next("refresh") { $0["method"] == "workspace/diagnostic/refresh" }
            await client.answer(refresh)
            let pulled = try await pull(client, rootURI, previous: latest["resultId"])
            if pulled["kind"] == "full" { latest = pulled }
        }
        let secondID = try #require(latest["resultId"])
        #expect(secondID != firstID)

        // An edit of App.swift that leaves Root.swift's answers alone does not re-send it.
        await client.change(appURI, version: 3, [["range": range(7, 1, 7, 1), "text": "\n// a note\n"]])
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await pull(client, rootURI, previous: secondID)["kind"] == "unchanged")
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func anUnopenedFileShowsTheCrossFileChangeOnTheNextPoll() async throws {
        let folder = Fixture().workspace()
        let (client, _) = try await start(folder: folder.path)
        try await client.indexed()
        var held: [JSON] = []
        _ = try await pollUntil(client, "Root.swift", held: &held) { Self.mismatch($0) }
        #expect(try await poll(client, previous: held).allSatisfy { $0["kind"] == "unchanged" })

        // Changed on disk: the watcher's event re-indexes App.swift; Root.swift's finding goes.
        let app = folder.write("App.swift", Fixture.app.replacingOccurrences(of: ".environmentObject(store)", with: ".environment(store)"))
        await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(FileURI.reference(toPath: app)), "type": 2]]])
        let gone = try await pollUntil(client, "Root.swift", held: &held) { !Self.mismatch($0) }
        #expect(!Self.mismatch(gone))

        // Edited back in an open buffer: it comes back in the unopened file.
        let appURI = FileURI.reference(toPath: app)
        await client.open(appURI, Fixture.app.replacingOccurrences(of: ".environmentObject(store)", with: ".environment(store)"))
        await client.change(appURI, version: 2, [["text": .string(Fixture.app)]])
        let back = try await pollUntil(client, "Root.swift", held: &held) { Self.mismatch($0) }
        #expect(Self.mismatch(back))
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func aPollBeforeIndexingEndsIsNotUnchangedAfterIt() async throws {
        let folder = Fixture().workspace()
        // VS Code's first poll arrives before indexing ends: here indexing waits for the token.
        let (client, create) = try await start(folder: folder.path, holdIndexing: true)
        let early = try await poll(client, previous: [])
        let root = try #require(Self.item(early, "Root.swift"))
        #expect(!Self.mismatch(root))  // App.swift's injection is not known yet
        #expect(root["resultId"]?.stringValue?.hasSuffix(".incomplete") == true)
        await client.answer(create)
        try await client.indexed()
        let after = try await poll(client, previous: Self.held(early))
        #expect(Self.mismatch(try #require(Self.item(after, "Root.swift"))))
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func previousResultIDsMatchHoweverTheURIIsEncoded() async throws {
        let base = TemporaryDirectory()
        let project = base.path + "/My App (2)+@"
        _ = base.write("My App (2)+@/Sources/A.swift", sample)
        _ = base.write("My App (2)+@/Sources/B c.swift", "let b = 1\n")
        let (client, _) = try await start(folder: project)
        try await client.indexed()
        // VS Code's spelling of an open document's URI.
        let openURI = "file://" + project.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28")
            .replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "@", with: "%40")
            + "/Sources/B%20c.swift"
        await client.open(openURI, "let b = 1\n")
        let first = try await poll(client, previous: [])
        #expect(first.count == 2)
        #expect(first.allSatisfy { $0["kind"] == "full" })
        #expect(Self.item(first, "A.swift")?["items"]?.arrayValue?.count == 1)
        #expect(Self.item(first, "B c.swift")?["uri"]?.stringValue == openURI)
        // Each URI spelled three ways: as the server sent it, with lowercase escapes, and
        // with only the space encoded (as other clients spell it).
        let spellings: [(String) -> String] = [
            { $0 },
            { $0.replacingOccurrences(of: "%2B", with: "%2b").replacingOccurrences(of: "%40", with: "%40") },
            { "file://" + DocumentStore.path(of: $0).replacingOccurrences(of: " ", with: "%20") },
        ]
        for spelling in spellings {
            let held: [JSON] = first.map { ["uri": .string(spelling($0["uri"]!.stringValue!)), "value": $0["resultId"]!] }
            let again = try await poll(client, previous: held)
            #expect(again.count == 2)
            #expect(again.allSatisfy { $0["kind"] == "unchanged" }, "\(held)")
        }
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func editorIncludeAndExcludeAreRelativeToTheWorkspaceFolder() async throws {
        let folder = TemporaryDirectory()
        _ = folder.write("Sources/A.swift", sample)
        _ = folder.write("Sources/Generated/G.swift", sample)
        _ = folder.write("Scripts/S.swift", sample)
        // No `.swiftui-gotchas.json`: the editor's settings alone.
        let (client, _) = try await start(folder: folder.path, options: ["swiftui-gotchas": [
            "include": ["Sources/**"], "exclude": ["Sources/Generated/**"]]])
        try await client.indexed()
        let items = try await poll(client, previous: [])
        #expect(Self.item(items, "A.swift")?["items"]?.arrayValue?.count == 1)
        // Left out of the walk itself (the index walk's selection is the lint's).
        #expect(Self.item(items, "G.swift") == nil)
        #expect(Self.item(items, "S.swift") == nil)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func aPullAfterCloseIsAnsweredFromDisk() async throws {
        let folder = TemporaryDirectory()
        let path = folder.write("A.swift", sample)
        let (client, _) = try await start(folder: folder.path)
        // Indexed first: a report's result ID carries the workspace's answers, which change once
        // when indexing ends (a pull on each side of that would rightly differ).
        try await client.indexed()
        let uri = FileURI.reference(toPath: path)
        await client.open(uri, "let clean = 1\n")
        #expect(try await pull(client, uri)["items"]?.arrayValue?.isEmpty == true)
        await client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        // VS Code pulls once more (e.g. on a language-mode switch): the disk text's report.
        let closed = try await pull(client, uri)
        #expect(closed["kind"] == "full")
        #expect(closed["items"]?.arrayValue?.count == 1)
        #expect(try await pull(client, uri, previous: closed["resultId"])["kind"] == "unchanged")
        // A file that is gone: an empty report, not an error.
        let gone = try await pull(client, FileURI.reference(toPath: folder.path + "/Gone.swift"))
        #expect(gone["kind"] == "full")
        #expect(gone["items"]?.arrayValue?.isEmpty == true)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func aWorkspacePullWalkingALargeTreeDoesNotHoldUpAnOpenDocument() async throws {
        let folder = TemporaryDirectory()
        _ = folder.write("Disk.swift", sample)
        let openPath = folder.write("Open.swift", sample)
        // Each step of a walk (the pull's, and the index's) waits an hour: the pull's walk of this
        // tree stands for one of a very large tree, still walking when the answers below come. (A
        // minute was once not enough in a full parallel test run on two cores; cancelling the pull,
        // or shutting down, wakes the wait, so its length costs the test nothing.)
        var options = ServerOptions()
        options.indexWalkStepDelay = .seconds(3600)
        let client = TestClient(options: options)
        _ = try await client.initialize(capabilities: Self.vscode.capabilities, folders: [folder.path])
        let uri = FileURI.reference(toPath: openPath)
        await client.open(uri, sample)
        let workspacePull = await client.sendRequest("workspace/diagnostic", ["previousResultIds": []])
        // Asked after the workspace pull: answered while it is still walking.
        let hover = try await client.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(4, 25)])
        #expect(hover["result", "contents"] != nil, "\(hover)")
        let pulled = try await pull(client, uri)
        #expect(pulled["items"]?.arrayValue?.count == 1)
        #expect(client.unclaimed().allSatisfy { $0["id"] != workspacePull.json })
        // The walk stops when the pull is cancelled (it checks between steps).
        await client.notify("$/cancelRequest", ["id": workspacePull.json])
        let cancelled = try await client.response(to: workspacePull)
        #expect(cancelled["error", "code"] == .int(-32800), "\(cancelled)")
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func fileURIsAreComparedByTheirDecodedPath() {
        #expect(FileURI.path(ofFileURI: "file:///My%20App%20%282%29%2B%40/A.swift") == "/My App (2)+@/A.swift")
        #expect(FileURI.path(ofFileURI: "file:///My%20App%20(2)+@/A.swift") == "/My App (2)+@/A.swift")
        #expect(FileURI.path(ofFileURI: "FILE://localhost/a%2bb.swift") == "/a+b.swift")
        #expect(FileURI.path(ofFileURI: "file:/a.swift") == "/a.swift")
        #expect(FileURI.path(ofFileURI: "file://server/a.swift") == nil)
        #expect(FileURI.path(ofFileURI: "untitled:Untitled-1") == nil)
        let path = "/My App (2)+@/ü ß.swift"
        #expect(FileURI.path(ofFileURI: FileURI.reference(toPath: path)) == path)
    }
}
