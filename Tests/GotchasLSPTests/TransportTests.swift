import Foundation
import GotchasCore
import ServerTestSupport
import Testing
@testable import GotchasLSP

@Suite struct MessageFramerTests {
    func frame(_ text: String) -> [UInt8] { MessageFramer.frame(Array(text.utf8)) }

    @Test func partialReadsByteByByte() {
        var framer = MessageFramer()
        var bodies: [String] = []
        for byte in frame(#"{"a":1}"#) {
            for case .body(let body) in framer.feed([byte]) { bodies.append(String(decoding: body, as: UTF8.self)) }
        }
        #expect(bodies == [#"{"a":1}"#])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func severalMessagesInOneRead() {
        var framer = MessageFramer()
        let events = framer.feed(frame("[1]") + frame("[2]") + Array(frame("[3]").prefix(5)))
        #expect(events == [.body(Array("[1]".utf8)), .body(Array("[2]".utf8))])
        #expect(framer.feed(Array(frame("[3]").dropFirst(5))) == [.body(Array("[3]".utf8))])
    }

    @Test func contentTypeHeaderAndCaseInsensitiveName() {
        var framer = MessageFramer()
        let raw = "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}"
        #expect(framer.feed(Array(raw.utf8)) == [.body(Array("{}".utf8))])
        var other = MessageFramer()
        let typeFirst = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n[]"
        #expect(other.feed(Array(typeFirst.utf8)) == [.body(Array("[]".utf8))])
    }

    @Test func largeMessageInChunks() {
        var framer = MessageFramer()
        let payload = "\"" + String(repeating: "x", count: 3_000_000) + "\""
        let bytes = frame(payload)
        var bodies: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + 65_536)
            for case .body(let body) in framer.feed(bytes[index..<end]) { bodies.append(body) }
            index = end
        }
        #expect(bodies.count == 1)
        #expect(bodies.first?.count == payload.utf8.count)
    }

    @Test func oversizedContentLengthIsRejectedAndSkipped() {
        var framer = MessageFramer(maximumBodySize: 10)
        let events = framer.feed(frame(String(repeating: "1", count: 20)) + frame("[7]"))
        #expect(events == [.error(.bodyTooLarge(length: 20, limit: 10)), .body(Array("[7]".utf8))])
        var huge = MessageFramer()
        #expect(huge.feed(Array("Content-Length: 999999999999\r\n\r\n".utf8)) == [.error(.bodyTooLarge(length: 999_999_999_999, limit: MessageFramer.defaultMaximumBodySize))])
    }

    @Test func missingOrInvalidContentLength() {
        var framer = MessageFramer()
        #expect(framer.feed(Array("Content-Type: x\r\n\r\n".utf8)) == [.error(.missingContentLength(header: "Content-Type: x"))])
        #expect(framer.feed(Array("Content-Length: abc\r\n\r\n".utf8)) == [.error(.invalidContentLength("abc"))])
    }
}

@Suite struct JSONTests {
    @Test func roundTripsValues() throws {
        let text = #"{"a":[1,-2,3.5,true,false,null],"b":"é😀\n\"\\","c":{}}"#
        let value = try JSON.parse(text)
        #expect(value["a"] == [1, -2, .double(3.5), true, false, nil])
        #expect(value["b"] == "é😀\n\"\\")
        #expect(try JSON.parse(value.serialized) == value)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSON.parse(#""\u00e9\ud83d\ude00\/""#) == "é😀/")
    }

    @Test func rejectsMalformedJSON() {
        for bad in ["{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "1 2", ""] {
            #expect(throws: JSONParseError.self) { try JSON.parse(bad) }
        }
    }

    @Test func classifiesMessages() throws {
        #expect(Message.decode(try JSON.parse(#"{"jsonrpc":"2.0","id":1,"method":"m"}"#)) == .success(.request(id: .int(1), method: "m", params: .null)))
        #expect(Message.decode(try JSON.parse(#"{"jsonrpc":"2.0","method":"n","params":{}}"#)) == .success(.notification(method: "n", params: [:])))
        guard case .failure(let invalid) = Message.decode([1, 2]) else { Issue.record("accepted an array"); return }
        #expect(invalid.error.code == ResponseError.invalidRequestCode)
    }
}

@Suite struct PositionConversionTests {
    let document = SourceDocument(path: "/x.swift", text: "a😀b\n\nc")

    @Test func convertsInEveryEncoding() {
        // "a😀b": a=1 byte, 😀=4 bytes (2 UTF-16 units, 1 UTF-32 unit)
        #expect(PositionConverter(encoding: .utf8).position(5, in: document) == position(0, 5))
        #expect(PositionConverter(encoding: .utf16).position(5, in: document) == position(0, 3))
        #expect(PositionConverter(encoding: .utf32).position(5, in: document) == position(0, 2))
        #expect(PositionConverter(encoding: .utf16).offset(position(0, 3), in: document)?.offset == 5)
    }

    @Test func clampsAndReportsOutOfRangePositions() {
        let converter = PositionConverter(encoding: .utf16)
        let result = converter.offset(position(0, 99), in: document)
        #expect(result?.offset == 6)
        #expect(result?.clamped == true)
        #expect(converter.offset(position(99, 0), in: document)?.offset == document.bytes.count)
        #expect(converter.offset(["line": -1, "character": 0], in: document) == nil)
    }

    @Test func visibleRangesAreNeverEmpty() {
        let converter = PositionConverter(encoding: .utf16)
        #expect(converter.visibleRange(1..<1, in: document) == range(0, 1, 0, 3))   // widened over the emoji
        #expect(converter.visibleRange(7..<7, in: document) == range(1, 0, 2, 0))   // an empty line: its terminator
        #expect(converter.visibleRange(9..<9, in: document) == range(2, 0, 2, 1))   // end of file: the previous character
    }

    @Test func minimalEditKeepsCharacterBoundaries() {
        let old = Array("x😀y".utf8)
        let new = Array("x😁y".utf8)
        let edit = minimalEdit(from: old, to: new)
        #expect(edit == TextEdit(range: 1..<5, replacement: "😁"))
        #expect(minimalEdit(from: old, to: old) == nil)
    }
}

/// A reader or writer that outlives its opener's descriptor keeps to its own pipe, even when the
/// number is given to another file (the next test's pipe, in a test process).
@Suite struct ReusedDescriptorTests {
    /// Makes a pipe, as (read end, write end).
    private func makePipe() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    /// Everything readable on `fileDescriptor` until end of file.
    private func readAll(_ fileDescriptor: Int32) -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return all }
            all += buffer[0..<count]
        }
    }

    // `dup2` replaces the number's file at once, as a reuse would, with no moment when the number
    // is free for another test of this process to take.

    @Test func inputReaderNeverReadsTheNumbersNextOwner() async throws {
        let (oldRead, oldWrite) = try makePipe()
        let chunks = InputReader.chunks(from: oldRead)
        let (newRead, newWrite) = try makePipe()
        try #require(dup2(newRead, oldRead) == oldRead)  // the opener's number now names another pipe
        close(newRead)
        close(oldWrite)
        _ = Array("initialize".utf8).withUnsafeBytes { write(newWrite, $0.baseAddress, $0.count) }
        close(newWrite)
        var stolen: [UInt8] = []
        for await chunk in chunks { stolen += chunk }  // ends: the reader's own pipe has no writer left
        #expect(stolen.isEmpty)
        #expect(readAll(oldRead) == Array("initialize".utf8))
        close(oldRead)
    }

    @Test func writerNeverWritesToTheNumbersNextOwner() throws {
        let (oldRead, oldWrite) = try makePipe()
        let (newRead, newWrite) = try makePipe()
        func writeLate() throws -> Bool {
            let writer = MessageWriter(owning: try #require(OwnedDescriptor(duplicating: oldWrite)))
            try #require(dup2(newWrite, oldWrite) == oldWrite)  // the opener's number now names another pipe
            return writer.write(raw: Array("late".utf8))
        }
        #expect(try writeLate())
        close(newWrite)
        close(oldWrite)
        #expect(readAll(newRead).isEmpty)  // the number's new owner got nothing
        #expect(readAll(oldRead) == Array("late".utf8))  // the writer's own pipe got it, then end of file: it closed with the writer
        close(newRead)
        close(oldRead)
    }
}
