import GotchasCore

/// GitLab Code Quality (`artifacts: reports: codequality`): a JSON array of issues with
/// `description`, `check_name`, `fingerprint`, `severity` and `location` (`path` relative
/// to the project directory, `lines.begin`/`end`), the fields GitLab documents.
///
/// GitLab compares fingerprints between the merge request's pipeline and the target
/// branch's to say which findings are new or fixed, and shows only the first issue of a
/// fingerprint. So the fingerprint hashes the rule, the path and the baseline's fingerprint
/// of the flagged code (its line and nearest non-blank neighbours, not its line number:
/// an edit above it does not make it "new"), plus its occurrence among findings with the
/// same three, so two copies of one line are two issues.
///
/// Severity: error → critical, warning → major, info → minor, hint → info.
struct GitLabFormatter: ReportFormatter {
    var paths: ProjectPath

    func format(_ report: LintReport) -> String {
        var occurrences: [String: Int] = [:]
        let issues = report.diagnostics.map { file, diagnostic -> String in
            let path = paths.relative(file.path)
            let range = OutputRange(diagnostic.range, in: file.document)
            let code = Baseline.fingerprint(of: diagnostic, in: file.document)
            let key = "\(diagnostic.ruleID)\t\(path)\t\(code)"
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            var hash = ContentHash()
            hash.combine(key)
            hash.combine(String(occurrence))
            return """
                  {"type":"issue","check_name":\(JSON.quoted(diagnostic.ruleID)),\
                "description":\(JSON.quoted("\(diagnostic.message) [\(diagnostic.ruleID)]")),\
                "fingerprint":"\(hash)","severity":"\(severity(diagnostic.severity))",\
                "location":{"path":\(JSON.quoted(path)),"lines":{"begin":\(range.line),"end":\(range.endLine)}}}
                """
        }
        return issues.isEmpty ? "[]\n" : "[\n" + issues.joined(separator: ",\n") + "\n]\n"
    }

    private func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "critical"
        case .warning: "major"
        case .info: "minor"
        case .hint: "info"
        }
    }
}
