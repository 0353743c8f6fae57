import GotchasCore

/// Checkstyle XML, one `<file>` per linted file with diagnostics.
struct CheckstyleFormatter: ReportFormatter {
    func format(_ report: LintReport) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in report.files where !file.diagnostics.isEmpty {
            output += "  <file name=\"\(Escaping.xml(file.path))\">\n"
            for diagnostic in file.diagnostics {
                let range = OutputRange(diagnostic.range, in: file.document)
                let severity = switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .info, .hint: "info"
                }
                output += "    <error line=\"\(range.line)\" column=\"\(range.column)\" severity=\"\(severity)\" message=\"\(Escaping.xml(diagnostic.message))\" source=\"swiftui-gotchas.\(Escaping.xml(diagnostic.ruleID))\"/>\n"
            }
            output += "  </file>\n"
        }
        return output + "</checkstyle>\n"
    }
}
