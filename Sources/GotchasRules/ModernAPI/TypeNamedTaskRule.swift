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
        ],
        severityReason: "`Task { }` in the module no longer compiles.",
        triggers: ["Task"],
        triggering: [
            "struct ↓Task: Identifiable { var id = UUID(); var title: String }",
            """
            enum Model {
                final class ↓Task {}
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
        report.append(Finding(
            message: "A type named `Task` shadows Swift concurrency's `Task`, so every `Task { … }` in the module "
                + "calls this type instead and fails to compile; rename it",
            range: name.byteRange))
    }
}
