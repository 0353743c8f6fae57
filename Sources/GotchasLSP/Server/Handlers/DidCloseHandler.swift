import GotchasCore

/// `textDocument/didClose`: forget the document, clear its diagnostics, and index
/// its disk text again.
extension LanguageServer {
    func handleDidClose(_ params: JSON) {
        guard case .success(let uri) = params.textDocumentURI() else { return }
        guard documents.close(uri: uri) != nil else { return }
        lintResults[uri] = nil
        lastPublished[uri] = nil
        // The index goes back to what is on disk for this file.
        reindexFromDisk(path: DocumentStore.path(of: uri))
        if !capabilities.pullDiagnostics {
            sendNotification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
        }
    }
}
