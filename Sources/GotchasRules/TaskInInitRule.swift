import GotchasCore
import SwiftSyntax

/// `Task { }` in an initializer starts work whenever the value is created (views are
/// created often), captures `self`, and nobody can cancel it.
struct TaskInInitRule: Rule {
    static let description = RuleDescription(
        id: "task-in-init",
        category: .concurrency,
        severity: .warning,
        seed: "000 C2",
        summary: "`Task { … }` started inside an `init`.",
        rationale: """
            A `Task` spawned in `init` runs every time the type is constructed — for a view, on every \
            parent render — captures `self` strongly, and has no owner to cancel it. In a nonisolated \
            init its body also runs with no particular isolation, so touching main-actor state races. \
            Start the work from `.task { }` on the first view that needs it (cancelled with the view), \
            or store `Task { @MainActor in … }` in a property and cancel it.
            """,
        triggers: ["Task"],
        triggering: [
            """
            @Observable final class FeedModel {
                var items: [Item] = []
                init() {
                    ↓Task { await load() }
                }
            }
            """,
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
                """, note: "stored in a @MainActor type (CodeEdit)"),
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
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let callees: Set<String>? = ["Task", "detached"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
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
        var current = node.parent
        while let parent = current, !parent.is(InitializerDeclSyntax.self) {
            if parent.is(ClosureExprSyntax.self) { return }
            current = parent.parent
        }
        // A workspace type named `Task` shadows Concurrency's.
        if !isQualified, let shadow = context.type(named: "Task"), shadow.kind != .extension { return }
        // Stored (so an owner can cancel it) and running on the main actor — by annotation, or
        // inherited from a @MainActor type — or holding `self` weakly: the pattern to recommend.
        if isTask, Self.isStored(call) {
            let mainActorType = context.enclosingType?.hasAttribute("MainActor") == true
                || context.enclosingType.flatMap { context.type(named: $0.name) }?.hasAttribute("MainActor") == true
            if Self.isMainActorClosure(closure) || mainActorType || Self.capturesSelfWeakly(closure) { return }
        }
        report.append(Finding(
            message: "`Task` started in `init`: it runs every time the value is created, captures `self` and cannot be cancelled by an owner; start it from `.task { }` on the first view, or store a `Task { @MainActor in … }` and cancel it",
            range: called.byteRange))
    }

    static func capturesSelfWeakly(_ closure: ClosureExprSyntax) -> Bool {
        closure.signature?.capture?.items.contains { $0.specifier?.specifier.text == "weak" && $0.trimmedText.hasSuffix("self") } == true
    }

    static func isMainActorClosure(_ closure: ClosureExprSyntax) -> Bool {
        closure.signature?.attributes.contains("MainActor") == true
    }

    /// `task = Task { … }` / `self.task = Task { … }` (not `_ = Task { … }`).
    static func isStored(_ call: FunctionCallExprSyntax) -> Bool {
        guard let sequence = call.parent?.as(SequenceExprSyntax.self) ?? call.parent?.parent?.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return false }
        return !elements[0].is(DiscardAssignmentExprSyntax.self)
    }
}
