import GotchasCore
import GotchasRules
import SwiftParser
import SwiftSyntax
import Testing

/// Shapes where a finding's claim must follow what the program does: the message says what this
/// code does, and a hazard that cannot happen here is not reported (or is reported lower).
@Suite struct ShapesByEvidenceTests {
    /// One finding per way of reaching the work, at the first read: the further reads it counts are
    /// its related locations, so an editor shows each place the work runs again.
    @Test func furtherReadsOfTheSameCostlyMemberAreRelatedLocations() throws {
        let code = """
            struct Folders: View {
                @AppStorage("folders") var data = Data()
                var decoded: [String] { (try? JSONDecoder().decode([String].self, from: data)) ?? [] }
                var body: some View {
                    VStack {
                        Text(decoded.first ?? "")
                        Text("\\(decoded.count)")
                        Button("Open") { print(decoded) }
                        Text(decoded.last ?? "")
                    }
                }
            }
            """
        let found = RuleHarness.lint(code, only: "work-in-body")
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.message.contains("3 times"), "\(finding.message)")
        let document = SourceDocument(path: "", text: code)
        let again = finding.related.filter { $0.message.hasPrefix("read again here") }
        // The read in the button's action runs on a tap, not with the render: not counted.
        #expect(again.map { document.text(in: $0.range) } == ["decoded", "decoded"])
        #expect(again.map { document.lineColumn(ofByte: $0.range.lowerBound, encoding: .utf8).line } == [6, 8])  // zero-based
    }

    /// Rows whose values are made on every render: the finding at the list names where the `id = UUID()`
    /// is made, in the element type's own file, and the local that makes the values.
    @Test func rebuiltElementsNameWhereTheirIdentityIsMade() throws {
        let code = """
            struct Sidebar: View {
                var body: some View {
                    let items = ["Inbox", "Sent"].map { MenuItem(title: $0) }
                    List { ForEach(items) { item in Row(item: item) } }
                }
            }
            """
        let other = ["MenuItem.swift": """
            struct MenuItem: Identifiable {
                let id = UUID()
                let title: String
            }
            struct Row: View { let item: MenuItem; @State private var hovered = false; var body: some View { Text(item.title) } }
            """]
        let finding = try #require(RuleHarness.lint(code, only: "unstable-identity", otherFiles: other).first)
        let made = try #require(finding.related.first { $0.message.contains("gets a new `id` here") })
        #expect(made.path.hasSuffix("MenuItem.swift"))
        let document = SourceDocument(path: "MenuItem.swift", text: other["MenuItem.swift"]!)
        #expect(document.text(in: made.range) == "id")
        #expect(finding.related.contains { $0.message.contains("made here on every render") })
    }

    /// An app's view that imports WidgetKit only to reload timelines is app code; a widget's view
    /// (a timeline entry in the file) is widget code.
    @Test func aWidgetCenterCallDoesNotMakeAnAppViewWidgetCode() {
        let view = """
            import SwiftUI
            import WidgetKit
            struct MainView: View {
                @State var tab = 0
                var body: some View { Text("").onAppear { WidgetCenter.shared.reloadTimelines(ofKind: "Live") } }
            }
            """
        let app = RuleHarness.lint(view, only: "state-not-private")
        #expect(app.count == 1 && app.allSatisfy { !$0.message.contains("widget") })
        let widget = RuleHarness.lint(view + "struct Entry: TimelineEntry { let date: Date }\n", only: "state-not-private")
        #expect(widget.count == 1 && widget.allSatisfy { $0.message.contains("widget view") })
    }

    @Test func aComputedScreenAliasIsNotCalledReadOnce() {
        let view = """
            struct Card: View {
                var body: some View { Image("hero").frame(width: Screen.width - 16) }
            }
            """
        let computed = RuleHarness.lint(view, only: "uiscreen-bounds", otherFiles: ["Screen.swift": """
            enum Screen {
                static var width: CGFloat { UIScreen.main.bounds.width }
            }
            """])
        #expect(computed.count == 1)
        #expect(computed.first.map { !$0.message.contains("read once") && $0.message.contains("the screen's size, not the view's") } == true)
        let stored = RuleHarness.lint(view, only: "uiscreen-bounds", otherFiles: ["Screen.swift": """
            enum Screen {
                static let width = UIScreen.main.bounds.width
            }
            """])
        #expect(stored.first.map { $0.message.contains("read once") } == true)
    }

    @Test func aHapticTriggerIsNamedOnlyWhereItChangesWithTheHaptic() {
        let code = """
            struct AddMovie: View {
                @State private var isLoading = false
                var body: some View {
                    Button("Add") {
                        Task {
                            isLoading = true
                            if await add() {
                                UINotificationFeedbackGenerator().notificationOccurred(.success)
                            }
                        }
                    }
                }
            }
            """
        let awaited = RuleHarness.lint(code, only: "haptics-generator")
        #expect(awaited.map(\.severity) == [.hint])
        #expect(awaited.first.map { !$0.message.contains("isLoading") } == true)
        // A value changed beside the haptic and nowhere else is its trigger.
        let beside = code.replacingOccurrences(of: "@State private var isLoading = false", with: "@State private var isLoading = false\n    @State private var added = 0")
            .replacingOccurrences(of: "if await add() {", with: "if await add() {\n added += 1")
        let direct = RuleHarness.lint(beside, only: "haptics-generator")
        #expect(direct.map(\.severity) == [.info])
        #expect(direct.first.map { $0.message.contains("trigger: added") } == true)
        // `isLoading` also changes before the request: `.sensoryFeedback(trigger: isLoading)` would play then too.
        let alsoBefore = code.replacingOccurrences(of: "if await add() {", with: "if isLoading {\n isLoading = false")
        #expect(RuleHarness.lint(alsoBefore, only: "haptics-generator").map(\.severity) == [.hint])
    }

    @Test func aOneRecordFetchOnceARenderIsInfoAndAFullFetchAWarning() {
        let view = """
            struct NodeScreen: View {
                @Environment(\\.modelContext) private var context
                let num: Int64
                var body: some View { Text(connectedNode?.name ?? "") }
            }
            """
        func lookUp(_ limit: String) -> [String: String] {
            ["Lookup.swift": """
                extension NodeScreen {
                    var connectedNode: Node? {
                        var descriptor = FetchDescriptor<Node>(predicate: #Predicate { $0.num == num })
                        \(limit)
                        return try? context.fetch(descriptor).first
                    }
                }
                """]
        }
        let one = RuleHarness.lint(view, only: "work-in-body", otherFiles: lookUp("descriptor.fetchLimit = 1"))
        #expect(one.map(\.severity) == [.info])
        #expect(one.first.map { $0.message.contains("one record") } == true)
        let all = RuleHarness.lint(view, only: "work-in-body", otherFiles: lookUp("descriptor.includePendingChanges = true"))
        #expect(all.map(\.severity) == [.warning])
        // Static `List` content runs once per render; a `List` given data runs its closure per row.
        let staticList = view.replacingOccurrences(of: "var body: some View { Text(connectedNode?.name ?? \"\") }",
                                                   with: "var body: some View { List { Section { Text(connectedNode?.name ?? \"\") } } }")
        #expect(RuleHarness.lint(staticList, only: "work-in-body", otherFiles: lookUp("descriptor.fetchLimit = 1")).map(\.severity) == [.info])
        let rows = view.replacingOccurrences(of: "var body: some View { Text(connectedNode?.name ?? \"\") }",
                                             with: "var body: some View { List(items) { _ in Text(connectedNode?.name ?? \"\") } }")
        #expect(RuleHarness.lint(rows, only: "work-in-body", otherFiles: lookUp("descriptor.fetchLimit = 1")).map(\.severity) == [.warning])
    }

    @Test func aSheetRootInAPushedViewIsANewPresentation() {
        let others = ["Root.swift": """
            struct Root: View {
                var body: some View {
                    NavigationStack { NavigationLink("Search") { SearchScreen() } }
                }
            }
            """]
        let pushedRoot = RuleHarness.lint("""
            struct SearchScreen: View {
                var body: some View {
                    NavigationView { Text("Results") }
                }
            }
            """, only: "navigation-view", otherFiles: others)
        #expect(pushedRoot.first.map { $0.message.contains("only ever pushed") } == true)
        let sheetRoot = RuleHarness.lint("""
            struct SearchScreen: View {
                @State private var shown: Item?
                var body: some View {
                    Text("Results").sheet(item: $shown) { item in
                        NavigationView { Detail(item: item) }
                    }
                }
            }
            """, only: "navigation-view", otherFiles: others)
        #expect(sheetRoot.count == 1)
        #expect(sheetRoot.first.map { !$0.message.contains("only ever pushed") } == true)
    }

    @Test func aRequestInAMethodOnlyTaskCallsIsInfo() {
        let code = """
            struct GifPicker: View {
                @State private var categories: [String] = []
                var body: some View {
                    List(categories, id: \\.self) { Text($0) }
                        .task { await loadCategories() }
                }
                private func loadCategories() async {
                    let (data, _) = try! await URLSession.shared.data(from: URL(string: "https://example.com")!)
                    categories = [String(decoding: data, as: UTF8.self)]
                }
            }
            """
        #expect(RuleHarness.lint(code, only: "url-session-in-view").map(\.severity) == [.info])
        let unstructured = code.replacingOccurrences(of: ".task { await loadCategories() }", with: ".onAppear { Task { await loadCategories() } }")
        #expect(RuleHarness.lint(unstructured, only: "url-session-in-view").map(\.severity) == [.warning])
    }

    @Test func anUnnamedInitializersLabelIsNoCallerOfThisView() {
        let code = """
            struct ActivityView: View {
                @State var items: [String] = []
                var body: some View { List(items, id: \\.self) { Text($0) } }
            }
            """
        let others = [
            "Root.swift": "struct Root: View { var body: some View { ActivityView() } }",
            "Draft.swift": "let embed: Gallery = .init(items: [])",
        ]
        #expect(RuleHarness.lint(code, only: "state-not-private", otherFiles: others).map(\.severity) == [.info])
        var passing = others
        passing["Root.swift"] = "struct Root: View { @State private var names: [String] = []; var body: some View { ActivityView(items: names) } }"
        #expect(RuleHarness.lint(code, only: "state-not-private", otherFiles: passing).map(\.severity) == [.warning])
    }

    @Test func aNavigationViewInAnIPhonePortraitAppIsAlwaysAStack() {
        let code = """
            struct Settings: View {
                var body: some View { NavigationView { Form { Text("Sound") } } }
            }
            """
        let settings = """
            TARGETED_DEVICE_FAMILY = 1;
            INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone = UIInterfaceOrientationPortrait;
            """
        let phone = RuleHarness.lint(code, only: "navigation-view", otherFiles: ["App.xcodeproj/project.pbxproj": settings])
        #expect(phone.map(\.severity) == [.info])
        #expect(phone.first.map { $0.message.contains("always a stack") } == true)
        let pad = RuleHarness.lint(code, only: "navigation-view", otherFiles: [
            "App.xcodeproj/project.pbxproj": settings.replacingOccurrences(of: "= 1;", with: "= \"1,2\";"),
            "Detail.swift": "struct Detail: View { var body: some View { NavigationStack { Text(\"a\") } } }"])
        #expect(pad.map(\.severity) == [.warning])
    }

    @Test func aCallReachesOnlyAMethodItsLabelsCanName() {
        let view = """
            struct Dropdown: View {
                @Binding var selection: String
                var selectedItems: [String] { selection.split(LABEL: ",").map(String.init) }
                var body: some View { Text("\\(selectedItems.count)") }
            }
            """
        let helper = ["String+Split.swift": """
            extension String {
                func split(usingRegex pattern: String) -> [String] {
                    let regex = try! NSRegularExpression(pattern: pattern)
                    return regex.matches(in: self, range: NSRange(startIndex..., in: self)).map { String(self[Range($0.range, in: self)!]) }
                }
            }
            """]
        #expect(RuleHarness.lint(view.replacingOccurrences(of: "LABEL", with: "separator"), only: "work-in-body", otherFiles: helper).isEmpty)
        #expect(RuleHarness.lint(view.replacingOccurrences(of: "LABEL", with: "usingRegex"), only: "work-in-body", otherFiles: helper).count == 1)
    }

    @Test func aCappedTimelineIsNotSaidToRunEveryFrame() {
        let code = """
            @available(iOS 17, *)
            struct Pulse: View {
                var body: some View {
                    TimelineView(.animation(minimumInterval: 0.05)) { timeline in
                        Circle().scaleEffect(1 + sin(timeline.date.timeIntervalSinceReferenceDate))
                    }
                }
            }
            """
        let capped = RuleHarness.lint(code, only: "timelineview-periodic-math")
        #expect(capped.count == 1)
        #expect(capped.first.map { $0.message.contains("on every tick") && !$0.message.contains("every frame") } == true)
        let free = RuleHarness.lint(code.replacingOccurrences(of: "minimumInterval: 0.05", with: "minimumInterval: nil"), only: "timelineview-periodic-math")
        #expect(free.first.map { $0.message.contains("every frame") } == true)
    }

    @Test func aListsDataFilteredOnceARenderIsInfo() {
        let view = """
            struct Servers: View {
                @StateObject private var model = ServerModel()
                var visibleServers: [Server] { model.servers.filter { !$0.isHidden }.sorted { $0.name < $1.name } }
                var body: some View {
                    List { ForEach(visibleServers) { server in Text(server.name) } }
                }
            }
            """
        let unknownSize = RuleHarness.lint(view, only: "work-in-body")
        #expect(unknownSize.map(\.severity) == [.info])
        #expect(unknownSize.first.map { $0.message.contains("reads it for a list's rows") } == true)
        let query = view.replacingOccurrences(of: "@StateObject private var model = ServerModel()",
                                              with: "@StateObject private var model = ServerModel()\n    @Query private var pinned: [Pin]")
        #expect(RuleHarness.lint(query, only: "work-in-body").map(\.severity) == [.info], "a query's results are as large as the store, not shown here")
    }

    @Test func aStateEveryCallerSeedsWithAConstantIsInfo() {
        let row = """
            struct InfoRow: View {
                @State var title: String
                var body: some View { Text(title) }
            }
            """
        let constant = RuleHarness.lint(row, only: "state-not-private", otherFiles: ["Popover.swift": """
            struct Popover: View {
                var body: some View {
                    VStack { InfoRow(title: "Make screen black"); InfoRow(title: "Soft power off") }
                }
            }
            """])
        #expect(constant.map(\.severity) == [.info])
        #expect(constant.first.map { $0.message.contains("every caller passes a constant `title:`") } == true)
        let varying = RuleHarness.lint(row, only: "state-not-private", otherFiles: ["Popover.swift": """
            struct Popover: View {
                @Binding var name: String
                var body: some View {
                    VStack { InfoRow(title: "Make screen black"); InfoRow(title: name) }
                }
            }
            """])
        #expect(varying.map(\.severity) == [.warning])
        // One declaration passes a constant, a later one in the same file a value that changes.
        let mixed = RuleHarness.lint(row, only: "state-not-private", otherFiles: ["Popover.swift": """
            struct Popover: View {
                var body: some View { InfoRow(title: "Make screen black") }
            }
            struct Sheet: View {
                @State private var name = ""
                var body: some View { InfoRow(title: name) }
            }
            """])
        #expect(mixed.map(\.severity) == [.warning])
        let mixedFirst = RuleHarness.lint(row, only: "state-not-private", otherFiles: ["Popover.swift": """
            struct Sheet: View {
                @State private var name = ""
                var body: some View { InfoRow(title: name) }
            }
            struct Popover: View {
                var body: some View { InfoRow(title: "Make screen black") }
            }
            """])
        #expect(mixedFirst.map(\.severity) == [.warning])
    }

    @Test func aWidgetViewReadingItsImageIsNotWorkOnEveryRender() {
        let view = """
            import SwiftUI
            IMPORT
            struct BookCard: View {
                let url: URL
                var body: some View {
                    if let data = try? Data(contentsOf: url), let image = UIImage(data: data) { Image(uiImage: image) }
                }
            }
            """
        #expect(RuleHarness.lint(view.replacingOccurrences(of: "IMPORT", with: "import WidgetKit"), only: "work-in-body").isEmpty)
        #expect(!RuleHarness.lint(view.replacingOccurrences(of: "IMPORT", with: ""), only: "work-in-body").isEmpty)
    }

    @Test func aFormatterInASystemTypesExtensionIsReachedThroughAChain() {
        let row = """
            struct History: View {
                let readings: [Reading]
                var body: some View {
                    List { ForEach(readings) { reading in Text(reading.date.shortDateTime) } }
                }
            }
            """
        let dates = ["Extensions.swift": """
            extension Date {
                var shortDateTime: String {
                    let formatter = DateFormatter()
                    formatter.dateFormat = "MMM-dd HH:mm"
                    return formatter.string(from: self)
                }
            }
            """]
        let reached = RuleHarness.lint(row, only: "formatter-in-body", otherFiles: dates)
        #expect(reached.map(\.severity) == [.info])
        #expect(reached.first.map { $0.message.contains("`shortDateTime` (in `Extensions.swift`) builds a `DateFormatter`") } == true)
        // A workspace type with a member of that name could be the one read: no answer.
        var ambiguous = dates
        ambiguous["Reading.swift"] = "struct Log { var shortDateTime: String { Self.format.string(from: .now) }; static let format = DateFormatter() }"
        ambiguous["Day.swift"] = "struct Day { var shortDateTime: String { let f = DateFormatter(); return f.string(from: .now) } }"
        #expect(RuleHarness.lint(row, only: "formatter-in-body", otherFiles: ambiguous).isEmpty)
    }

    /// Members are recorded by base name: a read of the stored property `coins` is not a call of the
    /// method `coins(for:)` of the same type, whose work only a call runs.
    @Test func aStoredPropertyReadIsNotTheSameNamedMethodsWork() {
        let model = ["Vault.swift": """
            final class Vault {
                var coins: [Coin] = []
                func coins(for chain: Chain) -> [Coin] { coins.filter { $0.chain == chain }.sorted { $0.name < $1.name } }
                func nativeCoin(for chain: Chain) -> Coin? { coins.first { $0.chain == chain } }
            }
            """]
        let read = """
            struct Balance: View {
                @ObservedObject var store: Store
                let vault: Vault
                var body: some View { Text(total(vault.coins)) }
            }
            """
        #expect(RuleHarness.lint(read, only: "work-in-body", otherFiles: model).isEmpty)
        // The same read inside the type's own method (`coins.first { … }` in `nativeCoin(for:)`).
        let native = read.replacingOccurrences(of: "total(vault.coins)", with: "name(vault.nativeCoin(for: .btc))")
        #expect(RuleHarness.lint(native, only: "work-in-body", otherFiles: model).isEmpty)
        let called = read.replacingOccurrences(of: "total(vault.coins)", with: "total(vault.coins(for: .btc))")
        #expect(called != read)
        #expect(RuleHarness.lint(called, only: "work-in-body", otherFiles: model).count == 1)
    }

    /// Members are recorded by base name: a call whose labels the recorded method cannot take
    /// (`pick(day:isPassed:)` against `pick(context:day:)`, a same-named model of another target) is not that
    /// method's work. One whose labels it can take, skipping parameters that may have defaults, is.
    @Test func aCallIsNotTheWorkOfAMethodWhoseLabelsCannotTakeIt() {
        let model = ["Model.swift": """
            final class PreviewModel {
                func showsPicker(context: ModelContext, day: Int) -> Bool { ((try? context.fetch(FetchDescriptor<Day>())) ?? []).isEmpty }
            }
            """]
        let view = """
            struct Preview: View {
                let model: PreviewModel
                let day: Int
                var body: some View { if model.showsPicker(day: day, isPassed: false) { Text("a") } }
            }
            """
        #expect(RuleHarness.lint(view, only: "work-in-body", otherFiles: model).isEmpty)
        let same = view.replacingOccurrences(of: "model.showsPicker(day: day, isPassed: false)", with: "model.showsPicker(context: context, day: day)")
        #expect(same != view)
        #expect(RuleHarness.lint(same, only: "work-in-body", otherFiles: model).count == 1)
        let skipping = view.replacingOccurrences(of: "model.showsPicker(day: day, isPassed: false)", with: "model.showsPicker(day: day)")
        #expect(RuleHarness.lint(skipping, only: "work-in-body", otherFiles: model).count == 1, "`context:` may have a default")
        #expect(WorkspaceIndex.method("showsPicker(context:day:)", mayTake: "showsPicker(day:)"))
        #expect(!WorkspaceIndex.method("showsPicker(context:day:)", mayTake: "showsPicker(day:isPassed:)"))
        #expect(!WorkspaceIndex.method("showsPicker(context:day:)", mayTake: "showsPicker(day:context:)"))
        #expect(WorkspaceIndex.method("load(_:)", mayTake: "load(_:)"))
    }

    /// A project that extends `View` with its own `cornerRadius(_:)` (a design token's radius): only a
    /// number written out is surely SwiftUI's deprecated modifier.
    @Test func aProjectsOwnCornerRadiusTakesEveryValueButANumber() {
        let token = ["CornerRadius.swift": """
            struct CornerRadius { let value: CGFloat }
            extension View {
                func cornerRadius(_ radius: CornerRadius) -> some View { clipShape(RoundedRectangle(cornerRadius: radius.value)) }
            }
            """]
        let view = "struct Card: View { var body: some View { Text(\"a\").cornerRadius(Theme.radius.md) } }"
        #expect(RuleHarness.lint(view, only: "corner-radius", otherFiles: token).isEmpty)
        #expect(RuleHarness.lint(view, only: "corner-radius").count == 1, "without the project's own method, the modifier")
        let number = view.replacingOccurrences(of: "Theme.radius.md", with: "12")
        #expect(RuleHarness.lint(number, only: "corner-radius", otherFiles: token).count == 1)
        // A project method a one-argument call cannot pick leaves the call SwiftUI's.
        let corners = ["Corners.swift": "extension View { func cornerRadius(_ radius: CGFloat, corners: UIRectCorner) -> some View { self } }"]
        #expect(RuleHarness.lint(view, only: "corner-radius", otherFiles: corners).count == 1)
    }

    @Test func aSharedInstancesMethodIsReached() {
        let view = """
            struct Bolus: View {
                let amounts: [Double]
                var body: some View {
                    ForEach(amounts, id: \\.self) { amount in Text(InsulinFormatter.shared.string(amount)) }
                }
            }
            """
        let formatter = ["InsulinFormatter.swift": """
            final class InsulinFormatter {
                static let shared = InsulinFormatter()
                func string(_ value: Double) -> String {
                    let formatter = NumberFormatter()
                    formatter.maximumFractionDigits = 2
                    return formatter.string(from: value as NSNumber) ?? ""
                }
            }
            """]
        #expect(RuleHarness.lint(view, only: "formatter-in-body", otherFiles: formatter).count == 1)
    }

    /// A member read on a value (`accent.opacity`, `theme.stamp`) asks the index what that member
    /// reaches, resolved where it is written; an `extension Color` elsewhere does not change the
    /// answer for `opacity`, so `lint`'s second pass need not run the rule on this file again.
    @Test func aValuesMemberDependsOnWhatItReachesNotOnEveryExtensionOfItsType() {
        let view = """
            struct Badge: View {
                let accent: Color
                let theme: Theme
                var body: some View {
                    ForEach(0..<3) { _ in Text(theme.stamp).foregroundStyle(accent.opacity(0.5)) }
                }
            }
            """
        var others = ["Colors.swift": "extension Color { static let brand = Color.red }",
                      "Theme.swift": "struct Theme { var stamp: String { \"x\" } }"]
        for id in ["formatter-in-body", "work-in-body"] {
            let document = SourceDocument(path: "Example.swift", text: view)
            let configuration = RuleHarness.configuration(only: id)
            let workspace = RuleHarness.workspace(for: document, otherFiles: others, configuration: configuration)
            let alone = RuleHarness.linter.lint(document, configuration: configuration)
            #expect(!alone.fileIndex.queries.rulesAnsweredDifferently(by: workspace, forFileAt: "Example.swift").contains(id), "\(id)")
            #expect(RuleHarness.lint(view, only: id, otherFiles: others).isEmpty, "\(id)")
        }
        // The member builds a formatter: found through the type the name means here.
        others["Theme.swift"] = """
            struct Theme {
                var stamp: String {
                    let formatter = DateFormatter()
                    formatter.dateStyle = .short
                    return formatter.string(from: .now)
                }
            }
            """
        let found = RuleHarness.lint(view, only: "formatter-in-body", otherFiles: others)
        #expect(found.count == 1 && found.first?.message.contains("`stamp` (in `Theme.swift`) builds a `DateFormatter`") == true,
                "\(found.map(\.message))")
        // Two types named `Theme` and neither on the use's lexical path: no answer, as for a declaration.
        others["Other.swift"] = "enum Settings { struct Theme { var stamp: String { \"\" } } }"
        others["Feature.swift"] = "enum Feature { struct Theme { var stamp: String { \"\" } } }"
        #expect(RuleHarness.lint(view.replacingOccurrences(of: "struct Badge", with: "struct Badge2"), only: "formatter-in-body",
                                 otherFiles: others.filter { $0.key != "Theme.swift" }).isEmpty)
    }

    /// A model's member that builds a `Binding` (or an action closure) does not run what its
    /// setter (or the action) calls when it is read: reading it in `body` costs nothing.
    @Test func whatACallbackClosureCallsIsNotWorkOnRead() {
        let store = """
            final class FileState: ObservableObject {
                @Published var current: String?
                let context: NSManagedObjectContext
                var activeBinding: Binding<String?> {
                    Binding { self.current } set: { newValue in self.select(newValue) }
                }
                var actions: Actions { Actions(onRecover: { self.recover() }) }
                var recent: [File] { (try? context.fetch(File.fetchRequest())) ?? [] }
                func select(_ name: String?) {
                    let request = File.fetchRequest()
                    current = (try? context.fetch(request))?.first?.name
                }
                func recover() { _ = try? context.fetch(File.fetchRequest()) }
            }
            """
        let view = """
            struct Home: View {
                @EnvironmentObject var fileState: FileState
                var body: some View {
                    Editor(file: fileState.activeBinding, actions: fileState.actions)
                }
            }
            """
        #expect(RuleHarness.lint(view, only: "work-in-body", otherFiles: ["FileState.swift": store]).isEmpty)
        // A member whose own code fetches is still reached.
        let reading = view.replacingOccurrences(of: "actions: fileState.actions", with: "recent: fileState.recent")
        #expect(RuleHarness.lint(reading, only: "work-in-body", otherFiles: ["FileState.swift": store]).count == 1)
    }

    /// What a model looks up from the store it holds (`guard let items = documentStore.items(in:)`)
    /// is the app's data: filtering it in a method every row calls is work per row.
    @Test func aModelsStoreLookupIsTheAppsData() {
        let model = """
            final class BrowserModel: ObservableObject {
                let documentStore: DocumentStore
                init(store: DocumentStore) { documentStore = store }
                func items(in folder: String) -> [Item]? {
                    guard let items = documentStore.items(in: folder) else { return nil }
                    return items.filter { $0.kind == .folder }
                }
            }
            """
        let view = """
            struct Browser: View {
                @StateObject private var browser = BrowserModel(store: .shared)
                let folders: [Item]
                var body: some View {
                    List(folders) { item in Text("\\(browser.items(in: item.id)?.count ?? 0)") }
                }
            }
            """
        #expect(RuleHarness.lint(view, only: "work-in-body", otherFiles: ["BrowserModel.swift": model]).count == 1)
        // A parameter's or a constant's filter is not the model's data.
        let local = model.replacingOccurrences(of: "guard let items = documentStore.items(in: folder) else { return nil }",
                                               with: "let items = [Item(kind: .folder)]")
        #expect(RuleHarness.lint(view, only: "work-in-body", otherFiles: ["BrowserModel.swift": local]).isEmpty)
    }

    /// A popover's or sheet's content is built while it is shown, not with every render of the view
    /// that attaches it: a formatter its helper builds is not this view's per-render cost.
    @Test func aHelperPresentedContentCallsIsNotPerRender() {
        let helper = ["Dates.swift": """
            func elapsed(_ interval: TimeInterval) -> String {
                let formatter = DateComponentsFormatter()
                formatter.unitsStyle = .abbreviated
                return formatter.string(from: interval) ?? ""
            }
            """]
        let view = """
            struct Usage: View {
                let interval: TimeInterval
                @State private var showsDetail = false
                var body: some View {
                    Button("Details") { showsDetail = true }
                        .popover(isPresented: $showsDetail) { Text(elapsed(interval)) }
                }
            }
            """
        #expect(RuleHarness.lint(view, only: "formatter-in-body", otherFiles: helper).isEmpty)
        let inline = view.replacingOccurrences(of: ".popover(isPresented: $showsDetail) { Text(elapsed(interval)) }",
                                               with: ".overlay { Text(elapsed(interval)) }")
        #expect(RuleHarness.lint(inline, only: "formatter-in-body", otherFiles: helper).count == 1)
    }

    @Test func aMemberReadSeveralTimesInBodyIsOneFindingThatCountsThem() {
        let view = """
            struct Pay: View {
                @StateObject private var wallet = WalletModel()
                var chosen: [Mint] { wallet.mints.filter { $0.isActive }.sorted { $0.balance > $1.balance } }
                var body: some View {
                    VStack {
                        Text("Pay from \\(chosen.count) mints")
                        if chosen.count > 1 { Text(chosen.first?.name ?? "") }
                    }
                }
            }
            """
        let findings = RuleHarness.lint(view, only: "work-in-body")
        #expect(findings.count == 1)
        #expect(findings.first.map { $0.message.contains("runs `.filter` and `.sorted`") && $0.message.contains("reads it 3 times") } == true)
    }

    @Test func aCallbackClosurePassedToARowRunsOnItsEventNotPerRender() {
        let view = """
            struct Mints: View {
                @StateObject private var wallet = WalletModel()
                var visible: [Mint] { wallet.mints.filter { !$0.hidden }.sorted { $0.index < $1.index } }
                var body: some View {
                    ForEach(wallet.mints) { mint in
                        MintRow(mint: mint, LABEL: { visible.forEach { $0.hide() } })
                    }
                }
            }
            """
        #expect(RuleHarness.lint(view.replacingOccurrences(of: "LABEL", with: "onRemove"), only: "work-in-body").isEmpty)
        #expect(RuleHarness.lint(view.replacingOccurrences(of: "LABEL", with: "footer"), only: "work-in-body").count == 1,
                "a closure a custom view takes under another label is content it renders")
    }

    @Test func aPerceptibleClassInStateIsObservable() {
        let view = """
            struct CodeBlock: View {
                @State private var storage = Storage()
                var body: some View { Text(storage.highlighted) }
            }
            ATTRIBUTE final class Storage { var highlighted = "" }
            """
        #expect(RuleHarness.lint(view.replacingOccurrences(of: "ATTRIBUTE", with: "@Perceptible"), only: "state-non-observable-class").isEmpty)
        #expect(RuleHarness.lint(view.replacingOccurrences(of: "ATTRIBUTE", with: ""), only: "state-non-observable-class").count == 1)
    }

    @Test func aButtonsOrTogglesSymbolChosenByNameIsTheSameShape() {
        let view = """
            struct BookmarkButton: View {
                @Binding var isBookmarked: Bool
                var body: some View {
                    Button("Bookmark", systemImage: isBookmarked ? "bookmark.fill" : "bookmark") { isBookmarked.toggle() }
                }
            }
            """
        let findings = RuleHarness.lint(view, only: "symbol-variant-by-name")
        #expect(findings.map(\.severity) == [.hint])
        #expect(findings.first?.fixes.first?.edits.map(\.replacement) == ["\"bookmark\"", ".symbolVariant(isBookmarked ? .fill : .none)"])
        let toggle = view.replacingOccurrences(of: "Button(\"Bookmark\", systemImage: isBookmarked ? \"bookmark.fill\" : \"bookmark\") { isBookmarked.toggle() }",
                                               with: "Toggle(\"Bookmark\", systemImage: isBookmarked ? \"bookmark.fill\" : \"bookmark\", isOn: $isBookmarked)")
        #expect(toggle != view)
        #expect(RuleHarness.lint(toggle, only: "symbol-variant-by-name").count == 1)
    }

    @Test func anErasedViewKeptInALocalOnlyToBeReturnedIsFlagged() {
        let code = """
            struct Status: View {
                var body: some View { List { row(title: "Loop", data: "ok") } }
                private func row(title: String, data: String) -> AnyView {
                    let rowView = AnyView(HStack { Text(title); Spacer(); Text(data) })
                    return rowView
                }
            }
            """
        #expect(RuleHarness.lint(code, only: "any-view").count == 1)
        let handedOn = code.replacingOccurrences(of: "return rowView", with: "return Wrapper(content: rowView).erased")
        #expect(RuleHarness.lint(handedOn, only: "any-view").isEmpty, "a local handed on: where it goes decides its slot")
    }

    @Test func aFilterOfStoredValuesKeepsTheirIdentities() {
        let code = """
            struct Usage: Identifiable { let id = UUID(); let date: Date }
            struct UsageList: View {
                @State private var usage: [Usage] = []
                @State private var month = Date()
                private var visible: [Usage] { VALUE }
                var body: some View { List { ForEach(visible) { day in Text("\\(day.date)") } } }
            }
            """
        let filtered = code.replacingOccurrences(of: "VALUE", with: "usage.filter { Calendar.current.isDate($0.date, equalTo: month, toGranularity: .month) }")
        #expect(RuleHarness.lint(filtered, only: "unstable-identity").isEmpty)
        let made = code.replacingOccurrences(of: "VALUE", with: "(0..<7).map { Usage(date: .now.addingTimeInterval(Double($0) * 86_400)) }")
        #expect(RuleHarness.lint(made, only: "unstable-identity").count == 1)
        let sortedMade = code.replacingOccurrences(of: "VALUE", with: "week.sorted { $0.date < $1.date } }\n    private var week: [Usage] { (0..<7).map { Usage(date: .now.addingTimeInterval(Double($0) * 86_400)) }")
        #expect(RuleHarness.lint(sortedMade, only: "unstable-identity").count == 1, "a sort of a property that builds them")
    }

    @Test func aFilterByStateReadInEveryRowRunsPerRow() {
        let code = """
            struct Daily: View {
                @State private var usage: [Day] = []
                @State private var month = Date()
                private var inMonth: [Day] { usage.filter { $0.month == month } }
                var body: some View {
                    ForEach(usage) { day in
                        if day.id != inMonth.last?.id { Divider() }
                    }
                }
            }
            """
        #expect(RuleHarness.lint(code, only: "work-in-body").map(\.message).contains { $0.contains("every row reads it") })
    }

    @Test func aHopWhoseCommentAdmitsAHackIsNotDeliberate() {
        let code = """
            struct Confirm: View {
                @State private var path: [Route] = []
                var body: some View { Button("Pay") { Task { await pay() } } }
                private func pay() async {
                    COMMENT
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { path.append(.failure) }
                }
            }
            """
        #expect(RuleHarness.lint(code.replacingOccurrences(of: "COMMENT", with: "// TODO: this is a hack to make sure the binding is ready"),
                                 only: "dispatch-queue").count == 1)
        #expect(RuleHarness.lint(code.replacingOccurrences(of: "COMMENT", with: "// Let the sheet finish dismissing before pushing"),
                                 only: "dispatch-queue").isEmpty)
    }

    @Test func anErasedRowBackgroundIsNotTheRowsOwnView() {
        let code = """
            struct Torrents: View {
                let items: [Item]
                var body: some View {
                    List { ForEach(items) { item in Row(item: item).listRowBackground(item.isOn ? AnyView(Color.accentColor.opacity(0.2)) : AnyView(Color.clear)) } }
                }
            }
            """
        #expect(RuleHarness.lint(code, only: "any-view").map(\.severity) == [.info, .info])
        let own = code.replacingOccurrences(of: "Row(item: item).listRowBackground(item.isOn ? AnyView(Color.accentColor.opacity(0.2)) : AnyView(Color.clear))",
                                            with: "AnyView(Row(item: item))")
        #expect(RuleHarness.lint(own, only: "any-view").map(\.severity) == [.warning])
    }

    @Test func aLiveActivityViewImportedUnderAnIfIsWidgetCode() {
        let code = """
            #if canImport(ActivityKit)
            import ActivityKit
            import SwiftUI
            struct ProgressView: View {
                @State var progress: Double
                var body: some View { Text("\\(progress)") }
            }
            struct Activity: View {
                let context: ActivityViewContext<Attributes>
                var body: some View { ProgressView(progress: context.state.progress) }
            }
            #endif
            """
        let findings = RuleHarness.lint(code, only: "state-not-private")
        #expect(findings.count == 1)
        #expect(findings.first.map { $0.message.contains("WidgetKit renders each timeline entry once") } == true)
    }

    @Test func theScreenOfAnIPhoneOnlyAppIsItsWindowInAnyOrientation() {
        let code = """
            struct Chart: View {
                var body: some View { Rectangle().frame(width: UIScreen.main.bounds.width - 32) }
            }
            """
        let phone = RuleHarness.lint(code, only: "uiscreen-bounds", otherFiles: ["App.xcodeproj/project.pbxproj": """
            TARGETED_DEVICE_FAMILY = 1;
            INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone = "UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft";
            """])
        #expect(phone.map(\.severity) == [.info])
        #expect(phone.first.map { $0.message.contains("only for iPhone") } == true)
        let pad = RuleHarness.lint(code, only: "uiscreen-bounds", otherFiles: ["App.xcodeproj/project.pbxproj": "TARGETED_DEVICE_FAMILY = \"1,2\";"])
        #expect(pad.map(\.severity) == [.warning])
    }

    /// A row calls a costly helper in both branches of an `if`: one call runs per row, and the
    /// message says so; two calls on one path are two.
    @Test func callsInExclusiveBranchesRunOncePerRow() throws {
        func code(_ branches: String) -> String {
            """
            struct People: View {
                @Query var people: [Person]
                var body: some View {
                    List(people) { person in
                        \(branches)
                    }
                }
                func badge(_ name: String) -> UIImage {
                    let size = (name as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 12)])
                    return UIImage()
                }
            }
            """
        }
        let exclusive = RuleHarness.lint(code("if person.isLocal { Image(uiImage: badge(person.name)) } else { Image(uiImage: badge(person.domain)) }"),
                                          only: "work-in-body")
        let once = try #require(exclusive.first)
        #expect(exclusive.count == 1)
        #expect(!once.message.contains("2 times"), "\(once.message)")
        let both = RuleHarness.lint(code("HStack { Image(uiImage: badge(person.name)); Image(uiImage: badge(person.domain)) }"), only: "work-in-body")
        #expect(both.count == 1)
        #expect(both.first.map { $0.message.contains("2 times") } == true, "\(both.first?.message ?? "")")
    }

    @Test func exclusiveBranchesAreTheOnesThatNeverRunTogether() throws {
        let tree = Parser.parse(source: """
            let a = c ? f(1) : f(2)
            if c { f(3) } else if d { f(4) } else { f(5); f(6) }
            switch x { case 1: f(7) default: f(8) }
            if f(9) { f(10) }
            """)
        let calls = tree.tokens(viewMode: .sourceAccurate).filter { $0.text == "f" }.compactMap { $0.parent }
        func exclusive(_ a: Int, _ b: Int) -> Bool { calls[a - 1].runsExclusively(with: calls[b - 1]) }
        #expect(exclusive(1, 2) && exclusive(3, 4) && exclusive(3, 5) && exclusive(4, 6) && exclusive(7, 8))
        #expect(!exclusive(5, 6) && !exclusive(9, 10) && !exclusive(1, 3))
    }

    /// An `ObservableObject` handed to a view's `@State`: its `@Published` changes are announced and
    /// never heard, whoever writes them; a published property nothing changes after `init` goes stale nowhere.
    @Test func anObservableObjectHandedToStateIsFlaggedWhenTheBodyReadsWhatItPublishes() {
        let store = "final class AppState: ObservableObject { @Published var theme = 0; var cache: [Int] = [] }"
        #expect(RuleHarness.lint("""
            struct Row: View {
                @State var state: AppState
                var body: some View { Text("\\(state.theme)") }
            }
            """, only: "state-non-observable-class", otherFiles: ["AppState.swift": store]).isEmpty, "nothing writes `theme`")
        let writer = "struct Picker: View { let state: AppState; var body: some View { Button(\"Dark\") { state.theme = 1 } } }"
        let reads = RuleHarness.lint("""
            struct Row: View {
                @State var state: AppState
                var body: some View { Text("\\(state.theme)") }
            }
            """, only: "state-non-observable-class", otherFiles: ["AppState.swift": store, "Picker.swift": writer])
        #expect(reads.count == 1)
        #expect(reads.first.map { $0.message.contains("does not subscribe") } == true)
        let unpublished = RuleHarness.lint("""
            struct Row: View {
                @State var state: AppState
                var body: some View { Text("\\(state.cache.count)") }
            }
            """, only: "state-non-observable-class", otherFiles: ["AppState.swift": store])
        #expect(unpublished.isEmpty)
    }

    /// `UIScreen.main.bounds` read only where the device is an iPhone: its window is the screen there.
    @Test func aScreenReadOnlyOnIPhoneIsInfo() {
        func lint(_ condition: String, _ content: String = "Rectangle().frame(width: UIScreen.main.bounds.width - 32)") -> [Diagnostic] {
            RuleHarness.lint("""
                struct Sheet: View {
                    private var idiom: UIUserInterfaceIdiom { UIDevice.current.userInterfaceIdiom }
                    var body: some View {
                        if \(condition) { \(content) }
                    }
                }
                """, only: "uiscreen-bounds")
        }
        #expect(lint("idiom != .pad && (isLandscape || UIScreen.main.bounds.width > UIScreen.main.bounds.height)", "Spacer()").map(\.severity) == [.info, .info])
        #expect(lint("UIDevice.current.userInterfaceIdiom == .phone && showsBanner").map(\.severity) == [.info])
        #expect(lint("idiom != .pad || showsBanner").map(\.severity) == [.warning])
        #expect(lint("kind == .phone").map(\.severity) == [.warning])
    }

    /// A computed `UUID()` id of a type that is not `Identifiable` identifies nothing by itself.
    @Test func aComputedUUIDOfATypeThatIsNotIdentifiableIsInfo() {
        let list = "struct Folders: View { let folders: [Folder]; var body: some View { List(folders) { Text($0.name) } } }"
        let plain = RuleHarness.lint("struct Folder { let name: String; var id: UUID { UUID() } }", only: "unstable-identity",
                                     otherFiles: ["Folders.swift": list])
        #expect(plain.map(\.severity) == [.info])
        let identifiable = RuleHarness.lint("struct Folder: Identifiable { let name: String; var id: UUID { UUID() } }", only: "unstable-identity",
                                            otherFiles: ["Folders.swift": list])
        #expect(identifiable.map(\.severity) == [.warning])
    }

    /// A view hosted by a project's own hosting type (`rootView:`) is built by the app, not only by previews.
    @Test func aViewAProjectHostBuildsIsNotPreviewOnly() {
        let sheet = """
            struct PetSheet: View {
                var body: some View { NavigationView { Text("Pet") } }
            }
            #Preview { PetSheet() }
            """
        let hosted = RuleHarness.lint(sheet, only: "navigation-view", otherFiles: [
            "PetController.swift": "final class PetController: UIViewController { func show() { present(BottomSheetHost(rootView: PetSheet()), animated: true) } }",
        ])
        #expect(hosted.count == 1 && hosted.allSatisfy { !$0.message.contains("in a preview") }, "\(hosted.map(\.message))")
    }
}
