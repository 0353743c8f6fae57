import GotchasCore

/// An array sorted by path, line, column; 1-based lines; columns in UTF-8 bytes.
struct JSONFormatter: ReportFormatter {
    func format(_ report: LintReport) -> String {
        let items = report.diagnostics.map { file, diagnostic -> String in
            let range = OutputRange(diagnostic.range, in: file.document)
            let fix = (diagnostic.safeFix ?? diagnostic.fixes.first).map { fix -> String in
                let edits = fix.edits.map { edit -> String in
                    let editRange = OutputRange(edit.range, in: file.document)
                    return "{\"line\":\(editRange.line),\"column\":\(editRange.column),\"endLine\":\(editRange.endLine),\"endColumn\":\(editRange.endColumn),\"newText\":\(JSON.quoted(edit.replacement))}"
                }
                return "{\"title\":\(JSON.quoted(fix.title)),\"applicability\":\"\(fix.applicability.rawValue)\",\"edits\":[\(edits.joined(separator: ","))]}"
            } ?? "null"
            return """
                  {"path":\(JSON.quoted(file.path)),"line":\(range.line),"column":\(range.column),\
                "endLine":\(range.endLine),"endColumn":\(range.endColumn),"rule":\(JSON.quoted(diagnostic.ruleID)),\
                "severity":"\(diagnostic.severity.rawValue)","message":\(JSON.quoted(diagnostic.message)),"fix":\(fix),\
                "related":[\(related(diagnostic, in: report))]}
                """
        }
        return items.isEmpty ? "[]\n" : "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }

    /// Related locations (other files of a cross-file diagnostic), positioned in their own file.
    private func related(_ diagnostic: Diagnostic, in report: LintReport) -> String {
        diagnostic.related.compactMap { location -> String? in
            guard let document = report.document(for: location.path) else { return nil }
            let range = OutputRange(location.range, in: document)
            return "{\"path\":\(JSON.quoted(location.path)),\"line\":\(range.line),\"column\":\(range.column),\"endLine\":\(range.endLine),\"endColumn\":\(range.endColumn),\"message\":\(JSON.quoted(location.message))}"
        }.joined(separator: ",")
    }
}
