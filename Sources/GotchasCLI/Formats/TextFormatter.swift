import GotchasCore

/// `path:line:col: severity: message [ID]`, the source line, and a caret underline.
/// Columns are 1-based UTF-8 byte columns, like swiftc's.
struct TextFormatter: ReportFormatter {
    var useColor: Bool
    var quiet: Bool
    var showFixHint: Bool

    func format(_ report: LintReport) -> String {
        var output = ""
        for (file, diagnostic) in report.diagnostics {
            let range = OutputRange(diagnostic.range, in: file.document)
            let severity = paint(diagnostic.severity.rawValue, color: color(for: diagnostic.severity))
            let fixable = diagnostic.safeFix != nil ? " (fixable)" : ""
            output += "\(paint(file.path, color: "1")):\(range.line):\(range.column): \(severity): \(diagnostic.message) [\(diagnostic.ruleID)]\(fixable)\n"
            if !quiet { output += snippet(diagnostic.range, in: file.document) }
            for location in diagnostic.related {
                guard let document = report.document(for: location.path) else { continue }
                let related = OutputRange(location.range, in: document)
                output += "\(location.path):\(related.line):\(related.column): note: \(location.message)\n"
            }
        }
        if !quiet {
            let all = report.diagnostics.map(\.diagnostic)
            if all.isEmpty {
                output += "No problems found in \(report.files.count) file\(report.files.count == 1 ? "" : "s").\n"
            } else {
                let counts = Severity.allCases.reversed().compactMap { severity -> String? in
                    let count = all.filter { $0.severity == severity }.count
                    return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
                }
                let fixable = all.filter { $0.safeFix != nil }.count
                output += "Found \(all.count) problem\(all.count == 1 ? "" : "s") (\(counts.joined(separator: ", "))) in \(report.files.count) file\(report.files.count == 1 ? "" : "s")"
                output += showFixHint && fixable > 0 ? "; \(fixable) fixable with --fix.\n" : ".\n"
            }
        }
        return output
    }

    /// The line of the range's start and a `^~~~` underline under it, tabs kept so
    /// the caret lines up.
    private func snippet(_ range: Range<Int>, in document: SourceDocument) -> String {
        let line = document.lines.line(containing: range.lowerBound)
        let content = document.lines.contentRange(ofLine: line, in: document.bytes)
        let text = document.text(in: content)
        let prefix = document.text(in: content.lowerBound..<max(content.lowerBound, min(range.lowerBound, content.upperBound)))
        let underlined = document.text(in: min(range.lowerBound, content.upperBound)..<min(range.upperBound, content.upperBound))
        let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
        let marker = "^" + String(repeating: "~", count: max(0, underlined.count - 1))
        return "    \(text)\n    \(padding)\(paint(marker, color: "32"))\n"
    }

    private func color(for severity: Severity) -> String {
        switch severity {
        case .error: "1;31"
        case .warning: "1;33"
        case .info: "1;36"
        case .hint: "1;37"
        }
    }

    private func paint(_ text: String, color: String) -> String {
        useColor ? "\u{1B}[\(color)m\(text)\u{1B}[0m" : text
    }
}
