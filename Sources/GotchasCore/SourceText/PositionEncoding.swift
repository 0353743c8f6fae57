/// The unit a column counts in. Inside the engine every position is a UTF-8 byte
/// offset; columns in other units exist only at the edges (LSP, CLI output).
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// A zero-based line and a zero-based column counted in some `PositionEncoding`.
public struct LineColumn: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}
