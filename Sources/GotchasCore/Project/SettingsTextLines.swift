/// A settings file's text cut at its ASCII line breaks, found by bytes, each piece marked
/// ASCII or not. The readers of project settings (`ProjectSettings.defaultIsolationIsMainActor`,
/// `SettingsFileFacts`) were written over `Character`s — line breaks by `isNewline`,
/// whitespace by `isWhitespace` — and a project.pbxproj of a few hundred KB with one
/// non-ASCII name in it sent the whole text down that path (~35 % of a warm `lint` of
/// IceCubesApp + CodeEdit). Cut here first, only the non-ASCII pieces need it.
///
/// Why a piece reads the same alone as inside the text: \n, \v, \f and \r are controls,
/// and a grapheme cluster always breaks before and after a control (UAX #29, GB4/GB5;
/// "\r\n" is one cluster, but both are breaks, so cutting between them only adds an empty
/// piece). So every cut falls on a `Character` boundary and on an `isNewline` break of the
/// `Character` path; a non-ASCII piece may hold further breaks (U+0085, U+2028, U+2029),
/// which that path, run on the piece, still finds.
struct SettingsTextLines: Sequence {
    struct Piece {
        /// The piece's text (no ASCII line break inside).
        var text: Substring
        /// Its UTF-8 bytes, as offsets into the text.
        var bytes: Range<Int>
        var isASCII: Bool
    }

    let text: String
    /// The text's UTF-8 bytes (one copy; settings files are few).
    let utf8: [UInt8]

    init(_ text: String) {
        self.text = text
        utf8 = Array(text.utf8)
    }

    func makeIterator() -> AnyIterator<Piece> {
        var offset = 0
        let count = utf8.count
        let utf8 = utf8, text = text
        return AnyIterator {
            while offset < count {
                let start = offset
                var isASCII = true
                while offset < count, !(0x0A...0x0D).contains(utf8[offset]) {
                    if utf8[offset] >= 0x80 { isASCII = false }
                    offset += 1
                }
                let end = offset
                offset += 1  // past the line break
                guard end > start else { continue }  // empty pieces say nothing
                // O(1) on a native (UTF-8) string.
                let from = text.utf8.index(text.utf8.startIndex, offsetBy: start)
                let to = text.utf8.index(from, offsetBy: end - start)
                return Piece(text: text[from..<to], bytes: start..<end, isASCII: isASCII)
            }
            return nil
        }
    }

    /// Whether any of `needles` occurs in the piece's bytes.
    func piece(_ piece: Piece, contains needles: [[UInt8]]) -> Bool {
        utf8.withUnsafeBufferPointer { buffer in
            let slice = UnsafeBufferPointer(rebasing: buffer[piece.bytes])
            return needles.contains { ByteSearch.contains($0, in: slice) }
        }
    }
}
