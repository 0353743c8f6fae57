/// An old-style (OpenStep) property list, the syntax `project.pbxproj` is written in:
/// `{ key = value; … }`, `( value, … )`, bare words (`PBXGroup`, `17.0`, `$(inherited)`)
/// and quoted strings with backslash escapes, `/* … */` and `//` comments between tokens.
/// Read from the text in one pass over its bytes; nil for text that is not one (a
/// project saved as XML or binary is not read: its facts fall back to the line reader).
enum OpenStepPropertyList: Sendable, Equatable {
    case string(String)
    case array([OpenStepPropertyList])
    case dictionary([String: OpenStepPropertyList])

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var array: [OpenStepPropertyList]? { if case .array(let value) = self { value } else { nil } }
    var dictionary: [String: OpenStepPropertyList]? { if case .dictionary(let value) = self { value } else { nil } }
    subscript(key: String) -> OpenStepPropertyList? { dictionary?[key] }

    /// The property list written in `text`, or nil when it is not well formed.
    static func parse(_ text: String) -> OpenStepPropertyList? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            guard let value = reader.value() else { return nil }
            reader.skipSpaceAndComments()
            return reader.offset == bytes.count ? value : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        /// Nesting depth, bounded so hostile text cannot exhaust the stack.
        var depth = 0

        mutating func skipSpaceAndComments() {
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    offset += 1
                } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                    offset += 2
                    while offset + 1 < bytes.count, !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/")) { offset += 1 }
                    offset = min(offset + 2, bytes.count)
                } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                    while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
                } else {
                    return
                }
            }
        }

        mutating func value() -> OpenStepPropertyList? {
            skipSpaceAndComments()
            guard offset < bytes.count, depth < 64 else { return nil }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                offset += 1
                depth += 1
                defer { depth -= 1 }
                var entries: [String: OpenStepPropertyList] = [:]
                while true {
                    skipSpaceAndComments()
                    guard offset < bytes.count else { return nil }
                    if bytes[offset] == UInt8(ascii: "}") { offset += 1; return .dictionary(entries) }
                    guard let key = string(), expect(UInt8(ascii: "=")), let entry = value(), expect(UInt8(ascii: ";")) else { return nil }
                    entries[key] = entry
                }
            case UInt8(ascii: "("):
                offset += 1
                depth += 1
                defer { depth -= 1 }
                var elements: [OpenStepPropertyList] = []
                while true {
                    skipSpaceAndComments()
                    guard offset < bytes.count else { return nil }
                    if bytes[offset] == UInt8(ascii: ")") { offset += 1; return .array(elements) }
                    guard let element = value() else { return nil }
                    elements.append(element)
                    skipSpaceAndComments()
                    guard offset < bytes.count else { return nil }
                    if bytes[offset] == UInt8(ascii: ",") { offset += 1 } else if bytes[offset] != UInt8(ascii: ")") { return nil }
                }
            case UInt8(ascii: "<"):
                // Data (`<0fbd77 …>`): kept as its text, never read here.
                let start = offset + 1
                while offset < bytes.count, bytes[offset] != UInt8(ascii: ">") { offset += 1 }
                guard offset < bytes.count else { return nil }
                defer { offset += 1 }
                return .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
            default:
                return string().map { .string($0) }
            }
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            skipSpaceAndComments()
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }

        /// A quoted string or a bare word.
        mutating func string() -> String? {
            skipSpaceAndComments()
            guard offset < bytes.count else { return nil }
            guard bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
                let start = offset
                while offset < bytes.count, Self.isWordByte(bytes[offset]) { offset += 1 }
                guard offset > start else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
            }
            let quote = bytes[offset]
            offset += 1
            let start = offset
            // Most strings have no escape: decoded straight from the text.
            while offset < bytes.count, bytes[offset] != quote, bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
            guard offset < bytes.count else { return nil }
            if bytes[offset] == quote {
                defer { offset += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
            }
            var decoded = Array(bytes[start..<offset])
            while offset < bytes.count, bytes[offset] != quote {
                guard bytes[offset] == UInt8(ascii: "\\") else { decoded.append(bytes[offset]); offset += 1; continue }
                offset += 1
                guard offset < bytes.count else { return nil }
                let escaped = bytes[offset]
                offset += 1
                switch escaped {
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    // `\U00e9`: four hex digits, a UTF-16 unit (a lone surrogate becomes U+FFFD).
                    var scalar: UInt32 = 0
                    var digits = 0
                    while digits < 4, offset < bytes.count, let digit = Self.hexValue(bytes[offset]) {
                        scalar = scalar * 16 + digit
                        digits += 1
                        offset += 1
                    }
                    decoded.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
                default:
                    decoded.append(escaped)  // `\"`, `\\`, and any other character as itself
                }
            }
            guard offset < bytes.count else { return nil }
            offset += 1
            return String(decoding: decoded, as: UTF8.self)
        }

        static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
                 UInt8(ascii: "-"), UInt8(ascii: "+"):
                return true
            default:
                return byte >= 0x80
            }
        }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
