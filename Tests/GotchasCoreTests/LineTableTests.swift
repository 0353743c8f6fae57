import GotchasCore
import Testing

@Suite struct LineTableTests {
    // "é" is 2 UTF-8 bytes / 1 UTF-16 unit; "🎉" is 4 bytes / 2 UTF-16 units / 1 scalar;
    // "漢" is 3 bytes / 1 UTF-16 unit.
    let document = SourceDocument(path: "t.swift", text: "let é = \"🎉漢\"\r\nx\ry\n\nlast")

    @Test func linesEndAtLFCRLFAndLoneCR() {
        #expect(document.lines.lineCount == 5)
        #expect(document.lineText(0) == "let é = \"🎉漢\"")
        #expect(document.lineText(1) == "x")
        #expect(document.lineText(2) == "y")
        #expect(document.lineText(3) == "")
        #expect(document.lineText(4) == "last")
    }

    @Test(arguments: [(PositionEncoding.utf8, 17), (.utf16, 12), (.utf32, 11)])
    func columnAfterEmojiAndCJKCountsInTheRequestedUnit(encoding: PositionEncoding, expectedColumn: Int) {
        // The byte offset of the closing quote: after `let é = "🎉漢`.
        let offset = Array("let é = \"🎉漢".utf8).count
        let position = document.lineColumn(ofByte: offset, encoding: encoding)
        #expect(position == LineColumn(line: 0, column: expectedColumn))
        #expect(document.byteOffset(of: position, encoding: encoding) == offset)
    }

    @Test func everyScalarBoundaryRoundTripsInEveryEncoding() {
        let text = "a🎉b\nçé漢👨‍👩‍👧\r\n𝄞x"
        let document = SourceDocument(path: "t.swift", text: text)
        var offset = 0
        var boundaries: [Int] = [0]
        for scalar in text.unicodeScalars {
            offset += String(scalar).utf8.count
            boundaries.append(offset)
        }
        let bytes = Array(text.utf8)
        // The offset between the CR and LF of a CRLF is not a position a client can name.
        let insideCRLF = { (offset: Int) in offset > 0 && offset < bytes.count && bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A }
        for encoding in PositionEncoding.allCases {
            for boundary in boundaries where !insideCRLF(boundary) {
                let position = document.lineColumn(ofByte: boundary, encoding: encoding)
                #expect(document.byteOffset(of: position, encoding: encoding) == boundary, "\(encoding): \(boundary) -> \(position)")
            }
        }
    }

    @Test func outOfRangePositionsClamp() {
        #expect(document.byteOffset(of: LineColumn(line: 99, column: 0), encoding: .utf16) == document.bytes.count)
        #expect(document.byteOffset(of: LineColumn(line: 1, column: 99), encoding: .utf16) == document.lines.lineStarts[1] + 1)
        #expect(document.byteOffset(of: LineColumn(line: -1, column: 3), encoding: .utf8) == 0)
        // Inside the emoji's surrogate pair: snap to the emoji's start.
        let emojiStart = Array("let é = \"".utf8).count
        #expect(document.byteOffset(of: LineColumn(line: 0, column: 10), encoding: .utf16) == emojiStart)
    }

    @Test func emptyDocumentHasOneLine() {
        let empty = SourceDocument(path: "e.swift", text: "")
        #expect(empty.lines.lineCount == 1)
        #expect(empty.lineColumn(ofByte: 5, encoding: .utf16) == LineColumn(line: 0, column: 0))
    }
}
