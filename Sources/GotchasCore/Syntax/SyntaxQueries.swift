import SwiftSyntax

// Small, named questions rules ask of syntax nodes. Rules call these instead of
// spelling out SwiftSyntax shapes, so a toolchain API change is fixed here.

extension FunctionCallExprSyntax {
    /// The called name: `VStack` for `VStack { }`, `overlay` for `x.overlay { }`
    /// and `.overlay { }`, `Foo` for `Foo<T>()`.
    public var calleeName: String? { calledExpression.calleeName }

    /// The name a call constructs, written bare: `DateFormatter` for `DateFormatter()` and
    /// `DateFormatter.init()`; nil for `x.foo()`, `.init()`, `Foo<T>()` and `Outer.Foo()`
    /// (for a bare function call, `foo()`, it is the function's name).
    public var constructedTypeName: String? {
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
           let base = member.base?.as(DeclReferenceExprSyntax.self) {
            return base.baseName.text
        }
        return nil
    }

    /// The receiver of a method-style call (`x` in `x.foo()`), if any.
    public var receiver: ExprSyntax? {
        calledExpression.as(MemberAccessExprSyntax.self)?.base
    }

    /// `.onAppear { … }` in `view #if os(iOS) .onAppear { … } #endif`: a modifier with no base of its
    /// own, applied to the view before the `#if` (the first of a chain inside the clause).
    public var isModifierInPostfixIfConfig: Bool { postfixIfConfigReceiver != nil }

    /// What a modifier is applied to: its receiver (`x` in `x.padding()`), or for the first modifier
    /// of a chain inside a postfix `#if` (`view #if os(iOS) .padding() #endif`), the expression
    /// before the `#if`. Nil for an implicit member (`.init()`, `.foregroundColor(.red)` as an
    /// `AttributeContainer` builder).
    public var modifierReceiver: ExprSyntax? { receiver ?? postfixIfConfigReceiver }

    private var postfixIfConfigReceiver: ExprSyntax? {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self), member.base == nil else { return nil }
        var node = Syntax(self)
        while let parent = node.parent {
            if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == node.id, let call = access.parent?.as(FunctionCallExprSyntax.self) {
                node = Syntax(call)
                continue
            }
            guard parent.is(IfConfigClauseSyntax.self) else { return nil }
            return parent.parent?.parent?.parent?.as(PostfixIfConfigExprSyntax.self)?.base
        }
        return nil
    }

    /// The argument with this label (`nil` label finds unlabeled ones).
    public func argument(labeled label: String?) -> LabeledExprSyntax? {
        arguments.first { $0.label?.text == label }
    }

    public var argumentLabels: [String?] { arguments.map { $0.label?.text } }

    /// Every closure passed to this call: labeled arguments and trailing closures,
    /// with the label they are passed under (`nil` for the first trailing closure).
    public var closureArguments: [(label: String?, closure: ClosureExprSyntax)] {
        var result: [(String?, ClosureExprSyntax)] = []
        for argument in arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) { result.append((argument.label?.text, closure)) }
        }
        if let trailing = trailingClosure { result.append((nil, trailing)) }
        for extra in additionalTrailingClosures { result.append((extra.label.text, extra.closure)) }
        return result
    }

    /// The byte range of the called name and its arguments, without the receiver
    /// chain: `.animation(.default)` rather than the whole `Text(…).animation(…)`.
    public var rangeFromCalleeName: Range<Int> {
        let end = endPositionBeforeTrailingTrivia.utf8Offset
        if let member = calledExpression.as(MemberAccessExprSyntax.self) {
            return member.period.positionAfterSkippingLeadingTrivia.utf8Offset..<end
        }
        return positionAfterSkippingLeadingTrivia.utf8Offset..<end
    }

    /// The byte range of just the called name (`animation` in `x.animation(…)`).
    public var calleeNameRange: Range<Int> {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.byteRange
        }
        return calledExpression.byteRange
    }
}

extension ExprSyntax {
    /// The rightmost name of a reference (`foo` in `a.b.foo`, `Foo` in `Foo<T>`).
    public var calleeName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let generic = self.as(GenericSpecializationExprSyntax.self) { return generic.expression.calleeName }
        return nil
    }

    /// `a.b.c` as a dotted string, or nil when the expression is not a plain name path.
    public var dottedName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return "." + member.declName.baseName.text }
            guard let prefix = base.dottedName else { return nil }
            return prefix + "." + member.declName.baseName.text
        }
        return nil
    }

    /// Strips `try`, `await`, parentheses and force unwraps around an expression.
    public var unwrapped: ExprSyntax {
        if let tryExpr = self.as(TryExprSyntax.self) { return tryExpr.expression.unwrapped }
        if let awaitExpr = self.as(AwaitExprSyntax.self) { return awaitExpr.expression.unwrapped }
        if let tuple = self.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return only.expression.unwrapped
        }
        return self
    }

    public var stringLiteralValue: String? { self.as(StringLiteralExprSyntax.self)?.plainValue }

    /// `expense` for `expense?` or `expense!`: the value a member is read on, optional or not.
    public var withoutOptionalMark: ExprSyntax {
        if let chain = self.as(OptionalChainingExprSyntax.self) { return chain.expression.withoutOptionalMark }
        if let force = self.as(ForceUnwrapExprSyntax.self) { return force.expression.withoutOptionalMark }
        return self
    }
}

extension StringLiteralExprSyntax {
    /// The literal's text when it has no interpolation.
    public var plainValue: String? {
        var value = ""
        for segment in segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }
}

extension SyntaxProtocol {
    /// Byte range without leading and trailing trivia.
    public var byteRange: Range<Int> {
        positionAfterSkippingLeadingTrivia.utf8Offset..<endPositionBeforeTrailingTrivia.utf8Offset
    }

    /// The nearest ancestor of a given type.
    public func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var current = parent
        while let node = current {
            if let match = node.as(T.self) { return match }
            current = node.parent
        }
        return nil
    }
}

extension AttributeListSyntax {
    /// Attribute names without `@` and arguments: `State`, `MainActor`, `ViewBuilder`.
    public var names: [String] {
        compactMap { element in
            element.as(AttributeSyntax.self)?.attributeName.trimmedText
        }
    }

    public func contains(_ name: String) -> Bool {
        contains { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return false }
            let text = attribute.attributeName.trimmedText
            return text == name || text.hasSuffix("." + name)
        }
    }

    public func attribute(named name: String) -> AttributeSyntax? {
        for element in self {
            if let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedText == name { return attribute }
        }
        return nil
    }
}

extension DeclModifierListSyntax {
    public func contains(_ keyword: String) -> Bool { contains { $0.name.text == keyword } }

    /// True for `private` or `fileprivate` (without `(set)`).
    public var isPrivate: Bool {
        contains { ($0.name.text == "private" || $0.name.text == "fileprivate") && $0.detail == nil }
    }
}

extension InheritanceClauseSyntax {
    public var typeNames: [String] { inheritedTypes.map { $0.type.trimmedText } }
}

extension TypeSyntax {
    /// True for `some View`, `some SwiftUI.View`, `AnyView`.
    public var isViewType: Bool {
        let text = trimmedText
        // Toolbar content is built with the view that shows it, on each of its renders.
        return text == "some View" || text == "some SwiftUI.View" || text == "AnyView" || text == "some ToolbarContent"
    }

    /// True for `T?` and `T!`: a `var` of such a type starts as `nil` without an initializer.
    public var isOptionalSugar: Bool { `is`(OptionalTypeSyntax.self) || `is`(ImplicitlyUnwrappedOptionalTypeSyntax.self) }
}

extension TokenSyntax {
    public var byteRange: Range<Int> {
        positionAfterSkippingLeadingTrivia.utf8Offset..<endPositionBeforeTrailingTrivia.utf8Offset
    }
}

extension FunctionCallExprSyntax {
    /// The byte range from the called name through the closing parenthesis, without
    /// the receiver chain and without trailing closures: `ForEach(xs, id: \.offset)`
    /// rather than the whole call with its row closure. For a call written with a
    /// trailing closure only (`NavigationView { … }`) this is just the name.
    public var rangeThroughArguments: Range<Int> {
        let start = rangeFromCalleeName.lowerBound
        if let rightParen, rightParen.presence == .present {
            return start..<rightParen.endPositionBeforeTrailingTrivia.utf8Offset
        }
        return start..<calledExpression.endPositionBeforeTrailingTrivia.utf8Offset
    }
}

extension ExprSyntax {
    /// `items` for `self.items`; nil for anything else.
    public var selfMemberName: String? {
        guard let member = self.as(MemberAccessExprSyntax.self),
              member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
        return member.declName.baseName.text
    }

    /// The modifier calls chained onto this expression, innermost first:
    /// `[padding, navigationViewStyle]` for the `NavigationView { }` in
    /// `NavigationView { }.padding().navigationViewStyle(.stack)`.
    public var appliedModifiers: [FunctionCallExprSyntax] {
        var result: [FunctionCallExprSyntax] = []
        var current = Syntax(self)
        while let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
              let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
            result.append(call)
            current = Syntax(call)
        }
        return result
    }

    /// The innermost base of a member/call chain: `Text("a")` for
    /// `Text("a").bold().animation(.default)`; an implicit member (`.opacity` in
    /// `.opacity.animation(.default)`) is its own root.
    public var chainRoot: ExprSyntax {
        var current = self
        while true {
            if let call = current.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                current = base
            } else if let member = current.as(MemberAccessExprSyntax.self),
                      let receiver = member.parent?.as(FunctionCallExprSyntax.self)?.modifierReceiver {
                // The first modifier inside a postfix `#if`: the chain goes on before the `#if`.
                current = receiver
            } else if let conditional = current.as(PostfixIfConfigExprSyntax.self), let base = conditional.base {
                current = base
            } else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) {
                current = subscriptCall.calledExpression
            } else if let unwrap = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrap.expression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else {
                return current
            }
        }
    }
}

extension SyntaxProtocol {
    /// The plain names this code reads, in source order without repeats: `count`
    /// and `items` for `Text("\(count)").opacity(items.isEmpty ? 0 : 1)`. `$x`
    /// and `self.x` count as reads of `x`; member names after a dot other than
    /// `self.` (the `isEmpty` above) do not.
    public var referencedNames: [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for token in tokens(viewMode: .sourceAccurate) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id else { continue }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                // `a.b`: only `self.b` names a member of the enclosing type.
                guard let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) else { continue }
            }
            var name = token.text
            if name.hasPrefix("$") { name.removeFirst() }
            if name.hasPrefix("`"), name.hasSuffix("`"), name.count > 2 { name = String(name.dropFirst().dropLast()) }
            guard !name.isEmpty, name != "self", seen.insert(name).inserted else { continue }
            names.append(name)
        }
        return names
    }
}

extension TokenSyntax {
    /// The spaces and tabs after the last newline of the token's leading trivia:
    /// the indentation of a token that starts its line, nil when it does not.
    public var lineIndentation: String? {
        var indentation: String?
        for piece in leadingTrivia {
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: indentation = ""
            case .spaces(let count): indentation? += String(repeating: " ", count: count)
            case .tabs(let count): indentation? += String(repeating: "\t", count: count)
            default: break
            }
        }
        return indentation
    }
}

extension Trivia {
    /// True when the trivia holds a comment (which a fix must not drop).
    public var hasComment: Bool { contains { $0.isComment } }
}

extension SyntaxProtocol {
    /// The node's source text without its outer trivia: what `trimmedDescription`
    /// returns, at a fraction of the cost. (The toolchain's `trimmedDescription` builds
    /// a trimmed copy of the subtree first — ~40,000 instructions for a one-word
    /// pattern, which made it a third of all rule-engine time.) A test checks the two
    /// agree on every node of a corpus; the one difference is in recovered syntax
    /// errors, where whitespace before a missing last token is trimmed as well.
    public var trimmedText: String {
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension FunctionParameterSyntax {
    /// The name the parameter binds in the body (`image` in `for image: Attachment`).
    public var localName: String { (secondName ?? firstName).text }
}

extension ClosureParameterSyntax {
    /// The name the parameter binds in the closure (`item` in `{ (item: Item) in … }`).
    public var localName: String { (secondName ?? firstName).text }
}

extension Syntax {
    /// The parameters of this function or initializer declaration; empty for any other node.
    public var declaredParameters: [FunctionParameterSyntax] {
        if let function = self.as(FunctionDeclSyntax.self) { return Array(function.signature.parameterClause.parameters) }
        if let initializer = self.as(InitializerDeclSyntax.self) { return Array(initializer.signature.parameterClause.parameters) }
        return []
    }
}

extension CodeBlockItemSyntax {
    /// `target = value` standing as a statement (the unfolded sequence of three): its two sides;
    /// nil for any other statement.
    public var assignment: (target: ExprSyntax, value: ExprSyntax)? {
        guard let sequence = item.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return (elements[0], elements[2])
    }
}

extension SyntaxProtocol {
    /// This node and `other` stand in different branches of one `if`/`else`, `switch` or `?:`, so at
    /// most one of them runs each time the code around them does. False when either is in the
    /// condition, or they share a branch.
    public func runsExclusively(with other: some SyntaxProtocol) -> Bool {
        // Each ancestor of this node, with its child on the way down to it: where the two paths meet.
        var childOnSelfSide: [SyntaxIdentifier: Syntax] = [:]
        var previous = Syntax(self)
        var node = Syntax(self).parent
        while let current = node {
            childOnSelfSide[current.id] = previous
            previous = current
            node = current.parent
        }
        var otherChild = Syntax(other)
        var common = Syntax(other).parent
        while let current = common, childOnSelfSide[current.id] == nil {
            otherChild = current
            common = current.parent
        }
        guard let common, let selfChild = childOnSelfSide[common.id], selfChild.id != otherChild.id else { return false }
        if let ifExpr = common.as(IfExprSyntax.self) {
            let branches = [ifExpr.body.id, ifExpr.elseBody?.id].compactMap { $0 }
            return branches.contains(selfChild.id) && branches.contains(otherChild.id)
        }
        // Two cases of one `switch`.
        if common.is(SwitchCaseListSyntax.self) { return true }
        // `c ? a : b` before folding: `a` inside the `? :` element, `b` the element right after it.
        if let list = common.as(ExprListSyntax.self) {
            let pair = [selfChild, otherChild]
            guard let ternary = pair.first(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                  let branch = pair.first(where: { !$0.is(UnresolvedTernaryExprSyntax.self) }),
                  let index = list.firstIndex(where: { $0.id == ternary.id }) else { return false }
            let next = list.index(after: index)
            return next != list.endIndex && list[next].id == branch.id
        }
        return false
    }
}

extension SyntaxProtocol {
    /// The node stands inside an `await` expression of its own statement (`try await f()`,
    /// `await f().x`), not of a statement or closure around it.
    public var isAwaitedInItsStatement: Bool {
        var current = Syntax(self).parent
        while let node = current, !node.is(CodeBlockItemSyntax.self), !node.is(ClosureExprSyntax.self), !node.is(MemberBlockItemSyntax.self) {
            if node.is(AwaitExprSyntax.self) { return true }
            current = node.parent
        }
        return false
    }
}
