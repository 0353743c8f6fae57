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
        summary: "`@State var x = SomeClass(…)` where constructing the workspace class does work.",
        rationale: """
            `@State`'s default value is not an autoclosure: SwiftUI evaluates it every time it creates the \
            view value (whenever the parent's body runs), then keeps only the first instance. A class whose \
            initializer touches SwiftData, audio, haptics or the network does that work again and again. \
            Make the state optional and create it once in `.task { if model == nil { model = Model() } }`.
            """,
        notFlagged: [
            "a class whose init and defaults do no work",
            "`@StateObject` (an autoclosure)",
            "value types and literals",
            "a scene's root view",
            "a class the workspace does not declare",
        ],
        severityReason: "repeated expensive work with every parent render.",
        asks: [.declaration, .builtOnlyByApps],
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
                extension Player {
                    struct Screen: View {
                        @State private var model = ↓StateModel()
                        var body: some View { Text("") }
                    }
                }
                """, note: "`StateModel()` inside `extension Player` is `Player.StateModel`, whose `init` does work; `Search.StateModel` does none",
                otherFiles: twoFeatureModels),
        ],
        nonTriggering: [
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
                    "Player+Model.swift": "extension Player { final class StateModel { init() { Engine.shared.prepare() } } }",
                    "Other+Model.swift": "extension Other { final class StateModel { init() { Engine.shared.prepare() } } }",
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
                struct PlayerView: View {
                    @State private var player = AVPlayer()
                    var body: some View { Text("") }
                }
                """, note: "a class not declared in the workspace (its cost is unknown)"),
        ])

    /// Two features nesting a `StateModel` each; only `Player`'s does work in its `init`.
    static let twoFeatureModels: [String: String] = [
        "Player+Model.swift": "extension Player { final class StateModel { init() { Engine.shared.prepare() } } }",
        "Search+Model.swift": "extension Search { final class StateModel { var query = \"\" } }",
    ]

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]
    /// Initial values of stored properties that are cheap to make.
    static let cheapCallees: Set<String> = ["UUID", "Date", "Set", "Array", "Dictionary", "String", "Int", "Double", "CGFloat",
                                            "CGSize", "CGPoint", "CGRect", "Color", "PassthroughSubject", "CurrentValueSubject", "NSLock"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let creations = WorkspaceRuleSupport.stateClassCreations(node, in: context)
        // A scene's root (`WindowGroup { ContentView() }` is the only place that builds it) is
        // created again only when the app's own body is, which is rare: nothing re-creates it per render.
        guard !creations.isEmpty, !(context.enclosingView.map { context.isBuiltOnlyByApps($0.name) } ?? false) else { return }
        for (name, declaration, call) in creations {
            guard Self.constructionDoesWork(declaration.scope, in: context),
                  // One line, one advice: where `state-non-observable-class` reports this property
                  // (a class the body reads that is not observable) its message carries both
                  // advices; this rule's "create it in `.task`" alone would contradict its
                  // "use `@StateObject`", so it defers to the rule with the correctness bug.
                  !(context.isEnabled(StateNonObservableClassRule.description.id)
                      && StateNonObservableClassRule.flags(node, declaration: declaration, call: call, in: context))
            else { continue }
            report.append(Finding(
                message: "`\(name)(…)` runs every time the parent re-creates this view (SwiftUI keeps only the first instance), and its initializer (\(WorkspaceRuleSupport.place([declaration.path], from: context))) does work; make the state optional and create it once in `.task { }`",
                range: call.byteRange,
                related: [WorkspaceRuleSupport.related(declaration, "`\(name)` is declared here")]))
        }
    }

    /// Making the type runs code beyond storing values: an initializer body that calls something,
    /// or a stored property whose default calls something that does (a project value type's default
    /// is cheap when its own construction is — `var filter = Filter()` of a plain struct — asked of
    /// the workspace a level or two deep; a class, a service or a monitor, and anything else called
    /// is taken as work).
    static func constructionDoesWork(_ type: TypeScope, in context: RuleContext, depth: Int = 0) -> Bool {
        if type.hasInitializerBody { return true }
        return type.properties.contains { property in
            guard property.isStoredInstance, let callee = property.initializerCallee else { return false }
            if cheapCallees.contains(callee) { return false }
            if depth < 2, TypeNames.startsUppercase(callee), let declared = context.type(named: callee),
               declared.kind == .struct || declared.kind == .enum, !declared.isView {
                return constructionDoesWork(declared, in: context, depth: depth + 1)
            }
            return true
        }
    }
}
