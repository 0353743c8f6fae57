#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// Everything background work needs about one document at one version: the text, the
/// resolved configuration, the client's position encoding and capabilities, and the lint
/// result when it is already known. A value, so it can leave the actor.
struct DocumentSnapshot: Sendable {
    var uri: String
    /// nil for a file read from disk that the client has not opened.
    var version: Int?
    var document: SourceDocument
    var configuration: ConfigurationStore.Resolved
    var capabilities: ClientCapabilities
    var linter: Linter
    /// The workspace's declarations when the snapshot was taken.
    var workspace: WorkspaceIndex = .empty
    var cachedLint: LintResult?
    /// The document's revision (see `OpenDocument.revision`).
    var revision = 0
    /// An earlier parse and the edits since, when the document can be reparsed incrementally.
    var parseBase: ParseBase?

    struct ParseBase: Sendable {
        var file: IncrementallyParsedFile
        var edits: [ByteEdit]
        /// What the lint of that parse can hand over to the next one.
        var memo: LintMemo?
    }

    /// What this text's pull result IDs start with (`PullResultID`).
    var pullID: PullResultID?
    /// The result ID of `cachedLint`, named when it was linted (with the workspace it was linted with).
    var cachedResultID: String?

    /// The pull result ID of `result`, this snapshot's `lint()`: linted now, with `workspace`;
    /// or the cached lint (which `lint()` returns when there is one), with the ID it was given
    /// when it was linted — `workspace` may have moved on since.
    /// `memo`: the memo `parseAndLint` returned with `result` (its answers are this `workspace`'s).
    func resultID(of result: LintResult, memo: LintMemo? = nil) -> String {
        if cachedLint != nil, let cachedResultID { return cachedResultID }
        let base = pullID ?? PullResultID(base: "\(uri).v\(version ?? 0)")
        return base.resultID(asked: result.fileIndex.queries, path: document.path, workspace: workspace, known: memo)
    }
    /// The configuration's baseline: the findings it records are not shown.
    var baseline: BaselineStore.Active?
    /// The configuration names a baseline still being read: a push waits for it.
    var baselinePending = false

    /// What a background answer about this snapshot is checked against (ContentModified).
    var documentVersion: (uri: String, version: Int) { (uri, version ?? 0) }

    var converter: PositionConverter { PositionConverter(encoding: capabilities.positionEncoding) }

    /// The diagnostics of this version (linting now if they are not cached).
    /// The diagnostics of this version as a full parse gives them (pull requests,
    /// code actions): an incremental tree that may differ is confirmed first.
    func lint() -> LintResult {
        let (result, parsed, _) = parseAndLint()
        guard parsed?.mayDifferFromFullParse == true else { return result }
        var full = self
        full.parseBase = nil
        return full.parseAndLint().result
    }

    /// The diagnostics of this version, and the parse made for them with what its lint
    /// hands over to the next (nil when the result was cached or the file is excluded).
    /// Reparses incrementally from `parseBase`, and re-walks only the top-level items the
    /// edits touched (`Linter.lintIncrementally`).
    func parseAndLint() -> (result: LintResult, parsed: IncrementallyParsedFile?, memo: LintMemo?) {
        if let cachedLint { return (cachedLint, nil, nil) }
        guard !isConfigurationFile else { return (LintResult.empty, nil, nil) }  // see configurationDiagnostics
        guard configuration.includesFile else { return (LintResult.empty, nil, nil) }
        let parsed = parseBase.map { $0.file.reparsed(document, after: $0.edits) } ?? IncrementallyParsedFile(document: document)
        var (result, memo) = linter.lintIncrementally(parsed.file, configuration: configuration.rules, workspace: workspace,
                                                      after: parseBase?.memo)
        // After the lint: the memo keeps every finding, so a changed baseline needs no re-walk.
        if let baseline {
            var matcher = Baseline.Matcher(baseline.baseline)
            result.diagnostics = BaselineFile.unhidden(result.diagnostics, in: document, baselinePath: baseline.path, matcher: &matcher)
        }
        return (result, parsed, memo)
    }

    func documentationURL(for ruleID: String) -> String {
        var base = configuration.docsBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/\(ruleID).md"
    }
}

extension LanguageServer {
    /// A snapshot of an open document, or nil when it is not open. `uri` may spell the
    /// document's URI otherwise than the client opened it; the snapshot has the opened one.
    func snapshot(of uri: String) -> DocumentSnapshot? {
        guard let open = documents[uri] else { return nil }
        let uri = open.uri
        let (resolved, problems) = configuration.resolve(forPath: open.document.path)
        problems.forEach(showProblem)
        showConfigurationWarnings()
        let (baselineState, baseline) = baselines.lookup(resolved.baselinePath)
        if case .pending(startRead: true) = baselineState, let path = resolved.baselinePath { readBaseline(path) }
        let cached = lints.cachedSnapshot(uri, open: open, configurationGeneration: configuration.generation)
        var snapshot = DocumentSnapshot(uri: uri, version: open.version, document: open.document, configuration: resolved,
                                        capabilities: capabilities, linter: linter, workspace: workspace.index, cachedLint: cached?.result,
                                        revision: open.revision, parseBase: cached == nil ? open.parseBase : nil,
                                        pullID: .open(session: session, openGeneration: open.openGeneration, version: open.version,
                                                      configurationGeneration: configuration.generation),
                                        cachedResultID: cached?.resultID)
        snapshot.baseline = baseline
        snapshot.baselinePending = baselineState != .ready && baselineState != .none
        return snapshot
    }

    /// Reads a configuration's baseline off the message loop; once read, every open
    /// document is linted again with it (lints of documents that need it wait until then).
    func readBaseline(_ path: String) {
        watchBaseline(path)
        executors.background {
            let result: Result<Baseline, BaselineFile.Problem>
            do throws(BaselineFile.Problem) {
                result = .success(try BaselineFile.load(path))
            } catch {
                result = .failure(error)
            }
            await self.baselineRead(path, result)
        }
    }

    /// The baseline at `path` once it is read (nil: unreadable or malformed): what a pull
    /// waits for rather than answering with findings the baseline hides (a read is off the
    /// loop and quick). Starts the read when nothing started it yet.
    func waitForBaseline(_ path: String) async -> BaselineStore.Active? {
        // A read outdated by a change of the file is followed by another: wait for that one too.
        for _ in 0..<4 {
            let (state, active) = baselines.lookup(path)
            guard case .pending(let startRead) = state else { return active }
            if startRead { readBaseline(path) }
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                // Asked again here, not trusted from above: entering the continuation may let the
                // loop run other jobs first (the read's end among them), and a waiter added after
                // that end would wait for ever (seen: a pull unanswered after 90 s).
                guard baselines.isReading(path) else { return waiter.resume() }
                baselines.waiters[path, default: []].append(waiter)
            }
        }
        return baselines.loaded(path)
    }

    private func baselineRead(_ path: String, _ result: Result<Baseline, BaselineFile.Problem>) {
        defer { for waiter in baselines.waiters.removeValue(forKey: path) ?? [] { waiter.resume() } }
        guard baselines.finished(path, result) else { return }
        if case .failure(let problem) = result { showProblem("swiftui-gotchas: \(problem) (nothing is hidden)") }
        configuration.invalidate()
        relintOpenDocuments()
    }

    static let baselineWatcherID = "swiftui-gotchas-baselines"

    /// Asks the client to watch the baseline at `path` too: the configuration watcher sees
    /// only `.swiftui-gotchas.json`, so a baseline rewritten by `lint --write-baseline` (or a
    /// checkout) would count only when saved in the editor. One registration holds every
    /// baseline in use; a new one replaces it (unregistered first: an ID is registered once).
    /// A `RelativePattern` (directory + file name) where the client supports it — VS Code
    /// matches a plain glob against workspace-relative paths only — else the absolute path.
    func watchBaseline(_ path: String) {
        guard capabilities.watchedFilesDynamicRegistration, baselines.watched.insert(path).inserted else { return }
        if baselines.watched.count > 1 {
            sendRequest(LSPMethod.unregisterCapability, ["unregisterations": [  // sic: the protocol's spelling
                ["id": .string(Self.baselineWatcherID), "method": .string(LSPMethod.didChangeWatchedFiles)]]])
        }
        let relative = capabilities.watchedFilesRelativePatterns
        let watchers: [JSON] = baselines.watched.sorted().map { path in
            guard relative else { return ["globPattern": .string(path)] }
            let url = URL(fileURLWithPath: path)
            return ["globPattern": ["baseUri": .string(DocumentStore.uri(ofPath: url.deletingLastPathComponent().path)),
                                    "pattern": .string(url.lastPathComponent)]]
        }
        sendRequest(LSPMethod.registerCapability, ["registrations": [
            ["id": .string(Self.baselineWatcherID), "method": .string(LSPMethod.didChangeWatchedFiles),
             "registerOptions": ["watchers": .array(watchers)]]]])
    }

    /// A baseline file was saved or changed on disk: read again, and re-lint. Returns
    /// false when `path` is no baseline the server uses.
    @discardableResult
    func reloadBaseline(path: String) -> Bool {
        guard baselines.isKnown(path) else { return false }
        baselines.forget(path)
        configuration.invalidate()
        relintOpenDocuments()
        return true
    }
}

extension LanguageServer {
    /// Unknown keys and rule IDs in configuration files just read: one warning per change
    /// of a file (the CLI reports them too; without this a typo would silently keep a rule on).
    func showConfigurationWarnings() {
        for warning in configuration.takeWarnings() {
            logToClient(warning, type: .warning)
            sendNotification(LSPMethod.showMessage, ["type": .int(MessageType.warning.rawValue), "message": .string(warning)])
        }
    }
}
