import Foundation
import GotchasCore

/// A JSON value as exchanged with the client. Integers and doubles are kept apart
/// so request IDs and positions round-trip exactly.
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

    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: output += Array(String(format: "\\u%04x", Int(byte)).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
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
