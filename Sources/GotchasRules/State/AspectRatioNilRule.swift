import GotchasCore
import SwiftSyntax

/// `.aspectRatio(nil, contentMode:)` keeps the content's own ideal ratio, which for
/// cards and stacks locks them to their ideal size instead of filling the row.
struct AspectRatioNilRule: CallRule {
    static let description = RuleDescription(
        id: "aspect-ratio-nil",
        category: .state,
        severity: .info,
        seed: "003 cells",
        summary: "`.aspectRatio(nil, contentMode: …)` on a view that is not a resizable image.",
        rationale: """
            With a `nil` ratio, `.aspectRatio` uses the content's ideal size as the ratio. For a card, a \
            stack or a custom view that locks it to its ideal size: it stops filling its row or cell and \
            sizes differently from its siblings. Pass a real ratio, or size the view with `.frame(maxWidth: \
            .infinity)`.
            """,
        notFlagged: [
            "a real ratio",
            "a resizable image, in `AsyncImage` too",
            "an image in a variable",
        ],
        severityReason: "a layout that is likely not what was meant.",
        triggering: [
            """
            LazyVGrid(columns: columns) {
                ForEach(cards) { card in
                    CardView(card: card)
                        ↓.aspectRatio(nil, contentMode: .fit)
                }
            }
            """,
            "VStack { title; detail }↓.aspectRatio(nil, contentMode: .fill)",
        ],
        nonTriggering: [
            RuleExample("CardView(card: card).aspectRatio(3 / 2, contentMode: .fit)", note: "a real ratio"),
            RuleExample("Image(\"cover\").resizable().aspectRatio(nil, contentMode: .fit)", note: "a resizable image"),
            RuleExample("AsyncImage(url: url) { image in image.resizable().aspectRatio(nil, contentMode: .fill) } placeholder: { Color.gray }",
                        note: "a resizable image in AsyncImage"),
            RuleExample("Image(systemName: \"star\").aspectRatio(nil, contentMode: .fit)", note: "an image keeps its own ratio"),
            RuleExample("AsyncImage(url: url) { image in image.aspectRatio(nil, contentMode: .fit) }", note: "an image in a variable"),
        ])

    static let calledNames: Set<String> = ["aspectRatio"]

    static let images: Set<String> = ["Image", "AsyncImage", "KFImage", "WebImage", "LazyImage"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.modifierReceiver != nil, call.arguments.count == 2,
              let ratio = call.arguments.first, ratio.label == nil, ratio.expression.isNilLiteral,
              call.argument(labeled: "contentMode") != nil,
              !call.modifiersThroughSelf.contains(where: { $0.modifierName == "resizable" || $0.modifierName == "scaledToFit" })
        else { return }
        if let root = call.modifierChainRoot?.as(FunctionCallExprSyntax.self), let name = root.calleeName, Self.images.contains(name) { return }
        guard let root = call.modifierChainRoot else { return }
        if let reference = root.as(DeclReferenceExprSyntax.self), reference.baseName.text.lowercased().contains("image") { return }
        report.append(Finding(
            message: "`.aspectRatio(nil, …)` locks the view to its content's ideal size, so it stops filling its row; pass a real ratio or use `.frame(maxWidth: .infinity)`",
            range: call.rangeFromCalleeName))
    }
}
