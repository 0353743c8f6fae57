import GotchasCore
import SwiftSyntax

/// Picking `"x.fill"` vs `"x"` by string swaps the symbol: SwiftUI sees a new image,
/// so symbol effects and `.contentTransition(.symbolEffect)` cannot animate between
/// them. `.symbolVariant(.fill)` keeps one symbol and changes its variant.
struct SymbolVariantByNameRule: Rule {
    static let description = RuleDescription(
        id: "symbol-variant-by-name",
        category: .symbols,
        severity: .warning,
        seed: "S2",
        summary: "Choosing `\"x.fill\"` vs `\"x\"` by name; use one symbol and `.symbolVariant(.fill)`.",
        rationale: """
            Building the symbol name (`isDone ? "star.fill" : "star"`, `"\\(name).fill"`, `name + ".fill"`) \
            makes each state a different image: SwiftUI replaces the image instead of morphing it, symbol \
            effects and content transitions lose their identity, and a typo in the name shows nothing at run \
            time. Render one symbol and apply `.symbolVariant(isDone ? .fill : .none)`. The fix is offered \
            when both names are literals that differ only by `.fill`. Not flagged: a choice between two \
            unrelated symbols.
            """,
        fix: .safe,
        triggers: [".fill"],
        triggering: [
            "Image(systemName: ↓isDone ? \"checkmark.circle.fill\" : \"checkmark.circle\")",
            """
            var body: some View {
                VStack {
                    if showsIcon {
                        Image(systemName:
                            ↓item.isFavorite
                                ? "heart"
                                : "heart.fill")
                            .font(.title)
                    }
                }
            }
            """,
            "Label(\"Done\", systemImage: ↓done ? \"app.fill\" : \"app\")",
            "Image(systemName: ↓\"\\(name).fill\")",
            "Image(systemName: ↓symbol + \".fill\")",
            "Label(title, systemImage: ↓\"\\(icon).fill\")",
            "Image(systemName: ↓\"heart\\(isLiked ? \".fill\" : \"\")\")",
            "Label(\"Like\", systemImage: ↓\"heart\" + (isLiked ? \".fill\" : \"\"))",
        ],
        nonTriggering: [
            RuleExample("Image(systemName: isOn ? \"star.fill\" : \"heart\")", note: "two unrelated symbols"),
            RuleExample("Image(systemName: \"star.fill\")", note: "a constant name"),
            RuleExample("Image(systemName: \"star\").symbolVariant(isOn ? .fill : .none)"),
            RuleExample("Image(systemName: isOn ? \"wifi\" : \"wifi.slash\")", note: "a different symbol, not the fill variant"),
            RuleExample("let s = isOn ? \"star.fill\" : \"star\"", note: "not passed to an image (yet)"),
            RuleExample("Text(isOn ? \"a.fill\" : \"a\")", note: "not a symbol name argument"),
            RuleExample("// Image(systemName: on ? \"x.fill\" : \"x\")", note: "inside a comment"),
        ],
        corrections: [
            RuleCorrection("Image(systemName: isDone ? \"checkmark.circle.fill\" : \"checkmark.circle\")",
                           "Image(systemName: \"checkmark.circle\").symbolVariant(isDone ? .fill : .none)"),
            RuleCorrection("""
                Image(systemName: a == b ? "star" : "star.fill") // keep me
                    .font(.title)
                """, """
                Image(systemName: "star").symbolVariant(a == b ? .none : .fill) // keep me
                    .font(.title)
                """),
            RuleCorrection("Label(\"Done\", systemImage: done ? \"app.fill\" : \"app\")",
                           "Label(\"Done\", systemImage: \"app\").symbolVariant(done ? .fill : .none)"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let callees: Set<String>? = ["Image", "Label"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        let label: String
        switch call.calleeName {
        case "Image"?: label = "systemName"
        case "Label"?: label = "systemImage"
        default: return
        }
        guard let argument = call.argument(labeled: label) else { return }
        let expression = argument.expression
        let message = "Choosing the symbol by name (`.fill` or not) swaps the image, so SwiftUI cannot animate "
            + "or transition between the states; use one symbol and `.symbolVariant(condition ? .fill : .none)`"

        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if let ternaryIndex = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) {
                guard ternaryIndex == elements.count - 2, ternaryIndex > 0,
                      let ternary = elements[ternaryIndex].as(UnresolvedTernaryExprSyntax.self),
                      let thenName = ternary.thenExpression.stringLiteralValue,
                      let elseName = elements[elements.count - 1].stringLiteralValue
                else { return }
                let variant: (base: String, whenTrue: String, whenFalse: String)
                if thenName == elseName + ".fill" {
                    variant = (elseName, ".fill", ".none")
                } else if elseName == thenName + ".fill" {
                    variant = (thenName, ".none", ".fill")
                } else {
                    return
                }
                let condition = context.document.text(in: elements[0].positionAfterSkippingLeadingTrivia.utf8Offset
                    ..< elements[ternaryIndex - 1].endPositionBeforeTrailingTrivia.utf8Offset)
                let fix = Fix(title: "Use `.symbolVariant(_:)`", applicability: .safe, edits: [
                    TextEdit(range: expression.byteRange, replacement: "\"\(variant.base)\""),
                    .insert(".symbolVariant(\(condition) ? \(variant.whenTrue) : \(variant.whenFalse))",
                            at: call.endPositionBeforeTrailingTrivia.utf8Offset),
                ])
                report.append(Finding(message: message, range: expression.byteRange, fixes: [fix]))
                return
            }
            // `name + ".fill"`, `"heart" + (isLiked ? ".fill" : "")`
            if elements.count >= 3, let last = elements.last,
               last.stringLiteralValue?.hasPrefix(".fill") == true || Self.togglesFillSuffix(last),
               elements[elements.count - 2].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
                report.append(Finding(message: message, range: expression.byteRange))
            }
            return
        }
        // `"heart\(isLiked ? ".fill" : "")"`
        if let literal = expression.as(StringLiteralExprSyntax.self),
           literal.segments.contains(where: { segment in
               segment.as(ExpressionSegmentSyntax.self)?.expressions.first.map { Self.togglesFillSuffix($0.expression) } == true
           }) {
            report.append(Finding(message: message, range: expression.byteRange))
            return
        }
        // `"\(name).fill"`
        if let literal = expression.as(StringLiteralExprSyntax.self),
           literal.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) }),
           let last = literal.segments.last?.as(StringSegmentSyntax.self), last.content.text.hasPrefix(".fill") {
            report.append(Finding(message: message, range: expression.byteRange))
        }
    }

    /// `cond ? ".fill" : ""` (either order, in parentheses or not): a name suffix that
    /// switches between the symbol and its fill variant.
    static func togglesFillSuffix(_ expression: ExprSyntax) -> Bool {
        var expression = expression
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            expression = only.expression
        }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, let ternary = elements[elements.count - 2].as(UnresolvedTernaryExprSyntax.self),
              let thenName = ternary.thenExpression.stringLiteralValue, let elseName = elements[elements.count - 1].stringLiteralValue
        else { return false }
        return Set([thenName, elseName]) == [".fill", ""]
    }
}
