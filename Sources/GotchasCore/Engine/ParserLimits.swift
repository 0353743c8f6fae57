/// Inputs the toolchain's SwiftParser cannot handle in bounded time or stack, found by
/// fuzzing (Tests/GotchasReliabilityTests). Such a file is not parsed: it is reported
/// as not linted, with the reason, instead of hanging or crashing the linter.
public enum ParserLimits {
    /// SwiftParser (6.2+, inline array type lookahead) takes time exponential in the
    /// number of directly nested `[` (20 levels: ~20 s; 300: effectively forever;
    /// 10,000: a stack overflow). Real code nests a handful; 12 parse in under 0.1 s.
    public static let maximumConsecutiveOpenBrackets = 12
    /// Its generic-argument lookahead recurses without the nesting limit: 10,000
    /// `Array<Array<…` overflow the stack. Counted per line (`name<` opens, `>` closes).
    public static let maximumGenericNesting = 64
    /// Its `#if` lookahead recurses per level too: 10,000 nested `#if` overflow the stack.
    public static let maximumIfConfigNesting = 64
    /// `(`, `[` and `{` nested deeper than SwiftParser's own nesting limit (256) cannot
    /// parse properly anyway, and parsing them gets slow (10,000 nested `if` blocks: ~20 s).
    public static let maximumNesting = 512
    /// A line this long is generated or minified, not edited: a 5 MB line of modifiers
    /// overflowed the stack and one of statements linted for over 20 s.
    public static let maximumLineLength = 1 << 20

    /// Prefix keywords (`try try try …`, `await await …`) recurse without a limit too.
    public static let maximumPrefixKeywords = 64
    static let prefixKeywords: [[UInt8]] = ["try", "await", "unsafe", "consume", "copy", "each", "_move", "_borrow", "some", "any", "inout", "borrowing", "consuming"].map { Array($0.utf8) }
    /// Cheap filters before comparing an identifier with every prefix keyword.
    static let longestPrefixKeyword = prefixKeywords.map(\.count).max() ?? 0
    static let prefixKeywordStarts: [Bool] = (0..<256).map { byte in prefixKeywords.contains { $0.first == UInt8(byte) } }

    static func isIdentifier(_ byte: UInt8) -> Bool { IdentifierBytes.contains(byte) }

    /// Why `bytes` must not be parsed, or nil when it is safe.
    public static func hazard(in bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { hazard(in: $0) }
    }

    public static func hazard(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // A file no longer than the limit cannot hold a longer line.
        if bytes.count > maximumLineLength {
            var lineLength = 0
            for byte in bytes {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { lineLength = 0; continue }
                lineLength += 1
                if lineLength > maximumLineLength { return "a line longer than \(maximumLineLength) bytes (generated or minified code)" }
            }
        }
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let newline = UInt8(ascii: "\n"), open = UInt8(ascii: "[")
        var index = 0
        var run = 0

        var angles = 0
        var previous: UInt8 = 0
        var ifConfigs = 0
        var depth = 0
        var keywords = 0
        var lineStart = true
        let count = bytes.count
        func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                // Indentation and spacing (a third of the bytes) change no counter and
                // keep `lineStart` as it is: the end of the loop would only note `previous`.
                previous = byte
                index += 1
                continue
            }
            if byte == slash && at(index + 1) == slash {  // line comment
                while index < count && bytes[index] != newline { index += 1 }
                continue
            }
            if byte == slash && at(index + 1) == star {  // block comment (nested)
                var depth = 1
                index += 2
                while index < count && depth > 0 {
                    if bytes[index] == slash && at(index + 1) == star { depth += 1; index += 2 }
                    else if bytes[index] == star && at(index + 1) == slash { depth -= 1; index += 2 }
                    else { index += 1 }
                }
                run = 0
                continue
            }
            if byte == quote {  // string literal: skipped (escapes honoured; brackets inside are text)
                let multiline = at(index + 1) == quote && at(index + 2) == quote
                index += multiline ? 3 : 1
                while index < count {
                    let current = bytes[index]
                    if current == backslash { index += 2; continue }
                    if multiline {
                        if current == quote && at(index + 1) == quote && at(index + 2) == quote { index += 3; break }
                    } else if current == quote || current == newline {
                        index += 1
                        break
                    }
                    index += 1
                }
                run = 0
                continue
            }
            if isIdentifier(byte) && !isIdentifier(previous) {
                var end = index
                while end < count && isIdentifier(bytes[end]) { end += 1 }
                if end - index <= longestPrefixKeyword, prefixKeywordStarts[Int(byte)],
                   prefixKeywords.contains(where: { $0.elementsEqual(bytes[index..<end]) }) {
                    keywords += 1
                    if keywords > maximumPrefixKeywords {
                        return "more than \(maximumPrefixKeywords) prefix keywords in a row (the Swift parser would overflow the stack)"
                    }
                } else {
                    keywords = 0
                }
                run = 0
                lineStart = false
                previous = bytes[end - 1]
                index = end
                continue
            }
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != newline && byte != UInt8(ascii: "\r")
                && byte != UInt8(ascii: "?") && byte != UInt8(ascii: "!") { keywords = 0 }
            defer {
                previous = byte
                lineStart = byte == newline || byte == UInt8(ascii: "\r") || (lineStart && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")))
            }
            if lineStart && byte == UInt8(ascii: "#") {
                if at(index + 1) == UInt8(ascii: "i") && at(index + 2) == UInt8(ascii: "f") {
                    ifConfigs += 1
                    if ifConfigs > maximumIfConfigNesting {
                        return "more than \(maximumIfConfigNesting) nested #if blocks (the Swift parser's lookahead would overflow the stack)"
                    }
                } else if at(index + 1) == UInt8(ascii: "e") && at(index + 2) == UInt8(ascii: "n") && at(index + 3) == UInt8(ascii: "d") {
                    ifConfigs = max(0, ifConfigs - 1)
                }
            }
            switch byte {
            case UInt8(ascii: "<") where isIdentifier(previous):
                run = 0
                angles += 1
                if angles > maximumGenericNesting {
                    return "more than \(maximumGenericNesting) nested generic arguments on one line (the Swift parser's lookahead would overflow the stack)"
                }
            case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                run = 0
                depth = max(0, depth - 1)
            case UInt8(ascii: ">"):
                run = 0
                angles = max(0, angles - 1)
            case UInt8(ascii: "("), UInt8(ascii: "{"), open:
                depth += 1
                if depth > maximumNesting {
                    return "brackets nested more than \(maximumNesting) deep (beyond what the Swift parser accepts)"
                }
                guard byte == open else { run = 0; break }
                run += 1
                if run > maximumConsecutiveOpenBrackets {
                    return "more than \(maximumConsecutiveOpenBrackets) directly nested \"[\" (the Swift parser takes exponential time on them)"
                }
            case newline, UInt8(ascii: "\r"): angles = 0
            case UInt8(ascii: " "), UInt8(ascii: "\t"): break
            default: run = 0
            }
            index += 1
        }
        return nil
    }
}
