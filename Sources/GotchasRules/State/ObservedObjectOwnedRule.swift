import GotchasCore
import SwiftSyntax

/// `@ObservedObject` does not own its object: a view that creates one with
/// `@ObservedObject var m = Model()` gets a fresh model every time its parent
/// re-renders, losing all of the model's state.
struct ObservedObjectOwnedRule: Rule {
    static let description = RuleDescription(
        id: "observed-object-owned",
        category: .state,
        severity: .warning,
        seed: "004 §2",
        summary: "`@ObservedObject var m = Model()` creates an object the view does not own; use `@StateObject`.",
        rationale: """
            `@ObservedObject` only observes an object someone else keeps alive. When the view creates it \
            (`@ObservedObject var model = Model()`), SwiftUI builds a new `Model` every time the parent \
            re-creates the view value, so loaded data, selections and in-flight work are silently reset. \
            Declare it `@StateObject private var model = Model()`, or move to `@Observable` with `@State`.
            """,
        notFlagged: [
            "an object passed in by the parent",
            "a shared instance (`= Model.shared`)",
            "a property of a class, or of the `App`",
            "a view a host stores and drives",
            "an object the view's own `init` uses (a `@StateObject` is not installed there)",
        ],
        fixSafety: "Writes `@StateObject`. Safe only when the property is `private` and only view code reads it; otherwise unsafe, because a `@StateObject` read outside a rendered view makes a new object each time.",
        severityReason: "the object and its state are re-created whenever the parent re-creates the view: a reset, not a crash. Info where the object holds no state (no stored `var`, nothing `@Published`), where no code of the project changes its state after its `init` (a new one holds the same), where the child's rendered code reads nothing of a passed object (only its actions use it), or the property is never read; not reported for the root of a hosting controller, which its host makes once.",
        asks: [.declaration, .builtByNoParentView, .referringTypes, .elementEdits, .bodyReaches],
        fix: .safe,
        // https://developer.apple.com/documentation/swiftui/stateobject.md (iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1)
        requires: .os(iOS: OSVersion(14), macOS: OSVersion(11), tvOS: OSVersion(14), watchOS: OSVersion(7)),
        // No trigger text: a view that hands a new object to another view's `@ObservedObject` need not name the wrapper.
        triggering: [
            RuleExample("""
                struct EngineInstall: View {
                #if DEBUG
                    @StateObject var viewModel: InstallModel = .init(stage: .installer)
                #else
                    ↓@ObservedObject var viewModel: InstallModel = .init()
                #endif
                    var body: some View { Text(viewModel.title) }
                }
                """, note: "the release build's declaration under `#if`: read by `body`, made anew per render"),
            RuleExample("""
                struct StringToggleCell: View {
                    ↓@ObservedObject var viewModel: ToggleViewModel
                    init(key: String) { self.viewModel = ToggleViewModel(key: key) }
                    var body: some View { Toggle("On", isOn: $viewModel.isOn) }
                }
                """, note: "the view's `init` creates it"),
            RuleExample("""
                @available(iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1, *)
                struct ProfileView: View {
                    ↓@ObservedObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(13)]),
            """
            struct ProfileView: View {
                ↓@ObservedObject var model = ProfileModel()
                var body: some View { Text(model.name) }
            }
            """,
            RuleExample("""
                struct FeedScreen: View, Equatable, Refreshable {
                    ↓@ObservedObject var model = FeedModel()
                    var body: some View { List(model.items) { Text($0.title) }.refreshable { refresh() } }
                    func refresh() { model.reload() }
                }
                """, note: "a method that uses the object, but the view calls it itself: no host drives it"),
            """
            struct ListScreen: View {
                ↓@ObservedObject private var store: Store = Store(api: .live)
                ↓@SwiftUI.ObservedObject var other = .init()
                var body: some View { Text(store.title + other.title) }
            }
            """,
            RuleExample("""
                struct MoveSheet: View {
                    ↓@ObservedObject var toasts = ToastManager()
                    var body: some View { Button("Move") { ToastManager.shared.show("Moved") } }
                }
                """, note: "never read: info, to remove it"),
            RuleExample("""
                struct NavigatorView: View {
                    let url: URL
                    var body: some View { ChangesView(model: ↓.init(url: url)) }
                }
                """, note: "`body` hands a new object to another view's `@ObservedObject`", otherFiles: [
                    "ChangesView.swift": Self.changesView(wrapper: "ObservedObject"),
                ]),
            RuleExample("""
                final class Router {
                    @ViewBuilder func destination(for route: Route) -> some View {
                        RemindersView(model: ↓RemindersModel())
                    }
                }
                struct Home: View {
                    let router: Router
                    var body: some View { NavigationStack { List {}.navigationDestination(for: Route.self) { router.destination(for: $0) } } }
                }
                """, note: "a router's method that a view calls in its rendered code", otherFiles: [
                    "RemindersView.swift": """
                        final class RemindersModel: ObservableObject { @Published var time = 0 }
                        struct RemindersView: View { @ObservedObject var model: RemindersModel; var body: some View { Text("\\(model.time)") } }
                        """,
                ]),
        ],
        nonTriggering: [
            RuleExample("""
                final class SettingsCoordinator: NavigationCoordinatable {
                    @Route(.push) var reminders = makeRemindersView
                    func makeRemindersView() -> some View {
                        RemindersView(model: RemindersModel())
                    }
                }
                """, note: "a factory the coordinator hands out as a value: the router calls it once per push", otherFiles: [
                    "RemindersView.swift": """
                        final class RemindersModel: ObservableObject { @Published var time = 0 }
                        struct RemindersView: View { @ObservedObject var model: RemindersModel; var body: some View { Text("\\(model.time)") } }
                        """,
                ]),
            RuleExample("""
                final class LoginCoordinator {
                    func makePurchaseFlow(services: Services) async throws -> AnyView {
                        AnyView(PurchaseFlowView(model: PurchaseModel(services: services)))
                    }
                }
                """, note: "an `async` factory builds the view once, when it is awaited: no render runs it", otherFiles: [
                    "PurchaseFlowView.swift": """
                        final class PurchaseModel: ObservableObject { @Published var plan = 0; init(services: Services) {} }
                        struct PurchaseFlowView: View { @ObservedObject var model: PurchaseModel; var body: some View { Text("\\(model.plan)") } }
                        """,
                ]),
            RuleExample("""
                struct ServerSelectionView: View {
                    @ObservedObject var model: ServerModel
                    init(servers: Servers) { model = ServerModel(servers: servers) }
                    var body: some View { Text(model.title) }
                }
                """, note: "only an action builds the view, to push it in a hosting controller: no parent view re-creates it", otherFiles: [
                    "AddServerCard.swift": """
                        struct AddServerCard: View {
                            let servers: Servers
                            var body: some View {
                                Button("Add") { navigateTo(destination: ServerSelectionView(servers: servers)) }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct NavigatorView: View {
                    @StateObject private var changes = ChangesModel(url: URL(fileURLWithPath: "/"))
                    var body: some View { ChangesView(model: changes) }
                }
                """, note: "the object is owned here and passed down", otherFiles: [
                    "ChangesView.swift": Self.changesView(wrapper: "ObservedObject"),
                ]),
            RuleExample("""
                struct NavigatorView: View {
                    let url: URL
                    var body: some View { ChangesView(model: .init(url: url)) }
                }
                """, note: "the child owns what it is given (`@StateObject`)", otherFiles: [
                    "ChangesView.swift": Self.changesView(wrapper: "StateObject"),
                ]),
            RuleExample("""
                struct WorkspaceView: View {
                    @ObservedObject private var extensions = ExtensionData()
                    var body: some View { Text(extensions.title) }
                }
                """, note: "the root of a hosting controller is made once by its host; no SwiftUI parent re-creates it",
                otherFiles: ["WindowController.swift": """
                    final class WindowController: NSWindowController {
                        func setUp(workspace: Workspace) {
                            let root = WorkspaceView().environmentObject(workspace)
                            contentViewController = NSHostingController(rootView: root)
                        }
                    }
                    """]),
            RuleExample("""
                struct StepperRow: View {
                    @ObservedObject var delegate: Delegate = .init()
                    var body: some View { Stepper("Step", value: .constant(1), step: delegate.step) }
                    func step(_ step: Int) -> Self {
                        delegate.step = step
                        return self
                    }
                }
                """, note: "a builder method configures the object on a view value not yet installed, which `@StateObject` would not serve"),
            RuleExample("""
                @propertyWrapper
                struct Preference<Value>: DynamicProperty {
                    @ObservedObject private var observer: StoreRelay
                    init(_ key: String) { observer = StoreRelay(key: key) }
                    var wrappedValue: Value { Store.shared.value(for: key) }
                }
                final class StoreRelay: ObservableObject {
                    var subscription: AnyCancellable?
                    init(key: String) { subscription = Store.shared.changes(of: key).sink { [weak self] _ in self?.objectWillChange.send() } }
                }
                """, note: "a property wrapper whose object only relays a store's changes: a new one loses nothing"),
            RuleExample("""
                struct Row: View {
                    @ObservedObject var model: RowModel
                    init(model: RowModel) { self.model = model }
                    var body: some View { Text(model.title) }
                }
                """, note: "the `init` stores the object its caller passes"),
            RuleExample("""
                struct CodeRow: View {
                    @ObservedObject private var model = CodeRowModel()
                    init(uri: String) {
                        model.bind(uri: uri)
                    }
                    var body: some View { Text(model.code) }
                }
                """, note: "the view's own `init` uses the object: a `@StateObject` would not be installed there yet"),
            RuleExample("""
                struct ProfileView: View {
                    @ObservedObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                }
                """, note: "deployment target iOS 13: what the advice needs does not exist there", platforms: [.iOS: OSVersion(13)]),
            RuleExample("""
                @main
                struct PodcastsApp: App {
                    @ObservedObject var player = PlaybackManager()
                    init() { Downloads.shared.player = player }
                    var body: some Scene { WindowGroup { ContentView() } }
                }
                """, note: "the `@main` `App`: created once, and its `init` hands the object to others"),
            RuleExample("@main struct PodcastsApp { @ObservedObject var player = PlaybackManager() }",
                        note: "the `App` conformance is declared in another file", otherFiles: [
                            "PodcastsApp+Scene.swift": "extension PodcastsApp: App { var body: some Scene { WindowGroup { Text(\"\") } } }",
                        ]),
            RuleExample("struct A: View { @ObservedObject var model: ProfileModel }", note: "passed in by the parent"),
            RuleExample("struct A: View { @ObservedObject var model = ProfileModel.shared }", note: "a shared instance the view does not create"),
            RuleExample("struct A: View { @StateObject private var model = ProfileModel() }", note: "owned correctly"),
            RuleExample("// @ObservedObject var m = Foo()", note: "inside a comment"),
            RuleExample("let text = \"@ObservedObject var m = Foo()\"", note: "inside a string"),
            RuleExample("""
                final class ClipPlaybackManager: ObservableObject {
                    @ObservedObject var clipTime: ClipTime = ClipTime(start: 0, end: 0)
                }
                """, note: "`@ObservedObject` in a class that is not a View: no view creates it"),
            RuleExample("""
                protocol StoryView: View { func onPause() }
                struct ListenedStory: StoryView {
                    @ObservedObject private var animation = PlayPauseAnimation(duration: 2)
                    var body: some View { Text("42").modifier(animation.animate(scale)) }
                    func onPause() { animation.pause() }
                }
                """, note: "a host drives the object through methods on the view value it stores (`currentStory?.onPause()`): one object for as long as the host keeps the value"),
            RuleExample("""
                struct EpilogueStory: StoryView {
                    @ObservedObject private var visibility = Visibility()
                    var body: some View { Confetti().opacity(visibility.isVisible ? 1 : 0).onAppear(perform: playHaptics) }
                    func onAppear() { visibility.isVisible = true }
                }
                """, note: "the same host-driven story: the `.onAppear` modifier is not a call of its `onAppear()` requirement"),
        ],
        corrections: [
            RuleCorrection("""
                struct ProfileView: View {
                    @ObservedObject private var model = ProfileModel() // owned
                    var header: some View { Text(model.name) }
                }
                """, """
                struct ProfileView: View {
                    @StateObject private var model = ProfileModel() // owned
                    var header: some View { Text(model.name) }
                }
                """),
            RuleCorrection("""
                struct ProfileView: View {
                    @ObservedObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                }
                """, """
                struct ProfileView: View {
                    @StateObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                }
                """, applicability: .unsafe),
            RuleCorrection("""
                struct ProfileView: View {
                    @ObservedObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                    @ViewBuilder func badge() -> some View { Text(model.badge) }
                    func refresh() { model.reload() }
                }
                """, """
                struct ProfileView: View {
                    @StateObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                    @ViewBuilder func badge() -> some View { Text(model.badge) }
                    func refresh() { model.reload() }
                }
                """, applicability: .unsafe),
            RuleCorrection("""
                struct ProfileView: View {
                    @ObservedObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                }
                """, """
                struct ProfileView: View {
                    @StateObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                }
                """, applicability: .unsafe, otherFiles: [
                    "Root.swift": "struct Root: View { let shared: ProfileModel; var body: some View { ProfileView(model: shared) } }",
                ]),
        ])

    /// The other file of the examples of a new object handed to a child view: the child keeps it with `wrapper`.
    static func changesView(wrapper: String) -> String {
        """
        final class ChangesModel: ObservableObject { @Published var files: [String] = []; init(url: URL) {}; func load() { files = ["a"] } }
        struct ChangesView: View {
            @\(wrapper) var model: ChangesModel
            var body: some View { Text("\\(model.files.count)") }
        }
        """
    }

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl, .functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        if let call = node.as(FunctionCallExprSyntax.self) {
            checkNewObjectPassed(call, in: context, report: &report)
            return
        }
        let variable = node.cast(VariableDeclSyntax.self)
        guard let attribute = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: { attribute in
            let name = attribute.attributeName.trimmedText
            return name == "ObservedObject" || name == "SwiftUI.ObservedObject"
        }) else { return }
        let createdInPlace = variable.bindings.contains(where: { binding in
            guard let value = binding.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self) else { return false }
            return Self.constructsObject(value)
        })
        // `init(key: K) { self.viewModel = ToggleViewModel(key: key) }`: the view's `init` makes it.
        let createdByInitializer = !createdInPlace && Self.isCreatedByInitializer(variable)
        guard createdInPlace || createdByInitializer else { return }
        // Views are structs: `@ObservedObject` in a class (an `ObservableObject` manager holding
        // another object) is no view creating its model, and the message would be false.
        guard let type = context.enclosingType, type.kind == .struct else { return }
        // The `@main` `App` is created once for the process, and its `init` often hands the object
        // to others: no parent re-creates it, and `@StateObject` would give those others another
        // instance. Its kind may come from a conformance declared in another file.
        if WorkspaceRuleSupport.standsInApp(context) { return }
        // The root of a hosting controller (`NSHostingController(rootView: WorkspaceView())`) is made once by
        // its host: no SwiftUI parent re-creates it. (A scene's root is re-created with its `App`'s body.)
        if type.isView, context.isBuiltByNoParentView(type.name),
           let referring = context.typesReferring(to: type.name),
           !referring.contains(where: { context.type(named: $0)?.inherits("App") == true }) {
            return
        }
        // A host that keeps the view value and drives the object through it (pocket-casts'
        // stories: `currentStory?.onPause()` through a `StoryView` protocol) holds one object
        // for as long as it holds the value: the object is not replaced on re-render.
        if Self.isDrivenThroughViewValue(variable, of: type) { return }
        // A property wrapper (`struct Preference: DynamicProperty`) whose object only relays a store's
        // changes (no `@Published` state of its own, the value lives in `UserDefaults` or iCloud):
        // a new object per wrapper value loses nothing.
        let isPropertyWrapper = !type.isView && (type.hasAttribute("propertyWrapper") || type.inherits("DynamicProperty"))
        let holder = isPropertyWrapper ? "property wrapper" : "view"
        if isPropertyWrapper, Self.objectHoldsNoPublishedState(variable, in: context) { return }
        // The view's own `init` uses the object (`viewModel.bind(uri: uri)`): a `@StateObject` is not
        // installed yet there, so the init would configure a throwaway instance. The observed object
        // made per view value is what this code relies on.
        let objectType = variable.bindings.first?.typeAnnotation?.type.trimmedDescription
            ?? variable.bindings.first?.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self)?.calleeName
        let unchanged = objectType.flatMap { Self.objectChanges($0, asking: context) } == false
        if createdByInitializer {
            // The class holds no state (`let service` only, its members forward to it): nothing is lost.
            let stateless = Self.objectIsStateless(variable, in: context)
            report.append(Finding(
                message: "This \(holder)'s `init` creates the object it marks `@ObservedObject`, so a new one replaces it whenever the parent re-renders"
                    + (stateless ? "; it holds no state (no stored `var`), so nothing is lost, but `@StateObject` would make it once"
                        : unchanged ? "; " + Self.unchangedObjectNote + " (`_model = StateObject(wrappedValue: …)` in the `init`)"
                        : " and its state is lost; own it with `@StateObject` (`_model = StateObject(wrappedValue: …)` in the `init`)"),
                range: attribute.byteRange, loweredSeverity: stateless || unchanged ? .info : nil))
            return
        }
        if Self.isUsedInInitializer(variable) { return }
        // Declared and never read (the view uses something else, `ToastManager.shared`): nothing
        // of it is lost, but it is still made anew and re-renders this view when it changes.
        if createdInPlace, let property = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           let members = Self.typeMembers(around: variable), !Self.isRead(property, in: members, besides: variable) {
            report.append(Finding(
                message: "`\(property)` is never read in this \(holder): the object it creates is made anew whenever the parent re-renders, "
                    + "and every change it publishes re-renders this \(holder) for nothing; remove the property",
                range: attribute.byteRange, loweredSeverity: .info))
            return
        }
        // A service object holding no state (`LoginService()` with no `@Published` and no stored `var`):
        // a new one per parent render loses nothing the view shows; owning it is still tidier.
        let stateless = createdInPlace && Self.objectIsStateless(variable, in: context)
        let name = attribute.attributeName
        let nameRange = name.positionAfterSkippingLeadingTrivia.utf8Offset..<name.endPositionBeforeTrailingTrivia.utf8Offset
        let written = attribute.attributeName.trimmedText
        let fix = Fix(title: "Use `@StateObject`", applicability: Self.ownershipFixApplicability(of: variable, in: context), edits: [
            TextEdit(range: nameRange, replacement: String(written.dropLast("ObservedObject".count)) + "StateObject"),
        ])
        if stateless || unchanged {
            report.append(Finding(
                message: "This \(holder) creates the object it marks `@ObservedObject`, so a new one replaces it whenever the "
                    + "parent re-renders; " + (stateless ? "it holds no state (no stored `var`), so nothing is lost, but `@StateObject` would make it once" : Self.unchangedObjectNote),
                range: attribute.byteRange, fixes: [fix], loweredSeverity: .info))
            return
        }
        report.append(Finding(
            message: "This \(holder) creates the object it marks `@ObservedObject`, so a new one replaces it whenever the "
                + "parent re-renders and its state is lost; use `@StateObject` to own it",
            range: attribute.byteRange, fixes: [fix]))
    }

    /// `ChangesView(model: .init(workspaceURL: url))` in rendered code, where `ChangesView` (in any
    /// file) keeps `model` as `@ObservedObject`: every render of this view makes a new object, and the
    /// child, which only observes it, loses its state each time.
    private func checkNewObjectPassed(_ call: FunctionCallExprSyntax, in context: RuleContext, report: inout [Finding]) {
        // The syntax first (most calls have no argument that makes an object), then where the call stands.
        let makesObject = { (argument: LabeledExprSyntax) in
            argument.label != nil && argument.expression.as(FunctionCallExprSyntax.self).map(Self.constructsObject) == true
        }
        guard call.arguments.contains(where: makesObject), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              TypeNames.startsUppercase(callee), context.isInRenderPath
        else { return }
        // An `App`'s body runs once for the process in practice; its scenes' roots are another matter.
        if WorkspaceRuleSupport.standsInApp(context) { return }
        // A factory a non-view type hands out as a value (`@Route(.push) var settings = makeSettingsView`,
        // a router's table): whoever holds it calls it when a route opens, not per render.
        if context.enclosingType?.isView == false, let factory = context.functionStack.last(where: { $0.kind == .function }),
           WorkspaceRuleSupport.isReferencedAsValue(factory.name, in: context.tree) { return }
        // Which type `callee` is, and how it keeps each argument, is the workspace's to say: decided
        // from the labels and ranges alone, so that a finished index decides it again without the tree.
        // The type the argument builds, where written (`Model(…)`, not `.init(…)`): what the child gets
        // whatever its property declares (a protocol, a generic parameter).
        let created = call.arguments.filter(makesObject).compactMap { argument -> (label: String, range: Range<Int>, built: String?)? in
            let built = argument.expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            return argument.label.map { (label: $0.text, range: argument.expression.byteRange, built: built.flatMap { TypeNames.startsUppercase($0) ? $0 : nil }) }
        }
        context.decideLater { asking in
            // A representable is a view too: a new object per render reaches its `updateUIView`.
            guard let child = asking.declaration(of: callee)?.scope,
                  child.isView || EnvironmentClosurePerRenderRule.representables.contains(where: child.inherits) else { return [] }
            return created.compactMap { argument in
                let label = argument.label
                guard let property = child.property(named: label), !property.isStatic,
                      property.attributes.contains("ObservedObject") || property.attributes.contains("SwiftUI.ObservedObject"),
                      child.hasMemberwiseInitializer || child.initializerParameters.contains(label)
                else { return nil }
                let object = (argument.built ?? property.inferredTypeName).map { "`\($0)`" } ?? "object"
                // The property's type as the child's code names it: a type nested in the child
                // (`WebView.ViewModel`) is not another type of the same simple name.
                let objectType = argument.built ?? property.inferredTypeName.map { name in
                    asking.declaration(of: child.qualifiedName + "." + name, ifKind: .class) != nil ? child.qualifiedName + "." + name : name
                }
                let stateless = objectType.flatMap { asking.declaration(of: $0, ifKind: .class) }.map(Self.holdsNoState) ?? false
                let unchanged = !stateless && objectType.flatMap { Self.objectChanges($0, asking: asking) } == false
                // The child's rendered code reads nothing of it (only its actions call it: `viewModel.open(item)` on a tap):
                // what a new object drops is nothing the child shows.
                // (A representable's `updateUIView` is its rendered code, which `body` reach does not cover.)
                let unshown = !stateless && !unchanged && child.isView && asking.bodyReaches(member: label, of: child.qualifiedName) == false
                return Finding(
                    message: "`\(callee)` only observes `\(label)` (`@ObservedObject`), and this code makes a new \(object) for it on every render"
                        + (stateless ? "; it holds no state, so nothing is lost, but one kept in a `@StateObject` here would be made once"
                            : unchanged ? "; " + Self.unchangedObjectNote
                            : unshown ? "; `\(callee)` shows nothing of it (only its actions use it), so what is lost is the state those actions leave in it; "
                                + "keep one in a `@StateObject` here if that matters"
                            : ", so its state is lost each time the view re-renders; keep one in a `@StateObject` here and pass that, "
                                + "or let `\(callee)` own it (`@StateObject`)"),
                    range: argument.range, loweredSeverity: stateless || unchanged || unshown ? .info : nil)
            }
        }
    }

    /// The object the property creates (`= LoginService()`, or its written type) is a workspace class
    /// with no stored instance `var` and no `@Published` property: nothing in it can change.
    static func objectIsStateless(_ variable: VariableDeclSyntax, in context: RuleContext) -> Bool {
        let binding = variable.bindings.first
        guard let written = binding?.typeAnnotation?.type.trimmedDescription
                ?? binding?.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self)?.calleeName,
              let name = TypeNames.simpleIgnoringArguments(written), let declaration = context.declaration(of: name, ifKind: .class)
        else { return false }
        return holdsNoState(declaration)
    }

    /// Some code of the project changes one of the class's stored properties after the object is made:
    /// its own methods (in its file, or an extension's), or code using that member (`model.query = q`,
    /// `$model.query` handed to a field, `items.append(…)`). A new object per render loses that; one no
    /// code changes after its `init` holds only what it was made with. Nil when the workspace cannot tell.
    static func objectChanges(_ typeName: String, asking: some WorkspaceAsking) -> Bool? {
        // `WebView.ViewModel` stays qualified: another file's `ViewModel` is another class.
        let written = TypeNames.strippingOptional(String(typeName.prefix { $0 != "<" }))
        guard !written.isEmpty, written.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
              let declaration = asking.declaration(of: written, ifKind: .class)
                ?? TypeNames.simple(written).flatMap({ asking.declaration(of: $0, ifKind: .class) })
        else { return nil }
        let stored = declaration.scope.properties.filter { $0.isStoredInstance && (!$0.isLet || $0.attributes.contains("Published")) }
        // A write the code types to the class (`self.url = u` in its code, `model.url = u` with `model: ViewModel`),
        // under its qualified or simple name; one whose receiver the code does not show counts where
        // that file uses the member on the class.
        let names = Set([declaration.scope.qualifiedName, declaration.scope.name])
        for property in stored {
            if names.contains(where: { !asking.filesChanging($0 + "." + property.name).isEmpty }) { return true }
            let changing = asking.filesChanging(property.name)
            if changing.isEmpty { continue }
            if changing.contains(declaration.path) { return true }
            guard let users = asking.filesUsing(member: property.name, of: declaration.scope.qualifiedName) else { return nil }
            if !Set(changing).isDisjoint(with: users) { return true }
        }
        return stored.isEmpty ? nil : false
    }

    /// What the finding adds where nothing changes the object after it is made.
    static let unchangedObjectNote = "nothing in the project changes it after its `init`, so a new one holds the same state and nothing is lost, "
        + "but `@StateObject` would make it once"

    /// A class with no stored instance `var` and no `@Published` property: nothing in it can change.
    /// A `@Binding` keeps its value in its owner, and a closure (`var action: () -> Void`) is no state a
    /// view shows: neither is lost with the object.
    static func holdsNoState(_ declaration: TypeDeclaration) -> Bool {
        !declaration.scope.properties.contains { property in
            property.isStoredInstance && (!property.isLet || property.attributes.contains("Published"))
                && property.wrapper != "Binding" && property.wrapper != "SwiftUI.Binding"
                && !property.holdsClosure
        }
    }

    /// The object's class (the property's written type) is declared in the workspace and has no
    /// `@Published` stored property: whatever it shows is kept elsewhere.
    static func objectHoldsNoPublishedState(_ variable: VariableDeclSyntax, in context: RuleContext) -> Bool {
        guard let written = variable.bindings.first?.typeAnnotation?.type.trimmedDescription,
              let name = TypeNames.simpleIgnoringArguments(written), let declaration = context.declaration(of: name, ifKind: .class)
        else { return false }
        return !declaration.scope.properties.contains { $0.isStoredInstance && $0.attributes.contains("Published") }
    }

    /// Some member other than the declaration names the property (`name`, `$name`, `_name`, `self.name`).
    static func isRead(_ name: String, in members: MemberBlockItemListSyntax, besides declaration: VariableDeclSyntax) -> Bool {
        let spellings: Set<String> = [name, "$" + name, "_" + name]
        // A `#if` member holds the declaration itself beside other code: its own tokens are no read.
        let own = declaration.range
        return members.contains { item in
            item.decl.id != DeclSyntax(declaration).id
                && item.decl.tokens(viewMode: .sourceAccurate).contains { spellings.contains($0.text) && !own.contains($0.position) }
        }
    }

    /// `Model()`, `Model<T>()`, `.init()`, `Model.init()`: a new object.
    static func constructsObject(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calleeName else { return false }
        return name == "init" || name.first?.isUppercase == true
    }

    /// The property has no initial value, and an `init` of the type's declaration assigns it a new
    /// object (`self.model = Model(…)`, `model = .init(…)`, `_model = ObservedObject(wrappedValue: Model())`).
    static func isCreatedByInitializer(_ variable: VariableDeclSyntax) -> Bool {
        guard variable.bindings.count == 1, let binding = variable.bindings.first, binding.initializer == nil,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let members = variable.parent?.parent?.as(MemberBlockItemListSyntax.self)
        else { return false }
        return members.contains { member in
            guard let body = member.decl.as(InitializerDeclSyntax.self)?.body else { return false }
            return body.statements.contains { item in
                guard let (target, assigned) = item.assignment, var value = assigned.unwrapped.as(FunctionCallExprSyntax.self) else { return false }
                let written = target.selfMemberName ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text
                if written == "_" + name {
                    // `_model = ObservedObject(wrappedValue: Model())`
                    guard value.calleeName == "ObservedObject", let inner = value.argument(labeled: "wrappedValue")?.expression.unwrapped
                            .as(FunctionCallExprSyntax.self) else { return false }
                    value = inner
                } else if written != name {
                    return false
                }
                return constructsObject(value)
            }
        }
    }

    /// An `init` of the type's declaration names the property (`model`, `self.model`, `_model`).
    static func isUsedInInitializer(_ variable: VariableDeclSyntax) -> Bool {
        guard let members = typeMembers(around: variable) else { return false }
        let names = variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        let spellings = Set(names + names.map { "_" + $0 })
        let typeName = variable.ancestor(MemberBlockSyntax.self)?.parent?.asProtocol(NamedDeclSyntax.self)?.name.text
        return members.contains { member in
            // An `init`, or a builder method that returns the view configured (`func step(_ s: Int) -> Self
            // { delegate.step = s; return self }`): both run on a view value not yet installed, which
            // an observed object made per value serves and a `@StateObject` would not.
            let body: CodeBlockSyntax?
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                body = initializer.body
            } else if let function = member.decl.as(FunctionDeclSyntax.self),
                      let returned = function.signature.returnClause?.type.trimmedText, returned == "Self" || returned == typeName {
                body = function.body
            } else {
                body = nil
            }
            return body?.tokens(viewMode: .sourceAccurate).contains { spellings.contains($0.text) } ?? false
        }
    }

    /// The members of the type around `variable`, also when it stands in a `#if` clause.
    static func typeMembers(around variable: VariableDeclSyntax) -> MemberBlockItemListSyntax? {
        variable.ancestor(MemberBlockSyntax.self)?.members
    }

    /// Safe when the property is `private` and only view code reads it, so every read happens
    /// on an installed view: no member of the type's declaration other than `body`, `some View`
    /// members and `@ViewBuilder` functions names it (`model`, `$model`, `_model`), and no
    /// extension in this file (the only place a `private` member is visible) adds methods that
    /// might. A property that is not `private` may be read through a stored view value that was
    /// never installed (`let view = ProfileView(); view.model.reload()` in a host): that value
    /// gets a fresh object after the change, and the workspace index does not record such
    /// reads — so the fix is unsafe there.
    static func ownershipFixApplicability(of variable: VariableDeclSyntax, in context: RuleContext) -> Applicability {
        guard variable.modifiers.isPrivate, variable.bindings.count == 1,
              let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let members = variable.parent?.parent?.as(MemberBlockItemListSyntax.self), let typeName = context.enclosingType?.name
        else { return .unsafe }
        let spellings: Set<String> = [name, "$" + name, "_" + name]
        let ownMethods = Set(members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text })
        for member in members where member.decl.id != variable.id && !isViewCode(member.decl) {
            if member.decl.tokens(viewMode: .sourceAccurate).contains(where: { spellings.contains($0.text) }) { return .unsafe }
        }
        if let here = context.fileTypes[typeName], here.methodNames.contains(where: { !ownMethods.contains($0) }) { return .unsafe }
        return .safe
    }

    /// The type conforms to a protocol of its own besides SwiftUI's (a host's `StoryView`,
    /// `AnimatableContent`) and has a non-private method, not view code and not called by the
    /// type itself, that uses the property: the host calls it on the view value it stores.
    static func isDrivenThroughViewValue(_ variable: VariableDeclSyntax, of type: TypeScope) -> Bool {
        guard type.inheritedTypes.contains(where: { !swiftUIConformances.contains($0) }),
              variable.bindings.count == 1, let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let members = variable.parent?.parent?.as(MemberBlockItemListSyntax.self)
        else { return false }
        let spellings: Set<String> = [name, "$" + name, "_" + name]
        let drivers = members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.filter { function in
            !function.modifiers.isPrivate && !isViewCode(DeclSyntax(function))
                && function.tokens(viewMode: .sourceAccurate).contains { spellings.contains($0.text) }
        }
        guard !drivers.isEmpty else { return false }
        let driverNames = Set(drivers.map(\.name.text))
        // Called from inside the type (`Button("Go", action: refresh)`, `.onAppear { start() }`):
        // an ordinary view method. A modifier of the same name (`.onAppear(perform: x)` beside a
        // `func onAppear()` requirement) is a member of another value, not such a call.
        let calledInside = members.contains { member in
            guard !drivers.contains(where: { $0.id == member.decl.id }) else { return false }
            var previous: [String] = []
            for token in member.decl.tokens(viewMode: .sourceAccurate) {
                let isOtherMember = previous.last == "." && previous.dropLast().last != "self"
                if driverNames.contains(token.text), !isOtherMember { return true }
                previous.append(token.text)
                if previous.count > 2 { previous.removeFirst() }
            }
            return false
        }
        return !calledInside
    }

    /// Conformances that say nothing about a host driving the value.
    static let swiftUIConformances: Set<String> = [
        "View", "SwiftUI.View", "Equatable", "Hashable", "Identifiable", "Sendable", "PreviewProvider", "DynamicProperty",
    ]

    /// `body`, a `some View` property or function, or a `@ViewBuilder` one: runs on an installed view.
    private static func isViewCode(_ decl: DeclSyntax) -> Bool {
        if let function = decl.as(FunctionDeclSyntax.self) {
            return function.attributes.contains("ViewBuilder")
                || function.signature.returnClause?.type.trimmedText == "some View"
        }
        if let property = decl.as(VariableDeclSyntax.self) {
            return property.attributes.contains("ViewBuilder")
                || property.bindings.contains { $0.typeAnnotation?.type.trimmedText == "some View" }
        }
        return false
    }
}

