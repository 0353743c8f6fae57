import GotchasCore

/// `textDocument/diagnostic` (pull). The result ID names the document version, the
/// time it was opened and the configuration generation; a client that already holds
/// it gets an `unchanged` report.
extension LanguageServer {
    func handleDocumentDiagnostic(id: RequestID, params: JSON) {
        guard case .success(let uri) = params.textDocumentURI() else {
            send(.failure(id: id, .invalidParams("textDocument/diagnostic needs textDocument.uri")))
            return
        }
        guard let open = documents[uri], let snapshot = snapshot(of: uri) else {
            send(.failure(id: id, .invalidParams("\(uri) is not open")))
            return
        }
        let resultID = LintSnapshot(version: open.version, openGeneration: open.openGeneration,
                                    configurationGeneration: configuration.generation, result: .empty).resultID
        if params["previousResultId"]?.stringValue == resultID {
            send(.success(id: id, ["kind": "unchanged", "resultId": .string(resultID)]))
            return
        }
        respondInBackground(id, document: (uri, open.version)) {
            .success(["kind": "full", "resultId": .string(resultID), "items": .array(snapshot.lspDiagnostics(snapshot.lint()))])
        }
    }
}
