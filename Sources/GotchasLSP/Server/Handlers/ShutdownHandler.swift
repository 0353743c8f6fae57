/// `shutdown` (refuse new requests; answer once the running ones are answered) and
/// `exit` (status 0 after shutdown, 1 otherwise).
enum ShutdownHandler: LoopRequestHandler {
    static let method = LSPMethod.shutdown
    typealias Params = NoParams
    typealias Result = NullResult

    static func handle(_ params: NoParams, id: RequestID, server: isolated LanguageServer) -> RequestOutcome<NullResult> {
        server.phase = .shuttingDown
        let running = Array(server.pendingRequests.values)
        guard !running.isEmpty else { return .answer(.success(NullResult())) }
        server.shutdownTask = Task {
            for task in running { await task.value }
            server.respond(id, Answer.success(NullResult()))
        }
        return .answeredLater
    }
}

enum ExitHandler: NotificationHandler {
    static let method = LSPMethod.exit
    typealias Params = NoParams
    static let handledInAnyPhase = true

    static func handle(_ params: NoParams, server: isolated LanguageServer) {
        server.exitCode = server.phase == .shuttingDown ? 0 : 1
    }
}

extension LanguageServer {
    /// Before exiting after `shutdown`, lets the requests still running (and the shutdown
    /// response) go out, for clients that send `exit` without waiting.
    func drainBeforeExit() async {
        guard phase == .shuttingDown else { return }
        for task in Array(pendingRequests.values) { await task.value }
        await shutdownTask?.value
    }
}
