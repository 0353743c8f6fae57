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

    /// A local package's views run in the app whose project references it: an iPhone-only,
    /// portrait-only app (its targets' own settings, not the project-level `"1,2"` they
    /// override) keeps `uiscreen-bounds` quiet in the package, linted with the app or alone.
    @Test func aLocalPackageTakesItsAppsDeviceFacts() throws {
        let banner = "import SwiftUI\nstruct Banner: View {\n    var body: some View { Image(\"hero\").frame(width: UIScreen.main.bounds.width) }\n}\n"
        var files = XcodeTargetsFixture.files
        files["Packages/Kit/Sources/Kit/KitView.swift"] = banner
        // Another app in the workspace runs on iPad too: it does not host the package.
        files["Other/Other.xcodeproj/project.pbxproj"] = "TARGETED_DEVICE_FAMILY = \"1,2\";\n"
        let tree = try TemporaryTree(files)
        func flagged(_ path: String) -> Bool {
            let captured = CapturedIO()
            _ = LintCommand(linter: RuleCatalog.linter, io: captured.io).run([tree.path(path), "--no-cache", "--select", "uiscreen-bounds"])
            return captured.output.contains("uiscreen-bounds")
        }
        #expect(!flagged("."))
        // Linted alone, the search for settings stops at the package's manifest, then
        // looks further up for the project that references it.
        #expect(!flagged("Packages/Kit/Sources"))
        // Without the reference, the package is not known to run in that app: every app of
        // the workspace counts, and the other one runs on iPad.
        let project = try #require(files["App.xcodeproj/project.pbxproj"])
        try project.replacingOccurrences(of: "relativePath = Packages/Kit;", with: "relativePath = Packages/Elsewhere;")
            .write(toFile: tree.path("App.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        #expect(flagged("."))
        #expect(flagged("Packages/Kit/Sources"))
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

    /// A folder no project lies above, which an XcodeGen target elsewhere in the repository
    /// compiles (`sources: ../share/swift`): `settings` on the file alone finds that target.
    @Test func settingsFindsASpecElsewhereInTheRepository() throws {
        let tree = try TemporaryTree([
            ".git/HEAD": "ref: refs/heads/main\n",
            "apps/Settings/project.yml": "targets:\n  Settings:\n    platform: macOS\n    deploymentTarget: 13.0\n    sources:\n      - path: src\n      - path: ../share/swift\n",
            "apps/share/swift/Field.swift": "func f() { probe() }\n",
            "apps/other/Loose.swift": "func f() { probe() }\n",
        ])
        func settings(_ path: String) -> String {
            let captured = CapturedIO()
            _ = SettingsCommand(rules: [ProbeRule.description], io: captured.io).run([tree.path(path)])
            return captured.output
        }
        let shared = settings("apps/share/swift/Field.swift")
        #expect(shared.contains("targets: Settings ("), "\(shared)")
        #expect(shared.contains("macOS 13.0"))
        #expect(settings("apps/other/Loose.swift").contains("deployment targets: not known"))
    }
}
