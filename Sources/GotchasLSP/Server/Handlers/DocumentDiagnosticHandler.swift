import GotchasCore

/// `textDocument/diagnostic` (pull). The result ID names what the report was computed from
/// (`PullResultID`: text, configuration, the workspace's answers to the file's questions);
/// a client that already holds it gets an `unchanged` report. A document that is not open
/// (VS Code pulls after `didClose`, e.g. on a language-mode switch) is answered from disk:
/// an error would make VS Code stop pulling that file.
enum DocumentDiagnosticHandler: DocumentRequestHandler {
    static let method = LSPMethod.documentDiagnostic
    typealias Params = DocumentDiagnosticParams
    typealias Result = DocumentDiagnosticReport

    static func answerWithoutWork(_ params: DocumentDiagnosticParams, snapshot: DocumentSnapshot) -> Answer<DocumentDiagnosticReport>? {
        guard snapshot.cachedLint != nil, let resultID = snapshot.cachedResultID, params.previousResultID == resultID else { return nil }
        return .success(.unchanged(resultID: resultID))
    }

    static func run(_ params: DocumentDiagnosticParams, snapshot: DocumentSnapshot) -> Answer<DocumentDiagnosticReport> {
        let result = snapshot.lint()
        let resultID = snapshot.resultID(of: result)
        if params.previousResultID == resultID { return .success(.unchanged(resultID: resultID)) }
        return .success(.full(resultID: resultID, items: snapshot.lspDiagnostics(result)))
    }

    static func answerWhenNotOpen(_ params: DocumentDiagnosticParams, id: RequestID, server: isolated LanguageServer) -> Bool {
        let path = DocumentStore.path(of: params.uri)
        guard path.hasPrefix("/") else { return false }  // not a file: nothing to read
        server.diskPull(path: path, uri: params.uri, previous: params.previousResultID, id: id)
        return true
    }
}

extension LanguageServer {
    /// The setup on the loop of a pulled report read from disk.
    func diskPullContext(forPath path: String) -> DiskPullContext {
        let (resolved, problems) = configuration.resolve(forPath: path)
        problems.forEach(showProblem)
        return DiskPullContext(session: session, configurationGeneration: configuration.generation, configuration: resolved,
                               capabilities: capabilities, linter: linter, workspace: workspace.index,
                               baseline: baselines.loaded(resolved.baselinePath))
    }

    /// Answers a pull of a document that is not open from its disk text (an empty report
    /// when it cannot be read or `lint` would skip it).
    fileprivate func diskPull(path: String, uri: String, previous: String?, id: RequestID) {
        let context = diskPullContext(forPath: path)
        let memo = diskPulls[path]
        respondInBackground(id, document: nil) { () async -> Answer<DiskPullOutcome> in
            .success(DiskPullOutcome(path: path, pulled: context.report(path: path, uri: uri, previous: previous, memo: memo)))
        } then: { server, outcome in
            server.diskPulls[outcome.path] = outcome.pulled?.memo
            return .success(outcome.pulled?.report ?? .full(resultID: nil, items: []))
        }
    }
}

/// A disk pull's answer, with what to remember of it.
struct DiskPullOutcome: Sendable {
    var path: String
    var pulled: (report: DocumentDiagnosticReport, memo: DiskPullMemo)?
}
