@testable import GotchasCore
import GotchasCorpus
import GotchasRules
import Testing

/// The workspace index over multi-file fixtures: cross-file diagnostics, keeping the
/// index current on change/rename/delete, dependents, and order independence.
@Suite struct WorkspaceIndexTests {
    let linter = RuleCatalog.linter
    let configuration = RuleConfiguration.resolve(rules: RuleCatalog.linter.descriptions, file: nil,
                                                  selection: RuleSelection(allRules: true))

    func fileIndex(_ path: String, _ text: String) -> FileIndex {
        linter.lint(SourceDocument(path: path, text: text), configuration: configuration).fileIndex
    }

    func diagnostics(_ path: String, _ text: String, _ workspace: WorkspaceIndex, rule: String) -> [Diagnostic] {
        linter.lint(SourceDocument(path: path, text: text), configuration: configuration, workspace: workspace)
            .diagnostics.filter { $0.ruleID == rule }
    }

    let view = """
        struct CartView: View {
            @State private var cart = Cart()
            var body: some View { Text("\\(cart.items.count)") }
        }
        """
    let plainCart = "final class Cart {\n    var items: [Int] = []\n}\n"
    let observableCart = "@Observable final class Cart {\n    var items: [Int] = []\n}\n"

    /// Reach follows names across files and calls, up to its depth, and an index kept current
    /// file by file answers as one built from the same files: the server's and `lint`'s answers agree.
    @Test func reachFollowsCallsAcrossFilesAndUpdatesExactly() throws {
        let row = "struct Row: View {\n    let d: Date\n    var body: some View { Text(label(d)) }\n}\n"
        let label = "func label(_ d: Date) -> String { relativeTime(d) }\n"
        let building = "func relativeTime(_ d: Date) -> String {\n    RelativeDateTimeFormatter().localizedString(for: d, relativeTo: .now)\n}\n"
        let cached = "let shared = RelativeDateTimeFormatter()\nfunc relativeTime(_ d: Date) -> String { shared.localizedString(for: d, relativeTo: .now) }\n"
        let target = ReachTarget.member(owner: "Row", name: "label")
        var index = WorkspaceIndex(files: [fileIndex("Row.swift", row), fileIndex("Label.swift", label), fileIndex("Dates.swift", building)])
        let reached = try #require(index.reachedHazard(from: target, kinds: [.formatter]))
        #expect(reached.steps == ["label", "relativeTime(_:)"])
        #expect(reached.path == "Dates.swift" && reached.hazard.detail == "RelativeDateTimeFormatter")
        #expect(index.reachedHazard(from: target, kinds: [.decoding]) == nil)
        #expect(diagnostics("Row.swift", row, index, rule: "formatter-in-body").count == 1)
        // The helper now reads a cached formatter: nothing is reached, as in a fresh index.
        let dependents = index.updateReturningDependents(fileIndex("Dates.swift", cached))
        #expect(dependents.contains("Row.swift"))
        #expect(index.reachedHazard(from: target, kinds: [.formatter]) == nil)
        let fresh = WorkspaceIndex(files: [fileIndex("Row.swift", row), fileIndex("Label.swift", label), fileIndex("Dates.swift", cached)])
        #expect(fresh.reachedHazard(from: target, kinds: [.formatter]) == nil)
        #expect(diagnostics("Row.swift", row, index, rule: "formatter-in-body").isEmpty)
        // Back again, then the file removed.
        index.update(fileIndex("Dates.swift", building))
        #expect(index.reachedHazard(from: target, kinds: [.formatter]) == reached)
        index.remove(path: "Dates.swift")
        #expect(index.reachedHazard(from: target, kinds: [.formatter]) == nil)
        // Beyond the depth bound nothing is reached.
        let chain = (1...5).map { "func f\($0)() -> String { f\($0 + 1)() }\n" }.joined() + "func f6() -> String { DateFormatter().string(from: .now) }\n"
        let deep = WorkspaceIndex(files: [fileIndex("Chain.swift", chain)])
        #expect(WorkspaceIndex.reachDepth == 4)
        #expect(deep.reachedHazard(from: .member(owner: "", name: "f2"), kinds: [.formatter])?.steps == ["f2", "f3", "f4", "f5", "f6()"])
        #expect(deep.reachedHazard(from: .member(owner: "", name: "f1"), kinds: [.formatter]) == nil)
        // `.named("grid")` (no base) is a static member of the inferred type, not the free function `named`.
        let implicit = "func named(_ s: String) -> String { DateFormatter().string(from: .now) }\n"
            + "struct Box { func frame() -> Int { measure(in: .named(\"grid\")) }; func label() -> String { named(\"x\") } }\n"
        let spaces = WorkspaceIndex(files: [fileIndex("Box.swift", implicit)])
        #expect(spaces.reachedHazard(from: .member(owner: "Box", name: "frame"), kinds: [.formatter]) == nil)
        #expect(spaces.reachedHazard(from: .member(owner: "Box", name: "label"), kinds: [.formatter]) != nil)
    }

    /// The server's pull result IDs carry this digest: it must change when an answer the
    /// file's rules got changes, and only then.
    @Test func theAnswerDigestFollowsTheAnswersNotTheIndex() {
        // The questions of a lint with the workspace the digest is first taken with (as the server
        // does): what a rule asks next depends on the answers it got.
        let plain = WorkspaceIndex(files: [fileIndex("Models/Cart.swift", plainCart)])
        let queries = linter.lint(SourceDocument(path: "CartView.swift", text: view), configuration: configuration,
                                  workspace: plain).fileIndex.queries
        #expect(!queries.isEmpty)
        let digest = { (workspace: WorkspaceIndex) in queries.answerDigest(by: workspace, forFileAt: "CartView.swift") }
        #expect(digest(plain) == digest(WorkspaceIndex(files: [fileIndex("Models/Cart.swift", plainCart)])))
        // An unrelated file added: the same answers.
        #expect(digest(plain) == digest(WorkspaceIndex(files: [fileIndex("Models/Cart.swift", plainCart), fileIndex("Other.swift", "let x = 1\n")])))
        // Cart becomes @Observable, moves, or goes: different answers.
        #expect(digest(plain) != digest(WorkspaceIndex(files: [fileIndex("Models/Cart.swift", observableCart)])))
        #expect(digest(plain) != digest(WorkspaceIndex(files: [fileIndex("Models/Cart.swift", "\n" + plainCart)])))
        #expect(digest(plain) != digest(.empty))
    }

    /// A rule that reads one fact of a type (is it a class, a view) or one decision (is the type
    /// injected only the other way) asks that, not the whole declaration or every use: an
    /// `extension String` or another read of the store elsewhere leaves the answers alike, so
    /// neither `lint`'s second pass nor the server lints the file again; a change of the fact does.
    @Test func narrowQuestionsChangeOnlyWithWhatTheRuleReads() {
        let editor = """
            struct Editor: View {
                @State var title: String = ""
                @Environment(Store.self) private var store
                var body: some View { Text(title) }
            }
            extension Editor { func save() { DispatchQueue.main.async { } } }
            """
        let queries = linter.lint(SourceDocument(path: "Editor.swift", text: editor), configuration: configuration, workspace: .empty)
            .fileIndex.queries
        let rerun = { (files: [(String, String)]) in
            queries.rulesAnsweredDifferently(by: WorkspaceIndex(files: files.map { fileIndex($0.0, $0.1) }), forFileAt: "Editor.swift")
        }
        let app = "@main struct A: App { @State var store = Store(); var body: some Scene { WindowGroup { Editor().environment(store) } } }"
        let narrowed: Set = ["state-non-observable-class", "environment-object-mismatch", "dispatch-queue"]
        let unrelated = rerun([("Strings.swift", "extension String { var trimmed: String { self } }"),
                               ("Other.swift", "struct Other: View { @Environment(Store.self) var store; var body: some View { Text(\"\") } }"),
                               ("App.swift", app)])
        #expect(unrelated.isDisjoint(with: narrowed), "\(unrelated)")
        #expect(rerun([("String.swift", "final class String { var count = 0 }")]).contains("state-non-observable-class"))
        #expect(rerun([("App.swift", app.replacingOccurrences(of: ".environment(store)", with: ".environmentObject(store)"))])
            .contains("environment-object-mismatch"))
        // The type-fact question round-trips through the cache's text form.
        for query in queries.byRule.values.flatMap({ $0 }) {
            #expect(WorkspaceQueries.Query(key: query.key) == query)
        }
    }

    /// `model.expense?.formattedAmount`: the member of the type the held model's property is declared
    /// to hold, in another file; the question round-trips through the cache's text form, and a file
    /// asking it depends on the model's declaration (the property's type is its fact) and on reach.
    @Test func aPropertysDeclaredTypeLeadsToItsMember() throws {
        let header = """
            struct Header: View {
                @ObservedObject var model: ExpenseModel
                var body: some View { Text(model.expense?.formattedAmount ?? "") }
            }
            """
        let model = "final class ExpenseModel: ObservableObject { @Published var expense: Expense? }\n"
        let expense = """
            struct Expense {
                var amount: Double
                var formattedAmount: String { NumberFormatter().string(from: NSNumber(value: amount)) ?? "" }
            }
            struct Receipt { var formattedAmount: String { "" } }
            """
        var index = WorkspaceIndex(files: [fileIndex("Header.swift", header), fileIndex("Model.swift", model), fileIndex("Expense.swift", expense)])
        let target = ReachTarget.propertyMember(type: "ExpenseModel", scope: "Header", property: "expense", name: "formattedAmount")
        let reached = try #require(index.reachedHazard(from: target, kinds: [.formatter]))
        #expect(reached.path == "Expense.swift" && reached.hazard.detail == "NumberFormatter")
        #expect(diagnostics("Header.swift", header, index, rule: "formatter-in-body").count == 1)
        let queries = linter.lint(SourceDocument(path: "Header.swift", text: header), configuration: configuration, workspace: index).fileIndex.queries
        let asked = queries.byRule.values.flatMap { $0 }.filter {
            if case .reachedHazard(.propertyMember, _) = $0 { return true } else { return false }
        }
        #expect(!asked.isEmpty)
        for query in asked { #expect(WorkspaceQueries.Query(key: query.key) == query) }
        #expect(queries.names.isSuperset(of: ["ExpenseModel", FileIndex.reachDependency]))
        // The property now holds a `Receipt`, whose member builds nothing: the header's file is a dependent.
        let dependents = index.updateReturningDependents(fileIndex("Model.swift", model.replacingOccurrences(of: "Expense?", with: "Receipt?")))
        #expect(dependents.contains("Header.swift"))
        #expect(index.reachedHazard(from: target, kinds: [.formatter]) == nil)
        #expect(diagnostics("Header.swift", header, index, rule: "formatter-in-body").isEmpty)
    }

    /// A view only an action builds (pushed in a hosting controller) is re-created by no parent view;
    /// once a parent's `body` builds it, the finding appears, and the view's file is re-linted for it.
    @Test func aViewOnlyAnActionBuildsIsRecreatedByNoParent() {
        let selection = """
            struct ServerSelectionView: View {
                @ObservedObject var model: ServerModel
                init(servers: Servers) { model = ServerModel(servers: servers) }
                var body: some View { Text(model.title) }
            }
            """
        let pushed = """
            struct AddServerCard: View {
                let servers: Servers
                var body: some View { Button("Add") { navigateTo(destination: ServerSelectionView(servers: servers)) } }
            }
            """
        var index = WorkspaceIndex(files: [fileIndex("ServerSelectionView.swift", selection), fileIndex("AddServerCard.swift", pushed)])
        #expect(index.isBuiltByNoParentView("ServerSelectionView"))
        #expect(diagnostics("ServerSelectionView.swift", selection, index, rule: "observed-object-owned").isEmpty)
        // The answer may come from who names the view: whoever asks depends on its references too.
        let asked = WorkspaceQueries(byRule: ["heavy-state-initializer": [.builtByNoParentView("ServerSelectionView")]])
        #expect(asked.names.contains(FileIndex.memberUsesDependency(of: "ServerSelectionView")))
        // Only the references change (no view tree builds it either way): the file is a dependent all the same.
        let named = pushed.replacingOccurrences(of: "navigateTo(destination: ServerSelectionView(servers: servers))", with: "print(servers)")
        #expect(index.updateReturningDependents(fileIndex("AddServerCard.swift", named)).contains("ServerSelectionView.swift"))
        #expect(!index.isBuiltByNoParentView("ServerSelectionView"))
        let rendered = pushed.replacingOccurrences(of: "Button(\"Add\") { navigateTo(destination: ServerSelectionView(servers: servers)) }",
                                                   with: "NavigationLink(\"Add\") { ServerSelectionView(servers: servers) }")
        #expect(index.updateReturningDependents(fileIndex("AddServerCard.swift", rendered)).contains("ServerSelectionView.swift"))
        #expect(!index.isBuiltByNoParentView("ServerSelectionView"))
        #expect(diagnostics("ServerSelectionView.swift", selection, index, rule: "observed-object-owned").count == 1)
    }

    @Test func aClassDeclaredInAnotherFileIsSeenWithARelatedLocation() throws {
        let workspace = WorkspaceIndex(files: [fileIndex("Models/Cart.swift", plainCart), fileIndex("CartView.swift", view)])
        let found = diagnostics("CartView.swift", view, workspace, rule: "state-non-observable-class")
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.related.map(\.path) == ["Models/Cart.swift"])
        #expect(SourceDocument(path: "", text: plainCart).text(in: diagnostic.related[0].range) == "Cart")
        // A lone file knows nothing of Cart.
        #expect(diagnostics("CartView.swift", view, .empty, rule: "state-non-observable-class").isEmpty)
    }

    @Test func changingRenamingAndDeletingTheDeclarationUpdatesDiagnostics() {
        var workspace = WorkspaceIndex(files: [fileIndex("Cart.swift", plainCart), fileIndex("CartView.swift", view)])
        #expect(diagnostics("CartView.swift", view, workspace, rule: "state-non-observable-class").count == 1)

        // Change: the class becomes @Observable; the view depends on it.
        let dependents = workspace.updateReturningDependents(fileIndex("Cart.swift", observableCart))
        #expect(dependents == ["CartView.swift"])
        #expect(diagnostics("CartView.swift", view, workspace, rule: "state-non-observable-class").isEmpty)

        // Rename the file (remove + add under the new path), back to a plain class.
        workspace.remove(path: "Cart.swift")
        workspace = workspace.updating(path: "Store/ShoppingCart.swift", with: fileIndex("Store/ShoppingCart.swift", plainCart))
        let renamed = diagnostics("CartView.swift", view, workspace, rule: "state-non-observable-class")
        #expect(renamed.flatMap(\.related).map(\.path) == ["Store/ShoppingCart.swift"])

        // Rename the class: the old name disappears from the index.
        workspace.update(fileIndex("Store/ShoppingCart.swift", plainCart.replacingOccurrences(of: "Cart", with: "Basket")))
        #expect(workspace.declaration(of: "Cart") == nil)
        #expect(diagnostics("CartView.swift", view, workspace, rule: "state-non-observable-class").isEmpty)

        // Delete the file: nothing is left.
        workspace = workspace.removing(path: "Store/ShoppingCart.swift")
        #expect(workspace.declaration(of: "Basket") == nil)
        #expect(workspace.files.keys.sorted() == ["CartView.swift"])
    }

    @Test func diagnosticsDoNotDependOnTheOrderFilesWereIndexed() {
        let files = [
            ("A.swift", "extension Cart { func clear() {} }"),
            ("B.swift", plainCart),
            ("C.swift", "extension Cart: Identifiable { var id: Int { 0 } }"),
            ("CartView.swift", view),
        ]
        var results: Set<String> = []
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]] {
            var workspace = WorkspaceIndex()
            for index in order { workspace.update(fileIndex(files[index].0, files[index].1)) }
            #expect(workspace.declaration(of: "Cart")?.path == "B.swift")
            #expect(workspace.declaration(of: "Cart")?.scope.kind == .class)
            let found = diagnostics("CartView.swift", view, workspace, rule: "state-non-observable-class")
            results.insert(found.map { "\($0.range) \($0.message) \($0.related.map(\.path))" }.joined(separator: "|"))
        }
        #expect(results.count == 1)
        #expect(results.first?.isEmpty == false)
    }

    @Test func theFileIndexComesFromTheLintWalk() {
        let app = """
            struct Root: View {
                @StateObject private var store = GardenStore()
                @State private var session = Session()
                @EnvironmentObject var settings: Settings
                @Environment(Theme.self) private var theme
                var body: some View {
                    Child().environmentObject(store).environment(session).environment(\\.locale, .current)
                    Button(intent: RefreshIntent()) { Text("Go") }
                }
            }
            """
        let index = fileIndex("Root.swift", app)
        #expect(index.types["Root"]?.isView == true)
        #expect(index.environmentUses.map { "\($0.kind.rawValue) \($0.typeName)" }
                == ["readObject Settings", "readObservable Theme", "injectObject GardenStore", "injectObservable Session"])
        #expect(index.intentControls.map(\.typeName) == ["Root"])
        #expect(index.references["Root"]?.isSuperset(of: ["Child", "GardenStore", "Session", "Text", "RefreshIntent"]) == true)
        // Look-ups of the rules are recorded too (state rules asked about Session and GardenStore).
        #expect(index.lookups.contains("Session"))
        #expect(index.referencedTypeNames.contains("Settings"))
    }

    @Test func environmentMismatchAcrossFilesAndBack() {
        let reader = "struct PlantList: View {\n    @Environment(GardenStore.self) private var store\n    var body: some View { Text(\"\") }\n}\n"
        let injectObject = "struct Root: View {\n    @StateObject var store = GardenStore()\n    var body: some View { PlantList().environmentObject(store) }\n}\n"
        var workspace = WorkspaceIndex(files: [fileIndex("Root.swift", injectObject), fileIndex("PlantList.swift", reader)])
        let found = diagnostics("PlantList.swift", reader, workspace, rule: "environment-object-mismatch")
        #expect(found.count == 1)
        #expect(found.first?.related.map(\.path) == ["Root.swift"])
        // The injection is migrated: the diagnostic disappears; the reader depends on GardenStore.
        let migrated = injectObject.replacingOccurrences(of: ".environmentObject(store)", with: ".environment(store)")
        #expect(workspace.updateReturningDependents(fileIndex("Root.swift", migrated)) == ["PlantList.swift"])
        #expect(diagnostics("PlantList.swift", reader, workspace, rule: "environment-object-mismatch").isEmpty)
    }

    /// `builderKeys` leaves out SwiftUI's own view names; a project's own view of such a name
    /// (`struct Label: View`) is answered from the files instead. The answers equal those for the
    /// same project with the view named otherwise, across builds by an app, a scene, previews and
    /// nothing, and across updates.
    @Test func aProjectViewNamedLikeSwiftUIsIsAnsweredAsAnyOther() {
        #expect(WorkspaceIndex.frameworkViewNames.contains("Label"))
        #expect(!WorkspaceIndex.frameworkViewNames.contains("Badge"))
        let layouts = [
            ["Badge.swift": "struct Badge: View { var body: some View { Text(\"a\") } }",
             "Screen.swift": "struct Screen: View { var body: some View { VStack { Badge(); Text(\"b\") } } }"],
            ["Badge.swift": "struct Badge: View { var body: some View { Text(\"a\") } }",
             "App.swift": "@main struct Demo: App { var body: some Scene { WindowGroup { Badge() } } }"],
            ["Badge.swift": "struct Badge: View { var body: some View { Text(\"a\") } }",
             "Previews.swift": "#Preview { Badge() }"],
            ["Badge.swift": "struct Badge: View { var body: some View { Text(\"a\") } }",
             "Other.swift": "struct Other: View { var body: some View { Text(\"c\") } }"],
        ]
        func answers(_ files: [String: String], name: String) -> [Bool] {
            var index = WorkspaceIndex(files: files.sorted { $0.key < $1.key }.map { fileIndex($0.key, $0.value.replacingOccurrences(of: "Badge", with: name)) })
            var seen = [index.isBuiltByNoParentView(name), index.isBuiltOnlyByPreviews(name)]
            // An update that drops the build, then one that brings it back.
            for (path, text) in files where path != "Badge.swift" {
                index.update(fileIndex(path, "struct Empty: View { var body: some View { EmptyView() } }"))
                seen += [index.isBuiltByNoParentView(name), index.isBuiltOnlyByPreviews(name)]
                index.update(fileIndex(path, text.replacingOccurrences(of: "Badge", with: name)))
                seen += [index.isBuiltByNoParentView(name), index.isBuiltOnlyByPreviews(name)]
            }
            return seen
        }
        for files in layouts {
            let expected = answers(files, name: "Badge")
            #expect(answers(files, name: "Label") == expected, "\(files.keys.sorted())")
            #expect(answers(files, name: "Toggle") == expected, "\(files.keys.sorted())")
        }
        #expect(answers(layouts[0], name: "Badge").first == false)
        #expect(answers(layouts[1], name: "Badge").first == true)
        #expect(answers(layouts[2], name: "Badge")[1] == true)
    }

    /// A wrapper view that only previews build (a `#Preview` in another file, a `PreviewProvider`
    /// under `#if DEBUG`) is preview code; one that an app view also builds is not. The answer
    /// follows the other file: `state-not-private` goes quiet, then flags again.
    @Test func aViewOnlyPreviewsBuildIsPreviewCode() {
        let wrapper = "struct RowPreview: View {\n    @State var on = false\n    var body: some View { Row(on: $on) }\n}\n"
        let preview = "#if DEBUG\nstruct Row_Previews: PreviewProvider {\n    static var previews: some View { RowPreview() }\n}\n#endif\n"
        let macro = "#Preview { RowPreview() }\n"
        let app = "struct Screen: View {\n    var body: some View { RowPreview() }\n}\n"
        for previews in [preview, macro] {
            let onlyPreviews = WorkspaceIndex(files: [fileIndex("RowPreview.swift", wrapper), fileIndex("Previews.swift", previews)])
            #expect(onlyPreviews.isBuiltOnlyByPreviews("RowPreview"))
            #expect(diagnostics("RowPreview.swift", wrapper, onlyPreviews, rule: "state-not-private").isEmpty)
            let alsoApp = WorkspaceIndex(files: [fileIndex("RowPreview.swift", wrapper), fileIndex("Previews.swift", previews),
                                                 fileIndex("Screen.swift", app)])
            #expect(!alsoApp.isBuiltOnlyByPreviews("RowPreview"))
            #expect(diagnostics("RowPreview.swift", wrapper, alsoApp, rule: "state-not-private").count == 1)
            // A package's public view is built by the apps that use it, which the tree does not show.
            let publicWrapper = "public " + wrapper
            let package = WorkspaceIndex(files: [fileIndex("RowPreview.swift", publicWrapper), fileIndex("Previews.swift", previews)])
            #expect(package.isBuiltOnlyByPreviews("RowPreview"))
            #expect(diagnostics("RowPreview.swift", publicWrapper, package, rule: "state-not-private").count == 1)
        }
    }

    /// A file wrapped in `#if canImport(SwiftUI)` declares its types like any other: the model holds
    /// them (members in `#if` too), and a view's extension sees its stored properties.
    @Test func typesInsideIfBlocksAreTheFilesTypes() {
        let text = """
            #if canImport(SwiftUI)
            import SwiftUI
            struct Games: View {
                @Query var games: [Game]
                #if os(iOS)
                @State private var compact = false
                struct Cell: View { var body: some View { Text("") } }
                #endif
                var body: some View { section() }
            }
            extension Games {
                @ViewBuilder func section() -> some View {
                    if games.filter({ $0.isNew }).isEmpty { Text("none") }
                }
            }
            #endif
            """
        let index = fileIndex("Games.swift", text)
        #expect(index.types["Games"]?.property(named: "games") != nil)
        #expect(index.types["Games"]?.property(named: "compact") != nil)
        #expect(index.types["Games.Cell"] != nil)
        #expect(diagnostics("Games.swift", text, WorkspaceIndex(files: [index]), rule: "work-in-body").count == 1)
    }

    /// A `public` view counts as unused only where every module that could build it is in the
    /// workspace: in a local package an app's Xcode project references (not in a library), and a
    /// view only a dead view builds is as dead (a sheet of a view only a preview builds). The
    /// answer follows the project file: the package reference removed, the warning is back.
    @Test func aPublicViewOfAnAppsPackageThatNothingShowsIsDeadCode() {
        let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"UI\", targets: [.target(name: \"UI\")])\n"
        let project = """
            // !$*UTF8*$!
            { objects = {
              AAA = { isa = XCLocalSwiftPackageReference; relativePath = ../UI; };
              BBB = { isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 17.0; }; name = Debug; };
              CCC = { isa = XCConfigurationList; buildConfigurations = (BBB); };
              PPP = { isa = PBXProject; buildConfigurationList = CCC; packageReferences = (AAA); targets = (); };
            }; rootObject = PPP; }
            """
        let debug = "public struct DebugView: View {\n    public var body: some View { NavigationView { Text(\"debug\") } }\n}\n#Preview { DebugView() }\n"
        let sheets = """
            struct Skins: View {
                @State private var shown = false
                var body: some View { NavigationStack { Text("x").sheet(isPresented: $shown) { InfoSheet() } } }
            }
            private struct InfoSheet: View {
                var body: some View { NavigationView { Text("info") } }
            }
            struct SkinsHost: View { var body: some View { Skins() } }
            #Preview { SkinsHost() }
            """
        let files = [fileIndex("/w/UI/Sources/UI/Debug.swift", debug), fileIndex("/w/UI/Sources/UI/Skins.swift", sheets)]
        var library = WorkspaceIndex(files: files)
        library.updateSettings(path: "/w/UI/Package.swift", text: manifest)
        var app = library
        app.updateSettings(path: "/w/App/App.xcodeproj/project.pbxproj", text: project)
        #expect(app.allUsersAreInWorkspace(forFileAt: "/w/UI/Sources/UI/Debug.swift"))
        #expect(!library.allUsersAreInWorkspace(forFileAt: "/w/UI/Sources/UI/Debug.swift"))
        for (path, text) in [("/w/UI/Sources/UI/Debug.swift", debug), ("/w/UI/Sources/UI/Skins.swift", sheets)] {
            let inApp = diagnostics(path, text, app, rule: "navigation-view")
            #expect(inApp.count == 1 && inApp.allSatisfy { $0.severity == .info }, "\(path): \(inApp.map(\.message))")
            let inLibrary = diagnostics(path, text, library, rule: "navigation-view")
            #expect(inLibrary.count == 1 && inLibrary.allSatisfy { $0.severity == .warning }, "\(path): \(inLibrary.map(\.message))")
        }
        // The app's scene showing the host brings the sheet to life.
        var shown = app
        shown.update(fileIndex("/w/App/TheApp.swift", "@main struct TheApp: App { var body: some Scene { WindowGroup { SkinsHost() } } }\n"))
        #expect(diagnostics("/w/UI/Sources/UI/Skins.swift", sheets, shown, rule: "navigation-view").map(\.severity) == [.warning])
    }

    /// A preview of a scene's root or of a menu row says nothing of where the app builds it: the
    /// other "built only where" questions leave preview builds out.
    @Test func previewsDoNotChangeWhereTheAppBuildsAView() {
        let app = "@main struct Garden: App {\n    var body: some Scene { WindowGroup { ContentView() } }\n}\n"
        let menu = "struct Row: View {\n    var body: some View { Text(\"a\").contextMenu { RowMenu() } }\n}\n"
        let views = "struct ContentView: View { var body: some View { Text(\"a\") } }\nstruct RowMenu: View { var body: some View { Button(\"x\") {} } }\n"
        let previews = "#Preview { ContentView() }\n#Preview { RowMenu() }\n"
        let workspace = WorkspaceIndex(files: [fileIndex("App.swift", app), fileIndex("Row.swift", menu),
                                               fileIndex("Views.swift", views), fileIndex("Previews.swift", previews)])
        #expect(workspace.isBuiltByNoParentView("ContentView"))
        #expect(workspace.isBuiltOnlyAsMenuContent("RowMenu"))
        #expect(!workspace.isBuiltOnlyByPreviews("ContentView"))
    }

    /// "Built only where…" is answered from a map the index keeps in `register`/`unregister`, not
    /// a scan of every file: after each of a run of updates, removals and re-additions, its
    /// answers equal a scan of every file's `builtViews` for every view any version builds.
    @Test func whereViewsAreBuiltFollowsUpdatesAsAScanOfEveryFileWould() {
        let versions: [(path: String, text: String)] = [
            ("App.swift", "@main struct Garden: App {\n    var body: some Scene { WindowGroup { ContentView() } }\n}\n"),
            ("App.swift", "@main struct Garden: App {\n    var body: some Scene { WindowGroup { Row() } }\n}\n"),
            ("Row.swift", "struct Row: View {\n    var body: some View { Text(\"a\").contextMenu { RowMenu() } }\n}\n"),
            ("Row.swift", "struct Row: View {\n    var body: some View { VStack { RowMenu(); ContentView() } }\n}\n"),
            ("Menu.swift", "struct Bar: View {\n    var body: some View { Menu(\"m\") { RowMenu() } }\n}\n"),
            ("Previews.swift", "#Preview { ContentView() }\n#Preview { RowMenu() }\n#Preview { RowPreview() }\n"),
            ("Previews.swift", "#Preview { Row() }\n"),
            ("Screen.swift", "struct Screen: View {\n    var body: some View { RowPreview() }\n}\n"),
        ]
        let indexes = versions.map { fileIndex($0.path, $0.text) }
        let names = Set(indexes.flatMap { $0.builtViews.values.flatMap { $0 } })
        #expect(names.isSuperset(of: ["ContentView", "Row", "RowMenu", "RowPreview"]))
        func scan(_ workspace: WorkspaceIndex, _ name: String, previews: Bool, _ place: (String) -> Bool) -> Bool {
            let keys = workspace.files.values.flatMap { file in
                file.builtViews.filter { $0.value.contains(name) && (previews || $0.key != FileIndex.previewKey) }.map(\.key)
            }
            return !keys.isEmpty && keys.allSatisfy(place)
        }
        var workspace = WorkspaceIndex(files: [])
        for step in 0..<200 {
            // Every version in turn, in an order that shifts each round, so each follows each.
            let pick = (step * 3 + step / indexes.count) % indexes.count
            if step % 5 == 4 { workspace.remove(path: indexes[pick].path) } else { workspace.update(indexes[pick]) }
            for name in names {
                #expect(workspace.isBuiltOnlyAsMenuContent(name)
                        == scan(workspace, name, previews: false) { FileIndex.builtViewsOwner(ofKey: $0).isMenuContent })
                #expect(workspace.isBuiltByNoParentView(name) == scan(workspace, name, previews: false) {
                    workspace.types[FileIndex.builtViewsOwner(ofKey: $0).owner]?.inherits("App") == true
                })
                // …and no other type's code names it.
                let namedElsewhere = workspace.files.values.contains { file in
                    file.references.contains { owner, names in
                        names.contains(name) && owner != FileIndex.previewKey && owner != name
                            && workspace.types[owner]?.inheritedTypes.contains("PreviewProvider") != true
                    }
                }
                #expect(workspace.isBuiltOnlyByPreviews(name) == (scan(workspace, name, previews: true) { $0 == FileIndex.previewKey } && !namedElsewhere))
            }
        }
        #expect(!workspace.files.isEmpty)
    }

    /// `update` and `remove` touch only the keys whose membership changes (so unchanged maps keep
    /// sharing storage with older versions of the index): after every fourth step of a run of
    /// updates (a file's first version or its edit) and removals over app-shaped files, the index
    /// holds exactly what one built at once from the same files holds, map by map.
    @Test func anIndexKeptCurrentFileByFileHoldsWhatAFreshBuildHolds() {
        let files = SyntheticCorpus(seed: 7).appTree(files: 48)
        // A second version of each: names renamed, a line dropped, a hazard and an environment read added.
        let edited = files.enumerated().map { number, file in
            var lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.count > 6 { lines.remove(at: 3 + number % (lines.count - 4)) }
            var text = lines.joined(separator: "\n").replacingOccurrences(of: "Row", with: "Cell")
            if number % 3 == 0 {
                text += "\nfunc stamp\(number)() -> String { let f = DateFormatter(); return f.string(from: .now) }\n"
                    + "struct Extra\(number): View {\n    @Environment(Store.self) var store\n"
                    + "    var body: some View { Text(stamp\(number)()).contextMenu { Cell() } }\n}\n"
            }
            return SourceDocument(path: file.path, text: text)
        }
        let versions = files.map { fileIndex($0.path, $0.text) } + edited.map { linter.lint($0, configuration: configuration).fileIndex }
        var workspace = WorkspaceIndex(files: [])
        var generator = SplitMix64(seed: 11)
        for step in 0..<160 {
            let pick = generator.next(upTo: versions.count)
            if step % 7 == 6 { workspace.remove(path: versions[pick].path) } else { workspace.update(versions[pick]) }
            guard step % 4 == 3 else { continue }
            let fresh = WorkspaceIndex(files: Array(workspace.files.values), isComplete: workspace.isComplete)
            #expect(workspace.storageDescription == fresh.storageDescription, "step \(step)")
        }
        #expect(workspace.files.count > 10)
    }

    @Test func projectSettingsSetDefaultIsolation() {
        #expect(ProjectSettings.defaultIsolationIsMainActor(path: "Package.swift", text: ".target(name: \"A\", swiftSettings: [.defaultIsolation( MainActor.self )])") == true)
        #expect(ProjectSettings.defaultIsolationIsMainActor(path: "Package.swift", text: "// .defaultIsolation(MainActor.self)") == false)
        #expect(ProjectSettings.defaultIsolationIsMainActor(path: "App/Base.xcconfig", text: "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor") == true)
        #expect(ProjectSettings.defaultIsolationIsMainActor(path: "A.xcodeproj/project.pbxproj", text: "SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated;") == false)
        #expect(ProjectSettings.defaultIsolationIsMainActor(path: "Sources/App.swift", text: "defaultIsolation(MainActor.self)") == nil)
        var workspace = WorkspaceIndex().updatingSettings(path: "Package.swift", text: "swiftSettings: [.defaultIsolation(MainActor.self)]")
        #expect(workspace.defaultIsolationIsMainActor)
        workspace.remove(path: "Package.swift")
        #expect(!workspace.defaultIsolationIsMainActor)
    }

    /// ASCII texts take a byte path; a non-ASCII comment sends the same text down the
    /// `Character` path, and the answers must agree.
    @Test func asciiFastPathAgreesWithCharacterPath() {
        let texts = [
            ".target(name: \"A\", swiftSettings: [.defaultIsolation( MainActor.self )])",
            "// .defaultIsolation(MainActor.self)", ".defaultIsolation(Main // Actor.self)",
            ".defaultIsolation(Main\r\nActor.self)", "x / /defaultIsolation(MainActor.self)", "///defaultIsolation(MainActor.self)",
            "\t.default\tIsolation(\u{0B}MainActor.self)", "a//b\n.defaultIsolation(MainActor.self)",
            "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor", "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor // x", "// SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor",
            "SWIFT_DEFAULT_ACTOR_ISOLATION\n= MainActor;", "SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated;",
        ]
        for path in ["Package.swift", "A.xcconfig", "A.xcodeproj/project.pbxproj"] {
            for text in texts {
                #expect(ProjectSettings.squeezedASCII(text) != nil)
                #expect(ProjectSettings.defaultIsolationIsMainActor(path: path, text: text)
                        == ProjectSettings.defaultIsolationIsMainActor(path: path, text: text + "\n// é"), "\(path): \(text)")
            }
        }
    }

    /// The nested-stack question follows the view graph to any depth (a pushed screen's own
    /// child), and the root's answer changes when a file further down gains or loses a stack.
    @Test func aStackReachedFromTheContentIsFoundAcrossFiles() {
        let root = "struct Inbox: View { var body: some View { NavigationView { List { NavigationLink { Thread() } label: { Text(\"a\") } } } } }"
        let thread = "struct Thread: View { var body: some View { Messages() } }"
        let stacked = "struct Messages: View { @State private var path = NavigationPath(); var body: some View { NavigationStack(path: $path) { Text(\"m\") } } }"
        let flat = "struct Messages: View { var body: some View { Text(\"m\") } }"
        let nested = WorkspaceIndex(files: [fileIndex("Inbox.swift", root), fileIndex("Thread.swift", thread), fileIndex("Messages.swift", stacked)])
        let plain = WorkspaceIndex(files: [fileIndex("Inbox.swift", root), fileIndex("Thread.swift", thread), fileIndex("Messages.swift", flat)])
        #expect(nested.viewTreeBuildsNavigationStack(rootedAt: "Thread") == true)
        #expect(plain.viewTreeBuildsNavigationStack(rootedAt: "Thread") == false)
        #expect(nested.viewTreeBuildsNavigationStack(rootedAt: "Unknown") == nil)
        #expect(WorkspaceIndex(files: [fileIndex("Thread.swift", thread)], isComplete: false).viewTreeBuildsNavigationStack(rootedAt: "Thread") == nil)
        let queries = fileIndex("Inbox.swift", root).queries
        #expect(queries.answerDigest(by: nested, forFileAt: "Inbox.swift") != queries.answerDigest(by: plain, forFileAt: "Inbox.swift"))
        #expect(diagnostics("Inbox.swift", root, nested, rule: "navigation-view").first?.message.contains("`Thread`") == true)
        #expect(diagnostics("Inbox.swift", root, plain, rule: "navigation-view").first?.message.contains("`Thread`") == false)
    }

    /// A view is beside a `TabView` when some type builds both; preview builds do not count.
    @Test func aViewATabViewBuildsIsKnownAsATab() {
        let home = "struct HomeView: View { var body: some View { List { Text(\"a\") }.tabItem { Text(\"Home\") } } }"
        let tabs = WorkspaceIndex(files: [fileIndex("Home.swift", home), fileIndex("Root.swift", "struct Root: View { var body: some View { TabView { HomeView() } } }")])
        let stack = WorkspaceIndex(files: [fileIndex("Home.swift", home), fileIndex("Root.swift", "struct Root: View { var body: some View { ZStack { HomeView(); TabBar() } } }")])
        let preview = WorkspaceIndex(files: [fileIndex("Home.swift", home), fileIndex("P.swift", "#Preview { TabView { HomeView() } }")])
        #expect(tabs.isBuiltBesideTabView("HomeView"))
        #expect(!stack.isBuiltBesideTabView("HomeView"))
        #expect(!preview.isBuiltBesideTabView("HomeView"))
        #expect(diagnostics("Home.swift", home, tabs, rule: "tab-item").count == 1)
        #expect(diagnostics("Home.swift", home, stack, rule: "tab-item").isEmpty)
    }
}
