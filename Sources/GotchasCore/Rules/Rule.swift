import SwiftSyntax

/// A lint rule. One file per rule, reading top to bottom: description (ID,
/// metadata, why, examples), then detection, then fix.
///
/// Rules never walk the tree themselves: the engine's single walk calls `check`
/// for every node whose kind is in `nodeKinds`, with the shared `RuleContext`
/// (enclosing type, body/action scope, containers, imports) already computed.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The syntax kinds `check` wants to see.
    static var nodeKinds: Set<SyntaxKind> { get }
    /// For `functionCallExpr` nodes: the callee names (`FunctionCallExprSyntax.calleeName`)
    /// `check` can report on; the walk calls it for no other call. Nil: every call.
    static var callees: Set<String>? { get }
    init()
    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding])
}

extension Rule {
    public static var id: String { description.id }
    public static var callees: Set<String>? { nil }
}
