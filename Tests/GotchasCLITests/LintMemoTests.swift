import Foundation
import GotchasCore
import GotchasCorpus
import GotchasRules
import Testing

/// The server lints an edited file incrementally: top-level items the edit did not touch
/// are not walked again, their results are taken from the previous lint (`LintMemo`).
/// Whatever the edits, the result must be exactly that of a full lint.
@Suite struct LintMemoTests {
    /// Typing-like insertions, including ones that break the syntax, add members an
    /// item elsewhere reads, change imports, suppressions, previews and concurrency.
    static let fragments = [
        "a", "{", "}", "(", "\n", " ", "\"", ".padding()", ".foregroundColor(.red)", "Text(\"x\")", "é", "😀",
        "@State var extra = 0\n", "@ObservedObject var model = GardenStore()\n", "import Combine\n", "import SwiftUI\n",
        "struct Extra: View { var body: some View { Text(\"e\").onAppear { Task { await load() } } } }\n",
        "#Preview { Text(\"p\") }\n", "// swiftui-gotchas:disable-next-line\n", "Task { await load() }\n",
        "extension GardenView: View {}\n", "let timer = Timer.publish(every: 1, on: .main, in: .common)\n",
        "class GardenStore: ObservableObject {}\n", "@MainActor ", "private ",
        // Availability scopes: what the walk raises or narrows must not leak between items.
        "if #available(iOS 17, *) {\n", "guard #available(iOS 17, *) else { return }\n", "@available(iOS 17, macOS 14, *)\n",
        "#if os(macOS)\n", "#endif\n", ".onChange(of: x) { v in }", "NavigationView { Text(\"n\") }",
    ]

    static let configuration = RuleConfiguration.resolve(rules: RuleCatalog.linter.descriptions, file: nil,
                                                         selection: RuleSelection(allRules: true))
    /// The same at an iOS 15 deployment target: rules silent, fixes withheld where it falls short.
    static let iOS15: RuleConfiguration = {
        var configuration = Self.configuration
        configuration.platforms = PlatformMinimums(deploymentTargets: [.iOS: OSVersion(15), .watchOS: OSVersion(8)])
        return configuration
    }()

    @Test func incrementalLintsOfEditedFilesEqualFullLints() async {
        let linter = RuleCatalog.linter
        let documents = ResultsDoNotDependOnShortcutsTests.corpus()
        // Two workspaces to switch between (what other files say changes answers too), and
        // each kept current with the edited file's own index.
        let full = WorkspaceIndex(files: documents.map { linter.lint($0, configuration: Self.configuration).fileIndex })
        let workspaces = [full, .empty]
        var random = SplitMix64(seed: 7)
        var lints = 0, itemsTaken = 0, compared = 0
        for (number, original) in documents.enumerated() {
            let configuration = number % 2 == 0 ? Self.configuration : Self.iOS15
            // Seconds of synchronous linting: let the in-process servers of other suites
            // run on this thread between files (the test runner shares its threads).
            await Task.yield()
            var bytes = original.bytes
            var memo: LintMemo?
            var workspace = workspaces[0]
            for step in 0..<8 {
                if step > 0 { Self.edit(&bytes, random: &random) }
                if random.next(upTo: 5) == 0 { workspace = workspaces[random.next(upTo: workspaces.count)] }
                let document = SourceDocument(path: original.path, bytes: bytes)
                let file = ParsedFile(document: document)
                let incremental = linter.lintIncrementally(file, configuration: configuration, workspace: workspace, after: memo)
                let expected = linter.lint(file, configuration: configuration, workspace: workspace)
                let context = "\(original.path), step \(step)"
                #expect(Self.summary(incremental.result) == Self.summary(expected), "\(context): diagnostics differ")
                let (a, b) = (Self.indexSummary(incremental.result.fileIndex), Self.indexSummary(expected.fileIndex))
                #expect(a == b, "\(context): file index differs: \(Self.firstDifference(a, b))")
                #expect(incremental.result.fileIndex.types == expected.fileIndex.types, "\(context): file types differ")
                // The result ID's digest from the memo's answers (the server's shortcut) is the one computed afresh.
                #expect(incremental.result.fileIndex.queries.answerDigest(by: workspace, forFileAt: original.path, known: incremental.memo)
                        == expected.fileIndex.queries.answerDigest(by: workspace, forFileAt: original.path), "\(context): answer digest differs")
                itemsTaken += incremental.memo?.itemsTakenOver ?? 0
                compared += expected.diagnostics.count
                lints += 1
                memo = incremental.memo
                // As the server does, mostly: the file's new index replaces its old one.
                if random.next(upTo: 3) != 0 { workspace = workspace.updating(expected.fileIndex) }
            }
        }
        // The test proves something only if items were taken over and diagnostics compared.
        #expect(itemsTaken > lints, "items taken over: \(itemsTaken) in \(lints) lints")
        #expect(compared > 100, "diagnostics compared: \(compared)")
    }

    @Test func onlyTheEditedItemIsWalkedAgain() {
        let linter = RuleCatalog.linter
        let text = SyntheticCorpus().viewFile(lines: 600)
        let first = linter.lintIncrementally(ParsedFile(document: SourceDocument(path: "/v.swift", text: text)),
                                             configuration: Self.configuration, after: nil)
        let items = ParsedFile(document: SourceDocument(path: "/v.swift", text: text)).tree.statements.count
        #expect(first.memo?.itemsTakenOver == 0)
        // Type a modifier inside the last struct's body.
        let edited = text.replacingOccurrences(of: ".searchable(text: $query)", with: ".searchable(text: $query).bold()",
                                               range: text.range(of: ".searchable(text: $query)", options: .backwards))
        let second = linter.lintIncrementally(ParsedFile(document: SourceDocument(path: "/v.swift", text: edited)),
                                              configuration: Self.configuration, after: first.memo)
        #expect(second.memo?.itemsTakenOver == items - 1, "\(items) items, \(second.memo?.itemsTakenOver ?? 0) taken over")
        // A changed configuration takes nothing over.
        let fewer = RuleConfiguration.resolve(rules: linter.descriptions, file: nil)
        let third = linter.lintIncrementally(ParsedFile(document: SourceDocument(path: "/v.swift", text: edited)),
                                             configuration: fewer, after: second.memo)
        #expect(third.memo?.itemsTakenOver == 0)
    }

    @Test func anItemWhoseNotePointsAtAnotherItemIsWalkedAgain() throws {
        let linter = RuleCatalog.linter
        let view = """
            import SwiftUI

            struct CartView: View {
                @State private var cart = Cart()
                var body: some View { Text("\\(cart.items.count)") }
            }

            """
        func lint(_ text: String, after memo: LintMemo?) -> (result: LintResult, memo: LintMemo?) {
            linter.lintIncrementally(ParsedFile(document: SourceDocument(path: "/c.swift", text: text)),
                                     configuration: Self.configuration, after: memo)
        }
        let first = lint(view + "final class Cart { var items: [Int] = [] }\n", after: nil)
        // The class moves within its own item: the view's note on its name must move too.
        let moved = view + "public final class Cart { var items: [Int] = [] }\n"
        let second = lint(moved, after: first.memo)
        let expected = linter.lint(SourceDocument(path: "/c.swift", text: moved), configuration: Self.configuration)
        let note = try #require(expected.diagnostics.first { $0.ruleID == "state-non-observable-class" }?.related.first)
        #expect(second.result.diagnostics.first { $0.ruleID == "state-non-observable-class" }?.related.first == note)
        #expect(Self.summary(second.result) == Self.summary(expected))
    }

    @Test func anItemIsWalkedAgainWhenATypeItAsksAboutChangesElsewhere() {
        let linter = RuleCatalog.linter
        let model = """
            @Observable final class FeedModel {
                var items: [Int] = []
                init() {
                    Task { await load() }
                }
            }

            """
        let first = linter.lintIncrementally(
            ParsedFile(document: SourceDocument(path: "/f.swift", text: model + "struct Tusk { init(_ body: () async -> Void) {} }\n")),
            configuration: Self.configuration, after: nil)
        #expect(first.result.diagnostics.contains { $0.ruleID == "task-in-init" })
        // A type of the file named `Task` shadows Concurrency's: the unchanged class item must see it.
        let shadowed = model + "struct Task { init(_ body: () async -> Void) {} }\n"
        let second = linter.lintIncrementally(ParsedFile(document: SourceDocument(path: "/f.swift", text: shadowed)),
                                              configuration: Self.configuration, after: first.memo)
        #expect(!second.result.diagnostics.contains { $0.ruleID == "task-in-init" })
    }

    @Test func anItemIsNotMovedWhenItsWorkspaceAnswerPointsIntoThisFile() throws {
        let linter = RuleCatalog.linter
        let view = """
            struct ProfileView: View {
                @EnvironmentObject var session: Session
                @State private var current = Session()
                var body: some View { Text("").environment(current) }
            }

            """
        let before = SourceDocument(path: "/p.swift", text: "struct A {}\n" + view)
        // The workspace knows this file as it was: its injection is at the old place.
        let workspace = WorkspaceIndex(files: [linter.lint(before, configuration: Self.configuration).fileIndex])
        let first = linter.lintIncrementally(ParsedFile(document: before), configuration: Self.configuration,
                                             workspace: workspace, after: nil)
        #expect(first.result.diagnostics.contains { $0.ruleID == "environment-object-mismatch" })
        let after = SourceDocument(path: "/p.swift", text: "struct A { let x = 1 }\n" + view)
        let second = linter.lintIncrementally(ParsedFile(document: after), configuration: Self.configuration,
                                              workspace: workspace, after: first.memo)
        let expected = linter.lint(after, configuration: Self.configuration, workspace: workspace)
        #expect(Self.summary(second.result) == Self.summary(expected))
    }

    /// One random edit: an insertion, a deletion, or a replacement, at character boundaries.
    static func edit(_ bytes: inout [UInt8], random: inout SplitMix64) {
        let start = boundary(random.next(upTo: bytes.count + 1), in: bytes)
        let length = random.next(upTo: 3) == 0 ? random.next(upTo: 40) : 0
        let end = boundary(min(bytes.count, start + length), in: bytes)
        let replacement = random.next(upTo: 4) == 0 ? [] : Array(fragments[random.next(upTo: fragments.count)].utf8)
        bytes.replaceSubrange(start..<end, with: replacement)
    }

    static func boundary(_ offset: Int, in bytes: [UInt8]) -> Int {
        var offset = offset
        while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        return offset
    }

    static func summary(_ result: LintResult) -> [String] {
        result.diagnostics.map { diagnostic in
            let related = diagnostic.related.map { "\($0.path)@\($0.range):\($0.message)" }
            let fixes = diagnostic.fixes.map { fix in "\(fix.title)/\(fix.applicability)/" + fix.edits.map { "\($0.range)=\($0.replacement)" }.joined(separator: ",") }
            let withheld = diagnostic.withheldFixes.map { "\($0.title): \($0.reason)" }
            return "\(diagnostic.ruleID) \(diagnostic.severity) \(diagnostic.range) \(diagnostic.message) \(related) \(fixes) withheld \(withheld)"
        } + [result.notLintedReason ?? ""]
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let common = zip(a, b).prefix { $0 == $1 }.count
        return "…" + String(a.dropFirst(max(0, common - 60)).prefix(160)) + "  vs  …" + String(b.dropFirst(max(0, common - 60)).prefix(160))
    }

    static func indexSummary(_ index: FileIndex) -> String {
        "\(index.environmentUses)|\(index.intentControls)"
            + "|\(index.references.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.sorted())" })|\(index.queries.byRule.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.map { "\($0)" }.sorted())" })"
    }
}
