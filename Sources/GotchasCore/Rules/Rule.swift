import SwiftSyntax

/// A lint rule. One file per rule, reading top to bottom: description (ID,
/// metadata, why, examples), then detection, then fix.
///
/// Rules never walk the tree themselves: the engine's single walk calls `check`
/// for every node whose kind is in `nodeKinds`, with the shared `RuleContext`
/// (enclosing type, body/action scope, containers, imports) already computed.
///
/// What a rule reports inside a top-level declaration may depend only on that
/// declaration's syntax (the node, its subtree, its ancestors) and on `RuleContext`
/// (other types of the file and workspace through `fileTypes`, `type(named:)` and the
/// other questions). A rule keeps no state between calls. The server's incremental
/// lint relies on it (`LintMemo`); a rule that must read another top-level declaration
/// directly says so with `readsOtherDeclarations`. Rules on `.sourceFile` see the
/// whole file and always run.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The syntax kinds `check` wants to see.
    static var nodeKinds: Set<SyntaxKind> { get }
    /// For `functionCallExpr` nodes: the callee names (`FunctionCallExprSyntax.calleeName`)
    /// `check` can report on; the walk calls it for no other call. Nil: every call. A rule
    /// that looks only at particular calls is a `CallRule`, which derives this.
    static var callees: Set<String>? { get }
    /// True for a rule that reads top-level declarations other than the one it reports
    /// in, other than through `RuleContext`: files it is active in are linted in full.
    static var readsOtherDeclarations: Bool { get }
    init()
    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding])
}

extension Rule {
    public static var id: String { description.id }
    public static var callees: Set<String>? { nil }
    public static var readsOtherDeclarations: Bool { false }
}
