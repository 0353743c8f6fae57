import Foundation
import GotchasCorpus
@testable import GotchasLSP
import ServerTestSupport
import Testing

/// The index walk parses its next file only once the open documents' lints have ended: an edit
/// is answered before indexing goes on.
@Suite struct IndexingYieldsToEditsTests {
    @Test func theWalkWaitsForALintInFlight() async throws {
        let folder = TemporaryDirectory()
        for file in SyntheticCorpus().appTree(files: 20) { _ = folder.write(file.path, file.text) }
        let uri = folder.uri("Open.swift")
        // The open document's lint stays in flight for a while (a slow machine, a large file):
        // a walk that did not wait would index the small tree and say so long before it ends.
        var options = ServerOptions().waitingForProgressAnswers()
        options.lintDelay = .seconds(2)
        let client = TestClient(options: options)
        _ = try await client.initialize(capabilities: ["window": ["workDoneProgress": true]], folders: [folder.path])
        // The walk starts only when the client answers its progress token: the lint is in flight by then.
        let create = try await client.next("workDoneProgress/create") { $0["method"] == "window/workDoneProgress/create" }
        await client.open(uri, "import SwiftUI\nstruct Open: View { var body: some View { Text(\"a\") } }\n")
        try await client.ping()
        await client.answer(create, result: .null)

        let published = try await client.nextReceived("the open document's diagnostics") {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params", "uri"]?.stringValue == uri
        }
        let indexed = try await client.nextReceived("the end of indexing") {
            $0["method"] == "window/logMessage" && $0["params", "message"]?.stringValue?.hasPrefix("indexed ") == true
        }
        #expect(published.arrived < indexed.arrived)
        #expect(try await client.shutdownAndExit() == 0)
    }
}
