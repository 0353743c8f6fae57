import GotchasCore

/// JUnit XML as Jenkins, GitLab (`reports: junit`) and Bitrise show it: one `<testsuite>`
/// per linted file (named by its project-relative path), one `<testcase>` per finding, and
/// one passing `no findings` testcase for a clean file, so the totals count files too.
///
/// A finding at warning or above is a `<failure>` (`type` = severity): the report fails
/// exactly when `lint` exits 1 without `--max-warnings`. An info or hint finding is
/// `<skipped>`: listed, never failing the build. A file that could not be linted is an `<error>`.
/// `classname` is the path without `.swift`, `/` → `.` (`Views.Greeting`), so Jenkins groups
/// findings by folder (package) and file (class); `file` and `line` are what GitLab links.
struct JUnitFormatter: ReportFormatter {
    var paths: ProjectPath

    func format(_ report: LintReport) -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, skipped: 0, errors: 0)
        for file in report.files {
            let path = paths.relative(file.path)
            var cases: [String] = []
            var counts = (failures: 0, skipped: 0)
            for diagnostic in file.diagnostics {
                let range = OutputRange(diagnostic.range, in: file.document)
                let opening = testcase(name: "\(diagnostic.ruleID) (\(range.line):\(range.column))", path: path, line: range.line)
                let message = "\(diagnostic.severity.rawValue): \(diagnostic.message)"
                let details = Escaping.xml(detail(diagnostic, path: path, range: range, in: file.document), inAttribute: false)
                if diagnostic.severity >= .warning {
                    counts.failures += 1
                    cases.append("\(opening)\n      <failure message=\"\(Escaping.xml(message))\" type=\"\(diagnostic.severity.rawValue)\">\(details)</failure>\n    </testcase>")
                } else {
                    counts.skipped += 1
                    cases.append("\(opening)\n      <skipped message=\"\(Escaping.xml(message))\"/>\n      <system-out>\(details)</system-out>\n    </testcase>")
                }
            }
            if cases.isEmpty { cases.append(testcase(name: "no findings", path: path, line: nil, closed: true)) }
            suites.append(suite(name: path, cases: cases, failures: counts.failures, skipped: counts.skipped, errors: 0))
            totals.tests += cases.count
            totals.failures += counts.failures
            totals.skipped += counts.skipped
        }
        for problem in report.problems {
            let path = paths.relative(problem.path)
            let opening = testcase(name: "not linted", path: path, line: nil)
            let errorCase = "\(opening)\n      <error message=\"\(Escaping.xml(problem.message))\" type=\"not-linted\"/>\n    </testcase>"
            suites.append(suite(name: path, cases: [errorCase], failures: 0, skipped: 0, errors: 1))
            totals.tests += 1
            totals.errors += 1
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="\(Product.name)" tests="\(totals.tests)" failures="\(totals.failures)" errors="\(totals.errors)" skipped="\(totals.skipped)">
            \(suites.joined())</testsuites>

            """
    }

    private func suite(name: String, cases: [String], failures: Int, skipped: Int, errors: Int) -> String {
        "  <testsuite name=\"\(Escaping.xml(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\">\n"
            + cases.map { "    " + $0 + "\n" }.joined() + "  </testsuite>\n"
    }

    private func testcase(name: String, path: String, line: Int?, closed: Bool = false) -> String {
        let line = line.map { " line=\"\($0)\"" } ?? ""
        return "<testcase name=\"\(Escaping.xml(name))\" classname=\"\(Escaping.xml(Self.className(path)))\" file=\"\(Escaping.xml(path))\"\(line)\(closed ? "/>" : ">")"
    }

    /// `Views/Greeting.swift` → `Views.Greeting`.
    static func className(_ path: String) -> String {
        let withoutExtension = path.hasSuffix(".swift") ? String(path.dropLast(".swift".count)) : path
        return withoutExtension.split(separator: "/").joined(separator: ".")
    }

    /// What Jenkins shows as the failure's stack trace: the message, where, the flagged
    /// source line and the rule's documentation.
    private func detail(_ diagnostic: Diagnostic, path: String, range: OutputRange, in document: SourceDocument) -> String {
        let line = document.lines.line(containing: diagnostic.range.lowerBound)
        var text = "\(diagnostic.message)\n\(path):\(range.line):\(range.column)\n\n    \(document.lineText(line))\n"
        if let fix = diagnostic.safeFix { text += "\nFixable with --fix: \(fix.title)\n" }
        return text + "\nRule \(diagnostic.ruleID): \(Product.rulesDocumentationURL)/\(diagnostic.ruleID).md\n"
    }
}
