import GotchasCore
import SwiftSyntax

/// `c ? AnyShapeStyle(a) : AnyShapeStyle(b)` builds a new type-erased style on every
/// render; SwiftUI cannot compare the two, so an animation (a bouncy spring above all)
/// interpolates between them and overshoots through unexpected colors.
struct AnyShapeStyleTernaryRule: Rule {
    static let description = RuleDescription(
        id: "anyshapestyle-ternary",
        category: .animation,
        severity: .warning,
        optIn: true,
        seed: "000, A2",
        summary: "A conditional whose both branches are `AnyShapeStyle(…)`.",
        rationale: """
            `isDone ? AnyShapeStyle(.tint) : AnyShapeStyle(.tint.tertiary)` creates a new \
            type-erased style on every render. SwiftUI cannot equate the two erased styles, and when \
            the change is animated (springs in particular) it interpolates between them, overshooting \
            through colors that are neither. Keep one constant style (`.foregroundStyle(.tint)`) and \
            animate `.opacity(isDone ? 1 : 0.4)`, a single Double that interpolates cleanly. \
            Opt-in: on two apps not used for tuning, neither sampled finding was worth acting on — styles of different kinds (a colour against a material) chosen by a setting, not animated (docs/precision.md).
            """,
        triggers: ["AnyShapeStyle"],
        triggering: [
            "Image(systemName: \"checkmark\").foregroundStyle(↓isDone ? AnyShapeStyle(.tint) : AnyShapeStyle(.tint.tertiary))",
            """
            struct Row: View {
                var isOn: Bool
                var body: some View {
                    Circle()
                        .fill(
                            ↓isOn
                                ? AnyShapeStyle(Color.green.gradient)
                                : AnyShapeStyle(.quaternary)
                        )
                        .animation(.bouncy, value: isOn)
                }
            }
            """,
            """
            extension Badge {
                var style: AnyShapeStyle {
                    ↓isSelected && !isDisabled ? AnyShapeStyle(.tint) : SwiftUI.AnyShapeStyle(.secondary)
                }
            }
            """,
            "let style = (↓a ? AnyShapeStyle(.red) : AnyShapeStyle(.blue))",
        ],
        nonTriggering: [
            RuleExample("Text(\"x\").foregroundStyle(AnyShapeStyle(.tint))", note: "a single AnyShapeStyle"),
            RuleExample("Text(\"x\").foregroundStyle(isOn ? AnyShapeStyle(.tint) : fallbackStyle)", note: "only one branch erases here"),
            RuleExample("Text(\"x\").foregroundStyle(.tint).opacity(isDone ? 1 : 0.4)", note: "the recommended shape"),
            RuleExample("Text(\"isOn ? AnyShapeStyle(.red) : AnyShapeStyle(.blue)\")", note: "inside a string"),
            RuleExample("// isOn ? AnyShapeStyle(.red) : AnyShapeStyle(.blue)", note: "inside a comment"),
            RuleExample("let s = isOn ? MyAnyShapeStyle(.red) : MyAnyShapeStyle(.blue)", note: "another type that contains the name"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.unresolvedTernaryExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard let ternary = TernaryShape(node.cast(UnresolvedTernaryExprSyntax.self)),
              Self.isAnyShapeStyle(ternary.thenExpression), Self.isAnyShapeStyle(ternary.elseExpression)
        else { return }
        report.append(Finding(
            message: "Both branches type-erase to `AnyShapeStyle`: SwiftUI can't compare them and animations interpolate through stray colors; keep one constant style and animate `.opacity` instead",
            range: ternary.range))
    }

    private static func isAnyShapeStyle(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.unwrapped.as(FunctionCallExprSyntax.self) else { return false }
        let callee = call.calledExpression.trimmedText
        return callee == "AnyShapeStyle" || callee == "SwiftUI.AnyShapeStyle"
    }
}
