import SwiftSyntax

/// A rule about particular calls (`ForEach(…)`, `.onAppear { }`, `DateFormatter()`): the
/// callee names it reports on are said once, in `calledNames`, and everything else that
/// needs them comes from there:
/// - the walk's callee filter (`Rule.callees`): the walker calls the rule only for calls
///   to those names;
/// - the guard: `check` is called only when the call's `calleeName` is one of them, also
///   when the engine's filter is off (`Linter.filtersCallsByCallee`, which the differential
///   tests turn off), so the results do not depend on the filter;
/// - the trigger text, when the description lists no `triggers`: a file without any of the
///   names cannot contain such a call (`Linter.triggers(of:)`).
/// Written three times by hand (callees, trigger, guard), one of them disagreeing with the
/// others made the rule run on calls it did not expect, or never run.
///
/// A rule that looks at calls and at other node kinds, or at every call, stays a plain `Rule`.
public protocol CallRule: Rule {
    /// The callee names (`FunctionCallExprSyntax.calleeName`: `foo` in `foo(…)`, `x.foo(…)`,
    /// `.foo(…)`, `Foo<T>(…)`) the rule reports on.
    static var calledNames: Set<String> { get }
    /// Called for each call whose `calleeName` is in `calledNames`, with that name; the rule
    /// still checks the call's shape (bare `Foo(…)` or `x.foo(…)`) where it matters.
    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding])
}

extension CallRule {
    public static var nodeKinds: Set<SyntaxKind> { [.functionCallExpr] }
    public static var callees: Set<String>? { calledNames }

    public func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard let callee = call.calleeName, Self.calledNames.contains(callee) else { return }
        check(call, named: callee, in: context, report: &report)
    }
}
