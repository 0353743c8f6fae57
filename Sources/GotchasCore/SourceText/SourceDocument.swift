/// The text of one Swift file as UTF-8 bytes, with its line table.
///
/// Everything inside the engine addresses text by byte offset into `bytes`.
public struct SourceDocument: Sendable {
    /// The path shown to users and used to find configuration (may be a virtual
    /// path for stdin or an unsaved editor buffer).
    public let path: String
    public let bytes: [UInt8]
    public let lines: LineTable

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lines = LineTable(bytes)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// True when `needle` occurs within the bytes of `range` (a quick test before a walk of the
    /// tree there looks for it token by token).
    public func contains(_ needle: [UInt8], in range: Range<Int>) -> Bool {
        let range = range.clamped(to: 0..<bytes.count)
        return bytes.withUnsafeBufferPointer { ByteSearch.contains(needle, in: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    public func text(in range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    public func lineColumn(ofByte offset: Int, encoding: PositionEncoding) -> LineColumn {
        lines.lineColumn(ofByte: offset, in: bytes, encoding: encoding)
    }

    public func byteOffset(of position: LineColumn, encoding: PositionEncoding) -> Int {
        lines.byteOffset(of: position, in: bytes, encoding: encoding)
    }

    /// The text of a zero-based line without its terminator.
    public func lineText(_ line: Int) -> String {
        text(in: lines.contentRange(ofLine: line, in: bytes))
    }

    /// The leading spaces and tabs of a zero-based line.
    public func indentation(ofLine line: Int) -> String {
        let range = lines.contentRange(ofLine: line, in: bytes)
        var end = range.lowerBound
        while end < range.upperBound, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return text(in: range.lowerBound..<end)
    }

    /// The line terminator this file mostly uses, so inserted lines match it.
    public var lineTerminator: String {
        var crlf = 0
        var lf = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                if index > 0, bytes[index - 1] == UInt8(ascii: "\r") { crlf += 1 } else { lf += 1 }
            }
            index += 1
        }
        return crlf > lf ? "\r\n" : "\n"
    }
}
