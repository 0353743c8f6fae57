import GotchasCore

/// The typed protocol edge. Each handler (Handlers/<Method>Handler.swift) declares its
/// method, its params (decoded here, once, from the message's JSON), its result (a type
/// from Protocol/Results.swift, turned into JSON once, by `LanguageServer.respond`) and
/// how it runs; the dispatcher below does what they would otherwise each repeat: lookup,
/// the lifecycle phase, InvalidParams, finding the document, running off the loop on a
/// snapshot, cancellation and ContentModified when the document moved on.
protocol MessageHandler {
    associatedtype Params: LSPParams
    static var method: String { get }
}

/// What a request handler that runs on the message loop did with its request.
enum RequestOutcome<Value: LSPResult>: Sendable {
    /// Answer now.
    case answer(Answer<Value>)
    /// The handler arranged the answer (after other requests, or background work
    /// answered through `respondInBackground`).
    case answeredLater
}

protocol RequestHandler: MessageHandler {
    associatedtype Result: LSPResult
    /// Runs the request once its params decoded (the dispatcher's entry point).
    static func dispatch(_ params: Params, id: RequestID, server: isolated LanguageServer)
}

/// A request answered on the message loop: it only reads and changes server state.
protocol LoopRequestHandler: RequestHandler {
    static func handle(_ params: Params, id: RequestID, server: isolated LanguageServer) -> RequestOutcome<Result>
}

extension LoopRequestHandler {
    static func dispatch(_ params: Params, id: RequestID, server: isolated LanguageServer) {
        if case .answer(let result) = handle(params, id: id, server: server) { server.respond(id, result) }
    }
}

/// The document a document request is about.
struct DocumentTarget: Sendable {
    var uri: String
    /// The version the request was made against (a resolved action's); nil: whatever is open.
    var version: Int?
    /// The answer when the document is not open, or not at `version`.
    var whenMissing: ResponseError
}

/// Where a document request's document comes from.
enum DocumentLookup<Value: LSPResult> {
    case document(DocumentTarget)
    /// The request needs no document: answer this.
    case answer(Value)
}

/// A request about one open document, answered in the background from a snapshot (it
/// parses or lints). The handler says where its document is: `textDocument` by default,
/// the action's data for `codeAction/resolve`. The dispatcher answers the target's error
/// (InvalidParams by default) when the document is not open or not at the named version,
/// RequestCancelled when cancelled, and ContentModified when the document changed meanwhile.
/// `SendableMetatype`: `dispatch` hands `run` (a static requirement) to background work.
protocol DocumentRequestHandler: RequestHandler, SendableMetatype {
    static func target(_ params: Params) -> DocumentLookup<Result>
    /// An answer that needs no background work (an `unchanged` report); nil otherwise.
    static func answerWithoutWork(_ params: Params, snapshot: DocumentSnapshot) -> Answer<Result>?
    /// The answer, computed off the message loop.
    static func run(_ params: Params, snapshot: DocumentSnapshot) -> Answer<Result>
    /// When the document is not open: true when the handler arranged an answer itself
    /// (pull diagnostics reads the file); false answers the target's error.
    static func answerWhenNotOpen(_ params: Params, id: RequestID, server: isolated LanguageServer) -> Bool
}

extension DocumentRequestHandler where Params: TextDocumentParams {
    static func target(_ params: Params) -> DocumentLookup<Result> {
        .document(DocumentTarget(uri: params.uri, whenMissing: .invalidParams("\(params.uri) is not open")))
    }
}

extension DocumentRequestHandler {
    static func answerWithoutWork(_ params: Params, snapshot: DocumentSnapshot) -> Answer<Result>? { nil }
    static func answerWhenNotOpen(_ params: Params, id: RequestID, server: isolated LanguageServer) -> Bool { false }

    static func dispatch(_ params: Params, id: RequestID, server: isolated LanguageServer) {
        let target: DocumentTarget
        switch self.target(params) {
        case .answer(let result):
            server.respond(id, Answer<Result>.success(result))
            return
        case .document(let found): target = found
        }
        guard let snapshot = server.snapshot(of: target.uri), target.version == nil || target.version == snapshot.version else {
            if target.version == nil, server.documents[target.uri] == nil, answerWhenNotOpen(params, id: id, server: server) { return }
            server.send(.failure(id: id, target.whenMissing))
            return
        }
        // The configuration names a baseline still being read: answer once it is, so a pull
        // (or a code action) never shows what the baseline hides.
        if snapshot.baselinePending, let baselinePath = snapshot.configuration.baselinePath {
            let uri = snapshot.uri
            server.respondInBackground(id, document: snapshot.documentVersion) { () async -> Answer<Result> in
                var current = snapshot
                current.baseline = await server.waitForBaseline(baselinePath)
                // Taken again: the read changed the configuration generation (result IDs).
                if let fresh = await server.snapshot(of: uri), fresh.version == snapshot.version, !fresh.baselinePending {
                    current = fresh
                }
                current.baselinePending = false
                return run(params, snapshot: current)
            }
            return
        }
        if let answer = answerWithoutWork(params, snapshot: snapshot) {
            server.respond(id, answer)
            return
        }
        server.respondInBackground(id, document: snapshot.documentVersion) { run(params, snapshot: snapshot) }
    }
}

/// A notification: handled on the message loop, never answered.
protocol NotificationHandler: MessageHandler {
    /// Handled before `initialized` and while shutting down too (exit, cancel, trace).
    static var handledInAnyPhase: Bool { get }
    static func handle(_ params: Params, server: isolated LanguageServer)
}

extension NotificationHandler {
    static var handledInAnyPhase: Bool { false }
}

/// The handler of each method.
enum HandlerTable {
    static func request(_ method: String) -> (any RequestHandler.Type)? {
        switch method {
        case InitializeHandler.method: InitializeHandler.self
        case ShutdownHandler.method: ShutdownHandler.self
        case CodeActionHandler.method: CodeActionHandler.self
        case CodeActionResolveHandler.method: CodeActionResolveHandler.self
        case HoverHandler.method: HoverHandler.self
        case DocumentDiagnosticHandler.method: DocumentDiagnosticHandler.self
        case WorkspaceDiagnosticHandler.method: WorkspaceDiagnosticHandler.self
        case ExecuteCommandHandler.method: ExecuteCommandHandler.self
        default: nil
        }
    }

    static func notification(_ method: String) -> (any NotificationHandler.Type)? {
        switch method {
        case ExitHandler.method: ExitHandler.self
        case CancelRequestHandler.method: CancelRequestHandler.self
        case SetTraceHandler.method: SetTraceHandler.self
        case InitializedHandler.method: InitializedHandler.self
        case DidOpenHandler.method: DidOpenHandler.self
        case DidChangeHandler.method: DidChangeHandler.self
        case DidCloseHandler.method: DidCloseHandler.self
        case DidSaveHandler.method: DidSaveHandler.self
        case DidChangeConfigurationHandler.method: DidChangeConfigurationHandler.self
        case DidChangeWatchedFilesHandler.method: DidChangeWatchedFilesHandler.self
        case DidChangeWorkspaceFoldersHandler.method: DidChangeWorkspaceFoldersHandler.self
        default: nil
        }
    }
}

extension RequestHandler {
    /// Decodes the params (InvalidParams when they do not fit) and runs the handler.
    static func decodeAndDispatch(_ json: JSON, id: RequestID, server: isolated LanguageServer) {
        do throws(ParamsError) {
            dispatch(try Params(json: json), id: id, server: server)
        } catch {
            server.send(.failure(id: id, .invalidParams(error.reason)))
        }
    }
}

extension NotificationHandler {
    /// Decodes the params (logged and ignored when they do not fit) and handles them.
    static func decodeAndHandle(_ json: JSON, server: isolated LanguageServer) {
        do throws(ParamsError) {
            handle(try Params(json: json), server: server)
        } catch {
            server.logToClient("\(error.reason): ignored", type: .warning)
        }
    }
}

extension LanguageServer {
    func handleRequest(id: RequestID, method: String, params: JSON) {
        if method == LSPMethod.initialize, phase != .uninitialized {
            send(.failure(id: id, .invalidRequest("initialize was already received")))
            return
        }
        switch phase {
        case .uninitialized where method != LSPMethod.initialize:
            send(.failure(id: id, .serverNotInitialized))
            return
        case .shuttingDown where method != LSPMethod.shutdown:
            send(.failure(id: id, .invalidRequest("the server is shutting down")))
            return
        default: break
        }
        guard let handler = HandlerTable.request(method) else {
            send(.failure(id: id, .methodNotFound(method)))
            return
        }
        handler.decodeAndDispatch(params, id: id, server: self)
    }

    func handleNotification(method: String, params: JSON) {
        // Unknown notifications and `$/…` ones are ignored, as the spec says.
        guard let handler = HandlerTable.notification(method) else {
            if phase != .running, method != LSPMethod.initialized { logToClient("ignoring \(method) outside a running session", type: .warning) }
            return
        }
        guard handler.handledInAnyPhase || phase == .running else {
            if method != LSPMethod.initialized { logToClient("ignoring \(method) outside a running session", type: .warning) }
            return
        }
        handler.decodeAndHandle(params, server: self)
    }
}
