import SwiftSyntax

/// What a view's rendering code reads of one of its own properties: the question
/// `state-non-observable-class` asks ("does `body` show a property of the object?").
extension MemberBlockSyntax {
    /// True when a member that renders (`body`, a `@ViewBuilder` or `some View`
    /// property or function) reads `base.member`, `base?.member`, `base!.member` or
    /// `self.base.member` for one of `members`, where it runs per render — not inside an
    /// action closure (`Button { }`, `.task { }`, `.onAppear { }`), which reads on an event.
    public func renderingReads(of base: String, members: Set<String>) -> Bool {
        !renderedMembers(of: base, among: members, stoppingAtFirst: true).isEmpty
    }

    /// The members of `base` (among `among`, any when nil) that `renderingReads` finds read;
    /// with `stoppingAtFirst`, at most one.
    public func renderedMembers(of base: String, among members: Set<String>? = nil, stoppingAtFirst: Bool = false) -> Set<String> {
        var read: Set<String> = []
        for item in self.members where Self.renders(item.decl) {
            let tokens = Array(item.decl.tokens(viewMode: .sourceAccurate))
            for index in tokens.indices where tokens[index].tokenKind == .identifier(base) {
                // `other.base.member` is someone else's property of that name.
                if index > 0, tokens[index - 1].tokenKind == .period,
                   index < 2 || tokens[index - 2].tokenKind != .keyword(.self) { continue }
                var next = index + 1
                while next < tokens.count, tokens[next].tokenKind == .postfixQuestionMark || tokens[next].tokenKind == .exclamationMark {
                    next += 1
                }
                guard next + 1 < tokens.count, tokens[next].tokenKind == .period,
                      case .identifier(let member) = tokens[next + 1].tokenKind, members?.contains(member) ?? true, !read.contains(member),
                      Self.runsPerRender(tokens[index], within: item.decl)
                else { continue }
                read.insert(member)
                if stoppingAtFirst { return read }
            }
        }
        return read
    }

    /// The type's code listens to the object itself: `base.$member` (a `@Published` property's
    /// publisher) or `base.objectWillChange`, and re-renders through state it sets on its own.
    public func subscribesToPublishers(of base: String) -> Bool {
        for item in members {
            let tokens = Array(item.decl.tokens(viewMode: .sourceAccurate))
            for index in tokens.indices where tokens[index].tokenKind == .identifier(base) && index + 2 < tokens.count {
                guard tokens[index + 1].tokenKind == .period else { continue }
                let member = tokens[index + 2].text
                if member.hasPrefix("$") || member == "objectWillChange" { return true }
            }
        }
        return false
    }

    /// Every rendered read of `base` stands inside a `TimelineView`'s content, which redraws on its
    /// own schedule (every frame with `.animation`), whatever observation says.
    public func rendersOnlyInsideTimelineView(_ base: String) -> Bool {
        var reads = 0
        for item in members where Self.renders(item.decl) {
            for token in item.decl.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier(base) {
                reads += 1
                var node = token.parent
                var inside = false
                while let current = node, current.id != item.decl.id {
                    if let call = current.as(FunctionCallExprSyntax.self),
                       call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "TimelineView" {
                        inside = true
                        break
                    }
                    node = current.parent
                }
                if !inside { return false }
            }
        }
        return reads > 0
    }

    /// `body`, `@ViewBuilder` members and computed `some View` properties / functions.
    static func renders(_ decl: DeclSyntax) -> Bool {
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.contains { binding in
                binding.accessorBlock != nil
                    && (variable.attributes.contains("ViewBuilder") || binding.typeAnnotation?.type.isViewType == true)
            }
        }
        if let function = decl.as(FunctionDeclSyntax.self) {
            return function.attributes.contains("ViewBuilder") || function.signature.returnClause?.type.isViewType == true
        }
        return false
    }

    /// No closure between the token and the member runs later (the walk's own roles).
    static func runsPerRender(_ token: TokenSyntax, within member: DeclSyntax) -> Bool {
        var current = token.parent
        while let node = current, node.id != member.id {
            if let closure = node.as(ClosureExprSyntax.self), !closure.isImmediatelyCalled {
                switch ClosureSite(closure) {
                case .call(let call, let callee, let label):
                    if ClosureRole.of(callee: callee, label: label, call: call) == .deferred { return false }
                    // `WindowAccessor { window in guard let window else { return }; state.window = window }`:
                    // a view builder holds neither a `guard` nor an assignment, so this is a callback.
                    if closure.isStatementCallback { return false }
                case .macro, .other:
                    return false
                }
            }
            current = node.parent
        }
        return true
    }
}

extension ClosureExprSyntax {
    /// `{ … }()`: the closure runs where it is written, like the expression around it.
    public var isImmediatelyCalled: Bool {
        guard let call = parent?.as(FunctionCallExprSyntax.self) else { return false }
        return call.calledExpression.id == Syntax(self).id
    }
}

extension SyntaxProtocol {
    /// True when the innermost closure around this node is called where it is written
    /// (`let f: NumberFormatter = { … }()`); the walk treats such a closure as one that
    /// runs later, so a rule asks this to see that its body runs with the code around it.
    public var isInImmediatelyCalledClosure: Bool {
        var current = parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) { return closure.isImmediatelyCalled }
            if node.is(MemberBlockItemSyntax.self) { return false }
            current = node.parent
        }
        return false
    }

    /// True when this node is in a member of a type that renders (`body`, a `@ViewBuilder`
    /// or `some View` member) and runs each time it does: no action closure between, only
    /// content, inline and immediately-called closures.
    public var runsPerRenderOfItsMember: Bool {
        var current = parent
        while let node = current {
            if let item = node.as(MemberBlockItemSyntax.self) {
                guard MemberBlockSyntax.renders(item.decl), let token = firstToken(viewMode: .sourceAccurate) else { return false }
                return MemberBlockSyntax.runsPerRender(token, within: item.decl)
            }
            current = node.parent
        }
        return false
    }
}

extension ClosureExprSyntax {
    /// The closure's own statements include a `guard` or an assignment (`x = y`, `a.b = c`): code a
    /// result builder does not accept, so the closure is a callback run later, not view content.
    public var isStatementCallback: Bool {
        statements.contains { item in
            if item.item.is(GuardStmtSyntax.self) { return true }
            guard let sequence = item.item.as(SequenceExprSyntax.self) else { return false }
            return sequence.elements.contains { $0.is(AssignmentExprSyntax.self) }
        }
    }
}
