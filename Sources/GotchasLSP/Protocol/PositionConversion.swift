import GotchasCore

/// Converts between the engine's byte ranges and LSP `Position`/`Range` objects in the
/// negotiated encoding. All conversion goes through `SourceDocument.lineColumn`/`byteOffset`.
public struct PositionConverter: Sendable {
    public var encoding: PositionEncoding

    public init(encoding: PositionEncoding) { self.encoding = encoding }

    public func position(_ offset: Int, in document: SourceDocument) -> JSON {
        let position = document.lineColumn(ofByte: offset, encoding: encoding)
        return ["line": .int(position.line), "character": .int(position.column)]
    }

    public func range(_ range: Range<Int>, in document: SourceDocument) -> JSON {
        ["start": position(range.lowerBound, in: document), "end": position(range.upperBound, in: document)]
    }

    /// A position as given by the client, before clamping.
    public static func lineColumn(_ json: JSON?) -> LineColumn? {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue,
              line >= 0, character >= 0 else { return nil }
        return LineColumn(line: line, column: character)
    }

    /// Byte offset of a client position; `clamped` is set when it lay outside the text.
    public func offset(_ json: JSON?, in document: SourceDocument) -> (offset: Int, clamped: Bool)? {
        Self.lineColumn(json).map { offset($0, in: document) }
    }

    public func offset(_ position: LineColumn, in document: SourceDocument) -> (offset: Int, clamped: Bool) {
        let offset = document.byteOffset(of: position, encoding: encoding)
        let back = document.lineColumn(ofByte: offset, encoding: encoding)
        return (offset, back != position)
    }

    public func byteRange(_ json: JSON?, in document: SourceDocument) -> (range: Range<Int>, clamped: Bool)? {
        guard let start = Self.lineColumn(json?["start"]), let end = Self.lineColumn(json?["end"]) else { return nil }
        return byteRange(from: start, to: end, in: document)
    }

    func byteRange(_ range: LSPRange, in document: SourceDocument) -> (range: Range<Int>, clamped: Bool) {
        byteRange(from: range.start, to: range.end, in: document)
    }

    private func byteRange(from startPosition: LineColumn, to endPosition: LineColumn, in document: SourceDocument) -> (range: Range<Int>, clamped: Bool) {
        let start = offset(startPosition, in: document)
        let end = offset(endPosition, in: document)
        let lower = min(start.offset, end.offset)
        return (lower..<max(start.offset, end.offset), start.clamped || end.clamped || start.offset > end.offset)
    }

    /// A range clients draw: never empty (Eglot shifts empty ranges a column left).
    /// Widens to the next character, or the previous one at the end of a line/file.
    public func visibleRange(_ range: Range<Int>, in document: SourceDocument) -> JSON {
        guard range.isEmpty else { return self.range(range, in: document) }
        let bytes = document.bytes
        let offset = range.lowerBound
        if offset < bytes.count {
            // The next character (a line terminator too: the range then ends at the next line).
            var end = offset + 1
            if bytes[offset] == UInt8(ascii: "\r"), end < bytes.count, bytes[end] == UInt8(ascii: "\n") { end += 1 }
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return self.range(offset..<end, in: document)
        }
        if offset > 0 {
            var start = offset - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            return self.range(start..<offset, in: document)
        }
        return self.range(range, in: document)
    }
}
