import GotchasCore

/// GitHub Actions workflow commands: `::warning file=…,line=…,col=…::message`.
struct GitHubFormatter: ReportFormatter {
    func format(_ report: LintReport) -> String {
        report.diagnostics.map { file, diagnostic in
            let range = OutputRange(diagnostic.range, in: file.document)
            let level = switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .info, .hint: "notice"
            }
            let properties = "file=\(escapeProperty(file.path)),line=\(range.line),col=\(range.column),endLine=\(range.endLine),endColumn=\(range.endColumn),title=\(escapeProperty(diagnostic.ruleID))"
            return "::\(level) \(properties)::\(escapeData("\(diagnostic.message) [\(diagnostic.ruleID)]"))\n"
        }.joined()
    }

    private func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    private func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
