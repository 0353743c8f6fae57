import Foundation
import GotchasCore
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// A workspace root that is too wide: `/` and the home directory are not walked (said
/// once, open files still linted), the walk leaves out what `.gitignore`, hidden
/// directories and the configuration leave out, stops at its bound (said once, progress
/// says how far it got, the index stays incomplete), and open files never wait for it.
@Suite struct WorkspaceRootTests {
    @Test func theFileSystemRootAndTheHomeDirectoryAreNotIndexed() {
        let policy = WorkspaceRootPolicy(homeDirectory: "/home/ada/")
        #expect(policy.refusal(of: "/") == .fileSystemRoot)
        #expect(policy.refusal(of: "/home/..") == .fileSystemRoot)
        #expect(policy.refusal(of: "/home/ada") == .homeDirectory)
        #expect(policy.refusal(of: "/home/ada/./") == .homeDirectory)
        #expect(policy.refusal(of: "/home/ada/Garden") == nil)
        #expect(policy.refusal(of: "/home") == nil)
        #expect(WorkspaceRootPolicy(homeDirectory: nil).refusal(of: "/home/ada") == nil)
        #expect(policy.indexed(["/", "/home/ada/Garden", "/home/ada"]) == ["/home/ada/Garden"])
        let warning = WorkspaceRootPolicy.warning(folder: "/home/ada", refusal: .homeDirectory)
        #expect(warning.contains("/home/ada is your home directory"))
        #expect(warning.contains("only open files are linted"))
        #expect(warning.contains("Open the project's own folder"))
    }

    func showMessage(_ client: TestClient, containing text: String) async throws -> JSON {
        try await client.notification("window/showMessage") { $0["params", "message"]?.stringValue?.contains(text) == true }
    }

    func hasDiagnostic(_ message: JSON) -> Bool { !(message["params", "diagnostics"]?.arrayValue ?? []).isEmpty }

    @Test func aHomeDirectoryFolderIsSaidOnceAndItsOpenFilesAreStillLinted() async throws {
        let home = TemporaryDirectory()
        let file = home.write("dotfiles/Scratch.swift", sample)
        // Its own directory's configuration still resolves.
        _ = home.write("dotfiles/.swiftui-gotchas.json", #"{"rules": {"foreground-color": "error"}}"#)
        var options = ServerOptions()
        options.homeDirectory = home.path
        let client = TestClient(options: options)
        _ = try await client.initialize(folders: [home.path])
        let warning = try await showMessage(client, containing: "is your home directory")
        #expect(warning["params", "type"] == .int(MessageType.warning.rawValue))
        #expect(warning["params", "message"]?.stringValue?.contains(home.path) == true)
        _ = try await client.notification("window/logMessage") { $0["params", "message"]?.stringValue?.hasPrefix("not indexing the workspace folder \(home.path)") == true }
        _ = try await client.notification("window/logMessage") { $0["params", "message"]?.stringValue?.hasPrefix("indexed 0 files") == true }
        let uri = URL(fileURLWithPath: file).absoluteString
        await client.open(uri, sample)
        let published = try await client.publishedDiagnostics(for: uri)
        #expect(published["params", "diagnostics"]?.arrayValue?.first?["severity"] == 1)
        // Said once: a folder change that keeps it does not repeat the warning.
        await client.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [], "removed": []]])
        _ = try await client.notification("window/logMessage") { $0["params", "message"]?.stringValue?.hasPrefix("indexed 0 files") == true }
        #expect(client.unclaimed().contains { $0["method"] == "window/showMessage" } == false)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func theFileSystemRootIsNotWalked() async throws {
        let folder = TemporaryDirectory()
        let file = folder.write("Scratch.swift", sample)
        let client = TestClient(options: ServerOptions().waitingForProgressAnswers())
        _ = try await client.initialize(capabilities: ["window": ["workDoneProgress": true]], folders: ["/"])
        _ = try await showMessage(client, containing: "the workspace folder / is the root of the file system")
        let create = try await client.next("workDoneProgress/create") { $0["method"] == "window/workDoneProgress/create" }
        await client.answer(create)
        let uri = URL(fileURLWithPath: file).absoluteString
        await client.open(uri, sample)
        let published = try await client.publishedDiagnostics(for: uri)
        #expect(hasDiagnostic(published))
        // Nothing walked: no file found, none indexed.
        let end = try await client.notification("$/progress") { $0["params", "value", "kind"] == "end" }
        #expect(end["params", "value", "message"] == "0 files indexed")
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func theIndexLeavesOutIgnoredExcludedAndHiddenFiles() async throws {
        let folder = TemporaryDirectory()
        for path in ["App.swift", "Generated/G.swift", "Vendor/V.swift", ".hidden/H.swift", "Mocks/M.swift", "Sources/S.swift"] {
            _ = folder.write(path, "let x = 1\n")
        }
        _ = folder.write(".gitignore", "Generated/\n")
        _ = folder.write(".swiftui-gotchas.json", #"{"exclude": ["Vendor"]}"#)
        let client = TestClient(options: ServerOptions().waitingForProgressAnswers())
        _ = try await client.initialize(capabilities: ["window": ["workDoneProgress": true]], folders: [folder.path],
                                        initializationOptions: ["exclude": ["Mocks"]])
        let create = try await client.next("workDoneProgress/create") { $0["method"] == "window/workDoneProgress/create" }
        await client.answer(create)
        // The editor's exclude replaces the file's (as for linting): Vendor is indexed, Mocks not.
        let end = try await client.notification("$/progress") { $0["params", "value", "kind"] == "end" }
        #expect(end["params", "value", "message"] == "3 files indexed")
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func theWalkStopsAtItsBoundSaysSoAndTheIndexStaysIncomplete() async throws {
        let folder = TemporaryDirectory()
        for name in ["A", "B", "C", "D", "E"] { _ = folder.write("\(name).swift", "let \(name.lowercased()) = 1\n") }
        var options = ServerOptions()
        options.maximumIndexedFiles = 2
        let client = TestClient(options: options.waitingForProgressAnswers())
        _ = try await client.initialize(capabilities: ["window": ["workDoneProgress": true]], folders: [folder.path])
        let create = try await client.next("workDoneProgress/create") { $0["method"] == "window/workDoneProgress/create" }
        await client.answer(create)
        let walked = try await client.notification("$/progress") {
            $0["params", "value", "message"]?.stringValue?.hasPrefix("found ") == true
        }
        #expect(walked["params", "value", "message"] == "found 2 .swift files in 1 folders")
        let warning = try await showMessage(client, containing: "indexed the first 2 files of \(folder.path)")
        #expect(warning["params", "type"] == .int(MessageType.warning.rawValue))
        #expect(warning["params", "message"]?.stringValue?.contains("narrow the workspace folder or add \"exclude\"") == true)
        let end = try await client.notification("$/progress") { $0["params", "value", "kind"] == "end" }
        #expect(end["params", "value", "message"]?.stringValue?.hasPrefix("2 files indexed, stopped at the bound") == true)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func anIncompleteBuildLeavesNowhereQuestionsUnanswered() {
        var manager = WorkspaceIndexManager()
        let generation = manager.beginBuild()
        let finished = manager.finishBuild([], settings: [], openFiles: [], generation: generation, isComplete: false)
        #expect(finished)
        #expect(manager.index.isComplete == false)
        #expect(manager.index.initializerLabels(passedTo: "Row") == nil)
        let next = manager.beginBuild()
        let finishedNext = manager.finishBuild([], settings: [], openFiles: [], generation: next)
        #expect(finishedNext)
        #expect(manager.index.initializerLabels(passedTo: "Row") == [])
    }

    @Test func anOpenFileIsLintedWhileTheWalkIsStillRunning() async throws {
        let folder = TemporaryDirectory()
        for index in 0..<5 { _ = folder.write("Dir\(index)/F.swift", "let x = 1\n") }
        let file = folder.write("Open.swift", sample)
        var options = ServerOptions()
        // Each step of the walk waits: the walk takes far longer than the test, even on a machine
        // so loaded that the publish takes tens of seconds (shutdown cancels the wait).
        options.indexWalkStepDelay = .seconds(600)
        let client = TestClient(options: options)
        _ = try await client.initialize(folders: [folder.path])
        let uri = URL(fileURLWithPath: file).absoluteString
        await client.open(uri, sample)
        // Well before the walk's first step would end.
        let published = try await client.notification("textDocument/publishDiagnostics", timeout: .seconds(20)) {
            $0["params", "uri"]?.stringValue == uri
        }
        #expect(hasDiagnostic(published))
        #expect(client.unclaimed().contains { $0["params", "message"]?.stringValue?.hasPrefix("indexed ") == true } == false)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func withoutAWorkspaceFolderTheIndexIsIncompleteAndTheStateFixUnsafe() async throws {
        let client = TestClient()
        // Neither `workspaceFolders` nor `rootUri`: a single file opened outside any project.
        _ = try await client.initialize(capabilities: ["textDocument": ["codeAction": CodeActionTests.literalSupport]])
        try await client.indexed()
        let uri = "file:///counter.swift"
        await client.open(uri, "import SwiftUI\nstruct Counter: View {\n    @State var count = 0\n    var body: some View { Text(\"\\(count)\") }\n}\n")
        let published = try await client.publishedDiagnostics(for: uri)
        let finding = try #require(published["params", "diagnostics"]?.arrayValue?.first { $0["code"] == "state-not-private" })
        let response = try await client.request("textDocument/codeAction", ["textDocument": ["uri": .string(uri)],
                                                                            "range": finding["range"]!, "context": ["diagnostics": [finding]]])
        let actions = try #require(response["result"]?.arrayValue)
        let fix = try #require(actions.first { $0["title"]?.stringValue?.contains("private") == true && $0["edit"] != nil }, "\(actions)")
        // No caller is known because nothing was indexed, not because there is none.
        #expect(fix["title"]?.stringValue?.contains("(unsafe") == true, "\(fix)")
        #expect(fix["isPreferred"] != true)
        #expect(try await client.shutdownAndExit() == 0)
    }
}
