import GotchasCore

/// Turns a lint report into the text of one output format.
protocol ReportFormatter {
    func format(_ report: LintReport) -> String
}

/// 1-based positions for output. Columns count UTF-8 bytes (as swiftc does) unless
/// a format says otherwise (SARIF counts UTF-16 code units).
struct OutputRange {
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int

    init(_ range: Range<Int>, in document: SourceDocument, encoding: PositionEncoding = .utf8) {
        let start = document.lineColumn(ofByte: range.lowerBound, encoding: encoding)
        let end = document.lineColumn(ofByte: range.upperBound, encoding: encoding)
        line = start.line + 1
        column = start.column + 1
        endLine = end.line + 1
        endColumn = end.column + 1
    }
}

enum Escaping {
    static func json(_ text: String) -> String {
        // Most messages, paths and rule IDs need no escape: one byte scan, one copy.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func xml(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
