/// `shutdown` (refuse new requests; answer once the running ones are answered) and
/// `exit` (status 0 after shutdown, 1 otherwise).
extension LanguageServer {
    func handleShutdown(id: RequestID) {
        phase = .shuttingDown
        let running = Array(pendingRequests.values)
        guard !running.isEmpty else {
            send(.success(id: id, .null))
            return
        }
        shutdownTask = Task {
            for task in running { await task.value }
            self.send(.success(id: id, .null))
        }
    }

    /// Before exiting after `shutdown`, lets the requests still running (and the shutdown
    /// response) go out, for clients that send `exit` without waiting.
    func drainBeforeExit() async {
        guard phase == .shuttingDown else { return }
        for task in Array(pendingRequests.values) { await task.value }
        await shutdownTask?.value
    }

    func handleExit() {
        exitCode = phase == .shuttingDown ? 0 : 1
    }
}
