/// A small JSON parser that remembers where every value and key stands, so
/// configuration problems can be reported at their line and column.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
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

public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var offset: Int
    public var message: String
}

public enum JSONDocument {
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        let node = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return node
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        static let maximumDepth = 256

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, message: message) }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            guard index < bytes.count else { throw error("unexpected end of file") }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"): return JSONNode(value: .object(try object(depth: depth)), offset: start)
            case UInt8(ascii: "["): return JSONNode(value: .array(try array(depth: depth)), offset: start)
            case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), offset: start)
            case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), offset: start)
            case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), offset: start)
            case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: .number(try number()), offset: start)
            default: throw error("expected a JSON value")
            }
        }

        mutating func literal(_ word: String) throws(JSONSyntaxError) {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected
            else { throw error("expected '\(word)'") }
            index += expected.count
        }

        mutating func number() throws(JSONSyntaxError) -> Double {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                index = start
                throw error("invalid number")
            }
            return value
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            index += 1
            var scalars: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: scalars, as: UTF8.self)
                }
                if byte < 0x20 { throw error("control character in string") }
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { break }
                    let escaped = bytes[index]
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard index + 4 < bytes.count,
                              let code = UInt32(String(decoding: bytes[index + 1...index + 4], as: UTF8.self), radix: 16)
                        else { throw error("invalid \\u escape") }
                        index += 4
                        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default: throw error("invalid escape")
                    }
                    index += 1
                    continue
                }
                scalars.append(byte)
                index += 1
            }
            throw error("unterminated string")
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
                guard index < bytes.count else { throw error("unterminated array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return elements }
                throw error("expected ',' or ']'")
            }
        }

        mutating func object(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
            index += 1
            var members: [JSONMember] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return members }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let keyOffset = index
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after key") }
                index += 1
                skipWhitespace()
                members.append(JSONMember(key: key, keyOffset: keyOffset, node: try value(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return members }
                throw error("expected ',' or '}'")
            }
        }
    }
}
