import SwiftSyntax

// Small, named questions rules ask of syntax nodes. Rules call these instead of
// spelling out SwiftSyntax shapes, so a toolchain API change is fixed here.

extension FunctionCallExprSyntax {
    /// The called name: `VStack` for `VStack { }`, `overlay` for `x.overlay { }`
    /// and `.overlay { }`, `Foo` for `Foo<T>()`.
    public var calleeName: String? { calledExpression.calleeName }

    /// The receiver of a method-style call (`x` in `x.foo()`), if any.
    public var receiver: ExprSyntax? {
        calledExpression.as(MemberAccessExprSyntax.self)?.base
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

    /// The call a modifier chain starts from: `Button` for `Button { }.padding().onTapGesture { }`
    /// (seen from any call of the chain). Nil when the chain starts at something that is
    /// not a call (`content.padding()`, `.padding()`).
    public var rootCallOfModifierChain: FunctionCallExprSyntax? {
        var current = self
        while let member = current.calledExpression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return nil }
            guard let next = base.unwrapped.as(FunctionCallExprSyntax.self) else { return nil }
            current = next
        }
        return current
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
            element.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        }
    }

    public func contains(_ name: String) -> Bool {
        contains { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return false }
            let text = attribute.attributeName.trimmedDescription
            return text == name || text.hasSuffix("." + name)
        }
    }

    public func attribute(named name: String) -> AttributeSyntax? {
        for element in self {
            if let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == name { return attribute }
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
    public var typeNames: [String] { inheritedTypes.map { $0.type.trimmedDescription } }
}

extension TypeSyntax {
    /// True for `some View`, `some SwiftUI.View`, `AnyView`.
    public var isViewType: Bool {
        let text = trimmedDescription
        return text == "some View" || text == "some SwiftUI.View" || text == "AnyView"
    }
}

extension TokenSyntax {
    public var byteRange: Range<Int> {
        positionAfterSkippingLeadingTrivia.utf8Offset..<endPositionBeforeTrailingTrivia.utf8Offset
    }
}
