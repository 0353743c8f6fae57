import Foundation
import GotchasCore
import Testing
@testable import GotchasLSP

/// A scripted LSP client talking to an in-process server over two pipes, exactly as an
/// editor does over stdio.
actor TestClient {
    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var received: [JSON]
        var description: String { "timed out waiting for \(what); unclaimed: \(received.map(\.serializedString))" }
    }

    let toServer = Pipe()
    let fromServer = Pipe()
    private var received: [JSON] = []
    private var nextID = 0
    private var serverTask: Task<Int32, Never>?

    /// `linter`: the server's rules (default: the catalog's); `log`: the server's own log.
    init(options: ServerOptions = ServerOptions(), linter: Linter? = nil,
         log: ServerLog = ServerLog(fileDescriptor: FileHandle.nullDevice.fileDescriptor)) {
        let writer = MessageWriter(fileDescriptor: fromServer.fileHandleForWriting.fileDescriptor)
        let server = linter.map { LanguageServer(writer: writer, log: log, options: options, linter: $0) }
            ?? LanguageServer(writer: writer, log: log, options: options)
        let input = InputReader.chunks(from: toServer.fileHandleForReading.fileDescriptor)
        serverTask = Task.detached { await server.run(input: input) }
        let output = InputReader.chunks(from: fromServer.fileHandleForReading.fileDescriptor)
        Task { [weak self] in
            var framer = MessageFramer()
            for await chunk in output {
                for event in framer.feed(chunk) {
                    if case .body(let body) = event, let json = try? JSON.parse(body) { await self?.append(json) }
                }
            }
        }
    }

    private func append(_ json: JSON) { received.append(json) }

    // MARK: Sending

    func sendRaw(_ bytes: [UInt8]) {
        toServer.fileHandleForWriting.write(Data(bytes))
    }

    func sendRaw(_ text: String) { sendRaw(Array(text.utf8)) }

    static func framed(_ message: JSON) -> [UInt8] { MessageFramer.frame(message.serialized) }

    /// Sends several messages in one write (the server reads them in one chunk).
    func sendBatch(_ messages: [JSON]) { sendRaw(messages.flatMap(Self.framed)) }

    func notify(_ method: String, _ params: JSON = .null) {
        sendRaw(Self.framed(Message.notification(method: method, params: params).json))
    }

    /// Sends a request and returns its ID without waiting.
    func sendRequest(_ method: String, _ params: JSON = .null) -> RequestID {
        nextID += 1
        let id = RequestID.int(nextID)
        sendRaw(Self.framed(Message.request(id: id, method: method, params: params).json))
        return id
    }

    /// Answers a request the server sent (its `id`, echoed), with a result or an error.
    func answer(_ request: JSON, result: JSON? = nil, error: JSON? = nil) {
        var message: [String: JSON] = ["jsonrpc": "2.0", "id": request["id"] ?? .null]
        if let error { message["error"] = error } else { message["result"] = result ?? .null }
        sendRaw(Self.framed(.object(message)))
    }

    func makeRequest(_ method: String, _ params: JSON = .null) -> JSON {
        nextID += 1
        return Message.request(id: .int(nextID), method: method, params: params).json
    }

    /// Sends a request and waits for its response (the whole response object).
    func request(_ method: String, _ params: JSON = .null) async throws -> JSON {
        let id = sendRequest(method, params)
        return try await response(to: id)
    }

    // MARK: Receiving

    func response(to id: RequestID) async throws -> JSON {
        try await next("response to \(id)") { $0["id"] == id.json && $0["method"] == nil }
    }

    /// Waits for (and removes) the first message matching `predicate`. The generous
    /// default timeout is for a loaded machine: other suites run CPU-bound tests on the
    /// same two cooperative threads, which can hold this task up for seconds.
    func next(_ what: String, timeout: Duration = .seconds(60), _ predicate: @Sendable (JSON) -> Bool) async throws -> JSON {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let index = received.firstIndex(where: predicate) { return received.remove(at: index) }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw Timeout(what: what, received: received)
    }

    func notification(_ method: String, timeout: Duration = .seconds(60), where predicate: @Sendable (JSON) -> Bool = { _ in true }) async throws -> JSON {
        try await next(method, timeout: timeout) { $0["method"]?.stringValue == method && $0["id"] == nil && predicate($0) }
    }

    func publishedDiagnostics(for uri: String, version: Int? = nil) async throws -> JSON {
        try await notification("textDocument/publishDiagnostics") {
            $0["params", "uri"]?.stringValue == uri && (version == nil || $0["params", "version"]?.intValue == version)
        }
    }

    /// Waits for the end of the server's workspace indexing (its log line).
    func indexed() async throws {
        _ = try await notification("window/logMessage") { $0["params", "message"]?.stringValue?.hasPrefix("indexed ") == true }
    }

    /// Everything received and not yet claimed.
    func unclaimed() -> [JSON] { received }

    func drain() -> [JSON] {
        defer { received.removeAll() }
        return received
    }

    // MARK: Lifecycle

    func initialize(capabilities: JSON = [:], folders: [String] = [], initializationOptions: JSON = .null) async throws -> JSON {
        var params: [String: JSON] = ["processId": .null, "capabilities": capabilities]
        if !folders.isEmpty {
            params["workspaceFolders"] = .array(folders.map { ["uri": .string(URL(fileURLWithPath: $0).absoluteString), "name": "w"] })
        }
        if initializationOptions != .null { params["initializationOptions"] = initializationOptions }
        let response = try await request("initialize", .object(params))
        notify("initialized", [:])
        return response
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "swift",
                                                         "version": .int(version), "text": .string(text)]])
    }

    func change(_ uri: String, version: Int, _ changes: [JSON]) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)],
                                          "contentChanges": .array(changes)])
    }

    /// Shuts down and exits; returns the server's exit status.
    func shutdownAndExit() async throws -> Int32 {
        _ = try await request("shutdown")
        notify("exit")
        return await exitStatus()
    }

    func exitStatus() async -> Int32 {
        await serverTask?.value ?? -1
    }

    func closeInput() { try? toServer.fileHandleForWriting.close() }
}

func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> JSON {
    ["start": ["line": .int(startLine), "character": .int(startCharacter)],
     "end": ["line": .int(endLine), "character": .int(endCharacter)]]
}

func position(_ line: Int, _ character: Int) -> JSON { ["line": .int(line), "character": .int(character)] }

/// A temporary directory removed at deinit.
final class TemporaryDirectory: Sendable {
    let path: String
    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("gotchas-lsp-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ relative: String, _ text: String) -> String {
        let file = path + "/" + relative
        try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        return file
    }

    func uri(_ relative: String) -> String { URL(fileURLWithPath: path + "/" + relative).absoluteString }
}

let sample = """
import SwiftUI

struct Greeting: View {
    var body: some View {
        Text("Hi").foregroundColor(.red)
    }
}

"""
