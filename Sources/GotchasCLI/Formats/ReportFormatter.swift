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

/// XML attribute escaping (Checkstyle). JSON strings are written by `JSON.quoted`.
enum Escaping {
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
