import GotchasCore

/// `textDocument/didClose`: forget the document, clear its diagnostics, and index
/// its disk text again.
enum DidCloseHandler: NotificationHandler {
    static let method = LSPMethod.didClose
    typealias Params = TextDocumentIdentifierParams

    static func handle(_ params: TextDocumentIdentifierParams, server: isolated LanguageServer) {
        let uri = params.uri
        guard server.documents.close(uri: uri) != nil else { return }
        server.lints.closed(uri)
        // The index goes back to what is on disk for this file.
        server.reindexFromDisk(path: DocumentStore.path(of: uri))
        if !server.capabilities.pullDiagnostics {
            server.sendNotification(LSPMethod.publishDiagnostics, ["uri": .string(uri), "diagnostics": []])
        }
    }
}
