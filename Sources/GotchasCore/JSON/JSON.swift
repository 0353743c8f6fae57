/// The project's one JSON value and writer: the server's protocol messages, and the
/// strings of the CLI's JSON and SARIF output and of the configuration schema (which
/// lay their members out in a fixed order, so they write their own braces and use
/// `JSON.quoted` for every string). Integers and doubles are kept apart so request IDs
/// and positions round-trip exactly. Parsing goes through `JSONDocument`.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public subscript(path: String...) -> JSON? {
        var current: JSON? = self
        for key in path { current = current?[key] }
        return current
    }

    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var arrayValue: [JSON]? { if case .array(let value) = self { value } else { nil } }
    public var objectValue: [String: JSON]? { if case .object(let value) = self { value } else { nil } }
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .double(let value) where value == value.rounded() && abs(value) < 1e15: Int(value)
        default: nil
        }
    }
    public var isNull: Bool { self == .null }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
                ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}

// MARK: - Serialization

extension JSON {
    /// Compact UTF-8 serialization; object keys sorted so output is deterministic.
    public var serialized: [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }

    public var serializedString: String { String(decoding: serialized, as: UTF8.self) }

    func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += Array("null".utf8)
        case .bool(let value): output += Array((value ? "true" : "false").utf8)
        case .int(let value): output += Array(String(value).utf8)
        case .double(let value):
            if value.isFinite {
                output += Array((value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)).utf8)
            } else {
                output += Array("null".utf8)
            }
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                members[key]!.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// `text` as a JSON string literal, quotes included: the escaping every JSON the
    /// project writes uses.
    public static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 2)
        writeString(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Escapes `"`, `\` and every control character (U+0000–U+001F); other text,
    /// non-ASCII included, is written as UTF-8.
    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most keys, messages, paths and rule IDs need no escape: one scan, one copy.
        if !value.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) {
            output += value.utf8
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: output += Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}

// MARK: - Parsing

/// Why a message body is not JSON.
public typealias JSONParseError = JSONSyntaxError

extension JSON {
    /// Parses with the project's one JSON parser (`JSONDocument`) and drops positions.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        JSON(try JSONDocument.parse(bytes).value)
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSON { try parse(Array(text.utf8)) }

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .integer(let number): self = .int(number)
        case .number(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map { JSON($0.value) })
        case .object(let members):
            // Duplicate keys: the last one wins, as in most JSON readers.
            self = .object(Dictionary(members.map { ($0.key, JSON($0.node.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
