import GotchasCore
import GotchasRules
import Testing

/// "Safe means it compiles and behaves the same": fixes that are withheld or offered as
/// unsafe where they would not, beyond what before→after examples show.
@Suite struct FixPreconditionTests {
    /// A correction marked unsafe is one `lint --fix` (safe fixes only) must not make.
    @Test(arguments: RuleExampleTests.ids)
    func unsafeCorrectionsAreNotMadeBySafeFixAll(id: String) throws {
        let rule = try #require(RuleHarness.linter.rule(withID: id))
        for correction in rule.description.corrections where correction.applicability == .unsafe && correction.fixTitle == nil {
            let before = RuleExample(correction.before).strippedWithMarkers.code
            let safeOnly = RuleCorrection(correction.before, correction.after, applicability: .safe, otherFiles: correction.otherFiles)
            #expect(RuleHarness.fix(before, only: id, correction: safeOnly, otherFiles: correction.otherFiles) == before,
                    "\(id): a safe fix changed\n\(before)")
        }
    }

    // MARK: state-not-private

    @Test func stateWithoutInitialValueHasNoPrivateFix() {
        let code = "struct Row: View { let item: String; @State var count: Int; var body: some View { Text(item) } }"
        // A caller passes it (a view no caller builds is quiet: nothing passes the state).
        let diagnostics = RuleHarness.lint(code, only: "state-not-private",
                                           otherFiles: ["List.swift": "struct List2: View { var body: some View { Row(item: \"a\", count: 1) } }"])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.fixes.isEmpty == true)
    }

    @Test func statePrivateFixIsUnsafeUntilTheWorkspaceIsIndexed() {
        let code = "struct Row: View { @State var count = 0; var body: some View { Text(\"a\") } }"
        let linter = RuleHarness.linter
        let configuration = RuleHarness.configuration(only: "state-not-private")
        let document = SourceDocument(path: "Row.swift", text: code)
        let alone = linter.lint(document, configuration: configuration, workspace: .empty).diagnostics
        #expect(alone.flatMap(\.fixes).map(\.applicability) == [.unsafe])
        let indexed = WorkspaceIndex(files: [linter.lint(document, configuration: configuration).fileIndex])
        let complete = linter.lint(document, configuration: configuration, workspace: indexed).diagnostics
        #expect(complete.flatMap(\.fixes).map(\.applicability) == [.safe])
        var indexing = indexed
        indexing.isComplete = false
        let partial = linter.lint(document, configuration: configuration, workspace: indexing).diagnostics
        #expect(partial.flatMap(\.fixes).map(\.applicability) == [.unsafe])
    }

    @Test func initializerLabelsAreIndexedByCalledType() {
        let code = """
            struct Rows: View {
                var body: some View {
                    Row(item: a, count: 3)
                    Outer.Cell.init(title: t)
                    Text("x").padding(.top, 2)
                    let r: Row = .init(flag: true)
                }
            }
            extension Row { init(n: Int) { self.init(item: "", count: n, extra: 1) } }
            """
        let index = RuleHarness.linter.lint(SourceDocument(path: "Rows.swift", text: code),
                                            configuration: RuleConfiguration(severities: [:])).fileIndex
        #expect(index.initializerLabels["Row"] == ["item", "count", "extra"])
        #expect(index.initializerLabels["Cell"] == ["title"])
        #expect(index.initializerLabels[FileIndex.initializerOfUnknownType] == ["flag"])
        #expect(index.initializerLabels["Text"] == nil && index.initializerLabels["padding"] == nil)
        let workspace = WorkspaceIndex(files: [index])
        #expect(workspace.initializerLabels(passedTo: "Row") == ["item", "count", "extra", "flag"])
        #expect(WorkspaceIndex.empty.initializerLabels(passedTo: "Row") == nil)
    }

    @Test func aNewCallerPassingALabelMakesTheDeclaringFileADependent() {
        let linter = RuleHarness.linter
        let configuration = RuleHarness.configuration(only: "state-not-private")
        let row = linter.lint(SourceDocument(path: "Row.swift", text: "struct Row: View { @State var count = 0 }"), configuration: configuration).fileIndex
        let callerBefore = linter.lint(SourceDocument(path: "List.swift", text: "let r = Row()"), configuration: configuration).fileIndex
        var workspace = WorkspaceIndex(files: [row, callerBefore])
        let callerAfter = linter.lint(SourceDocument(path: "List.swift", text: "let r = Row(count: 3)"), configuration: configuration).fileIndex
        #expect(workspace.updateReturningDependents(callerAfter) == ["Row.swift"])
        let query = WorkspaceQueries.Query.initializerLabels("Row")
        #expect(query.isAnsweredDifferently(by: workspace, forFileAt: "Row.swift"))
    }

    // MARK: onappear-task

    @Test(arguments: [
        "Text(\"a\").onAppear { Task { try await load() } }",
        "Text(\"a\").onAppear { Task { for try await x in stream { print(x) } } }",
        "Text(\"a\").onAppear { Task { do { try await load() } catch let e as URLError { print(e) } } }",
        "Text(\"a\").onAppear { Task { do { try await load() } catch { throw error } } }",
        "Text(\"a\").onAppear { Task { if bad { throw Failure() }; await load() } }",
    ])
    func onAppearTaskThatThrowsHasNoFix(code: String) {
        let diagnostics = RuleHarness.lint(code, only: "onappear-task")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.fixes.isEmpty == true, "\(code)")
    }

    @Test func onAppearTaskWithErrorsCaughtInsideKeepsItsFix() {
        let code = "Text(\"a\").onAppear { Task { let f = { () throws in try x() }; _ = f; try? await load(); try! check() } }"
        // One-shot: `.task` would cancel it on disappear, which the code may not want.
        #expect(RuleHarness.lint(code, only: "onappear-task").first?.fixes.map(\.applicability) == [.unsafe])
        let cleaning = code + ".onDisappear { stop() }"
        #expect(RuleHarness.lint(cleaning, only: "onappear-task").first?.fixes.map(\.applicability) == [.safe],
                "the view cleans up on disappear: cancelling there is what it wants")
    }

    // MARK: foreground-color

    @Test func textForegroundStyleIsSafeOutsideViewCodeOnlyFromIOS17() {
        let code = "let title = Text(\"a\").foregroundColor(.red) + Text(\"b\")"
        let linter = RuleHarness.linter
        var configuration = RuleHarness.configuration(only: "foreground-color")
        let document = SourceDocument(path: "Title.swift", text: code)
        configuration.platforms = PlatformMinimums(deploymentTargets: [.iOS: OSVersion(17)])
        #expect(linter.lint(document, configuration: configuration).diagnostics.flatMap(\.fixes).map(\.applicability) == [.safe])
        configuration.platforms = PlatformMinimums(deploymentTargets: [.iOS: OSVersion(16)])
        let below = linter.lint(document, configuration: configuration).diagnostics
        #expect(below.flatMap(\.fixes).map(\.applicability) == [.unsafe] || below.isEmpty)
    }

    @Test(arguments: ["Text(\"a\").foregroundColor(nil)", "Text(\"a\").foregroundColor(.none)",
                      "Text(\"a\").foregroundColor(on ? .red : nil)"])
    func foregroundColorWithoutAColorHasNoFix(code: String) {
        let diagnostics = RuleHarness.lint("var body: some View { \(code) }", only: "foreground-color")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.fixes.isEmpty == true, "\(code)")
    }

    // MARK: observed-object-owned

    @Test func stateObjectFixIsSafeWhenOnlyViewCodeReadsTheModel() {
        let code = """
            struct ProfileView: View {
                @ObservedObject private var model = ProfileModel()
                var body: some View { Text(model.name).onAppear { model.load() } }
                @ViewBuilder func badge() -> some View { Text(model.badge) }
                func title() -> String { "Profile" }
            }
            """
        #expect(RuleHarness.lint(code, only: "observed-object-owned").flatMap(\.fixes).map(\.applicability) == [.safe])
        // An extension in the same file sees a `private` property.
        let extended = RuleHarness.lint(code + "\nextension ProfileView { func refresh() { model.reload() } }", only: "observed-object-owned")
        #expect(extended.flatMap(\.fixes).map(\.applicability) == [.unsafe])
        // Not `private`: a host may read `view.model` on a stored value (not indexed).
        let open = RuleHarness.lint(code.replacingOccurrences(of: "private var model", with: "var model"), only: "observed-object-owned")
        #expect(open.flatMap(\.fixes).map(\.applicability) == [.unsafe])
    }

    // MARK: foreach-index-identity

    @Test func offsetFixNeedsElementsKnownToHaveAnID() {
        let code = """
            struct Feed: View {
                @State var items: [Post]
                var body: some View { ForEach(Array(items.enumerated()), id: \\.offset) { _, post in PostRow(post: post) } }
                func dropFirst() { items.removeFirst() }
            }
            """
        let plain = RuleHarness.lint(code, only: "foreach-index-identity", otherFiles: ["Post.swift": "struct Post { var title: String }"])
        #expect(plain.count == 1 && plain.first?.fixes.isEmpty == true)
        let unknown = RuleHarness.lint(code, only: "foreach-index-identity")
        #expect(unknown.count == 1 && unknown.first?.fixes.isEmpty == true)
        let withID = RuleHarness.lint(code, only: "foreach-index-identity",
                                      otherFiles: ["Post.swift": "struct Post { let id: Int; var title: String }"])
        #expect(withID.first?.fixes.map(\.applicability) == [.unsafe])
    }

    // MARK: navigation-view, corner-radius

    @Test func navigationStackIsSafeOnlyWhereNavigationViewWasAStack() {
        let code = "var body: some View { NavigationView { List(items) { Text($0.name) } } }"
        let linter = RuleHarness.linter
        var configuration = RuleHarness.configuration(only: "navigation-view")
        let document = SourceDocument(path: "Root.swift", text: code)
        #expect(linter.lint(document, configuration: configuration).diagnostics.flatMap(\.fixes).map(\.applicability) == [.unsafe])
        configuration.platforms = PlatformMinimums(deploymentTargets: [.watchOS: OSVersion(10)])
        #expect(linter.lint(document, configuration: configuration).diagnostics.flatMap(\.fixes).map(\.applicability) == [.safe])
    }

    /// `.rect(cornerRadius:)` is available wherever `cornerRadius` is (iOS 13): the fix is offered
    /// at an iOS 15 minimum too — unsafe, for the corner curve.
    @Test func cornerRadiusFixIsOfferedAtLowMinimumsAsUnsafe() {
        var configuration = RuleHarness.configuration(only: "corner-radius")
        configuration.platforms = PlatformMinimums(deploymentTargets: [.iOS: OSVersion(15)])
        let diagnostics = RuleHarness.linter.lint(SourceDocument(path: "Card.swift", text: "let v = Image(\"a\").cornerRadius(8)"),
                                                  configuration: configuration).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.flatMap(\.fixes).map(\.applicability) == [.unsafe])
        #expect(diagnostics.flatMap(\.withheldFixes).isEmpty)
    }
}

