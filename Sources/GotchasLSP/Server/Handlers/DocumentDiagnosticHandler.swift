import GotchasCore

/// `textDocument/diagnostic` (pull). The result ID names the document version, the
/// time it was opened and the configuration generation; a client that already holds
/// it gets an `unchanged` report.
enum DocumentDiagnosticHandler: DocumentRequestHandler {
    static let method = LSPMethod.documentDiagnostic
    typealias Params = DocumentDiagnosticParams
    typealias Result = DocumentDiagnosticReport

    static func answerWithoutWork(_ params: DocumentDiagnosticParams, snapshot: DocumentSnapshot) -> Answer<DocumentDiagnosticReport>? {
        guard let resultID = snapshot.resultID, params.previousResultID == resultID else { return nil }
        return .success(.unchanged(resultID: resultID))
    }

    static func run(_ params: DocumentDiagnosticParams, snapshot: DocumentSnapshot) -> Answer<DocumentDiagnosticReport> {
        .success(.full(resultID: snapshot.resultID, items: snapshot.lspDiagnostics(snapshot.lint())))
    }
}
