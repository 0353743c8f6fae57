import Foundation
import GotchasCLI
import GotchasCore
import Testing

@Suite struct LintCommandTests {
    @Test func versionPrintsTheVersionNumberAlone() {
        let io = CapturedIO()
        #expect(io.lint(["--version"]) == 0)
        // The number alone (scripts compare it), as the cache key and SARIF's driver use it.
        #expect(io.output == Product.version + "\n")
        #expect(Product.version.split(separator: ".").count == 3 && Product.version.allSatisfy { $0.isNumber || $0 == "." })
        #expect(io.error.isEmpty)
    }

    @Test func textOutputHasPathLineColumnSeveritySnippetAndExitsOne() throws {
        let tree = try TemporaryTree(warning: ["App/Greeting.swift": flaggedView])
        let captured = CapturedIO()
        let status = captured.lint([tree.path("App"), "--select", "foreground-color"])
        #expect(status == 1)
        #expect(captured.output.contains("\(tree.path("App"))/Greeting.swift:5:28: warning: `.foregroundColor(_:)` is deprecated"))
        #expect(captured.output.contains("[foreground-color]"))
        #expect(captured.output.contains("^~~~"))
        #expect(!captured.output.contains("\u{1B}["), "no colour when not a terminal")
    }

    @Test func cleanTreeExitsZero() throws {
        let tree = try TemporaryTree(["A.swift": "import SwiftUI\nstruct A: View { var body: some View { Text(\"a\") } }\n"])
        let captured = CapturedIO()
        #expect(captured.lint([tree.root]) == 0)
        #expect(captured.output.contains("No problems found in 1 file"))
    }

    @Test func skipsBuildDirectoriesAndNonSwiftFiles() throws {
        let tree = try TemporaryTree([".build/x/G.swift": flaggedView, "Pods/P.swift": flaggedView, "DerivedData/D.swift": flaggedView,
                                      "notes.txt": flaggedView, "Sources/Ok.swift": "let a = 1\n"])
        let captured = CapturedIO()
        #expect(captured.lint([tree.root, "--format", "json"]) == 0)
        #expect(captured.output == "[]\n")
    }

    @Test func usageErrorsExitTwo() {
        let captured = CapturedIO()
        #expect(captured.lint(["--format", "yaml"]) == 2)
        #expect(captured.error.contains("unknown format \"yaml\""))
        #expect(CapturedIO().lint(["--frobnicate"]) == 2)
        let unknown = CapturedIO()
        #expect(unknown.lint(["--select", "foreground-colour"]) == 2)
        #expect(unknown.error.contains("did you mean \"foreground-color\""))
        #expect(CapturedIO().lint(["/no/such/path"]) == 2)
    }

    @Test func invalidConfigurationExitsTwoWithPosition() throws {
        let tree = try TemporaryTree([".swiftui-gotchas.json": "{\n  \"rules\": {\"foreground-color\": \"loud\"}\n}", "A.swift": flaggedView])
        let captured = CapturedIO()
        #expect(captured.lint([tree.root]) == 2)
        #expect(captured.error.contains(".swiftui-gotchas.json:2:"))
        #expect(captured.error.contains("must be one of"))
    }

    @Test func configurationIsFoundByWalkingUpAndUnknownKeysWarn() throws {
        let tree = try TemporaryTree([".swiftui-gotchas.json": "{\"rules\": {\"foreground-color\": \"off\"}, \"colour\": 1}",
                                      "deep/er/A.swift": flaggedView])
        let captured = CapturedIO()
        #expect(captured.lint([tree.root]) == 0)
        #expect(captured.error.contains("1:40: warning: unknown key \"colour\""))
    }

    @Test func excludeGlobsSkipDiscoveredFilesButNotNamedOnes() throws {
        let tree = try TemporaryTree([".swiftui-gotchas.json": "{\"exclude\": [\"Generated\"], \"rules\": {\"foreground-color\": \"warning\"}}",
                                      "Generated/A.swift": flaggedView])
        #expect(CapturedIO().lint([tree.root]) == 0)
        #expect(CapturedIO().lint([tree.path("Generated/A.swift")]) == 1)
    }

    @Test func gitignoredFilesAreLeftOutOfADirectoryWalkUnlessNoIgnoreButNotNamedOnes() throws {
        let tree = try TemporaryTree(warning: [".gitignore": "# generated\nGenerated/\n*.pb.swift\n",
                                      "Generated/A.swift": flaggedView, "Sources/Model.pb.swift": flaggedView,
                                      "Sources/View.swift": "let clean = 1\n"])
        #expect(CapturedIO().lint([tree.root]) == 0)
        let all = CapturedIO()
        #expect(all.lint([tree.root, "--no-ignore"]) == 1)
        #expect(all.output.contains("Generated/A.swift") && all.output.contains("Model.pb.swift"))
        #expect(CapturedIO().lint([tree.path("Generated/A.swift")]) == 1)
    }

    @Test func stdinIsLintedAsTheGivenPath() throws {
        let configuration = try TemporaryTree(warning: [:])
        let captured = CapturedIO(input: flaggedView)
        #expect(captured.lint(["--stdin-filename", "Sources/Virtual.swift", "--format", "github",
                               "--config", configuration.path(".swiftui-gotchas.json")]) == 1)
        #expect(captured.output.hasPrefix("::warning file=Sources/Virtual.swift,line=5,col=28,"))
    }

    @Test func stdinWithFixPrintsTheFixedSource() {
        let captured = CapturedIO(input: flaggedView)
        #expect(captured.lint(["--stdin-filename", "V.swift", "--fix"]) == 0)
        #expect(captured.output == flaggedView.replacingOccurrences(of: "foregroundColor", with: "foregroundStyle"))
    }

    @Test func fixWritesAtomicallyKeepsPermissionsAndLeavesCleanFilesAlone() throws {
        let tree = try TemporaryTree(["A.swift": flaggedView, "Clean.swift": "let a = 1\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: tree.path("A.swift"))
        let cleanBefore = try FileManager.default.attributesOfItem(atPath: tree.path("Clean.swift"))[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.01)
        let captured = CapturedIO()
        #expect(captured.lint([tree.root, "--fix"]) == 0)
        #expect(tree.read("A.swift") == flaggedView.replacingOccurrences(of: "foregroundColor", with: "foregroundStyle"))
        let permissions = try FileManager.default.attributesOfItem(atPath: tree.path("A.swift"))[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        let cleanAfter = try FileManager.default.attributesOfItem(atPath: tree.path("Clean.swift"))[.modificationDate] as? Date
        #expect(cleanBefore == cleanAfter)
        #expect(captured.error.contains("Applied 1 fix in 1 file"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: tree.root).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
        // Idempotent: a second run changes nothing.
        #expect(CapturedIO().lint([tree.root, "--diff"]) == 0)
    }

    @Test func diffPrintsAUnifiedDiffAndWritesNothing() throws {
        let tree = try TemporaryTree(["A.swift": flaggedView])
        let captured = CapturedIO()
        #expect(captured.lint([tree.root, "--diff"]) == 1)
        #expect(captured.output.contains("-        Text(\"Hello, 🌍\").foregroundColor(.red)\n+        Text(\"Hello, 🌍\").foregroundStyle(.red)\n"))
        #expect(captured.output.contains("@@ -2,6 +2,6 @@"))
        #expect(tree.read("A.swift") == flaggedView)
    }

    @Test func unreadableAndBinaryFilesAreReportedAndTheRunGoesOn() throws {
        let tree = try TemporaryTree(["A.swift": flaggedView])
        try Data([0x00, 0x01, 0x02]).write(to: URL(fileURLWithPath: tree.path("Binary.swift")))
        try Data([0x6C, 0x65, 0x74, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: tree.path("Latin.swift")))
        let captured = CapturedIO()
        #expect(captured.lint([tree.root, "--format", "json"]) == 2)
        #expect(captured.error.contains("Binary.swift: error: skipped: binary file"))
        #expect(captured.error.contains("Latin.swift: error: skipped: not valid UTF-8"))
        #expect(captured.output.contains("\"rule\":\"foreground-color\""))
    }

    @Test func statisticsCountPerRule() throws {
        let tree = try TemporaryTree(["A.swift": flaggedView, "B.swift": flaggedView])
        let captured = CapturedIO()
        _ = captured.lint([tree.root, "--statistics", "--select", "foreground-color"])
        #expect(captured.output.contains("     2  foreground-color  (2 fixable)"))
    }

    @Test func quietPrintsDiagnosticsOnly() throws {
        let tree = try TemporaryTree(["A.swift": flaggedView])
        let captured = CapturedIO()
        _ = captured.lint([tree.root, "--quiet"])
        #expect(captured.output.split(separator: "\n").count == 1)
    }

    @Test func outputOrderIsDeterministicAcrossParallelRuns() throws {
        var files: [String: String] = [:]
        for index in 0..<40 { files["F\(index).swift"] = flaggedView }
        let tree = try TemporaryTree(files)
        let first = CapturedIO(), second = CapturedIO()
        _ = first.lint([tree.root, "--format", "json"])
        _ = second.lint([tree.root, "--format", "json"])
        #expect(first.output == second.output)
        let paths = first.output.split(separator: "\n").compactMap { $0.range(of: "\"path\":\"") != nil ? String($0) : nil }
        #expect(paths == paths.sorted())
    }
}
