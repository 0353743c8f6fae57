import SwiftSyntax

// Questions about what a function-like declaration returns and whether an expression
// is what it returns. Like the other queries, none of them walks a subtree: they
// follow the parents of one node.

extension SyntaxProtocol {
    /// The written result type of a function-like declaration: a function's or subscript's
    /// return type, a property's annotation (also seen from one of its accessors).
    /// `AnyView` for `func toPresentable() -> AnyView` and `var destination: AnyView { … }`.
    public var declaredResultType: String? {
        if let function = self.as(FunctionDeclSyntax.self) { return function.signature.returnClause?.type.trimmedText }
        if let subscriptDecl = self.as(SubscriptDeclSyntax.self) { return subscriptDecl.returnClause.type.trimmedText }
        if let variable = self.as(VariableDeclSyntax.self) { return variable.bindings.first?.typeAnnotation?.type.trimmedText }
        if self.is(AccessorDeclSyntax.self), let binding = self.ancestor(PatternBindingSyntax.self) {
            return binding.typeAnnotation?.type.trimmedText
        }
        return nil
    }
}

extension ExprSyntax {
    /// True when this expression is a value `declaration` returns: after `return`, or the
    /// implicit return of a single-expression body or branch, through `if`/`switch` branches
    /// only — not an argument of another call, not inside a closure, not a discarded statement.
    public func isInReturnPosition(of declaration: Syntax) -> Bool {
        var returned = false
        var current = Syntax(self)
        while let parent = current.parent {
            if parent.id == declaration.id { return true }
            switch parent.kind {
            case .returnStmt:
                returned = true
            case .codeBlockItem:
                // Without `return`, only a body or branch of one expression returns it.
                if !returned, let list = parent.parent?.as(CodeBlockItemListSyntax.self), list.count != 1 { return false }
            case .guardStmt:
                // `guard … else { return x }`: the else block's `return` returns from the declaration.
                if !returned { return false }
            case .codeBlockItemList, .codeBlock, .ifExpr, .expressionStmt, .switchCase, .switchCaseList, .switchExpr,
                 .accessorBlock, .accessorDecl, .accessorDeclList, .patternBinding, .patternBindingList:
                break
            default:
                return false
            }
            current = parent
        }
        return false
    }
}

extension ClosureExprSyntax {
    /// The call this closure is passed to and its label: (`sink`, `receiveValue`) for
    /// `.sink(receiveValue: { … })`, (`onAppear`, nil) for `.onAppear { … }`, (`Button`, `label`)
    /// for a `label:` trailing closure. Nil for a closure that is not an argument.
    public var passedTo: (callee: String, label: String?)? {
        if let call = parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == id,
           let callee = call.calleeName {
            return (callee, nil)
        }
        if let element = parent?.as(MultipleTrailingClosureElementSyntax.self),
           let call = element.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = call.calleeName {
            return (callee, element.label.text)
        }
        if let argument = parent?.as(LabeledExprSyntax.self),
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = call.calleeName {
            return (callee, argument.label?.text)
        }
        return nil
    }
}
