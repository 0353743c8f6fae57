import GotchasCore
import SwiftSyntax

/// `if c { v.mod(a) } else { v }` is two identities for one view: toggling `c`
/// destroys one and inserts the other, losing state and animating as a removal.
struct ConditionalViewIdentityRule: Rule {
    static let description = RuleDescription(
        id: "conditional-view-identity",
        category: .state,
        severity: .warning,
        seed: "001, 003 r4",
        summary: "`if c { V(…).mod(…) } else { V(…) }`: the same view in both branches, differing only by modifiers.",
        rationale: """
            Each branch of an `if` is a separate identity. When `c` changes, SwiftUI removes the \
            view of one branch and inserts a new one: `@State` inside it resets, `.onAppear`/`.task` \
            run again, and the change animates as a fade instead of interpolating. Write the view \
            once and vary the modifier with an inert value: `v.opacity(expired ? 0.3 : 1)`, \
            `.padding(compact ? 0 : 8)`. Keep branches for genuinely different views.
            """,
        triggers: ["else"],
        triggering: [
            """
            var body: some View {
                ↓if isExpired {
                    CouponCard(coupon: coupon)
                        .opacity(0.3)
                } else {
                    CouponCard(coupon: coupon)
                }
            }
            """,
            """
            struct Highlight: ViewModifier {
                var isOn: Bool
                func body(content: Content) -> some View {
                    ↓if isOn { content.border(.red) } else { content }
                }
            }
            """,
            """
            @ViewBuilder var title: some View {
                VStack {
                    ↓if compact {
                        Text(name).font(.caption)
                    } else {
                        Text(name).font(.title)
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                var body: some View {
                    if isLoading { ProgressView() } else { Content(items: items) }
                }
                """, note: "genuinely different views"),
            RuleExample("""
                var body: some View {
                    if isEmpty { Text("None") } else { Text(summary) }
                }
                """, note: "the same view type with different content"),
            RuleExample("""
                var body: some View {
                    if #available(iOS 17, *) { Chart(data).chartScrollableAxes(.horizontal) } else { Chart(data) }
                }
                """, note: "an availability check: the modifier does not exist on older systems"),
            RuleExample("""
                var body: some View {
                    if let url { Card(item).onTapGesture { open(url) } } else { Card(item) }
                }
                """, note: "an optional binding the branch uses"),
            RuleExample("""
                var body: some View {
                    Card(item).opacity(isExpired ? 0.3 : 1)
                }
                """, note: "the recommended shape"),
            RuleExample("""
                var body: some View {
                    if flag { Card(item) } else { Card(item) }
                }
                """, note: "identical branches: a deliberate identity reset"),
            RuleExample("""
                func style() -> Int {
                    if c { return value.rounded() } else { return value }
                }
                """, note: "not view code"),
            RuleExample("""
                var body: some View {
                    if c { Card(item).padding() } else if d { Card(item) } else { Empty() }
                }
                """, note: "else-if chains: several distinct cases"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.ifExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let ifExpr = node.cast(IfExprSyntax.self)
        guard context.execution == .render,
              ifExpr.isStatement, ifExpr.hasOnlyBooleanConditions,
              let elseBody = ifExpr.plainElseBody,
              let thenView = ifExpr.body.statements.soleExpression,
              let elseView = elseBody.statements.soleExpression,
              let thenRoot = thenView.modifierChainRoot, let elseRoot = elseView.modifierChainRoot,
              Self.isViewRoot(thenRoot),
              thenRoot.trimmedText.collapsingWhitespace == elseRoot.trimmedText.collapsingWhitespace,
              thenView.trimmedText.collapsingWhitespace != elseView.trimmedText.collapsingWhitespace,
              !thenView.chainModifiers.isEmpty || !elseView.chainModifiers.isEmpty
        else { return }
        report.append(Finding(
            message: "Both branches build the same view, differing only by modifiers: toggling the condition destroys and re-inserts it (state resets, it fades instead of animating); write it once and vary the modifier, e.g. `.opacity(c ? 0.3 : 1)`",
            range: ifExpr.ifKeyword.byteRange.lowerBound..<ifExpr.conditions.endPositionBeforeTrailingTrivia.utf8Offset))
    }

    /// `V(…)`/`V { … }` with a type name, or a view held in a variable (`content`, `label`).
    private static func isViewRoot(_ root: ExprSyntax) -> Bool {
        if let call = root.as(FunctionCallExprSyntax.self), let name = call.calleeName, let first = name.first {
            return first.isUppercase && call.calledExpression.as(MemberAccessExprSyntax.self) == nil
        }
        if let reference = root.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isLowercase == true
        }
        return false
    }
}
