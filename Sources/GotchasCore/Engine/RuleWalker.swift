import SwiftSyntax

/// The single walk over a file. For every node it first calls the rules that asked
/// for the node's kind (they see the context *around* the node), has the
/// `FileIndexCollector` record the node's index entries, then updates the shared
/// context for the node's children.
final class RuleWalker: SyntaxAnyVisitor {
    struct ActiveRule {
        var index: Int
        var rule: any Rule
        /// The rule's `requires`: where the availability in effect falls short, it is not called.
        var requires: PlatformRequirement? = nil
        /// The rule's `fixRequires`: where it falls short, its fixes are withheld.
        var fixRequires: PlatformRequirement? = nil
        /// The rule's `flagsPreviewCode`: otherwise it is not called in preview code.
        var flagsPreviewCode = true
        /// The rule's severity at its default (nil when the user configured one, which evidence
        /// never lowers): a warning in code nothing runs is lowered (`CodeOwners`).
        var defaultSeverity: Severity? = nil
    }

    /// Which rules see which nodes.
    struct Dispatch {
        var byKind: [SyntaxKind: [ActiveRule]] = [:]
        /// Call rules that declared `Rule.callees`, by callee name: most calls concern
        /// one rule or none, instead of every call rule inspecting every call.
        var byCallee: [String: [ActiveRule]] = [:]
    }

    /// What the walk itself does at a node, besides calling rules.
    private enum Role {
        case typeDeclaration, function, initializer, deinitializer, variable, accessor, closure
        case reference, typeReference, call
        /// Availability scopes: a block under `#available`, the rest of a block after
        /// `guard #available`, a `#if os(…)` clause.
        case codeBlock, guardStatement, conditionalClause
        /// `#Preview { … }`: preview code.
        case macroExpansion
    }
    private static let roles: [SyntaxKind: Role] = [
        .structDecl: .typeDeclaration, .classDecl: .typeDeclaration, .enumDecl: .typeDeclaration,
        .actorDecl: .typeDeclaration, .extensionDecl: .typeDeclaration, .protocolDecl: .typeDeclaration,
        .functionDecl: .function, .initializerDecl: .initializer, .deinitializerDecl: .deinitializer,
        .variableDecl: .variable, .accessorDecl: .accessor, .closureExpr: .closure,
        .declReferenceExpr: .reference, .identifierType: .typeReference, .functionCallExpr: .call,
        .codeBlock: .codeBlock, .guardStmt: .guardStatement, .ifConfigClause: .conditionalClause,
        .macroExpansionDecl: .macroExpansion, .macroExpansionExpr: .macroExpansion,
    ]

    private let context: RuleContext
    /// The file's index entries, recorded at the nodes the role table marks.
    let index: FileIndexCollector
    /// Rules by kind and the walk's role, in one look-up per node.
    private let slots: SyntaxKindTable<(rules: [ActiveRule]?, role: Role?)>
    private let byCallee: [String: [ActiveRule]]
    /// `dispatch[.token]`, looked up once: tokens are about half the nodes.
    private let tokenRules: [ActiveRule]?
    private(set) var findings: [(ruleIndex: Int, finding: Finding)] = []
    private var scratch: [Finding] = []
    /// With `RuleContext.collectsLateDecisions`: the indexes in `findings` of what late decisions
    /// reported.
    private(set) var lateFindingIndices = Set<Int>()

    /// What entering a node pushed, so leaving it pops exactly that.
    private struct Pushed: OptionSet {
        let rawValue: UInt8
        static let type = Pushed(rawValue: 1)
        static let function = Pushed(rawValue: 2)
        static let execution = Pushed(rawValue: 4)
        static let container = Pushed(rawValue: 8)
        static let availability = Pushed(rawValue: 16)
        /// A `guard #available` being walked: the rest of its block is raised when it ends.
        static let guardAvailability = Pushed(rawValue: 32)
        static let preview = Pushed(rawValue: 64)
        /// A closure outside view code that runs later (`RuleContext.callbackDepth`).
        static let callback = Pushed(rawValue: 128)
    }
    private var pushed: [(depth: Int, what: Pushed)] = []
    /// Nesting depth of the node being visited (tokens excluded): pairs each
    /// `visitAnyPost` with its `visitAny` without asking nodes for their identity.
    private var depth = 0
    /// Names of the types entered while walking the current top-level item.
    private var declaredTypes: Set<String> = []
    /// Containers of the enclosing scope, hidden while inside a nested type.
    private var hiddenContainers: [[ContainerFrame]] = []

    init(context: RuleContext, dispatch: Dispatch) {
        self.context = context
        self.index = FileIndexCollector(context: context)
        var slots: [SyntaxKind: (rules: [ActiveRule]?, role: Role?)] = [:]
        for (kind, rules) in dispatch.byKind { slots[kind] = (rules, Self.roles[kind]) }
        for (kind, role) in Self.roles where slots[kind] == nil { slots[kind] = (nil, role) }
        self.slots = SyntaxKindTable(slots)
        self.byCallee = dispatch.byCallee
        self.tokenRules = dispatch.byKind[.token]
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if let tokenRules { run(tokenRules, on: Syntax(token)) }
        return .skipChildren
    }

    override func visitPost(_ node: TokenSyntax) {}

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        depth += 1
        guard let slot = slots[node.kind] else { return .visitChildren }
        // A declaration's own `@available` holds for the rules called on it, too.
        var what: Pushed = slot.role.map { enterAvailability(node, role: $0).union(enterPreview(node, role: $0)) } ?? []
        if let rules = slot.rules { run(rules, on: node) }
        guard let role = slot.role else {
            if !what.isEmpty { pushed.append((depth, what)) }
            return .visitChildren
        }
        if role == .call {
            let call = node.cast(FunctionCallExprSyntax.self)
            let callee = call.calleeName
            if let callee, let rules = byCallee[callee] { run(rules, on: node) }
            index.noteCall(call, callee: callee)
        }
        noteIndexEntries(node, role: role)
        what.formUnion(enter(node, role: role))
        if !what.isEmpty { pushed.append((depth, what)) }
        return .visitChildren
    }

    override func visitAnyPost(_ node: Syntax) {
        defer { depth -= 1 }
        // A `guard #available` pushes onto its enclosing block: several entries can share a depth.
        var guardEnded = false
        while let last = pushed.last, last.depth == depth {
            pushed.removeLast()
            pop(last.what)
            guardEnded = guardEnded || last.what.contains(.guardAvailability)
        }
        // After the whole guard (its `else` block runs where the condition failed, so it keeps
        // the minimums from before), the rest of the enclosing block is raised.
        if guardEnded { enterRestOfBlock(after: node.cast(GuardStmtSyntax.self)) }
    }

    /// `guard #available(…) else { … }`: raises the rest of the enclosing block (pushed at the
    /// block's depth, popped when it ends). Not at the top level of a file: that would tie later
    /// top-level items to this one (the server's item-by-item lint assumes they are not).
    private func enterRestOfBlock(after guardStmt: GuardStmtSyntax) {
        guard let raised = AvailabilitySyntax.raisedMinimums(after: guardStmt),
              let list = guardStmt.parent?.parent, list.is(CodeBlockItemListSyntax.self),
              list.parent?.is(SourceFileSyntax.self) == false,
              pushed.last.map({ $0.depth <= depth - 2 }) ?? true
        else { return }
        context.availabilityStack.append(context.availability.raised(to: raised))
        pushed.append((depth - 2, .availability))
    }

    private func pop(_ what: Pushed) {
        if what.contains(.preview) { context.previewDepth -= 1 }
        if what.contains(.availability) { context.availabilityStack.removeLast() }
        if what.contains(.type) {
            context.typeStack.removeLast()
            context.containers = hiddenContainers.removeLast()
        }
        if what.contains(.function) { context.functionStack.removeLast() }
        if what.contains(.execution) { context.executionStack.removeLast() }
        if what.contains(.callback) { context.callbackDepth -= 1 }
        if what.contains(.container) { context.containers.removeLast() }
    }

    /// The walk of `tree` item by item: each top-level item is walked, unless `earlier`
    /// has what a previous walk produced there (already moved to the item's place), which
    /// is then taken instead. Returns what each item produced, in order. Items are visited
    /// in the order a plain walk visits them, so the results are in the same order too.
    func walkItems(of tree: SourceFileSyntax, reusing earlier: (CodeBlockItemSyntax) -> ItemOutput?) -> [ItemOutput] {
        var outputs: [ItemOutput] = []
        _ = visitAny(Syntax(tree))
        for child in tree.children(viewMode: .sourceAccurate) {
            guard let items = child.as(CodeBlockItemListSyntax.self) else {
                walk(child)
                continue
            }
            _ = visitAny(child)
            for item in items {
                if let output = earlier(item) {
                    take(output)
                    outputs.append(output)
                } else {
                    outputs.append(walkRecording(item))
                }
            }
            visitAnyPost(child)
        }
        visitAnyPost(Syntax(tree))
        return outputs
    }

    /// Walks one top-level item and returns what it produced (the findings, index entries
    /// and questions are also kept for the whole file, as in a plain walk).
    private func walkRecording(_ item: CodeBlockItemSyntax) -> ItemOutput {
        let firstFinding = findings.count
        let fileQueries = context.queries
        context.queries = [:]
        context.askedFileWideFacts = false
        declaredTypes = []
        let entries = index.collectingItem { walk(item) }
        let output = ItemOutput(
            range: item.position.utf8Offset..<item.endPosition.utf8Offset,
            findings: Array(findings[firstFinding...]),
            index: entries,
            queries: context.queries,
            askedFileWideFacts: context.askedFileWideFacts,
            declaredTypes: declaredTypes)
        context.queries = fileQueries
        mergeQueries(of: output)
        return output
    }

    /// Adds an earlier walk's results for an item, as if the item had been walked.
    private func take(_ output: ItemOutput) {
        findings.append(contentsOf: output.findings)
        index.take(output.index)
        mergeQueries(of: output)
    }

    private func mergeQueries(of output: ItemOutput) {
        for (rule, queries) in output.queries { context.queries[rule, default: []].formUnion(queries) }
    }

    private func run(_ rules: [ActiveRule], on node: Syntax) {
        // Code no platform of the project runs (an `#available` fallback below every deployment
        // target, a `#if os(…)` for a platform not built): nothing there can go wrong for the user.
        if context.runsNowhere { return }
        for active in rules {
            if let requires = active.requires, !context.availability.satisfies(requires) { continue }
            if context.previewDepth > 0, !active.flagsPreviewCode { continue }
            context.activeRule = active.index
            active.rule.check(node, in: context, report: &scratch)
            // What the check's late decisions reported comes after what it reported itself.
            let walked = scratch.count
            if !context.lateFindings.isEmpty {
                scratch.append(contentsOf: context.lateFindings)
                context.lateFindings.removeAll(keepingCapacity: true)
            }
            if !scratch.isEmpty {
                var owners: CodeOwners?
                for (position, var finding) in scratch.enumerated() {
                    var isLate = context.collectsLateDecisions && position >= walked
                    if let severity = active.defaultSeverity, finding.level(atRuleSeverity: severity) == .warning {
                        if owners == nil { owners = context.codeOwners }
                        // Whether anything runs this code is a question of the workspace only.
                        if let owners, owners != .none {
                            isLate = context.lowerAsLateDecision(&finding, owners: owners, walked: position < walked) || isLate
                        }
                    }
                    Self.withholdFixes(of: &finding, ruleRequirement: active.fixRequires, availability: context.availability)
                    findings.append((active.index, finding))
                    if isLate { lateFindingIndices.insert(findings.count - 1) }
                }
                scratch.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Moves the fixes code with `availability` cannot use (the rule's `fixRequires`, the fix's
    /// own `requires`) from the finding's fixes to its withheld ones, with the reason.
    static func withholdFixes(of finding: inout Finding, ruleRequirement: PlatformRequirement?, availability: PlatformMinimums) {
        guard ruleRequirement != nil || finding.fixes.contains(where: { $0.requires != nil }) else { return }
        var kept: [Fix] = []
        for var fix in finding.fixes {
            let shortfall = ruleRequirement.flatMap(availability.shortfall(of:)) ?? fix.requires.flatMap(availability.shortfall(of:))
            if let shortfall {
                finding.withheldFixes.append(WithheldFix(title: fix.title, reason: shortfall))
            } else {
                fix.requires = nil
                kept.append(fix)
            }
        }
        finding.fixes = kept
    }

    /// Enters preview code — a `#Preview { … }` macro, or a type conforming to `PreviewProvider`
    /// (its nested types too) — before the node's own rules run (so a `PreviewProvider` type's
    /// own findings count as preview code).
    private func enterPreview(_ node: Syntax, role: Role) -> Pushed {
        switch role {
        case .macroExpansion:
            let name = node.as(MacroExpansionDeclSyntax.self)?.macroName.text ?? node.as(MacroExpansionExprSyntax.self)?.macroName.text
            guard name == "Preview" else { return [] }
        case .typeDeclaration:
            guard let inherited = node.asProtocol(DeclGroupSyntax.self)?.inheritanceClause?.inheritedTypes,
                  inherited.contains(where: { $0.type.trimmedText == "PreviewProvider" || $0.type.trimmedText == "SwiftUI.PreviewProvider" })
            else { return [] }
        default:
            return []
        }
        context.previewDepth += 1
        return .preview
    }

    /// Pushes the availability a node sets for itself and its children, if any.
    private func enterAvailability(_ node: Syntax, role: Role) -> Pushed {
        let current = context.availability
        var next: PlatformMinimums?
        switch role {
        case .typeDeclaration, .function, .initializer, .variable:
            guard let attributes = node.asProtocol(WithAttributesSyntax.self)?.attributes, !attributes.isEmpty else { return [] }
            let declared = AvailabilitySyntax.declaration(attributes)
            guard !declared.introduced.isEmpty || !declared.unavailable.isEmpty else { return [] }
            next = current.raised(to: declared.introduced).excluding(declared.unavailable)
        case .codeBlock:
            let block = node.cast(CodeBlockSyntax.self)
            if let fallback = AvailabilitySyntax.fallbackVersions(ofBlock: block) {
                // Only where the project is unknown can `narrowed` keep platforms it does not build.
                next = current.isUnknown ? nil : current.runningOnlyBelow(fallback)
            } else if let raised = AvailabilitySyntax.raisedMinimums(ofBlock: block) {
                next = current.raised(to: raised)
            }
        case .conditionalClause:
            guard let platforms = AvailabilitySyntax.platforms(of: node.cast(IfConfigClauseSyntax.self)) else { return [] }
            next = current.narrowed(to: platforms)
        case .closure:
            let excluded = AvailabilitySyntax.platformsExcluded(byCallOf: node.cast(ClosureExprSyntax.self))
            guard !excluded.isEmpty else { return [] }
            next = current.excluding(excluded)
        case .guardStatement:
            // Raises the rest of its block once the guard is walked (`visitAnyPost`).
            return AvailabilitySyntax.raisedMinimums(after: node.cast(GuardStmtSyntax.self)) == nil ? [] : .guardAvailability
        default:
            return []
        }
        guard let next else { return [] }
        context.availabilityStack.append(next)
        return .availability
    }

    // MARK: - File index (collected in the same walk)

    private func noteIndexEntries(_ node: Syntax, role: Role) {
        switch role {
        case .reference: index.noteDeclReference(node)
        case .typeReference: index.noteTypeReference(node)
        case .variable: index.noteVariable(node)
        default: return
        }
    }

    // MARK: - Context bookkeeping

    private func enter(_ node: Syntax, role: Role) -> Pushed {
        switch role {
        case .typeDeclaration:
            // Types outside function bodies were built once by the context; local types here.
            guard var scope = context.declarationScopes[node.id] ?? TypeScope(node) else { return [] }
            declaredTypes.insert(scope.qualifiedName)
            if let sameName = context.fileTypes[scope.qualifiedName] { scope.merge(sameName) }
            context.typeStack.append(scope)
            hiddenContainers.append(context.containers)
            context.containers = []
            context.executionStack.append(.elsewhere)
            return [.type, .execution]
        case .function:
            let function = node.cast(FunctionDeclSyntax.self)
            let attributes = function.attributes.names
            context.functionStack.append(FunctionFrame(kind: .function, name: function.name.text, attributes: attributes, node: node))
            // An `async` function never runs in a render (`body` is synchronous): one that returns a view
            // is a factory (a coordinator's `func makeFlow() async -> AnyView`), run when it is awaited.
            let buildsView = function.signature.effectSpecifiers?.asyncSpecifier == nil
                && (attributes.contains("ViewBuilder") || function.signature.returnClause.map { isRenderedViewType($0.type) } == true)
            context.executionStack.append(buildsView ? .render : .elsewhere)
            if buildsView, context.typeStack.count == 1, context.typeStack[0].kind == .extension, context.typeStack[0].qualifiedName == "View" {
                index.noteViewExtensionMethod(function)
            }
            return [.function, .execution]
        case .initializer:
            let initializer = node.cast(InitializerDeclSyntax.self)
            context.functionStack.append(FunctionFrame(kind: .initializer, name: "init", attributes: initializer.attributes.names, node: node))
            context.executionStack.append(.elsewhere)
            return [.function, .execution]
        case .deinitializer:
            context.functionStack.append(FunctionFrame(kind: .deinitializer, name: "deinit", attributes: [], node: node))
            context.executionStack.append(.elsewhere)
            return [.function, .execution]
        case .variable:
            // Only member properties open a scope; a local `let` in a body runs where it stands.
            guard node.parent?.is(MemberBlockItemSyntax.self) == true || node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
            else { return [] }
            let variable = node.cast(VariableDeclSyntax.self)
            let attributes = variable.attributes.names
            let name = variable.bindings.first?.pattern.trimmedText ?? ""
            context.functionStack.append(FunctionFrame(kind: .property, name: name, attributes: attributes, node: node))
            let isViewProperty = variable.bindings.contains { binding in
                binding.accessorBlock != nil
                    && (attributes.contains("ViewBuilder") || binding.typeAnnotation.map { isRenderedViewType($0.type) } == true)
            }
            context.executionStack.append(isViewProperty ? .render : .elsewhere)
            return [.function, .execution]
        case .accessor:
            // A setter or an observer (`set`, `didSet`, `willSet`, `_modify`) runs when the property
            // is assigned, not when it is read: its code is not what a read of the member does.
            switch node.cast(AccessorDeclSyntax.self).accessorSpecifier.tokenKind {
            case .keyword(.get), .keyword(._read), .keyword(.unsafeAddress): return []
            default:
                context.executionStack.append(.deferred)
                context.callbackDepth += 1
                return [.execution, .callback]
            }
        case .closure:
            return enterClosure(node.cast(ClosureExprSyntax.self))
        default:
            return []
        }
    }

    /// `some View` members render with their view. A global computed `AnyView` is a
    /// factory called from elsewhere (snapshot tests, previews), not a body.
    private func isRenderedViewType(_ type: TypeSyntax) -> Bool {
        guard type.isViewType else { return false }
        return !context.typeStack.isEmpty || type.trimmedText != "AnyView"
    }

    /// A struct or class named `callee` nested in the top-level type the walk is in, that is not
    /// a view and holds a stored property of function type.
    private func storesClosures(_ callee: String) -> Bool {
        guard let outer = context.typeStack.first?.qualifiedName else { return false }
        let nested = context.fileTypes.values.filter { $0.name == callee && $0.qualifiedName.hasPrefix(outer + ".") }
        return !nested.isEmpty && nested.allSatisfy { type in
            (type.kind == .struct || type.kind == .class) && !type.isView
                && type.properties.contains { $0.isStoredInstance && $0.holdsClosure }
        }
    }

    private func enterClosure(_ closure: ClosureExprSyntax) -> Pushed {
        let site = ClosureSite(closure)
        let current = context.execution
        switch site {
        case .macro:
            // `#Preview { }` and other macro bodies are not a view's render path.
            context.executionStack.append(.elsewhere)
            return [.execution]
        case .other:
            context.executionStack.append(current == .elsewhere ? .elsewhere : .deferred)
            return [.execution]
        case .call(let call, let callee, let label):
            switch ClosureRole.of(callee: callee, label: label, call: call) {
            case .inline:
                return []
            case .deferred:
                context.executionStack.append(current == .elsewhere ? .elsewhere : .deferred)
                // Outside view code the execution stays `.elsewhere`; what the closure calls is
                // still not what its member does when read (a `Binding`'s setter, an action).
                guard current == .elsewhere, ClosureRole.runsLater(callee: callee, label: label, call: call) else { return [.execution] }
                context.callbackDepth += 1
                return [.execution, .callback]
            case .content:
                // `Triggers { recover() }` outside view code, with `Triggers` a type nested in this
                // one that is not a view: its initializer stores the closure (a `() -> Void`
                // property), which runs when called, not where it is written. (Nested, so a change
                // of it re-walks this item.)
                if current == .elsewhere, storesClosures(callee) {
                    context.executionStack.append(.elsewhere)
                    context.callbackDepth += 1
                    return [.execution, .callback]
                }
                context.containers.append(ContainerFrame(name: callee, call: call, closure: closure, label: label))
                return [.container]
            }
        }
    }
}
