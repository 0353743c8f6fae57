import GotchasCore
/// The values of one work-done progress (`$/progress`): begin, reports at about every
/// tenth of the work, end. The one builder behind indexing and workspace diagnostics.
struct WorkDoneProgress: Sendable {
    var title: String
    /// Items to go through (files).
    var total: Int
    /// Below this many items no `report` is sent (begin and end are).
    var minimumTotalForReports: Int

    func begin(message: String) -> JSON {
        ["kind": "begin", "title": .string(title), "cancellable": false, "message": .string(message), "percentage": 0]
    }

    /// The report after item `index` (0-based) is done, when one is due.
    func report(after index: Int) -> JSON? {
        guard total >= minimumTotalForReports, total > 0, index % max(1, total / 10) == 0 else { return nil }
        return ["kind": "report", "message": .string("\(index + 1)/\(total)"), "percentage": .int((index + 1) * 100 / total)]
    }

    func end(message: String) -> JSON { ["kind": "end", "message": .string(message)] }

    /// The begin of a walk, whose total is not known yet (so no percentage until indexing).
    static func walkBegin(title: String) -> JSON {
        ["kind": "begin", "title": .string(title), "cancellable": false, "message": "looking for .swift files"]
    }

    /// How far the walk got.
    static func walkReport(files: Int, directories: Int) -> JSON {
        ["kind": "report", "message": .string("found \(files) .swift files in \(directories) folders")]
    }

    static func walkEnd(message: String) -> JSON { ["kind": "end", "message": .string(message)] }
}

/// Progress tokens the server creates with `window/workDoneProgress/create`: progress may
/// only be sent on one once the client accepted it. Whoever waits for a token is resumed
/// when the client answers (or the wait times out); nothing polls.
struct ProgressReporter: Sendable {
    typealias Waiter = CheckedContinuation<Void, Never>

    /// Tokens by the ID of their create request, until the client answers.
    private var awaitingCreation: [String: String] = [:]
    private(set) var accepted: Set<String> = []
    private var waiters: [String: [Waiter]] = [:]

    /// The create request of `token` went out with ID `requestID`.
    mutating func requested(_ token: String, requestID: String) { awaitingCreation[requestID] = token }

    func isAccepted(_ token: String) -> Bool { accepted.contains(token) }

    /// True while the client has not answered the create request of `token`.
    func isPending(_ token: String) -> Bool { awaitingCreation.values.contains(token) }

    /// True while someone waits for `token`.
    func isWaited(_ token: String) -> Bool { !(waiters[token] ?? []).isEmpty }

    /// Parks `waiter` until `token` is settled; false (the caller resumes it) when it already is.
    mutating func wait(for token: String, _ waiter: Waiter) -> Bool {
        guard isPending(token) else { return false }
        waiters[token, default: []].append(waiter)
        return true
    }

    /// The client answered request `requestID` (an error refuses the token). Returns the
    /// waiters to resume; empty when the request was not a create request.
    mutating func answered(requestID: String, accepted: Bool) -> [Waiter] {
        guard let token = awaitingCreation.removeValue(forKey: requestID) else { return [] }
        if accepted { self.accepted.insert(token) }
        return waiters.removeValue(forKey: token) ?? []
    }

    /// The wait for `token` is over without an answer: its waiters, to resume.
    mutating func timedOut(_ token: String) -> [Waiter] { waiters.removeValue(forKey: token) ?? [] }
}
