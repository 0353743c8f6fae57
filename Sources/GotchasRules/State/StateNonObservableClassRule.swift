import GotchasCore
import SwiftSyntax

/// `@State` only notices a class instance being replaced; mutations inside a class
/// that is not `@Observable` never update the view.
struct StateNonObservableClassRule: Rule {
    static let description = RuleDescription(
        id: "state-non-observable-class",
        category: .state,
        severity: .warning,
        seed: "004 §2",
        summary: "`@State` holding an instance of a workspace class that is not `@Observable`, whose properties the body reads.",
        rationale: """
            `@State` tracks its value; for a class that value is the reference, which does not change when a \
            property does. Unless the class is `@Observable` (or a SwiftData `@Model`), the view does not \
            re-render when it mutates, and what the body shows goes stale. Mark the class `@Observable`, or \
            own an `ObservableObject` with `@StateObject`.
            """,
        notFlagged: [
            "`@Observable` and `@Model` classes",
            "a reference kept for ownership or callbacks",
            "properties read only in actions",
            "a class from another module",
            "a box the body only passes on",
            "an object read only inside a `TimelineView` (it redraws on its own schedule)",
            "an `ObservableObject` whose publishers the view subscribes to itself (`data.$value`)",
            "a `@Published` property no code changes after the object is made",
        ],
        severityReason: "shown only where the body reads a mutable property of the object.",
        asks: [.declaration, .elementEdits],
        useInstead: "@Observable, @Model, and subclasses of an @Observable class",
        triggers: ["@State"],
        triggering: [
            RuleExample("""
                struct PumpView: View {
                    @State var state: ↓Home.StateModel
                    var body: some View { Text(state.pumpName) }
                }
                """, note: "a feature's nested model, an `ObservableObject` through its base class and a protocol", otherFiles: [
                    "Home.swift": """
                        enum Home {}
                        extension Home { final class StateModel: BaseStateModel<HomeProvider> { @Published var pumpName = ""; func rename(_ name: String) { pumpName = name } } }
                        class BaseStateModel<Provider>: StateModel {}
                        protocol StateModel: ObservableObject {}
                        """,
                    "Settings.swift": "enum Settings {}\nextension Settings { final class StateModel: ObservableObject { @Published var units = 0 } }",
                ]),
            RuleExample("""
                struct CartView: View {
                    @State private var cart = ↓Cart()
                    @State private var session: Session? = ↓Session()
                    var body: some View { Text("\\(cart.items.count) \\(session?.user?.name ?? "")") }
                }
                """, otherFiles: ["Cart.swift": "final class Cart { var items: [Item] = [] }\nclass Session: NSObject { var user: User? }"]),
            RuleExample("""
                struct SettingsView: View {
                    @State private var settings = ↓SettingsStore()
                    var body: some View { Text(settings.darkMode ? "Dark" : "Light") }
                }
                final class SettingsStore: ObservableObject {
                    @Published var darkMode = false
                    func toggle() { darkMode = !darkMode }
                }
                """),
            RuleExample("""
                struct PlayerView: View {
                    @State private var engine = ↓AudioEngine()
                    var body: some View {
                        VStack { controls }
                    }
                    @ViewBuilder private var controls: some View {
                        if engine.isPlaying { Text("Playing") }
                    }
                }
                """, otherFiles: ["AudioEngine.swift": "final class AudioEngine {\n    var isPlaying = false\n    init() { engine.prepare() }\n}"]),
            RuleExample("""
                struct OperationEditor: View {
                    @State var operation: ↓FileOperation
                    var body: some View {
                        Text(operation.isCreating ? "Creating" : "Replacing")
                        Button("Create") { operation.isCreating = true }
                    }
                }
                """, note: "a class the caller hands in, changed in place by the view's action", otherFiles: [
                    "FileOperation.swift": "class FileOperation { var isCreating = false; var path = \"\" }",
                ]),
            RuleExample("""
                struct SessionRow: View {
                    @State var appState: ↓AppState
                    var body: some View { Text(appState.userName).foregroundStyle(appState.accent) }
                }
                """, note: "an `ObservableObject` handed in: it announces its changes, and `@State` does not listen", otherFiles: [
                    "AppState.swift": "final class AppState: ObservableObject { @Published var userName = \"\"; @Published var accent = Color.blue; func signIn(_ name: String) { userName = name } }",
                ]),
        ],
        nonTriggering: [
            RuleExample("""
                struct SaveFavoritePage: View {
                    @State var pending: FavoriteSettings
                    var body: some View { NotificationSettings(settings: pending.notifications) }
                }
                """, note: "a published property set only when the object is made (a nested model the child observes): it never goes stale here",
                otherFiles: ["FavoriteSettings.swift": """
                    final class FavoriteSettings: ObservableObject {
                        @Published var notifications: Notifications
                        init(notifications: Notifications) { self.notifications = notifications }
                        final class Notifications: ObservableObject { @Published var enabled = false }
                    }
                    """]),
            RuleExample("""
                struct Stars: View {
                    @State private var field = StarField()
                    var body: some View {
                        TimelineView(.animation) { timeline in
                            Canvas { context, size in
                                field.update(date: timeline.date)
                                for star in field.stars { context.fill(Path(star.rect), with: .color(.white)) }
                            }
                        }
                    }
                }
                """, note: "read only inside a `TimelineView`, which redraws every frame: observation adds nothing",
                otherFiles: ["StarField.swift": "final class StarField { var stars: [Star] = []; func update(date: Date) {} }"]),
            RuleExample("""
                struct Chart: View {
                    @State var data: ChartModel
                    @State private var hours = 0
                    var body: some View {
                        Text("\\(data.screenHours)")
                            .onReceive(data.$screenHours.debounce(for: 0.2, scheduler: RunLoop.main)) { hours = $0 }
                    }
                }
                """, note: "the view subscribes to the object's publisher itself (debounced into its own state)",
                otherFiles: ["ChartModel.swift": "final class ChartModel: ObservableObject { @Published var screenHours = 6 }"]),
            RuleExample("""
                struct OperationEditor: View {
                    @State var operation: FileOperation
                    var body: some View {
                        Text(operation.isCreating ? "Creating" : "Replacing")
                        Button("Create") { operation = FileOperation(path: operation.path, isCreating: true) }
                    }
                }
                """, note: "a reference replaced whole: the change @State sees", otherFiles: [
                    "FileOperation.swift": "class FileOperation { var isCreating = false; var path = \"\"; init(path: String, isCreating: Bool) {} }",
                ]),
            RuleExample("""
                final class ScrollBox { var offset: CGFloat = 0 }
                struct Feed: View {
                    @State private var box = ScrollBox()
                    var body: some View {
                        List(items) { Row(item: $0) }
                            .onScrollGeometryChange(for: CGFloat.self) { $0.contentOffset.y } action: { _, y in box.offset = y }
                            .overlay { ScrollIndicator(box: box) }
                    }
                }
                """, note: "a box kept deliberately so that writes do not re-render: the body never reads its mutable properties, only passes it on"),
            RuleExample("""
                final class WindowState { weak var window: NSWindow?; var onClose: (() -> Void)? }
                struct EditorWindow: View {
                    @State private var windowState = WindowState()
                    var body: some View {
                        Text("Editor").background(WindowAccessor { window in
                            guard let window else { return }
                            if windowState.window == nil { windowState.window = window }
                        })
                    }
                }
                """, note: "read only in a callback a view is handed (a `guard`, assignments): kept for ownership"),
            RuleExample("""
                struct CartView: View {
                    // @State private var cart = Cart()
                    @State private var cartTitle = "Cart()"
                    @StateObject private var cart = Cart()
                    var body: some View { Text("") }
                }
                """, note: "a comment, a string, @StateObject", otherFiles: ["Cart.swift": "final class Cart: ObservableObject { @Published var items: [Int] = [] }"]),
            RuleExample("""
                struct CartView: View {
                    @State private var cart = Cart()
                    @State private var trip: Trip?
                    @State private var child = Child()
                    var body: some View { Text("") }
                }
                """, note: "@Observable, @Model, and subclasses of an @Observable class",
                otherFiles: ["Models.swift": "@Observable final class Cart { var items: [Item] = [] }\n@Model final class Trip { var name = \"\" }\n@Observable class Base {}\nfinal class Child: Base {}"]),
            RuleExample("""
                struct FileInspector: View {
                    @State private var file: WorkspaceFile?
                    @State var selection: WorkspaceFile
                    var body: some View { Text(file?.name ?? "") }
                }
                """, note: "a selected reference: replacing it is the change",
                otherFiles: ["WorkspaceFile.swift": "final class WorkspaceFile: Hashable { var name = \"\" }"]),
            RuleExample("""
                struct PlayerView: View {
                    @State private var player = AVPlayer()
                    @State private var count = 0
                    @State private var draft = Draft()
                    var body: some View { Text("") }
                }
                struct Draft { var text = "" }
                """, note: "framework classes and value types"),
            RuleExample("""
                struct FeedView: View {
                    @State private var model = FeedModel()
                    var body: some View { Text("") }
                }
                """, note: "the superclass comes from another module: it may be observable", otherFiles: ["FeedModel.swift": "final class FeedModel: BaseViewModel {}"]),
            RuleExample("""
                struct ConversationsView: View {
                    @State private var dataSource = ConversationsDataSource()
                    @State private var conversations: [Conversation] = []
                    var body: some View { Text("") }
                }
                """, note: "a helper whose state is all private: the view reads results, not its properties",
                otherFiles: ["DataSource.swift": "@MainActor final class ConversationsDataSource {\n    private var conversations: [Conversation] = []\n    private var nextPage: Link?\n    init() {}\n}"]),
            RuleExample("""
                struct MapScreen: View {
                    @State private var coordinator = MapCoordinator()
                    @State private var cache = ImageCache()
                    var body: some View {
                        MapView(delegate: coordinator)
                            .onAppear { coordinator.region = .default }
                            .environment(\\.imageCache, cache)
                    }
                }
                """, note: "a reference kept for ownership or callbacks (coordinator, cache, delegate, adapter): the body never shows its properties",
                otherFiles: ["Helpers.swift": "final class MapCoordinator: NSObject { var region: Region = .default; weak var delegate: MapDelegate? }\nfinal class ImageCache { var images: [URL: Image] = [:] }"]),
            RuleExample("""
                struct CartView: View {
                    @State private var cart = Cart()
                    var body: some View {
                        Button("Add") { cart.items.append(1) }
                            .task { print(cart.items) }
                    }
                }
                """, note: "properties touched only in action closures, which read on an event, not per render",
                otherFiles: ["Cart.swift": "final class Cart { var items: [Int] = [] }"]),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]
    // https://developer.apple.com/documentation/observation/observable() (iOS 17, macOS 14, tvOS 17, watchOS 10)
    static let observation = PlatformRequirement.os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10))
    /// Inherited names that are protocols or plain roots: they bring no observation.
    static let plainRoots: Set<String> = ["NSObject", "Identifiable", "Hashable", "Equatable", "Codable", "Sendable", "ObservableObject",
                                          "Decodable", "Encodable", "CustomStringConvertible", "AnyObject"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        checkWrittenInPlace(node, in: context)
        guard let members = node.parent?.parent?.parent?.as(MemberBlockSyntax.self) else { return }
        // Observation (`@Observable`) needs iOS 17: below it, only `ObservableObject` advice.
        let canObserve = context.allows(Self.observation)
        for (typeName, call) in WorkspaceRuleSupport.stateCreations(node) {
            guard let property = call.parent?.parent?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { continue }
            // What the body shows of the object; whether the type is a class that is not observable,
            // and which of its properties others can see, is the workspace's to say.
            let shown = members.renderedMembers(of: property)
            // Drawn inside a `TimelineView`: the view redraws on its schedule and reads the object
            // afresh each time (a simulation stepped per frame), so observation adds nothing.
            if members.rendersOnlyInsideTimelineView(property) { continue }
            let range: Range<Int> = Syntax(call).byteRange
            context.decideLater { asking in
                guard let declaration = asking.declaration(of: typeName, ifKind: .class),
                      Self.flags(declaration.scope, showing: shown, asking: asking)
                else { return [] }
                let name = declaration.scope.qualifiedName
                // One line, one advice: `heavy-state-initializer` defers to this rule here, so when
                // the initializer also does work the advice says where to create it.
                let advice: String
                if declaration.scope.inherits("ObservableObject") {
                    advice = "own this ObservableObject with `@StateObject` (its initializer then runs once)" + (canObserve ? ", or make it `@Observable`" : "")
                } else if !canObserve {
                    advice = "make `\(name)` an `ObservableObject` with `@Published` properties and own it with `@StateObject` (`@Observable` needs \(Self.observation))"
                } else if HeavyStateInitializerRule.constructionDoesWork(declaration.scope, in: asking) {
                    advice = "mark `\(name)` `@Observable`, and since its initializer does work, make the state optional and create it once in `.task { }`"
                } else {
                    advice = "mark `\(name)` `@Observable`"
                }
                return [Finding(
                    message: "`\(name)` (declared \(WorkspaceRuleSupport.place([declaration.path], from: asking))) is a class that is not @Observable and this view's body reads its properties: @State only sees the reference, so changes to those properties never update the view; \(advice)",
                    range: range,
                    related: [WorkspaceRuleSupport.related(declaration, "`\(name)` is declared here")])]
            }
        }
    }

    /// `@State var operation: Operation` (a class a caller hands in, or one assigned later) that the
    /// view changes in place (`operation.isCreating = true`, outside an `init`) while its rendering code
    /// reads that property: the write never updates the view. Replacing the whole reference is the
    /// change `@State` sees, and a reference only passed on or read is not flagged — unless it is an
    /// `ObservableObject` whose `@Published` property the body reads (its changes are announced, unheard).
    private func checkWrittenInPlace(_ node: Syntax, in context: RuleContext) {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, context.enclosingView != nil,
              let members = node.parent?.parent?.parent?.as(MemberBlockSyntax.self) else { return }
        let variable = node.cast(VariableDeclSyntax.self)
        guard variable.attributes.names.contains(where: { $0 == "State" || $0 == "SwiftUI.State" }) else { return }
        let canObserve = context.allows(Self.observation)
        for binding in variable.bindings {
            // A class the view creates is the other shape (`stateClassCreations`).
            if let value = binding.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self), value.calledExpression.is(DeclReferenceExprSyntax.self) { continue }
            guard let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let type = binding.typeAnnotation?.type, let simpleName = TypeNames.simple(type.trimmedDescription), TypeNames.startsUppercase(simpleName)
            else { continue }
            // `Home.StateModel`: the member type as written (each feature may nest its own `StateModel`).
            let written = TypeNames.strippingOptional(type.trimmedDescription)
            let name = written.contains(".") && written.split(separator: ".").allSatisfy({ $0.first?.isUppercase == true }) ? written : simpleName
            // What the tree says of the property; which of it matters depends on the type, the
            // workspace's to say.
            let shown = members.renderedMembers(of: property)
            if members.rendersOnlyInsideTimelineView(property) { continue }
            // The view subscribes to the object's publishers itself (`data.$screenHours`, debounced
            // into its own state): it is not observed on purpose.
            let subscribes = members.subscribesToPublishers(of: property)
            let changed = Self.inPlaceWrites(of: property, in: members, among: nil)
            let range: Range<Int> = type.byteRange
            context.decideLater { asking in
                guard let declaration = asking.declaration(of: name, ifKind: .class),
                      !Self.isObservable(declaration.scope, in: asking, depth: 0)
                else { return [] }
                let readable = Set(declaration.scope.properties.filter { $0.isStoredInstance && !$0.isLet && !$0.isPrivate }.map(\.name))
                // An `ObservableObject` announces every change of a `@Published` property, wherever it is
                // written: the body reading one is the evidence, whoever writes it.
                let published = readable.filter { name in declaration.scope.property(named: name)?.attributes.contains("Published") == true }
                // …where some code changes it after the object is made (the object's own methods, or code
                // writing it through a reference the index cannot type): a property set once in `init`
                // (a nested model handed on to a child that observes it) never goes stale here.
                func changes(_ member: String) -> Bool {
                    !asking.filesChanging(declaration.scope.qualifiedName + "." + member).isEmpty || !asking.filesChanging(member).isEmpty
                }
                if Self.isObservableObject(declaration.scope, in: asking), !subscribes,
                   let read = published.sorted().first(where: { shown.contains($0) && changes($0) }) {
                    return [Finding(
                        message: "`\(name)` (declared \(WorkspaceRuleSupport.place([declaration.path], from: asking))) is an ObservableObject held in @State: "
                            + "@State keeps the reference but does not subscribe to it, so when `\(property).\(read)` changes this view does not update; "
                            + "hold it with `@ObservedObject` (or read it with `@EnvironmentObject`)",
                        range: range,
                        related: [WorkspaceRuleSupport.related(declaration, "`\(name)` is declared here")])]
                }
                guard let read = changed.intersection(readable).sorted().first(where: shown.contains) else { return [] }
                let advice = canObserve ? "mark `\(name)` `@Observable`"
                    : "make `\(name)` an `ObservableObject` with `@Published` properties and hold it with `@ObservedObject` (`@Observable` needs \(Self.observation))"
                return [Finding(
                    message: "`\(name)` (declared \(WorkspaceRuleSupport.place([declaration.path], from: asking))) is a class that is not @Observable: this view changes `\(property).\(read)` in place and its body reads it, but @State only sees the reference, so the view does not update; \(advice)",
                    range: range,
                    related: [WorkspaceRuleSupport.related(declaration, "`\(name)` is declared here")])]
            }
        }
    }

    /// The members among `members` that code of the type other than an `init` assigns on `base` in
    /// place: `base.member = …`, `base.member += …`, `self.base.member = …`.
    /// (`skippingByBytes: false` walks every member's tokens: the slow path the tests compare with.)
    static func inPlaceWrites(of base: String, in block: MemberBlockSyntax, among members: Set<String>?,
                              skippingByBytes: Bool = true) -> Set<String> {
        var written: Set<String> = []
        guard members?.isEmpty != true else { return written }
        let name = Array(base.utf8)
        for member in block.members where !member.decl.is(InitializerDeclSyntax.self) {
            // Most members do not name `base`: their bytes tell at once, without a token walk.
            if skippingByBytes, !member.decl.syntaxTextBytes.withUnsafeBufferPointer({ ByteSearch.contains(name, in: $0) }) { continue }
            let tokens = Array(member.decl.tokens(viewMode: .sourceAccurate))
            for index in tokens.indices where tokens[index].tokenKind == .identifier(base) && index + 3 < tokens.count {
                if index > 0, tokens[index - 1].tokenKind == .period, index < 2 || tokens[index - 2].tokenKind != .keyword(.self) { continue }
                guard tokens[index + 1].tokenKind == .period, case .identifier(let name) = tokens[index + 2].tokenKind, members?.contains(name) ?? true
                else { continue }
                let next = tokens[index + 3]
                if next.tokenKind == .equal { written.insert(name); continue }
                if case .binaryOperator(let op) = next.tokenKind, op.hasSuffix("="), !["==", "!=", "<=", ">=", "==="].contains(op) { written.insert(name) }
            }
        }
        return written
    }

    /// This rule reports `@State var x = Type()`: the class is not observable, and the view's
    /// rendering code reads (`shown`) one of its mutable stored properties that others can see. A
    /// reference kept for ownership or callbacks (a coordinator, a cache, a delegate, an adapter)
    /// whose properties the body never shows is not stale UI: quiet.
    static func flags(_ type: TypeScope, showing shown: Set<String>, asking: some WorkspaceAsking) -> Bool {
        // A helper whose mutable state is all private cannot be read by the view: holding it
        // in @State just keeps one instance alive.
        let readable = Set(type.properties.filter { $0.isStoredInstance && !$0.isLet && !$0.isPrivate }.map(\.name))
        return !readable.isEmpty && !isObservable(type, in: asking, depth: 0) && !readable.isDisjoint(with: shown)
    }

    /// `flags` for `@State var x = Type()` at `node`, `call` making `declaration`'s type.
    static func flags(_ node: Syntax, declaration: TypeDeclaration, call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let property = call.parent?.parent?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let members = node.parent?.parent?.parent?.as(MemberBlockSyntax.self)
        else { return false }
        return flags(declaration.scope, showing: members.renderedMembers(of: property), asking: context)
    }

    /// An `ObservableObject`, itself or through its superclasses and refined protocols (`final class
    /// StateModel: BaseStateModel<Provider>` where the base class conforms).
    static func isObservableObject(_ type: TypeScope, in context: some WorkspaceAsking) -> Bool {
        type.inherits("ObservableObject")
            || WorkspaceRuleSupport.someAncestor(of: type, kinds: [.class, .protocol], excluding: plainRoots, in: context) { $0.inherits("ObservableObject") }
    }

    /// Observable itself, through a workspace superclass, or possibly (an unknown superclass).
    static func isObservable(_ type: TypeScope, in context: some WorkspaceAsking, depth: Int) -> Bool {
        // `@Perceptible` is the Perception library's back-port of `@Observable` (read in `WithPerceptionTracking`).
        if type.isObservableMacro || type.hasAttribute("Perceptible") || type.inherits("Observable") || type.inherits("Perceptible") { return true }
        guard let first = type.inheritedTypes.first, let superName = TypeNames.simple(first), !Self.plainRoots.contains(superName) else { return false }
        guard let superType = context.type(named: superName) else { return true }  // unknown: maybe observable, do not flag
        guard superType.kind == .class, depth < 8 else { return false }
        return isObservable(superType, in: context, depth: depth + 1)
    }
}
