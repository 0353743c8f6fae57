import GotchasCore
import SwiftSyntax

/// A type named `Task` shadows `_Concurrency.Task` in its module: every `Task { }`
/// then calls the domain type's initializer and fails to compile with confusing errors.
struct TypeNamedTaskRule: Rule {
    static let description = RuleDescription(
        id: "type-named-task",
        category: .modernAPI,
        severity: .error,
        seed: "002",
        summary: "A type named `Task` shadows Swift concurrency's `Task`; rename it.",
        rationale: """
            A type named `Task` (struct, class, enum, actor, protocol or typealias) shadows \
            `_Concurrency.Task` wherever its name is visible. Every `Task { … }` there resolves to your type \
            and fails to compile ("missing argument for parameter 'title' in call"). Rename the domain type \
            (`TodoItem`, `Chore`).
            """,
        notFlagged: [
            "uses of `Task` (`Task { }`, `Task<Void, Never>`)",
            "names that contain it",
            "an enum case named `task`",
            "a nested `Task` where no bare `Task` means the concurrency type",
        ],
        severityReason: "every bare `Task { … }` in the module fails to compile; warning for a type nested in another whose code writes `Task { … }`, `Task.sleep` or `Task<…>` by the bare name, and the message says where it shadows.",
        triggers: ["Task"],
        triggering: [
            "struct ↓Task: Identifiable { var id = UUID(); var title: String }",
            """
            enum Model {
                final class ↓Task {}
                static func start() { Task { await run() } }
            }
            """,
            "typealias ↓Task = TodoItem",
            "protocol ↓Task {}",
            "actor ↓`Task` {}",
        ],
        nonTriggering: [
            RuleExample("Task { await load() }", note: "the concurrency type in use"),
            RuleExample("var handle: Task<Void, Never>?", note: "a generic use"),
            RuleExample("struct TaskRow: View { var body: some View { Text(\"a\") } }", note: "a name that contains it"),
            RuleExample("enum Kind { case task }", note: "a case, not a type"),
            RuleExample("// struct Task {}", note: "inside a comment"),
            RuleExample("""
                struct PerformTask {
                    enum Task { case upload, download }
                    var kind: PerformTask.Task
                    func start() { _Concurrency.Task { await run() } }
                }
                """, note: "nested: it shadows `Task` only inside its parent, which writes `_Concurrency.Task` or qualifies it"),
            RuleExample("""
                struct Board {
                    enum Task { case todo, done; var next: Task { self == .todo ? .done : .todo } }
                }
                """, note: "nested: only its own code names it, meaning itself"),
            RuleExample("""
                final class Recognizer {
                    struct Task: Hashable { let key: String }
                    private var queue: [Task] = []
                    func enqueue(_ key: String) { queue.append(Task(key: key)) }
                }
                """, note: "nested: its parent names it as a type and makes it from values, meaning this type; no concurrency `Task` is written there"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.structDecl, .classDecl, .enumDecl, .actorDecl, .typeAliasDecl, .protocolDecl]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let name: TokenSyntax
        if let decl = node.as(StructDeclSyntax.self) { name = decl.name }
        else if let decl = node.as(ClassDeclSyntax.self) { name = decl.name }
        else if let decl = node.as(EnumDeclSyntax.self) { name = decl.name }
        else if let decl = node.as(ActorDeclSyntax.self) { name = decl.name }
        else if let decl = node.as(TypeAliasDeclSyntax.self) { name = decl.name }
        else if let decl = node.as(ProtocolDeclSyntax.self) { name = decl.name }
        else { return }
        guard name.text == "Task" || name.text == "`Task`" else { return }
        // Nested in another type, it shadows `Task` only inside that type: told where, and only
        // when that type's code means concurrency's `Task` by the bare name (`_Concurrency.Task` or `Parent.Task` is fine).
        if let parent = Self.enclosingTypeName(of: node) {
            guard Self.writesBareTask(in: parent.node, outside: node) else { return }
            report.append(Finding(
                message: "This type shadows `Task` inside `\(parent.name)`: a bare `Task { … }` or `Task<…>` there means this type, "
                    + "not Swift concurrency's; rename it or write `_Concurrency.Task` there",
                range: name.byteRange, loweredSeverity: .warning))
            return
        }
        report.append(Finding(
            message: "A type named `Task` shadows Swift concurrency's `Task`, so every `Task { … }` in the module "
                + "calls this type instead and fails to compile; rename it",
            range: name.byteRange))
    }

    /// The innermost type declaration or extension around `node`, with its name.
    static func enclosingTypeName(of node: Syntax) -> (name: String, node: Syntax)? {
        var current = node.parent
        while let parent = current {
            if let decl = parent.asProtocol(NamedDeclSyntax.self), parent.isProtocol(DeclGroupSyntax.self) { return (decl.name.text, parent) }
            if let decl = parent.as(ExtensionDeclSyntax.self) { return (decl.extendedType.trimmedDescription, parent) }
            current = parent.parent
        }
        return nil
    }

    /// `Task` written without a qualifier in `scope` (an expression or a type), outside the
    /// declaration itself (whose own code means itself by the name).
    /// Only a use that means Swift concurrency's `Task` counts: `Task { … }`, `Task(priority:) { … }`,
    /// `Task.sleep`, `Task.detached`, `Task<…>`. A plain `Task` as a type or `Task(id:)` with values
    /// names the nested type on purpose (`var queue: [Task]`), and compiles as meant.
    static func writesBareTask(in scope: Syntax, outside declaration: Syntax) -> Bool {
        let own = declaration.position..<declaration.endPosition
        return scope.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .identifier("Task"), !own.contains(token.position),
                  token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period
            else { return false }
            if let type = token.parent?.as(IdentifierTypeSyntax.self) { return type.genericArgumentClause != nil }
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id {
                return concurrencyMembers.contains(member.declName.baseName.text)
            }
            if reference.parent?.is(GenericSpecializationExprSyntax.self) == true { return true }
            guard let call = reference.parent?.as(FunctionCallExprSyntax.self) else { return false }
            return call.trailingClosure != nil || call.arguments.contains { $0.expression.is(ClosureExprSyntax.self) }
        }
    }

    static let concurrencyMembers: Set<String> = [
        "sleep", "detached", "isCancelled", "checkCancellation", "yield", "currentPriority", "basePriority", "init",
    ]
}
