import Foundation
import GotchasCore
import GotchasCorpus
import ServerTestSupport
import Testing

/// The workspace model's scenarios (`WorkspaceModelScenario`, shared with the CLI's
/// `WorkspaceModelCLITests`) through the server: the scenario is the workspace folder, indexed
/// in the background; every file is opened once indexing ended, and its published diagnostics
/// and quick fixes must say what `lint` says.
@Suite struct WorkspaceModelServerTests {
    @Test(arguments: WorkspaceModelScenario.all.map(\.name))
    func serverFindsWhatTheModelSays(_ name: String) async throws {
        let scenario = try #require(WorkspaceModelScenario.all.first { $0.name == name })
        let folder = TemporaryDirectory()
        for (path, text) in scenario.files { _ = folder.write(path, text) }
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        try await client.indexed()
        var found: [WorkspaceModelScenario.Found] = []
        for (path, text) in scenario.files.sorted(by: { $0.key < $1.key }) {
            let uri = folder.uri(path)
            await client.open(uri, text)
            let published = try await client.publishedDiagnostics(for: uri, version: 1)
            for diagnostic in published["params", "diagnostics"]?.arrayValue ?? [] where diagnostic["code"]?.stringValue == scenario.rule {
                found.append(WorkspaceModelScenario.Found(
                    path: path, rule: scenario.rule, line: (diagnostic["range", "start", "line"]?.intValue ?? -1) + 1,
                    fix: try await fixApplicability(of: diagnostic, in: uri, client: client),
                    message: diagnostic["message"]?.stringValue ?? ""))
            }
        }
        #expect(scenario.mismatches(found) == [])
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// The model's answers follow edits of other open documents: when `Ticket`'s body stops
    /// reading `priceText`, the formatter in `Ticket+Formatting.swift` is no longer reached, and
    /// that document is published again without its finding (and with it once more when the
    /// body reads it again).
    @Test func bodyReachFollowsEditsInAnotherFile() async throws {
        let scenario = WorkspaceModelScenario.formatterProperties
        let folder = TemporaryDirectory()
        for (path, text) in scenario.files { _ = folder.write(path, text) }
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        try await client.indexed()
        let ticket = folder.uri("Ticket.swift"), formatting = folder.uri("Ticket+Formatting.swift")
        @Sendable func flagged(_ message: JSON) -> Bool {
            message["params", "diagnostics"]?.arrayValue?.contains { $0["code"] == "formatter-in-body" } == true
        }
        await client.open(formatting, scenario.files["Ticket+Formatting.swift"]!)
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == formatting && flagged($0) }
        let text = scenario.files["Ticket.swift"]!
        await client.open(ticket, text)
        let unread = text.replacingOccurrences(of: "Button(priceText)", with: "Button(\"Price\")")
        await client.change(ticket, version: 2, [["text": .string(unread)]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == formatting && !flagged($0) }
        await client.change(ticket, version: 3, [["text": .string(text)]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == formatting && flagged($0) }
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// The menu-content answer follows edits of another open document: when `Row` also builds
    /// `RowMenu` outside its context menu, `RowMenu.swift` is published again with the finding
    /// (its symbol can now morph), and without it once the edit is undone.
    @Test func menuContentFollowsEditsInAnotherFile() async throws {
        let scenario = WorkspaceModelScenario.menuContentViews
        let folder = TemporaryDirectory()
        for (path, text) in scenario.files { _ = folder.write(path, text) }
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        try await client.indexed()
        let row = folder.uri("Views/Row.swift"), menu = folder.uri("Views/RowMenu.swift")
        @Sendable func flagged(_ message: JSON) -> Bool {
            message["params", "diagnostics"]?.arrayValue?.contains { $0["code"] == "symbol-variant-by-name" } == true
        }
        await client.open(menu, scenario.files["Views/RowMenu.swift"]!)
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == menu && !flagged($0) }
        let text = scenario.files["Views/Row.swift"]!
        await client.open(row, text)
        let outside = text.replacingOccurrences(of: "Text(\"Row\")", with: "RowMenu()")
        await client.change(row, version: 2, [["text": .string(outside)]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == menu && flagged($0) }
        await client.change(row, version: 3, [["text": .string(text)]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == menu && !flagged($0) }
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// "safe" or "unsafe" for the diagnostic's own fix among its quick fixes, nil without one
    /// (the fix-all, disable and documentation actions are not its fix).
    func fixApplicability(of diagnostic: JSON, in uri: String, client: TestClient) async throws -> String? {
        let response = try await client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": diagnostic["range"] ?? .null,
            "context": ["diagnostics": [diagnostic]],
        ])
        let fixes = (response["result"]?.arrayValue ?? []).compactMap(\.["title"]?.stringValue).filter { title in
            !["Fix all", "Disable", "Show documentation"].contains { title.hasPrefix($0) }
        }
        guard let fix = fixes.first else { return nil }
        return fix.contains("(unsafe") ? "unsafe" : "safe"
    }
}
