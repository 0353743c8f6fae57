/// `textDocument/didClose`: forget the document and clear its diagnostics.
extension LanguageServer {
    func handleDidClose(_ params: JSON) {
        guard case .success(let uri) = params.textDocumentURI() else { return }
        guard documents.close(uri: uri) != nil else { return }
        lintResults[uri] = nil
        if !capabilities.pullDiagnostics {
            sendNotification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
        }
    }
}
