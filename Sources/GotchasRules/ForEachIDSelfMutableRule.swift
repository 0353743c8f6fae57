import GotchasCore
import SwiftSyntax

/// `id: \.self` makes the whole value the identity: editing any field of a struct
/// with `var`s gives the row a new identity.
struct ForEachIDSelfMutableRule: Rule {
    static let description = RuleDescription(
        id: "foreach-id-self-mutable",
        category: .crossFile,
        severity: .hint,
        seed: "004 §3",
        summary: "`ForEach(xs, id: \\.self)` over a workspace struct with `var` properties.",
        rationale: """
            With `id: \\.self` a row's identity is the element's hash. Editing any stored `var` of the \
            struct changes the hash, so SwiftUI sees a removed row and an inserted one: row `@State` \
            resets, focus and text selection are lost, and the change animates as delete+insert. Give \
            the type a stable `id` (`Identifiable`, `let id: UUID`) and drop `id: \\.self`.
            """,
        triggers: ["\\.self"],
        triggering: [
            RuleExample("""
                struct PlantList: View {
                    @EnvironmentObject var store: GardenStore
                    var body: some View {
                        List {
                            ForEach(store.plants, ↓id: \\.self) { plant in Text(plant.name) }
                        }
                    }
                }
                """, otherFiles: ["GardenStore.swift": """
                    final class GardenStore: ObservableObject { @Published var plants: [Plant] = [] }
                    struct Plant: Hashable { let id: UUID; var name: String }
                    """]),
            RuleExample("""
                struct Tags: View {
                    let tags: [Tag]
                    var body: some View {
                        List(tags.sorted(by: { $0.name < $1.name }), ↓id: \\.self) { tag in Text(tag.name) }
                    }
                }
                struct Tag: Hashable { var name: String }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct Tags: View {
                    let tags: [Tag]
                    // ForEach(tags, id: \\.self)
                    var body: some View { ForEach(tags, id: \\.name) { Text($0.name) } }
                    let hint = "id: \\.self"
                }
                struct Tag: Hashable { var name: String }
                """, note: "another key path, a comment, a string"),
            RuleExample("""
                struct Names: View {
                    let names: [String]
                    let kinds: [Kind]
                    let points: [Point]
                    var body: some View {
                        ForEach(names, id: \\.self) { Text($0) }
                        ForEach(kinds, id: \\.self) { Text("\\($0)") }
                        ForEach(points, id: \\.self) { Text("\\($0.x)") }
                        ForEach(0..<5, id: \\.self) { Text("\\($0)") }
                    }
                }
                enum Kind: Hashable { case a, b }
                struct Point: Hashable { let x: Int; let y: Int; var sum: Int { x + y } }
                """, note: "String, enums, immutable structs, ranges"),
            RuleExample("""
                struct PlantList: View {
                    let plants: [Plant]
                    var body: some View { ForEach(plants) { Text($0.name) } }
                }
                struct Plant: Identifiable, Hashable { let id: UUID; var name: String }
                """, note: "identity from `id`"),
            RuleExample("""
                struct Rows: View {
                    let rows: [Row]
                    var body: some View { ForEach(rows, id: \\.self) { Text($0.title) } }
                }
                struct Row: Hashable {
                    let key: UUID
                    var title: String
                    func hash(into hasher: inout Hasher) { hasher.combine(key) }
                    static func == (a: Row, b: Row) -> Bool { a.key == b.key }
                }
                """, note: "a hand-written hash over a stable key"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let callees: Set<String>? = ["ForEach", "List"]
    static let passthroughMethods: Set<String> = ["sorted", "filter", "reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              callee == "ForEach" || callee == "List",
              let idArgument = call.argument(labeled: "id"),
              let keyPath = idArgument.expression.as(KeyPathExprSyntax.self), keyPath.root == nil,
              keyPath.components.count == 1, keyPath.components.first?.trimmedText == ".self",
              var data = call.arguments.first?.expression, call.arguments.first?.label == nil
        else { return }
        // `xs.sorted()`, `xs.filter { }` keep the element type.
        while let inner = data.as(FunctionCallExprSyntax.self), let member = inner.calledExpression.as(MemberAccessExprSyntax.self),
              Self.passthroughMethods.contains(member.declName.baseName.text), let base = member.base {
            data = base
        }
        guard let collection = WorkspaceRuleSupport.typeName(of: data, in: context),
              let element = TypeNames.element(of: collection).flatMap(TypeNames.simple),
              let declaration = context.declaration(of: element), declaration.scope.kind == .struct,
              // A hand-written `hash(into:)` may hash only a stable key.
              !declaration.scope.methodNames.contains("hash"),
              let field = declaration.scope.storedVariables.first
        else { return }
        report.append(Finding(
            message: "`id: \\.self` makes each `\(element)`'s hash its identity, and `\(element)` has `var \(field.name)`: editing it gives the row a new identity (row state resets, focus is lost); identify rows by a stable `id`",
            range: idArgument.byteRange,
            related: [WorkspaceRuleSupport.related(declaration, "`\(element)` is declared here")]))
    }
}
