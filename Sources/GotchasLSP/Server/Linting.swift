#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// Linting runs off the message loop; `LintScheduler` decides what runs when, this
/// extension starts the tasks and acts on their results.
extension LanguageServer {
    /// `quietIfUnchanged`: the workspace index asked (a declaration changed in another
    /// file); the result is pushed only if it differs from what was last pushed. The flag
    /// travels with the lint it starts, so an edit or configuration change in between
    /// always gets its publish.
    func scheduleLint(_ uri: String, quietIfUnchanged: Bool = false) {
        // The lint state is kept under the URI the document was opened with.
        guard let uri = documents[uri]?.uri else { return }
        guard !lints.isInFlight(uri), let open = documents[uri], let snapshot = snapshot(of: uri) else { return }
        // Linted once the baseline is read (`baselineRead` re-lints every open document).
        guard !snapshot.baselinePending else { return }
        if let cached = snapshot.cachedLint {
            publish(cached, for: snapshot, quietIfUnchanged: quietIfUnchanged)
            return
        }
        guard lints.admit(uri, quietIfUnchanged: quietIfUnchanged) == .start else { return }
        let delay = options.lintDelay
        let generation = configuration.generation
        let openGeneration = open.openGeneration
        let scheduled = ContinuousClock.now
        executors.background {
            if delay > .zero { try? await Task.sleep(for: delay) }
            var timing = LintTiming(scheduled: scheduled)
            timing.started = .now
            let (result, parsed, memo) = snapshot.parseAndLint()
            timing.linted = .now
            let resultID = snapshot.resultID(of: result, memo: memo)
            timing.answered = .now
            await self.lintFinished(snapshot: snapshot, result: result, resultID: resultID, parsed: parsed, memo: memo,
                                    openGeneration: openGeneration, configurationGeneration: generation, quietIfUnchanged: quietIfUnchanged,
                                    timing: timing)
        }
    }

    private func lintFinished(snapshot: DocumentSnapshot, result: LintResult, resultID: String, parsed: IncrementallyParsedFile?,
                              memo: LintMemo?, openGeneration: Int, configurationGeneration: Int, quietIfUnchanged: Bool,
                              timing: LintTiming) {
        var timing = timing
        timing.backOnLoop = .now
        defer {
            startWaitingLints()
            // Where the time of an edit goes (a log file only: one line per lint).
            if log.keepsEveryLine { log(timing.line(uri: snapshot.uri, version: snapshot.version ?? 0, done: .now)) }
        }
        // The tree is worth keeping even when the result is stale: it is the base of the next reparse.
        if let parsed {
            documents.keepParse(parsed, memo: memo, uri: snapshot.uri, openGeneration: openGeneration, revision: snapshot.revision)
        }
        let finished = LintSnapshot(version: snapshot.version ?? 0, openGeneration: openGeneration,
                                    configurationGeneration: configurationGeneration, result: result, resultID: resultID)
        switch lints.finished(snapshot.uri, finished, open: documents[snapshot.uri], configurationGeneration: configuration.generation) {
        case .closed:
            return
        case .stale:
            logToClient("dropping the lint of \(snapshot.uri) v\(finished.version): now at v\(documents[snapshot.uri]?.version ?? 0), configuration \(configuration.generation)", type: .log)
            scheduleLint(snapshot.uri)
            return
        case .current:
            break
        }
        if let reason = result.notLintedReason { showProblem("\(snapshot.document.path) is not linted: \(reason)") }
        publish(result, for: snapshot, quietIfUnchanged: quietIfUnchanged)
        timing.published = .now
        if result.fileIndex.path == snapshot.document.path {
            // A document being edited: its index waits for a pause in the edits. One just opened (an
            // editor restoring tabs) is merged at once, each index replacing its disk version as it comes.
            if snapshot.revision > 0 {
                indexAfterDocumentLint(result.fileIndex, uri: snapshot.uri, openGeneration: openGeneration)
            } else {
                indexAfterLint(result.fileIndex)
            }
        }
        if parsed?.mayDifferFromFullParse == true { confirmWithFullParse(snapshot, openGeneration: openGeneration) }
        // The workspace index changed while this lint ran: lint again with the new one.
        if lints.takeRelintAfterFlight(snapshot.uri) { scheduleLint(snapshot.uri, quietIfUnchanged: true) }
    }

    private func startWaitingLints() {
        while let next = lints.nextWaiting() {
            scheduleLint(next.uri, quietIfUnchanged: next.quietIfUnchanged)
        }
        if documentLintsSettled { inFlight.resumeIndexing() }
        returnFreedMemoryIfIdle()
    }

    /// A reparse in text with syntax errors was published at once; a full parse of the
    /// same version follows in the background, becomes the base of the next reparse, and
    /// its diagnostics replace the published ones when they differ. So what the editor
    /// ends up showing never depends on the edit history.
    private func confirmWithFullParse(_ snapshot: DocumentSnapshot, openGeneration: Int) {
        var full = snapshot
        full.parseBase = nil
        let generation = configuration.generation
        executors.background { [full] in
            // While the user types, every version is soon outdated: confirm only the one
            // that stays, and leave the cores to the lints of the new versions.
            try? await Task.sleep(for: Self.confirmationDelay)
            guard await self.isCurrent(full, openGeneration: openGeneration) else { return }
            let (result, parsed, memo) = full.parseAndLint()
            let resultID = full.resultID(of: result, memo: memo)
            await self.fullParseConfirmed(full, result: result, resultID: resultID, parsed: parsed, memo: memo,
                                          openGeneration: openGeneration, configurationGeneration: generation)
        }
    }

    static let confirmationDelay: Duration = .milliseconds(250)

    private func isCurrent(_ snapshot: DocumentSnapshot, openGeneration: Int) -> Bool {
        guard let open = documents[snapshot.uri] else { return false }
        return open.version == snapshot.version && open.openGeneration == openGeneration
    }

    private func fullParseConfirmed(_ snapshot: DocumentSnapshot, result: LintResult, resultID: String, parsed: IncrementallyParsedFile?,
                                    memo: LintMemo?, openGeneration: Int, configurationGeneration: Int) {
        guard let open = documents[snapshot.uri] else { return }
        let confirmed = LintSnapshot(version: snapshot.version ?? 0, openGeneration: openGeneration,
                                     configurationGeneration: configurationGeneration, result: result, resultID: resultID)
        guard confirmed.matches(open, configurationGeneration: configuration.generation) else { return }  // a newer lint follows
        if let parsed { documents.keepParse(parsed, memo: memo, uri: snapshot.uri, openGeneration: openGeneration, revision: snapshot.revision) }
        lints.confirm(snapshot.uri, confirmed)
        publish(result, for: snapshot, quietIfUnchanged: true)
    }

    /// Pushes diagnostics unless the client pulls them (or the scheduler finds them
    /// unchanged for a quiet re-lint).
    func publish(_ result: LintResult, for snapshot: DocumentSnapshot, quietIfUnchanged: Bool = false) {
        // After `shutdown` the client may have let go of the connection (as for logToClient).
        guard !capabilities.pullDiagnostics, phase == .running else { return }
        var params: [String: JSON] = ["uri": .string(snapshot.uri), "diagnostics": .array(snapshot.lspDiagnostics(result))]
        if let version = snapshot.version { params["version"] = .int(version) }
        let message = JSON.object(params)
        guard lints.shouldPublish(message, for: snapshot.uri, quietIfUnchanged: quietIfUnchanged) else { return }
        sendNotification(LSPMethod.publishDiagnostics, message)
    }

    /// Re-lints every open document (after a configuration change) and asks pulling
    /// clients to pull again.
    func relintOpenDocuments() {
        for uri in documents.uris { scheduleLint(uri) }
        requestDiagnosticRefresh()
    }
}

/// The moments of one lint, for the log file: waiting for a work thread, parsing and linting,
/// answering the file's workspace questions for its result ID, waiting for the loop, and the
/// loop's own part (publish, index update).
struct LintTiming: Sendable {
    var scheduled: ContinuousClock.Instant
    var started: ContinuousClock.Instant?
    var linted: ContinuousClock.Instant?
    var answered: ContinuousClock.Instant?
    var backOnLoop: ContinuousClock.Instant?
    /// The diagnostics were sent (what follows on the loop is the index update and its re-lints).
    var published: ContinuousClock.Instant?

    func line(uri: String, version: Int, done: ContinuousClock.Instant) -> String {
        func ms(_ from: ContinuousClock.Instant?, _ to: ContinuousClock.Instant?) -> String {
            guard let from, let to else { return "-" }
            let duration = to - from
            return (Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15).decimalText(places: 1)
        }
        return "lint \(uri) v\(version): queued \(ms(scheduled, started)) ms, parse+lint \(ms(started, linted)) ms, "
            + "answers \(ms(linted, answered)) ms, to the loop \(ms(answered, backOnLoop)) ms, on the loop \(ms(backOnLoop, done)) ms"
            + " (publish \(ms(backOnLoop, published)) ms, index \(ms(published, done)) ms)"
    }
}
