import GotchasCore

/// `textDocument/diagnostic` (pull). The result ID names the document version, the
/// time it was opened and the configuration generation; a client that already holds
/// it gets an `unchanged` report.
enum DocumentDiagnosticHandler: DocumentRequestHandler {
    static let method = LSPMethod.documentDiagnostic
    typealias Params = DocumentDiagnosticParams

    static func answerWithoutWork(_ params: DocumentDiagnosticParams, snapshot: DocumentSnapshot) -> Result<JSON, ResponseError>? {
        guard let resultID = snapshot.resultID, params.previousResultID == resultID else { return nil }
        return .success(["kind": "unchanged", "resultId": .string(resultID)])
    }

    static func run(_ params: DocumentDiagnosticParams, snapshot: DocumentSnapshot) -> Result<JSON, ResponseError> {
        .success(["kind": "full", "resultId": snapshot.resultID.map(JSON.string) ?? .null,
                  "items": .array(snapshot.lspDiagnostics(snapshot.lint()))])
    }
}
