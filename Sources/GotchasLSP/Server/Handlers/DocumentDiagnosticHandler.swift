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
    /// What resolving and linting files read from disk needs, taken on the loop as values.
    var diskPullSetup: DiskPullSetup {
        DiskPullSetup(session: session, configuration: configuration, capabilities: capabilities, linter: linter,
                      workspace: workspace.index, baselines: baselines)
    }

    /// The setup on the loop of a pulled report read from disk.
    func diskPullContext(forPath path: String) -> DiskPullContext {
        var setup = diskPullSetup
        let (context, problems) = setup.context(forPath: path)
        problems.forEach(showProblem)
        return context
    }

    /// `context` with its baseline once read, when it was still to be read (see `DiskPullContext.baselinePending`).
    nonisolated func withBaseline(_ context: DiskPullContext) async -> DiskPullContext {
        guard context.baselinePending, let path = context.configuration.baselinePath else { return context }
        var context = context
        context.baseline = await waitForBaseline(path)
        context.baselinePending = false
        return context
    }

    /// Answers a pull of a document that is not open from its disk text (an empty report
    /// when it cannot be read or `lint` would skip it).
    fileprivate func diskPull(path: String, uri: String, previous: String?, id: RequestID) {
        let context = diskPullContext(forPath: path)
        let memo = lints.diskPulls[path]
        respondInBackground(id, document: nil) { () async -> Answer<DiskPullOutcome> in
            let context = await self.withBaseline(context)
            return .success(DiskPullOutcome(path: path, pulled: context.report(path: path, uri: uri, previous: previous, memo: memo)))
        } then: { server, outcome in
            server.lints.diskPulls[outcome.path] = outcome.pulled?.memo
            return .success(outcome.pulled?.report ?? .full(resultID: nil, items: []))
        }
    }
}

/// A disk pull's answer, with what to remember of it.
struct DiskPullOutcome: Sendable {
    var path: String
    var pulled: (report: DocumentDiagnosticReport, memo: DiskPullMemo)?
}

/// The server's state a pull of files read from disk resolves them with, as values: a
/// workspace pull resolves the configuration of every file it walked in the background,
/// so the message loop never waits for those look-ups (a copy of `ConfigurationStore`:
/// the configuration files it loads on the way are loaded once per pull and not kept —
/// the actor's own store loads them when a lint needs them).
struct DiskPullSetup: Sendable {
    var session: String
    var configuration: ConfigurationStore
    var capabilities: ClientCapabilities
    var linter: Linter
    var workspace: WorkspaceIndex
    var baselines: BaselineStore

    /// The context of the file at `path`, and the configuration problems met (to show on the loop).
    mutating func context(forPath path: String) -> (DiskPullContext, problems: [String]) {
        let (resolved, problems) = configuration.resolve(forPath: path)
        var context = DiskPullContext(session: session, configurationGeneration: configuration.generation, configuration: resolved,
                                      capabilities: capabilities, linter: linter, workspace: workspace,
                                      baseline: baselines.loaded(resolved.baselinePath))
        context.baselinePending = baselines.isPending(resolved.baselinePath)
        return (context, problems)
    }
}
