import GotchasCore

/// The baseline files named by configurations (`"baseline": "path"`, relative to the
/// configuration file, as in `lint`): read off the message loop the first time a document
/// needs one, kept until the file is saved or changes on disk (or a configuration is
/// re-read), and applied to every lint so the editor shows only new findings.
struct BaselineStore: Sendable {
    /// The baseline a document's findings are filtered with.
    struct Active: Sendable {
        var path: String
        var baseline: Baseline
    }

    enum State: Sendable {
        case reading
        case loaded(Baseline)
        /// Unreadable or malformed: shown once, nothing hidden until it changes.
        case failed
    }

    private(set) var states: [String: State] = [:]
    /// Pulls waiting for a baseline's read, by path (resumed when it is read).
    var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    /// The baseline paths the client was asked to watch (`LanguageServer.watchBaseline`).
    var watched: Set<String> = []

    enum Lookup: Equatable {
        /// Nothing to wait for (no baseline, or a broken one).
        case none
        case ready
        /// Being read; `startRead` is true for the caller that must start the read.
        case pending(startRead: Bool)
    }

    /// What a document governed by a configuration naming `path` can be linted with now.
    mutating func lookup(_ path: String?) -> (Lookup, Active?) {
        guard let path else { return (.none, nil) }
        switch states[path] {
        case .loaded(let baseline)?: return (.ready, Active(path: path, baseline: baseline))
        case .failed?: return (.none, nil)
        case .reading?: return (.pending(startRead: false), nil)
        case nil:
            states[path] = .reading
            return (.pending(startRead: true), nil)
        }
    }

    /// The loaded baseline at `path`, without starting a read (workspace diagnostics).
    func loaded(_ path: String?) -> Active? {
        guard let path, case .loaded(let baseline)? = states[path] else { return nil }
        return Active(path: path, baseline: baseline)
    }

    /// A read finished. Returns false when it is outdated (the file changed meanwhile and
    /// another read was started, or everything was forgotten).
    mutating func finished(_ path: String, _ result: Result<Baseline, BaselineFile.Problem>) -> Bool {
        guard case .reading? = states[path] else { return false }
        switch result {
        case .success(let baseline): states[path] = .loaded(baseline)
        case .failure: states[path] = .failed
        }
        return true
    }

    func isKnown(_ path: String) -> Bool { states[path] != nil }

    /// A read of `path` is under way (its end resumes `waiters`).
    func isReading(_ path: String) -> Bool { if case .reading? = states[path] { true } else { false } }

    /// Records the outcome of a read another copy of the store waited for (a workspace pull's copy).
    mutating func take(_ path: String, _ baseline: Active?) {
        states[path] = baseline.map { .loaded($0.baseline) } ?? .failed
    }

    /// Whether a lint governed by a configuration naming `path` would have to wait for a read
    /// (not read yet, or being read).
    func isPending(_ path: String?) -> Bool {
        guard let path else { return false }
        switch states[path] {
        case .loaded?, .failed?: return false
        case .reading?, nil: return true
        }
    }

    /// Forgets `path` (saved or changed on disk): read again by the next lint that needs it.
    mutating func forget(_ path: String) { states[path] = nil }

    mutating func forgetAll() { states.removeAll() }
}
