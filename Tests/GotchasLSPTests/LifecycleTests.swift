import Foundation
import GotchasCore
import ServerTestSupport
import Testing
@testable import GotchasLSP

@Suite struct LifecycleTests {
    @Test func requestBeforeInitializeIsRefused() async throws {
        let client = TestClient()
        let response = try await client.request("textDocument/hover", ["textDocument": ["uri": "file:///a.swift"], "position": position(0, 0)])
        #expect(response["error", "code"] == .int(ResponseError.serverNotInitializedCode))
        _ = try await client.initialize()
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func initializeAdvertisesCapabilities() async throws {
        let client = TestClient()
        let response = try await client.initialize(capabilities: ["textDocument": ["codeAction": ["codeActionLiteralSupport": [:]]]])
        let capabilities = try #require(response["result", "capabilities"])
        #expect(capabilities["textDocumentSync", "change"] == 2)
        #expect(capabilities["textDocumentSync", "openClose"] == true)
        #expect(capabilities["positionEncoding"] == "utf-16")
        #expect(capabilities["codeActionProvider", "resolveProvider"] == true)
        #expect(capabilities["hoverProvider"] == true)
        #expect(capabilities["diagnosticProvider"] == nil)  // the client cannot pull
        let again = try await client.request("initialize", ["capabilities": [:]])
        #expect(again["error", "code"] == .int(ResponseError.invalidRequestCode))
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test(arguments: [
        (["utf-8", "utf-16"], "utf-8"), (["utf-16"], "utf-16"), (["utf-32", "utf-16"], "utf-32"),
        (["utf-32", "utf-8"], "utf-8"), ([String](), "utf-16"),
    ])
    func negotiatesPositionEncoding(offered: [String], expected: String) async throws {
        let client = TestClient()
        let response = try await client.initialize(capabilities: ["general": ["positionEncodings": .array(offered.map(JSON.string))]])
        #expect(response["result", "capabilities", "positionEncoding"] == .string(expected))
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func errorPathsKeepTheServerServing() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        // Malformed JSON: -32700 with a null ID.
        await client.sendRaw(MessageFramer.frame(Array("{not json".utf8)))
        let parseError = try await client.next("parse error") { $0["error", "code"] == .int(ResponseError.parseErrorCode) }
        #expect(parseError["id"] == .null)
        // Not a JSON-RPC message: -32600.
        await client.sendRaw(MessageFramer.frame(Array("[1,2]".utf8)))
        _ = try await client.next("invalid request") { $0["error", "code"] == .int(ResponseError.invalidRequestCode) }
        // Unknown request: -32601.
        let unknown = try await client.request("textDocument/frobnicate", [:])
        #expect(unknown["error", "code"] == .int(ResponseError.methodNotFoundCode))
        // Unknown notifications and $/ notifications: ignored, no answer.
        await client.notify("workspace/somethingNew", [:])
        await client.notify("$/somethingElse", ["x": 1])
        // Invalid params: -32602.
        let invalid = try await client.request("textDocument/codeAction", ["textDocument": ["uri": "file:///nope.swift"]])
        #expect(invalid["error", "code"] == .int(ResponseError.invalidParamsCode))
        let hover = try await client.request("textDocument/hover", [:])
        #expect(hover["error", "code"] == .int(ResponseError.invalidParamsCode))
        let command = try await client.request("workspace/executeCommand", ["command": "nope"])
        #expect(command["error", "code"] == .int(ResponseError.invalidParamsCode))
        // A too-large Content-Length is answered, and the server still serves.
        await client.sendRaw("Content-Length: 99999999999\r\n\r\n")
        let tooLarge = try await client.next("too large") { $0["error", "message"]?.stringValue?.contains("exceeds the limit") == true }
        #expect(tooLarge["error", "code"] == .int(ResponseError.invalidRequestCode))
        await client.closeInput()
        #expect(await client.exitStatus() == 1)  // end of input without shutdown
    }

    @Test func exitWithoutShutdownIsStatusOne() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.notify("exit")
        #expect(await client.exitStatus() == 1)
    }

    @Test func requestsAfterShutdownAreRefused() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        _ = try await client.request("shutdown")
        let late = try await client.request("textDocument/hover", ["textDocument": ["uri": "file:///a.swift"], "position": position(0, 0)])
        #expect(late["error", "code"] == .int(ResponseError.invalidRequestCode))
        await client.notify("exit")
        #expect(await client.exitStatus() == 0)
    }

    @Test func stdinClosedEarlyExitsCleanly() async throws {
        let client = TestClient()
        await client.closeInput()
        #expect(await client.exitStatus() == 1)
    }

    @Test func cancelledRequestIsAnsweredWithRequestCancelled() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open("file:///c.swift", sample)
        // The cancel arrives in the same read as the request, before the work can finish.
        let request = await client.makeRequest("textDocument/codeAction", ["textDocument": ["uri": "file:///c.swift"],
                                                                           "range": range(4, 20, 4, 20), "context": ["diagnostics": []]])
        let id = try #require(request["id"])
        await client.sendBatch([request, ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": id]]])
        let response = try await client.next("cancelled") { $0["id"] == id }
        #expect(response["error", "code"] == .int(ResponseError.requestCancelledCode))
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func requestOvertakenByANewerVersionIsContentModified() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let uri = "file:///m.swift"
        await client.open(uri, sample)
        let request = await client.makeRequest("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(4, 20)])
        let id = try #require(request["id"])
        let change: JSON = ["jsonrpc": "2.0", "method": "textDocument/didChange",
                            "params": ["textDocument": ["uri": .string(uri), "version": 2],
                                       "contentChanges": [["range": range(0, 0, 0, 0), "text": "\n"]]]]
        await client.sendBatch([request, change])
        let response = try await client.next("content modified") { $0["id"] == id }
        #expect(response["error", "code"] == .int(ResponseError.contentModifiedCode))
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func traceAndLogMessagesUseSpecFieldsOnly() async throws {
        let client = TestClient()
        _ = try await client.initialize(capabilities: ["general": ["positionEncodings": ["utf-16"]]])
        await client.notify("$/setTrace", ["value": "messages"])
        _ = try await client.request("textDocument/frobnicate", [:])
        let trace = try await client.notification("$/logTrace")
        #expect(trace["params", "message"]?.stringValue?.contains("textDocument/frobnicate") == true)
        // An out-of-range edit is logged with window/logMessage carrying only type and message.
        await client.open("file:///l.swift", "let a = 1\n")
        await client.change("file:///l.swift", version: 2, [["range": range(9, 0, 9, 3), "text": "x"]])
        let log = try await client.notification("window/logMessage") { $0["params", "message"]?.stringValue?.contains("clamped") == true }
        #expect(Set(log["params"]?.objectValue?.keys ?? [:].keys) == ["type", "message"])
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// Neovim shows every stderr line as `[ERROR]` in `:LspLog`: informational lines go to
    /// the client as window/logMessage of type info/log, stderr gets only real errors; a
    /// `--log-file` keeps every line.
    @Test(arguments: [false, true])
    func informationalLinesGoToTheClientAndStderrKeepsErrors(logIsAFile: Bool) async throws {
        let folder = TemporaryDirectory()
        _ = folder.write("A.swift", sample)
        let logPath = folder.path + "/server.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: logPath))
        defer { try? handle.close() }
        let log = ServerLog(owning: try #require(OwnedDescriptor(duplicating: handle.fileDescriptor)), keepsEveryLine: logIsAFile)
        let client = TestClient(log: log)
        _ = try await client.initialize(folders: [folder.path])
        let initialized = try await client.notification("window/logMessage") { $0["params", "message"]?.stringValue?.hasPrefix("initialized: client") == true }
        #expect(initialized["params", "type"] == .int(MessageType.info.rawValue))
        let indexed = try await client.notification("window/logMessage") { $0["params", "message"]?.stringValue?.hasPrefix("indexed 1 files") == true }
        #expect(indexed["params", "type"] == .int(MessageType.info.rawValue))
        await client.sendRaw("Content-Length: 5\r\n\r\n{nope")
        let parseError = try await client.next("parse error") { $0["error", "code"] == -32700 }
        #expect(parseError["id"] == .null)
        #expect(try await client.shutdownAndExit() == 0)
        let written = try String(contentsOfFile: logPath, encoding: .utf8)
        #expect(written.contains("malformed JSON"))
        #expect(written.contains("initialized: client") == logIsAFile)
        #expect(written.contains("indexed 1 files") == logIsAFile)
        #expect(written.contains("input closed") == false)
    }
}
