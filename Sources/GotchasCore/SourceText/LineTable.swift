/// Byte offsets of the start of every line of a UTF-8 buffer, and conversions
/// between byte offsets and (line, column) in UTF-8, UTF-16 or UTF-32 units.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as in the LSP specification.
public struct LineTable: Sendable, Equatable {
    /// `lineStarts[i]` is the byte offset where line `i` begins; always non-empty.
    public private(set) var lineStarts: [Int]
    /// Total byte count of the buffer the table was built from.
    public private(set) var byteCount: Int

    public init(_ bytes: some Collection<UInt8>) {
        var starts = [0]
        var offset = 0
        var previousWasCR = false
        for byte in bytes {
            offset += 1
            if byte == UInt8(ascii: "\n") {
                if previousWasCR { starts[starts.count - 1] = offset } else { starts.append(offset) }
                previousWasCR = false
            } else if byte == UInt8(ascii: "\r") {
                starts.append(offset)
                previousWasCR = true
            } else {
                previousWasCR = false
            }
        }
        lineStarts = starts
        byteCount = offset
    }

    public var lineCount: Int { lineStarts.count }

    /// The zero-based line containing `offset` (clamped into the buffer).
    public func line(containing offset: Int) -> Int {
        let offset = clamp(offset)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Byte range of `line` without its line terminator.
    public func contentRange(ofLine line: Int, in bytes: [UInt8]) -> Range<Int> {
        let line = max(0, min(line, lineCount - 1))
        let start = lineStarts[line]
        var end = line + 1 < lineCount ? lineStarts[line + 1] : byteCount
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return start..<end
    }

    /// Converts a byte offset into a line and a column counted in `encoding`.
    public func lineColumn(ofByte offset: Int, in bytes: [UInt8], encoding: PositionEncoding) -> LineColumn {
        let offset = clamp(offset)
        let line = line(containing: offset)
        let start = lineStarts[line]
        return LineColumn(line: line, column: Self.units(in: bytes[start..<offset], encoding: encoding))
    }

    /// Converts a line and a column in `encoding` into a byte offset. Out-of-range
    /// lines and columns are clamped (to the end of the buffer or of the line), and a
    /// column inside a multi-unit character snaps to that character's start.
    public func byteOffset(of position: LineColumn, in bytes: [UInt8], encoding: PositionEncoding) -> Int {
        if position.line < 0 { return 0 }
        if position.line >= lineCount { return byteCount }
        let content = contentRange(ofLine: position.line, in: bytes)
        var remaining = max(0, position.column)
        var offset = content.lowerBound
        while offset < content.upperBound, remaining > 0 {
            let length = Self.scalarLength(leadByte: bytes[offset])
            let width = Self.width(ofScalarWithLength: length, encoding: encoding)
            if width > remaining { break }
            remaining -= width
            offset = min(offset + length, content.upperBound)
        }
        return offset
    }

    /// Number of `encoding` units in a UTF-8 byte slice.
    public static func units(in slice: ArraySlice<UInt8>, encoding: PositionEncoding) -> Int {
        switch encoding {
        case .utf8:
            return slice.count
        case .utf16, .utf32:
            var count = 0
            var index = slice.startIndex
            while index < slice.endIndex {
                let length = scalarLength(leadByte: slice[index])
                count += width(ofScalarWithLength: length, encoding: encoding)
                index += length
            }
            return count
        }
    }

    /// Byte length of the UTF-8 sequence introduced by `leadByte` (1 for stray bytes).
    static func scalarLength(leadByte: UInt8) -> Int {
        switch leadByte {
        case 0xF0...0xF7: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }

    static func width(ofScalarWithLength length: Int, encoding: PositionEncoding) -> Int {
        switch encoding {
        case .utf8: return length
        case .utf16: return length == 4 ? 2 : 1
        case .utf32: return 1
        }
    }

    private func clamp(_ offset: Int) -> Int { max(0, min(offset, byteCount)) }
}
