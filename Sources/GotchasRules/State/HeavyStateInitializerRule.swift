import GotchasCore
import SwiftSyntax

/// `@State var model = Model()` evaluates `Model()` every time the view value is
/// created — on every parent render — and throws all but the first instance away.
struct HeavyStateInitializerRule: Rule {
    static let description = RuleDescription(
        id: "heavy-state-initializer",
        category: .state,
        severity: .warning,
        seed: "000 G1, 004 §2",
        summary: "`@State var x = SomeClass(…)` (or `_x = State(initialValue: SomeClass(…))` in the view's `init`) where constructing the workspace class does work.",
        rationale: """
            `@State`'s default value is not an autoclosure: SwiftUI evaluates it every time it creates the \
            view value (whenever the parent's body runs), then keeps only the first instance. A class whose \
            initializer touches SwiftData, audio, haptics or the network does that work again and again. \
            Make the state optional and create it once in `.task { if model == nil { model = Model() } }`.
            """,
        notFlagged: [
            "a class whose init only stores values and whose defaults do no work",
            "an init that only subscribes, or works behind a flag the caller leaves off",
            "a default of a type the workspace does not declare",
            "`@StateObject` (an autoclosure)",
            "value types and literals",
            "a scene's or a hosting controller's root view",
            "a class the workspace does not declare",
            "a model the caller passes to the view's `init`",
        ],
        severityReason: "warning where the construction shows work (a `Task`, a context, decoder, formatter, player or session) and a view builds this one as the rows of a list over data, so every update of that view makes every row's object again; info where the parent that re-creates the view is not shown to update often (a screen, a toolbar, a root), where the construction calls code that the workspace shows reading files, decoding, fetching or building a formatter (`init() { load() }`), and where the view is built only as a pushed destination or a sheet, cover or popover.",
        asks: [.declaration, .builtByNoParentView, .builtOnlyByPreviews, .builtOnlyWhenShown, .builtInRows, .reachedHazard],
        useInstead: "created once in .task",
        // `.task { }` in the advice: https://developer.apple.com/tutorials/data/documentation/swiftui/view/task(name:priority:file:line:_:).md (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1)
        requires: .os(iOS: OSVersion(15), macOS: OSVersion(12), tvOS: OSVersion(15), watchOS: OSVersion(8)),
        triggers: ["@State"],
        triggering: [
            RuleExample("""
                @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
                struct LibraryView: View {
                    @State var library: Library? = ↓Library(container: .shared)
                    var body: some View { Text("") }
                }
                final class Library {
                    let context = ModelContext(SharedContainer.container)
                }
                """, note: "inside `@available` the minimum is raised to what `.task` needs", platforms: [.iOS: OSVersion(14)]),
            RuleExample("""
                struct OnboardingView: View {
                    @State private var flow = ↓OnboardingFlowState()
                    var body: some View { Text("") }
                }
                """, otherFiles: ["OnboardingFlowState.swift": """
                    @Observable final class OnboardingFlowState {
                        let player: AVAudioPlayer
                        init() {
                            player = try! AVAudioPlayer(contentsOf: Bundle.main.url(forResource: "intro", withExtension: "m4a")!)
                        }
                    }
                    """]),
            RuleExample("""
                struct LibraryView: View {
                    @State var library: Library? = ↓Library(container: .shared)
                    var body: some View { Text("") }
                }
                final class Library {
                    let context = ModelContext(SharedContainer.container)
                }
                """),
            RuleExample("""
                struct ArticleView: View {
                    @State private var backlog = ↓Backlog(timeout: 15, auto: true)
                    var body: some View { Text("") }
                }
                """, note: "a caller turning on the flag behind which the `init` starts work",
                otherFiles: ["Backlog.swift": """
                    final class Backlog {
                        var timeout: Double
                        private var subscriptions = Set<AnyCancellable>()
                        init(timeout: Double = 12, auto: Bool = false) {
                            self.timeout = timeout
                            if auto { Task { await cleanUp() } }
                        }
                    }
                    """]),
            RuleExample("""
                struct GardenView: View {
                    @State private var model = ↓GardenModel()
                    var body: some View { Text("") }
                }
                """, note: "info: the `init` calls a method the workspace shows reading a file and decoding it",
                otherFiles: ["GardenModel.swift": """
                    @Observable final class GardenModel {
                        var plants: [String] = []
                        init() { plants = load() }
                        func load() -> [String] { (try? JSONDecoder().decode([String].self, from: Data(contentsOf: GardenModel.url))) ?? [] }
                    }
                    """]),
            RuleExample("""
                extension Player {
                    struct Screen: View {
                        @State private var model = ↓StateModel()
                        var body: some View { Text("") }
                    }
                }
                """, note: "`StateModel()` inside `extension Player` is `Player.StateModel`, whose `init` does work; `Search.StateModel` does none",
                otherFiles: twoFeatureModels),
            RuleExample("""
                struct SettingsView: View {
                    @State private var identities = ↓IdentityStore()
                    var body: some View { Text("") }
                }
                """, note: "info: a sheet's content, re-created only when the view presenting it updates", otherFiles: [
                    "IdentityStore.swift": "final class IdentityStore { let decoder = JSONDecoder() }",
                    "MainView.swift": "struct MainView: View {\n    @State private var showSettings = false\n    var body: some View { Text(\"\").sheet(isPresented: $showSettings) { SettingsView() } }\n}",
                ]),
            RuleExample("""
                struct ProfileView: View {
                    @State private var model: ProfileModel
                    init(userID: String) {
                        let model = ProfileModel(userID: userID)
                        self._model = ↓State(initialValue: model)
                    }
                    var body: some View { Text(model.name) }
                }
                """, note: "the view's `init` makes the model (whose `init`, in another file, starts a task) on every re-creation", otherFiles: [
                    "ProfileModel.swift": """
                        @Observable final class ProfileModel {
                            var name = ""
                            init(userID: String) { Task.detached { await Self.subscribe(userID) } }
                        }
                        """,
                    "Feed.swift": "struct Feed: View {\n    var body: some View { ProfileView(userID: \"me\") }\n}",
                ]),
        ],
        nonTriggering: [
            RuleExample("""
                struct TagTimeline: View {
                    @State private var model: TagTimelineModel
                    @State private var search = DebouncedText(0.3)
                    init(tag: String) { _model = State(initialValue: TagTimelineModel(tag: tag)) }
                    var body: some View { Text(model.tag + search.text) }
                }
                """, note: "initializers that only convert and trim what they are given", otherFiles: [
                    "Models.swift": """
                        @Observable final class TagTimelineModel { let tag: String; init(tag: String) { self.tag = tag.trimmingPrefix("#").lowercased() } }
                        @Observable final class DebouncedText { let delay: UInt64; var text = ""; init(_ delay: Double) { self.delay = UInt64(delay * 1_000_000_000) } }
                        """,
                ]),
            RuleExample("""
                struct ProfileView: View {
                    @State private var model: ProfileModel
                    init(model: ProfileModel) { self._model = State(initialValue: model) }
                    var body: some View { Text(model.name) }
                }
                """, note: "a model the caller passes in: this view does not make it", otherFiles: [
                    "ProfileModel.swift": "@Observable final class ProfileModel { var name = \"\"; init() { Task { await load() } } }",
                ]),
            RuleExample("""
                struct PromptEditor: View {
                    @State private var draft = SystemPrompt()
                    var body: some View { TextField("Name", text: $draft.name) }
                }
                """, note: "an initializer that only makes values (`UUID()`, `Date()`, literals)", otherFiles: [
                    "SystemPrompt.swift": "@Model final class SystemPrompt { var id: String; var name: String; var created: Date; init() { id = UUID().uuidString; name = \"\"; created = Date() } }",
                ]),
            RuleExample("""
                struct ImporterPreviewHost: View {
                    @State private var importer = Importer()
                    var body: some View { ImporterView(importer: importer) }
                }
                #Preview { ImporterPreviewHost() }
                """, note: "a host view only previews build: no parent re-creates it", otherFiles: [
                    "Importer.swift": "@Observable final class Importer { init() { Task { await load() } } }",
                ]),
            RuleExample("""
                struct LibraryView: View {
                    @State private var model = LibraryModel()
                    var body: some View { Text(model.title) }
                }
                """, note: "an `@Observable` class with no initializer and cheap defaults (a plain struct's own cheap construction included): the documented pattern",
                otherFiles: [
                    "LibraryModel.swift": """
                        @Observable final class LibraryModel {
                            var title = "Library"
                            var books: [String] = []
                            var filter = Filter()
                        }
                        struct Filter { var query = ""; var ascending = true }
                        """,
                ]),
            RuleExample("""
                struct ContentView: View {
                    @State private var model = GardenModel()
                    var body: some View { Text("") }
                }
                """, note: "a scene's root: only an `App`'s `WindowGroup` builds it, and the app's body is rarely evaluated again",
                otherFiles: [
                    "GardenApp.swift": "@main struct GardenApp: App { var body: some Scene { WindowGroup { ContentView() } } }",
                    "GardenModel.swift": "@Observable final class GardenModel { var plants: [String]; init() { plants = load() } }",
                ]),
            RuleExample("""
                struct ShareView: View {
                    @State private var model = GardenModel()
                    var body: some View { Text("") }
                }
                """, note: "a hosting controller's root: UIKit code makes it once", otherFiles: [
                    "ShareViewController.swift": """
                        final class ShareViewController: UIViewController {
                            override func viewDidLoad() {
                                let shareView = ShareView()
                                addChild(UIHostingController(rootView: shareView))
                            }
                        }
                        """,
                    "GardenModel.swift": "@Observable final class GardenModel { var plants: [String]; init() { plants = load() } }",
                ]),
            RuleExample("""
                extension Search {
                    struct Screen: View {
                        @State private var model = StateModel()
                        var body: some View { Text("") }
                    }
                }
                """, note: "`Search.StateModel` does no work in its `init`; the same name in `Player` does, and is not this one",
                otherFiles: twoFeatureModels),
            RuleExample("""
                struct Screen: View {
                    @State private var model = StateModel()
                    var body: some View { Text("") }
                }
                """, note: "ambiguous: `StateModel` outside both features could mean either, so no answer",
                otherFiles: [
                    "Player+Model.swift": "extension Player { final class StateModel { init() { Task { await Engine.shared.prepare() } } } }",
                    "Other+Model.swift": "extension Other { final class StateModel { init() { Task { await Engine.shared.prepare() } } } }",
                ]),
            RuleExample("""
                struct LibraryView: View {
                    @State var library: Library? = Library(container: .shared)
                    var body: some View { Text("") }
                }
                final class Library {
                    let context = ModelContext(SharedContainer.container)
                }
                """, note: "deployment target iOS 14: the advice's `.task { }` does not exist there", platforms: [.iOS: OSVersion(14)]),
            RuleExample("""
                struct LibraryView: View {
                    // @State private var library = Library()
                    let label = "@State var library = Library()"
                    @State private var libraryName = LibraryName.main
                    var body: some View { Text("") }
                }
                """, note: "a comment, a string, a static member", otherFiles: ["Library.swift": "final class Library { init() { load() } }"]),
            RuleExample("""
                struct CounterView: View {
                    @State private var count = 0
                    @State private var draft = Draft()
                    @State private var name = String()
                    var body: some View { Text("") }
                }
                struct Draft { var text = "" }
                """, note: "value types and literals"),
            RuleExample("""
                struct LibraryView: View {
                    @State private var library: Library?
                    var body: some View {
                        Text("").task { library = Library() }
                    }
                }
                """, note: "created once in .task", otherFiles: ["Library.swift": "@Observable final class Library { init() { load() } }"]),
            RuleExample("""
                struct ListView: View {
                    @State private var selection = Selection()
                    @StateObject private var store = Store()
                    var body: some View { Text("") }
                }
                """, note: "a class whose init does nothing, and @StateObject (an autoclosure that runs once)",
                otherFiles: ["Models.swift": "@Observable final class Selection { var ids: Set<UUID> = [] }\nfinal class Store: ObservableObject { init() { load() } }"]),
            RuleExample("""
                struct CoordinatorView: View {
                    @State private var model = CoordinatorModel()
                    var body: some View { Text("") }
                }
                """, note: "an empty `init`, injected services and defaults of project types that do no work",
                otherFiles: ["CoordinatorModel.swift": """
                    @Observable final class CoordinatorModel {
                        var path = RoutePath(initial: [])
                        var actions = ActionProvider()
                        @ObservationIgnored @Injected(\\.accountManager) private var accountManager
                        init() { }
                    }
                    struct RoutePath { var items: [String]; init(initial: [String]) { items = initial } }
                    final class ActionProvider { var pending: [String] = [] }
                    """]),
            RuleExample("""
                struct MentionsView: View {
                    @State private var backlog = Backlog(name: "Mentions")
                    @State private var search = SearchDebouncer()
                    var body: some View { Text("") }
                }
                """, note: "inits that store values, work only when a caller opts in (`auto: true`), or only subscribe",
                otherFiles: ["Backlog.swift": """
                    final class Backlog {
                        var name: String
                        private var subscriptions = Set<AnyCancellable>()
                        init(name: String, auto: Bool = false) {
                            self.name = name
                            if auto {
                                Importer.shared.imported.sink { [weak self] ids in self?.process(ids) }.store(in: &subscriptions)
                                startCleanUpTimer()
                            }
                        }
                    }
                    @Observable final class SearchDebouncer {
                        var text = "" { didSet { subject.send(text) } }
                        private(set) var debounced = ""
                        @ObservationIgnored private let subject = PassthroughSubject<String, Never>()
                        @ObservationIgnored private var subscriptions = Set<AnyCancellable>()
                        init() {
                            subject.removeDuplicates()
                                .debounce(for: .milliseconds(200), scheduler: RunLoop.main)
                                .sink { [weak self] in self?.debounced = $0 }
                                .store(in: &subscriptions)
                        }
                    }
                    """]),
            RuleExample("""
                struct RadarView: View {
                    @State private var radar = RadarState(mode: .live)
                    @State private var shower = MeteorShower()
                    var body: some View { Text("") }
                }
                """, note: "inits that assign fields, register in a table or draw a random number: calls, but nothing that costs",
                otherFiles: ["Radar.swift": """
                    @Observable final class RadarState {
                        static let instances = NSHashTable<RadarState>.weakObjects()
                        let mode: Mode
                        init(mode: Mode) { self.mode = mode; Self.instances.add(self) }
                    }
                    final class MeteorShower { var next: Double; init() { next = Double.random(in: 1...4) } }
                    """]),
            RuleExample("""
                struct PlayerView: View {
                    @State private var player = AVPlayer()
                    var body: some View { Text("") }
                }
                """, note: "a class not declared in the workspace (its cost is unknown)"),
        ])

    /// Two features nesting a `StateModel` each; only `Player`'s does work in its `init`.
    static let twoFeatureModels: [String: String] = [
        "Player+Model.swift": "extension Player { final class StateModel { init() { Task { await Engine.shared.prepare() } } } }",
        "Search+Model.swift": "extension Search { final class StateModel { var query = \"\" } }",
    ]

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl, .initializerDecl]

    /// What an initializer's calls may reach that costs enough to matter when it runs per update.
    static let costlyKinds: Set<ReachHazard.Kind> = [.decoding, .fileRead, .storeWork, .regex, .formatter, .systemQuery, .textMeasurement]

    static func describe(_ hazard: ReachHazard) -> String {
        switch hazard.kind {
        case .decoding: "decodes (`\(hazard.detail)`)"
        case .fileRead: "reads the file system (`\(hazard.detail)`)"
        case .storeWork: "fetches from the store"
        case .regex: "builds a regular expression"
        case .formatter: "builds a `\(hazard.detail)`"
        case .textMeasurement: "measures text"
        default: "queries the system (`\(hazard.detail)`)"
        }
    }

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        // In an `init`, a model made in a local first is reported where `State` takes it.
        var stateCalls: [SyntaxIdentifier: FunctionCallExprSyntax] = [:]
        let creations = node.is(InitializerDeclSyntax.self) ? Self.stateCreationsInInitializer(node, in: context, stateCalls: &stateCalls)
            : WorkspaceRuleSupport.stateClassCreations(node, in: context)
        // A scene's root (`WindowGroup { ContentView() }` is the only place that builds it) is
        // created again only when the app's own body is, which is rare: nothing re-creates it per render.
        // Only a view is re-created by its parent: `@State` in another type (an app delegate a
        // `@NSApplicationDelegateAdaptor` makes once) is not a view's state.
        guard !creations.isEmpty, let view = context.enclosingView, !context.isBuiltByNoParentView(view.name) else { return }
        // The `App` itself is made once, by the system: its state's initial value runs once.
        if WorkspaceRuleSupport.standsInApp(context) { return }
        // A view only previews build (a preview host) is made once per preview, by no parent.
        if WorkspaceRuleSupport.isPreviewOnly(context, at: node) { return }
        // Pushed or presented only: the view is made again only when the view that pushes or
        // presents it updates (a settings screen, a sheet's presenter), not per row.
        let isShownOnDemand = context.enclosingView.map { context.isBuiltOnlyWhenShown($0.name) } ?? false
        for (name, declaration, call) in creations {
            // `Backlog(auto: true)`: the work the call turns on counts too.
            let work = max(Self.constructionWork(declaration.scope, in: context), Self.flagWork(declaration.scope, call: call))
            guard work != .none,
                  // One line, one advice: where `state-non-observable-class` reports this property
                  // (a class the body reads that is not observable) its message carries both
                  // advices; this rule's "create it in `.task`" alone would contradict its
                  // "use `@StateObject`", so it defers to the rule with the correctness bug.
                  !(node.is(VariableDeclSyntax.self) && context.isEnabled(StateNonObservableClassRule.description.id)
                      && StateNonObservableClassRule.flags(node, declaration: declaration, call: call, in: context))
            else { continue }
            // A `Task`, a context, decoder, formatter or player is work shown. A call of something
            // else counts only where the workspace shows what it reaches costs (a file read, a
            // decoder, a fetch): assigning fields or registering in a table is not work.
            let what: String
            if work == .startsWork {
                what = "its construction (\(WorkspaceRuleSupport.place([declaration.path], from: context))) starts a task, a store, a decoder, a formatter or other work"
            } else if let reached = context.reachedHazard(from: .member(owner: name, name: call.initializerReachMember), kinds: Self.costlyKinds) {
                what = "its construction reaches \(WorkspaceRuleSupport.reachPath(reached, from: context)), which \(Self.describe(reached.hazard))"
            } else {
                continue
            }
            // Rows of a list over data are all made again whenever the view holding the list updates:
            // the work is shown to repeat. A screen's own parent is not shown to update often.
            let inRows = work == .startsWork && !isShownOnDemand && context.isBuiltInRows(view.name)
            let when = isShownOnDemand
                ? "each time the view that pushes or presents this one updates"
                : inRows ? "for every row each time the view listing these rows updates"
                : "every time the parent re-creates this view"
            report.append(Finding(
                message: "`\(name)(…)` runs \(when) (SwiftUI keeps only the first instance), and \(what); make the state optional and create it once in `.task { }`",
                range: stateCalls[call.id]?.byteRange ?? call.byteRange,
                related: (stateCalls[call.id] == nil ? [] : [RelatedLocation(path: context.path, range: call.byteRange, message: "`\(name)` is made here")])
                    + [WorkspaceRuleSupport.related(declaration, "`\(name)` is declared here")],
                loweredSeverity: inRows ? nil : .info))
        }
    }

    /// `self._model = State(initialValue: Model(…))` in a view's `init` (also `wrappedValue:`, and through a
    /// local made just before: `let model = Model(…)` … `State(initialValue: model)`): each class the
    /// view creates for its state there, as `stateClassCreations` gives them for a property's default.
    /// The `init` runs every time the parent re-creates the view, and `State` keeps only the first value.
    static func stateCreationsInInitializer(_ node: Syntax, in context: RuleContext, stateCalls: inout [SyntaxIdentifier: FunctionCallExprSyntax])
        -> [(name: String, declaration: TypeDeclaration, call: FunctionCallExprSyntax)] {
        guard context.enclosingView != nil, let body = node.as(InitializerDeclSyntax.self)?.body else { return [] }
        var creations: [(name: String, declaration: TypeDeclaration, call: FunctionCallExprSyntax)] = []
        for statement in body.statements {
            guard let sequence = statement.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self)
                    ?? statement.item.as(SequenceExprSyntax.self),
                  sequence.elements.count == 3, Array(sequence.elements)[1].is(AssignmentExprSyntax.self),
                  let target = sequence.elements.first, let state = sequence.elements.last?.as(FunctionCallExprSyntax.self),
                  state.calleeName == "State", state.calledExpression.is(DeclReferenceExprSyntax.self),
                  let value = state.argument(labeled: "initialValue") ?? state.argument(labeled: "wrappedValue")
            else { continue }
            let written = target.trimmedDescription.hasPrefix("self.") ? String(target.trimmedDescription.dropFirst(5)) : target.trimmedDescription
            guard written.hasPrefix("_") else { continue }
            var made = value.expression.unwrapped.as(FunctionCallExprSyntax.self)
            if made == nil, let local = value.expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text {
                made = state.localInitializer(of: local)?.unwrapped.as(FunctionCallExprSyntax.self)
                if let made { stateCalls[made.id] = state }
            }
            guard let call = made, call.calledExpression.is(DeclReferenceExprSyntax.self),
                  let callee = call.calleeName, let name = TypeNames.simple(callee), TypeNames.startsUppercase(name),
                  let declaration = context.declaration(of: name, ifKind: .class)
            else { continue }
            creations.append((declaration.scope.qualifiedName, declaration, call))
        }
        return creations
    }

    /// The work an initializer does behind the flags this call turns on (`Backlog(auto: true)`):
    /// an argument for a flag's label that is not a literal `false`.
    static func flagWork(_ type: TypeScope, call: FunctionCallExprSyntax) -> TypeScope.InitializerWork {
        var work = TypeScope.InitializerWork.none
        for argument in call.arguments {
            guard let label = argument.label?.text, let gated = type.flagGatedWork[label],
                  argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind != .keyword(.false) else { continue }
            work = max(work, gated)
        }
        return work
    }

    /// Making the type shows work: a task, a store, a decoder, a formatter, a player.
    static func constructionDoesWork(_ type: TypeScope, in context: some WorkspaceAsking) -> Bool {
        constructionWork(type, in: context) == .startsWork
    }

    /// What making the type does: its initializers' work (`TypeScope.initializerWork`), and the
    /// most any stored property's default does. A default is work shown when it builds one of
    /// `TypeScope.heavyConstructions`; a project type's default costs what its own construction
    /// does (asked of the workspace a level or two deep); a cheap value, a factory function, or a
    /// type the workspace does not declare, is none.
    static func constructionWork(_ type: TypeScope, in context: some WorkspaceAsking, depth: Int = 0) -> TypeScope.InitializerWork {
        var work = type.initializerWork
        for property in type.properties where work != .startsWork && property.isStoredInstance {
            guard let callee = property.initializerCallee, !TypeScope.cheapConstructions.contains(callee) else { continue }
            if TypeScope.heavyConstructions.contains(callee) { return .startsWork }
            // `makeCache()`, `NSMapTable<…>.weakObjects()`: a factory whose cost is not shown; taken
            // as cheap (a default that starts work shows it by what it builds).
            guard TypeNames.startsUppercase(callee) else { continue }
            guard let declared = context.type(named: callee), !declared.isView, declared.qualifiedName != type.qualifiedName else { continue }
            work = max(work, depth < 2 ? constructionWork(declared, in: context, depth: depth + 1) : .calls)
        }
        return work
    }
}
