import GotchasCore
import SwiftSyntax

/// `UUID()` evaluated as an identity gives the element a new identity on every
/// evaluation: its state resets and it re-animates every render.
struct UnstableIdentityRule: CallRule {
    static let description = RuleDescription(
        id: "unstable-identity",
        category: .state,
        severity: .warning,
        seed: "003 r2",
        summary: "A computed `id` that returns `UUID()`, `.id(UUID())`, or `ForEach` over values remade each render with `let id = UUID()`.",
        rationale: """
            Identity must be stable. `var id: UUID { UUID() }` returns a new ID every time SwiftUI asks, so \
            each update sees all-new elements: rows lose their `@State`, images reload, and everything \
            animates as removed and inserted. `.id(UUID())` in a body does the same to one view on every \
            render. Store the ID once (`let id = UUID()`) or derive it from the data.
            """,
        notFlagged: [
            "`.id(UUID())` evaluated once (an init, an action)",
            "a lone `ProgressView` restarted in a row",
            "a `.id(UUID())` whose comment gives a reason, or in an availability branch",
            "`UUID()` stored once, in values kept in state or identified by their data",
            "`x ?? UUID()` where `x` is not optional",
        ],
        severityReason: "warning for `.id(UUID())` in rendered code (a new identity on every render: state resets, but nothing crashes), for a computed `id` returning `UUID()` (a new value on every read, an identity only where views are identified by it); info for `x ?? UUID()`, new only on the reads where `x` is nil (which the code rarely shows). Info where no view can be identified by it: a type no view names (an error, a request body), or a fallback every initializer makes unreachable (only a decoded value can lack it). Also a warning for `ForEach`, `List`, `Table` or `Chart` over values a method, a computed property or a local in `body` makes on every render, each storing `let id = UUID()`; info where the rows hold no state (only their animation is lost).",
        asks: [.referringTypes, .declaration, .viewTreeHoldsState],
        useInstead: "a stable ID",
        triggers: ["UUID()", "ForEach(", "List(", "Table(", "Chart("],
        triggering: [
            RuleExample("""
                struct Legend: View {
                    struct Entry: Identifiable { let id = UUID(); let name: String }
                    let names: [String]
                    var body: some View {
                        let entries = names.map { Entry(name: $0) }
                        ForEach(↓entries) { entry in EntryRow(name: entry.name) }
                    }
                }
                """, note: "rows whose view holds `@State`: it resets on every render",
                otherFiles: ["EntryRow.swift": "struct EntryRow: View { let name: String; @State private var isOpen = false; var body: some View { Text(name) } }"]),
            RuleExample("""
                struct TopTags: View {
                    struct TagData: Identifiable {
                        let id = UUID()
                        let tag: String
                    }
                    let tags: [String]
                    var body: some View {
                        let tagData = tags.prefix(5).map { TagData(tag: $0) }
                        Chart(↓tagData) { item in BarMark(x: .value("Tag", item.tag)) }
                    }
                }
                """, note: "a local made in `body`: new values, new identities, on every render (info: marks hold no state)"),
            RuleExample("""
                struct MarkRequest: Identifiable, Encodable {
                    var id: UUID { ↓UUID() }
                    let rating: Int
                }
                enum MarkEndpoint { static func body(_ request: MarkRequest) -> Data { Data() } }
                """, note: "info: a type no view names is never a view's data"),
            RuleExample("""
                struct MetricItem: Identifiable {
                    let id = UUID()
                    let title: String
                }
                struct MetricsView: View {
                    let load: Double
                    private func metricItems() -> [MetricItem] { [MetricItem(title: "Load \\(load)")] }
                    var body: some View {
                        ForEach(↓metricItems()) { item in Text(item.title).contentTransition(.numericText()) }
                    }
                }
                """, note: "values made again on every render, each with a new stored `UUID()`"),
            """
            struct Treat: Identifiable {
                var name: String
                var id: UUID { ↓UUID() }
            }
            """,
            """
            struct Row: Identifiable, Hashable {
                var id: String {
                    return ↓UUID().uuidString
                }
            }
            """,
            """
            struct Feed: View {
                var body: some View {
                    ScrollView {
                        Header()
                            ↓.id(UUID())
                    }
                }
            }
            """,
            """
            struct Keypad: View {
                let buttons: [String]
                var body: some View {
                    HStack { ForEach(buttons, id: \\.self) { key(for: $0) } }
                }
                func key(for title: String) -> some View {
                    Button(title) {}
                        ↓.id("button_\\(title)_\\(UUID().uuidString)") // Ensure each button has a unique ID
                }
            }
            """,
            """
            struct Artwork: Identifiable {
                let podcastID: String?
                var id: String { podcastID ?? ↓UUID().uuidString }
            }
            """,
            """
            extension Message: Identifiable {
                public var id: String { get { "\\(↓UUID())" } }
            }
            """,
            RuleExample("""
                enum EngineError: Error, Identifiable {
                    case failed
                    var id: UUID { ↓UUID() }
                }
                """, note: "info: an error type no view names is thrown, never listed", otherFiles: [
                    "Engine.swift": "final class Engine { func run() throws { throw EngineError.failed } }",
                ]),
            RuleExample("""
                struct HeaderValue: Codable {
                    private var _id: UUID?
                    var id: UUID {
                        get { _id ?? ↓UUID() }
                        set { _id = newValue }
                    }
                    init() { _id = UUID() }
                }
                """, note: "info: every initializer sets `_id`, so only a decoded value without it reaches the fallback"),
        ],
        nonTriggering: [
            RuleExample("""
                struct TopTags: View {
                    struct TagData: Identifiable {
                        var id: String { tag }
                        let tag: String
                    }
                    let tags: [String]
                    var body: some View {
                        let tagData = tags.prefix(5).map { TagData(tag: $0) }
                        List(tagData) { item in Text(item.tag) }
                    }
                }
                """, note: "values made in `body` whose `id` comes from the data"),
            RuleExample("""
                final class PopupPanel: NSPanel {
                    func show(_ content: some View) {
                        contentView = NSHostingView(rootView: content.id(UUID()))
                    }
                }
                """, note: "a hosting view's root built once by an AppKit controller, not rendered code"),
            RuleExample("""
                struct MetricItem: Identifiable {
                    let id = UUID()
                    let title: String
                }
                struct MetricsView: View {
                    @State private var items = [MetricItem(title: "Load")]
                    private func metricItems() -> [MetricItem] { items }
                    var body: some View {
                        ForEach(items) { item in Text(item.title) }
                        ForEach(metricItems(), id: \\.title) { item in Text(item.title) }
                    }
                }
                """, note: "values kept in state, and rebuilt values identified by their data"),

            RuleExample("""
                HStack {
                    Spacer()
                    ProgressView()
                        .id(UUID())
                    Spacer()
                }
                """, note: "a spinner given a fresh identity so a reused row restarts it"),
            RuleExample("""
                struct Host: View {
                    let content: AnyView
                    init(title: String) {
                        content = AnyView(Text(title).id(UUID()))
                    }
                    var body: some View { content }
                }
                """, note: "evaluated once, in an init"),
            RuleExample("""
                struct Cover: Identifiable {
                    var podcastID: UUID?
                    var imageID: UUID?
                    var id: UUID { podcastID ?? imageID ?? UUID() }
                }
                """, note: "`UUID()` as the last of several fallbacks: reached only when every value before it is nil"),
            RuleExample("struct Treat: Identifiable { let id = UUID() }", note: "stored once"),
            RuleExample("struct Treat: Identifiable { var id = UUID() }", note: "stored once"),
            RuleExample("struct Treat: Identifiable { var id: UUID { storedID } }"),
            RuleExample("""
                Header()
                    // Work around FB13131316: the header keeps a stale size without a new identity.
                    .id(UUID())
                """, note: "a deliberate refresh: the comment says why"),
            RuleExample("""
                if #available(iOS 15, *) {
                    content
                } else {
                    content.id(UUID())
                }
                """, note: "a refresh for an old OS, in an availability check's branch"),
            RuleExample("Header().id(item.id)", note: "a stable ID"),
            RuleExample("Button(\"Reset\") { token = UUID() }", note: "a new ID stored on an event: a deliberate reset"),
            RuleExample("@State private var token = UUID()", note: "stored state"),
            RuleExample("var newID: UUID { UUID() }", note: "a factory property not named id"),
            RuleExample("""
                struct Episode: Identifiable {
                    let podcastID: String
                    var id: String { podcastID ?? UUID().uuidString }
                }
                """, note: "a fallback whose value is declared non-optional: never taken"),
            RuleExample("struct Artwork: Identifiable { let id: String; init(podcastID: String?) { id = podcastID ?? UUID().uuidString } }",
                        note: "a `?? UUID()` fallback stored once in an initializer"),
        ])

    static let calledNames: Set<String> = Set(["id", "UUID"]).union(rowContainers)

    /// Views that identify what they show by the elements' `id`.
    static let rowContainers: Set<String> = ["ForEach", "List", "Table", "Chart"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        if Self.rowContainers.contains(callee) {
            checkRebuiltElements(call, in: context, report: &report)
            return
        }
        if callee == "id", call.modifierReceiver != nil, call.arguments.count == 1, call.arguments.first?.label == nil,
           let argument = call.arguments.first?.expression, Self.makesNewUUID(argument) {
            // Evaluated once (an `init` building a stored view, an action) it is one identity, not one per render.
            guard context.execution != .deferred, context.enclosingFunction?.kind != .initializer else { return }
            // Outside any view (an AppKit controller building a hosting view's root once), it is one
            // identity for that view's life, not one per render.
            guard context.isInRenderPath || context.enclosingView != nil else { return }
            // A spinner given a new identity on purpose: a `ProgressView` in a reused `List` row stops
            // animating once the row is reused, and a fresh identity restarts it (it holds no state to lose).
            if let receiver = call.modifierReceiver, Self.isOnlyASpinner(receiver) { return }
            // A new identity on purpose, said so: a comment on the modifier (unless it only claims the
            // ID is unique, which a stable ID is too), or an OS fallback.
            if Self.hasComment(call) && !Self.commentOnlyClaimsUniqueness(call) || WorkspaceRuleSupport.isInAvailabilityBranch(call) { return }
            report.append(Finding(
                message: "`.id(UUID())` gives the view a new identity on every render: its state resets and it is removed and re-inserted; use a stable ID",
                range: call.rangeFromCalleeName))
            return
        }
        guard Self.isNewUUID(call), Self.isInComputedIDGetter(call) else { return }
        // `x ?? UUID()`: a new identity only on the reads where `x` is nil; say so.
        // With several (`a ?? b ?? UUID()`) it happens only where every value before it is nil:
        // a last resort behind other fallbacks, which apps' data in practice never reaches
        // (precision first: not flagged).
        if let fallbackFor = Self.nilCoalescingOperands(of: call) {
            guard fallbackFor.count == 1 else { return }
            // A value its declaration says is never nil never reaches the fallback.
            if Self.isDeclaredNonOptional(fallbackFor[0], in: context) { return }
            // Every initializer of the type sets the value: only a decoded value that lacks it
            // (`Codable`'s synthesized `init(from:)`) reaches the fallback.
            if Self.isSetByEveryInitializer(fallbackFor[0], around: call) {
                report.append(Finding(
                    message: "A computed `id` falling back to `UUID()` is a new identity on each read where \(Self.allNil(fallbackFor)); every initializer here sets it, so only a decoded value without it gets there; store the fallback once when decoding",
                    range: call.byteRange, loweredSeverity: .info))
                return
            }
            // A new identity only where the value is nil, which the code rarely shows (a Core Data
            // attribute optional by declaration is usually set when the object is inserted): info.
            report.append(Finding(
                message: "A computed `id` falling back to `UUID()` is a new identity on each read, but only where \(Self.allNil(fallbackFor)): those rows reset their state and re-animate; store the fallback once (`let id = x ?? UUID()` in the initializer) or derive it from the data",
                range: call.byteRange, loweredSeverity: .info))
            return
        }
        // Not `Identifiable` (here or in an extension anywhere): no `ForEach`/`List` takes it as the
        // identity unless a call names it (`id: \.id`).
        if let type = context.enclosingType, !type.inherits("Identifiable"), context.type(named: type.name)?.inherits("Identifiable") != true {
            report.append(Finding(
                message: "A computed `id` returning `UUID()` is a new value every time it is read; `\(type.name)` is not `Identifiable`, so it identifies views only where a list names it (`id: \\.id`), and there rows reset their state; store it once (`let id = UUID()`) or remove it",
                range: call.byteRange, loweredSeverity: .info))
            return
        }
        // A type no view names (an error thrown and caught, a request body sent to a server) is never
        // listed: nothing identifies views by it.
        if let type = context.enclosingType, Self.isNamedByNoView(type, in: context) {
            report.append(Finding(
                message: "A computed `id` returning `UUID()` is a new identity every time it is read; no view names `\(type.name)`, so it may identify no view yet, but where a list shows it (through a value of another type) its rows reset their state and re-animate; store it once (`let id = UUID()`) or derive it from the data",
                range: call.byteRange, loweredSeverity: .info))
            return
        }
        // A new value on every read; the file does not show that views are identified by it (an
        // `Identifiable` error type may never be shown): a warning, not an error.
        report.append(Finding(
            message: "A computed `id` returning `UUID()` is a new identity every time it is read: rows reset their state and re-animate; store it once (`let id = UUID()`) or derive it from the data",
            range: call.byteRange))
    }

    /// `name` (or `self.name`) is a property of the enclosing type declared with a type that is not
    /// optional (`let podcastID: String`): `name ?? UUID()` never takes the fallback.
    static func isDeclaredNonOptional(_ operand: String, in context: RuleContext) -> Bool {
        let name = operand.hasPrefix("self.") ? String(operand.dropFirst(5)) : operand
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let typeName = context.enclosingType?.property(named: name)?.typeName else { return false }
        return !typeName.hasSuffix("?") && !typeName.hasSuffix("!") && !typeName.hasPrefix("Optional<")
    }

    /// No view type's code names `type` (the workspace, complete): it is never a view's data.
    static func isNamedByNoView(_ type: TypeScope, in context: RuleContext) -> Bool {
        guard let referring = context.typesReferring(to: type.name) else { return false }
        return referring.allSatisfy { name in
            name == type.name || name.isEmpty || context.type(named: name).map { !WorkspaceRuleSupport.isView($0, in: context) } == true
        }
    }

    /// `ForEach(makeItems()) { … }` (or a computed property) with no `id:`, whose elements are made
    /// again on every render and store `let id = UUID()`: each render's values bring new
    /// identities, so every row is removed and inserted (its state reset, no transition).
    private func checkRebuiltElements(_ call: FunctionCallExprSyntax, in context: RuleContext, report: inout [Finding]) {
        guard context.isInRenderPath, call.calledExpression.is(DeclReferenceExprSyntax.self),
              call.arguments.count == 1, let data = call.arguments.first, data.label == nil,
              let (made, element) = Self.rebuiltElements(data.expression, in: context),
              let declaration = context.declaration(of: element),
              let id = declaration.scope.property(named: "id"), id.isStoredInstance, id.initializerCallee == "UUID"
        else { return }
        // Where the identity is made (a stored property: in the type's own declaration), and a local
        // made in `body`: where the values are made is where the fix goes.
        var related = [RelatedLocation(path: declaration.path, range: id.nameRange, message: "each new `\(element)` gets a new `id` here")]
        if let local = data.expression.unwrapped.as(DeclReferenceExprSyntax.self), let value = local.localInitializer(of: local.baseName.text) {
            related.append(RelatedLocation(path: context.path, range: value.byteRange, message: "`\(element)` values are made here on every render"))
        }
        // Rows of system views that hold nothing (`Text`, `Image`, stacks, a chart's marks), or of
        // project views whose trees hold no state: only the rows' animation is lost.
        if let content = call.trailingClosure,
           WorkspaceRuleSupport.calledTypeNames(in: content).allSatisfy({ WorkspaceRuleSupport.holdsNoState($0, in: context) }) {
            report.append(Finding(
                message: "`\(made)` makes new `\(element)` values on every render, each with a new `id = UUID()`: every row gets a new identity each time and is removed and re-inserted; these rows hold no state, so only their animation is lost; derive `id` from the data",
                range: data.expression.byteRange, related: related, loweredSeverity: .info))
            return
        }
        report.append(Finding(
            message: "`\(made)` makes new `\(element)` values on every render, each with a new `id = UUID()`: every row gets a new identity each time, so its state resets and it is removed and re-inserted; derive `id` from the data (or keep the values in state)",
            range: data.expression.byteRange, related: related))
    }

    /// `makeItems()` (a method of the view declared `-> [T]`) or `items` (a computed property of
    /// type `[T]`): what makes the values, and `T`.
    static func rebuiltElements(_ expression: ExprSyntax, in context: RuleContext) -> (String, String)? {
        let expression = expression.unwrapped
        if let made = expression.as(FunctionCallExprSyntax.self), made.arguments.isEmpty,
           let name = made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? made.calledExpression.selfMemberName,
           let members = made.ancestor(MemberBlockSyntax.self) {
            for member in members.members {
                guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name,
                      function.signature.parameterClause.parameters.isEmpty,
                      let written = function.signature.returnClause?.type.trimmedText,
                      let element = TypeNames.element(of: written).flatMap(TypeNames.simple), TypeNames.startsUppercase(element),
                      let body = function.body, constructs(element, in: body) else { continue }
                return (name + "()", element)
            }
            return nil
        }
        // `let tagData = tags.map { TagData(tag: $0.tag) }` in `body`: a local made on every render.
        if let local = expression.as(DeclReferenceExprSyntax.self), let value = local.localInitializer(of: local.baseName.text) {
            let made = WorkspaceRuleSupport.calledTypeNames(in: value).first { name in
                context.type(named: name)?.property(named: "id").map { $0.isStoredInstance && $0.initializerCallee == "UUID" } == true
            }
            return made.map { (local.baseName.text, $0) }
        }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? expression.selfMemberName,
              let property = WorkspaceRuleSupport.enclosingProperty(named: name, in: context), property.isComputed,
              let written = property.typeName, let element = TypeNames.element(of: written).flatMap(TypeNames.simple),
              TypeNames.startsUppercase(element)
        else { return nil }
        // Its getter, where this file holds it: a filter or sort of stored values keeps their ids.
        if let members = expression.ancestor(MemberBlockSyntax.self), getter(named: name, in: members) != nil,
           !getterConstructs(element, name: name, in: members, depth: 2) {
            return nil
        }
        return (name, element)
    }

    /// The accessor block of the computed property `name` declared in `members`.
    static func getter(named name: String, in members: MemberBlockSyntax) -> AccessorBlockSyntax? {
        members.members.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }
            .first(where: { $0.bindings.first?.pattern.trimmedDescription == name })?.bindings.first?.accessorBlock
    }

    /// The getter of `name` builds `element` values, itself or through another computed property of
    /// the type it reads (`sortedSummaries` sorts `summaries`, which builds them), `depth` deep.
    static func getterConstructs(_ element: String, name: String, in members: MemberBlockSyntax, depth: Int) -> Bool {
        guard let block = getter(named: name, in: members) else { return false }
        if constructs(element, in: block) { return true }
        guard depth > 1 else { return false }
        let read = Set(block.tokens(viewMode: .sourceAccurate).compactMap { token in
            token.parent?.is(DeclReferenceExprSyntax.self) == true && token.text != name ? token.text : nil
        })
        return read.contains { getterConstructs(element, name: $0, in: members, depth: depth - 1) }
    }

    /// The code builds values of `element`: `Element(…)`, `Element.init(…)` or `.init(…)`.
    static func constructs(_ element: String, in code: some SyntaxProtocol) -> Bool {
        code.tokens(viewMode: .sourceAccurate).contains { token in
            guard let next = token.nextToken(viewMode: .sourceAccurate) else { return false }
            if token.text == element { return next.text == "(" || next.text == "." && next.nextToken(viewMode: .sourceAccurate)?.text == "init" }
            return token.text == "init" && token.previousToken(viewMode: .sourceAccurate)?.text == "." && next.text == "("
        }
    }

    /// Every `init` of the type declaring the getter assigns the stored property `operand`
    /// (`_id = UUID()`, `self._id = id`), and there is at least one.
    static func isSetByEveryInitializer(_ operand: String, around node: FunctionCallExprSyntax) -> Bool {
        let name = operand.hasPrefix("self.") ? String(operand.dropFirst(5)) : operand
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), let members = node.ancestor(MemberBlockSyntax.self) else { return false }
        let initializers = members.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        return !initializers.isEmpty && initializers.allSatisfy { initializer in
            initializer.body?.statements.contains { item in
                guard let (assigned, value) = item.assignment, !value.is(NilLiteralExprSyntax.self) else { return false }
                let target = assigned.trimmedDescription
                return target == name || target == "self." + name
            } == true
        }
    }

    /// A comment before the `.id` (on its line or the line above) or after its `)` on the line.
    static func hasComment(_ call: FunctionCallExprSyntax) -> Bool {
        !commentTrivia(call).isEmpty
    }

    /// The comments on the modifier: before its `.`, and after `)` on the same line (the paren's
    /// trailing trivia; one on the next line belongs to what follows, not to this modifier).
    static func commentTrivia(_ call: FunctionCallExprSyntax) -> [String] {
        let trivia = [call.calledExpression.as(MemberAccessExprSyntax.self)?.period.leadingTrivia, call.rightParen?.trailingTrivia]
        return trivia.compactMap { $0 }.flatMap { $0.pieces }.compactMap { piece -> String? in
            switch piece {
            case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text): return text
            default: return nil
            }
        }
    }

    /// The modifier's comment says the ID is unique ("each button has a unique ID") and nothing of a
    /// refresh: the author wanted distinct IDs, not a new one on every render.
    static func commentOnlyClaimsUniqueness(_ call: FunctionCallExprSyntax) -> Bool {
        let text = commentTrivia(call).joined(separator: " ").lowercased()
        let refresh = ["refresh", "reset", "force", "recreate", "rebuild", "redraw", "render", "restart", "reload", "stale",
                       "work around", "workaround", "bug", "fb", "hack", "new identity", "every time", "each time", "update"]
        return text.contains("unique") && !refresh.contains(where: text.contains)
    }

    /// `UUID()`, `UUID().uuidString`, or a string interpolating either (`"row_\(UUID().uuidString)"`):
    /// a new value each time it is evaluated.
    static func makesNewUUID(_ expression: ExprSyntax) -> Bool {
        let value = expression.unwrapped
        if let call = value.as(FunctionCallExprSyntax.self) { return isNewUUID(call) }
        if let member = value.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "uuidString",
           let base = member.base?.unwrapped.as(FunctionCallExprSyntax.self) {
            return isNewUUID(base)
        }
        if let literal = value.as(StringLiteralExprSyntax.self) {
            return literal.segments.contains { segment in
                segment.as(ExpressionSegmentSyntax.self)?.expressions.count == 1
                    && segment.as(ExpressionSegmentSyntax.self)?.expressions.first.map { makesNewUUID($0.expression) } == true
            }
        }
        return false
    }

    /// The identified view is a `ProgressView`, alone or in stacks with spacers.
    static func isOnlyASpinner(_ view: ExprSyntax) -> Bool {
        let views = Set(WorkspaceRuleSupport.calledTypeNames(in: view))
        return views.contains("ProgressView") && views.isSubset(of: ["ProgressView", "HStack", "VStack", "ZStack", "Spacer", "Group"])
    }

    static func isNewUUID(_ call: FunctionCallExprSyntax) -> Bool {
        let callee = call.calledExpression.trimmedText
        return (callee == "UUID" || callee == "Foundation.UUID") && call.arguments.isEmpty && call.trailingClosure == nil
    }

    /// The call is (the start of) the value returned by the getter of a computed
    /// property named `id`, possibly through `.uuidString` or interpolation.
    static func isInComputedIDGetter(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent {
            if let binding = parent.as(PatternBindingSyntax.self) {
                return node.is(AccessorBlockSyntax.self)
                    && binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "id"
                    && binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.text == "var"
            }
            // Stop at anything that is not part of the returned expression or getter.
            if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self) || parent.is(MemberBlockSyntax.self) { return false }
            if let statements = parent.as(CodeBlockItemListSyntax.self), statements.count != 1 { return false }
            if let accessor = parent.as(AccessorDeclSyntax.self), accessor.accessorSpecifier.text != "get" { return false }
            node = parent
        }
        return false
    }

    /// "`x` is nil", "`a` and `b` are both nil", "`a`, `b` and `c` are all nil"; long operands:
    /// "the values before `??` are nil".
    static func allNil(_ operands: [String]) -> String {
        let quoted = operands.map { "`\($0)`" }
        if operands.joined().count > 60 { return operands.count == 1 ? "the value before `??` is nil" : "the values before `??` are all nil" }
        switch quoted.count {
        case 1: return "\(quoted[0]) is nil"
        case 2: return "\(quoted[0]) and \(quoted[1]) are both nil"
        default: return quoted.dropLast().joined(separator: ", ") + " and \(quoted[quoted.count - 1]) are all nil"
        }
    }

    /// For `a ?? b ?? UUID()` (possibly `UUID().uuidString`), the texts of `a` and `b`.
    static func nilCoalescingOperands(of call: FunctionCallExprSyntax) -> [String]? {
        var operand = Syntax(call)
        while let parent = operand.parent, parent.is(MemberAccessExprSyntax.self) || (parent.is(FunctionCallExprSyntax.self) && parent.as(FunctionCallExprSyntax.self)?.calledExpression.id == operand.id) {
            operand = parent
        }
        // Folded (`a ?? (b ?? UUID())`, right-associative): collect the left operands outwards.
        var folded: [String] = []
        while let infix = operand.parent?.as(InfixOperatorExprSyntax.self), infix.rightOperand.id == operand.id,
              infix.operator.trimmedText == "??" {
            folded.insert(infix.leftOperand.trimmedText, at: 0)
            operand = Syntax(infix)
        }
        if !folded.isEmpty { return folded }
        guard let list = operand.parent?.as(ExprListSyntax.self) else { return nil }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == operand.id }), index >= 2,
              elements[index - 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        else { return nil }
        // The operands before it, back to the first operator that is not `??`.
        var operands: [String] = []
        var at = index - 2
        while at >= 0 {
            operands.insert(elements[at].trimmedText, at: 0)
            guard at >= 2, elements[at - 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" else { break }
            at -= 2
        }
        return operands
    }
}
