import Foundation
import GotchasCLI
import Testing

@Suite struct OutputFormatTests {
    func run(_ format: String) throws -> (output: String, tree: TemporaryTree) {
        let tree = try TemporaryTree(warning: ["Views/Greeting.swift": flaggedView])
        let captured = CapturedIO()
        _ = captured.lint([tree.path("Views"), "--format", format, "--select", "foreground-color"])
        return (captured.output, tree)
    }

    @Test func jsonHasTheDocumentedKeysAndFix() throws {
        let (output, _) = try run("json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        let item = try #require(array.first)
        #expect(Set(item.keys) == ["path", "line", "column", "endLine", "endColumn", "rule", "severity", "message", "fix", "related"])
        #expect(item["line"] as? Int == 5)
        // Columns count UTF-8 bytes: `        Text("Hello, 🌍")` is 27 bytes (the emoji is 4).
        #expect(item["column"] as? Int == 28)
        let fix = try #require(item["fix"] as? [String: Any])
        #expect(fix["applicability"] as? String == "safe")
        let edit = try #require((fix["edits"] as? [[String: Any]])?.first)
        #expect(edit["newText"] as? String == "foregroundStyle")
        #expect(edit["column"] as? Int == 29)
    }

    @Test func sarifHasTheStructureCodeScanningRequires() throws {
        let (output, _) = try run("sarif")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.contains("sarif") == true)
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "swiftui-gotchas")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(!rules.isEmpty)
        for rule in rules {
            #expect(rule["id"] is String)
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let result = try #require(results.first)
        let ruleIndex = try #require(result["ruleIndex"] as? Int)
        #expect(rules[ruleIndex]["id"] as? String == result["ruleId"] as? String)
        #expect(["error", "warning", "note", "none"].contains(result["level"] as? String ?? ""))
        #expect((result["message"] as? [String: Any])?["text"] is String)
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] is String)
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 5)
        // UTF-16 columns: the emoji counts 2.
        #expect(region["startColumn"] as? Int == 26)
    }

    @Test func githubAnnotations() throws {
        let (output, tree) = try run("github")
        #expect(output == "::warning file=\(tree.path("Views"))/Greeting.swift,line=5,col=28,endLine=5,endColumn=50,title=foreground-color::`.foregroundColor(_:)` is deprecated; use `.foregroundStyle(_:)`, which takes any ShapeStyle [foreground-color]\n")
    }

    @Test func checkstyleIsWellFormedXML() throws {
        let (output, _) = try run("checkstyle")
        #expect(output.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle"))
        #expect(output.contains("<error line=\"5\" column=\"28\" severity=\"warning\""))
        #expect(output.contains("source=\"swiftui-gotchas.foreground-color\""))
        #expect(output.contains("`.foregroundColor(_:)` is deprecated"))
        #expect(output.hasSuffix("</checkstyle>\n"))
    }

    @Test func rulesAndExplain() {
        let captured = CapturedIO()
        #expect(RulesCommand(rules: GotchasRulesDescriptions.all, io: captured.io).run([]) == 0)
        #expect(captured.output.contains("foreground-color"))
        let explained = CapturedIO()
        #expect(ExplainCommand(rules: GotchasRulesDescriptions.all, io: explained.io).run(["foreground-color"]) == 0)
        #expect(explained.output.contains("Why it matters:\n"))
        #expect(explained.output.contains("Example:\n"))
        #expect(ExplainCommand(rules: GotchasRulesDescriptions.all, io: CapturedIO().io).run(["nope"]) == 2)
    }
}

import GotchasRules
enum GotchasRulesDescriptions {
    static var all: [GotchasCore.RuleDescription] { RuleCatalog.linter.descriptions }
}
import GotchasCore

/// Cross-file diagnostics show where the other half is, in every format that can.
@Suite struct RelatedLocationOutputTests {
    let files = [
        "App.swift": "import SwiftUI\nstruct A: App {\n    @StateObject private var store = Store()\n    var body: some Scene { WindowGroup { Root().environmentObject(store) } }\n}\n",
        "Store.swift": "import SwiftUI\nfinal class Store: ObservableObject { @Published var n = 0 }\n",
        "Root.swift": "import SwiftUI\nstruct Root: View {\n    @Environment(Store.self) private var store\n    var body: some View { Text(\"x\") }\n}\n",
    ]

    @Test func textJSONAndSARIFCarryTheRelatedLocation() throws {
        let tree = try TemporaryTree(files)
        let text = CapturedIO()
        _ = text.lint([tree.root, "--select", "environment-object-mismatch"])
        #expect(text.output.contains("\(tree.root)/App.swift:4:48: note: "))
        let json = CapturedIO()
        _ = json.lint([tree.root, "--select", "environment-object-mismatch", "--format", "json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let related = try #require((items.first?["related"] as? [[String: Any]])?.first)
        #expect(related["path"] as? String == "\(tree.root)/App.swift")
        #expect(related["line"] as? Int == 4)
        let sarif = CapturedIO()
        _ = sarif.lint([tree.root, "--select", "environment-object-mismatch", "--format", "sarif"])
        #expect(sarif.output.contains("\"relatedLocations\":[{\"id\":0"))
    }
}
