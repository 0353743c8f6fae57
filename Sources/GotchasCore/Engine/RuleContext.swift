import SwiftSyntax

/// Where code runs with respect to a view's `body`.
public enum Execution: Sendable, Equatable {
    /// Evaluated on every render: `body`, `@ViewBuilder` members, their content closures.
    case render
    /// In an action closure or another callback of view code.
    case deferred
    /// Not in view-producing code at all.
    case elsewhere
}

/// A content closure the walker is inside: `ForEach`, `List`, `toolbar`, …
public struct ContainerFrame {
    /// The callee: `ForEach`, `ScrollView`, `toolbar`, `ToolbarItem`.
    public var name: String
    /// The call whose closure this is.
    public var call: FunctionCallExprSyntax?
    /// The closure itself.
    public var closure: ClosureExprSyntax
    /// The label the closure was passed under (nil for the first trailing closure).
    public var label: String?
}

/// The function-like declaration a node stands in.
public struct FunctionFrame {
    public enum Kind: Sendable { case function, initializer, accessor, property, deinitializer }
    public var kind: Kind
    public var name: String
    public var attributes: [String]
    public var node: Syntax
}

/// The shared context of the single walk: computed once per node by the engine and
/// read by every rule. Rules never keep their own scope stacks.
///
/// A `final class` because it is the walk's one mutable state, shared with every
/// rule call by reference; it never leaves the walk's thread.
public final class RuleContext {
    public let document: SourceDocument
    public let tree: SourceFileSyntax
    /// Modules imported at the top level of the file (also inside a top-level `#if`).
    public let imports: Set<String>
    /// The file is test code as a whole (its path or a test module it imports): decided once,
    /// not per rule call (`isInTestCode`).
    let isTestFile: Bool
    /// Types declared in this file, by name, merged across extensions.
    public let fileTypes: [String: TypeScope]
    /// Each type declaration's own scope (before merging), by node.
    let declarationScopes: [SyntaxIdentifier: TypeScope]
    /// The type scopes of each top-level item, when `itemTypes` was given.
    let typesByItem: [[TypeScope]]
    /// Declarations from other files of the workspace (empty for a lone file).
    public let workspace: WorkspaceIndex
    let configuration: RuleConfiguration

    /// The rule the walk is calling (its index in the linter), so workspace questions
    /// are recorded against the rule that asked them.
    var activeRule = -1
    /// Workspace questions by rule index (see `WorkspaceQueries`).
    var queries: [Int: Set<WorkspaceQueries.Query>] = [:]
    /// Keeps each late decision (`decideLater`) and tells the questions rules asked during
    /// the walk from those their late decisions asked (`lint`'s first pass: a later index can
    /// then re-decide without the tree).
    var collectsLateDecisions = false
    /// With `collectsLateDecisions`: the questions late decisions asked, by rule index, and those
    /// of them the walk asked as well (the walk's questions are `queries` without the rest).
    var lateQueries: [Int: Set<WorkspaceQueries.Query>] = [:]
    var lateQueriesAlsoWalked: [Int: Set<WorkspaceQueries.Query>] = [:]
    /// With `collectsLateDecisions`: every late decision, in walk order.
    var lateDecisions: [LateDecision] = []
    /// What the late decisions of the rule call under way reported (the walk takes them after
    /// the call: the rule never sees them).
    var lateFindings: [Finding] = []

    /// Facts a rule computes once per node in a walk (`remembered(_:for:_:)`), by the rule's key.
    private var rememberedFacts: [RememberedFactKey: Any] = [:]
    /// `codeOwners` of the place the walk last asked from: every late decision and every warning
    /// asks it, and it walks up to the type's declaration.
    private var lastCodeOwners: (place: CodeOwnersPlace, owners: CodeOwners)?

    public internal(set) var typeStack: [TypeScope] = []
    public internal(set) var functionStack: [FunctionFrame] = []
    public internal(set) var containers: [ContainerFrame] = []
    var executionStack: [Execution] = [.elsewhere]
    /// Closures outside view code that run later (a `Binding`'s setter, an action, a `Task`)
    /// the walk is inside: what they call is not what their member does when read.
    var callbackDepth = 0
    /// The platform minimums in effect, innermost last: the file's deployment targets,
    /// then each `#available`/`@available`/`#if os` scope the walk is inside.
    var availabilityStack: [PlatformMinimums] {
        // Kept beside the stack: the walker asks it at every node, and reading `availability`
        // copies a value holding a set and a dictionary.
        didSet { runsNowhere = availabilityStack.last?.runsNowhere ?? false }
    }
    /// No platform of the project runs the code where the walk stands (`PlatformMinimums.runsNowhere`).
    private(set) var runsNowhere = false
    /// How many preview scopes (`#Preview`, `PreviewProvider` types) enclose the node; a file
    /// in an Xcode "Preview Content" folder is preview code throughout.
    var previewDepth: Int

    /// `itemTypes` may give a top-level item's type scopes from a previous version.
    init(document: SourceDocument, tree: SourceFileSyntax, workspace: WorkspaceIndex, configuration: RuleConfiguration,
         itemTypes: ((CodeBlockItemSyntax) -> [TypeScope]?)? = nil) {
        self.document = document
        self.tree = tree
        self.workspace = workspace
        self.configuration = configuration
        self.availabilityStack = [configuration.platforms]
        runsNowhere = configuration.platforms.runsNowhere
        self.previewDepth = document.path.contains("/Preview Content/") || document.path.hasPrefix("Preview Content/") ? 1 : 0
        var imports: Set<String> = []
        func collectImports(_ items: CodeBlockItemListSyntax) {
            for item in items {
                if let importDecl = item.item.as(ImportDeclSyntax.self) {
                    imports.insert(importDecl.path.map(\.name.text).joined(separator: "."))
                    if let first = importDecl.path.first { imports.insert(first.name.text) }
                } else if let conditional = item.item.as(IfConfigDeclSyntax.self) {
                    // `#if canImport(ActivityKit)` / `import ActivityKit`: imported where it builds.
                    for clause in conditional.clauses {
                        if let statements = clause.elements?.as(CodeBlockItemListSyntax.self) { collectImports(statements) }
                    }
                }
            }
        }
        collectImports(tree.statements)
        self.imports = imports
        self.isTestFile = TestCode.isTestPath(document.path) || !imports.isDisjoint(with: TestCode.testModules)
        let collected = FileTypeCollector.collect(tree, reusing: itemTypes)
        (self.fileTypes, self.declarationScopes, self.typesByItem) = (collected.types, collected.declarations, collected.byItem)
    }

    public var path: String { document.path }

    /// The qualified name of the innermost enclosing type ("" outside any type).
    public var lexicalScope: String { typeStack.last?.qualifiedName ?? "" }

    /// The innermost type declaration (or extension).
    public var enclosingType: TypeScope? { typeStack.last }

    /// The innermost enclosing type when it is a `View`/`ViewModifier`.
    public var enclosingView: TypeScope? {
        guard let type = typeStack.last, type.isView else { return nil }
        return type
    }

    public var enclosingFunction: FunctionFrame? { functionStack.last }

    /// The member of a type (a computed property or method, not an `init`) whose code this is,
    /// through any closures and local functions inside it.
    public var enclosingMember: FunctionFrame? {
        guard let member = functionStack.last(where: { $0.node.parent?.is(MemberBlockItemSyntax.self) == true }),
              member.kind == .property || member.kind == .function
        else { return nil }
        return member
    }

    /// The platforms the current node is built for and their lowest OS versions: the
    /// project's deployment targets for this file, raised inside `if #available(…)`, after
    /// `guard #available(…)`, in `@available(…)` declarations, narrowed in `#if os(…)`.
    /// The engine already keeps a rule silent where its `requires` is not met; a rule reads
    /// this to choose between pieces of advice (`Task.sleep(for:)` or `(nanoseconds:)`).
    public var availability: PlatformMinimums { availabilityStack[availabilityStack.count - 1] }

    /// True inside preview code: a `#Preview { … }` body, a `PreviewProvider` type, a file in
    /// "Preview Content". Rules that do not `flagsPreviewCode` are not called there.
    public var isInPreviewCode: Bool { previewDepth > 0 }

    /// True when the current node may use what `requirement` names.
    public func allows(_ requirement: PlatformRequirement) -> Bool { availability.satisfies(requirement) }

    /// How the current node runs relative to a view's body.
    public var execution: Execution { executionStack.last ?? .elsewhere }

    /// True when the node runs on every render of a view.
    public var isInRenderPath: Bool { execution == .render }

    /// The innermost content closure, if any.
    public var innermostContainer: ContainerFrame? { containers.last }

    /// True when some enclosing content closure belongs to one of `names`.
    public func isInside(_ names: Set<String>) -> Bool { containers.contains { names.contains($0.name) } }

    public func nearestContainer(in names: Set<String>) -> ContainerFrame? {
        containers.last { names.contains($0.name) }
    }

    /// The innermost enclosing type's declared name and the outermost one (for nested types).
    public var outermostType: TypeScope? { typeStack.first }

    /// An integer rule option from the configuration, or its default.
    public func option(_ name: String, of ruleID: String, default defaultValue: Int) -> Int {
        configuration.options[ruleID]?[name] ?? defaultValue
    }

    /// True when the file imports any of these modules.
    public func imports(anyOf modules: Set<String>) -> Bool { !imports.isDisjoint(with: modules) }

    public var importsSwiftUI: Bool { imports.contains("SwiftUI") }

    /// The file is a widget's or a Live Activity's code, whose views WidgetKit draws once per
    /// timeline entry or update: it imports WidgetKit, or imports ActivityKit and names
    /// `ActivityViewContext` (a Live Activity's view), or lies in a widget extension's folder
    /// (a directory whose name has `Widget` and ends in `Extension`, Xcode's `…WidgetExtension`),
    /// where views the widget shows need not import WidgetKit themselves, or reads what only a
    /// widget's environment holds (`\.widgetFamily`, `\.widgetContentMargins`, …) or sets a
    /// widget's container background (shared view code a widget uses). Decided once per file.
    public private(set) lazy var isWidgetCode: Bool = {
        if imports.contains("WidgetKit") {
            // An app's view that imports WidgetKit only to have `WidgetCenter` reload timelines is app code.
            let onlyCenter = document.bytes.withUnsafeBufferPointer { bytes in
                ByteSearch.contains(Self.widgetCenter, in: bytes) && !Self.widgetDeclarationNames.contains { ByteSearch.contains($0, in: bytes) }
            }
            if !onlyCenter { return true }
        }
        let names = imports.contains("ActivityKit") ? Self.widgetOnlyNames + [Self.liveActivityContext] : Self.widgetOnlyNames
        if document.bytes.withUnsafeBufferPointer({ bytes in names.contains { ByteSearch.contains($0, in: bytes) } }) { return true }
        return document.path.split(separator: "/").dropLast().contains { $0.contains("Widget") && $0.hasSuffix("Extension") }
    }()

    /// What only a widget's views read or set: its environment values and its container background.
    static let widgetOnlyNames: [[UInt8]] = [
        "\\.widgetFamily", "\\.widgetContentMargins", "\\.widgetRenderingMode", "\\.showsWidgetContainerBackground",
        "containerBackground(for: .widget",
    ].map { Array($0.utf8) }
    static let liveActivityContext = Array("ActivityViewContext".utf8)
    static let widgetCenter = Array("WidgetCenter".utf8)
    /// What a widget extension's code names besides its views.
    static let widgetDeclarationNames: [[UInt8]] = [
        "TimelineEntry", "TimelineProvider", "WidgetConfiguration", "StaticConfiguration", "IntentConfiguration",
        "WidgetBundle", ": Widget", "ActivityConfiguration",
    ].map { Array($0.utf8) }

    /// True when the file uses Swift concurrency: an `async`/`await`/`actor` keyword, or a
    /// `Task`/`MainActor` reference. Computed from tokens on first use, once per file.
    public var usesSwiftConcurrency: Bool {
        askedFileWideFacts = true
        return scanForConcurrency
    }

    /// Set when a rule read a fact of the whole file (beyond imports and types): its
    /// result in a top-level item may then change with an edit elsewhere (`LintMemo`).
    var askedFileWideFacts = false

    /// The token scan behind `usesSwiftConcurrency`, done on first use.
    var scanForConcurrency: Bool {
        if let concurrencyScan { return concurrencyScan }
        let uses = tree.tokens(viewMode: .sourceAccurate).contains { token in
            switch token.tokenKind {
            case .keyword(.async), .keyword(.await), .keyword(.actor): return true
            case .identifier(let name): return name == "Task" || name == "MainActor"
            default: return false
            }
        }
        concurrencyScan = uses
        return uses
    }

    /// The scan's result, if it was done.
    private(set) var concurrencyScan: Bool?
}

/// What a use of a type name can mean.
public enum TypeResolution: Sendable, Equatable {
    /// One declaration (merged over files and extensions).
    case unique(TypeDeclaration)
    /// Several declarations, none of them on the use's lexical path (`StateModel` used at
    /// the top level with `Feature.StateModel` and `Settings.StateModel` declared).
    case ambiguous([TypeDeclaration])
    /// Nothing in the workspace declares it (a system type, another package's).
    case unknown
}

/// Which of a set of types keyed by qualified name a written name can mean.
enum TypeMatching {
    /// The qualified names among `types`' keys that `name` can mean: `name` itself or
    /// ending in `.name`.
    static func names(matching name: String, in types: [String: TypeScope]) -> [String] {
        types.keys.filter { means($0, name) }
    }

    /// A use of `name` (`StateModel`, `Feature.StateModel`) can mean the type `qualified`: the name
    /// itself, or a type nested under that name (`Feature.StateModel` for `StateModel`).
    static func means(_ qualified: String, _ name: String) -> Bool {
        qualified == name || (qualified.hasSuffix(name) && qualified.utf8.dropLast(name.utf8.count).last == UInt8(ascii: "."))
    }

    /// The one of `candidates` (qualified names `name` can mean) that a use of `name` in the code
    /// of `scope` (a qualified name; `""` at the top level) means: the innermost enclosing type's
    /// member first, then outwards, then the top level; else the only candidate. Nil when there is
    /// none or the choice is ambiguous.
    static func chosen(_ name: String, among candidates: Set<String>, from scope: String) -> String? {
        let scopePath = scope.isEmpty ? [] : scope.split(separator: ".").map(String.init)
        for depth in stride(from: scopePath.count, through: 0, by: -1) {
            let candidate = (scopePath.prefix(depth) + [name]).joined(separator: ".")
            if candidates.contains(candidate) { return candidate }
        }
        return candidates.count == 1 ? candidates.first : nil
    }

    /// True when both versions of a file's types say the same (positions aside) of every
    /// type `name` can mean.
    static func sameFacts(matching name: String, _ old: [String: TypeScope], _ new: [String: TypeScope]) -> Bool {
        let oldNames = names(matching: name, in: old).sorted()
        guard oldNames == names(matching: name, in: new).sorted() else { return false }
        return oldNames.allSatisfy { old[$0]?.withoutPositions == new[$0]?.withoutPositions }
    }
}

/// Collects the file's type declarations (at any depth of type nesting), merged by
/// qualified name. Looks only at declarations, never into function bodies or expressions.
enum FileTypeCollector {
    struct Collected {
        /// The merged types by name.
        var types: [String: TypeScope] = [:]
        /// Each declaration's own scope by node (so the walk does not build them again).
        var declarations: [SyntaxIdentifier: TypeScope] = [:]
        /// The scopes declared in each top-level item, in order (what `LintMemo` keeps).
        var byItem: [[TypeScope]] = []
    }

    /// `earlier` may give an item's scopes from a previous version (then not built again).
    static func collect(_ tree: SourceFileSyntax, reusing earlier: ((CodeBlockItemSyntax) -> [TypeScope]?)? = nil) -> Collected {
        var collected = Collected()
        for item in tree.statements {
            var scopes: [TypeScope] = []
            if let known = earlier?(item) {
                scopes = known
            } else {
                collect([Syntax(item.item)], into: &scopes, declarations: &collected.declarations)
            }
            for scope in scopes { add(scope, to: &collected.types) }
            if earlier != nil { collected.byItem.append(scopes) }
        }
        return collected
    }

    /// `outer` is the qualified name of the enclosing declaration (`Feature` inside
    /// `extension Feature { … }`): nested types are keyed `Feature.StateModel`.
    private static func collect(_ items: [Syntax], in outer: String? = nil, into scopes: inout [TypeScope],
                                declarations: inout [SyntaxIdentifier: TypeScope]) {
        for item in items {
            // `#if canImport(SwiftUI)` around a whole file, `#if os(iOS)` around a member: the types
            // of every branch (a build for some platform compiles each).
            if let conditional = item.as(IfConfigDeclSyntax.self) {
                for clause in conditional.clauses {
                    let elements: [Syntax] = clause.elements?.as(CodeBlockItemListSyntax.self).map { $0.map { Syntax($0.item) } }
                        ?? clause.elements?.as(MemberBlockItemListSyntax.self).map { $0.map { Syntax($0.decl) } } ?? []
                    collect(elements, in: outer, into: &scopes, declarations: &declarations)
                }
                continue
            }
            guard var scope = TypeScope(item) else { continue }
            if let outer, scope.kind != .extension { scope.qualifiedName = outer + "." + scope.name }
            declarations[item.id] = scope
            scopes.append(scope)
            if let members = item.asProtocol(DeclGroupSyntax.self)?.memberBlock.members {
                collect(members.map { Syntax($0.decl) }, in: scope.qualifiedName, into: &scopes, declarations: &declarations)
            }
        }
    }

    private static func add(_ scope: TypeScope, to types: inout [String: TypeScope]) {
        guard var existing = types[scope.qualifiedName] else {
            types[scope.qualifiedName] = scope
            return
        }
        if existing.kind == .extension, scope.kind != .extension {
            // The primary declaration leads (its kind and name position), wherever it stands.
            var primary = scope
            primary.merge(existing)
            existing = primary
        } else {
            existing.merge(scope)
        }
        types[scope.qualifiedName] = existing
    }
}

/// A fact a rule remembers for one node during one walk.
private struct RememberedFactKey: Hashable {
    var fact: String
    var node: SyntaxIdentifier
}

extension RuleContext {
    /// `compute()`'s value, computed once per walk for `node` under `fact` (a fact of a whole type
    /// declaration that many places in it ask, such as whether its code receives a timer).
    /// `compute` must not ask the workspace: a remembered answer would not be recorded again.
    /// What must run for the code the walk is in to run (`CodeOwners`). It depends only on the
    /// outermost member and the innermost type, so it is computed once per such place.
    var codeOwners: CodeOwners {
        let place = CodeOwnersPlace(member: functionStack.first?.node.id, typeDepth: typeStack.count, type: typeStack.last?.name)
        if let last = lastCodeOwners, last.place == place { return last.owners }
        let owners = CodeOwners(self)
        lastCodeOwners = (place, owners)
        return owners
    }

    public func remembered<Value>(_ fact: String, for node: SyntaxIdentifier, _ compute: () -> Value) -> Value {
        let key = RememberedFactKey(fact: fact, node: node)
        if let known = rememberedFacts[key] as? Value { return known }
        let value = compute()
        rememberedFacts[key] = value
        return value
    }
}

/// Where `CodeOwners` is asked from: the outermost member and the innermost type.
struct CodeOwnersPlace: Equatable {
    var member: SyntaxIdentifier?
    var typeDepth: Int
    var type: String?
}
