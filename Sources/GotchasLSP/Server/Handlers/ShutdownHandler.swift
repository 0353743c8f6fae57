/// `shutdown` (refuse new requests, stop background work; answer once the running requests
/// are answered, at most `LanguageServer.shutdownGrace` later: see `InFlightWork`) and
/// `exit` (status 0 after shutdown, 1 otherwise).
enum ShutdownHandler: LoopRequestHandler {
    static let method = LSPMethod.shutdown
    typealias Params = NoParams
    typealias Result = NullResult

    static func handle(_ params: NoParams, id: RequestID, server: isolated LanguageServer) -> RequestOutcome<NullResult> {
        guard server.phase != .shuttingDown else { return .answer(.success(NullResult())) }  // a second one
        server.phase = .shuttingDown
        guard !server.inFlight.beginShutdown(id) else { return .answer(.success(NullResult())) }
        server.executors.onLoop(after: LanguageServer.shutdownGrace) { await server.shutdownGraceEnded() }
        return .answeredLater
    }
}

enum ExitHandler: NotificationHandler {
    static let method = LSPMethod.exit
    typealias Params = NoParams
    static let handledInAnyPhase = true

    static func handle(_ params: NoParams, server: isolated LanguageServer) {
        server.phase = .exiting(status: server.phase == .shuttingDown ? 0 : 1)
    }
}

extension LanguageServer {
    /// How long `shutdown` lets the requests already running finish before cancelling them.
    static let shutdownGrace: Duration = .milliseconds(250)

    /// The requests still running are cancelled, and `shutdown` is answered.
    func shutdownGraceEnded() {
        for id in inFlight.cancelAll() { send(.failure(id: id, .requestCancelled)) }
        answerShutdownIfDue()
    }

    /// Answers a pending `shutdown` once no request it waits for is left.
    func answerShutdownIfDue() {
        guard let (id, exitWaiters) = inFlight.takeAnswerableShutdown() else { return }
        respond(id, Answer.success(NullResult()))
        for waiter in exitWaiters { waiter.resume() }
    }

    /// Before exiting after `shutdown`, lets the `shutdown` answer (and the requests it waits
    /// for) go out, for clients that send `exit` without waiting for it.
    func drainBeforeExit() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            if !inFlight.waitForShutdownAnswer(waiter) { waiter.resume() }
        }
    }
}
