/// The bytes that can be part of a Swift identifier in the byte scans that run over
/// every file before parsing (`ParserLimits`, `DeclaredTypeNames`): ASCII letters,
/// digits and `_`, and every byte of a multi-byte UTF-8 character.
enum IdentifierBytes {
    /// Bit `b` of the word for `b / 64` is set for each ASCII identifier byte `b`.
    private static let low: UInt64 = 0x03FF_0000_0000_0000  // "0"..."9"
    private static let high: UInt64 = 0x07FF_FFFE_87FF_FFFE  // "A"..."Z", "_", "a"..."z"

    @inline(__always)
    static func contains(_ byte: UInt8) -> Bool {
        byte >= 0x80 || ((byte < 64 ? low : high) >> UInt64(byte & 63)) & 1 != 0
    }
}
