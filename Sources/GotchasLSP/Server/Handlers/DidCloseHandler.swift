import GotchasCore

/// `textDocument/didClose`: forget the document, clear its diagnostics, and index
/// its disk text again.
enum DidCloseHandler: NotificationHandler {
    static let method = LSPMethod.didClose
    typealias Params = TextDocumentIdentifierParams

    static func handle(_ params: TextDocumentIdentifierParams, server: isolated LanguageServer) {
        // Cleared under the URI it was opened with, whichever spelling the close names.
        guard let uri = server.documents.close(uri: params.uri)?.uri else { return }
        server.lints.closed(uri)
        // The index goes back to what is on disk for this file.
        server.reindexFromDisk(path: DocumentStore.path(of: uri))
        if !server.capabilities.pullDiagnostics {
            server.sendNotification(LSPMethod.publishDiagnostics, ["uri": .string(uri), "diagnostics": []])
        }
    }
}
