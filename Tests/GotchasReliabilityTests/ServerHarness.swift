import Foundation
import GotchasCore
import Testing
@testable import GotchasLSP

/// An in-process server over two pipes, driven with raw bytes (the reliability tests'
/// own small client: it must be able to send what no well-behaved client would).
actor ServerHarness {
    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var description: String { "timed out waiting for \(what)" }
    }

    let toServer = Pipe()
    let fromServer = Pipe()
    private var received: [JSON] = []
    private var nextID = 0
    private var serverTask: Task<Int32, Never>?

    init(options: ServerOptions = ServerOptions()) {
        let server = LanguageServer(writer: MessageWriter(fileDescriptor: fromServer.fileHandleForWriting.fileDescriptor),
                                    log: ServerLog(fileDescriptor: FileHandle.nullDevice.fileDescriptor), options: options)
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

    func sendRaw(_ bytes: [UInt8]) { toServer.fileHandleForWriting.write(Data(bytes)) }

    static func framed(_ message: JSON) -> [UInt8] { MessageFramer.frame(message.serialized) }

    func notify(_ method: String, _ params: JSON = .null) {
        sendRaw(Self.framed(Message.notification(method: method, params: params).json))
    }

    func freshID() -> RequestID {
        nextID += 1
        return .string("h\(nextID)")
    }

    func request(_ method: String, _ params: JSON = .null, timeout: Duration = .seconds(20)) async throws -> JSON {
        let id = freshID()
        sendRaw(Self.framed(Message.request(id: id, method: method, params: params).json))
        return try await next("response to \(method) \(id)", timeout: timeout) { $0["id"] == id.json && $0["method"] == nil }
    }

    /// Proves the loop is alive: three pings in one write (a desynchronised framer may
    /// eat the first); waits for an answer to any of them.
    func ping(timeout: Duration = .seconds(20)) async throws {
        let ids = (0..<3).map { _ in freshID() }
        sendRaw(ids.flatMap { Self.framed(Message.request(id: $0, method: "fuzz/ping", params: .null).json) })
        let wanted = ids.map(\.json)
        _ = try await next("an answer to a ping after fuzz input", timeout: timeout) { message in
            guard let id = message["id"] else { return false }
            return wanted.contains(id) && message["error", "code"]?.intValue == ResponseError.methodNotFoundCode
        }
    }

    func next(_ what: String, timeout: Duration = .seconds(20), _ predicate: @Sendable (JSON) -> Bool) async throws -> JSON {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let index = received.firstIndex(where: predicate) { return received.remove(at: index) }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw Timeout(what: what)
    }

    /// Waits until `count` messages matching `predicate` have arrived; returns them (removed).
    func collect(_ count: Int, timeout: Duration = .seconds(30), _ predicate: @Sendable (JSON) -> Bool) async throws -> [JSON] {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let matching = received.filter(predicate)
            if matching.count >= count {
                received.removeAll(where: predicate)
                return matching
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        throw Timeout(what: "\(count) matching messages (have \(received.filter(predicate).count))")
    }

    func drain() -> [JSON] {
        defer { received.removeAll() }
        return received
    }

    func initialize(_ capabilities: JSON = [:], folders: [String] = []) async throws {
        var params: [String: JSON] = ["processId": .null, "capabilities": capabilities]
        if !folders.isEmpty {
            params["workspaceFolders"] = .array(folders.map { ["uri": .string(URL(fileURLWithPath: $0).absoluteString), "name": "w"] })
        }
        _ = try await request("initialize", .object(params))
        notify("initialized", [:])
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "swift",
                                                         "version": .int(version), "text": .string(text)]])
    }

    func shutdownAndExit() async throws -> Int32 {
        _ = try await request("shutdown")
        notify("exit")
        return await serverTask?.value ?? -1
    }

    func closeInput() { try? toServer.fileHandleForWriting.close() }
    func exitStatus() async -> Int32 { await serverTask?.value ?? -1 }
}

/// Resident set size of this process in bytes (Linux), for memory-bound checks.
func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        return digits.map { $0 * 1024 }
    }
    return nil
}
