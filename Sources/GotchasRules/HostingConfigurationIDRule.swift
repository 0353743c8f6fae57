import GotchasCore
import SwiftSyntax

/// Collection and table cells are reused; without `.id(item.id)` on the hosted root,
/// SwiftUI state of the previous item carries into the next one shown in that cell.
struct HostingConfigurationIDRule: Rule {
    static let description = RuleDescription(
        id: "hosting-configuration-id",
        category: .state,
        severity: .info,
        seed: "003 cells",
        summary: "`UIHostingConfiguration { Root(item) }` whose root view has no `.id(…)`.",
        rationale: """
            UIKit reuses cells, and the SwiftUI tree inside a reused cell keeps its identity: \
            `@State` (expanded, scroll position, a loaded image) from the previous item shows up for \
            the next item displayed in that cell. Give the root `.id(item.id)` so a different item \
            gets a fresh tree, and keep user-visible state in the model, keyed by stable IDs.
            """,
        triggers: ["UIHostingConfiguration"],
        triggering: [
            """
            cell.contentConfiguration = ↓UIHostingConfiguration {
                MessageRow(message: message)
            }
            .margins(.all, 0)
            """,
            """
            func configure(_ cell: UICollectionViewCell, with item: Item) {
                cell.contentConfiguration = ↓UIHostingConfiguration { ItemCard(item: item).padding(8) }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                cell.contentConfiguration = UIHostingConfiguration {
                    MessageRow(message: message)
                        .id(message.id)
                }
                """, note: "a root with `.id(…)`"),
            RuleExample("""
                cell.contentConfiguration = UIHostingConfiguration { LoadingRow() }
                """, note: "a root without per-item input"),
            RuleExample("""
                cell.contentConfiguration = UIHostingConfiguration {
                    Text(title)
                    Text(subtitle)
                }
                """, note: "several roots: not judged"),
            RuleExample("// UIHostingConfiguration { Row(item: item) }", note: "inside a comment"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let callees: Set<String>? = ["UIHostingConfiguration"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard call.calledExpression.trimmedText == "UIHostingConfiguration",
              let closure = call.trailingClosure,
              let root = closure.statements.soleExpression,
              !root.chainModifiers.contains(where: { $0.modifierName == "id" }),
              let view = root.modifierChainRoot?.as(FunctionCallExprSyntax.self),
              view.arguments.contains(where: { !Self.isConstant($0.expression) })
        else { return }
        report.append(Finding(
            message: "Reused cells keep the hosted SwiftUI state: without `.id(item.id)` on the root, state of the previous item shows for the next; add `.id(…)` with the item's stable ID",
            range: call.byteRange.lowerBound..<call.calledExpression.endPositionBeforeTrailingTrivia.utf8Offset))
    }

    private static func isConstant(_ expression: ExprSyntax) -> Bool {
        expression.is(StringLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
            || (expression.as(MemberAccessExprSyntax.self)?.base == nil && expression.is(MemberAccessExprSyntax.self))
    }
}
