import GotchasCore
import GotchasRules
import Testing

/// A finding's severity follows its evidence: weaker evidence lowers it below the rule's
/// default (`Finding.loweredSeverity`), and a severity the user configures for the rule wins.
@Suite struct SeverityEvidenceTests {
    static func severities(_ code: String, only id: String, otherFiles: [String: String] = [:]) -> [Severity] {
        RuleHarness.lint(code, only: id, otherFiles: otherFiles).map(\.severity)
    }

    /// Only a spring that overshoots blends two erased styles through stray colours: an ease or a
    /// spring without bounce cross-fades them (info); a bouncy spring, or an animation the code
    /// names otherwise, keeps the warning.
    @Test func anErasedStyleTernaryIsAWarningOnlyUnderASpringThatOvershoots() {
        func row(_ animation: String) -> String {
            "Image(systemName: \"checkmark\").foregroundStyle(isDone ? AnyShapeStyle(.tint) : AnyShapeStyle(.secondary)).animation(\(animation), value: isDone)"
        }
        #expect(Self.severities(row(".bouncy"), only: "anyshapestyle-ternary") == [.warning])
        #expect(Self.severities(row(".spring(response: 0.3, dampingFraction: 0.6)"), only: "anyshapestyle-ternary") == [.warning])
        #expect(Self.severities(row("rowAnimation"), only: "anyshapestyle-ternary") == [.warning])
        // A gentle animation between two kinds of style (the tint, a hierarchical style): nothing to show.
        #expect(Self.severities(row(".easeOut(duration: 0.15)"), only: "anyshapestyle-ternary").isEmpty)
        #expect(Self.severities(row(".default"), only: "anyshapestyle-ternary").isEmpty)
        // Between two colours, one colour with `.opacity` would do: a suggestion.
        func colors(_ animation: String) -> String {
            row(animation).replacingOccurrences(of: "AnyShapeStyle(.tint) : AnyShapeStyle(.secondary)",
                                                with: "AnyShapeStyle(Color.accentColor.opacity(0.2)) : AnyShapeStyle(.clear)")
        }
        #expect(Self.severities(colors(".easeOut(duration: 0.15)"), only: "anyshapestyle-ternary") == [.info])
        #expect(Self.severities(colors(".spring(duration: 0.3, bounce: 0)"), only: "anyshapestyle-ternary") == [.info])
        #expect(Self.severities(colors(".bouncy"), only: "anyshapestyle-ternary") == [.warning])
        let toggled = """
            struct Tool: View {
                @State private var locked = false
                var body: some View {
                    Image(systemName: "lock").foregroundStyle(locked ? AnyShapeStyle(.tint) : AnyShapeStyle(.primary))
                        .onTapGesture { withAnimation { locked.toggle() } }
                }
            }
            """
        #expect(Self.severities(toggled, only: "anyshapestyle-ternary").isEmpty)
        #expect(Self.severities(toggled.replacingOccurrences(of: "withAnimation {", with: "withAnimation(.bouncy) {"), only: "anyshapestyle-ternary") == [.warning])
    }

    /// `@State` in a type that is not a view (an app delegate that `@NSApplicationDelegateAdaptor`
    /// makes once) is not re-created by a parent: its initial value runs once.
    @Test func stateInATypeThatIsNotAViewIsNotAViewsHeavyInitializer() {
        let model = "final class ModelManager { init() { Task { await load() } }; func load() async {} }"
        let delegate = """
            final class AppDelegate: NSObject, NSApplicationDelegate {
                @State var modelManager = ModelManager()
            }
            """
        #expect(RuleHarness.lint(delegate, only: "heavy-state-initializer", otherFiles: ["ModelManager.swift": model]).isEmpty)
        let view = "struct Chat: View { @State private var modelManager = ModelManager(); var body: some View { Text(\"x\") } }"
        #expect(RuleHarness.lint(view, only: "heavy-state-initializer", otherFiles: ["ModelManager.swift": model]).count == 1)
    }

    /// A construction that starts work is a warning only where a view builds this one as the rows of a
    /// list over data (every update of that view makes every row's object again); a screen, a toolbar or
    /// a root whose parent is not shown to update often keeps it at info.
    @Test func aHeavyInitializerIsAWarningOnlyInRowsOfAList() {
        let loader = "final class DeviceLoader { init(id: String) { Task { await register() } }; func register() async {} }"
        let row = """
            struct DeviceRow: View {
                let id: String
                @State private var loader: DeviceLoader
                init(id: String) { self.id = id; _loader = State(initialValue: DeviceLoader(id: id)) }
                var body: some View { Text(id) }
            }
            """
        func parent(_ content: String) -> String {
            "struct DeviceMenu: View { @State private var presses = 0; let ids: [String]; var body: some View { VStack { \(content) } } }"
        }
        let inRows = parent("ForEach(ids, id: \\.self) { id in HStack { DeviceRow(id: id) } }")
        #expect(Self.severities(row, only: "heavy-state-initializer", otherFiles: ["Loader.swift": loader, "Menu.swift": inRows]) == [.warning])
        let once = parent("DeviceRow(id: \"main\")")
        #expect(Self.severities(row, only: "heavy-state-initializer", otherFiles: ["Loader.swift": loader, "Menu.swift": once]) == [.info])
        // A `ForEach` over a closure-built range of content, not data, is no list of rows.
        let fixed = parent("ForEach(0..<1) { _ in DeviceRow(id: \"main\") }").replacingOccurrences(of: "ForEach(0..<1)", with: "Group")
        #expect(Self.severities(row, only: "heavy-state-initializer", otherFiles: ["Loader.swift": loader, "Menu.swift": fixed]) == [.info])
    }

    /// A view's own `init` that takes the state with a default seeds every view that no caller passes it
    /// to: nothing is dropped today (info). A caller in the app passing it keeps the warning; a test
    /// passing a mock builds the view once, to seed it, and is no caller of the app.
    @Test func stateTheOwnInitDefaultsIsInfoUntilAnAppCallerPassesIt() {
        let overlay = """
            struct SearchOverlay: View {
                @State var searchModel: SearchModel
                let query: String
                init(query: String, searchModel: SearchModel = .shared) {
                    self.query = query
                    _searchModel = State(initialValue: searchModel)
                }
                var body: some View { Text(query) }
            }
            """
        let home = "struct Home: View { var body: some View { SearchOverlay(query: \"a\") } }"
        #expect(Self.severities(overlay, only: "state-not-private", otherFiles: ["Home.swift": home]) == [.info])
        let test = "import XCTest\nfinal class SearchOverlayTests: XCTestCase { func testIt() { _ = SearchOverlay(query: \"a\", searchModel: SearchModel()) } }"
        #expect(Self.severities(overlay, only: "state-not-private", otherFiles: ["Home.swift": home, "Tests/SearchOverlayTests.swift": test]) == [.info])
        let passing = "struct Home: View { @State private var model = SearchModel(); var body: some View { SearchOverlay(query: \"a\", searchModel: model) } }"
        #expect(Self.severities(overlay, only: "state-not-private", otherFiles: ["Home.swift": passing]) == [.warning])
    }

    /// In a widget view `@State` is only a copy of what the caller passes (each timeline entry is
    /// rendered once, by a new view): nothing is lost, so the cleanup is info, not a warning.
    @Test func stateInAWidgetViewIsInfo() {
        let widget = """
            import WidgetKit
            import SwiftUI
            struct WeekEntryView: View {
                var entry: WeekEntry
                @State var referenceDate = Date()
                var body: some View { Text(referenceDate, style: .date) }
            }
            struct WeekWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "week", provider: WeekProvider()) { WeekEntryView(entry: $0, referenceDate: $0.date) }
                }
            }
            """
        #expect(Self.severities(widget, only: "state-not-private") == [.info])
    }

    /// `state-not-private`: a `@StateObject` the view's own `init` seeds is the wrapper's injection
    /// (info); the same seeded `@State` of a value the caller keeps driving stays a warning. A value
    /// the view writes through one of its stored properties is a draft it edits (info).
    @Test func stateSeededByTheViewsOwnInitIsInfoForAnObjectAndAWarningForAValue() {
        let object = """
            struct ConsentView: View {
                @StateObject var viewModel: ConsentViewModel
                init(viewModel: ConsentViewModel) { _viewModel = StateObject(wrappedValue: viewModel) }
                var body: some View { Text(viewModel.title) }
            }
            """
        let caller = ["Root.swift": "struct Root: View { @State private var model = ConsentViewModel(); var body: some View { ConsentView(viewModel: model) } }"]
        #expect(Self.severities(object, only: "state-not-private", otherFiles: caller) == [.info])
        let value = object.replacingOccurrences(of: "@StateObject var viewModel: ConsentViewModel", with: "@State var title: String")
            .replacingOccurrences(of: "init(viewModel: ConsentViewModel) { _viewModel = StateObject(wrappedValue: viewModel) }", with: "init(title: String) { _title = State(initialValue: title) }")
            .replacingOccurrences(of: "Text(viewModel.title)", with: "Text(title)")
        let valueCaller = ["Root.swift": "struct Root: View { @State private var name = \"\"; var body: some View { ConsentView(title: name) } }"]
        #expect(Self.severities(value, only: "state-not-private", otherFiles: valueCaller) == [.warning])
        let draft = """
            struct MediaSheet: View {
                @State var snap: Snap
                var body: some View { Button("Photo") { snap.kind = .media } }
            }
            """
        let history = ["History.swift": "struct History: View { @State private var snap = Snap(); var body: some View { MediaSheet(snap: snap) } }"]
        #expect(Self.severities(draft, only: "state-not-private", otherFiles: history) == [.info])
        let shown = draft.replacingOccurrences(of: "Button(\"Photo\") { snap.kind = .media }", with: "Text(snap.title)")
        let finding = RuleHarness.lint(shown, only: "state-not-private", otherFiles: history)
        #expect(finding.map(\.severity) == [.warning])
        // Without an initial value, `private` alone would not compile for `History`'s call.
        #expect(finding.first?.message.contains("seed it in an `init`") == true)
    }

    /// A warning in a `private` member nothing in its file uses is lowered; for a stored property the
    /// message says its value goes unused (its initial value still runs with every instance).
    @Test func anUnreadPrivateStoredPropertyIsInfoSayingItsValueIsUnused() {
        let code = """
            struct ShopView: View {
                private let screenWidth = UIScreen.main.bounds.width
                var body: some View { Text("Shop") }
            }
            """
        let unread = RuleHarness.lint(code, only: "uiscreen-bounds")
        #expect(unread.map(\.severity) == [.info])
        #expect(unread.first?.message.contains("nothing in this file reads `screenWidth`, so the value it stores is never used") == true)
        let read = RuleHarness.lint(code.replacingOccurrences(of: "Text(\"Shop\")", with: "Text(\"Shop\").frame(width: screenWidth)"), only: "uiscreen-bounds")
        #expect(read.map(\.severity) == [.warning])
        // Not private: nothing in the whole project reads it (the model's member users), or another file does.
        let internalProperty = code.replacingOccurrences(of: "private let", with: "let")
        let caller = ["Root.swift": "struct Root: View { var body: some View { ShopView() } }"]
        let unused = RuleHarness.lint(internalProperty, only: "uiscreen-bounds", otherFiles: caller, coversProject: true)
        #expect(unused.map(\.severity) == [.info])
        #expect(unused.first?.message.contains("nothing reads `screenWidth`, so the value it stores is never used") == true)
        let readElsewhere = ["Root.swift": "struct Root: View { var body: some View { let shop = ShopView(); shop.frame(width: shop.screenWidth) } }"]
        #expect(RuleHarness.lint(internalProperty, only: "uiscreen-bounds", otherFiles: readElsewhere, coversProject: true).map(\.severity) == [.warning])
        // A view that also conforms to `Equatable` compares its stored properties: they are read.
        let equatable = internalProperty.replacingOccurrences(of: "struct ShopView: View", with: "struct ShopView: View, Equatable")
        #expect(RuleHarness.lint(equatable, only: "uiscreen-bounds", otherFiles: caller, coversProject: true).map(\.severity) == [.warning])
    }

    /// A screen-sized distance that moves a view out of sight also clears a smaller window (info);
    /// the same value as a size lays the view out wrongly there (warning).
    @Test func theScreenAsAnOffscreenOffsetIsInfoAndAsASizeAWarning() {
        let sheet = """
            struct ActionSheet: View {
                @State private var isVisible = false
                var body: some View {
                    SheetContent()
                        .offset(y: isVisible ? 0 : UIScreen.main.bounds.height * 0.5)
                        .onAppear { withAnimation { isVisible = true } }
                }
            }
            """
        #expect(Self.severities(sheet, only: "uiscreen-bounds") == [.info])
        let sized = sheet.replacingOccurrences(of: ".offset(y: isVisible ? 0 : UIScreen.main.bounds.height * 0.5)",
                                               with: ".frame(height: isVisible ? 0 : UIScreen.main.bounds.height * 0.5)")
        #expect(Self.severities(sized, only: "uiscreen-bounds") == [.warning])
        // The distance kept in a property the file passes to `.offset(…)`.
        let sliding = """
            struct Pager: View {
                @State private var offsetX: CGFloat = 0
                @State private var width: CGFloat = 0
                var body: some View {
                    Page().offset(x: offsetX).frame(width: width)
                        .onTapGesture { withAnimation { offsetX = -UIScreen.main.bounds.width * 2 } }
                }
                func fit() { width = UIScreen.main.bounds.width * 2 }
            }
            """
        #expect(Self.severities(sliding, only: "uiscreen-bounds") == [.info, .warning])
    }

    @Test func aSymbolNothingAnimatesIsAHint() {
        let code = """
            struct Star: View {
                @State private var isOn = false
                var body: some View { Image(systemName: isOn ? "star.fill" : "star").onTapGesture { isOn.toggle() } }
            }
            """
        #expect(Self.severities(code, only: "symbol-variant-by-name") == [.hint])
    }

    @Test func aSymbolWithAReplaceTransitionIsAHintAndAnEffectAWarning() {
        // A replace content transition animates between two names as between two variants.
        let code = """
            struct Star: View {
                @State private var isOn = false
                var body: some View {
                    Image(systemName: isOn ? "star.fill" : "star")
                        .contentTransition(.symbolEffect(.replace))
                        .onTapGesture { isOn.toggle() }
                }
            }
            """
        #expect(Self.severities(code, only: "symbol-variant-by-name") == [.hint])
        let effect = code.replacingOccurrences(of: ".contentTransition(.symbolEffect(.replace))", with: ".symbolEffect(.bounce, value: isOn)")
        #expect(Self.severities(effect, only: "symbol-variant-by-name") == [.warning])
        let off = effect.replacingOccurrences(of: ".onTapGesture", with: ".animation(.none, value: isOn).onTapGesture")
        #expect(Self.severities(off, only: "symbol-variant-by-name") == [.hint], "animation turned off on the symbol")
        let message = RuleHarness.lint(code, only: "symbol-variant-by-name").first?.message ?? ""
        #expect(!message.contains("cannot"), "a hint must not deny that names animate")
        // A replace transition on the symbol animates the swap even where a container's effect bounces it.
        let both = code.replacingOccurrences(of: ".onTapGesture", with: ".symbolEffect(.bounce, value: isOn).onTapGesture")
        #expect(Self.severities(both, only: "symbol-variant-by-name") == [.hint])
        // An effect active on the name's own flag starts and stops with the swap; on another flag it runs across it.
        let sameFlag = effect.replacingOccurrences(of: ".symbolEffect(.bounce, value: isOn)", with: ".symbolEffect(.pulse, isActive: isOn)")
        #expect(Self.severities(sameFlag, only: "symbol-variant-by-name") == [.hint])
        let otherFlag = sameFlag.replacingOccurrences(of: "isActive: isOn", with: "isActive: isSyncing")
        #expect(Self.severities(otherFlag, only: "symbol-variant-by-name") == [.warning])
    }

    @Test func aSymbolWhoseConditionChangesWithAnimationIsAHint() {
        // `withAnimation` cross-fades one image into the other whether the name or the variant
        // changes (and here animates a panel elsewhere): no morph is lost, a style change.
        let code = """
            struct Toolbar: View {
                @State private var showsConsole = false
                var body: some View {
                    VStack {
                        Button { withAnimation(.spring) { showsConsole.toggle() } } label: {
                            Label("Console", systemImage: showsConsole ? "terminal.fill" : "terminal")
                        }
                        if showsConsole { Text("log") }
                    }
                }
            }
            """
        #expect(Self.severities(code, only: "symbol-variant-by-name") == [.hint])
        let sibling = code.replacingOccurrences(of: "if showsConsole", with: "Image(systemName: \"bell\").symbolEffect(.bounce, value: showsConsole)\n if showsConsole")
        #expect(Self.severities(sibling, only: "symbol-variant-by-name") == [.hint], "an effect on another image does not touch this one")
        let container = code.replacingOccurrences(of: "if showsConsole { Text(\"log\") }\n        }", with: "if showsConsole { Text(\"log\") }\n        }\n        .symbolEffect(.bounce, value: showsConsole)")
        #expect(container != code)
        #expect(Self.severities(container, only: "symbol-variant-by-name") == [.warning], "a container's effect applies to the symbols inside it")
    }

    @Test func aLetInputIsNarrowedOnlyByItsCallers() {
        let code = """
            struct PinButton: View {
                let isPinned: Bool
                var body: some View { Image(systemName: isPinned ? "pin.fill" : "pin") }
            }
            """
        #expect(Self.severities(code, only: "symbol-variant-by-name").isEmpty, "no caller passes it")
        let caller = ["Row.swift": "struct Row: View { var pinned: Bool; var body: some View { PinButton(isPinned: pinned) } }"]
        #expect(Self.severities(code, only: "symbol-variant-by-name", otherFiles: caller) == [.hint])
    }

    /// An object made by the view that holds no state (no stored `var`, nothing `@Published`) loses nothing
    /// when the parent re-creates the view: info; one that holds state keeps the warning.
    @Test func anObservedServiceWithNoStateIsInfo() {
        let view = """
            struct Login: View {
                @ObservedObject var service = LoginService()
                var body: some View { Button("Sign in") { service.signIn() } }
            }
            """
        let stateless = ["LoginService.swift": "final class LoginService: ObservableObject { let api = API(); func signIn() {} }"]
        #expect(Self.severities(view, only: "observed-object-owned", otherFiles: stateless) == [.info])
        let holding = ["LoginService.swift": "final class LoginService: ObservableObject { var attempts = 0; func signIn() { attempts += 1 } }"]
        #expect(Self.severities(view, only: "observed-object-owned", otherFiles: holding) == [.warning])
        let published = ["LoginService.swift": "final class LoginService: ObservableObject { @Published private(set) var busy = false; func signIn() { busy = true } }"]
        #expect(Self.severities(view, only: "observed-object-owned", otherFiles: published) == [.warning])
        // State nothing in the project changes after the `init`: a new object holds the same.
        let unchanged = ["LoginService.swift": "final class LoginService: ObservableObject { @Published private(set) var busy = false; func signIn() {} }"]
        #expect(Self.severities(view, only: "observed-object-owned", otherFiles: unchanged) == [.info])
        // Changed by the view through a binding into it: state a new object loses.
        let bound = view.replacingOccurrences(of: "Button(\"Sign in\") { service.signIn() }", with: "TextField(\"Name\", text: $service.name)")
        let named = ["LoginService.swift": "final class LoginService: ObservableObject { @Published var name = \"\" }"]
        #expect(Self.severities(bound, only: "observed-object-owned", otherFiles: named) == [.warning])
        // Changed by a subscription the `init` leaves behind.
        let subscribed = ["LoginService.swift": """
            final class LoginService: ObservableObject {
                @Published var canSignIn = false
                init() { reachability.publisher.sink { [weak self] in self?.canSignIn = $0 }.store(in: &bag) }
            }
            """]
        #expect(Self.severities(view, only: "observed-object-owned", otherFiles: subscribed) == [.warning])
        // A publisher the `init` assigns to a published property writes it later.
        let assigned = ["LoginService.swift": """
            final class LoginService: ObservableObject {
                @Published var online = false
                init() { monitor.statusPublisher().assign(to: &$online) }
            }
            """]
        #expect(Self.severities(view, only: "observed-object-owned", otherFiles: assigned) == [.warning])
        // A model passed to a child that only observes it, changed nowhere: info at the call.
        let passing = """
            struct Browser: View {
                let url: String
                var body: some View { WebView(viewModel: .init(url: url)) }
            }
            """
        let webView = ["WebView.swift": """
            struct WebView: View {
                @ObservedObject var viewModel: ViewModel
                var body: some View { Text(viewModel.url) }
                final class ViewModel: ObservableObject { @Published var url: String; init(url: String) { self.url = url } }
            }
            """]
        #expect(Self.severities(passing, only: "observed-object-owned", otherFiles: webView) == [.info])
        let reloading = ["WebView.swift": webView["WebView.swift"]!.replacingOccurrences(of: "Text(viewModel.url)", with: "Button(viewModel.url) { viewModel.url = \"about:blank\" }")]
        #expect(Self.severities(passing, only: "observed-object-owned", otherFiles: reloading) == [.warning])
        // The child's own nested `ViewModel` is the one it observes, however many other files
        // declare a class of that name.
        var nested = webView
        nested["FileView.swift"] = """
            struct FileView: View {
                @ObservedObject var viewModel: ViewModel
                var body: some View { Text("") }
                final class ViewModel: ObservableObject { @Published var progress = 0.0; func tick() { progress += 0.1 } }
            }
            """
        #expect(Self.severities(passing, only: "observed-object-owned", otherFiles: nested) == [.info])
        // A generic child: the type the argument builds is the object, whatever the parameter says.
        let generic = """
            struct Details: View {
                let assignment: Assignment
                var body: some View { DateSection(viewModel: DateSectionModel(assignment: assignment)) }
            }
            """
        let section = ["DateSection.swift": """
            struct DateSection<Model: DateModeling>: View {
                @ObservedObject var viewModel: Model
                var body: some View { Text("") }
            }
            final class DateSectionModel: DateModeling {
                private var first: Date?
                init(assignment: Assignment) { first = assignment.dates.first }
            }
            """]
        #expect(Self.severities(generic, only: "observed-object-owned", otherFiles: section) == [.info])
        // A representable child is a view: a new model per render, changed by its code, is lost.
        let representable = ["WebView.swift": """
            struct WebView: UIViewRepresentable {
                @ObservedObject var viewModel: ViewModel
                final class ViewModel: ObservableObject { @Published var url: String; init(url: String) { self.url = url } }
                func makeUIView(context: Context) -> WKWebView { WKWebView() }
                func updateUIView(_ view: WKWebView, context: Context) { viewModel.url = view.url?.absoluteString ?? "" }
            }
            """]
        #expect(Self.severities(passing, only: "observed-object-owned", otherFiles: representable) == [.warning])
        // A write to a local built as another type (`let video = Video()`) is that type's `url`.
        var otherType = webView
        otherType["Store.swift"] = """
            final class Video { var url = "" }
            func save(_ block: Block, shown: ViewModel) { print(shown.url); let video = Video(); video.url = block.url }
            """
        #expect(Self.severities(passing, only: "observed-object-owned", otherFiles: otherType) == [.info])
        // A local built as the model, changed after it is made.
        otherType["Store.swift"] = "func open(_ link: String) { let model = ViewModel(url: \"\"); model.url = link }"
        #expect(Self.severities(passing, only: "observed-object-owned", otherFiles: otherType) == [.warning])
    }

    /// `state-not-private`: the warning needs a caller passing its own changing state (a `@State`, a
    /// binding as `$x`, the row of a `ForEach` over state, also as `$0`); a caller passing an input of
    /// its own or a value it computes changes it only when it is made anew (info).
    @Test func stateIsAWarningWhereACallerPassesItsOwnChangingState() {
        let row = "struct Badge: View { @State var count: Int; var body: some View { Text(\"\\(count)\") } }"
        func severity(_ caller: String) -> [Severity] {
            Self.severities(row, only: "state-not-private", otherFiles: ["Caller.swift": caller])
        }
        #expect(severity("struct Inbox: View { let unread: Int; var body: some View { Badge(count: unread) } }") == [.info])
        #expect(severity("struct Inbox: View { let mail: Mail; var body: some View { Badge(count: mail.unread.count + 1) } }") == [.info])
        #expect(severity("struct Inbox: View { @State private var unread = 0; var body: some View { Badge(count: unread) } }") == [.warning])
        #expect(severity("struct Inbox: View { @ObservedObject var model: Mailbox; var body: some View { Badge(count: model.unread) } }") == [.warning])
        #expect(severity("struct Inbox: View { @Query var boxes: [Box]; var body: some View { ForEach(boxes) { box in Badge(count: box.unread) } } }") == [.warning])
        #expect(severity("struct Inbox: View { @Query var boxes: [Box]; var body: some View { List(boxes) { Badge(count: $0.unread) } } }") == [.warning])
        #expect(severity("struct Inbox: View { let boxes: [Box]; var body: some View { ForEach(boxes) { box in Badge(count: box.unread) } } }") == [.info])
        #expect(severity("struct Inbox: View { @State private var shown: Box?; var body: some View { Text(\"\").sheet(item: $shown) { box in Badge(count: box.unread) } } }") == [.info],
                "a sheet's item is a new presentation, fixed while it is shown")
        #expect(severity("struct Inbox: View { @ObservedObject var model: Mailbox; var body: some View { switch model.state { case .loaded(let n): Badge(count: n); default: EmptyView() } } }") == [.warning],
                "a case of a switch over state binds it")
        #expect(severity("struct Inbox: View { @State private var shown: Int?; var body: some View { if let shown { VStack { Badge(count: shown) } } } }") == [.warning])
        // An input of the caller that its own caller passes state (one view up, in another file).
        let relay = ["Caller.swift": "struct Inbox: View { let unread: Int; var body: some View { Badge(count: unread) } }",
                     "Root.swift": "struct Root: View { @State private var total = 0; var body: some View { Inbox(unread: total) } }"]
        #expect(Self.severities(row, only: "state-not-private", otherFiles: relay) == [.warning])
        let rows = ["Caller.swift": "struct Inbox: View { let boxes: [Box]; var body: some View { ForEach(boxes.filter(\\.isOpen)) { box in Badge(count: box.unread) } } }",
                    "Root.swift": "struct Root: View { @Query private var all: [Box]; var body: some View { Inbox(boxes: all) } }"]
        #expect(Self.severities(row, only: "state-not-private", otherFiles: rows) == [.warning], "rows over an input its caller feeds from a query")
        var fixedRoot = relay
        fixedRoot["Root.swift"] = "struct Root: View { var body: some View { Inbox(unread: 3) } }"
        #expect(Self.severities(row, only: "state-not-private", otherFiles: fixedRoot) == [.info])
        // One caller reached along two paths: `Top` relays to `Mid` (which relays to `Badge`) and to
        // `Badge` directly; what `Top`'s own caller feeds counts on both paths.
        let twoPaths = ["Caller.swift": "struct Mid: View { let a: Int; var body: some View { Badge(other: a) } }",
                        "Top.swift": "struct Top: View { let s: Int; let t: Int; var body: some View { Mid(a: s); Badge(count: t) } }",
                        "Root.swift": "struct Root: View { @State private var value = 0; var body: some View { Top(s: value, t: value) } }"]
        #expect(Self.severities(row.replacingOccurrences(of: "@State var count: Int;", with: "@State var count: Int; @State var other: Int = 0;"),
                                only: "state-not-private", otherFiles: twoPaths) == [.warning, .warning])
        // A `@State` holding the view's own model object, which the caller's object seeds: info. A value type stays a warning.
        let owned = "struct ChatList: View { @State var model: ChatModel; var body: some View { Text(model.title) } }"
        let seeding = ["Root.swift": "struct Root: View { @State private var session: Session?; var body: some View { if let session { ChatList(model: ChatModel(chat: session.chat)) } } }"]
        #expect(Self.severities(owned, only: "state-not-private", otherFiles: seeding.merging(["ChatModel.swift": "@Observable final class ChatModel { var title = \"\"; init(chat: Chat) {} }"]) { $1 }) == [.info])
        #expect(Self.severities(owned, only: "state-not-private", otherFiles: seeding.merging(["ChatModel.swift": "struct ChatModel { var title = \"\"; init(chat: Chat) {} }"]) { $1 }) == [.warning])
        let message = RuleHarness.lint(row, only: "state-not-private", otherFiles: ["Caller.swift": "struct Inbox: View { let unread: Int; var body: some View { Badge(count: unread) } }"]).first?.message
        #expect(message?.contains("a value they were given or compute") == true)
    }

    /// `observed-object-owned`: an object that holds no state — its stored properties are `let`s, a
    /// `@Binding` whose value its owner keeps, or a closure — loses nothing when it is made anew,
    /// whether the view's `init` makes it or a parent hands a new one in: info. A `@Published` value is state.
    @Test func anObservedObjectThatHoldsNoStateIsInfoWhereverItIsMade() {
        let facade = "final class Facade: ObservableObject { let service: Service; init(service: Service) { self.service = service } }"
        let dialog = "final class DialogModel: ObservableObject { let title = \"Delete?\"; @Binding var isShown: Bool; var action: () -> Void; init(isShown: Binding<Bool>, action: @escaping () -> Void) { _isShown = isShown; self.action = action } }"
        let stateful = "final class Counter: ObservableObject { @Published var count = 0; init(service: Service) {}; func bump() { count += 1 } }"
        let initMakes = "struct Detail: View { @ObservedObject var model: Facade; init(service: Service) { self.model = .init(service: service) }; var body: some View { Text(\"a\") } }"
        #expect(Self.severities(initMakes, only: "observed-object-owned", otherFiles: ["Facade.swift": facade, "Root.swift": "struct Root: View { let s: Service; var body: some View { Detail(service: s) } }"]) == [.info])
        let statefulInit = initMakes.replacingOccurrences(of: "Facade", with: "Counter")
        #expect(Self.severities(statefulInit, only: "observed-object-owned", otherFiles: ["Counter.swift": stateful, "Root.swift": "struct Root: View { let s: Service; var body: some View { Detail(service: s) } }"]) == [.warning])
        let parent = "struct Logs: View { @State private var shown = false; var body: some View { Dialog(model: DialogModel(isShown: $shown, action: {})) } }"
        let child = "struct Dialog: View { @ObservedObject var model: DialogModel; var body: some View { Text(model.title) } }"
        #expect(Self.severities(parent, only: "observed-object-owned", otherFiles: ["Dialog.swift": child, "DialogModel.swift": dialog]) == [.info])
        let published = dialog.replacingOccurrences(of: "let title = \"Delete?\";", with: "@Published var title = \"Delete?\"; func rename() { title = \"Remove?\" };")
        #expect(Self.severities(parent, only: "observed-object-owned", otherFiles: ["Dialog.swift": child, "DialogModel.swift": published]) == [.warning])
        // A child whose rendered code reads nothing of the object (only a tap calls it): info.
        let feed = "final class Feed: ObservableObject { @Published var read: Set<Int> = []; func open(_ id: Int) { read.insert(id) } }"
        let list = "struct Flyers: View { let ids: [Int]; var body: some View { ForEach(ids, id: \\.self) { Cell(id: $0, feed: Feed()) } } }"
        let tapOnly = "struct Cell: View { let id: Int; @ObservedObject var feed: Feed; var body: some View { Text(\"\\(id)\").onTapGesture { feed.open(id) } } }"
        let shows = "struct Cell: View { let id: Int; @ObservedObject var feed: Feed; var body: some View { Text(feed.read.contains(id) ? \"read\" : \"new\").onTapGesture { feed.open(id) } } }"
        #expect(Self.severities(list, only: "observed-object-owned", otherFiles: ["Cell.swift": tapOnly, "Feed.swift": feed]) == [.info])
        #expect(Self.severities(list, only: "observed-object-owned", otherFiles: ["Cell.swift": shows, "Feed.swift": feed]) == [.warning])
    }

    /// `conditional-view-identity` through a project's `.if(c) { … }`: as for `if`/`else`, a warning only
    /// where the modified view holds state (it resets) or the change animates; the view a helper of the
    /// type builds counts, also a helper declared in an extension of it in the same file.
    @Test func aConditionalTransformOnAStatelessHelperViewIsInfo() {
        let wrapper = "extension View { @ViewBuilder func `if`<T: View>(_ c: Bool, transform: (Self) -> T) -> some View { if c { transform(self) } else { self } } }"
        func screen(_ card: String) -> String {
            """
            struct Screen: View {
                @Environment(\\.sizeCategory) private var sizeCategory
                var body: some View {
                    card().if(sizeCategory.isAccessibilityCategory) { $0.frame(maxHeight: 100) }
                }
            }
            extension Screen {
                private func card() -> some View { \(card) }
            }
            """
        }
        let files = ["If.swift": wrapper, "Views.swift": "struct Card: View { let t: String; var body: some View { Text(t) } }\nstruct Editor: View { @State private var text = \"\"; var body: some View { TextField(\"\", text: $text) } }"]
        #expect(Self.severities(screen("Card(t: \"a\")"), only: "conditional-view-identity", otherFiles: files) == [.info])
        #expect(Self.severities(screen("Editor()"), only: "conditional-view-identity", otherFiles: files) == [.warning])
        #expect(Self.severities(screen("makeCard()"), only: "conditional-view-identity", otherFiles: files) == [.warning],
                "a helper this file does not declare builds what the syntax does not show")
    }

    /// `navigation-view`: a style applied inside a modifier that transforms the view (a project's
    /// `.if(condition) { $0.navigationViewStyle(.stack) }`) is the view's style too.
    @Test func aNavigationViewStyledInsideAConditionalTransformIsAStack() {
        let plain = """
            struct GradesTab: View {
                var body: some View {
                    NavigationView { GradesScreen() }
                        .tag(1)
                }
            }
            """
        // An app that uses `NavigationStack` elsewhere (one that does not migrates all together: info).
        let migrated = ["Other.swift": "struct Other: View { var body: some View { NavigationStack { Text(\"a\") } } }"]
        #expect(Self.severities(plain, only: "navigation-view", otherFiles: migrated) == [.warning])
        let styled = plain.replacingOccurrences(of: ".tag(1)", with: ".tag(1)\n            .if(UIDevice.current.userInterfaceIdiom == .pad, transform: { view in view.navigationViewStyle(.stack) })")
        #expect(styled != plain)
        #expect(Self.severities(styled, only: "navigation-view", otherFiles: migrated) == [.info])
    }

    /// `conditional-layout-switch`: an `if` on an input every caller passes as a constant never
    /// switches an instance's layout; one a caller varies does.
    @Test func aLayoutSwitchOnAnInputEveryCallerFixesIsNotFlagged() {
        let picker = """
            struct Picker: View {
                var stacked: Bool
                var body: some View {
                    if stacked { VStack { Image("a"); Label("b") } } else { HStack { Image("a"); Label("b") } }
                }
            }
            """
        let constant = ["Flat.swift": "struct Flat: View { var body: some View { Picker(stacked: true) } }"]
        #expect(Self.severities(picker, only: "conditional-layout-switch", otherFiles: constant).isEmpty)
        let varying = ["Flat.swift": "struct Flat: View { @State private var stacked = false; var body: some View { Picker(stacked: stacked) } }"]
        #expect(Self.severities(picker, only: "conditional-layout-switch", otherFiles: varying).count == 1)
    }

    @Test func stateNoCallerCanPassIsAHint() {
        let closed = """
            struct Player: View {
                @State var isPlaying = false
                let title: String
                init(title: String) { self.title = title }
                var body: some View { Text(title) }
            }
            """
        #expect(Self.severities(closed, only: "state-not-private") == [.hint], "the view's own init does not take it")
        let seeded = """
            struct Player: View {
                @State var isPlaying: Bool
                init(isPlaying: Bool) { _isPlaying = State(initialValue: isPlaying) }
                var body: some View { Text("\\(isPlaying)") }
            }
            """
        #expect(Self.severities(seeded, only: "state-not-private") == [.warning], "the init seeds it from a caller's value")
        let memberwise = "struct Player: View { @State var isPlaying = false; var body: some View { Text(\"\\(isPlaying)\") } }"
        #expect(Self.severities(memberwise, only: "state-not-private") == [.info], "the memberwise initializer takes it, no caller passes it")
        let caller = ["Queue.swift": "struct Queue: View { @AppStorage(\"autoplay\") private var autoplay = false; var body: some View { Player(isPlaying: autoplay) } }"]
        #expect(Self.severities(memberwise, only: "state-not-private", otherFiles: caller) == [.warning], "a caller passes it: its value is dropped")
        // The view edits what the caller seeds (a draft): the copy may be the design.
        let draft = memberwise.replacingOccurrences(of: "Text(\"\\(isPlaying)\")", with: "Toggle(\"Play\", isOn: $isPlaying)")
        #expect(draft != memberwise)
        #expect(Self.severities(draft, only: "state-not-private", otherFiles: caller) == [.info], "the view writes it through a binding")
        let assigned = memberwise.replacingOccurrences(of: "Text(\"\\(isPlaying)\")", with: "Button(\"Play\") { isPlaying = true }")
        #expect(Self.severities(assigned, only: "state-not-private", otherFiles: caller) == [.info], "the view assigns it")
        let constant = ["Queue.swift": "struct Queue: View { var body: some View { Player(isPlaying: true) } }"]
        #expect(Self.severities(memberwise, only: "state-not-private", otherFiles: constant) == [.info], "a constant is the same value every time")
        let other = ["Queue.swift": "struct Queue: View { var body: some View { Player() } }"]
        #expect(Self.severities(memberwise, only: "state-not-private", otherFiles: other) == [.info])
        let preview = ["Player+Preview.swift": "#Preview { Player(isPlaying: true) }",
                       "Queue.swift": "struct Queue: View { var body: some View { Player() } }"]
        #expect(Self.severities(memberwise, only: "state-not-private", otherFiles: preview) == [.info], "a preview seeds it on purpose")
    }

    @Test func anyViewIsAWarningOnlyAsAListRowsOwnView() {
        func code(_ rows: String) -> String { "struct Feed: View {\n    let items: [Item]\n    var body: some View {\n\(rows)\n    }\n}" }
        #expect(Self.severities(code("List(items) { item in AnyView(Row(item)) }"), only: "any-view") == [.warning])
        #expect(Self.severities(code("List { Section { ForEach(items) { item in AnyView(Row(item)) } } }"), only: "any-view") == [.warning])
        #expect(Self.severities(code("ScrollView { LazyVStack { ForEach(items) { item in AnyView(Row(item)) } } }"), only: "any-view") == [.info],
                "a lazy stack builds rows as they appear")
        #expect(Self.severities(code("List(items) { item in Row(item).overlay { AnyView(Badge()) } }"), only: "any-view") == [.info],
                "the row's own type is known; only an overlay is erased")
    }

    @Test func navigationViewInAPreviewIsAHint() {
        #expect(Self.severities("#Preview { NavigationView { InboxView() } }", only: "navigation-view") == [.hint])
        let migrated = ["Detail.swift": "struct Detail: View { var body: some View { NavigationStack { Text(\"a\") } } }"]
        #expect(Self.severities("struct Root: View { var body: some View { NavigationView { InboxView() } } }", only: "navigation-view",
                                otherFiles: migrated) == [.warning])
    }

    /// A screen a router's enum builds (`enum Screen { var view: some View }`) for
    /// `.navigationDestination(for: Screen.self)` is only ever pushed: its `NavigationView` nests a second
    /// container, and the advice is to remove it. Built also where the enum is no destination, it is not.
    @Test func aScreenARouterEnumBuildsForADestinationIsOnlyPushed() {
        let screen = "struct Experiments: View { var body: some View { NavigationView { List { Text(\"a\") } } } }"
        let router = """
            enum Screen: Hashable {
                case experiments, settings
                @ViewBuilder var view: some View {
                    switch self {
                    case .experiments: Experiments()
                    case .settings: Text("Settings")
                    }
                }
            }
            struct RouterProvider: View {
                var body: some View {
                    NavigationStack { Text("Home").navigationDestination(for: Screen.self) { screen in screen.view } }
                }
            }
            """
        let pushed = RuleHarness.lint(screen, only: "navigation-view", otherFiles: ["Router.swift": router])
        #expect(pushed.count == 1 && pushed[0].message.contains("only ever pushed"), "\(pushed.map(\.message))")
        let alsoTab = router + "\nstruct Tabs: View { var body: some View { TabView { Experiments() } } }"
        let built = RuleHarness.lint(screen, only: "navigation-view", otherFiles: ["Router.swift": alsoTab])
        #expect(built.count == 1 && !built[0].message.contains("only ever pushed"), "\(built.map(\.message))")
    }

    @Test func navigationViewInAnAppThatHasNotMigratedIsInfo() {
        let root = "struct Root: View { var body: some View { NavigationView { InboxView() } } }"
        #expect(Self.severities(root, only: "navigation-view") == [.info], "no NavigationStack anywhere: the app's convention")
        let split = ["Mail.swift": "struct Mail: View { var body: some View { NavigationSplitView { Text(\"a\") } detail: { Text(\"b\") } } }"]
        #expect(Self.severities(root, only: "navigation-view", otherFiles: split) == [.warning], "the app has begun to migrate")
    }

    @Test func navigationViewInAHostViewOnlyPreviewsBuildIsAHint() {
        let host = """
            struct TimerSheetHost: View {
                @State private var show = true
                var body: some View { Color.clear.sheet(isPresented: $show) { NavigationView { TimerView() } } }
            }
            """
        #expect(Self.severities(host, only: "navigation-view", otherFiles: ["Previews.swift": "#Preview { TimerSheetHost() }"]) == [.hint])
        let app = ["Root.swift": "struct Root: View { var body: some View { TimerSheetHost() } }",
                   "Detail.swift": "struct Detail: View { var body: some View { NavigationStack { Text(\"a\") } } }"]
        #expect(Self.severities(host, only: "navigation-view", otherFiles: app) == [.warning], "the app builds it")
    }

    @Test func aOneShotTaskOnAppearIsInfoAndOneRacingTheCleanupAWarning() {
        func view(_ modifiers: String) -> String {
            "struct Card: View {\n    @State private var items: [Item] = []\n    var body: some View {\n        Text(\"a\")\(modifiers)\n    }\n}"
        }
        #expect(Self.severities(view(".onAppear { Task { items = await load() } }"), only: "onappear-task") == [.info])
        #expect(Self.severities(view(".onAppear { Task { items.append(await load()) } }.onDisappear { items.removeAll() }"), only: "onappear-task") == [.warning])
        #expect(Self.severities(view(".onAppear { Task { for await item in feed { items.append(item) } } }"), only: "onappear-task") == [.warning])
    }

    @Test func screenBoundsOutsideLayoutIsInfo() {
        let random = """
            struct Lightning: View {
                @State private var startX: CGFloat = 0
                var body: some View { Bolt(x: startX).onAppear { startX = CGFloat.random(in: UIScreen.main.bounds.minX...UIScreen.main.bounds.maxX) } }
            }
            """
        #expect(Self.severities(random, only: "uiscreen-bounds") == [.info, .info], "a random start point for a decoration")
        let direct = """
            struct Player: View {
                var body: some View {
                    Color.black.onGeometryChange(for: Bool.self) { $0.frame(in: .global).intersects(UIScreen.main.bounds) } action: { visible = $0 }
                }
            }
            """
        #expect(Self.severities(direct, only: "uiscreen-bounds") == [.info], "a visibility estimate")
        let layout = "struct Banner: View { var body: some View { Image(\"hero\").frame(width: UIScreen.main.bounds.width) } }"
        #expect(Self.severities(layout, only: "uiscreen-bounds") == [.warning])
    }

    @Test func conditionalViewIdentityNamesEveryDifferingModifier() throws {
        let code = """
            struct Dot: View {
                @State private var isConnected = false
                var body: some View {
                    if isConnected {
                        Image(systemName: "circle.fill").foregroundColor(.green).opacity(1.0)
                    } else {
                        Image(systemName: "circle.fill").foregroundColor(.gray).opacity(0.2)
                    }
                }
            }
            """
        let message = try #require(RuleHarness.lint(code, only: "conditional-view-identity").first).message
        #expect(message.contains("differing only by `.foregroundColor(…)` and `.opacity(…)`"))
        #expect(message.contains("give `.foregroundColor` and `.opacity` conditional arguments"))
    }

    @Test func cornerRadiusWithoutAntialiasingKeepsItInTheAdvice() throws {
        let diagnostic = try #require(RuleHarness.lint("Color.red.cornerRadius(8, antialiased: false)", only: "corner-radius").first)
        #expect(diagnostic.message.contains("FillStyle(antialiased: false)"))
        #expect(diagnostic.fixes.isEmpty, "`clipShape(.rect(cornerRadius:))` alone would antialias the edge")
    }

    @Test func constructionWorkBehindAnOffFlagOrInASubscriptionIsNotWork() {
        func code(_ initializer: String) -> [String: String] {
            // `load()` reads and decodes a file: the cost a call in an `init` must show to count.
            ["Backlog.swift": "final class Backlog {\n    var name = \"\"\n    var subscriptions = Set<AnyCancellable>()\n    \(initializer)\n"
                + "    func load() { _ = try? JSONDecoder().decode([String].self, from: Data(contentsOf: Self.url)) }\n}",
             // Built as the rows of a list: work its construction starts is shown to repeat.
             "Feeds.swift": "struct Feeds: View { let names: [String]; var body: some View { List(names, id: \\.self) { _ in Feed() } } }"]
        }
        let view = "struct Feed: View {\n    @State private var backlog = Backlog(name: \"Feed\")\n    var body: some View { Text(\"\") }\n}"
        let quiet = [
            "init(name: String, auto: Bool = false) { self.name = name; if auto { load() } }",
            "init(name: String, auto: Bool = false) { self.name = name; if (auto) { Task { await load() } } }",
            "init(name: String) { self.name = name; publisher.sink { [weak self] in self?.name = $0 }.store(in: &subscriptions) }",
            "init(name: String) { self.name = name; cancellable = publisher.assign(to: \\.name, on: self) }",
        ]
        for initializer in quiet {
            #expect(Self.severities(view, only: "heavy-state-initializer", otherFiles: code(initializer)).isEmpty, "\(initializer)")
        }
        let loud: [(String, Severity)] = [
            ("init(name: String, auto: Bool = true) { self.name = name; if auto { load() } }", .info),
            ("init(name: String, auto: Bool = false) { self.name = name; if !auto { load() } }", .info),
            ("init(name: String) { self.name = name; publisher.sink { _ in }.store(in: &subscriptions); load() }", .info),
            ("init(name: String, auto: Bool = false) { self.name = name; if auto { load() }; Task { await refresh() } }", .warning),
        ]
        for (initializer, severity) in loud {
            #expect(Self.severities(view, only: "heavy-state-initializer", otherFiles: code(initializer)) == [severity], "\(initializer)")
        }
        // The caller turns the flag on: the work behind it is done.
        let optIn = code("init(name: String, auto: Bool = false) { self.name = name; if auto { Task { await load() } } }")
        func creating(_ arguments: String) -> String { view.replacingOccurrences(of: "Backlog(name: \"Feed\")", with: "Backlog(\(arguments))") }
        #expect(Self.severities(creating("name: \"Feed\", auto: true"), only: "heavy-state-initializer", otherFiles: optIn) == [.warning])
        #expect(Self.severities(creating("name: \"Feed\", auto: isLive"), only: "heavy-state-initializer", otherFiles: optIn) == [.warning])
        #expect(Self.severities(creating("name: \"Feed\", auto: false"), only: "heavy-state-initializer", otherFiles: optIn).isEmpty)
    }

    /// A session made in a view's `init` sends nothing (info: a model is tidier); a request started
    /// there runs each time the parent re-creates the view (warning).
    @Test func urlSessionMadeInAnInitializerIsNoRequest() {
        func view(_ statement: String) -> String {
            """
            struct CachedImage: View {
                let url: URL
                let session: URLSession
                init(url: URL) {
                    self.url = url
                    \(statement)
                }
                var body: some View { Text("a").task(id: url, load) }
                func load() async {}
            }
            """
        }
        #expect(Self.severities(view("session = URLSession(configuration: .default)"), only: "url-session-in-view") == [.info])
        #expect(Self.severities(view("session = .shared; URLSession.shared.dataTask(with: url).resume()"), only: "url-session-in-view") == [.warning])
    }

    /// A property's setter (and its observers) runs when the property is assigned, not when it is
    /// read: what it calls is not what a read in `body` reaches.
    @Test func aSetterIsNotWhatAReadReaches() {
        let view = """
            struct ContainerList: View {
                var body: some View { ForEach(Wine.containers) { Text($0.name) } }
            }
            """
        func wine(getter: String, setter: String) -> [String: String] {
            ["Wine.swift": """
                enum Wine {
                    static var containers: [Container] {
                        get { \(getter) }
                        set { \(setter) }
                    }
                    static var stored: [Container] = [] { didSet { _ = exists(stored) } }
                    static func exists(_ all: [Container]) -> [Container] {
                        all.filter { (try? FileManager.default.contentsOfDirectory(atPath: $0.name)) != nil }
                    }
                }
                """]
        }
        #expect(Self.severities(view, only: "work-in-body", otherFiles: wine(getter: "stored", setter: "stored = exists(newValue)")).isEmpty)
        #expect(!Self.severities(view, only: "work-in-body", otherFiles: wine(getter: "exists(stored)", setter: "stored = newValue")).isEmpty)
    }

    /// The trigger `.sensoryFeedback` would need is a value that changes exactly when the haptic
    /// plays. A flag the view also changes elsewhere (a sheet's `$flag`, reset on dismiss; another
    /// action) would play it then too: not named, and the finding is a hint.
    @Test func aHapticsTriggerIsNamedOnlyWhenNothingElseChangesIt() throws {
        func view(_ extra: String) -> String {
            """
            struct Meditation: View {
                @State private var showOptions = false
                var body: some View {
                    Button("Options") {
                        UIImpactFeedbackGenerator(style: .light).impactOccurred()
                        showOptions = true
                    }
                    \(extra)
                }
            }
            """
        }
        let alone = RuleHarness.lint(view(""), only: "haptics-generator")
        #expect(alone.map(\.severity) == [.info])
        #expect(try #require(alone.first).message.contains("trigger: showOptions"))
        for extra in [".sheet(isPresented: $showOptions) { Text(\"a\") }", ".accessibilityAction(named: \"Options\") { showOptions = true }"] {
            let elsewhere = RuleHarness.lint(view(extra), only: "haptics-generator")
            #expect(elsewhere.map(\.severity) == [.hint], "\(extra)")
            #expect(elsewhere.first?.message.contains("trigger: showOptions") == false, "\(extra)")
            // Said as it is: the state is set here, and changed elsewhere too.
            #expect(elsewhere.first?.message.contains("`showOptions`, set here, also changes elsewhere") == true, "\(extra)")
        }
    }

    /// A list of the same name in an unrelated type is another list: `viewState.items` is replaced
    /// only by code that reaches `ListState`'s `items`.
    @Test func aListReplacedElsewhereMustBeTheSameTypesList() {
        let view = """
            struct Requests: View {
                @ObservedObject var viewState: ListState
                var body: some View {
                    ForEach(Array(viewState.items.enumerated()), id: \\.offset) { _, item in Row(item: item) }
                }
            }
            struct Row: View {
                let item: String
                @State private var expanded = false
                var body: some View { Text(item) }
            }
            """
        let model = "final class ListState: ObservableObject { @Published var items: [String] = [] }"
        let unrelated = "struct SearchList { var items: [String] = []; mutating func clear() { items = [] } }"
        #expect(Self.severities(view, only: "foreach-index-identity", otherFiles: ["ListState.swift": model, "SearchList.swift": unrelated]).isEmpty)
        let loader = "struct Loader { let state: ListState; func reload() { state.items = [] } }"
        #expect(Self.severities(view, only: "foreach-index-identity", otherFiles: ["ListState.swift": model, "Loader.swift": loader]) == [.info])
    }

    /// A type only the `App` makes (`let server = Server()` in the `@main` app) is made once with
    /// it: a `Task` in its `init` starts once. Made by a view too, it starts per construction.
    @Test func aTaskInTheInitOfATypeOnlyTheAppMakesStartsOnce() {
        let server = """
            final class LocalServer: ObservableObject {
                let http = HTTPServer(port: 8486)
                init() {
                    Task { try? await self.start() }
                }
                func start() async throws { try await http.run() }
            }
            """
        let app = "@main struct Demo: App { let server = LocalServer(); var body: some Scene { WindowGroup { Text(\"a\") } } }"
        #expect(Self.severities(server, only: "task-in-init", otherFiles: ["DemoApp.swift": app]).isEmpty)
        let view = "struct Status: View { let server = LocalServer(); var body: some View { Text(\"a\") } }"
        #expect(!Self.severities(server, only: "task-in-init", otherFiles: ["DemoApp.swift": app, "Status.swift": view]).isEmpty)
    }

    /// JSON kept in `UserDefaults` (an `@AppStorage` value) is settings-sized by that store's design:
    /// decoding it per render is info, as a file decoded once per render of one view is.
    @Test func decodingAValueKeptInUserDefaultsIsInfo() {
        let view = """
            struct Profile: View {
                @EnvironmentObject var defaults: DefaultsService
                var body: some View { Text(defaults.mainUser?.name ?? "") }
            }
            """
        func service(_ source: String) -> [String: String] {
            ["DefaultsService.swift": """
                final class DefaultsService: ObservableObject {
                    @AppStorage("userInfo") private var userInfo = Data()
                    var mainUser: User? { try? JSONDecoder().decode(User.self, from: \(source)) }
                }
                """]
        }
        #expect(Self.severities(view, only: "work-in-body", otherFiles: service("userInfo")) == [.info])
        #expect(Self.severities(view, only: "work-in-body", otherFiles: service("UserDefaults.standard.data(forKey: \"u\") ?? Data()")) == [.info])
        // A file decoded once per render of one view is info too; on every tick of a schedule, either is
        // a warning.
        let file = service("Data(contentsOf: URL.documentsDirectory.appending(path: \"u.json\"))")
        #expect(Self.severities(view, only: "work-in-body", otherFiles: file) == [.info])
        let ticking = view.replacingOccurrences(of: "var body: some View { Text(defaults.mainUser?.name ?? \"\") }",
                                                with: "var body: some View { TimelineView(.periodic(from: .now, by: 1)) { _ in Text(defaults.mainUser?.name ?? \"\") } }")
        #expect(ticking != view)
        #expect(Self.severities(ticking, only: "work-in-body", otherFiles: file) == [.warning])
        #expect(Self.severities(ticking, only: "work-in-body", otherFiles: service("userInfo")) == [.warning])
        // Read through a property the type declares a `UserDefaults`, and a local.
        let held = ["DefaultsService.swift": """
            final class DefaultsService: ObservableObject {
                private let store: UserDefaults
                init() { store = UserDefaults.standard }
                var mainUser: User? {
                    let data = store.data(forKey: "user")
                    if let data { return try? JSONDecoder().decode(User.self, from: data) }
                    return nil
                }
            }
            """]
        #expect(Self.severities(view, only: "work-in-body", otherFiles: held) == [.info])
        // The text of an `@AppStorage` string, also through the condition that binds it; and per row.
        let text = ["Settings.swift": """
            final class Settings: ObservableObject {
                @AppStorage("events") var eventsJSON: String = "[]"
                var events: Set<String> {
                    if let data = eventsJSON.data(using: .utf8), let events = try? JSONDecoder().decode(Set<String>.self, from: data) { return events }
                    return []
                }
            }
            """]
        let toggles = """
            struct Events: View {
                @EnvironmentObject var settings: Settings
                let all: [String]
                var body: some View { List(all, id: \\.self) { name in Toggle(name, isOn: .constant(settings.events.contains(name))) } }
            }
            """
        #expect(Self.severities(toggles, only: "work-in-body", otherFiles: text) == [.info])
        let read = ["Settings.swift": text["Settings.swift"]!.replacingOccurrences(of: "eventsJSON.data(using: .utf8)", with: "try? Data(contentsOf: URL(filePath: eventsJSON))")]
        #expect(Self.severities(toggles, only: "work-in-body", otherFiles: read) == [.warning], "a file read per row stays a warning")
    }

    /// A member of an extension read on a value whose type the walk does not know
    /// (`model.notes.dataCount`) reaches what it calls in the same extension (`encode()`), not only
    /// its own code.
    @Test func anExtensionMemberReachesWhatItCalls() {
        let view = """
            struct DataCount: View {
                @EnvironmentObject var model: AppModel
                var body: some View { Text("\\(model.notes.dataCount)") }
            }
            """
        func notes(_ dataCount: String) -> [String: String] {
            ["Notes.swift": """
                final class AppModel: ObservableObject { @Published var notes: [Note] = [] }
                extension Array where Element == Note {
                    func encode() -> Data { (try? JSONEncoder().encode(self)) ?? Data() }
                    var dataCount: Int { \(dataCount) }
                }
                """]
        }
        // Once per render of one view: info (how often it renders is not shown).
        #expect(Self.severities(view, only: "work-in-body", otherFiles: notes("encode().count")) == [.info])
        #expect(Self.severities(view, only: "work-in-body", otherFiles: notes("count")).isEmpty)
    }

    /// A demo view only a `#Preview` builds never runs in the app: a `_printChanges()` there logs
    /// only in previews (info). Built by app code too, it ships (warning).
    @Test func printChangesInViewsOnlyPreviewsBuildIsInfo() {
        let demo = """
            struct Counter: View {
                var body: some View {
                    Self._printChanges()
                    return Text("a")
                }
            }
            """
        #expect(Self.severities(demo, only: "print-changes", otherFiles: ["Previews.swift": "#Preview { Counter() }"]) == [.info])
        #expect(Self.severities(demo, only: "print-changes", otherFiles: [
            "Previews.swift": "#Preview { Counter() }",
            "Root.swift": "struct Root: View { var body: some View { Counter() } }",
        ]) == [.warning])
        #expect(Self.severities(demo, only: "print-changes") == [.warning], "built by nothing the workspace shows")
    }

    @Test func aPreviewWhoseViewHasItsOwnStackIsToldToDropTheWrapper() throws {
        let inbox = ["InboxView.swift": "struct InboxView: View { var body: some View { NavigationStack { Text(\"a\") } } }"]
        let diagnostics = RuleHarness.lint("#Preview { NavigationView { InboxView() } }", only: "navigation-view", otherFiles: inbox)
        #expect(diagnostics.map(\.severity) == [.hint])
        #expect(try #require(diagnostics.first).message.contains("`InboxView` has its own navigation stack: remove the wrapper"))
    }

    @Test func aNestedTaskTypeIsAWarningThatNamesItsParent() throws {
        let code = """
            struct Upload {
                enum Task { case send }
                func start() { Task { await send() } }
            }
            """
        let diagnostics = RuleHarness.lint(code, only: "type-named-task")
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(try #require(diagnostics.first).message.contains("inside `Upload`"))
        #expect(Self.severities("struct Task {}", only: "type-named-task") == [.error])
    }

    /// Work one call away is a warning where it runs per row of a view a schedule re-renders (or is
    /// heavy on its own), info where it runs once per render of one view, or per row of a view
    /// nothing re-renders on a schedule.
    @Test func reachedWorkIsAWarningPerRowOnAScheduleAndInfoOncePerView() {
        let helper = ["Dates.swift": "func relativeTime(_ date: Date) -> String { RelativeDateTimeFormatter().localizedString(for: date, relativeTo: .now) }"]
        let detail = "struct Detail: View { let item: Item; var body: some View { Text(relativeTime(item.date)) } }"
        let rows = "struct Feed: View { @State private var items: [Item] = []; var body: some View { List { ForEach(items) { Text(relativeTime($0.date)) } } } }"
        #expect(Self.severities(detail, only: "formatter-in-body", otherFiles: helper) == [.info])
        #expect(Self.severities(rows, only: "formatter-in-body", otherFiles: helper) == [.info], "how often the rows render is not shown")
        let ticking = rows.replacingOccurrences(of: "} } } }", with: "}.onReceive(timer) { _ in } } } ; let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect() }")
        #expect(ticking != rows)
        #expect(Self.severities(ticking, only: "formatter-in-body", otherFiles: helper) == [.warning], "a timer re-renders the rows every second")
        let published = rows.replacingOccurrences(of: "} } } }", with: "}.onReceive(store.$timer) { _ in } } } ; @StateObject var store = Store() }")
        #expect(Self.severities(published, only: "formatter-in-body", otherFiles: helper.merging(
            ["Store.swift": "final class Store: ObservableObject { @Published var timer = 0 }"]) { $1 }) == [.info],
                "a publisher named like a timer that is none")
        let decoding = ["Store.swift": "final class Store: ObservableObject { let url: URL; var settings: Settings { (try? JSONDecoder().decode(Settings.self, from: Data(contentsOf: url))) ?? .init() } }"]
        let detailDecodes = "struct Detail: View { @EnvironmentObject var store: Store; var body: some View { Text(store.settings.title) } }"
        #expect(Self.severities(detailDecodes, only: "work-in-body", otherFiles: decoding) == [.info], "once per render of one view")
        let detailTicks = detailDecodes.replacingOccurrences(of: "Text(store.settings.title)", with: "TimelineView(.everyMinute) { _ in Text(store.settings.title) }")
        #expect(Self.severities(detailTicks, only: "work-in-body", otherFiles: decoding) == [.warning], "a file decoded on every tick")
    }

    /// Never an error: a new identity resets state and re-animates, but nothing crashes or fails to
    /// compile. A computed `id` is new on every read, an identity only where views are identified by it.
    @Test func aUUIDIdentityIsAWarningNeverAnError() {
        let fallback = "struct Row: Identifiable { var podcastID: String?; var id: String { podcastID ?? UUID().uuidString } }"
        #expect(Self.severities(fallback, only: "unstable-identity") == [.info], "new only where the value is nil")
        let listed = ["Feed.swift": "struct Feed: View { let rows: [Row]; var body: some View { List(rows) { Text(\"\\($0.id)\") } } }"]
        #expect(Self.severities("struct Row: Identifiable { var id: UUID { UUID() } }", only: "unstable-identity", otherFiles: listed) == [.warning])
        // A type no view names is never a view's data (a request body): info.
        #expect(Self.severities("struct Row: Identifiable { var id: UUID { UUID() } }", only: "unstable-identity") == [.info])
        #expect(Self.severities("struct Feed: View { var body: some View { Header().id(UUID()) } }", only: "unstable-identity") == [.warning])
    }

    @Test func softDeprecatedRenamesAreInfo() {
        #expect(Self.severities("let v = Text(\"a\").foregroundColor(.red)", only: "foreground-color") == [.info])
        #expect(Self.severities("let v = Image(\"cover\").cornerRadius(8)", only: "corner-radius") == [.info])
    }

    /// A severity the configuration file sets for the rule wins over the lower one the evidence earns.
    @Test func aConfiguredSeverityWinsOverALoweredOne() throws {
        let code = "#Preview { NavigationView { InboxView() } }"
        let file = try ConfigurationFile.parse(Array(#"{"rules": {"navigation-view": "warning"}}"#.utf8), path: "/p/.swiftui-gotchas.json",
                                               rules: RuleHarness.linter.descriptions)
        let configured = RuleConfiguration.resolve(rules: RuleHarness.linter.descriptions, file: file)
        #expect(configured.userConfigured.contains("navigation-view"))
        let document = SourceDocument(path: "Example.swift", text: code)
        let diagnostics = RuleHarness.linter.lint(document, configuration: configured).diagnostics.filter { $0.ruleID == "navigation-view" }
        #expect(diagnostics.map(\.severity) == [.warning])
        let byDefault = RuleConfiguration.resolve(rules: RuleHarness.linter.descriptions, file: nil)
        #expect(RuleHarness.linter.lint(document, configuration: byDefault).diagnostics.filter { $0.ruleID == "navigation-view" }.map(\.severity) == [.hint])
    }

    @Test func aStateClassWhoseInitStartsATaskIsAWarningInRowsOneThatReachesACostIsInfoAndOneThatOnlyCallsIsQuiet() {
        let view = """
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View { Text("") }
            }
            """
        let rows = ["Feeds.swift": "struct Feeds: View { let ids: [Int]; var body: some View { ForEach(ids, id: \\.self) { _ in FeedView() } } }"]
        let starts = ["FeedModel.swift": "@Observable final class FeedModel { init() { Task { await load() } } }"]
        #expect(Self.severities(view, only: "heavy-state-initializer", otherFiles: starts.merging(rows) { $1 }) == [.warning])
        #expect(Self.severities(view, only: "heavy-state-initializer", otherFiles: starts) == [.info], "no parent shown to update often")
        let reaches = ["FeedModel.swift": "@Observable final class FeedModel { init() { restore() }; func restore() { _ = try? Data(contentsOf: Self.url) } }"]
            .merging(rows) { $1 }
        #expect(Self.severities(view, only: "heavy-state-initializer", otherFiles: reaches) == [.info])
        let calls = ["FeedModel.swift": "@Observable final class FeedModel { init() { setUpPlaceholders() } }"]
        #expect(Self.severities(view, only: "heavy-state-initializer", otherFiles: calls).isEmpty, "a call whose cost nothing shows")
        let cheap = ["FeedModel.swift": "@Observable final class FeedModel { var table = NSMapTable<NSString, AnyObject>.weakObjects(); init() { } }"]
        #expect(Self.severities(view, only: "heavy-state-initializer", otherFiles: cheap).isEmpty)
    }

    @Test func aHapticWithNoStateChangeBesideItIsAHint() {
        let code = """
            import SwiftUI
            struct Picker: View {
                @State private var index = 0
                var body: some View {
                    Button("Next") { index += 1; UISelectionFeedbackGenerator().selectionChanged() }
                    Button("Buzz") { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                }
            }
            """
        #expect(Self.severities(code, only: "haptics-generator") == [.info, .hint])
    }

    @Test func aTaskInANonisolatedInitIsAWarningOnlyWhereItWritesState() {
        let code = """
            final class Status: @unchecked Sendable {
                private var plan: Plan?
                init(repository: Repository) {
                    Task { [weak self] in self?.plan = try? await repository.plan() }
                    Task { await self.refresh() }
                }
            }
            """
        #expect(Self.severities(code, only: "task-in-init") == [.warning])
        // An observable model's state is what views read: a task calling its methods is info there.
        let model = code.replacingOccurrences(of: "final class Status: @unchecked Sendable {", with: "final class Status: ObservableObject, @unchecked Sendable {")
        #expect(model != code)
        #expect(Self.severities(model, only: "task-in-init") == [.warning, .info])
    }

    @Test func aNavigationViewInAPushedViewIsToldToGo() {
        let code = """
            struct CategoriesView: View {
                var body: some View { NavigationView { List { Text("Mugs") } } }
            }
            """
        let pusher = ["Settings.swift": """
            struct Settings: View {
                var body: some View {
                    NavigationStack { List { Text("a") }.navigationDestination(for: Int.self) { _ in CategoriesView() } }
                }
            }
            """]
        let diagnostics = RuleHarness.lint(code, only: "navigation-view", otherFiles: pusher)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("remove the wrapper") == true)
        #expect(diagnostics.first?.fixes.map(\.title) == ["Remove the `NavigationView` wrapper"])
        #expect(diagnostics.first?.fixes.first?.applicability == .unsafe)
        let sheet = ["Settings.swift": "struct Settings: View { var body: some View { Text(\"a\").sheet(isPresented: .constant(true)) { CategoriesView() } } }"]
        #expect(RuleHarness.lint(code, only: "navigation-view", otherFiles: sheet).first?.message.contains("remove the wrapper") == false)
    }

    @Test func aStateClassOfAPresentedViewIsInfo() {
        let view = """
            struct SettingsView: View {
                @State private var store = IdentityStore()
                var body: some View { Text("") }
            }
            """
        let store = ["IdentityStore.swift": "final class IdentityStore { let decoder = JSONDecoder() }"]
        let inRows = store.merging(["Main.swift": "struct Main: View { var body: some View { List(items) { _ in SettingsView() } } }"]) { $1 }
        #expect(Self.severities(view, only: "heavy-state-initializer", otherFiles: inRows) == [.warning])
        for presenter in [".sheet(isPresented: $shown) { SettingsView() }", ".fullScreenCover(isPresented: $shown) { SettingsView() }",
                          ".navigationDestination(for: Int.self) { _ in SettingsView() }"] {
            let shown = store.merging(["Main.swift": "struct Main: View { @State var shown = false; var body: some View { Text(\"\")\(presenter) } }"]) { $1 }
            #expect(Self.severities(view, only: "heavy-state-initializer", otherFiles: shown) == [.info], "\(presenter)")
        }
    }

    @Test func valuesRemadeEachRenderAreAWarningOnlyUnderRowsThatHoldState() {
        let view = """
            struct Legend: View {
                struct Entry: Identifiable { let id = UUID(); let name: String }
                var body: some View {
                    let entries = ["a", "b"].map { Entry(name: $0) }
                    ForEach(entries) { entry in ROW }
                }
            }
            """
        let row = ["EntryRow.swift": "struct EntryRow: View { let entry: Legend.Entry; @State private var isOpen = false; var body: some View { Text(\"\") } }"]
        #expect(Self.severities(view.replacingOccurrences(of: "ROW", with: "Text(entry.name)"), only: "unstable-identity") == [.info])
        #expect(Self.severities(view.replacingOccurrences(of: "ROW", with: "EntryRow(entry: entry)"), only: "unstable-identity", otherFiles: row) == [.warning])
    }

    @Test func rowsThatOnlyConvertValuesHoldNoState() {
        let code = """
            struct Scores: View {
                @State private var scores: [Int] = []
                var body: some View {
                    ForEach(scores.indices, id: \\.self) { i in Text(String(scores[i])).opacity(Double(i) / 10) }
                        .onDelete { scores.remove(atOffsets: $0) }
                }
            }
            """
        #expect(Self.severities(code, only: "foreach-index-identity") == [.info], "String(…) and Double(…) are values, not views with state")
        let stateful = code.replacingOccurrences(of: "Text(String(scores[i]))", with: "TextField(\"\", value: $scores[i], format: .number)")
        #expect(Self.severities(stateful, only: "foreach-index-identity") == [.warning])
    }

    @Test func anIdentitySwapIsAWarningWhereItShows() {
        let code = """
            struct SortButton: View {
                @State private var isLoading = false
                var body: some View {
                    if isLoading {
                        Text("Sort").foregroundColor(.secondary)
                    } else {
                        Text("Sort")
                    }
                    Button("Load") { isLoading.toggle() }
                }
            }
            """
        #expect(Self.severities(code, only: "conditional-view-identity") == [.info], "stateless, and nothing animates the change")
        let animated = code.replacingOccurrences(of: "{ isLoading.toggle() }", with: "{ withAnimation { isLoading.toggle() } }")
        #expect(Self.severities(animated, only: "conditional-view-identity") == [.warning], "a withAnimation writes the condition")
        let stateful = code.replacingOccurrences(of: "Text(\"Sort\")", with: "SortLabel()")
        let label = ["SortLabel.swift": "struct SortLabel: View { @State private var pressed = false; var body: some View { Text(\"Sort\") } }"]
        #expect(Self.severities(stateful, only: "conditional-view-identity", otherFiles: label) == [.warning], "the view holds state")
    }

    @Test func fileWorkInAStatelessPushedViewIsInfo() {
        let about = """
            struct AboutView: View {
                let files: [String]
                var body: some View {
                    List { ForEach(files, id: \\.self) { file in Text((try? String(contentsOfFile: file)) ?? "") } }
                }
            }
            """
        let settings = ["Settings.swift": "struct SettingsView: View { var body: some View { NavigationLink(\"About\") { AboutView(files: []) } } }"]
        #expect(Self.severities(about, only: "work-in-body", otherFiles: settings) == [.info], "pushed, no changing state: about once per visit")
        let stateful = about.replacingOccurrences(of: "let files", with: "@State private var expanded = false\n    let files")
        #expect(Self.severities(stateful, only: "work-in-body", otherFiles: settings) == [.warning], "its own state re-renders every row")
        let everywhere = ["Root.swift": "struct Root: View { var body: some View { AboutView(files: []) } }"]
        #expect(Self.severities(about, only: "work-in-body", otherFiles: everywhere) == [.warning], "built in a parent's body")
        let once = stateful.replacingOccurrences(of: "List { ForEach(files, id: \\.self) { file in Text((try? String(contentsOfFile: file)) ?? \"\") } }",
                                                 with: "Text((try? String(contentsOfFile: files[0])) ?? \"\")")
        #expect(once != stateful)
        #expect(Self.severities(once, only: "work-in-body", otherFiles: everywhere) == [.info], "once per render of one view")
    }

    @Test func aViewThroughAProjectProtocolNamesTheType() {
        let formula = "struct Formula: Identifiable {\n    let name: String\n    var id: UUID { UUID() }\n}"
        let throughProtocol = ["Root.swift": "protocol BaseView: View {}\nstruct CalcRoot: BaseView { var body: some View { ForEach([Formula(name: \"a\")]) { Text($0.name) } } }"]
        let diagnostics = RuleHarness.lint(formula, only: "unstable-identity", otherFiles: throughProtocol)
        #expect(diagnostics.map(\.severity) == [.warning], "CalcRoot is a view through BaseView")
        #expect(diagnostics.first?.message.contains("no view names") == false)
        let noView = ["Root.swift": "struct Calculator { let formulas = [Formula(name: \"a\")] }"]
        #expect(Self.severities(formula, only: "unstable-identity", otherFiles: noView) == [.info])
    }

    @Test func aStyleChoiceNothingAnimatesIsQuiet() {
        let code = """
            struct Pill: View {
                var canDelete: Bool
                @State private var isHovering = false
                var body: some View {
                    Capsule().fill(canDelete ? AnyShapeStyle(.red) : AnyShapeStyle(.secondary))
                }
            }
            """
        #expect(Self.severities(code, only: "anyshapestyle-ternary").isEmpty)
        let chained = code.replacingOccurrences(of: "AnyShapeStyle(.secondary))", with: "AnyShapeStyle(.secondary)).animation(.snappy, value: canDelete)")
        #expect(Self.severities(chained, only: "anyshapestyle-ternary") == [.warning])
        let hover = code.replacingOccurrences(of: "canDelete ?", with: "isHovering ?")
            .replacingOccurrences(of: "Capsule()", with: "Capsule().onHover { h in withAnimation { isHovering = h } }")
        #expect(Self.severities(hover, only: "anyshapestyle-ternary").isEmpty, "withAnimation's default animation does not overshoot, between two kinds of style")
        let bouncyHover = hover.replacingOccurrences(of: "withAnimation {", with: "withAnimation(.bouncy) {")
        #expect(Self.severities(bouncyHover, only: "anyshapestyle-ternary") == [.warning], "a bouncy withAnimation writes the condition")
        let elsewhere = code.replacingOccurrences(of: "var body: some View {", with: "var badge: some View { Text(\"\").animation(.default, value: isHovering) }\n    var body: some View {")
        #expect(Self.severities(elsewhere, only: "anyshapestyle-ternary").isEmpty, "an animation of another view")
    }

    @Test func editableIndexRowsThatHoldNoStateAreInfo() {
        let code = """
            struct Names: View {
                @State private var names: [String] = []
                var body: some View {
                    List { ForEach(names.indices, id: \\.self) { i in Text(names[i]) }.onDelete { names.remove(atOffsets: $0) } }
                }
            }
            """
        #expect(Self.severities(code, only: "foreach-index-identity") == [.info])
        let fields = code.replacingOccurrences(of: "Text(names[i])", with: "TextField(\"\", text: $names[i])")
        #expect(Self.severities(fields, only: "foreach-index-identity") == [.warning])
    }

    @Test func theOneRequestInATaskIsInfo() {
        let code = """
            struct Privacy: View {
                @State private var text = ""
                var body: some View {
                    Text(text).task { text = String(decoding: (try? await URLSession.shared.data(from: url).0) ?? Data(), as: UTF8.self) }
                }
            }
            """
        #expect(Self.severities(code, only: "url-session-in-view") == [.info])
        let two = code.replacingOccurrences(of: "Text(text)", with: "Text(text).onAppear { URLSession.shared.dataTask(with: url).resume() }")
        #expect(Self.severities(two, only: "url-session-in-view") == [.warning, .info], "started on appear, nothing cancels it; the task's is cancelled")
        let submit = code.replacingOccurrences(of: "Text(text)", with: "Button(\"Send\") { Task { _ = try? await URLSession.shared.data(for: request) } }; Text(text)")
        #expect(Self.severities(submit, only: "url-session-in-view") == [.info, .info], "a request the user starts")
    }

    @Test func aComputedUUIDOfAnErrorNoViewNamesIsInfo() {
        let error = "enum EngineError: Error, Identifiable { case failed; var id: UUID { UUID() } }"
        #expect(Self.severities(error, only: "unstable-identity", otherFiles: ["Engine.swift": "final class Engine { func run() throws { throw EngineError.failed } }"]) == [.info])
        #expect(Self.severities(error, only: "unstable-identity", otherFiles: ["Alert.swift": "struct Failure: View { @State var error: EngineError?; var body: some View { Text(\"\").alert(item: $error) { _ in Alert(title: Text(\"\")) } } }"]) == [.warning])
    }

    @Test func aContextOnlyMainActorCodeUsesIsQuiet() {
        let store = """
            final class LocalStore {
                private let context: ModelContext
                init(context: ModelContext) { self.context = context }
                func items() throws -> [Item] { try context.fetch(FetchDescriptor<Item>()) }
            }
            """
        let mainActorUser = ["Service.swift": "@MainActor final class Service { let store: LocalStore; init(c: ModelContext) { store = LocalStore(context: c) } }"]
        #expect(Self.severities(store, only: "model-context-stored", otherFiles: mainActorUser).isEmpty)
        let otherUser = ["Sync.swift": "final class Sync { let store: LocalStore; init(c: ModelContext) { store = LocalStore(context: c) } }"]
        #expect(Self.severities(store, only: "model-context-stored", otherFiles: otherUser) == [.warning])
        let asyncRead = store.replacingOccurrences(of: "func items() throws", with: "func items() async throws")
        #expect(Self.severities(asyncRead, only: "model-context-stored", otherFiles: mainActorUser) == [.warning], "an async method runs off the main actor")
    }

    @Test func anInsetWithNoControlsIsNotABar() {
        let code = """
            struct Documents: View {
                var body: some View {
                    List { Text("a") }.safeAreaInset(edge: .bottom) { Pill() }
                }
            }
            """
        let pill = ["Pill.swift": "struct Pill: View { var body: some View { Text(\"3 documents\") } }"]
        #expect(Self.severities(code, only: "safe-area-inset-bottom", otherFiles: pill).isEmpty)
        let bar = ["Pill.swift": "struct Pill: View { var body: some View { HStack { Button(\"Add\") { add() } } } }"]
        #expect(Self.severities(code, only: "safe-area-inset-bottom", otherFiles: bar) == [.hint])
        let index = WorkspaceIndex(files: [RuleCatalog.linter.lint(SourceDocument(path: "Pill.swift", text: bar["Pill.swift"]!), configuration: RuleHarness.configuration(only: "safe-area-inset-bottom")).fileIndex])
        #expect(index.viewTreeBuildsControl(rootedAt: "Pill") == true, "\(index.files["Pill.swift"]?.builtViews ?? [:])")
    }

    /// Where one input alone changes the modified view, `.animation(_:value:)` with it animates the
    /// same changes: info. Two inputs, a helper of the view, or a view holding state of its own keep
    /// the warning.
    @Test func anAnimationOfAViewOneInputChangesIsInfo() {
        let code = """
            struct Menu: View {
                @Environment(\\.iconSize) var iconSize
                @State private var busy = false
                @State private var count = 0
                var body: some View {
                    ZStack {
                        Spinner().frame(width: iconSize).opacity(busy ? 1 : 0).animation(.linear)
                        Text("\\(count)").opacity(busy ? 1 : 0).animation(.linear)
                        Picker(count: count).animation(.linear)
                        badge.animation(.linear)
                        ForEach(items) { item in Text(item.name).opacity(busy ? 1 : 0).animation(.linear) }
                    }
                }
                var badge: some View { Text("\\(count)") }
            }
            struct Spinner: View { var body: some View { ProgressView() } }
            struct Picker: View {
                let count: Int
                @State private var open = false
                var body: some View { Text("\\(count)") }
            }
            """
        let findings = RuleHarness.lint(code, only: "animation-without-value")
        #expect(findings.map(\.severity) == [.info, .warning, .warning, .warning, .warning])
        #expect(findings.first?.message.contains("only `busy` changes this view") == true)
    }

    /// On tvOS an app always fills the screen: the screen's size is the window's, only the
    /// deprecation is left (info). Built for iOS too, the layout claim holds (warning).
    @Test func theScreenOnTVOnlyIsInfo() {
        let code = "struct Banner: View { var body: some View { Color.blue.frame(width: UIScreen.main.bounds.width / 3) } }"
        let tv = RuleHarness.lint(code, only: "uiscreen-bounds", platforms: [.tvOS: OSVersion(17)])
        #expect(tv.map(\.severity) == [.info])
        #expect(tv.first?.message.contains("on tvOS") == true)
        #expect(Self.severities(code, only: "uiscreen-bounds").count == 1)
        #expect(RuleHarness.lint(code, only: "uiscreen-bounds", platforms: [.iOS: OSVersion(17), .tvOS: OSVersion(17)]).map(\.severity) == [.warning])
        // A size a static property stores once is still the window's on tvOS.
        let stored = "struct Banner: View { var body: some View { Color.blue.frame(width: Spacing.screenWidth / 3) } }"
        let spacing = ["Spacing.swift": "enum Spacing { static let screenWidth = UIScreen.main.bounds.width }"]
        #expect(RuleHarness.lint(stored, only: "uiscreen-bounds", otherFiles: spacing, platforms: [.tvOS: OSVersion(17)]).map(\.severity) == [.info])
        #expect(RuleHarness.lint(stored, only: "uiscreen-bounds", otherFiles: spacing, platforms: [.iOS: OSVersion(17)]).map(\.severity) == [.warning])
    }

    /// A view split over files edits its copy in an extension elsewhere (a binding handed to a
    /// field there, an in-place edit): a draft the view owns, info for both rules; `private` would
    /// not compile there, so it is not offered as safe.
    @Test func aCopyTheViewEditsInAnotherFileIsADraft() {
        let sheet = """
            struct ScheduleSheet: View {
                @State var note: String
                @State var paths: [String]
                init(note: String = "", paths: [String] = []) {
                    _note = State(initialValue: note)
                    _paths = State(initialValue: paths)
                }
                var body: some View { content }
            }
            """
        let content = ["ScheduleSheet+Content.swift": """
            extension ScheduleSheet {
                var content: some View {
                    VStack {
                        TextEditor(text: $note)
                        Button("Add") { paths.append("/tmp") }
                    }
                }
            }
            """]
        #expect(Self.severities(sheet, only: "state-copies-parameter", otherFiles: content) == [.info, .info])
        // A caller passes `note:` (without one, neither a hazard nor advice: no finding).
        var called = content
        called["Caller.swift"] = "struct Caller: View { var body: some View { ScheduleSheet(note: \"Weekly\") } }"
        let notPrivate = RuleHarness.lint(sheet, only: "state-not-private", otherFiles: called)
        #expect(notPrivate.map(\.severity) == [.info])
        #expect(notPrivate.first?.message.contains("ScheduleSheet+Content.swift") == true)
        #expect(notPrivate.allSatisfy { $0.fixes.allSatisfy { $0.applicability == .unsafe } })
        // Only shown in the other file: a copy that goes stale.
        let shown = ["ScheduleSheet+Content.swift": "extension ScheduleSheet { var content: some View { Text(note + paths.joined()) } }"]
        #expect(Self.severities(sheet, only: "state-copies-parameter", otherFiles: shown) == [.warning, .warning])
    }

    /// Per row, a check of one path (`fileExists`) is one metadata lookup: info unless a schedule
    /// re-renders the rows; reading the file per row stays a warning.
    @Test func aPathCheckPerRowIsLightWork() {
        func rows(_ member: String) -> String {
            """
            struct ModelList: View {
                let models: [Model]
                var body: some View { List(models) { model in Text(model.name).opacity(isReady(model) ? 1 : 0.5) } }
                func isReady(_ model: Model) -> Bool { \(member) }
            }
            """
        }
        #expect(Self.severities(rows("FileManager.default.fileExists(atPath: model.path)"), only: "work-in-body") == [.info])
        #expect(Self.severities(rows("(try? Data(contentsOf: model.url)) != nil"), only: "work-in-body") == [.warning])
    }

    /// What the model records of a write through a representable's context: its own
    /// `Coordinator`'s member, not any class's `url`.
    @Test func aWriteThroughTheContextsCoordinatorIsTheCoordinators() {
        let code = """
            struct WebView: UIViewRepresentable {
                final class Coordinator: NSObject { var url: URL? }
                func makeCoordinator() -> Coordinator { Coordinator() }
                func makeUIView(context: Context) -> WKWebView { WKWebView() }
                func updateUIView(_ view: WKWebView, context: Context) { context.coordinator.url = nil }
            }
            """
        let configuration = RuleHarness.configuration(only: "observed-object-owned")
        let edits = RuleHarness.linter.lint(SourceDocument(path: "WebView.swift", text: code), configuration: configuration).fileIndex.elementEdits
        #expect(edits.contains(FileIndex.writeKey(of: "WebView.Coordinator.url")))
        #expect(!edits.contains(FileIndex.writeKey(of: "url")))
    }
}
