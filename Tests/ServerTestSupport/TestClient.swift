import Foundation
import GotchasCore
import GotchasLSP

/// A scripted LSP client talking to an in-process server over two pipes, exactly as an
/// editor does over stdio; it can also send what no well-behaved client would (raw bytes).
///
/// The one harness of the server suites. The server runs on its own threads
/// (`ServerExecutors`), its output is read by a thread of this client's, and waits end on a
/// condition or a wall-clock deadline (`Mailbox`): nothing here needs a free thread of the
/// cooperative pool, which the CPU-bound tests running beside these may hold for seconds.
public actor TestClient {
    public typealias Timeout = Mailbox.Timeout

    /// How long a wait lasts unless a test says otherwise: generous, for a 2-core machine
    /// loaded by another build (a wait that succeeds ends as soon as its message arrives).
    public static let defaultTimeout: Duration = .seconds(90)

    /// The server's input, for writes that must not wait for this actor (a saturated pool).
    public nonisolated let serverInput: FileHandle
    private let mailbox = Mailbox()
    private var nextID = 0
    private let serverTask: Task<Int32, Never>

    /// `linter`: the server's rules (default: the catalog's); `log`: the server's own log.
    public init(options: ServerOptions = ServerOptions(), linter: Linter? = nil,
                log: ServerLog = ServerLog(fileDescriptor: FileHandle.nullDevice.fileDescriptor)) {
        // Each end of the two pipes has one owner, who alone closes it: this client its input
        // end, the server's input thread, the server's writer and this client's reader thread
        // theirs. They outlive this client (a server that exited still has a thread between
        // two reads), and a thread that read by a number this client had closed read the next
        // test's pipe (OwnedDescriptor).
        let toServer = Self.makePipe()
        let fromServer = Self.makePipe()
        serverInput = FileHandle(fileDescriptor: toServer.write, closeOnDealloc: true)
        let writer = MessageWriter(owning: OwnedDescriptor(adopting: fromServer.write))
        let server = linter.map { LanguageServer(writer: writer, log: log, options: options, linter: $0) }
            ?? LanguageServer(writer: writer, log: log, options: options)
        serverTask = server.start(input: InputReader.chunks(reading: OwnedDescriptor(adopting: toServer.read)))
        Self.startReading(OwnedDescriptor(adopting: fromServer.read), into: mailbox)
    }

    private static func makePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { preconditionFailure("TestClient: pipe() failed: \(String(cString: strerror(errno)))") }
        return (ends[0], ends[1])
    }

    /// Reads the server's output on a thread of its own until the server closes it.
    private static func startReading(_ owned: OwnedDescriptor, into mailbox: Mailbox) {
        let thread = Thread {
            let fileDescriptor = owned.value
            defer { withExtendedLifetime(owned) {} }
            var framer = MessageFramer()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                for event in framer.feed(buffer[0..<count]) {
                    if case .body(let body) = event, let json = try? JSON.parse(body) { mailbox.deliver(json) }
                }
            }
        }
        thread.name = "test client reader"
        thread.start()
    }

    // MARK: Sending

    public func sendRaw(_ bytes: [UInt8]) {
        serverInput.write(Data(bytes))
    }

    public func sendRaw(_ text: String) { sendRaw(Array(text.utf8)) }

    public static func framed(_ message: JSON) -> [UInt8] { MessageFramer.frame(message.serialized) }

    /// Sends several messages in one write (the server reads them in one chunk).
    public func sendBatch(_ messages: [JSON]) { sendRaw(messages.flatMap(Self.framed)) }

    public func notify(_ method: String, _ params: JSON = .null) {
        sendRaw(Self.framed(Message.notification(method: method, params: params).json))
    }

    /// A request ID no other request of this client has (strings, so a test's own integer
    /// IDs never collide with them).
    public func freshID() -> RequestID {
        nextID += 1
        return .string("t\(nextID)")
    }

    /// Sends a request and returns its ID without waiting.
    public func sendRequest(_ method: String, _ params: JSON = .null) -> RequestID {
        let id = freshID()
        sendRaw(Self.framed(Message.request(id: id, method: method, params: params).json))
        return id
    }

    /// Answers a request the server sent (its `id`, echoed), with a result or an error.
    public func answer(_ request: JSON, result: JSON? = nil, error: JSON? = nil) {
        var message: [String: JSON] = ["jsonrpc": "2.0", "id": request["id"] ?? .null]
        if let error { message["error"] = error } else { message["result"] = result ?? .null }
        sendRaw(Self.framed(.object(message)))
    }

    public func makeRequest(_ method: String, _ params: JSON = .null) -> JSON {
        Message.request(id: freshID(), method: method, params: params).json
    }

    /// Sends a request and waits for its response (the whole response object).
    public func request(_ method: String, _ params: JSON = .null, timeout: Duration = TestClient.defaultTimeout) async throws -> JSON {
        let id = sendRequest(method, params)
        return try await response(to: id, timeout: timeout)
    }

    /// Proves the loop is alive: three pings in one write (a desynchronised framer may
    /// eat the first); waits for an answer to any of them.
    public func ping(timeout: Duration = TestClient.defaultTimeout) async throws {
        let ids = (0..<3).map { _ in freshID() }
        sendRaw(ids.flatMap { Self.framed(Message.request(id: $0, method: "fuzz/ping", params: .null).json) })
        let wanted = ids.map(\.json)
        _ = try await next("an answer to a ping", timeout: timeout) { message in
            guard let id = message["id"] else { return false }
            return wanted.contains(id) && message["error", "code"]?.intValue == ResponseError.methodNotFoundCode
        }
    }

    // MARK: Receiving

    public func response(to id: RequestID, timeout: Duration = TestClient.defaultTimeout) async throws -> JSON {
        try await next("response to \(id)", timeout: timeout) { $0["id"] == id.json && $0["method"] == nil }
    }

    /// Waits for (and removes) the first message matching `predicate`.
    public nonisolated func next(_ what: String, timeout: Duration = TestClient.defaultTimeout,
                                 _ predicate: @escaping @Sendable (JSON) -> Bool) async throws -> JSON {
        try await nextReceived(what, timeout: timeout, predicate).message
    }

    /// The same, with when it arrived.
    public nonisolated func nextReceived(_ what: String, timeout: Duration = TestClient.defaultTimeout,
                                         _ predicate: @escaping @Sendable (JSON) -> Bool) async throws -> Mailbox.Received {
        try await mailbox.wait(for: what, timeout: timeout) { received in
            guard let index = received.firstIndex(where: { predicate($0.message) }) else { return nil }
            return [received.remove(at: index)]
        }[0]
    }

    /// Waits until `count` messages matching `predicate` have arrived; returns them (removed).
    public nonisolated func collect(_ count: Int, timeout: Duration = TestClient.defaultTimeout,
                                    _ predicate: @escaping @Sendable (JSON) -> Bool) async throws -> [JSON] {
        try await mailbox.wait(for: "\(count) matching messages", timeout: timeout) { received in
            let matching = received.filter { predicate($0.message) }
            guard matching.count >= count else { return nil }
            received.removeAll { predicate($0.message) }
            return matching
        }.map(\.message)
    }

    public nonisolated func notification(_ method: String, timeout: Duration = TestClient.defaultTimeout,
                                         where predicate: @escaping @Sendable (JSON) -> Bool = { _ in true }) async throws -> JSON {
        try await next(method, timeout: timeout) { $0["method"]?.stringValue == method && $0["id"] == nil && predicate($0) }
    }

    public nonisolated func publishedDiagnostics(for uri: String, version: Int? = nil,
                                                 timeout: Duration = TestClient.defaultTimeout) async throws -> JSON {
        try await notification("textDocument/publishDiagnostics", timeout: timeout) {
            $0["params", "uri"]?.stringValue == uri && (version == nil || $0["params", "version"]?.intValue == version)
        }
    }

    /// Waits for the end of the server's workspace indexing (its log line).
    public nonisolated func indexed() async throws {
        _ = try await notification("window/logMessage") { $0["params", "message"]?.stringValue?.hasPrefix("indexed ") == true }
    }

    /// Everything received and not yet claimed.
    public nonisolated func unclaimed() -> [JSON] { mailbox.unclaimed() }

    public nonisolated func drain() -> [JSON] { mailbox.drain() }

    // MARK: Lifecycle

    @discardableResult
    public func initialize(capabilities: JSON = [:], folders: [String] = [], initializationOptions: JSON = .null) async throws -> JSON {
        var params: [String: JSON] = ["processId": .null, "capabilities": capabilities]
        if !folders.isEmpty {
            params["workspaceFolders"] = .array(folders.map { ["uri": .string(URL(fileURLWithPath: $0).absoluteString), "name": "w"] })
        }
        if initializationOptions != .null { params["initializationOptions"] = initializationOptions }
        let response = try await request("initialize", .object(params))
        notify("initialized", [:])
        return response
    }

    public func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "swift",
                                                         "version": .int(version), "text": .string(text)]])
    }

    public func change(_ uri: String, version: Int, _ changes: [JSON]) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)],
                                          "contentChanges": .array(changes)])
    }

    /// Shuts down and exits; returns the server's exit status.
    public func shutdownAndExit() async throws -> Int32 {
        _ = try await request("shutdown")
        notify("exit")
        return await exitStatus()
    }

    public func exitStatus() async -> Int32 { await serverTask.value }

    public func closeInput() { try? serverInput.close() }
}
