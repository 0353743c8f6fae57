import Foundation
import GotchasCore
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// Every client sees what the server finds on its own — a cross-file change from an
/// edit in another buffer, a configuration change, the end of workspace indexing —
/// without editing the document: pushed to push clients and to pull clients that
/// cannot be told to pull again (Neovim 0.11), refreshed for the others (VS Code).
@Suite struct ServerInitiatedChangesTests {
    /// The capabilities real clients send (the parts the server reads).
    struct ClientProfile: Sendable, CustomStringConvertible {
        var description: String
        var capabilities: JSON
        /// Served by pull with `workspace/diagnostic/refresh`, else by push.
        var pulls: Bool
    }

    static let neovim011 = ClientProfile(description: "Neovim 0.11", capabilities: [
        "general": ["positionEncodings": ["utf-8", "utf-16", "utf-32"]],
        "textDocument": [
            "diagnostic": ["dynamicRegistration": false],
            "publishDiagnostics": ["relatedInformation": true, "tagSupport": ["valueSet": [1, 2]], "dataSupport": true],
            "codeAction": ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix", "source"]]],
                           "resolveSupport": ["properties": ["edit"]], "dataSupport": true],
            "hover": ["contentFormat": ["markdown", "plaintext"]],
        ],
        "workspace": ["applyEdit": true, "workspaceFolders": true, "configuration": true,
                      "didChangeWatchedFiles": ["dynamicRegistration": false, "relativePatternSupport": true],
                      "semanticTokens": ["refreshSupport": true], "inlayHint": ["refreshSupport": true]],
        "window": ["workDoneProgress": true, "showDocument": ["support": true]],
    ], pulls: false)

    static let neovim07 = ClientProfile(description: "Neovim 0.7", capabilities: [
        "textDocument": [
            "publishDiagnostics": ["relatedInformation": true, "tagSupport": ["valueSet": [1, 2]]],
            "codeAction": ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix", "source"]]]],
            "hover": ["contentFormat": ["markdown", "plaintext"]],
        ],
        "workspace": ["applyEdit": true, "workspaceFolders": true, "configuration": true],
        "window": ["workDoneProgress": true, "showDocument": ["support": false]],
    ], pulls: false)

    static let eglot = ClientProfile(description: "Eglot", capabilities: [
        "general": ["positionEncodings": ["utf-32", "utf-8", "utf-16"]],
        "textDocument": [
            "publishDiagnostics": ["relatedInformation": false, "codeDescriptionSupport": false, "tagSupport": ["valueSet": [1, 2]]],
            "codeAction": ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix", "refactor", "source"]]]],
            "hover": ["contentFormat": ["markdown", "plaintext"]],
        ],
        "workspace": ["applyEdit": true, "workspaceFolders": true, "configuration": true,
                      "didChangeWatchedFiles": ["dynamicRegistration": true]],
        "window": ["workDoneProgress": true],
    ], pulls: false)

    static let vscode = ClientProfile(description: "VS Code", capabilities: [
        "textDocument": [
            "diagnostic": ["dynamicRegistration": true, "relatedDocumentSupport": false],
            "publishDiagnostics": ["relatedInformation": true, "versionSupport": false, "codeDescriptionSupport": true, "dataSupport": true],
            "codeAction": ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix", "source", "source.fixAll"]]],
                           "resolveSupport": ["properties": ["edit"]], "dataSupport": true],
            "hover": ["contentFormat": ["markdown", "plaintext"]],
        ],
        "workspace": ["applyEdit": true, "workspaceFolders": true, "configuration": true,
                      "didChangeWatchedFiles": ["dynamicRegistration": true, "relativePatternSupport": true],
                      "diagnostics": ["refreshSupport": true]],
        "window": ["workDoneProgress": true, "showDocument": ["support": true]],
    ], pulls: true)

    static let profiles = [neovim011, neovim07, eglot, vscode]

    typealias Fixture = WorkspaceIndexServerTests

    static func mismatch(_ diagnostics: JSON?) -> Bool {
        diagnostics?.arrayValue?.contains { $0["code"] == "environment-object-mismatch" } == true
    }

    /// Initializes like the profile's client, answering the server's requests a real one answers.
    func start(_ profile: ClientProfile, folder: TemporaryDirectory) async throws -> TestClient {
        let client = TestClient()
        let response = try await client.initialize(capabilities: profile.capabilities, folders: [folder.path])
        #expect((response["result", "capabilities", "diagnosticProvider"] != nil) == profile.pulls, "\(profile)")
        let create = try await client.next("workDoneProgress/create") { $0["method"] == "window/workDoneProgress/create" }
        await client.answer(create)
        return client
    }

    /// What the client shows for `uri` once the server made it current: the next push,
    /// or, for a pull client, the document pulled after the next refresh request.
    func nextShown(_ client: TestClient, _ profile: ClientProfile, uri: String, where wanted: @escaping @Sendable (JSON?) -> Bool) async throws -> JSON? {
        guard profile.pulls else {
            let pushed = try await client.notification("textDocument/publishDiagnostics") {
                $0["params", "uri"]?.stringValue == uri && wanted($0["params", "diagnostics"])
            }
            return pushed["params", "diagnostics"]
        }
        // A refresh sent for an earlier change may still be on its way: pull after each
        // one until the document shows the change (a timeout fails the test).
        while true {
            let refresh = try await client.next("refresh") { $0["method"] == "workspace/diagnostic/refresh" }
            await client.answer(refresh)
            let pulled = try await client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
            if wanted(pulled["result", "items"]) { return pulled["result", "items"] }
        }
    }

    @Test(arguments: profiles)
    func crossFileChangeFromAnotherBufferIsShown(_ profile: ClientProfile) async throws {
        let folder = Fixture().workspace()
        let client = try await start(profile, folder: folder)
        let rootURI = folder.uri("Root.swift"), appURI = folder.uri("App.swift")
        await client.open(rootURI, Fixture.root)
        // The end of indexing alone brings the cross-file finding.
        #expect(Self.mismatch(try await nextShown(client, profile, uri: rootURI) { Self.mismatch($0) }))
        await client.open(appURI, Fixture.app)
        _ = client.drain()
        // Only App.swift is edited; Root.swift's finding goes away.
        let text = "                WindowGroup { Root().environment(store) }"
        await client.change(appURI, version: 2, [["range": range(5, 0, 5, 100), "text": .string(text)]])
        let shown = try await nextShown(client, profile, uri: rootURI) { !Self.mismatch($0) }
        #expect(!Self.mismatch(shown), "\(profile)")
        if !profile.pulls {
            #expect(client.unclaimed().allSatisfy { $0["method"] != "workspace/diagnostic/refresh" }, "\(profile)")
        }
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test(arguments: profiles)
    func configurationChangeIsShown(_ profile: ClientProfile) async throws {
        let folder = Fixture().workspace()
        let client = try await start(profile, folder: folder)
        let uri = folder.uri("Loose.swift")
        await client.open(uri, "import SwiftUI\nlet t = Text(\"a\").foregroundColor(.red)\n")
        if profile.pulls {
            let first = try await client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
            #expect(first["result", "items"]?.arrayValue?.contains { $0["code"] == "foreground-color" } == true)
        } else {
            _ = try await client.notification("textDocument/publishDiagnostics") {
                $0["params", "uri"]?.stringValue == uri && $0["params", "diagnostics"]?.arrayValue?.isEmpty == false
            }
        }
        _ = client.drain()
        await client.notify("workspace/didChangeConfiguration", ["settings": ["swiftui-gotchas": ["rules": ["foreground-color": "off"]]]])
        let shown = try await nextShown(client, profile, uri: uri) { $0?.arrayValue?.contains { $0["code"] == "foreground-color" } == false }
        #expect(shown?.arrayValue?.contains { $0["code"] == "foreground-color" } == false, "\(profile)")
        #expect(try await client.shutdownAndExit() == 0)
    }
}
