import GotchasCore

/// A lint result and exactly what it was computed from.
struct LintSnapshot: Sendable {
    var version: Int
    var openGeneration: Int
    var configurationGeneration: Int
    var result: LintResult
    /// Its pull result ID (`PullResultID`: with the digest of the answers of the workspace it was linted with).
    var resultID: String

    func matches(_ open: OpenDocument, configurationGeneration: Int) -> Bool {
        version == open.version && openGeneration == open.openGeneration
            && self.configurationGeneration == configurationGeneration
    }

}

/// Which lints run, which wait, and which results are still good: every scheduling
/// decision, with no tasks and no I/O (the server acts on the answers; see Linting.swift).
///
/// At most one lint per document runs at a time, and at most `maximumConcurrent` in all:
/// an editor restoring 50 tabs would otherwise hold 50 trees in memory together. The
/// rest wait their turn, oldest first. A lint that finishes for a version that is no
/// longer current is dropped and the newest version is linted instead, so the versions
/// in between are never linted.
struct LintScheduler: Sendable {
    let maximumConcurrent: Int
    /// The newest good result per open document (may be stale: check with `cachedResult`).
    private(set) var results: [String: LintSnapshot] = [:]
    private(set) var inFlight: Set<String> = []
    /// Documents waiting for a free slot, oldest first.
    private(set) var waiting: [String] = []
    /// Per waiting document: whether every request that put it there came from the
    /// workspace index (then an unchanged result is not pushed again).
    private var waitingQuietly: [String: Bool] = [:]
    /// Documents whose lint was running when the workspace index changed under it.
    private var relintAfterFlight: Set<String> = []
    /// What the last pulled report of each file read from disk was computed from, by path.
    var diskPulls: [String: DiskPullMemo] = [:]
    /// The last publishDiagnostics sent per document (cleared on close).
    private var lastPublished: [String: JSON] = [:]

    init(maximumConcurrent: Int) { self.maximumConcurrent = maximumConcurrent }

    func isInFlight(_ uri: String) -> Bool { inFlight.contains(uri) }

    /// The result of `open` as it is now, when one is recorded.
    func cachedResult(_ uri: String, open: OpenDocument, configurationGeneration: Int) -> LintResult? {
        cachedSnapshot(uri, open: open, configurationGeneration: configurationGeneration)?.result
    }

    /// The same, with its result ID.
    func cachedSnapshot(_ uri: String, open: OpenDocument, configurationGeneration: Int) -> LintSnapshot? {
        results[uri].flatMap { $0.matches(open, configurationGeneration: configurationGeneration) ? $0 : nil }
    }

    enum Admission: Equatable { case start, wait }

    /// A lint of `uri` is wanted (and nothing cached answers it): start it now, or queue
    /// it until a slot frees. The quiet flag of a queued document stays quiet only while
    /// every request for it is quiet, so an edit in between always gets its publish.
    mutating func admit(_ uri: String, quietIfUnchanged: Bool) -> Admission {
        guard inFlight.count < maximumConcurrent else {
            if !waiting.contains(uri) { waiting.append(uri) }
            waitingQuietly[uri] = (waitingQuietly[uri] ?? true) && quietIfUnchanged
            return .wait
        }
        waiting.removeAll { $0 == uri }
        waitingQuietly[uri] = nil
        inFlight.insert(uri)
        return .start
    }

    /// The next waiting document to schedule, while a slot is free.
    mutating func nextWaiting() -> (uri: String, quietIfUnchanged: Bool)? {
        guard inFlight.count < maximumConcurrent, !waiting.isEmpty else { return nil }
        let uri = waiting.removeFirst()
        return (uri, waitingQuietly.removeValue(forKey: uri) ?? false)
    }

    enum Completion: Equatable {
        /// The document was closed meanwhile: nothing to do.
        case closed
        /// The document or the configuration moved on: lint the newest version (not quietly).
        case stale
        /// Recorded: publish it.
        case current
    }

    /// A lint of `uri` finished; frees its slot and decides what its result is worth.
    mutating func finished(_ uri: String, _ finished: LintSnapshot, open: OpenDocument?, configurationGeneration: Int) -> Completion {
        inFlight.remove(uri)
        guard let open else { return .closed }
        guard finished.matches(open, configurationGeneration: configurationGeneration) else {
            relintAfterFlight.remove(uri)  // the lint of the newest version sees the new index anyway
            return .stale
        }
        results[uri] = finished
        return .current
    }

    /// After a current result was handled: true when the workspace index changed while
    /// that lint ran (its result is then dropped, and it is linted again, quietly).
    mutating func takeRelintAfterFlight(_ uri: String) -> Bool {
        guard relintAfterFlight.remove(uri) != nil else { return false }
        results[uri] = nil
        return true
    }

    /// A full parse confirmed a result: it replaces the recorded one.
    mutating func confirm(_ uri: String, _ confirmed: LintSnapshot) { results[uri] = confirmed }

    /// Declarations these documents depend on changed: returns those to lint again now
    /// (their results dropped); those being linted are linted again when their lint ends.
    mutating func invalidate(_ uris: [String]) -> [String] {
        uris.filter { uri in
            if inFlight.contains(uri) {
                relintAfterFlight.insert(uri)
                return false
            }
            results[uri] = nil
            return true
        }
    }

    /// Every result is stale (project settings changed).
    mutating func invalidateAll() { results.removeAll() }

    /// A document was opened (again): nothing recorded for an earlier open counts.
    mutating func opened(_ uri: String) { results[uri] = nil }

    /// A document was closed: its result and last publish are forgotten.
    mutating func closed(_ uri: String) {
        results[uri] = nil
        lastPublished[uri] = nil
    }

    /// Whether to push `message` for `uri`, recording it when so. A re-lint the workspace
    /// index asked for that finds exactly what was last pushed is not pushed again: no
    /// need to make the editor redraw.
    mutating func shouldPublish(_ message: JSON, for uri: String, quietIfUnchanged: Bool) -> Bool {
        if quietIfUnchanged, lastPublished[uri] == message { return false }
        lastPublished[uri] = message
        return true
    }
}
