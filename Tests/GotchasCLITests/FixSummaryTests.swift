import GotchasCore
@testable import GotchasCLI
import Testing

/// The last line of `lint --fix`/`--diff`: how many fixes were applied and why the rest were not.
@Suite struct FixSummaryTests {
    static let unsafeOnly = """
        import SwiftUI

        struct Inbox: View {
            var body: some View {
                List { Text("a") }
                    .safeAreaInset(edge: .bottom) { Button("Add") { } }
            }
        }

        """

    @Test func fixAndDiffCountUnsafeFixesTheyLeftOut() throws {
        let tree = try TemporaryTree(["A.swift": Self.unsafeOnly])
        let fixing = CapturedIO()
        _ = fixing.lint([tree.root, "--fix", "--select", "safe-area-inset-bottom"])
        #expect(fixing.error.contains("Applied 0 fixes in 0 files; 1 not applied: 1 unsafe (--unsafe-fixes).\n"), "\(fixing.error)")
        let diffing = CapturedIO()
        _ = diffing.lint([tree.root, "--diff", "--select", "safe-area-inset-bottom"])
        #expect(diffing.error.contains("0 fixes would be applied; 1 not applied: 1 unsafe (--unsafe-fixes).\n"), "\(diffing.error)")
        // With --unsafe-fixes they are applied, and nothing is left out.
        let unsafe = CapturedIO()
        _ = unsafe.lint([tree.root, "--fix", "--unsafe-fixes", "--select", "safe-area-inset-bottom"])
        #expect(unsafe.error.contains("Applied 1 fix in 1 file.\n"), "\(unsafe.error)")
        #expect(tree.read("A.swift").contains(".safeAreaBar(edge: .bottom)"))
    }

    @Test func withheldFixesAreGroupedByReasonMostFrequentFirst() {
        func diagnostic(fixes: [Fix] = [], withheld: [WithheldFix] = []) -> Diagnostic {
            Diagnostic(ruleID: "r", severity: .warning, message: "m", range: 0..<1, fixes: fixes, withheldFixes: withheld)
        }
        let iOS17 = WithheldFix(title: "t", reason: "needs iOS 17 (minimum iOS 15)")
        let macOS = WithheldFix(title: "t", reason: "not on macOS")
        let unsafe = Fix(title: "u", applicability: .unsafe, edits: [])
        let safe = Fix(title: "s", applicability: .safe, edits: [])
        let file = FileReport(document: SourceDocument(path: "a.swift", text: "x"), diagnostics: [
            diagnostic(withheld: [iOS17]), diagnostic(withheld: [macOS]), diagnostic(withheld: [iOS17]),
            diagnostic(fixes: [unsafe]), diagnostic(fixes: [safe]), diagnostic(),
            // A finding that still has a fix to apply is not "not applied" because one was withheld.
            diagnostic(fixes: [safe], withheld: [iOS17]),
        ])
        let report = LintReport(files: [file], problems: [])
        #expect(NotAppliedFixes(report, unsafeApplied: false).suffix
                == "; 4 not applied: 2 need iOS 17 (minimum iOS 15), 1 not on macOS, 1 unsafe (--unsafe-fixes)")
        #expect(NotAppliedFixes(report, unsafeApplied: true).suffix == "; 3 not applied: 2 need iOS 17 (minimum iOS 15), 1 not on macOS")
        let clean = LintReport(files: [FileReport(document: SourceDocument(path: "a.swift", text: "x"), diagnostics: [diagnostic(fixes: [safe])])], problems: [])
        #expect(NotAppliedFixes(clean, unsafeApplied: false).suffix == "")
    }
}
