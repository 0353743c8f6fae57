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

/// XML and HTML escaping (Checkstyle, JUnit, HTML). JSON strings are written by `JSON.quoted`.
enum Escaping {
    /// Text for an XML attribute value (`inAttribute`) or element content. XML 1.0 cannot
    /// carry most C0 control characters, nor U+FFFE/U+FFFF, even as character references:
    /// they become U+FFFD, so a message quoting odd source text still parses. In an
    /// attribute, tab, line feed and carriage return are written as references, which
    /// attribute-value normalization would otherwise turn into spaces. `>` is always
    /// escaped, so `]]>` never appears in the output.
    static func xml(_ text: String, inAttribute: Bool = true) -> String {
        escaped(text, apostrophe: "&apos;", lineBreaksAsReferences: inAttribute) {
            $0.value < 0x20 || $0.value == 0xFFFE || $0.value == 0xFFFF
        }
    }

    /// Text for HTML content or a quoted attribute value. Control characters other than
    /// tab and the line breaks are HTML parse errors; they become U+FFFD as in XML.
    static func html(_ text: String) -> String {
        escaped(text, apostrophe: "&#39;", lineBreaksAsReferences: false) {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
        }
    }

    /// The one escaping loop: markup characters as entities, tab and line breaks kept or
    /// written as references, and what the format cannot carry (`isForbidden`) as U+FFFD.
    private static func escaped(_ text: String, apostrophe: String, lineBreaksAsReferences: Bool,
                                isForbidden: (Unicode.Scalar) -> Bool) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += apostrophe
            case "\t", "\n", "\r":
                if lineBreaksAsReferences { result += "&#\(scalar.value);" } else { result.unicodeScalars.append(scalar) }
            default:
                if isForbidden(scalar) { result += "\u{FFFD}" } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
