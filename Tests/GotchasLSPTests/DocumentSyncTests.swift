import Foundation
import GotchasCore
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// `Text("😀").foregroundColor(.red)` — the diagnostic starts at `.foregroundColor`.
@Suite struct DocumentSyncTests {
    static let emojiLine = "Text(\"😀\").foregroundColor(.red)\n"

    func startCharacter(_ published: JSON) -> Int? {
        published["params", "diagnostics"]?.arrayValue?.first?["range", "start", "character"]?.intValue
    }

    @Test func utf16ClientEditsAnEmojiLine() async throws {
        let client = TestClient()
        let initialized = try await client.initialize(capabilities: ["general": ["positionEncodings": ["utf-16"]]])
        #expect(initialized["result", "capabilities", "positionEncoding"] == "utf-16")
        let uri = "file:///emoji16.swift"
        await client.open(uri, Self.emojiLine)
        // T e x t ( " = 6 units, 😀 = 2 UTF-16 units, " ) . = 3 → `.foregroundColor` at 10.
        let first = try await client.publishedDiagnostics(for: uri, version: 1)
        #expect(startCharacter(first) == 10)
        #expect(first["params", "diagnostics"]?.arrayValue?.first?["range", "end", "character"] == 32)
        // Insert a second emoji after the first one (UTF-16 column 8).
        await client.change(uri, version: 2, [["range": range(0, 8, 0, 8), "text": "🎉"]])
        let second = try await client.publishedDiagnostics(for: uri, version: 2)
        #expect(startCharacter(second) == 12)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func utf8ClientEditsAnEmojiLine() async throws {
        let client = TestClient()
        let initialized = try await client.initialize(capabilities: ["general": ["positionEncodings": ["utf-8", "utf-16"]]])
        #expect(initialized["result", "capabilities", "positionEncoding"] == "utf-8")
        let uri = "file:///emoji8.swift"
        await client.open(uri, Self.emojiLine)
        let first = try await client.publishedDiagnostics(for: uri, version: 1)
        #expect(startCharacter(first) == 12)  // 6 bytes + 4 (😀) + 2
        // Replace the emoji (bytes 6..<10) by two of them.
        await client.change(uri, version: 2, [["range": range(0, 6, 0, 10), "text": "🎉🎉"]])
        let second = try await client.publishedDiagnostics(for: uri, version: 2)
        #expect(startCharacter(second) == 16)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func severalChangesApplyInOrderAndFullTextIsAccepted() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let uri = "file:///order.swift"
        await client.open(uri, "let a = 1\n")
        _ = try await client.publishedDiagnostics(for: uri, version: 1)
        // Second change's range refers to the text after the first change.
        await client.change(uri, version: 2, [
            ["range": range(0, 0, 0, 9), "text": "Text(\"x\")"],
            ["range": range(0, 9, 0, 9), "text": ".foregroundColor(.red)"],
        ])
        let changed = try await client.publishedDiagnostics(for: uri, version: 2)
        #expect(changed["params", "diagnostics"]?.arrayValue?.count == 1)
        #expect(startCharacter(changed) == 9)
        await client.change(uri, version: 3, [["text": "let clean = true\n"]])
        let full = try await client.publishedDiagnostics(for: uri, version: 3)
        #expect(full["params", "diagnostics"] == [])
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func outOfRangeEditsAreClampedNotFatal() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let uri = "file:///clamp.swift"
        await client.open(uri, "Text(\"x\")\n")
        _ = try await client.publishedDiagnostics(for: uri, version: 1)
        await client.change(uri, version: 2, [["range": range(0, 9, 40, 7), "text": ".foregroundColor(.red)"]])
        let log = try await client.notification("window/logMessage") { $0["params", "type"] == .int(MessageType.warning.rawValue) }
        #expect(log["params", "message"]?.stringValue?.contains("clamped") == true, "\(log)")
        let published = try await client.publishedDiagnostics(for: uri, version: 2)
        #expect(published["params", "diagnostics"]?.arrayValue?.count == 1)
        // A malformed change is ignored, and the server keeps serving.
        await client.change(uri, version: 3, [["range": "nonsense", "text": "x"]])
        let hover = try await client.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(0, 12)])
        #expect(hover["result", "contents"] != nil)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func anOpenDocumentIsFoundUnderAnotherSpellingOfItsURI() async throws {
        let folder = TemporaryDirectory()
        // On disk the file has a finding; the open buffer has none.
        let path = folder.write("My App (2)+@/A.swift", sample)
        let client = TestClient()
        _ = try await client.initialize(capabilities: ["textDocument": ["hover": ["contentFormat": ["plaintext"]]]])
        // VS Code's spelling: `( ) + @` percent-encoded, uppercase escapes.
        let opened = "file://" + path.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28")
            .replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "@", with: "%40")
        // Another client's (or a plugin's) spelling of the same file.
        let other = "file://localhost" + path.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "+", with: "%2b")
        #expect(opened != other)
        await client.open(opened, "let clean = 1\n")
        #expect(try await client.publishedDiagnostics(for: opened, version: 1)["params", "diagnostics"] == [])
        // A pull naming the other spelling is answered from the open buffer, not the disk.
        let pulled = try await client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(other)]])
        #expect(pulled["result", "items"] == [], "\(pulled)")
        // A change under the other spelling edits the open buffer; diagnostics are published
        // under the URI the client opened.
        await client.change(other, version: 2, [["text": .string(sample)]])
        let published = try await client.publishedDiagnostics(for: opened, version: 2)
        #expect(published["params", "diagnostics"]?.arrayValue?.count == 1)
        let hover = try await client.request("textDocument/hover", ["textDocument": ["uri": .string(other)], "position": position(4, 25)])
        #expect(hover["result", "contents"] != nil, "\(hover)")
        // Closed under the other spelling: cleared under the opened one.
        await client.notify("textDocument/didClose", ["textDocument": ["uri": .string(other)]])
        #expect(try await client.publishedDiagnostics(for: opened)["params", "diagnostics"] == [])
        #expect(client.unclaimed().allSatisfy { $0["params", "uri"]?.stringValue != other })
        #expect(try await client.shutdownAndExit() == 0)
    }
}
