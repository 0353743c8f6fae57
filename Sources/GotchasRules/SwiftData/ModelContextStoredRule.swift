import GotchasCore
import SwiftSyntax

/// A `ModelContext` is bound to the actor that made it (the main context to the
/// main actor). Stored in a service or singleton, it pins the whole type to
/// `MainActor` or gets used from the wrong thread.
struct ModelContextStoredRule: Rule {
    static let description = RuleDescription(
        id: "model-context-stored",
        category: .swiftData,
        severity: .warning,
        seed: "000 C8",
        summary: "A stored `ModelContext` property in a class, struct or singleton.",
        rationale: """
            `ModelContext` is not `Sendable` and belongs to one actor: `mainContext` and \
            `@Environment(\\.modelContext)` to the main actor. Keeping one in a stored property pins the \
            whole type to the main actor, or, used from a background task, corrupts the context. Pass it per \
            call (`func fetchItems(using context: ModelContext)`), or give background work its own context \
            in a `@ModelActor`.
            """,
        notFlagged: [
            "a `@ModelActor`",
            "the environment value in a view",
            "parameters, locals and computed properties",
            "a view's input",
        ],
        severityReason: "a context shared across actors.",
        asks: [.declaration],
        useInstead: "a parameter and a local",
        triggers: ["ModelContext", "mainContext"],
        triggering: [
            """
            final class ItemService {
                static let shared = ItemService()
                private let ↓context: ModelContext
                init(container: ModelContainer) { context = ModelContext(container) }
            }
            """,
            """
            @MainActor final class Store {
                var ↓modelContext: ModelContext?
                let ↓main = SharedContainer.container.mainContext
            }
            """,
            """
            struct Importer {
                var ↓context = ModelContext(container)
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                final class Service {
                    // private let context: ModelContext
                    let contextType = ModelContext.self
                    static func make(_ container: ModelContainer) -> ModelContext { ModelContext(container) }
                }
                """, note: "a comment, a metatype, a factory method"),
            RuleExample("""
                struct ItemList: View {
                    @Environment(\\.modelContext) private var modelContext
                    var body: some View { Text("") }
                }
                """, note: "the environment value in a view"),
            RuleExample("""
                @ModelActor actor BackgroundImporter {
                    func run() { let context = modelContext }
                }
                """, note: "`@ModelActor` owns its own context"),
            RuleExample("""
                final class ItemService {
                    func fetchItems(using modelContext: ModelContext) -> [Item] {
                        let context = modelContext
                        return (try? context.fetch(FetchDescriptor<Item>())) ?? []
                    }
                }
                """, note: "a parameter and a local"),
            RuleExample("""
                final class Store {
                    var context: ModelContext { container.mainContext }
                    let contextName = "ModelContext"
                }
                """, note: "a computed property and a look-alike string"),
            RuleExample("""
                struct DetailView: View {
                    let modelContext: ModelContext
                    var body: some View { Text("") }
                }
                """, note: "a view's input (views are main-actor and rebuilt by their parent)"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, let type = context.enclosingType,
              type.kind == .class || type.kind == .struct || type.kind == .extension || type.kind == .enum,
              !type.isView, !type.hasAttribute("ModelActor"), !(context.type(named: type.name)?.isView ?? false)
        else { return }
        let variable = node.cast(VariableDeclSyntax.self)
        guard variable.attributes.isEmpty else { return }  // @Environment, @Query, … are wrappers, not stored contexts
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            if binding.accessorBlock != nil { continue }
            let annotated = binding.typeAnnotation.map { TypeNames.strippingOptional($0.type.trimmedText) }
            let value = binding.initializer?.value.unwrapped
            let isContext = annotated == "ModelContext" || annotated == "SwiftData.ModelContext"
                || (annotated == nil && (value?.as(FunctionCallExprSyntax.self)?.calleeName == "ModelContext"
                    || value?.dottedName?.hasSuffix(".mainContext") == true))
            guard isContext else { continue }
            report.append(Finding(
                message: "stored `ModelContext` `\(name.identifier.text)` pins `\(type.name)` to one actor (the main one for `mainContext`): calls block the main thread or use the context off its actor; pass `using modelContext: ModelContext` per call or use a `@ModelActor`",
                range: name.identifier.byteRange))
        }
    }
}
