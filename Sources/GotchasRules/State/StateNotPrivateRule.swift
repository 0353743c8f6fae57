import GotchasCore
import SwiftSyntax

/// `@State`/`@StateObject` storage belongs to the view; a non-private one invites
/// callers to pass a value through the memberwise initializer that SwiftUI uses
/// only once, for the view's first appearance.
struct StateNotPrivateRule: Rule {
    static let description = RuleDescription(
        id: "state-not-private",
        category: .state,
        severity: .warning,
        seed: "002",
        summary: "`@State`/`@StateObject` that is not `private`; view-owned state should be `private`.",
        rationale: """
            `@State` is view-owned storage. When it is not `private`, the memberwise initializer lets \
            callers pass a value, but SwiftUI keeps the storage for the view's identity and ignores every \
            later value, so the screen silently shows stale data. Mark it `@State private var`; take input \
            as a plain `let`, or a `@Binding` when the child edits it.
            """,
        notFlagged: [
            "`@Previewable @State` in `#Preview`",
            "an edit draft with a way back (`onSave`, a `@Binding`)",
            "a property other files use",
            "a view only previews build",
        ],
        fixSafety: "Adds `private`. Safe when no other file uses the property and no caller passes its label; unsafe when one might (or the workspace is not fully indexed); none without an initial value, or in widget code.",
        severityReason: "warning where a caller passes the property's label its own changing state (a `@State`, a binding, an observed model's value, the row of a `ForEach` over them), or the callers are not all known yet: SwiftUI ignores that value after the first appearance; info where callers pass an input of their own or a value they compute (it changes only when they are made anew), where the view changes the state itself (a seeded draft, also in an extension in another file), where no caller passes it, every caller passes a constant (a literal or an enum case), a `@StateObject` is seeded by the view's own `init` (the injection the wrapper is made for), or a `@State` holds an object of a class the project declares (a caller seeds the model the view owns); a hint where the view's own `init` does not take it, or a private stored property makes the memberwise initializer private (nothing outside can pass one today). In widget code, info: the state is only a copy of what the caller passes (WidgetKit renders each entry once), so nothing is lost.",
        asks: [.initializerLabels, .memberUsers, .builtOnlyByPreviews, .elementEdits, .declaration],
        fix: .safe,
        triggers: ["State"],
        triggering: [
            RuleExample("""
                struct AmountMarquee: View {
                    @Binding var period: Int
                    ↓@State var currentValue: Double
                    var body: some View { Text("\\(currentValue * Double(period))") }
                }
                """, note: "a `@Binding` beside it, but the view never changes the state: the caller's ticking value is dropped",
                otherFiles: ["Summary.swift": """
                    struct Summary: View {
                        @State private var period = 1
                        let balance: (Date) -> Double
                        var body: some View {
                            TimelineView(.periodic(from: .now, by: 1)) { context in
                                AmountMarquee(period: $period, currentValue: balance(context.date))
                            }
                        }
                    }
                    """]),
            RuleExample("""
                struct WatchHome: View {
                    ↓@State var isActive = false
                    private var healthStore = HealthStore()
                    var body: some View { Text("") }
                }
                """, note: "hint: `healthStore` is private, so the memberwise initializer is too and no caller outside the file can pass `isActive:`",
                otherFiles: ["WatchApp.swift": "@main struct WatchApp: App { var body: some Scene { WindowGroup { WatchHome() } } }"]),
            RuleExample("""
                struct ShareView: View {
                    ↓@State var isPresenting = true
                    var body: some View { Text("Saved") }
                }
                #Preview { ShareView() }
                """, note: "a view a hosting controller shows is app code, not only a preview's", otherFiles: [
                    "ShareViewController.swift": "final class ShareViewController: UIViewController { let host = UIHostingController(rootView: ShareView()) }",
                ]),
            RuleExample("""
                struct LibraryView: View {
                    ↓@State var selection: Item.ID?
                    var body: some View { Text(selection == nil ? "None" : "Selected") }
                }
                """, note: "an optional starts as `nil`: callers build the view without passing it (info), as `LibraryView()` does", otherFiles: [
                    "App.swift": "@main struct LibraryApp: App { var body: some Scene { WindowGroup { LibraryView() } } }",
                ]),
            """
            struct Counter: View {
                ↓@State var count = 0
                ↓@StateObject var model = Model()
                @State private var ok = false
                var body: some View { Text("\\(count)") }
            }
            """,
            """
            struct Editor: View {
                @MainActor ↓@State
                var text: String = ""
                ↓@State public var visible = true
            }
            """,
            RuleExample("""
                import WidgetKit
                struct EpisodeRow: View {
                    ↓@State var isFirstEpisode: Bool = false
                    var body: some View { Text(isFirstEpisode ? "Now" : "Next") }
                }
                """, note: "a widget view: flagged with what is true there (rendered once per entry), and no `private` fix"),
            RuleExample("""
                public struct RatingPicker: View {
                    ↓@State var rating = 3
                    public var body: some View { Stepper("\\(rating)", value: $rating) }
                }
                """, note: "a package's public view that only a `#Preview` in the package builds: the package's clients build it", otherFiles: [
                    "RatingPicker+Preview.swift": "#Preview { RatingPicker() }",
                ]),
            RuleExample("""
                struct ConsentView: View {
                    ↓@StateObject var viewModel: ConsentViewModel
                    init(viewModel: ConsentViewModel) { _viewModel = StateObject(wrappedValue: viewModel) }
                    var body: some View { Text(viewModel.title) }
                }
                """, note: "info: the view's own `init` seeds the object it then owns, the injection `@StateObject` is made for; `private` only says so"),
            RuleExample("""
                struct MediaSheet: View {
                    ↓@State var snap: Snap
                    var body: some View { Button("Photo") { snap.kind = .media } }
                }
                """, note: "info: the view writes the seeded value itself (a draft), and without an initial value `private` alone would close the callers' initializer",
                otherFiles: ["History.swift": "struct History: View { let snap: Snap; var body: some View { MediaSheet(snap: snap) } }"]),
            RuleExample("""
                struct Player: View {
                    ↓@State var isPlaying = false
                    let episode: Episode
                    init(episode: Episode) { self.episode = episode }
                    var body: some View { Text(episode.title) }
                }
                """, note: "the view's own `init` takes no `isPlaying`, so no caller can pass one today: a hint, with the safe fix"),
            RuleExample("""
                struct DateArgument: View {
                    @Binding var value: String
                    ↓@State var date = Date.now
                    var body: some View { DatePicker("Date", selection: $date) }
                }
                """, note: "`.date` where another file builds the view is an enum case, not a use of the property", otherFiles: [
                    "ArgumentEditor.swift": """
                        struct ArgumentEditor: View {
                            @Binding var value: String
                            let kind: FieldKind
                            var body: some View {
                                switch kind {
                                case .date: DateArgument(value: $value)
                                default: Text(value)
                                }
                            }
                        }
                        """,
                ]),
        ],
        nonTriggering: [
            RuleExample("""
                struct EventScreen: View {
                    @State var event: Event
                    let onDeletion: (Int) -> Void
                    var body: some View { Text(event.title).refreshable { await refresh() } }
                }
                private extension EventScreen {
                    func refresh() async { event = await Event.load(event.id) }
                }
                """, note: "a seeded draft the view refreshes itself, in an extension in the same file", otherFiles: [
                    "Events.swift": "struct Events: View {\n    let event: Event\n    var body: some View { EventScreen(event: event) { _ in } }\n}",
                ]),
            RuleExample("""
                struct Collapsible: View {
                    @State var label: String
                    var body: some View { Text(label) }
                }
                """, note: "no initial value, and no app code builds the view: every caller would have to pass it, and `private` would close the initializer",
                otherFiles: ["App.swift": "@main struct Tasks: App { var body: some Scene { WindowGroup { Text(\"\") } } }"]),
            RuleExample("""
                struct MapWidgetSettings: View {
                    let widget: MapWidget
                    @State var size: Double
                    var body: some View {
                        Slider(value: $size, in: 500 ... 10000, onEditingChanged: { editing in
                            if !editing { widget.size = size }
                        })
                    }
                }
                """, note: "a draft the caller seeds and the view writes back when an edit ends", otherFiles: [
                    "Settings.swift": "struct Settings: View {\n    let widget: MapWidget\n    var body: some View { MapWidgetSettings(widget: widget, size: widget.size) }\n}",
                ]),
            RuleExample("""
                struct LutSettings: View {
                    let lut: Lut
                    let model: Model
                    @State var name: String
                    var body: some View {
                        TextField("Name", text: $name)
                            .onChange(of: name) { name in model.rename(lut, to: name) }
                    }
                }
                """, note: "a draft whose every change the view hands on", otherFiles: [
                    "Luts.swift": "struct Luts: View {\n    let lut: Lut\n    let model: Model\n    var body: some View { LutSettings(lut: lut, model: model, name: lut.name) }\n}",
                ]),
            RuleExample("""
                #if DEBUG
                struct MovieItemTest: View {
                    @State var favorite = false
                    var body: some View { MovieItem(isFavorite: $favorite) }
                }
                struct MovieItem_Previews: PreviewProvider {
                    static var previews: some View { MovieItemTest() }
                }
                #endif
                """, note: "a wrapper view only a `PreviewProvider` builds"),
            RuleExample("""
                struct ForwardEditor: View {
                    @State var forward = Forward()
                    var onSave: (Forward) -> Void
                    var body: some View { Button("Save") { onSave(forward) } }
                }
                struct ForwardList: View {
                    let item: Forward
                    var body: some View { ForwardEditor(forward: item, onSave: { _ in }) }
                }
                """, note: "an edit draft the caller seeds, handed back through `onSave`"),
            RuleExample("""
                struct BoxedPublished<Value: ObservableObject>: DynamicProperty {
                    @StateObject var storage: Value
                    init(wrappedValue: @autoclosure @escaping () -> Value) { _storage = StateObject(wrappedValue: wrappedValue()) }
                }
                """, note: "storage of a custom `DynamicProperty`, not a view's state"),
            RuleExample("""
                struct DownloadView: View {
                    @StateObject var viewModel: DownloadViewModel
                    var body: some View { Text(viewModel.title) }
                }
                """, note: "a `@StateObject` every caller passes through the memberwise initializer: `private` would break them"),
            RuleExample("struct A: View { @State private var count = 0 }"),
            RuleExample("struct A: View { @State fileprivate var count = 0 }", note: "fileprivate is private enough"),
            RuleExample("struct A: View { @StateObject private var model = Model() }"),
            RuleExample("""
                #Preview {
                    @Previewable @State var isOn = true
                    Toggle("On", isOn: $isOn)
                }
                """, note: "`@Previewable @State` in a preview"),
            RuleExample("struct A: View { @Binding var count: Int }", note: "not `@State`"),
            RuleExample("struct A: View { var stateName = \"@State var x\" }", note: "inside a string"),
            RuleExample("// @State var count = 0", note: "inside a comment"),
        ],
        corrections: [
            RuleCorrection("""
                struct Row: View {
                    let item: String
                    @State var count = 0
                    var body: some View { Text(item) }
                }
                """, """
                struct Row: View {
                    let item: String
                    @State private var count = 0
                    var body: some View { Text(item) }
                }
                """, applicability: .unsafe, otherFiles: [
                    "List.swift": "struct Rows: View { var body: some View { Row(item: \"a\", count: 3) } }",
                ]),
            RuleCorrection("""
                struct Editor: View {
                    @State var draft = ""
                    var body: some View { TextField("Title", text: $draft) }
                }
                """, """
                struct Editor: View {
                    @State private var draft = ""
                    var body: some View { TextField("Title", text: $draft) }
                }
                """, applicability: .unsafe, otherFiles: [
                    "Editor+Logic.swift": "extension Editor { func clear() { draft = \"\" } }",
                    "Compose.swift": "struct Compose: View { var body: some View { Editor(draft: \"Hi\") } }",
                ]),
            RuleCorrection("""
                struct Badge: View {
                    @State var shown: Bool
                    init(shown: Bool) { _shown = State(initialValue: shown) }
                    var body: some View { Text("\\(shown)") }
                }
                """, """
                struct Badge: View {
                    @State private var shown: Bool
                    init(shown: Bool) { _shown = State(initialValue: shown) }
                    var body: some View { Text("\\(shown)") }
                }
                """),
            RuleCorrection("""
                struct Counter: View {
                    @State var count = 0 // the count
                    @StateObject
                    var model = Model()
                }
                """, """
                struct Counter: View {
                    @State private var count = 0 // the count
                    @StateObject
                    private var model = Model()
                }
                """),
            RuleCorrection("struct A: View { @State internal var x = 0; @State nonisolated(unsafe) var y = 1 }",
                           "struct A: View { @State private var x = 0; @State private nonisolated(unsafe) var y = 1 }"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]

    static let accessKeywords: Set<String> = ["public", "internal", "package", "open", "private", "fileprivate"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let variable = node.cast(VariableDeclSyntax.self)
        // Only a view's own state: a custom `DynamicProperty` keeps `@State`/`@StateObject` storage
        // that its `init` sets, and `private` is no advice there.
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, context.enclosingView != nil,
              let attribute = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: { attribute in
                  ["State", "StateObject", "SwiftUI.State", "SwiftUI.StateObject"].contains(attribute.attributeName.trimmedText)
              }),
              !variable.attributes.contains("Previewable"),
              !variable.modifiers.isPrivate
        else { return }

        // The hazard needs a way in: a view whose declaration has its own `init` has no memberwise
        // initializer, so unless an `init` takes a parameter of the property's name (and seeds it),
        // no caller can pass a value that would be ignored today. `private` still states that the
        // view owns it (and keeps it so when the `init` goes): a hint, with the same safe fix.
        let closedByOwnInitializer = context.enclosingType.map { view in
            view.declaresInitializer && variable.bindings.allSatisfy { binding in
                binding.pattern.as(IdentifierPatternSyntax.self).map { !view.initializerParameters.contains($0.identifier.text) } ?? true
            }
        } ?? false
        let wrapper = attribute.attributeName.trimmedText.hasSuffix("StateObject") ? "@StateObject" : "@State"
        // A `@StateObject` with no initial value in a view without its own `init` is handed in by
        // every caller through the memberwise initializer (`DownloadView(viewModel: .init(…))`):
        // `private` would break them, and the question there is ownership (`@ObservedObject`), not
        // access — a different finding.
        if wrapper == "@StateObject", variable.bindings.allSatisfy({ $0.initializer == nil }),
           let members = node.parent?.parent?.as(MemberBlockItemListSyntax.self),
           !members.contains(where: { $0.decl.is(InitializerDeclSyntax.self) }) {
            return
        }
        // What the tree says, as values; what callers and other files do is decided from them
        // with the workspace's answers (`decide`).
        let facts = Facts(
            wrapper: wrapper, attribute: attribute.byteRange,
            name: variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            type: context.enclosingType.map { (name: $0.name, qualifiedName: $0.qualifiedName, declaresInitializer: $0.declaresInitializer) },
            seededDraft: Self.seededDraft(variable, in: context),
            isWidgetCode: WorkspaceRuleSupport.isWidgetCode(context),
            previewOnly: WorkspaceRuleSupport.previewOnly(context, at: node),
            fix: Self.privateFix(of: variable, in: context),
            closedByOwnInitializer: closedByOwnInitializer,
            defaultedInitializerLabel: Self.defaultedInitializerLabel(of: variable),
            memberwiseClosedBy: Self.memberwiseClosedBy(variable),
            hasInitialValue: variable.bindings.allSatisfy { $0.initializer != nil || $0.typeAnnotation?.type.isOptionalSugar == true },
            isWrittenByView: variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)
                .map { Self.isWrittenByView($0.identifier.text, variable) } ?? false,
            heldType: wrapper == "@State" ? variable.bindings.first?.typeAnnotation.flatMap { TypeNames.simpleIgnoringArguments(TypeNames.strippingOptional($0.type.trimmedDescription)) } : nil)
        context.decideLater { Self.decide(facts, asking: $0) }
    }

    /// What `check` takes from the tree for `decide`.
    struct Facts: Sendable {
        var wrapper: String
        var attribute: Range<Int>
        var name: String?
        var type: (name: String, qualifiedName: String, declaresInitializer: Bool)?
        var seededDraft: SeededDraft?
        var isWidgetCode: Bool
        var previewOnly: WorkspaceRuleSupport.PreviewOnly
        var fix: PrivateFix?
        var closedByOwnInitializer: Bool
        /// The label under which the view's own `init` takes the property, where every `init` that
        /// takes it has a default for it (`init(searchVM: SearchViewModel = .shared)`): callers may leave it out.
        var defaultedInitializerLabel: String? = nil
        /// A plain stored property that makes the memberwise initializer private (`private var
        /// store = Store()`): no caller outside this file can pass the state.
        var memberwiseClosedBy: String?
        var hasInitialValue: Bool
        /// The view's own code (not its `init`) writes the state or hands out a binding to it: the
        /// view owns and edits what a caller seeds (a draft, a value it refreshes itself).
        var isWrittenByView: Bool = false
        /// The type a `@State` holds as written (`ChatListViewModel` for `@State var model: ChatListViewModel`).
        var heldType: String? = nil
    }

    /// `name = …`, `name += …`, `self.name = …`, `name.toggle()`/`.append(…)`/`.remove…`, or `$name`
    /// in the declaration's members other than its initializers.
    static func isWrittenByView(_ name: String, _ variable: VariableDeclSyntax) -> Bool {
        let members = WorkspaceRuleSupport.typeMembersInFile(around: variable)
        for member in members where !member.decl.is(InitializerDeclSyntax.self) && member.decl.id != variable.id {
            for token in member.decl.tokens(viewMode: .sourceAccurate) {
                if token.text == "$" + name { return true }
                guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                if reference.isWrittenInPlace { return true }
            }
        }
        return false
    }

    /// The name of a stored property without a wrapper that is `private`/`fileprivate` and is
    /// a parameter of the memberwise initializer (a `var`, or a `let` with no initial value):
    /// Swift then makes that initializer private, so only this file can call it.
    static func memberwiseClosedBy(_ variable: VariableDeclSyntax) -> String? {
        guard let members = variable.parent?.parent?.as(MemberBlockItemListSyntax.self) else { return nil }
        for member in members {
            guard let property = member.decl.as(VariableDeclSyntax.self), property.id != variable.id, property.attributes.isEmpty,
                  property.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil }),
                  !property.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }),
                  let binding = property.bindings.first, property.bindings.count == 1, binding.accessorBlock == nil,
                  property.bindingSpecifier.tokenKind == .keyword(.var) || binding.initializer == nil,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { continue }
            return name
        }
        return nil
    }

    /// The finding, from the tree's facts and what the workspace says of callers and uses.
    static func decide(_ facts: Facts, asking workspace: LateQuestions) -> [Finding] {
        // An edit draft the caller seeds on purpose: a caller (or the view's own `init`) passes the
        // property, and the view holds a way back (`onSave: (Forward) -> Void`, a `@Binding`), so the
        // edited value goes back there. "Later values are ignored" is the design of such a sheet.
        if let draft = facts.seededDraft, draft.isSeeded(asking: workspace) { return [] }
        let wrapper = facts.wrapper
        // A widget view is rendered once per timeline entry and never updated: "later values are
        // ignored" is false there, and `private` is the wrong fix (callers such as
        // `EpisodeView(episode: e, isFirstEpisode: true)` pass the label; the value wants to be a
        // plain property).
        if facts.isWidgetCode {
            return [Finding(
                message: "`\(wrapper)` in a widget view holds nothing: WidgetKit renders each timeline entry once and never updates the view, "
                    + "so it is only a copy of what the caller passes; make it a plain `let` (or a `var` with a default)",
                // Nothing goes wrong: the value shown is always the one passed. A cleanup.
                range: facts.attribute, loweredSeverity: .info)]
        }
        // A wrapper view only previews build (`#if DEBUG struct MovieItemTest: View`): nothing in
        // the app hands it a value (asks `builtOnlyByPreviews`).
        if facts.previewOnly.answer(asking: workspace) { return [] }
        // Used from another file (`Editor+Logic.swift`'s extension) or by another type, and no caller
        // passes it: `private` does not compile there and nothing is handed in, so there is neither
        // a hazard nor advice that can be followed (a view split over extension files is a common
        // shape). A caller passing the label keeps the finding (a stale copy); an
        // unknown answer (not fully indexed) too.
        if let name = facts.name, let type = facts.type,
           let users = workspace.filesUsing(member: name, of: type.qualifiedName), !users.isEmpty,
           let labels = workspace.initializerLabels(passedTo: type.name), !labels.contains(name) {
            return []
        }
        let fixes = facts.fix.map { [$0.fix(applicability: $0.applicability(asking: workspace))] } ?? []
        /// The property's name, where the view has only its memberwise initializer and the labels app
        /// callers pass under `key` (the varying ones, those fed the caller's state) do not hold it.
        func notPassed(under key: (String) -> String) -> String? {
            guard let name = facts.name, let type = facts.type, !type.declaresInitializer,
                  let labels = workspace.initializerLabels(passedTo: key(type.name)), !labels.contains(name) else { return nil }
            return name
        }
        if facts.closedByOwnInitializer {
            return [Finding(
                message: "`\(wrapper)` is not `private`: the view's own `init` does not take it, so nothing can pass a value today; "
                    + "`private` says the view owns it, and keeps callers out if the `init` goes",
                range: facts.attribute, fixes: fixes, loweredSeverity: .hint)]
        }
        // The view's own `init` takes it with a default, and no caller in the app passes that label:
        // every view is seeded by the default, so no passed value is dropped today.
        if let label = facts.defaultedInitializerLabel, let type = facts.type,
           let labels = workspace.initializerLabels(passedTo: FileIndex.appCallersKey(of: type.name)), !labels.contains(label) {
            return [Finding(
                message: "`\(wrapper)` is not `private`: no caller in the app passes `\(label):` (the `init`'s default seeds it), "
                    + "but a value passed there would be used only for the view's first appearance; mark it `private`",
                range: facts.attribute, fixes: fixes, loweredSeverity: .info)]
        }
        // The hazard is shown only where a caller passes the label (its value is dropped after the
        // first appearance). Where no caller does, the memberwise initializer merely allows it: the
        // same advice, at info. Unknown callers (not fully indexed) keep the warning.
        // (A view's own `init` taking the name seeds it from every caller: the warning stays.)
        // A preview passing it seeds the state on purpose: only app code's callers count here.
        if let name = facts.name, let type = facts.type, !type.declaresInitializer,
           let labels = workspace.initializerLabels(passedTo: FileIndex.appCallersKey(of: type.name)), !labels.contains(name) {
            // No initial value: every caller must pass it, so a view no caller passes it to is built
            // by no app code, and `private` would close its initializer.
            if !facts.hasInitialValue { return [] }
            if let closing = facts.memberwiseClosedBy {
                return [Finding(
                    message: "`\(wrapper)` is not `private`: `\(closing)` is private, so the memberwise initializer is too and no caller "
                        + "outside this file can pass `\(name):`; `private` says the view owns it",
                    range: facts.attribute, fixes: fixes, loweredSeverity: .hint)]
            }
            let previewPasses = workspace.initializerLabels(passedTo: type.name)?.contains(name) == true
            return [Finding(
                message: "`\(wrapper)` is not `private`: no caller in the app passes `\(name):` today"
                    + (previewPasses ? " (a preview does, to seed it)" : "")
                    + ", but the memberwise initializer takes it, and a value passed there would be used only for the view's first appearance; mark it `private`",
                range: facts.attribute, fixes: fixes, loweredSeverity: .info)]
        }
        // Every app caller passes a value written out (`Row(title: "Inbox")`): each call site hands
        // the same value on every render, so nothing is dropped today. Only the memberwise
        // initializer is read this way: a view's own `init` may take the value under another label.
        if let name = notPassed(under: FileIndex.varyingCallersKey) {
            return [Finding(
                message: "`\(wrapper)` is not `private`: every caller passes a constant `\(name):`, so nothing is dropped today, "
                    + "but a value that changed would be used only for the view's first appearance; take it as a `let`",
                range: facts.attribute, fixes: fixes, loweredSeverity: .info)]
        }
        // `_model = StateObject(wrappedValue: model)` in the view's own `init`: injecting the object the
        // view then owns is the wrapper's design; a later object from the caller is ignored, which
        // `private` only makes plain.
        if wrapper == "@StateObject", let type = facts.type, type.declaresInitializer {
            return [Finding(
                message: "`@StateObject` is not `private`: the view's own `init` seeds it, and the view keeps that first object "
                    + "(an object a caller passes later is dropped); `private` says the view owns it",
                range: facts.attribute, fixes: fixes, loweredSeverity: .info)]
        }
        // The view's code in another file (an extension there) changes it: that code needs it visible,
        // and what a caller passes only seeds it.
        if let name = facts.name, let type = facts.type,
           let editing = workspace.filesChanging(type.qualifiedName + "." + name).first(where: { $0 != workspace.path }) {
            return [Finding(
                message: "`\(wrapper)` is not `private`: the view's own code \(WorkspaceRuleSupport.place([editing], from: workspace)) "
                    + "changes it, which `private` would not allow; a caller's value only seeds it (if that should keep driving it, take a `@Binding`)",
                range: facts.attribute, fixes: facts.fix.map { [$0.fix(applicability: .unsafe)] } ?? [], loweredSeverity: .info)]
        }
        // The view edits the state itself (a draft, a value it refreshes): a caller's value seeds it, which
        // may be the design; the warning is for state a caller means to keep driving.
        if facts.isWrittenByView {
            return [Finding(
                message: "`\(wrapper)` is not `private`: a caller's value seeds it, and the view then changes it itself; if the seed "
                    + "is meant, say so with `private` and `_\(facts.name ?? "value") = \(wrapper == "@StateObject" ? "StateObject(wrappedValue:" : "State(initialValue:") …)` in an `init`, else take input as a `let` or `@Binding`",
                range: facts.attribute, fixes: fixes, loweredSeverity: .info)]
        }
        // The hazard shows where a caller passes its own changing state (`Row(item: selection)`,
        // the row of a `ForEach` over it): that value changes while this view lives, and is dropped.
        // Callers that pass an input of their own or a value they compute change it only when they
        // are made anew: the same advice, at info.
        if let name = notPassed(under: FileIndex.stateCallersKey) {
            return [Finding(
                message: "`\(wrapper)` is not `private`: callers pass `\(name):` a value they were given or compute, not state of their own; "
                    + "if that value changes, this view keeps the first one; take it as a `let` (or mark it `private` if it only seeds the state)",
                range: facts.attribute, fixes: fixes, loweredSeverity: .info)]
        }
        // A `@State` holding an object of a class the project declares (an `@Observable` model): the
        // caller's object seeds the model the view then owns, which is how one is owned; only a caller
        // that hands a different object later loses it.
        if let held = facts.heldType, workspace.declaration(of: held, ifKind: .class) != nil {
            return [Finding(
                message: "`\(wrapper)` is not `private`: it holds the view's own `\(held)`, which a caller's object seeds once; an object "
                    + "passed later is dropped. If the caller keeps the model, take it as a `let`; if the view owns it, say so with `private` and an `init`",
                range: facts.attribute, fixes: fixes, loweredSeverity: .info)]
        }
        // Without an initial value, `private` alone would close the memberwise initializer its callers use.
        let advice = facts.hasInitialValue ? "mark it `private` and take input as a `let` or `@Binding`"
            : "take input as a `let` or `@Binding` (or, if it only seeds the state, make it `private` and seed it in an `init`)"
        return [Finding(
            message: "`\(wrapper)` is not `private`: a value a caller passes through the initializer is used only for "
                + "the view's first appearance and then ignored; " + advice,
            range: facts.attribute, fixes: fixes)]
    }

    /// A draft the view may have been seeded with: it edits the state and holds a way to hand the
    /// edited value back (a closure, a `@Binding`), or its code writes the value back itself (`widget.size = size`, on an
    /// edit's end). Whether a caller seeds it is the workspace's to say (`SeededDraft.isSeeded`).
    static func seededDraft(_ variable: VariableDeclSyntax, in context: RuleContext) -> SeededDraft? {
        guard let view = context.enclosingType, let members = variable.parent?.parent?.as(MemberBlockItemListSyntax.self),
              let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        // The properties that hand a value back: a `@Binding`, a closure (`onSave: (Forward) -> Void`).
        let wayBack: Set<String> = Set(members.compactMap { member -> String? in
            guard let property = member.decl.as(VariableDeclSyntax.self), property.id != variable.id,
                  property.attributes.contains("Binding")
                    || property.bindings.contains(where: { $0.typeAnnotation.map { WorkspaceRuleSupport.isWayBack($0.type) } ?? false })
            else { return nil }
            return property.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        })
        // A draft is seeded on purpose by the view's own `init`, edited, or handed back (`onSave(forward)`):
        // state the view only reads, through the memberwise initializer, is a copy of the caller's value,
        // whatever else the view hands back (`@Binding var period` beside `@State var balance`).
        let takenByInitializer = view.initializerParameters.contains(name)
        guard (!wayBack.isEmpty && (takenByInitializer || isWrittenByView(name, variable)
                                    || Self.handsBack(name, through: wayBack, in: WorkspaceRuleSupport.typeMembersInFile(around: variable))))
                || Self.writesBack(name, in: members, of: context.document)
        else { return nil }
        return SeededDraft(name: name, view: view.name, takenByInitializer: takenByInitializer)
    }

    /// Some member passes the value of `name` to a call of one of `wayBack` (`onSave(forward)`).
    static func handsBack(_ name: String, through wayBack: Set<String>, in members: [MemberBlockItemSyntax]) -> Bool {
        members.contains { member in
            member.decl.tokens(viewMode: .sourceAccurate).contains { token in
                guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                      let call = reference.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self),
                      let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? call.calledExpression.selfMemberName
                else { return false }
                return wayBack.contains(callee)
            }
        }
    }

    /// A draft property (`seededDraft`) and how a caller could seed it.
    struct SeededDraft: Sendable {
        var name: String
        var view: String
        /// An `init` of the view takes a parameter of its name.
        var takenByInitializer: Bool

        /// Some caller passes the property's label, or an `init` of the view takes it.
        func isSeeded(asking workspace: some WorkspaceAsking) -> Bool {
            takenByInitializer || workspace.initializerLabels(passedTo: view)?.contains(name) == true
        }
    }

    /// Some member assigns the value of `name` whole to something else (`model.size = size`,
    /// `self.settings.delay = delay`), or hands each change on (`.onChange(of: name) { model.rename(…) }`):
    /// the state is a draft the view commits back.
    static func writesBack(_ name: String, in members: MemberBlockItemListSyntax, of document: SourceDocument) -> Bool {
        // Most views do neither: the bytes say so before any token is looked at (written the usual way,
        // `= size`, `onChange(of: size`; other spacing is not looked for).
        let range = members.position.utf8Offset..<members.endPosition.utf8Offset
        guard ["= ", "onChange(of: ", "onChange(of: self."].contains(where: { document.contains(Array(($0 + name).utf8), in: range) })
        else { return false }
        // `self.size = size` seeds the property itself (an `init`, a closure's parameter of the same name).
        let itself: Set<String> = [name, "self." + name, "_" + name, "self._" + name]
        return members.contains { member in
            !member.decl.is(InitializerDeclSyntax.self) && member.decl.tokens(viewMode: .sourceAccurate).contains { token in
                if token.text == "onChange", let call = token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                   let observed = call.argument(labeled: "of")?.expression.trimmedDescription, itself.contains(observed),
                   call.closureArguments.contains(where: { closure in closure.closure.statements.contains { $0.item.is(ExprSyntax.self) || $0.item.is(ExpressionStmtSyntax.self) } }) {
                    return true
                }
                // A parameter or local of the same name (`func update(_ message: String) { self.last = message }`) is not the state.
                guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self), !reference.isBoundLocally(name) else { return false }
                let read = reference.parent?.as(MemberAccessExprSyntax.self).flatMap {
                    $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) && $0.declName.id == reference.id ? Syntax($0) : nil
                } ?? Syntax(reference)
                guard let list = read.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true, list.count == 3 else { return false }
                let elements = Array(list)
                return elements[1].is(AssignmentExprSyntax.self) && elements[2].id == read.id
                    && !itself.contains(elements[0].trimmedDescription)
            }
        }
    }

    /// The `private` fix, with what its safety depends on (nil: no fix). Whether `private` still
    /// compiles, and so how safe the fix is (`PrivateFix.applicability`):
    /// - `private` reaches only the type's own code in this file: a use from an extension in
    ///   another file (`Editor+Logic.swift`) or from another type (`editor.count`) would not
    ///   compile, so when the workspace model says some file may use the member, or the
    ///   workspace is not completely indexed (an unseen file might), the fix is unsafe.
    /// - The type declares an `init` in its body: there is no memberwise initializer and
    ///   only the type's own code can touch the storage (`_x = State(initialValue:)`): safe.
    /// - No initial value: the memberwise initializer becomes private and every caller
    ///   breaks: withheld (the view needs an `init` first, a human's job).
    /// - An initial value: the memberwise initializer drops the parameter, so a call site
    ///   passing its label (`Row(item: i, count: 3)`) fails with "extra argument": unsafe
    ///   when one does, and when the index is not complete (a lone file's first pass, the
    ///   server still indexing): an unseen caller might. The CLI's `--fix` writes pass 1's
    ///   safe fixes before the index exists, so "unknown" must never count as "nowhere".
    static func privateFix(of variable: VariableDeclSyntax, in context: RuleContext) -> PrivateFix? {
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let type = context.enclosingType
        else { return nil }
        let ownInitializer = declaresInitializer(around: variable)
        guard ownInitializer || binding.initializer != nil else { return nil }
        let edit: TextEdit
        if let access = variable.modifiers.first(where: { Self.accessKeywords.contains($0.name.text) }) {
            // `internal var` → `private var`; `private(set) var` needs a human.
            guard access.detail == nil else { return nil }
            edit = TextEdit(range: access.name.byteRange, replacement: "private")
        } else {
            let anchor = variable.modifiers.first?.positionAfterSkippingLeadingTrivia
                ?? variable.bindingSpecifier.positionAfterSkippingLeadingTrivia
            edit = .insert("private ", at: anchor.utf8Offset)
        }
        return PrivateFix(edit: edit, name: name, type: type.name, qualifiedType: type.qualifiedName, ownInitializer: ownInitializer)
    }

    /// The `private` fix's edit, and what its safety depends on.
    struct PrivateFix: Sendable {
        var edit: TextEdit
        var name: String
        var type: String
        var qualifiedType: String
        var ownInitializer: Bool

        func applicability(asking workspace: some WorkspaceAsking) -> Applicability {
            // Both questions are asked whatever the first answers, so a file is a dependent of both facts.
            let labels = ownInitializer ? [] : workspace.initializerLabels(passedTo: type)
            let users = workspace.filesUsing(member: name, of: qualifiedType)
            guard let labels, let users, users.isEmpty, !labels.contains(name) else { return .unsafe }
            return .safe
        }

        func fix(applicability: Applicability) -> Fix {
            Fix(title: "Make it `private`", applicability: applicability, edits: [edit])
        }
    }

    /// The argument label of the parameter named like `variable`'s property in the enclosing type's own
    /// `init`s, when at least one takes it and each that does gives it a default; nil otherwise.
    static func defaultedInitializerLabel(of variable: VariableDeclSyntax) -> String? {
        guard let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let members = variable.parent?.parent?.as(MemberBlockItemListSyntax.self) else { return nil }
        var label: String?
        for member in members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                  let parameter = initializer.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name })
            else { continue }
            guard parameter.defaultValue != nil, parameter.firstName.tokenKind != .wildcard else { return nil }
            guard label == nil || label == parameter.firstName.text else { return nil }
            label = parameter.firstName.text
        }
        return label
    }

    /// True when the type whose member `variable` is declares an `init` in its body
    /// (then Swift synthesizes no memberwise initializer). An `init` inside `#if` counts
    /// as not declared: the memberwise case is the conservative one.
    private static func declaresInitializer(around variable: VariableDeclSyntax) -> Bool {
        guard let members = variable.parent?.parent?.as(MemberBlockItemListSyntax.self) else { return false }
        return members.contains { $0.decl.is(InitializerDeclSyntax.self) }
    }
}
