import Foundation
import GotchasCore

/// A lint result and exactly what it was computed from.
struct LintSnapshot: Sendable {
    var version: Int
    var openGeneration: Int
    var configurationGeneration: Int
    var result: LintResult

    func matches(_ open: OpenDocument, configurationGeneration: Int) -> Bool {
        version == open.version && openGeneration == open.openGeneration
            && self.configurationGeneration == configurationGeneration
    }

    /// The pull-diagnostics result ID of this result.
    var resultID: String { "\(openGeneration).\(version).\(configurationGeneration)" }
}

/// Linting runs off the message loop, at most one lint per document at a time. When
/// edits arrive faster than linting, the versions in between are never linted: when a
/// lint finishes for a version that is no longer current, its result is dropped (never
/// published) and the newest version is linted instead.
extension LanguageServer {
    /// At most one lint per core runs at once: an editor restoring 50 tabs would
    /// otherwise hold 50 trees in memory together. The rest wait their turn, in order.
    var maximumConcurrentLints: Int { options.maximumConcurrentLints }

    /// `quietIfUnchanged`: the workspace index asked (a declaration changed in another
    /// file); the result is pushed only if it differs from what was last pushed. The flag
    /// travels with the lint it starts, so an edit or configuration change in between
    /// always gets its publish.
    func scheduleLint(_ uri: String, quietIfUnchanged: Bool = false) {
        guard !lintsInFlight.contains(uri), let open = documents[uri], let snapshot = snapshot(of: uri) else { return }
        if let cached = snapshot.cachedLint {
            publish(cached, for: snapshot, quietIfUnchanged: quietIfUnchanged)
            return
        }
        guard lintsInFlight.count < maximumConcurrentLints else {
            if !waitingLints.contains(uri) { waitingLints.append(uri) }
            waitingQuietly[uri] = (waitingQuietly[uri] ?? true) && quietIfUnchanged
            return
        }
        waitingLints.removeAll { $0 == uri }
        waitingQuietly[uri] = nil
        lintsInFlight.insert(uri)
        let delay = options.lintDelay
        let generation = configuration.generation
        let openGeneration = open.openGeneration
        Task.detached {
            if delay > .zero { try? await Task.sleep(for: delay) }
            let (result, parsed, memo) = snapshot.parseAndLint()
            await self.lintFinished(snapshot: snapshot, result: result, parsed: parsed, memo: memo, openGeneration: openGeneration,
                                    configurationGeneration: generation, quietIfUnchanged: quietIfUnchanged)
        }
    }

    private func lintFinished(snapshot: DocumentSnapshot, result: LintResult, parsed: IncrementallyParsedFile?, memo: LintMemo?,
                              openGeneration: Int, configurationGeneration: Int, quietIfUnchanged: Bool) {
        lintsInFlight.remove(snapshot.uri)
        defer { startWaitingLints() }
        // The tree is worth keeping even when the result is stale: it is the base of the next reparse.
        if let parsed {
            documents.keepParse(parsed, memo: memo, uri: snapshot.uri, openGeneration: openGeneration, revision: snapshot.revision)
        }
        guard let open = documents[snapshot.uri] else { return }  // closed meanwhile
        let finished = LintSnapshot(version: snapshot.version ?? 0, openGeneration: openGeneration,
                                    configurationGeneration: configurationGeneration, result: result)
        guard finished.matches(open, configurationGeneration: configuration.generation) else {
            log("dropping the lint of \(snapshot.uri) v\(finished.version): now at v\(open.version), configuration \(configuration.generation)")
            relintAfterFlight.remove(snapshot.uri)
            scheduleLint(snapshot.uri)
            return
        }
        lintResults[snapshot.uri] = finished
        if let reason = result.notLintedReason { showProblem("\(snapshot.document.path) is not linted: \(reason)") }
        publish(result, for: snapshot, quietIfUnchanged: quietIfUnchanged)
        if result.fileIndex.path == snapshot.document.path { indexAfterLint(result.fileIndex) }
        if parsed?.mayDifferFromFullParse == true { confirmWithFullParse(snapshot, openGeneration: openGeneration) }
        // The workspace index changed while this lint ran: lint again with the new one.
        if relintAfterFlight.remove(snapshot.uri) != nil {
            lintResults[snapshot.uri] = nil
            scheduleLint(snapshot.uri, quietIfUnchanged: true)
        }
    }

    private func startWaitingLints() {
        while lintsInFlight.count < maximumConcurrentLints, !waitingLints.isEmpty {
            let uri = waitingLints.removeFirst()
            scheduleLint(uri, quietIfUnchanged: waitingQuietly.removeValue(forKey: uri) ?? false)
        }
    }

    /// A reparse in text with syntax errors was published at once; a full parse of the
    /// same version follows in the background, becomes the base of the next reparse, and
    /// its diagnostics replace the published ones when they differ. So what the editor
    /// ends up showing never depends on the edit history.
    private func confirmWithFullParse(_ snapshot: DocumentSnapshot, openGeneration: Int) {
        var full = snapshot
        full.parseBase = nil
        let generation = configuration.generation
        Task.detached {
            // While the user types, every version is soon outdated: confirm only the one
            // that stays, and leave the cores to the lints of the new versions.
            try? await Task.sleep(for: Self.confirmationDelay)
            guard await self.isCurrent(full, openGeneration: openGeneration) else { return }
            let (result, parsed, memo) = full.parseAndLint()
            await self.fullParseConfirmed(full, result: result, parsed: parsed, memo: memo, openGeneration: openGeneration, configurationGeneration: generation)
        }
    }

    static let confirmationDelay: Duration = .milliseconds(250)

    private func isCurrent(_ snapshot: DocumentSnapshot, openGeneration: Int) -> Bool {
        guard let open = documents[snapshot.uri] else { return false }
        return open.version == snapshot.version && open.openGeneration == openGeneration
    }

    private func fullParseConfirmed(_ snapshot: DocumentSnapshot, result: LintResult, parsed: IncrementallyParsedFile?, memo: LintMemo?,
                                    openGeneration: Int, configurationGeneration: Int) {
        guard let open = documents[snapshot.uri] else { return }
        let confirmed = LintSnapshot(version: snapshot.version ?? 0, openGeneration: openGeneration,
                                     configurationGeneration: configurationGeneration, result: result)
        guard confirmed.matches(open, configurationGeneration: configuration.generation) else { return }  // a newer lint follows
        if let parsed { documents.keepParse(parsed, memo: memo, uri: snapshot.uri, openGeneration: openGeneration, revision: snapshot.revision) }
        lintResults[snapshot.uri] = confirmed
        publish(result, for: snapshot, quietIfUnchanged: true)
    }

    /// Pushes diagnostics unless the client pulls them. A re-lint the workspace index
    /// asked for (a declaration changed in another file) that finds exactly what was last
    /// pushed is not pushed again: no need to make the editor redraw.
    func publish(_ result: LintResult, for snapshot: DocumentSnapshot, quietIfUnchanged: Bool = false) {
        guard !capabilities.pullDiagnostics else { return }
        var params: [String: JSON] = ["uri": .string(snapshot.uri), "diagnostics": .array(snapshot.lspDiagnostics(result))]
        if let version = snapshot.version { params["version"] = .int(version) }
        let message = JSON.object(params)
        if quietIfUnchanged, lastPublished[snapshot.uri] == message { return }
        lastPublished[snapshot.uri] = message
        sendNotification(LSPMethod.publishDiagnostics, message)
    }

    /// Re-lints every open document (after a configuration change) and asks pulling
    /// clients to pull again.
    func relintOpenDocuments() {
        for uri in documents.uris { scheduleLint(uri) }
        if capabilities.pullDiagnostics, capabilities.diagnosticRefresh {
            sendRequest(LSPMethod.diagnosticRefresh, .null)
        }
    }
}
