import Foundation
import GotchasCLI
import GotchasCore
import GotchasCorpus
import GotchasRules
import SwiftSyntax
import Testing

/// Flags every `probe()`, on any OS: its findings show which files `lint` reports on.
private struct ProbeRule: Rule {
    static let description = RuleDescription(
        id: "probe", category: .modernAPI, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        triggering: [], nonTriggering: [])
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard node.cast(FunctionCallExprSyntax.self).calleeName == "probe" else { return }
        report.append(Finding(message: "probe", range: node.byteRange))
    }
}

/// Flags every `probe()` where iOS 17.5 may be assumed.
private struct NeedsIOS175Rule: Rule {
    static let description = RuleDescription(
        id: "needs-ios-17-5", category: .modernAPI, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        requires: .os(iOS: OSVersion(17, 5), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10)),
        triggering: [], nonTriggering: [])
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard node.cast(FunctionCallExprSyntax.self).calleeName == "probe" else { return }
        report.append(Finding(message: "probe", range: node.byteRange))
    }
}

/// `lint` and `settings` over an app whose files are compiled by different targets
/// (`XcodeTargetsFixture`).
@Suite struct ProjectTargetsCLITests {
    func lint(_ arguments: [String]) -> (status: Int32, output: String) {
        let captured = CapturedIO()
        let status = LintCommand(linter: Linter(rules: [ProbeRule.self, NeedsIOS175Rule.self]), io: captured.io).run(arguments)
        return (status, captured.output)
    }

    /// Path (relative) → rule IDs reported there.
    func findings(_ tree: TemporaryTree) throws -> [String: Set<String>] {
        let output = lint([tree.root, "--no-cache", "--format", "json"]).output
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        let root = URL(fileURLWithPath: tree.root).standardizedFileURL.path + "/"
        var found: [String: Set<String>] = [:]
        for finding in json {
            let path = URL(fileURLWithPath: try #require(finding["path"] as? String)).standardizedFileURL.path
            found[String(path.dropFirst(root.count)), default: []].insert(try #require(finding["rule"] as? String))
        }
        return found
    }

    @Test func lintReportsNothingInAFileOfNoTargetAndUsesEachFilesTargets() throws {
        let tree = try TemporaryTree(XcodeTargetsFixture.files)
        let found = try findings(tree)
        #expect(found["App/Unused.swift"] == nil)
        #expect(found["Widget/Legacy.swift"] == nil)
        // App alone is iOS 17.5; with the Share extension (17.0) a shared file is not.
        #expect(found["App/ContentView.swift"] == ["probe", "needs-ios-17-5"])
        #expect(found["Shared/Shared.swift"] == ["probe"])
        #expect(found["Widget/WidgetView.swift"] == ["probe"])
        #expect(found["Packages/Kit/Sources/Kit/KitView.swift"] == ["probe"])
        // Named on the command line, it is still in no target.
        #expect(lint([tree.path("App/Unused.swift"), "--no-cache"]).status == ExitStatus.clean)
    }

    @Test func settingsNamesEachFilesTargets() throws {
        let tree = try TemporaryTree(XcodeTargetsFixture.files)
        let root = URL(fileURLWithPath: tree.root).standardizedFileURL.path
        func settings(_ path: String) -> String {
            let captured = CapturedIO()
            _ = SettingsCommand(rules: [ProbeRule.description], io: captured.io).run([tree.path(path)])
            return captured.output
        }
        #expect(settings("App/ContentView.swift") == """
            \(tree.path("App/ContentView.swift"))
              configuration: none (defaults)
              targets: App (\(root)/App.xcodeproj/project.pbxproj)
                App  iOS 17.5  from \(root)/App.xcodeproj/project.pbxproj
              iOS 17.5  from \(root)/App.xcodeproj/project.pbxproj

            """)
        let shared = settings("Shared/Shared.swift")
        #expect(shared.contains("targets: App, Share ("))
        #expect(shared.contains("    Share  iOS 17.0  from \(root)/Config/Share.xcconfig\n"))
        #expect(shared.contains("  iOS 17.0  from \(root)/App.xcodeproj/project.pbxproj, \(root)/Config/Share.xcconfig (lowest of 17.0, 17.5)\n"))
        let unused = settings("App/Unused.swift")
        #expect(unused.contains("targets: none (no target of \(root)/App.xcodeproj/project.pbxproj compiles this file; lint reports nothing in it)"))
        let widget = settings("Widget/WidgetKind.swift")
        #expect(widget.contains("targets: App, Widget ("))
        #expect(widget.contains("    Widget  iOS 17.0  from"))
    }
}
