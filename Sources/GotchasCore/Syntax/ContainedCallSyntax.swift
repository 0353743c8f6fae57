import SwiftSyntax

/// Calls inside a container's content, for rules that report once on the container's
/// call (`TimelineView`, `GeometryReader`) however many inner calls qualify.
extension SyntaxProtocol {
    /// The calls inside this node whose called name is one of `names` (`sin(x)`,
    /// `Foundation.sin(x)`, `.onAppear { }`), in source order. Found through the tokens:
    /// no walk.
    public func containedCalls(named names: Set<String>) -> [FunctionCallExprSyntax] {
        var calls: [FunctionCallExprSyntax] = []
        for token in tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, names.contains(name),
                  let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var callee = Syntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                callee = Syntax(member)
            }
            if let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id {
                calls.append(call)
            }
        }
        return calls
    }
}
