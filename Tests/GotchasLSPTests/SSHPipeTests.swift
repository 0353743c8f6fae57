import Foundation
import GotchasCore
import GotchasLSP
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// The built `swiftui-gotchas lsp` behind plain pipes, as over ssh: no TTY, and stdin
/// that may close at any time.
@Suite(.serialized) struct SSHPipeTests {
    static var binary: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/swiftui-gotchas").path
    }

    /// Runs the server with `input` on stdin (then closes it); returns status and stdout.
    func run(_ input: [UInt8], arguments: [String] = ["lsp"]) throws -> (status: Int32, output: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate(); Issue.record("server did not exit") }
        process.waitUntilExit()
        return (process.terminationStatus, Array(output))
    }

    func bodies(_ output: [UInt8]) -> [JSON] {
        var framer = MessageFramer()
        return framer.feed(output).compactMap { if case .body(let body) = $0 { try? JSON.parse(body) } else { nil } }
    }

    @Test func stdinClosedImmediatelyExitsWithStatusOne() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let result = try run([])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
    }

    @Test func fullSessionOverPipes() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let messages: [JSON] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": "file:///ssh.swift", "languageId": "swift", "version": 1, "text": .string(sample)]]],
            ["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
             "params": ["textDocument": ["uri": "file:///ssh.swift"], "position": position(4, 25)]],
            ["jsonrpc": "2.0", "id": 3, "method": "shutdown"],
            ["jsonrpc": "2.0", "method": "exit"],
        ]
        let result = try run(messages.flatMap(TestClient.framed))
        #expect(result.status == 0)
        let received = bodies(result.output)
        #expect(received.contains { $0["id"] == 1 && $0["result", "capabilities"] != nil })
        // Answered before shutdown: with its result, or cancelled if it did not finish within
        // shutdown's grace (a loaded machine).
        #expect(received.contains { $0["id"] == 2 && ($0["result", "contents"] != nil || $0["error", "code"] == .int(ResponseError.requestCancelledCode)) })
        #expect(received.contains { $0["id"] == 3 && $0["result"] == .null })
        // Every byte on stdout is protocol: re-framing what was parsed gives the output back.
        #expect(received.flatMap(TestClient.framed).count == result.output.count)
    }

    @Test func shutdownThenEndOfInputIsStatusZero() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let messages: [JSON] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]],
            ["jsonrpc": "2.0", "id": 2, "method": "shutdown"],
        ]
        #expect(try run(messages.flatMap(TestClient.framed)).status == 0)
    }

    @Test func badArgumentsAreUsageErrors() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        #expect(try run([], arguments: ["lsp", "--bogus"]).status == 2)
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("gotchas-lsp-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        #expect(try run([], arguments: ["lsp", "--log-file", log]).status == 1)
        #expect((try? String(contentsOfFile: log, encoding: .utf8))?.contains("input closed") == true)
    }

    #if os(Linux)
    /// The server links FoundationEssentials, not Foundation's full library and its ICU data:
    /// ~6 MB of resident pages the server would hold for a few string conveniences.
    @Test func theRunningServerMapsNoFullFoundation() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["lsp"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { try? stdin.fileHandleForWriting.close(); process.waitUntilExit() }
        let initialize: JSON = ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]]
        stdin.fileHandleForWriting.write(Data(TestClient.framed(initialize)))
        // Once it answers, the server has started every part it runs (threads, the loop, the log).
        var output: [UInt8] = []
        while !bodies(output).contains(where: { $0["id"] == 1 }) {
            let chunk = stdout.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "the server closed its output before answering initialize")
            output += chunk
        }
        let maps = try String(contentsOfFile: "/proc/\(process.processIdentifier)/maps", encoding: .utf8)
        #expect(maps.contains("libFoundationEssentials"))
        #expect(!maps.contains("libFoundation.so"))
        #expect(!maps.contains("lib_FoundationICU"))
        #expect(!maps.contains("libFoundationInternationalization"))
    }
    #endif
}
