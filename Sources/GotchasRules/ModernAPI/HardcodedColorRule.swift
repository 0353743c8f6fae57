import GotchasCore
import SwiftSyntax

/// Colour literals scattered through views bypass the asset catalog and semantic
/// colours: no dark-mode or increased-contrast variant, and no single place to change.
struct HardcodedColorRule: CallRule {
    static let description = RuleDescription(
        id: "hardcoded-color",
        category: .modernAPI,
        severity: .hint,
        optIn: true,
        seed: "002 red flags",
        summary: "`Color(red:green:blue:)` with literal components inside a view (opt-in).",
        rationale: """
            A `Color(red: 0.2, green: 0.4, blue: 0.9)` in a view has no dark-mode or increased-contrast \
            variant and is repeated wherever the colour is needed. Use an asset catalog colour \
            (`Color("Brand")`, `Color.brand`) or a semantic style (`.tint`, `.secondary`), defined once.
            """,
        notFlagged: [
            "colour constants in a `Color` extension or a tokens type",
            "asset colours",
            "components computed from data",
        ],
        severityReason: "a design-system choice.",
        useInstead: "a named colour token outside views",
        triggering: [
            """
            struct Badge: View {
                var body: some View {
                    Text("New")
                        .background(↓Color(red: 0.95, green: 0.3, blue: 0.2))
                        .foregroundStyle(↓Color(.sRGB, red: 1, green: 1, blue: 1, opacity: 0.9))
                }
            }
            """,
            """
            struct Chart: View {
                var body: some View { bars }
            }
            extension Chart {
                @ViewBuilder var bars: some View {
                    ForEach(values, id: \\.self) { value in
                        Rectangle().fill(↓SwiftUI.Color(red: 40 / 255, green: 120 / 255, blue: 200 / 255))
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                extension Color {
                    static let brand = Color(red: 0.95, green: 0.3, blue: 0.2)
                }
                """, note: "a named colour token outside views"),
            RuleExample("""
                struct Badge: View {
                    let tint: RGB
                    var body: some View {
                        Text("New")
                            .background(Color("Brand"))
                            .foregroundStyle(Color(red: tint.r, green: tint.g, blue: tint.b))
                    }
                }
                """, note: "asset colours; components computed from data"),
        ])

    static let calledNames: Set<String> = ["Color"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        // `Color(…)` or `SwiftUI.Color(…)`, not another type's `Color` member.
        guard context.enclosingView != nil, let name = call.calledExpression.dottedName,
              name == callee || name == "SwiftUI." + callee
        else { return }
        let components = ["red", "green", "blue"].compactMap { call.argument(labeled: $0)?.expression }
        guard components.count == 3, components.allSatisfy(Self.isNumericLiteral) else { return }
        report.append(Finding(
            message: "Hard-coded `Color(red:green:blue:)` in a view has no dark-mode variant and is repeated; use an asset-catalog colour or a semantic style",
            range: call.byteRange))
    }

    /// `0.5`, `1`, `40 / 255`, `(40.0 / 255)`.
    static func isNumericLiteral(_ expression: ExprSyntax) -> Bool {
        let expression = expression.unwrapped
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self) { return true }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return sequence.elements.allSatisfy { element in
                element.is(BinaryOperatorExprSyntax.self) || isNumericLiteral(element)
            }
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            return isNumericLiteral(infix.leftOperand) && isNumericLiteral(infix.rightOperand)
        }
        return false
    }
}
