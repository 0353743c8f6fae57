import GotchasCore

/// A pulled report's result ID names what the report was computed from, so a client that
/// holds it gets `unchanged` exactly when computing again would give the same items:
/// - the text: an open document's open generation and version, or a digest of the bytes of
///   a file read from disk;
/// - the configuration generation (editor settings, configuration and project settings files);
/// - a digest of the workspace's answers to the questions the file's rules asked
///   (`WorkspaceQueries.answerDigest`): a change in another file that the file's findings
///   depend on changes the ID; an unrelated one does not, so nothing is re-sent for it;
/// - `incomplete` while the workspace index is being built, when the rules asked anything,
///   so the first report after indexing differs from the early ones even if a partial
///   answer hashed like the complete one (a file that asked nothing cannot change with it);
/// - the server's session, so a restarted server never matches an ID of the one before.
struct PullResultID: Sendable, Equatable {
    /// The text and configuration part, known before linting.
    var base: String

    static func open(session: String, openGeneration: Int, version: Int, configurationGeneration: Int) -> PullResultID {
        PullResultID(base: "\(session).open\(openGeneration).v\(version).c\(configurationGeneration)")
    }

    static func disk(session: String, bytes: [UInt8], configurationGeneration: Int) -> PullResultID {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }  // in one call: an Array's `combine` feeds byte by byte
        return PullResultID(base: "\(session).disk\(Self.text(hasher.finalize())).c\(configurationGeneration)")
    }

    /// The ID of a lint of this text whose rules asked `queries`, answered by `workspace`.
    /// `known`: a memo of a lint with `workspace`, whose answers need not be computed again.
    func resultID(asked queries: WorkspaceQueries, path: String, workspace: WorkspaceIndex, known: LintMemo? = nil) -> String {
        let answers = Self.text(queries.answerDigest(by: workspace, forFileAt: path, known: known))
        return "\(base).w\(answers)" + (workspace.isComplete || queries.isEmpty ? "" : ".incomplete")
    }

    private static func text(_ digest: Int) -> String { String(UInt(bitPattern: digest), radix: 36) }
}

/// What the last pulled report of a file read from disk was computed from: its text and
/// configuration (`base`) and the questions its rules asked. A `workspace/diagnostic` poll
/// then names the file's result ID without linting it while neither changed, and lints
/// only the files whose text, configuration or answers did.
struct DiskPullMemo: Sendable {
    var base: PullResultID
    var queries: WorkspaceQueries
}

/// What reading and linting a file from disk for a pulled report needs, taken on the loop.
struct DiskPullContext: Sendable {
    var session: String
    var configurationGeneration: Int
    var configuration: ConfigurationStore.Resolved
    var capabilities: ClientCapabilities
    var linter: Linter
    var workspace: WorkspaceIndex
    /// The configuration's baseline, as read.
    var baseline: BaselineStore.Active?
    /// The configuration names a baseline not read yet: `baseline` is to be waited for
    /// (`LanguageServer.waitForBaseline`) before `report`.
    var baselinePending = false

    /// The report of the file at `path` as it is on disk (nil: `SourceFilePolicy` rejects it,
    /// as `lint` would), `unchanged` when the client's `previous` ID still names it; and what
    /// to remember for the next poll. Reads and, unless `memo` answers, lints: off the loop.
    func report(path: String, uri: String, previous: String?, memo: DiskPullMemo?) -> (report: DocumentDiagnosticReport, memo: DiskPullMemo)? {
        guard let document = try? SourceFilePolicy.document(atPath: path) else { return nil }
        let base = PullResultID.disk(session: session, bytes: document.bytes, configurationGeneration: configurationGeneration)
        if let memo, memo.base == base, let previous,
           previous == base.resultID(asked: memo.queries, path: path, workspace: workspace) {
            return (.unchanged(resultID: previous), memo)
        }
        var snapshot = DocumentSnapshot(uri: uri, version: nil, document: document, configuration: configuration,
                                        capabilities: capabilities, linter: linter, workspace: workspace, cachedLint: nil,
                                        pullID: base)
        snapshot.baseline = baseline
        let result = snapshot.lint()
        let resultID = snapshot.resultID(of: result)
        let report: DocumentDiagnosticReport = previous == resultID
            ? .unchanged(resultID: resultID) : .full(resultID: resultID, items: snapshot.lspDiagnostics(result))
        return (report, DiskPullMemo(base: base, queries: result.fileIndex.queries))
    }
}
