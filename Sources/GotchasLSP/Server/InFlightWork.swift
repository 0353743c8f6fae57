/// The work the server started and has not finished: requests answered off the loop, the
/// index walk, and a `shutdown` waiting for them. Decides what `shutdown` waits for; the
/// actor sends the answers.
///
/// `shutdown` gives the requests already running `LanguageServer.shutdownGrace` to finish
/// (a hover sent just before it is still answered), then cancels the rest (answered
/// RequestCancelled: a workspace pull over a large tree would otherwise hold the editor's
/// stop for seconds, and VS Code gives a stopping server 2 s).
struct InFlightWork {
    /// Requests answered off the loop, by ID; removed when answered or cancelled.
    private(set) var requests: [RequestID: Task<Void, Never>] = [:]
    /// The workspace index walk, cancelled at shutdown.
    var indexing: Task<Void, Never>?
    /// The `shutdown` request not answered yet.
    private(set) var shutdownRequest: RequestID?
    /// `exit` arrived before the `shutdown` answer went out: resumed once it has.
    private var exitWaiters: [CheckedContinuation<Void, Never>] = []
    /// The index walk, waiting for the open documents' lints to end before it parses its next file.
    private var indexingWaiters: [CheckedContinuation<Void, Never>] = []

    mutating func started(_ id: RequestID, _ task: Task<Void, Never>) { requests[id] = task }

    /// A request is being answered (or cancelled): its task while it was still pending, else nil.
    mutating func finished(_ id: RequestID) -> Task<Void, Never>? { requests.removeValue(forKey: id) }

    /// `shutdown` arrived: background work stops; true when it can be answered at once.
    mutating func beginShutdown(_ id: RequestID) -> Bool {
        indexing?.cancel()
        indexing = nil
        resumeIndexing()  // it sees the cancellation and stops
        guard !requests.isEmpty else { return true }
        shutdownRequest = id
        return false
    }

    /// The index walk waits until `resumeIndexing`.
    mutating func indexingWaits(_ waiter: CheckedContinuation<Void, Never>) { indexingWaiters.append(waiter) }

    /// The open documents' lints ended (or the server stops): the index walk goes on.
    mutating func resumeIndexing() {
        let waiters = indexingWaiters
        indexingWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Cancels every pending request; returns their IDs (to answer RequestCancelled).
    mutating func cancelAll() -> [RequestID] {
        for task in requests.values { task.cancel() }
        defer { requests.removeAll() }
        return Array(requests.keys)
    }

    /// The pending `shutdown` when nothing it waits for is left, taken with the `exit`s waiting for its answer.
    mutating func takeAnswerableShutdown() -> (id: RequestID, exitWaiters: [CheckedContinuation<Void, Never>])? {
        guard requests.isEmpty, let id = shutdownRequest else { return nil }
        shutdownRequest = nil
        defer { exitWaiters.removeAll() }
        return (id, exitWaiters)
    }

    /// `exit` waits for the `shutdown` answer: false when there is none to wait for.
    mutating func waitForShutdownAnswer(_ waiter: CheckedContinuation<Void, Never>) -> Bool {
        guard shutdownRequest != nil else { return false }
        exitWaiters.append(waiter)
        return true
    }
}
