import Foundation
import GotchasCLI
import Testing

/// `lint --write-baseline` / `--baseline` / the configuration's `"baseline"`, and `--max-warnings`.
@Suite struct BaselineTests {
    /// Two views with one `foreground-color` finding each.
    let twoViews = """
        import SwiftUI

        struct First: View {
            var body: some View {
                Text("one").foregroundColor(.red)
            }
        }

        struct Second: View {
            var body: some View {
                Image(systemName: "star").foregroundColor(.blue)
            }
        }

        """

    private func write(_ tree: TemporaryTree, _ relative: String, _ text: String) throws {
        try text.write(toFile: tree.path(relative), atomically: true, encoding: .utf8)
    }

    @Test func writtenBaselineIsSortedRelativeAndHidesEverythingAfterAnUnrelatedEditAbove() throws {
        let tree = try TemporaryTree(warning: ["App/Views.swift": twoViews, "App/Greeting.swift": flaggedView])
        let writing = CapturedIO()
        #expect(writing.lint([tree.path("App"), "--write-baseline", tree.path("gotchas.baseline")]) == 0)
        #expect(writing.output.isEmpty, "findings are recorded, not reported")
        #expect(writing.error.contains("Wrote 3 entries to"))
        let lines = tree.read("gotchas.baseline").split(separator: "\n")
        #expect(lines.first == "swiftui-gotchas baseline 1")
        #expect(lines.dropFirst().map { $0.split(separator: "\t").prefix(2).joined(separator: " ") }
                == ["foreground-color App/Greeting.swift", "foreground-color App/Views.swift", "foreground-color App/Views.swift"])

        try write(tree, "App/Views.swift", "// Views of the app.\n\nimport Foundation\n" + twoViews.replacingOccurrences(of: "import SwiftUI\n", with: "import SwiftUI\n\nlet spacing = 4.0\n"))
        let rerun = CapturedIO()
        #expect(rerun.lint([tree.path("App"), "--baseline", tree.path("gotchas.baseline")]) == 0)
        #expect(rerun.error.contains("3 findings hidden by baseline"))
        #expect(!rerun.output.contains("warning:"))
    }

    @Test func aMovedFindingStaysHiddenAndANewOneIsReported() throws {
        let tree = try TemporaryTree(warning: ["Views.swift": twoViews])
        #expect(CapturedIO().lint([tree.root, "--write-baseline", tree.path("b.txt")]) == 0)
        // Second now comes first, and a new view with its own finding is added.
        let parts = twoViews.components(separatedBy: "struct Second")
        try write(tree, "Views.swift", "import SwiftUI\n\nstruct Second" + parts[1] + "\n"
                  + parts[0].replacingOccurrences(of: "import SwiftUI\n\n", with: "")
                  + "struct Third: View {\n    var body: some View {\n        Label(\"x\", systemImage: \"y\").foregroundColor(.green)\n    }\n}\n")
        let rerun = CapturedIO()
        #expect(rerun.lint([tree.root, "--baseline", tree.path("b.txt")]) == 1)
        #expect(rerun.error.contains("2 findings hidden by baseline"))
        #expect(rerun.output.components(separatedBy: "warning:").count == 2, "only the new finding: \(rerun.output)")
        #expect(rerun.output.contains("Views.swift:17:"))
    }

    @Test func aSecondCopyOfABaselinedFindingIsReported() throws {
        let tree = try TemporaryTree(warning: ["Greeting.swift": flaggedView])
        #expect(CapturedIO().lint([tree.root, "--write-baseline", tree.path("b.txt")]) == 0)
        let copy = flaggedView.replacingOccurrences(of: "import SwiftUI\n", with: "").replacingOccurrences(of: "Greeting", with: "Welcome")
        try write(tree, "Greeting.swift", flaggedView + copy)
        let rerun = CapturedIO()
        #expect(rerun.lint([tree.root, "--baseline", tree.path("b.txt")]) == 1)
        #expect(rerun.error.contains("1 finding hidden by baseline"))
        #expect(rerun.output.components(separatedBy: "warning:").count == 2)
    }

    @Test func rewritingListsStaleEntries() throws {
        let tree = try TemporaryTree(warning: ["Views.swift": twoViews])
        #expect(CapturedIO().lint([tree.root, "--write-baseline", tree.path("b.txt")]) == 0)
        try write(tree, "Views.swift", twoViews.replacingOccurrences(of: ".foregroundColor(.blue)", with: ".foregroundStyle(.blue)"))
        let rewrite = CapturedIO()
        #expect(rewrite.lint([tree.root, "--write-baseline", tree.path("b.txt")]) == 0)
        #expect(rewrite.error.contains("Wrote 1 entry to"))
        #expect(rewrite.error.contains("1 stale entry no longer found (fixed or changed), removed:\n  foreground-color  Views.swift\n"))
        #expect(tree.read("b.txt").split(separator: "\n").count == 2)
    }

    @Test func malformedOrMissingBaselineExitsTwo() throws {
        let tree = try TemporaryTree(["Greeting.swift": flaggedView, "b.txt": "swiftui-gotchas baseline 1\nforeground-color\tGreeting.swift\n",
                                      "other.txt": "not a baseline\n"])
        let malformed = CapturedIO()
        #expect(malformed.lint([tree.root, "--baseline", tree.path("b.txt")]) == 2)
        #expect(malformed.error.contains("b.txt:2: invalid baseline: expected rule<TAB>path<TAB>fingerprint"))
        let foreign = CapturedIO()
        #expect(foreign.lint([tree.path("Greeting.swift"), "--write-baseline", tree.path("other.txt")]) == 2)
        #expect(foreign.error.contains("other.txt:1: invalid baseline: not a swiftui-gotchas baseline"))
        #expect(tree.read("other.txt") == "not a baseline\n", "a file that is not a baseline is not overwritten")
        let missing = CapturedIO()
        #expect(missing.lint([tree.root, "--baseline", tree.path("none.txt")]) == 2)
        #expect(missing.error.contains("none.txt: cannot read baseline"))
        #expect(CapturedIO().lint([tree.root, "--baseline", "a", "--write-baseline", "b"]) == 2)
    }

    @Test func theConfigurationNamesTheBaselineRelativeToItself() throws {
        let tree = try TemporaryTree([".swiftui-gotchas.json": "{\"baseline\": \"ci/gotchas.baseline\"}", "Sources/Greeting.swift": flaggedView])
        try FileManager.default.createDirectory(atPath: tree.path("ci"), withIntermediateDirectories: true)
        #expect(CapturedIO().lint([tree.root, "--write-baseline", tree.path("ci/gotchas.baseline")]) == 0)
        #expect(tree.read("ci/gotchas.baseline").contains("\t../Sources/Greeting.swift\t"))
        let rerun = CapturedIO()
        #expect(rerun.lint([tree.path("Sources")]) == 0)
        #expect(rerun.error.contains("1 finding hidden by baseline"))
        let invalid = try TemporaryTree([".swiftui-gotchas.json": "{\"baseline\": 3}", "A.swift": flaggedView])
        let broken = CapturedIO()
        #expect(broken.lint([invalid.root]) == 2)
        #expect(broken.error.contains("\"baseline\" must be the path of a baseline file"))
    }

    @Test func maxWarningsFailsOnlyAboveTheLimit() throws {
        let tree = try TemporaryTree(warning: ["Views.swift": twoViews])
        #expect(CapturedIO().lint([tree.root, "--max-warnings", "2"]) == 0)
        let over = CapturedIO()
        #expect(over.lint([tree.root, "--max-warnings=1"]) == 1)
        #expect(over.error.contains("2 warnings (more than --max-warnings 1)"))
        #expect(CapturedIO().lint([tree.root]) == 1, "without the flag any warning fails")
        for bad in ["-1", "many", ""] {
            let usage = CapturedIO()
            #expect(usage.lint([tree.root, "--max-warnings", bad]) == 2)
            #expect(usage.error.contains("--max-warnings needs a number of warnings (0 or more), got \"\(bad)\""))
        }
        // Errors still fail the run within the limit.
        let errors = try TemporaryTree([".swiftui-gotchas.json": "{\"rules\": {\"foreground-color\": \"error\"}}", "A.swift": flaggedView])
        #expect(CapturedIO().lint([errors.root, "--max-warnings", "5"]) == 1)
    }
}
