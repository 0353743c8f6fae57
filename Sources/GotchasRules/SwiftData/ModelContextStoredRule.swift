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
            "a main-actor type (`@MainActor`, a `UIResponder` subclass) holding a context it did not make",
            "a type only main-actor code (views, apps, `@MainActor` types) names",
            "an `XCTestCase`",
        ],
        severityReason: "a context shared across actors.",
        asks: [.declaration, .defaultIsolation, .referringTypes],
        useInstead: "a parameter and a local",
        triggers: ["ModelContext", "mainContext"],
        triggering: [
            """
            final class ItemService {
                static let shared = ItemService()
                private let ↓context: ModelContext
                init(container: ModelContainer) { context = ModelContext(container) }
                func items() throws -> [Item] { try context.fetch(FetchDescriptor<Item>()) }
            }
            """,
            """
            @MainActor final class Store {
                let ↓background = ModelContext(SharedContainer.container)
            }
            """,
            """
            struct Importer {
                var ↓context = ModelContext(container)
            }
            """,
            RuleExample("""
                final class LocalStore {
                    private let ↓context: ModelContext
                    init(context: ModelContext) { self.context = context }
                    func memos() throws -> [Memo] { try context.fetch(FetchDescriptor<Memo>()) }
                }
                """, note: "a type that is not main-actor code names it: the context can be used off its actor", otherFiles: [
                    "SyncEngine.swift": "final class SyncEngine {\n    let store: LocalStore\n    init(context: ModelContext) { store = LocalStore(context: context) }\n}",
                    "MemoList.swift": "struct MemoList: View {\n    let store: LocalStore\n    var body: some View { Text(\"\") }\n}",
                ]),
            RuleExample("""
                final class CloudTranscriber {
                    private let ↓modelContext: ModelContext
                    init(modelContext: ModelContext) { self.modelContext = modelContext }
                    func transcribe(_ audio: Data) async throws -> String { try await upload(audio, words: vocabulary()) }
                    private func vocabulary() -> [Word] { (try? modelContext.fetch(FetchDescriptor<Word>())) ?? [] }
                }
                """, note: "only a view names it, but its `async` method runs off the main actor and reaches the context", otherFiles: [
                    "RecordView.swift": "struct RecordView: View {\n    let transcriber: CloudTranscriber\n    var body: some View { Text(\"\") }\n}",
                ]),
        ],
        nonTriggering: [
            RuleExample("""
                final class StreamingProvider {
                    private let modelContext: ModelContext
                    init(modelContext: ModelContext) { self.modelContext = modelContext }
                    func stream(_ audio: Data) async throws -> String { try await upload(audio) }
                }
                """, note: "a private stored context nothing reads: no call uses it on any actor"),
            RuleExample("""
                @MainActor final class Store {
                    let main = SharedContainer.container.mainContext
                    private let context: ModelContext
                    init(container: ModelContainer) { context = container.mainContext }
                }
                """, note: "isolated to the main actor and holding the main context: the context's actor is the type's own"),
            RuleExample("""
                @MainActor @Observable final class ChatModel {
                    private var modelContext: ModelContext
                    init(modelContext: ModelContext) {
                        self.modelContext = modelContext
                    }
                }
                """, note: "a main-actor type handed its context through its initializer: a non-`Sendable` context crosses only from the caller's main-actor code"),
            RuleExample("""
                class CarPlayDelegate: UIResponder {
                    private lazy var context: ModelContext = Persistence.shared.context
                    func nodes() -> [Node] { (try? context.fetch(FetchDescriptor<Node>())) ?? [] }
                }
                """, note: "a `UIResponder` subclass is isolated to the main actor: a context it did not make came from main-actor code"),
            RuleExample("""
                @MainActor @Observable final class ScanEngine {
                    private var modelContext: ModelContext?
                    func configure(modelContext: ModelContext) { self.modelContext = modelContext }
                }
                """, note: "a main-actor type handed its context by a method: it can only be its caller's main-actor context"),
            RuleExample("""
                final class LocalStore {
                    private let context: ModelContext
                    init(context: ModelContext) { self.context = context }
                    func memos() throws -> [Memo] { try context.fetch(FetchDescriptor<Memo>()) }
                }
                """, note: "every type that names it is isolated to the main actor: the context never leaves it", otherFiles: [
                    "LocalService.swift": "final class LocalService: Service {\n    let store: LocalStore\n    init(context: ModelContext) { store = LocalStore(context: context) }\n}",
                    "Service.swift": "@MainActor protocol Service {}",
                    "MemoList.swift": "struct MemoList: View {\n    let store: LocalStore\n    var body: some View { Text(\"\") }\n}",
                ]),
            RuleExample("""
                final class ItemTests: XCTestCase {
                    var context: ModelContext!
                    override func setUp() { context = ModelContext(container) }
                }
                """, note: "a test case making a context per test"),
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
        // A test case makes its context per test (`setUp`): not a long-lived service.
        guard !type.inherits("XCTestCase"), context.type(named: type.name)?.inherits("XCTestCase") != true else { return }
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
            // Isolated to the main actor and holding the main context: the context's actor is the
            // type's own, so no call can use it off its actor.
            // Handed in through an initializer of a main-actor type: `ModelContext` is not `Sendable`,
            // so the compiler lets only a context of the caller's own main-actor code cross into it.
            // Any context a main-actor type did not make itself came from main-actor code (a shared
            // controller's, one handed to a method): not `Sendable`, it cannot have crossed from elsewhere.
            if Self.isMainActorIsolated(type, in: context),
               value?.dottedName?.hasSuffix(".mainContext") == true || Self.assignsMainContext(to: name.identifier.text, in: node)
                || Self.assignsInitializerParameter(to: name.identifier.text, in: node)
                || !Self.makesContext(name.identifier.text, value: value, in: node) {
                continue
            }
            // Private, stored and never read: nothing uses it on any actor.
            if variable.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil }),
               !Self.isReadInItsType(name.identifier.text, around: node) {
                continue
            }
            // Every type that names this one is main-actor code (a view, an app, a `@MainActor` type or
            // one conforming to a `@MainActor` protocol): the type is made and used only there, so the
            // context never leaves the main actor. Not for a `Sendable` type, which may be handed on.
            // An `async` method of a type that is not isolated runs off the main actor whatever its caller:
            // one that reads the context (itself or through a method of the file) keeps the finding.
            if !type.inherits("Sendable"), context.type(named: type.name)?.inherits("Sendable") != true,
               !Self.isReadInAsyncCode(name.identifier.text, around: node),
               Self.isUsedOnlyByMainActorCode(type, in: context) {
                continue
            }
            report.append(Finding(
                message: "stored `ModelContext` `\(name.identifier.text)` pins `\(type.name)` to one actor (the main one for `mainContext`): calls block the main thread or use the context off its actor; pass `using modelContext: ModelContext` per call or use a `@ModelActor`",
                range: name.identifier.byteRange))
        }
    }

    /// The file (a private property is visible to the type's extensions in it too) reads the
    /// property `name` somewhere other than assignments to it (`self.context = context`).
    static func isReadInItsType(_ name: String, around node: Syntax) -> Bool {
        node.root.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, var reference = token.parent?.as(DeclReferenceExprSyntax.self).map(Syntax.init) else { return false }
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return false }
                reference = Syntax(access)
            } else if let function = reference.ancestor(InitializerDeclSyntax.self),
                      function.signature.parameterClause.parameters.contains(where: { $0.localName == name }) {
                return false  // the initializer's parameter of that name, not the property
            }
            // An assignment's target: `context = c`, `self.context = c`.
            if let list = reference.parent?.as(ExprListSyntax.self), let first = list.first, first.id == reference.id,
               list.count == 3, list.dropFirst().first?.is(AssignmentExprSyntax.self) == true {
                return false
            }
            return true
        }
    }

    /// An `async` function of the file reads the property `name` (not a parameter of that name), or
    /// calls a function of the file that does.
    static func isReadInAsyncCode(_ name: String, around node: Syntax) -> Bool {
        let functions = node.root.tokens(viewMode: .sourceAccurate).compactMap { token in
            token.tokenKind == .keyword(.func) ? token.parent?.as(FunctionDeclSyntax.self) : nil
        }
        func reads(_ function: FunctionDeclSyntax) -> Bool {
            guard let body = function.body, !function.signature.parameterClause.parameters.contains(where: { $0.localName == name }) else { return false }
            return body.tokens(viewMode: .sourceAccurate).contains { $0.text == name && $0.parent?.is(DeclReferenceExprSyntax.self) == true }
        }
        let readers = Set(functions.filter(reads).map(\.name.text))
        return functions.contains { function in
            guard function.signature.effectSpecifiers?.asyncSpecifier != nil, let body = function.body else { return false }
            return reads(function) || body.tokens(viewMode: .sourceAccurate).contains { token in
                readers.contains(token.text) && token.parent?.is(DeclReferenceExprSyntax.self) == true
                    && token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
            }
        }
    }

    /// Some type names `type`, and every type whose code names it (other than itself) is main-actor
    /// code (`isMainActorCode`); nil (an incomplete index) or code outside any type answers false.
    static func isUsedOnlyByMainActorCode(_ type: TypeScope, in context: RuleContext) -> Bool {
        guard let referring = context.typesReferring(to: type.name) else { return false }
        let users = referring.filter { $0 != type.name }
        return !users.isEmpty && users.allSatisfy { name in
            guard !name.isEmpty, let user = context.type(named: name) else { return false }
            return isMainActorCode(user, in: context)
        }
    }

    /// A view, an app, a `@MainActor` type, one conforming to a `@MainActor` protocol of the
    /// workspace, or any type under the project's default main-actor isolation.
    static func isMainActorCode(_ type: TypeScope, in context: RuleContext) -> Bool {
        if type.isView || type.inherits("App") || isMainActorIsolated(type, in: context) { return true }
        return type.inheritedTypes.contains { inherited in
            guard let simple = TypeNames.simple(inherited), let conformed = context.type(named: simple) else { return false }
            return conformed.kind == .protocol && conformed.hasAttribute("MainActor")
        }
    }

    /// `@MainActor` on the type (any of its declarations), a subclass of a UIKit or AppKit class
    /// isolated to the main actor (`UIResponder`, `NSViewController`, …), or the project's default isolation.
    static func isMainActorIsolated(_ type: TypeScope, in context: RuleContext) -> Bool {
        type.hasAttribute("MainActor") || context.type(named: type.name)?.hasAttribute("MainActor") == true
            || mainActorClasses.contains { type.inherits($0) } || context.defaultIsolationIsMainActor
    }

    /// UIKit and AppKit classes isolated to the main actor, whose subclasses are too.
    static let mainActorClasses = ["UIResponder", "UIViewController", "UIView", "UIApplication", "UIWindow",
                                   "NSResponder", "NSViewController", "NSView", "NSWindowController", "NSWindow", "NSApplication"]

    /// The type makes the context it stores: `= ModelContext(container)` as the property's value, or
    /// assigned to it anywhere in the type (`context = ModelContext(container)`).
    static func makesContext(_ name: String, value: ExprSyntax?, in node: Syntax) -> Bool {
        if value?.as(FunctionCallExprSyntax.self)?.calleeName == "ModelContext" { return true }
        guard let members = node.ancestor(MemberBlockSyntax.self) else { return false }
        return members.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "ModelContext", let call = token.parent?.parent?.as(FunctionCallExprSyntax.self),
                  call.calleeName == "ModelContext",
                  let list = call.parent?.as(ExprListSyntax.self) else { return false }
            let elements = Array(list)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == call.id else { return false }
            let target = elements[0].trimmedDescription
            return target == name || target == "self." + name
        }
    }

    /// An initializer of the type's declaration assigns one of its parameters to the property
    /// (`self.modelContext = modelContext`, `context = modelContext`).
    static func assignsInitializerParameter(to name: String, in node: Syntax) -> Bool {
        guard let members = node.ancestor(MemberBlockSyntax.self) else { return false }
        for member in members.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self), let body = initializer.body else { continue }
            let parameters = Set(initializer.signature.parameterClause.parameters.map { $0.localName })
            for item in body.statements {
                guard let sequence = item.item.as(SequenceExprSyntax.self) else { continue }
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                      let source = elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text, parameters.contains(source)
                else { continue }
                let target = elements[0].trimmedDescription
                if target == name || target == "self." + name { return true }
            }
        }
        return false
    }

    /// The type's code assigns `….mainContext` to the property (`context = container.mainContext`
    /// or `self.context = …` in an initializer).
    static func assignsMainContext(to name: String, in node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current, !parent.isProtocol(DeclGroupSyntax.self) { current = parent.parent }
        guard let decl = current else { return false }
        return decl.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "mainContext", token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period else { return false }
            var expression = token.parent
            while let parent = expression?.parent, !parent.is(ExprListSyntax.self) { expression = parent }
            guard let list = expression?.parent?.as(ExprListSyntax.self) else { return false }
            let elements = Array(list)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return false }
            let target = elements[0].trimmedDescription
            return target == name || target == "self." + name
        }
    }
}
