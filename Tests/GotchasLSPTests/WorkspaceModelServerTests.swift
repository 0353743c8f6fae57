import Foundation
import GotchasCore
import GotchasCorpus
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
