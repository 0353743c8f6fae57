import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GotchasCore
@testable import GotchasCLI
import Testing

/// `--format junit`, `gitlab` and `html`: parsed as their consumers parse them, with the
/// counts, fields and fingerprints those consumers rely on.
@Suite struct CIReportFormatTests {
    /// `Views/Greeting.swift` has a warning, `Quiet/Greeting.swift` the same finding at info
    /// (its folder's configuration), `Views/Clean.swift` none.
    func lintTree(_ format: String) throws -> (output: String, tree: TemporaryTree) {
        let tree = try TemporaryTree(warning: [
            "Views/Greeting.swift": flaggedView,
            "Views/Clean.swift": "import SwiftUI\n\nstruct Clean: View {\n    var body: some View { Text(\"ok\") }\n}\n",
            "Quiet/Greeting.swift": flaggedView,
            "Quiet/.swiftui-gotchas.json": #"{ "rules": { "foreground-color": "info" } }"#,
        ])
        let captured = CapturedIO(environment: ["CI_PROJECT_DIR": tree.root])
        _ = captured.lint([tree.path("Views"), tree.path("Quiet"), "--format", format, "--select", "foreground-color"])
        return (captured.output, tree)
    }

    /// A report built by hand, for text no rule produces.
    func report(message: String, path: String = "/project/Views/Odd.swift") -> LintReport {
        let document = SourceDocument(path: path, text: "import SwiftUI\nlet x = 1\n")
        let diagnostic = Diagnostic(ruleID: "foreground-color", severity: .warning, message: message, range: 15..<18)
        return LintReport(files: [FileReport(document: document, diagnostics: [diagnostic])], problems: [])
    }

    // MARK: - JUnit

    @Test func junitParsesWithCountsPerFileAndSeverity() throws {
        let (output, _) = try lintTree("junit")
        let xml = try XMLElementTree.parse(output)
        let root = try #require(xml.first { $0.name == "testsuites" })
        #expect(root.attributes["tests"] == "3")
        #expect(root.attributes["failures"] == "1")
        #expect(root.attributes["skipped"] == "1")
        #expect(root.attributes["errors"] == "0")
        let suites = xml.filter { $0.name == "testsuite" }
        #expect(suites.map { $0.attributes["name"] ?? "" } == ["Views/Clean.swift", "Views/Greeting.swift", "Quiet/Greeting.swift"])
        let cases = xml.filter { $0.name == "testcase" }
        #expect(cases.count == 3)
        let failing = try #require(cases.first { $0.attributes["file"] == "Views/Greeting.swift" })
        #expect(failing.attributes["name"] == "foreground-color (5:28)")
        #expect(failing.attributes["classname"] == "Views.Greeting")
        #expect(failing.attributes["line"] == "5")
        let failure = try #require(xml.first { $0.name == "failure" })
        #expect(failure.attributes["type"] == "warning")
        #expect(failure.attributes["message"]?.hasPrefix("warning: `.foregroundColor(_:)` is deprecated") == true)
        #expect(failure.text.contains("Views/Greeting.swift:5:28"))
        #expect(failure.text.contains("Fixable with --fix"))
        #expect(xml.first { $0.name == "skipped" }?.attributes["message"]?.hasPrefix("info: ") == true)
        #expect(cases.first { $0.attributes["file"] == "Views/Clean.swift" }?.attributes["name"] == "no findings")
    }

    @Test func junitAndCheckstyleCarryControlCharactersAndCDATAEndsAsWellFormedXML() throws {
        let hostile = "a\u{1}b ]]> <x> & \"q\" 'a'\nnext\u{FFFE}\ttab"
        let expected = "warning: a\u{FFFD}b ]]> <x> & \"q\" 'a'\nnext\u{FFFD}\ttab"
        let junit = JUnitFormatter(paths: ProjectPath(projectDirectory: "/project")).format(report(message: hostile))
        let parsed = try XMLElementTree.parse(junit)
        let failure = try #require(parsed.first { $0.name == "failure" })
        // The line break and tab survive attribute-value normalization as character references.
        #expect(failure.attributes["message"] == expected)
        #expect(failure.text.hasPrefix(String(expected.dropFirst("warning: ".count))))
        #expect(parsed.first { $0.name == "testcase" }?.attributes["file"] == "Views/Odd.swift")
        let checkstyle = CheckstyleFormatter().format(report(message: hostile))
        let error = try #require(try XMLElementTree.parse(checkstyle).first { $0.name == "error" })
        #expect(error.attributes["message"] == String(expected.dropFirst("warning: ".count)))
    }

    @Test func junitReportsAFileThatCouldNotBeLintedAsAnError() throws {
        var report = report(message: "m")
        report.problems = [FileProblem(path: "/project/Bad.swift", message: "not valid UTF-8")]
        let xml = try XMLElementTree.parse(JUnitFormatter(paths: ProjectPath(projectDirectory: "/project")).format(report))
        #expect(xml.first { $0.name == "testsuites" }?.attributes["errors"] == "1")
        #expect(xml.first { $0.name == "error" }?.attributes["message"] == "not valid UTF-8")
        #expect(xml.filter { $0.name == "testsuite" }.last?.attributes["name"] == "Bad.swift")
    }

    // MARK: - GitLab Code Quality

    /// GitLab's documented required fields and their types.
    func checkCodeQualityIssue(_ issue: [String: Any]) {
        #expect((issue["description"] as? String)?.isEmpty == false)
        #expect((issue["check_name"] as? String)?.isEmpty == false)
        #expect((issue["fingerprint"] as? String)?.isEmpty == false)
        #expect(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""))
        let location = issue["location"] as? [String: Any]
        let path = location?["path"] as? String ?? "/"
        #expect(!path.hasPrefix("/") && !path.hasPrefix("./"), "location.path is relative to the project: \(path)")
        let begin = (location?["lines"] as? [String: Any])?["begin"] as? Int ?? 0
        #expect(begin >= 1)
    }

    func codeQuality(_ output: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    }

    @Test func gitlabIssuesHaveTheRequiredFieldsAndProjectRelativePaths() throws {
        let issues = try codeQuality(try lintTree("gitlab").output)
        #expect(issues.count == 2)
        issues.forEach(checkCodeQualityIssue)
        // In the order of the paths given.
        #expect(issues.map { ($0["location"] as? [String: Any])?["path"] as? String } == ["Views/Greeting.swift", "Quiet/Greeting.swift"])
        #expect(issues.map { $0["severity"] as? String } == ["major", "minor"])
        #expect(issues.first?["check_name"] as? String == "foreground-color")
        #expect(Set(issues.map { $0["fingerprint"] as? String }).count == 2, "same code, different files")
        let clean = try TemporaryTree(["Clean.swift": "let x = 1\n"])
        #expect(try codeQuality(CapturedIO().lintOutput([clean.root, "--format", "gitlab"])).isEmpty)
        withExtendedLifetime(clean) {}
    }

    @Test func gitlabFingerprintsSurviveLineMovesAndTellDuplicatesApart() throws {
        let block = "struct V: View {\n    var body: some View {\n        Text(\"x\").foregroundColor(.red)\n    }\n}\n"
        let twice = "import SwiftUI\n\n" + block + "\n" + block.replacingOccurrences(of: "struct V", with: "struct W")
        let tree = try TemporaryTree(warning: ["A.swift": twice])
        func lint() throws -> [[String: Any]] {
            let captured = CapturedIO(environment: ["CI_PROJECT_DIR": tree.root])
            let issues = try codeQuality(captured.lintOutput([tree.root, "--format", "gitlab", "--select", "foreground-color"]))
            issues.forEach(checkCodeQualityIssue)
            return issues
        }
        let before = try lint()
        #expect(before.count == 2)
        let fingerprints = before.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == 2, "two copies of the same lines are two issues")
        // An unrelated edit above both moves them down three lines.
        try ("// Views.\n\nlet spacing = 4.0\n" + twice).write(toFile: tree.path("A.swift"), atomically: true, encoding: .utf8)
        let after = try lint()
        #expect(after.compactMap { $0["fingerprint"] as? String } == fingerprints)
        #expect(after.compactMap { (($0["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int }
                == before.compactMap { (($0["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int }.map { $0 + 3 })
        // Editing the flagged line is a different finding.
        try twice.replacingOccurrences(of: "Text(\"x\")", with: "Text(\"y\")").write(toFile: tree.path("A.swift"), atomically: true, encoding: .utf8)
        #expect(Set(try lint().compactMap { $0["fingerprint"] as? String }).isDisjoint(with: fingerprints))
    }

    // MARK: - HTML

    @Test func htmlIsOneSelfContainedPageWithFindingsGroupedByRuleAndFile() throws {
        let (html, _) = try lintTree("html")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(html.contains("default-src 'none'"))
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("<link") && !html.contains("url("))
        for href in Self.matches(of: "href=\"", in: html) {
            #expect(href.hasPrefix("#") || href.hasPrefix(Product.documentationURL), "only anchors and documentation links: \(href)")
        }
        #expect(Self.occurrences(of: " data-finding ", in: html) == 2)
        #expect(Self.occurrences(of: "<section class=\"rule\"", in: html) == 1)
        #expect(html.contains("<section class=\"rule\" id=\"rule-foreground-color\" data-rule=\"foreground-color\" data-count=\"2\">"))
        #expect(html.contains("<div class=\"file\" data-file=\"Quiet/Greeting.swift\" data-count=\"1\">"))
        #expect(html.contains("<li data-chart-rule=\"foreground-color\" data-count=\"2\" class=\"sev-warning\">"))
        #expect(html.contains("<details class=\"findings\" open><summary>2 findings in 2 files</summary>"))
        #expect(html.contains("data-findings=\"2\" data-rules=\"1\" data-files=\"2\" data-linted=\"3\""))
        // The flagged range is marked in the escaped excerpt.
        #expect(html.contains("<span class=\"ln\">5</span>        Text(&quot;Hello, 🌍&quot;)<mark>.foregroundColor(.red)</mark></span>"))
        // Why and the fix come from the rule's explanation, as `explain` shows them.
        let explanation = RuleExplanation(try #require(GotchasRulesDescriptions.all.first { $0.id == "foreground-color" }))
        let firstParagraph = try #require(explanation.rule.rationale.split(separator: "\n\n").first)
        #expect(html.contains(HTMLFormatter.inlineCode(String(firstParagraph))))
        let right = try #require(explanation.shownRight)
        #expect(html.contains("<figcaption>\(Escaping.html(right.label))</figcaption><pre><code>\(Escaping.html(right.code))</code></pre>"))
    }

    /// A real app's report had 228 findings of one rule above the 14 errors of another: the
    /// long list folds, a short one stays open, and the chart bar takes the worst severity.
    @Test func htmlFoldsARulesLongListAndColoursTheChartBySeverity() {
        let lines = (0..<30).map { "let v\($0) = 1" }.joined(separator: "\n") + "\n"
        let document = SourceDocument(path: "/project/Views/Many.swift", text: lines)
        let starts = document.bytes.indices.filter { $0 == 0 || document.bytes[$0 - 1] == UInt8(ascii: "\n") }
        func diagnostics(_ rule: String, _ count: Int, _ severity: (Int) -> Severity) -> [Diagnostic] {
            (0..<count).map { Diagnostic(ruleID: rule, severity: severity($0), message: "m", range: starts[$0]..<starts[$0] + 3) }
        }
        let atThreshold = HTMLFormatter.findingsShownOpen
        let all = diagnostics("long", atThreshold + 1, { _ in .warning }) + diagnostics("short", atThreshold, { $0 == 3 ? .error : .info })
        let report = LintReport(files: [FileReport(document: document, diagnostics: all)], problems: [])
        let html = HTMLFormatter(rules: [], paths: ProjectPath(projectDirectory: "/project")).format(report)
        #expect(html.contains("<details class=\"findings\"><summary>\(atThreshold + 1) findings in 1 file</summary>"))
        #expect(html.contains("<details class=\"findings\" open><summary>\(atThreshold) findings in 1 file</summary>"))
        #expect(html.contains("<li data-chart-rule=\"long\" data-count=\"\(atThreshold + 1)\" class=\"sev-warning\">"))
        #expect(html.contains("<li data-chart-rule=\"short\" data-count=\"\(atThreshold)\" class=\"sev-error\">"))
        // Folded findings are still in the page (find-in-page, the e2e's DOM counts).
        #expect(Self.occurrences(of: " data-finding ", in: html) == 2 * atThreshold + 1)
    }

    @Test func htmlEscapesMessagesAndSource() {
        let html = HTMLFormatter(rules: [], paths: ProjectPath(projectDirectory: "/project"))
            .format(report(message: "<script>alert(1)</script> & `<b>`"))
        #expect(!html.contains("<script>") && !html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; <code>&lt;b&gt;</code>"))
        #expect(html.contains("data-file=\"Views/Odd.swift\""))
    }

    @Test func htmlOfACleanRunSaysSo() throws {
        let tree = try TemporaryTree(["Clean.swift": "let x = 1\n"])
        let html = CapturedIO().lintOutput([tree.root, "--format", "html"])
        #expect(html.contains("No problems found in 1 file."))
        #expect(!html.contains(" data-finding "))
    }

    // MARK: - Documentation

    @Test func everyFormatIsInTheHelpAndInTheDocumentedTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let ci = try String(contentsOf: root.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for format in LintOptions.Format.allCases.map(\.rawValue) {
            #expect(LintOptions.usage.contains(format), "lint --help names \(format)")
            #expect(ci.contains("| `\(format)` |"), "docs/ci.md's table of report formats has \(format)")
            #expect(readme.contains(format), "the README names \(format)")
        }
    }

    // MARK: - Helpers

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The quoted values following each `prefix` (e.g. `href="`).
    static func matches(of prefix: String, in text: String) -> [String] {
        text.components(separatedBy: prefix).dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}

extension CapturedIO {
    func lintOutput(_ arguments: [String]) -> String {
        _ = lint(arguments)
        return output
    }
}

/// Every element of an XML document, in document order, as Foundation's `XMLParser` (libxml2)
/// reads it: a parse error fails the test, so this also checks well-formedness.
struct XMLElementTree {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    static func parse(_ xml: String) throws -> [Element] {
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseFailure(description: "\(parser.parserError.map { "\($0)" } ?? "unknown error") at line \(parser.lineNumber)")
        }
        return collector.elements
    }

    struct ParseFailure: Error, CustomStringConvertible { var description: String }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
    }
}
