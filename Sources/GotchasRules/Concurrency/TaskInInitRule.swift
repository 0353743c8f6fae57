import GotchasCore
import SwiftSyntax

/// `Task { }` in an initializer starts work whenever the value is created: in a `View`'s
/// init that is every parent render, and in a nonisolated init the task runs with no
/// particular isolation. In the init of a main-actor model created once (owned by
/// `@State`/`@StateObject`) a one-shot task inherits the actor and is common practice:
/// not flagged (evidence that such a model is created per render would need a workspace
/// question the index cannot answer yet: who constructs the type).
struct TaskInInitRule: CallRule {
    static let description = RuleDescription(
        id: "task-in-init",
        category: .concurrency,
        severity: .warning,
        seed: "000 C2",
        summary: "`Task { … }` started inside an `init`.",
        rationale: """
            A `Task` started in `init` runs every time the type is built. In a view that is every time the \
            parent re-renders, and nothing cancels it when the view goes away: use `.task { }` instead. In a \
            nonisolated init a bare `Task { }` inherits no isolation, so touching main-actor state races: \
            write `Task { @MainActor in … }`, store it and cancel it.
            """,
        notFlagged: [
            "a main-actor model built once, or a type isolated to a global actor",
            "a `private` init or a `static let shared` singleton",
            "a subclass's init, or an `App`'s",
            "a view only a scene or a hosting controller builds (built once)",
            "a task stored in a property or a set (`tasks.insert(Task { … })`)",
            "a task that only calls isolated methods",
            "a task writing state only inside `await MainActor.run { … }`",
            "a service (no observable model) whose task only calls methods",
        ],
        severityReason: "warning in a view's init (it starts again on every parent render) and where the task of a nonisolated init writes state itself (the race is shown); info where it only calls the methods of an observable model (not reported for another type's: no state a view reads).",
        asks: [.declaration, .defaultIsolation, .builtByNoParentView, .referringTypes],
        triggers: ["Task"],
        triggering: [
            RuleExample("""
                @Observable final class FeedModel {
                    var items: [Item] = []
                    init() {
                        ↓Task { await load() }
                    }
                }
                """, note: "info: the task only calls a method of the type, which may write its state"),
            RuleExample("""
                final class ShareStatus: @unchecked Sendable {
                    private var plan: Plan?
                    init(repository: AccessRepository) {
                        ↓Task { [weak self] in self?.plan = try? await repository.plan() }
                    }
                }
                """, note: "a warning: the task writes the type's state off any actor"),
            RuleExample("""
                final class Syncer: ObservableObject {
                    let database: Database
                    init(database: Database) {
                        self.database = database
                        ↓Task { _ = await Schema.prepare(in: self.database) }
                    }
                }
                """, note: "info: a discarded result (`_ =`) is no write of the type's state"),
            """
            struct FeedView: View {
                init(model: FeedModel) {
                    ↓Task.detached { await model.refresh() }
                    _ = ↓Task { @MainActor in model.start() }
                    ↓_Concurrency.Task { await model.prefetch() }
                }
                var body: some View { Text("") }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                final class FeatureService {
                    private var flags: [String: Bool] = [:]
                    init(client: Client) {
                        Task.detached { [weak self] in await self?.refresh(using: client) }
                    }
                    func refresh(using client: Client) async { flags = await client.flags() }
                }
                """, note: "a service, no observable model: its task only calls its own method, and no view reads its state"),
            RuleExample("""
                struct VersionManager: View {
                    @State private var versions: [String] = []
                    init() { Task { await Loader.prepare() } }
                    var body: some View { List(versions, id: \\.self) { Text($0) } }
                }
                """, note: "built once, as a hosting view's root", otherFiles: [
                    "VersionWindow.swift": "final class VersionWindow { let view = NSHostingView(rootView: VersionManager()) }",
                ]),
            RuleExample("""
                final class PlaybackReporter {
                    let trackID: String
                    init(trackID: String, client: MediaClient) {
                        self.trackID = trackID
                        Task { try? await client.playbackStarted(trackID: trackID) }
                    }
                }
                """, note: "the task touches nothing of the object: no state of it to race"),
            RuleExample("""
                final class FeedLoader {
                    var items: [String] = []
                    init() {
                        Task {
                            let loaded = await fetch()
                            await MainActor.run { self.items = loaded }
                        }
                    }
                }
                """, note: "the task writes its state only inside a hop to the main actor"),
            RuleExample("""
                final class NotificationsModel: ObservableObject {
                    @Published var rows: [String] = []
                    init(load: @escaping () async -> [Date]) {
                        Task {
                            let formatter = DateFormatter()
                            formatter.dateStyle = .short
                            let rows = await load().map(formatter.string(from:))
                            await MainActor.run { self.rows = rows }
                        }
                    }
                }
                """, note: "setting up a formatter the task made is no write of the model's state"),
            RuleExample("""
                @globalActor actor DatabaseActor { static let shared = DatabaseActor() }
                @DatabaseActor final class Store {
                    var rows: [Int] = []
                    init() { Task { rows = await load() } }
                }
                """, note: "a type isolated to a global actor: the task inherits it"),
            RuleExample("""
                final class SavedItemModel: ReadableModel {
                    var shareURL: URL?
                    init(item: Item) {
                        Task { shareURL = try? await item.fetchShareURL() }
                    }
                }
                """, note: "the class conforms, in its own declaration, to a `@MainActor` protocol: it is main-actor isolated, and the task inherits that",
                otherFiles: ["ReadableModel.swift": "@MainActor protocol ReadableModel: AnyObject { var shareURL: URL? { get } }"]),
            RuleExample("""
                final class Workspace {
                    init(files: [URL]) {
                        Task { @WorkspaceActor in
                            for file in files { try? openFilespace(file) }
                        }
                    }
                }
                """, note: "the task names its global actor: it runs isolated there"),
            RuleExample("""
                final class Poller {
                    private var tasks: Set<Task<Void, Never>> = []
                    var count = 0
                    init() { tasks.insert(Task { count += 1 }) }
                    deinit { tasks.forEach { $0.cancel() } }
                }
                """, note: "kept in a set its owner cancels"),
            RuleExample("""
                final class Store: ObservableObject {
                    @Published private(set) var products: [Product] = []
                    init() {
                        Task { await requestProducts() }
                    }
                    @MainActor func requestProducts() async { products = await Product.all() }
                }
                """, note: "the task only calls a `@MainActor` method of the type: nothing races (StoreKit's sample store)"),
            RuleExample("""
                final class Connection {
                    private var loop: Task<Void, Never>?
                    init(socket: Socket) {
                        loop = Task { for await event in socket.events { handle(event) } }
                    }
                }
                """, note: "stored in a property: a long-lived connection owns its event loop"),
            RuleExample("""
                actor Registry { func add(_ child: Node) {} }
                final class Node {
                    let registry: Registry
                    init(registry: Registry) {
                        self.registry = registry
                        Task { await registry.add(self) }
                    }
                }
                """, note: "the task only calls an actor's method: it runs isolated there"),
            RuleExample("""
                final class SourceManager {
                    static let shared = SourceManager()
                    init() {
                        Task { await reloadSources() }
                    }
                }
                """, note: "a singleton: constructed once"),
            RuleExample("""
                final class RelayConnection {
                    private var processTask: Task<Void, Error>?
                    init(url: URL) {
                        self.processTask = Task { try await self.processEvents() }
                    }
                    func disconnect() { processTask?.cancel() }
                }
                """, note: "stored in a property the type cancels: it has an owner that ends it"),
            RuleExample("""
                private final class SequenceSubscription {
                    private var task: Task<Void, Never>?
                    init(sequence: Events) {
                        task = Task.detached { [weak self] in
                            for await event in sequence { self?.receive(event) }
                        }
                    }
                    func cancel() { task?.cancel() }
                }
                """, note: "a detached task stored in a property the type cancels"),
            RuleExample("""
                @main struct KiwixApp: App {
                    init() {
                        Task { await WebContentBlocker.compilePolicy() }
                    }
                    var body: some Scene { WindowGroup { Text("") } }
                }
                """, note: "an `App`'s init: main-actor isolated, created once"),
            RuleExample("""
                final class UserAgentProvider {
                    private init() {
                        Task { await fetch() }
                    }
                }
                """, note: "a private init: only the type constructs itself"),
            RuleExample("""
                final class SourceViewController: ASDKViewController<ASDisplayNode> {
                    init(source: Source) {
                        super.init()
                        Task { await load(source) }
                    }
                }
                """, note: "a subclass: its isolation comes from the superclass (UIKit controllers are @MainActor)"),
            RuleExample("""
                final class Loader {
                    init() {
                        // Task { await load() }
                        let label = "Task { }"
                        let taskName = TaskName.refresh
                    }
                }
                """, note: "a comment, a string, a look-alike type"),
            RuleExample("""
                final class Poller {
                    private var task: Task<Void, Never>?
                    init() {
                        task = Task { @MainActor in await self.poll() }
                    }
                    deinit { task?.cancel() }
                }
                """, note: "a main-actor task stored in a property"),
            RuleExample("""
                @MainActor final class SearchModel: ObservableObject {
                    private var searchTask: Task<Void, Never>?
                    init() {
                        searchTask = Task { [weak self] in await self?.listen() }
                    }
                }
                """, note: "stored in a @MainActor type"),
            RuleExample("""
                final class Loader {
                    init() {
                        handler = { Task { await self.load() } }
                    }
                    func start() { Task { await load() } }
                }
                """, note: "in a closure that runs later; in a method"),
            RuleExample("""
                struct Planner {
                    init() {
                        let first = Task(title: "Water", due: .now)
                    }
                }
                """, note: "`Task` is a workspace struct that shadows Concurrency's", otherFiles: ["Models.swift": "struct Task { var title: String; var due: Date }"]),
            RuleExample("""
                @MainActor @Observable final class TimelineModel {
                    init() {
                        Task { await self.refresh() }
                    }
                }
                struct TimelineScreen: View {
                    @State private var model = TimelineModel()
                    var body: some View { Text("") }
                }
                """, note: "a one-shot task in a @MainActor model owned by @State: it inherits the actor and runs once"),
            RuleExample("""
                final class ThreadModel {
                    init() {
                        Task { @MainActor in self.load() }
                    }
                }
                """, note: "an explicitly main-actor task in a model with no evidence it is created per render"),
            RuleExample("""
                final class SpaceServiceProxy {
                    init(service: SpaceService) {
                        let (updates, continuation) = AsyncStream<[SpaceUpdate]>.makeStream()
                        self.continuation = continuation
                        Task { [weak self] in
                            for await batch in updates {
                                self?.handle(batch)
                            }
                        }
                    }
                }
                """, note: "a `[weak self]` stream listener in a long-lived service: holds nothing alive and ends with the stream"),
            RuleExample("""
                final class AttachmentModel {
                    var uploadTask: Task<Void, Never>?
                    init(input: Input) {
                        let uploadTask = Task { @MainActor in await self.upload(input) }
                        self.uploadTask = uploadTask
                        Task { await uploadTask.value }
                    }
                    deinit { uploadTask?.cancel() }
                }
                """, note: "a task stored in a property (through a local) and cancelled later, and a task that only waits for it"),
        ])

    static let calledNames: Set<String> = ["Task", "detached"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        let called = call.calledExpression
        // `_Concurrency.Task` is how code names the real one when a module type shadows it.
        let isQualified = called.as(MemberAccessExprSyntax.self).map { $0.declName.baseName.text == "Task" && $0.base?.trimmedText == "_Concurrency" } ?? false
        let isTask = called.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" || isQualified
        let isDetached = called.as(MemberAccessExprSyntax.self).map { $0.declName.baseName.text == "detached" && $0.base?.trimmedText == "Task" } ?? false
        guard isTask || isDetached,
              let closure = call.trailingClosure ?? call.argument(labeled: "operation")?.expression.as(ClosureExprSyntax.self)
                ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
              context.enclosingFunction?.kind == .initializer
        else { return }
        // Only when the task starts as the init runs: not inside a closure stored for later.
        var current = call.parent
        while let parent = current, !parent.is(InitializerDeclSyntax.self) {
            if parent.is(ClosureExprSyntax.self) { return }
            current = parent.parent
        }
        // A workspace type named `Task` shadows Concurrency's.
        if !isQualified, let shadow = context.type(named: "Task"), shadow.kind != .extension { return }
        // Stored (so an owner can cancel it) and running on the main actor — by annotation, or
        // inherited from a @MainActor type — or holding `self` weakly: the pattern to recommend.
        // Stored in a property that the type cancels somewhere (`deinit { task?.cancel() }`, a
        // `disconnect()`): it has an owner that ends it, whatever its isolation.
        if let property = Self.storedProperty(call), Self.typeCancels(property, around: call) { return }
        if isTask, Self.isStored(call) {
            let mainActorType = context.enclosingType?.hasAttribute("MainActor") == true
                || context.enclosingType.flatMap { context.type(named: $0.name) }?.hasAttribute("MainActor") == true
            if Self.isGlobalActorClosure(closure) || mainActorType || Self.capturesSelfWeakly(closure) { return }
        }
        if !context.isInViewType {
            // Constructed once: a `private` init only the type itself calls, or a type that keeps its
            // one instance in a static property (`static let shared = SourceManager()`). Nothing starts twice.
            if Self.isConstructedOnce(context) { return }
            // An `App`'s init: `App` is main-actor isolated and SwiftUI creates it once.
            if WorkspaceRuleSupport.standsInApp(context) { return }
            // A subclass (`super.init()`): its isolation comes from a superclass the workspace may not
            // declare (a UIKit controller is `@MainActor`), so "nonisolated" cannot be claimed.
            if Self.callsSuperInit(call) { return }
            // A stream listener of a long-lived service (element-x's `SpaceServiceProxy`): `[weak self]`
            // and a `for await` loop over the service's own stream. It holds nothing alive, ends with
            // the stream, and a service is constructed once: not the per-render or racing start.
            if Self.capturesSelfWeakly(closure), Self.isStreamLoop(closure) { return }
            // `Task { await upload.value }` where `upload` is a task the init stores (Mastodon's
            // `AttachmentViewModel`): it only waits for the owned, cancellable task.
            if Self.awaitsStoredTask(closure, in: call) { return }
            // Stored: its owner holds it and can end it (a connection's event loop).
            if Self.isStored(call) { return }
            // Every call already runs isolated: a `@MainActor` method of this type, a method of an
            // actor or a main-actor type. Nothing in the task touches state unprotected.
            if Self.callsOnlyIsolatedWork(closure, around: call, in: context) { return }
            // Every write the task makes is inside a hop to the main actor (`await MainActor.run`):
            // the writes are already isolated, which is what the message would ask for.
            if Self.writesOnlyOnTheMainActor(closure) { return }
            // The task touches nothing of the object (`Task { try? await client.report(id) }` with
            // the init's parameters): no state of it to race, outside a view that re-creates it.
            if !context.isInViewType, Self.touchesNothingOfSelf(closure, in: context) { return }
        }
        var message: String
        var lowered: Severity? = nil
        // A view built only as a scene's or a hosting controller's root is built once: its `init`
        // does not run again on a parent's render (asks `builtByNoParentView`).
        if context.isInViewType, let view = context.enclosingView, context.isBuiltByNoParentView(view.name) { return }
        if context.isInViewType {
            // C2's strongest case: a view's init runs on every render of its parent.
            message = "`Task` started in a view's `init`: SwiftUI re-creates views on every parent render, so it starts again each "
                + "time, and nothing cancels it when the view goes away; start the work from `.task { }` instead"
        } else if Self.isMainActorIsolated(closure, in: context) || context.enclosingType?.kind == .actor {
            // Inherits the actor: a one-shot task of a model created once is common practice, and
            // nothing here shows the model is created anew per render.
            return
        } else {
            message = "`Task` started in a nonisolated `init` inherits no isolation (touching main-actor state races) and starts on "
                + "every construction" + (isTask && Self.isStored(call) ? "" : " with no owner to cancel it")
                + "; write `Task { @MainActor in … }` and store it, or start the work from `.task { }` on the first view"
            // The race is shown where the task writes state itself (`plan = try? await …`); a task
            // that only calls the type's methods (a service's one-shot `await setUp()`) leaves it to
            // them, and a service is often constructed once by its container.
            if !Self.assignsState(closure) {
                // A service's state is no view's (not an observable model: no `ObservableObject` or `@Observable`):
                // what the task's methods write races nothing a view reads on the main actor.
                if let type = context.enclosingType, !Self.isObservableModel(type, in: context) { return }
                lowered = .info
                message += " (the task writes no state itself: check what the methods it calls write)"
            }
        }
        report.append(Finding(message: message, range: called.byteRange, loweredSeverity: lowered))
    }

    /// Every call the task's closure makes is to a `@MainActor` method declared beside the init,
    /// or on a receiver whose type the workspace declares as an `actor` or `@MainActor`; and the
    /// closure assigns nothing itself.
    static func callsOnlyIsolatedWork(_ closure: ClosureExprSyntax, around call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        var current = call.parent
        while let node = current, !node.is(MemberBlockSyntax.self) { current = node.parent }
        guard let members = current?.as(MemberBlockSyntax.self) else { return false }
        let mainActorMethods = Set(members.members.compactMap { member -> String? in
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.attributes.contains("MainActor") else { return nil }
            return function.name.text
        })
        if closure.statements.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .equal }) { return false }
        let calls = closure.statements.tokens(viewMode: .sourceAccurate).compactMap { token -> FunctionCallExprSyntax? in
            guard token.tokenKind == .leftParen || token.tokenKind == .leftBrace else { return nil }
            return token.parent?.as(FunctionCallExprSyntax.self)
        }
        guard !calls.isEmpty else { return false }
        return calls.allSatisfy { inner in
            let called = inner.calledExpression
            if let name = called.as(DeclReferenceExprSyntax.self)?.baseName.text { return mainActorMethods.contains(name) }
            guard let member = called.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
            if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                return mainActorMethods.contains(member.declName.baseName.text)
            }
            guard let typeName = WorkspaceRuleSupport.typeName(of: base, in: context).flatMap(TypeNames.simple),
                  let type = context.type(named: typeName)
            else { return false }
            return type.kind == .actor || type.hasAttribute("MainActor")
        }
    }

    /// The init is `private`/`fileprivate`, or the type (over all its declarations in the workspace)
    /// has a static stored property holding an instance of itself.
    static func isConstructedOnce(_ context: RuleContext) -> Bool {
        if let initializer = context.enclosingFunction?.node.as(InitializerDeclSyntax.self),
           initializer.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }) {
            return true
        }
        guard let type = context.enclosingType else { return false }
        let properties = type.properties + (context.type(named: type.name)?.properties ?? [])
        if properties.contains(where: { property in
            property.isStatic && !property.isComputed
                && [type.name, "Self"].contains(property.typeName.flatMap(TypeNames.simple) ?? property.initializerCallee ?? "")
        }) {
            return true
        }
        // Only `App` types name it (`let server = ExcalidrawServer()` in the `@main` app): SwiftUI
        // makes the app once, and the type with it.
        guard let referring = context.typesReferring(to: type.name)?.filter({ $0 != type.name }), !referring.isEmpty else { return false }
        return referring.allSatisfy { context.type(named: $0)?.inherits("App") == true }
    }

    /// The init that holds `call` calls `super.init(…)`.
    static func callsSuperInit(_ call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let node = current, !node.is(InitializerDeclSyntax.self) { current = node.parent }
        guard let initializer = current?.as(InitializerDeclSyntax.self), let body = initializer.body else { return false }
        return body.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.super) }
    }

    /// The task body runs on the main actor: annotated `@MainActor in`, or started in a
    /// `@MainActor` type, a `@MainActor` init, or a project with default `MainActor` isolation.
    static func isMainActorIsolated(_ closure: ClosureExprSyntax, in context: RuleContext) -> Bool {
        if isGlobalActorClosure(closure) || context.enclosingFunction?.attributes.contains("MainActor") == true { return true }
        if let type = context.enclosingType,
           type.hasAttribute("MainActor") || context.type(named: type.name)?.hasAttribute("MainActor") == true {
            return true
        }
        // Isolated to a global actor of the workspace (`@DatabaseActor final class Store`): the
        // task inherits that actor as it would the main actor.
        if let type = context.enclosingType,
           type.attributes.contains(where: { context.type(named: $0)?.hasAttribute("globalActor") == true }) {
            return true
        }
        // `final class ItemModel: ReadableViewModel` where the workspace declares `@MainActor protocol
        // ReadableViewModel`: a conformance written in the type's own declaration makes the type
        // main-actor isolated (Swift infers it; one written in an extension isolates only that extension).
        if let type = context.enclosingType, type.kind == .class || type.kind == .struct || type.kind == .enum,
           type.inheritedTypes.contains(where: { conformsToMainActorProtocol($0, in: context, depth: 0) }) {
            return true
        }
        return context.defaultIsolationIsMainActor
    }

    /// `name` is a protocol the workspace declares `@MainActor`, or one refining such a protocol.
    static func conformsToMainActorProtocol(_ name: String, in context: RuleContext, depth: Int) -> Bool {
        guard depth < 4, let simple = TypeNames.simple(name), let declaration = context.declaration(of: simple, ifKind: .protocol) else { return false }
        if declaration.scope.hasAttribute("MainActor") { return true }
        return declaration.scope.inheritedTypes.contains { conformsToMainActorProtocol($0, in: context, depth: depth + 1) }
    }

    static func capturesSelfWeakly(_ closure: ClosureExprSyntax) -> Bool {
        closure.signature?.capture?.items.contains { $0.specifier?.specifier.text == "weak" && $0.trimmedText.hasSuffix("self") } == true
    }

    /// The body is one `for await … in …` loop (after optional `guard`s).
    static func isStreamLoop(_ closure: ClosureExprSyntax) -> Bool {
        let statements = closure.statements.map(\.item)
        guard let last = statements.last?.as(ForStmtSyntax.self), last.awaitKeyword != nil else { return false }
        return statements.dropLast().allSatisfy { $0.is(GuardStmtSyntax.self) }
    }

    /// The body is only `await t.value` (also `try`/`_ =`), and `t` is a property or a local
    /// the init assigns to a property (`self.uploadTask = uploadTask`).
    static func awaitsStoredTask(_ closure: ClosureExprSyntax, in call: FunctionCallExprSyntax) -> Bool {
        guard closure.statements.count == 1, let item = closure.statements.first?.item else { return false }
        var expression: ExprSyntax?
        if let statement = item.as(ExpressionStmtSyntax.self) { expression = statement.expression } else { expression = item.as(ExprSyntax.self) }
        if let sequence = expression?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           sequence.elements.first?.is(DiscardAssignmentExprSyntax.self) == true {
            expression = sequence.elements.last
        }
        guard let awaited = expression?.as(AwaitExprSyntax.self)?.expression.unwrapped ?? expression?.unwrapped.as(AwaitExprSyntax.self)?.expression,
              let member = awaited.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "value",
              let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let initializer = call.ancestor(InitializerDeclSyntax.self), let body = initializer.body
        else { return false }
        // `self.name = name` / `task = name`: the local is stored where an owner can cancel it.
        for statement in body.statements {
            guard let sequence = statement.item.as(SequenceExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self)
            else { continue }
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
               elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text == name {
                return true
            }
        }
        return false
    }

    /// `Task { @MainActor in … }`, `Task { @WorkspaceActor in … }`: the closure states its global
    /// actor, so it does not run with whatever isolation the `init` had.
    static func isGlobalActorClosure(_ closure: ClosureExprSyntax) -> Bool {
        closure.signature?.attributes.contains { element in
            element.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("Actor") == true
        } == true
    }

    /// `task = Task { … }` / `self.task = Task { … }` (not `_ = Task { … }`).
    /// `task` for `task = Task { … }` / `self.task = Task { … }`.
    static func storedProperty(_ call: FunctionCallExprSyntax) -> String? {
        guard isStored(call), let sequence = call.parent?.as(SequenceExprSyntax.self) ?? call.parent?.parent?.as(SequenceExprSyntax.self),
              let target = sequence.elements.first
        else { return nil }
        return target.as(DeclReferenceExprSyntax.self)?.baseName.text ?? target.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// The type declaration holding `call` calls `cancel()` on `property` (`task?.cancel()`, `self.task.cancel()`).
    static func typeCancels(_ property: String, around call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let node = current, !node.is(MemberBlockSyntax.self) { current = node.parent }
        guard let members = current else { return false }
        let tokens = Array(members.tokens(viewMode: .sourceAccurate))
        return tokens.indices.contains { index in
            guard tokens[index].text == property, index + 2 < tokens.count else { return false }
            var next = index + 1
            if tokens[next].tokenKind == .postfixQuestionMark || tokens[next].tokenKind == .exclamationMark { next += 1 }
            return next + 1 < tokens.count && tokens[next].tokenKind == .period && tokens[next + 1].text == "cancel"
        }
    }

    /// The closure assigns something other than a local it declares (`plan = …`, `self.count += 1`).
    /// The task writes state itself, off the main actor: an assignment that is not inside a hop
    /// to it (`await MainActor.run { … }`, `DispatchQueue.main.async { … }`).
    /// The closure names neither `self` nor, bare, a property or method of the enclosing type (a
    /// name the init takes as a parameter is the parameter), and calls no bare function that could
    /// be a method declared elsewhere (`await load()`).
    static func touchesNothingOfSelf(_ closure: ClosureExprSyntax, in context: RuleContext) -> Bool {
        guard let type = context.enclosingType else { return false }
        let parameters = Set((context.enclosingFunction?.node.declaredParameters ?? []).map(\.localName))
        let members = Set(type.properties.map(\.name)).union(type.methodNames).subtracting(parameters)
        return !closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
            if token.tokenKind == .keyword(.self) || token.tokenKind == .keyword(.Self) { return true }
            guard case .identifier = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
            // `queue.map { $0.id }`: a name after a dot is another value's member.
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id { return false }
            if members.contains(token.text) { return true }
            let isCallee = reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id
            return isCallee && !parameters.contains(token.text) && !TypeNames.startsUppercase(token.text)
        }
    }

    static func assignsState(_ closure: ClosureExprSyntax) -> Bool {
        closure.statements.tokens(viewMode: .sourceAccurate).contains { writesState($0) && !isInsideMainActorHop($0, within: closure) }
    }

    static func writesOnlyOnTheMainActor(_ closure: ClosureExprSyntax) -> Bool {
        var writes = 0
        for token in closure.statements.tokens(viewMode: .sourceAccurate) where writesState(token) {
            guard isInsideMainActorHop(token, within: closure) else { return false }
            writes += 1
        }
        return writes > 0
    }

    /// An assignment to something other than a local of the code around it: setting up a
    /// formatter made in the task (`formatter.dateStyle = .short`) writes no state of the type.
    static func writesState(_ token: TokenSyntax) -> Bool {
        guard let assigned = assignment(at: token) else { return false }
        guard let root = assigned.target?.chainRoot.as(DeclReferenceExprSyntax.self), root.baseName.tokenKind != .keyword(.self) else { return true }
        return !root.isBoundLocally(root.baseName.text)
    }

    /// `token` is the operator of an assignment (`=`, `+=`, …) that writes something (not `_ = …`);
    /// `target` is what it assigns, when the sequence shows it.
    static func assignment(at token: TokenSyntax) -> Assignment? {
        guard (token.tokenKind == .equal && token.parent?.is(AssignmentExprSyntax.self) == true)
            || (["+=", "-=", "*=", "/=", "&&=", "||="].contains(token.text) && token.parent?.is(BinaryOperatorExprSyntax.self) == true),
            let operatorExpression = token.parent, let list = operatorExpression.parent?.as(ExprListSyntax.self)
        else { return nil }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == operatorExpression.id }), index > 0 else { return Assignment(target: nil) }
        // `_ = await setUp()` discards a result: it writes nothing.
        return elements[index - 1].is(DiscardAssignmentExprSyntax.self) ? nil : Assignment(target: elements[index - 1])
    }

    struct Assignment {
        var target: ExprSyntax?
    }

    static func isInsideMainActorHop(_ token: TokenSyntax, within closure: ClosureExprSyntax) -> Bool {
        var node = token.parent
        while let current = node, current.id != closure.id {
            if let inner = current.as(ClosureExprSyntax.self) {
                if isGlobalActorClosure(inner) { return true }
                let call = inner.parent?.as(FunctionCallExprSyntax.self) ?? inner.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                if let callee = call?.calledExpression.trimmedText,
                   ["MainActor.run", "DispatchQueue.main.async", "DispatchQueue.main.sync"].contains(callee) { return true }
            }
            node = current.parent
        }
        return false
    }

    /// The task is kept by its owner: assigned to a property or a local (`self.task = Task { … }`),
    /// put in a collection (`tasks.insert(Task { … })`, `.append`) or stored as a Combine-style
    /// cancellable (`Task { … }.store(in: &tasks)`).
    static func isStored(_ call: FunctionCallExprSyntax) -> Bool {
        if let argumentList = call.parent?.as(LabeledExprSyntax.self)?.parent?.as(LabeledExprListSyntax.self),
           let holder = argumentList.parent?.as(FunctionCallExprSyntax.self),
           ["insert", "append"].contains(holder.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text) {
            return true
        }
        if let member = call.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "store",
           member.parent?.as(FunctionCallExprSyntax.self)?.argument(labeled: "in") != nil {
            return true
        }
        guard let sequence = call.parent?.as(SequenceExprSyntax.self) ?? call.parent?.parent?.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return false }
        return !elements[0].is(DiscardAssignmentExprSyntax.self)
    }

    /// A model whose state views read: an `ObservableObject` (directly or through a protocol of the
    /// workspace) or an `@Observable` class. (A `@Published` property of another class is a Combine
    /// publisher, which views do not observe.)
    static func isObservableModel(_ type: TypeScope, in context: RuleContext) -> Bool {
        type.hasAttribute("Observable") || type.inherits("ObservableObject")
            || WorkspaceRuleSupport.someAncestor(of: type, kinds: [.protocol], in: context) { $0.inherits("ObservableObject") }
    }
}
