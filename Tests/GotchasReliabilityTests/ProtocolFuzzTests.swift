import Foundation
import GotchasCore
import GotchasCorpus
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// Random and mutated frames into a running server: it answers with the right error or
/// ignores, never dies, keeps answering the next valid request, and keeps memory bounded.
@Suite(.serialized) struct ProtocolFuzzTests {
    static let uri = "file:///fuzz/Open.swift"
    static let text = SyntheticCorpus(seed: 11).viewFile(lines: 80)

    static let requestMethods = [
        "textDocument/codeAction", "codeAction/resolve", "textDocument/hover", "textDocument/diagnostic",
        "workspace/diagnostic", "workspace/executeCommand", "initialize", "shutdown", "fuzz/unknown",
    ]
    static let notificationMethods = [
        "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
        "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles", "workspace/didChangeWorkspaceFolders",
        "$/cancelRequest", "$/setTrace", "initialized", "$/unknown",
    ]

    // MARK: Generators

    static func randomJSON(_ random: inout FuzzRandom, depth: Int = 0) -> JSON {
        switch random.int(depth > 3 ? 7 : 9) {
        case 0: return .null
        case 1: return .bool(random.chance(50))
        case 2: return .int(random.pick([0, -1, 1, 2, Int.max, Int.min, 1 << 31, -(1 << 31), random.int(100)]))
        case 3: return .double(random.pick([0.5, -0.5, 1e300, -1e300, 1e15, 2.0, .infinity]))
        case 4: return .string(random.pick(["", "x", uri, "file:///", "file:///nope.swift", "\u{0}", "é🌍", "swiftui-gotchas.fixAll",
                                            "foreground-color", String(repeating: "z", count: 5000)]))
        case 5, 6: return .string(random.pick(["", "a", uri, "0"]))
        case 7: return .array((0..<random.int(4)).map { _ in randomJSON(&random, depth: depth + 1) })
        default:
            var object: [String: JSON] = [:]
            let keys = ["textDocument", "uri", "position", "range", "start", "end", "line", "character", "context",
                        "diagnostics", "contentChanges", "text", "version", "id", "command", "arguments", "data", "settings"]
            for _ in 0..<random.int(5) { object[random.pick(keys)] = randomJSON(&random, depth: depth + 1) }
            return .object(object)
        }
    }

    static func randomPosition(_ random: inout FuzzRandom) -> JSON {
        let values: [JSON] = [0, 1, 3, 79, 80, 81, -1, 100_000, .int(Int.max), .double(1.5), .string("2"), .null, .double(1e300)]
        return ["line": random.pick(values), "character": random.pick(values)]
    }

    static func randomRange(_ random: inout FuzzRandom) -> JSON {
        ["start": randomPosition(&random), "end": randomPosition(&random)]
    }

    /// Plausible params (the right shape, hostile values), then sometimes mutated.
    static func params(for method: String, _ random: inout FuzzRandom) -> JSON {
        let document: JSON = ["uri": .string(random.chance(80) ? uri : "file:///fuzz/NotOpen\(random.int(3)).swift"),
                              "version": .int(random.int(1000) - 5)]
        var params: JSON
        switch method {
        case "textDocument/didChange":
            let changes: [JSON] = (0..<(1 + random.int(3))).map { _ in
                var change: [String: JSON] = ["text": .string(random.pick(["", "x", "}", "{\n", "\r\n", "é", "🌍", "\u{0}", "import SwiftUI\n"]))]
                if random.chance(85) { change["range"] = randomRange(&random) }
                return .object(change)
            }
            params = ["textDocument": document, "contentChanges": .array(changes)]
        case "textDocument/didOpen":
            params = ["textDocument": ["uri": document["uri"] ?? .null, "languageId": "swift", "version": 1,
                                       "text": .string(random.chance(50) ? text : "struct A {")]]
        case "textDocument/codeAction":
            params = ["textDocument": document, "range": randomRange(&random),
                      "context": ["diagnostics": .array([["range": randomRange(&random), "message": "m", "code": "foreground-color"]])]]
        case "textDocument/hover": params = ["textDocument": document, "position": randomPosition(&random)]
        case "workspace/executeCommand":
            params = ["command": .string(random.pick(["swiftui-gotchas.fixAll", "swiftui-gotchas.showDocumentation", "nope"])),
                      "arguments": .array([random.chance(70) ? .string(uri) : randomJSON(&random), randomJSON(&random)])]
        case "$/cancelRequest": params = ["id": random.chance(50) ? .int(random.int(50)) : randomJSON(&random)]
        default: params = ["textDocument": document]
        }
        // Mutate: drop or replace a field, at any depth, or replace the whole thing.
        switch random.int(6) {
        case 0: return randomJSON(&random)
        case 1, 2: return mutateField(params, &random)
        default: return params
        }
    }

    static func mutateField(_ json: JSON, _ random: inout FuzzRandom) -> JSON {
        guard case .object(var object) = json, let key = object.keys.sorted().randomElement(using: &random) else {
            return randomJSON(&random)
        }
        switch random.int(3) {
        case 0: object[key] = nil
        case 1: object[key] = randomJSON(&random)
        default: object[key] = mutateField(object[key] ?? .null, &random)
        }
        return .object(object)
    }

    /// One fuzz case: bytes to send. Framing damage is kept small so the three pings
    /// that follow can resynchronise (a client that lies about a length by megabytes
    /// loses the following messages, by the nature of Content-Length framing).
    static func fuzzCase(_ random: inout FuzzRandom) -> [UInt8] {
        func frame(_ json: JSON) -> [UInt8] { MessageFramer.frame(json.serialized) }
        let method = random.chance(50) ? random.pick(requestMethods) : random.pick(notificationMethods)
        let isRequest = requestMethods.contains(method) && method != "initialize" && method != "shutdown"
        var message: [String: JSON] = ["jsonrpc": "2.0", "method": .string(method), "params": params(for: method, &random)]
        if isRequest { message["id"] = random.chance(90) ? .string("f\(random.int(1_000_000))") : randomJSON(&random) }
        let body = JSON.object(message).serialized
        switch random.int(14) {
        case 0:  // random bytes
            return (0..<random.int(300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        case 1:  // truncated header
            let header = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
            return Array(header.prefix(random.int(header.count)))
        case 2:  // Content-Length too short
            return Array("Content-Length: \(max(0, body.count - 1 - random.int(20)))\r\n\r\n".utf8) + body
        case 3:  // Content-Length too long (swallows part of the next frame)
            return Array("Content-Length: \(body.count + 1 + random.int(40))\r\n\r\n".utf8) + body
        case 4:  // negative, non-numeric, overflowing, empty lengths
            let value = random.pick(["-1", "-99999", "abc", "", "99999999999999999999999", "0x10", "1e3", " 12 3", "+5"])
            return Array("Content-Length: \(value)\r\n\r\n".utf8) + body
        case 5:  // over the limit (64 KiB in this test): rejected, its body skipped, the stream carries on
            let padded = body + [UInt8](repeating: UInt8(ascii: " "), count: (1 << 16) + random.int(1000))
            return Array("Content-Length: \(padded.count)\r\n\r\n".utf8) + padded
        case 6:  // non-UTF-8 inside the body
            var bytes = body
            for _ in 0..<(1 + random.int(4)) { bytes[random.int(bytes.count)] = random.pick([0xFF, 0xC3, 0x80, 0xED, 0x00]) }
            return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
        case 7:  // valid JSON of the wrong shape
            return frame(random.pick([JSON.array([]), .int(1), .string("x"), .null, ["jsonrpc": "2.0"], ["method": 1],
                                      ["id": ["a": 1], "method": "x"], ["id": .double(1.5), "method": "textDocument/hover"],
                                      ["jsonrpc": "2.0", "id": 1, "method": "x", "params": 3], ["result": 1],
                                      randomJSON(&random)]))
        case 8:  // flipped bytes in the body
            var bytes = body
            for _ in 0..<(1 + random.int(3)) { bytes[random.int(bytes.count)] ^= UInt8(1) << UInt8(random.int(8)) }
            return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
        case 9:  // odd but legal headers
            let headers = random.pick(["content-length: \(body.count)\n\n", "Content-Type: x\r\nContent-Length: \(body.count)\r\n\r\n",
                                       "Content-Length:\(body.count)\r\n\r\n", "Content-Length: \(body.count)\r\nContent-Length: \(body.count)\r\n\r\n"])
            return Array(headers.utf8) + body
        case 10:  // header without Content-Length, or junk header lines
            return Array(random.pick(["X: 1\r\n\r\n", "\r\n\r\n", "Content-Length\r\n\r\n", ":\r\n\r\n", "garbage\n\n"]).utf8)
        default:  // well framed: hostile params only
            return frame(.object(message))
        }
    }

    // MARK: Tests

    @Test func randomAndMutatedFramesKeepTheServerAnswering() async throws {
        let seed = Fuzz.seed("protocolFrames")
        var random = FuzzRandom(seed: seed)
        let server = TestClient(options: { var options = ServerOptions(); options.maximumBodySize = 1 << 16; return options }())
        try await server.initialize()
        await server.open(Self.uri, Self.text)
        let cases = Fuzz.iterations(ci: 4_000)
        let start = ContinuousClock.now
        let memoryBefore = residentBytes()
        for index in 0..<cases {
            let bytes = Self.fuzzCase(&random)
            await server.sendRaw(bytes)
            do {
                try await server.ping()
            } catch {
                Issue.record("case \(index) (seed \(seed)): the server stopped answering after \(String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription)")
                return
            }
            _ = server.drain()
            // Keep a document open for the requests that need one.
            if index % 50 == 0 { await server.open(Self.uri, Self.text, version: index + 2) }
        }
        Fuzz.report("protocolFrames", cases: cases, since: start)
        // The session still works: a real request on a real document.
        await server.open(Self.uri, Self.text, version: 1_000_000_000)
        let hover = try await server.request("textDocument/hover", ["textDocument": ["uri": .string(Self.uri)], "position": ["line": 0, "character": 0]])
        #expect(hover["error"] == nil, "\(hover.serializedString)")
        if let before = memoryBefore, let after = residentBytes() {
            print("[fuzz] protocolFrames: resident memory \(before >> 20) MiB → \(after >> 20) MiB")
            #expect(after - before < 512 << 20, "memory grew by \((after - before) >> 20) MiB")
        }
        #expect(try await server.shutdownAndExit() == 0)
    }

    /// Specific hostile messages and the exact answer each must get.
    @Test func hostileMessagesGetTheRightError() async throws {
        let server = TestClient(options: { var options = ServerOptions(); options.maximumBodySize = 1 << 20; return options }())
        // Before initialize: requests are refused with ServerNotInitialized.
        let early = try await server.request("textDocument/hover", [:])
        #expect(early["error", "code"]?.intValue == ResponseError.serverNotInitializedCode)
        try await server.initialize()

        func expectError(_ raw: [UInt8], _ code: Int, _ what: String) async throws {
            await server.sendRaw(raw)
            let answer = try await server.next(what) { $0["error", "code"]?.intValue == code }
            #expect(answer["id"] == .null || answer["id"] != nil, "\(what)")
            try await server.ping()
            _ = server.drain()
        }
        func framed(_ text: String) -> [UInt8] { MessageFramer.frame(Array(text.utf8)) }
        try await expectError(framed("{not json"), ResponseError.parseErrorCode, "malformed JSON")
        try await expectError(MessageFramer.frame([0xFF, 0xFE, 0x7B, 0x7D]), ResponseError.parseErrorCode, "non-UTF-8 body")
        try await expectError(framed("[1,2]"), ResponseError.invalidRequestCode, "an array")
        try await expectError(framed(#"{"jsonrpc":"2.0","id":1,"method":7}"#), ResponseError.invalidRequestCode, "numeric method")
        try await expectError(framed(#"{"jsonrpc":"2.0","id":{},"method":"x"}"#), ResponseError.invalidRequestCode, "object id")
        try await expectError(framed(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":5}"#), ResponseError.invalidRequestCode, "scalar params")
        try await expectError(framed(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover"}"#), ResponseError.invalidParamsCode, "hover without params")
        try await expectError(framed(#"{"jsonrpc":"2.0","id":4,"method":"textDocument/codeAction","params":{"textDocument":{"uri":5}}}"#), ResponseError.invalidParamsCode, "uri of the wrong type")
        try await expectError(framed(#"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.swift"},"position":{"line":0,"character":0}}}"#), ResponseError.invalidParamsCode, "hover on an unopened document")
        try await expectError(framed(#"{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.swift"},"position":{"line":-1,"character":0}}}"#), ResponseError.invalidParamsCode, "negative line")
        try await expectError(framed(#"{"jsonrpc":"2.0","id":7,"method":"workspace/executeCommand","params":{"command":"swiftui-gotchas.fixAll","arguments":[42]}}"#), ResponseError.invalidParamsCode, "fix-all with a number")
        try await expectError(framed(#"{"jsonrpc":"2.0","id":8,"method":"no/such"}"#), ResponseError.methodNotFoundCode, "unknown method")
        try await expectError(Array("Content-Length: -5\r\n\r\n".utf8), ResponseError.parseErrorCode, "negative Content-Length")
        try await expectError(Array("Content-Length: 12abc\r\n\r\n".utf8), ResponseError.parseErrorCode, "non-numeric Content-Length")
        try await expectError(Array("Content-Type: text/plain\r\n\r\n".utf8), ResponseError.parseErrorCode, "no Content-Length")
        try await expectError(Array([UInt8](repeating: UInt8(ascii: "A"), count: 70_000)), ResponseError.parseErrorCode, "a header that never ends")

        // Over the limit: answered with a clear error naming the limit, without allocating the body.
        let memoryBefore = residentBytes() ?? 0
        await server.sendRaw(Array("Content-Length: \(1 << 40)\r\n\r\n".utf8))
        let tooLarge = try await server.next("bodyTooLarge") { $0["error", "code"]?.intValue == ResponseError.invalidRequestCode }
        #expect(tooLarge["error", "message"]?.stringValue?.contains("exceeds the limit of 1048576 bytes") == true,
                "\(tooLarge.serializedString)")
        #expect((residentBytes() ?? 0) - memoryBefore < 256 << 20)
        // That length swallows everything after it (Content-Length framing cannot know
        // better): the server waits for input without allocating, and ends at end of input.
        await server.closeInput()
        #expect(await server.exitStatus() == 1)
        // A real over-limit body is skipped, and the stream carries on after it.
        let server2 = TestClient(options: { var options = ServerOptions(); options.maximumBodySize = 1 << 20; return options }())
        try await server2.initialize()
        let big = #"{"jsonrpc":"2.0","id":"big","method":"textDocument/hover","params":{"x":""# + String(repeating: "x", count: 1 << 20) + #""}}"#
        await server2.sendRaw(MessageFramer.frame(Array(big.utf8)))
        _ = try await server2.next("bodyTooLarge") { $0["error", "code"]?.intValue == ResponseError.invalidRequestCode }
        try await server2.ping()
        #expect(try await server2.shutdownAndExit() == 0)
    }

    /// Thousands of requests in flight, then every one cancelled: each is answered exactly once.
    @Test func thousandsOfRequestsThenCancel() async throws {
        let server = TestClient()
        try await server.initialize()
        await server.open(Self.uri, SyntheticCorpus(seed: 5).viewFile(lines: 400))
        let count = Fuzz.isLong ? 20_000 : 3_000
        var ids: [RequestID] = []
        var batch: [UInt8] = []
        for index in 0..<count {
            let id = RequestID.int(index)
            ids.append(id)
            let method = index % 2 == 0 ? "textDocument/hover" : "textDocument/diagnostic"
            let params: JSON = ["textDocument": ["uri": .string(Self.uri)], "position": ["line": .int(index % 400), "character": 4]]
            batch += MessageFramer.frame(Message.request(id: id, method: method, params: params).json.serialized)
        }
        for id in ids { batch += MessageFramer.frame(Message.notification(method: "$/cancelRequest", params: ["id": id.json]).json.serialized) }
        // Cancelling the unknown and the already-answered is harmless.
        batch += MessageFramer.frame(Message.notification(method: "$/cancelRequest", params: ["id": "never-sent"]).json.serialized)
        let start = ContinuousClock.now
        await server.sendRaw(batch)
        let answers = try await server.collect(count, timeout: .seconds(120)) { message in
            message["method"] == nil && message["id"]?.intValue != nil
        }
        Fuzz.report("thousandsOfRequestsThenCancel", cases: count, since: start)
        let answered = answers.compactMap { $0["id"]?.intValue }
        #expect(Set(answered).count == count, "each request answered once")
        #expect(answered.count == count, "no request answered twice")
        for answer in answers {
            if let code = answer["error", "code"]?.intValue {
                #expect([ResponseError.requestCancelledCode, ResponseError.contentModifiedCode].contains(code), "\(answer.serializedString)")
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        let late = server.drain().filter { $0["method"] == nil && $0["id"]?.intValue != nil }
        #expect(late.isEmpty, "answered after cancellation: \(late.prefix(3).map(\.serializedString))")
        try await server.ping()
        #expect(try await server.shutdownAndExit() == 0)
    }

    /// Edits with out-of-range, reversed and malformed ranges, and edits to documents
    /// that were never opened: clamped or ignored, and diagnostics keep coming.
    @Test func hostileEditsKeepDiagnosticsFlowing() async throws {
        let seed = Fuzz.seed("hostileEdits")
        var random = FuzzRandom(seed: seed)
        // The server's log file has a line per lint (its waits and its work): what a timeout shows.
        let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-edits-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: logPath) }
        let server = TestClient(log: .file(at: logPath))
        try await server.initialize()
        await server.open(Self.uri, Self.text)
        let cases = Fuzz.iterations(ci: 400)
        let start = ContinuousClock.now
        for version in 2..<(cases + 2) {
            let changes = Self.params(for: "textDocument/didChange", &random)["contentChanges"] ?? .array([])
            let target = random.chance(85) ? Self.uri : "file:///fuzz/Unopened.swift"
            await server.notify("textDocument/didChange", ["textDocument": ["uri": .string(target), "version": .int(version)],
                                                           "contentChanges": changes])
            if random.chance(10) { await server.notify("textDocument/didClose", ["textDocument": ["uri": .string("file:///fuzz/Other.swift")]]) }
        }
        try await server.ping()
        // Replace the whole text: the server lints it and publishes for that version.
        await server.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 999_999],
                                                       "contentChanges": [["text": .string(DataSafetyTests.flagged)]]])
        let published: JSON
        do {
            published = try await server.next("diagnostics after hostile edits", timeout: .seconds(60)) {
                $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params", "version"]?.intValue == 999_999
            }
        } catch {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "(no log)"
            Issue.record("the server's log ends: \(log.split(separator: "\n").suffix(12).joined(separator: " | "))")
            throw error
        }
        #expect(published["params", "diagnostics"]?.arrayValue?.isEmpty == false)
        Fuzz.report("hostileEdits", cases: cases, since: start)
        #expect(try await server.shutdownAndExit() == 0)
    }
}
