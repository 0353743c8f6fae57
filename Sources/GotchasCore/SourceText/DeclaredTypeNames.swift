/// The names a file may declare types under, read from its bytes without parsing:
/// the word after every `struct`, `class`, `enum`, `actor`, `protocol` and
/// `extension` (a dotted `extension A.B` gives `A.B`, `A` and `B`). Comments and
/// strings are not skipped, so this is a superset of what `FileTypeCollector` finds —
/// or nearly: an unusual spelling may be missed. It only guides which syntax trees
/// `lint` keeps for its second pass, never a result (a missing tree is parsed again).
public enum DeclaredTypeNames {
    private static let keywords: [[UInt8]] = ["struct", "class", "enum", "actor", "protocol", "extension"].map { Array($0.utf8) }
    /// Bytes a keyword starts with (most identifiers are ruled out before comparing).
    private static let keywordStarts: [Bool] = (0..<256).map { byte in keywords.contains { $0.first == UInt8(byte) } }

    public static func scan(_ bytes: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        bytes.withUnsafeBufferPointer { text in
            var index = 0
            while index < text.count {
                guard IdentifierBytes.contains(text[index]) else { index += 1; continue }
                let start = index
                while index < text.count, IdentifierBytes.contains(text[index]) { index += 1 }
                let length = index - start
                guard length >= 4, length <= 9, keywordStarts[Int(text[start])],
                      keywords.contains(where: { $0.elementsEqual(text[start..<index]) }) else { continue }
                var nameStart = index
                while nameStart < text.count, text[nameStart] == 0x20 || text[nameStart] == 0x09 || text[nameStart] == 0x0A || text[nameStart] == 0x0D {
                    nameStart += 1
                }
                var nameEnd = nameStart
                while nameEnd < text.count, IdentifierBytes.contains(text[nameEnd]) || text[nameEnd] == UInt8(ascii: ".") { nameEnd += 1 }
                guard nameEnd > nameStart else { continue }
                let name = String(decoding: text[nameStart..<nameEnd], as: UTF8.self)
                names.insert(name)
                if name.contains(".") { for part in name.split(separator: ".") { names.insert(String(part)) } }
                index = nameEnd
            }
        }
        return names
    }
}
