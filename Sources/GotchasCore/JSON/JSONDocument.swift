/// The one JSON parser of the project: it reads configuration files (remembering
/// where every value and key stands, so problems are reported at their line and
/// column) and, through `JSON.parse`, every protocol message.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits an `Int`.
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A value and the byte offset where it starts.
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    public var offset: Int
}

/// An object member: key, where the key starts, and the value.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var keyOffset: Int
    public var node: JSONNode
}

public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public var description: String { "\(message) at byte \(offset)" }
}

public enum JSONDocument {
    /// Deeper nesting is rejected rather than recursed into.
    public static let maximumDepth = 512

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONNode in
            var parser = Parser(bytes: buffer)
            parser.skipWhitespace()
            let node = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.error("unexpected text after the JSON value") }
            return node
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, message: message) }

        /// What was expected where the text goes on, or, where it stopped, that it did: a
        /// truncated file (one being rewritten, or cut off) is not a typo at its end.
        func expected(_ what: String) -> JSONSyntaxError {
            error(index < bytes.count ? "expected \(what)" : "unexpected end of input")
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func literal(_ word: String) throws(JSONSyntaxError) {
            for byte in word.utf8 {
                guard index < bytes.count, bytes[index] == byte else { throw expected("'\(word)'") }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
            guard depth < maximumDepth else { throw error("nesting deeper than \(maximumDepth) levels") }
            guard index < bytes.count else { throw error("unexpected end of input") }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"): return JSONNode(value: .object(try object(depth: depth)), offset: start)
            case UInt8(ascii: "["): return JSONNode(value: .array(try array(depth: depth)), offset: start)
            case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), offset: start)
            case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), offset: start)
            case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), offset: start)
            case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: try number(), offset: start)
            default: throw expected("a JSON value")
            }
        }

        mutating func object(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
            index += 1
            var members: [JSONMember] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return members }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw expected("a key in quotes") }
                let keyOffset = index
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw expected("':' after key") }
                index += 1
                skipWhitespace()
                members.append(JSONMember(key: key, keyOffset: keyOffset, node: try value(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input (unterminated object)") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return members }
                throw error("expected ',' or '}'")
            }
        }

        mutating func array(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
            index += 1
            var elements: [JSONNode] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return elements }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input (unterminated array)") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return elements }
                throw error("expected ',' or ']'")
            }
        }

        mutating func number() throws(JSONSyntaxError) -> JSONValue {
            let start = index
            var isInteger = true
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { index += 1; continue }
                if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    isInteger = false
                    index += 1
                    continue
                }
                break
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if isInteger, let value = Int(text) { return .integer(value) }
            guard let value = Double(text) else { index = start; throw error("invalid number") }
            return .number(value)
        }

        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("invalid \\u escape")
                }
                value = value * 16 + digit
                index += 1
            }
            return value
        }

        /// Copies runs of plain bytes at once; escapes (surrogate pairs included) one by one.
        mutating func string() throws(JSONSyntaxError) -> String {
            index += 1  // opening quote
            var output: [UInt8] = []
            var runStart = index
            while true {
                guard index < bytes.count else { throw error("unexpected end of input (unterminated string)") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    output += UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                    index += 1
                    return String(decoding: output, as: UTF8.self)
                }
                if byte < 0x20 { throw error("control character in string") }
                if byte != UInt8(ascii: "\\") { index += 1; continue }
                output += UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                guard index < bytes.count else { throw error("unexpected end of input (unterminated escape)") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            output += Array("\u{FFFD}".utf8)
                            scalar = low
                        }
                    }
                    output += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default: throw error("invalid escape")
                }
                runStart = index
            }
        }
    }
}
