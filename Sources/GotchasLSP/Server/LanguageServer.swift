#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore
import GotchasRules

/// The server's state and its message loop.
///
/// An actor because it has identity: one per connection, and everything that mutates
/// state (documents, configuration, pending requests) runs on it, one message at a
/// time. Its state lives in owned value components that decide without doing I/O
/// (`DocumentStore`, `ConfigurationStore`, `LintScheduler`, `WorkspaceIndexManager`,
/// `ProgressReporter`); the actor starts the tasks and sends the messages they call for.
/// Anything that parses — linting, fix-all, workspace diagnostics — runs in detached
/// tasks on a `DocumentSnapshot` and reports back to the actor.
public actor LanguageServer {
    enum Phase: Sendable, Equatable {
        case uninitialized, running, shuttingDown
        /// `exit` arrived: the loop ends with this status.
        case exiting(status: Int32)
    }

    /// Where it writes, its options, rules and threads (ServerEnvironment.swift).
    nonisolated let environment: ServerEnvironment
    nonisolated var writer: MessageWriter { environment.writer }
    nonisolated var log: ServerLog { environment.log }
    nonisolated var options: ServerOptions { environment.options }
    nonisolated var linter: Linter { environment.linter }
    nonisolated var executors: ServerExecutors { environment.executors }
    nonisolated var session: String { environment.session }
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executors.loop.asUnownedSerialExecutor() }

    // The state, each part in a component that owns it (at most 12 stored properties:
    // ServerShapeTests).
    var phase = Phase.uninitialized
    /// What the client can do and asked for (its trace level too).
    var capabilities = ClientCapabilities()
    var documents = DocumentStore()
    /// Configuration files, editor settings, project settings, and the workspace folders.
    var configuration: ConfigurationStore
    var problems = ShownProblems()
    /// Requests answered off the loop, the index walk, a pending `shutdown` (InFlightWork.swift).
    var inFlight = InFlightWork()
    /// Requests sent to the client and what their answers unlock (OutgoingRequests.swift).
    var outgoing = OutgoingRequests()
    /// Which lints run, wait, and which results are current, disk pulls' too (LintScheduler.swift).
    var lints: LintScheduler
    /// Declarations of the whole workspace (WorkspaceIndexManager.swift).
    var workspace = WorkspaceIndexManager()
    /// The baselines configurations name, who waits for them, which are watched (BaselineStore.swift).
    var baselines = BaselineStore()

    var converter: PositionConverter { PositionConverter(encoding: capabilities.positionEncoding) }
    var workspaceFolders: [String] {
        get { configuration.workspaceFolders }
        set { configuration.workspaceFolders = newValue }  // the editor's include/exclude are relative to them
    }
    var trace: String {
        get { capabilities.trace }
        set { capabilities.trace = newValue }
    }

    public init(writer: MessageWriter, log: ServerLog = ServerLog(), options: ServerOptions = ServerOptions(),
                linter: Linter = RuleCatalog.linter) {
        self.environment = ServerEnvironment(writer: writer, log: log, options: options, linter: linter)
        self.lints = LintScheduler(maximumConcurrent: options.maximumConcurrentLints)
        self.configuration = ConfigurationStore(rules: linter.descriptions, defaultDocsBaseURL: options.docsBaseURL)
    }

    /// Starts serving `input` on the loop's thread; the task's value is `run`'s.
    public nonisolated func start(input: AsyncStream<[UInt8]>) -> Task<Int32, Never> {
        executors.onLoop { await self.run(input: input) }
    }

    /// Serves until `exit` or end of input. Returns the process exit status:
    /// 0 after `shutdown` then `exit` (or end of input after `shutdown`), 1 otherwise.
    public func run(input: AsyncStream<[UInt8]>) async -> Int32 {
        var framer = MessageFramer(maximumBodySize: options.maximumBodySize)
        for await chunk in input {
            for event in framer.feed(chunk) {
                switch event {
                case .body(let body): receive(body)
                case .error(let error):
                    log("framing error: \(error)")
                    send(.failure(id: nil, error.canSkipBody ? .invalidRequest(error.description) : .parseError(error.description)))
                }
                if case .exiting(let status) = phase {
                    if status == 0 { await drainBeforeExit() }
                    return finish(status)
                }
            }
        }
        // After `shutdown` this is the normal end (informational: kept by a log file only);
        // without it, the client went away.
        if phase != .shuttingDown { log("input closed without shutdown") } else if log.keepsEveryLine { log("input closed") }
        return finish(phase == .shuttingDown ? 0 : 1)
    }

    private func finish(_ status: Int32) -> Int32 {
        _ = inFlight.cancelAll()
        return status
    }

    /// Decodes one body and dispatches it.
    func receive(_ body: [UInt8]) {
        let json: JSON
        do {
            json = try JSON.parse(body)
        } catch {
            log("malformed JSON: \(error)")
            send(.failure(id: nil, .parseError(error.description)))
            return
        }
        switch Message.decode(json) {
        case .failure(let invalid):
            send(.failure(id: invalid.id, invalid.error))
        case .success(.request(let id, let method, let params)):
            if trace != "off" { sendNotification(LSPMethod.logTrace, ["message": .string("Received request '\(method) - (\(id))'.")]) }
            handleRequest(id: id, method: method, params: params)
        case .success(.notification(let method, let params)):
            if trace != "off" { sendNotification(LSPMethod.logTrace, ["message": .string("Received notification '\(method)'.")]) }
            handleNotification(method: method, params: params)
        case .success(.response(let id, let result, let error)):
            if let error { logToClient("client answered request \(id.map(\.description) ?? "null") with an error: \(error.serializedString)", type: .warning) }
            if case .string(let text)? = id { clientAnswered(text, result: result, error: error) }
        }
    }

    // MARK: Dispatch: `handleRequest`/`handleNotification` (RequestDispatch.swift) look up
    // one handler type per method, each in Handlers/<Name>Handler.swift.

    // MARK: Sending

    func send(_ message: Message) { writer.write(message) }

    /// Answers a request: the one place a typed result becomes the message's JSON.
    func respond<Value: LSPResult>(_ id: RequestID, _ result: Answer<Value>) {
        switch result {
        case .success(let value): send(.success(id: id, value.json))
        case .failure(let error): send(.failure(id: id, error))
        }
    }

    func sendNotification(_ method: String, _ params: JSON) {
        send(.notification(method: method, params: params))
    }

    /// Sends a server→client request and returns its ID; answers go to `clientAnswered`.
    @discardableResult
    func sendRequest(_ method: String, _ params: JSON) -> String {
        let id = outgoing.nextID()
        send(.request(id: .string(id), method: method, params: params))
        return id
    }

    /// A line about what the server did or saw, as window/logMessage of its `type` (with
    /// the spec's fields only: Eglot rejects others). The server's log gets it too when it
    /// is an error or the log is a file: stderr is for real errors (ServerLog.keepsEveryLine).
    /// Before `initialize` nothing may be sent, and after `shutdown` a client may have let
    /// go of the connection (Neovim then reports a message from a client that shut down),
    /// so outside a running session the line goes to the log only.
    func logToClient(_ message: String, type: MessageType) {
        if type == .error || log.keepsEveryLine || phase != .running { log(message) }
        guard phase == .running else { return }
        sendNotification(LSPMethod.logMessage, ["type": .int(type.rawValue), "message": .string(message)])
    }

    /// window/showMessage, once per distinct problem.
    /// Re-reads a changed configuration file. An editor saving it may truncate and rewrite
    /// it, so a read that fails is tried once more after `ServerOptions.configurationRetryDelay`
    /// (waiting off the message loop) before the problem is shown. Returns false when that
    /// second read is pending: it re-lints the open documents itself (the last good
    /// configuration stays in force meanwhile, so linting now would change nothing).
    @discardableResult
    func reloadConfiguration(path: String) -> Bool {
        // Its "baseline" may name another file now, or the team rewrote the baseline with it.
        baselines.forgetAll()
        guard configuration.reload(path: path) != nil else { return true }
        executors.onLoop(after: options.configurationRetryDelay) {
            await self.configurationRetried(path: path)
        }
        return false
    }

    private func configurationRetried(path: String) {
        if let problem = configuration.reload(path: path) { showProblem(problem) }
        showConfigurationWarnings()
        relintOpenDocuments()
    }

    func showProblem(_ message: String) {
        log(message)
        guard problems.isFirstShowing(message) else { return }
        sendNotification(LSPMethod.showMessage, ["type": .int(MessageType.error.rawValue), "message": .string(message)])
    }

    /// Asks a pulling client to pull diagnostics again (a client is served by pull only
    /// when it supports the refresh; the others get pushes).
    func requestDiagnosticRefresh() {
        guard capabilities.pullDiagnostics else { return }
        sendRequest(LSPMethod.diagnosticRefresh, .null)
    }

    // MARK: Work-done progress

    /// Asks the client to create `token`; progress on it waits for `awaitProgressToken`.
    func createProgressToken(_ token: String) -> String {
        let requestID = sendRequest(LSPMethod.createWorkDoneProgress, ["token": .string(token)])
        outgoing.progress.requested(token, requestID: requestID)
        return token
    }

    /// Progress may only start once the client answered `window/workDoneProgress/create`;
    /// a client that never answers delays the work by at most `ServerOptions.progressTokenTimeout` (2 s). True when
    /// the client accepted the token.
    func awaitProgressToken(_ token: String) async -> Bool {
        await withCheckedContinuation { (waiter: ProgressReporter.Waiter) in
            guard outgoing.progress.wait(for: token, waiter) else {
                waiter.resume()
                return
            }
            executors.onLoop(after: options.progressTokenTimeout) { await self.progressTokenTimedOut(token) }
        }
        return outgoing.progress.isAccepted(token)
    }

    private func progressTokenTimedOut(_ token: String) {
        for waiter in outgoing.progress.timedOut(token) { waiter.resume() }
    }

    /// `$/progress` on `token` (nil: the client gave none, or did not accept ours).
    func sendProgress(_ token: JSON?, _ value: JSON) {
        guard let token, token != .null else { return }
        sendNotification(LSPMethod.progress, ["token": token, "value": value])
    }

    /// The client answered a server request: a created progress token may now be used.
    func clientAnswered(_ id: String, result: JSON?, error: JSON?) {
        for waiter in outgoing.progress.answered(requestID: id, accepted: error == nil) { waiter.resume() }
        if let fallback = outgoing.fallback(answering: id, result: result, error: error) {
            sendNotification(LSPMethod.showMessage, ["type": .int(MessageType.info.rawValue), "message": .string(fallback)])
        }
    }

    // MARK: Requests answered off the loop

    /// Runs `work` in a detached task and answers `id` with its result, unless the
    /// request was cancelled first. When `document` is given and that document moved
    /// past `version` meanwhile, answers ContentModified instead of a stale result.
    func respondInBackground<Value: LSPResult>(_ id: RequestID, document: (uri: String, version: Int)? = nil,
                                               _ work: @escaping @Sendable () async -> Answer<Value>) {
        respondInBackground(id, document: document, work) { _, result in .success(result) }
    }

    /// The same, with a last step on the message loop once the result is known to be
    /// wanted and current (fix-all sends its `workspace/applyEdit` there).
    func respondInBackground<Output: Sendable, Value: LSPResult>(
        _ id: RequestID, document: (uri: String, version: Int)?, lane: ServerExecutors.Lane = .documents,
        _ work: @escaping @Sendable () async -> Answer<Output>,
        then finish: @escaping @Sendable (isolated LanguageServer, Output) -> Answer<Value>
    ) {
        let task = executors.background(lane) {
            let result = await work()
            await self.complete(id, result, document: document, finish: finish)
        }
        inFlight.started(id, task)
    }

    private func complete<Output: Sendable, Value: LSPResult>(_ id: RequestID, _ result: Answer<Output>, document: (uri: String, version: Int)?,
                                                              finish: @Sendable (isolated LanguageServer, Output) -> Answer<Value>) {
        guard inFlight.finished(id) != nil else { return }  // cancelled: already answered
        defer { answerShutdownIfDue() }
        if let document, documents[document.uri]?.version != document.version {
            send(.failure(id: id, .contentModified))
            return
        }
        switch result {
        case .success(let output): respond(id, finish(self, output))
        case .failure(let error): send(.failure(id: id, error))
        }
    }

    /// Cancels a pending request and answers it with RequestCancelled.
    func cancel(_ id: RequestID) {
        guard let task = inFlight.finished(id) else { return }
        task.cancel()
        send(.failure(id: id, .requestCancelled))
        answerShutdownIfDue()
    }
}
