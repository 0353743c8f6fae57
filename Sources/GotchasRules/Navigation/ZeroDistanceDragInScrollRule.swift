import GotchasCore
import SwiftSyntax

/// A drag that starts at zero distance claims every touch at the leaf, so the
/// enclosing `ScrollView`/`List` never gets to pan.
struct ZeroDistanceDragInScrollRule: CallRule {
    static let description = RuleDescription(
        id: "zero-distance-drag-in-scroll",
        category: .navigation,
        severity: .warning,
        seed: "000 G6",
        summary: "`DragGesture(minimumDistance: 0)` inside `ScrollView`/`List` content.",
        rationale: """
            A `DragGesture(minimumDistance: 0)` recognizes on touch-down and consumes the touch, so a scroll \
            that starts on that view does not scroll, and `.simultaneousGesture` does not reliably give the \
            pan back. Give the drag a real minimum distance, let the scroll container own the gesture, or \
            sequence a short long press before the drag.
            """,
        notFlagged: [
            "outside scroll containers",
            "a non-zero or default minimum distance",
            "on the scroll view itself",
        ],
        severityReason: "the list cannot be scrolled from that view.",
        useInstead: "a non-zero (or default) minimum distance lets the scroll view win",
        triggering: [
            """
            struct Board: View {
                var body: some View {
                    ScrollView {
                        ForEach(tiles) { tile in
                            TileView(tile: tile)
                                .gesture(
                                    ↓DragGesture(minimumDistance: 0)
                                        .onChanged { press(tile, $0) }
                                )
                        }
                    }
                }
            }
            """,
            """
            struct Rows: View {
                var body: some View {
                    List(items) { item in
                        Text(item.name)
                            .simultaneousGesture(↓DragGesture(minimumDistance: 0.0, coordinateSpace: .local).onEnded { _ in tap(item) })
                    }
                }
            }
            """,
            """
            struct Pads: View {
                var body: some View { grid }
            }
            extension Pads {
                @ViewBuilder var grid: some View {
                    ScrollView(.horizontal) {
                        if showPads {
                            Pad().gesture(↓DragGesture(minimumDistance: 0))
                        }
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct Canvas: View {
                    var body: some View {
                        Rectangle().gesture(DragGesture(minimumDistance: 0).onChanged { draw($0) })
                    }
                }
                """, note: "outside scroll containers"),
            RuleExample("""
                struct Board: View {
                    var body: some View {
                        ScrollView {
                            TileView().gesture(DragGesture(minimumDistance: 10))
                            TileView().gesture(DragGesture())
                        }
                    }
                }
                """, note: "a non-zero (or default) minimum distance lets the scroll view win"),
            RuleExample("""
                struct Board: View {
                    var body: some View {
                        ScrollView { Content() }
                            .gesture(DragGesture(minimumDistance: 0))
                    }
                }
                """, note: "on the scroll view itself, not inside its content"),
        ])

    static let calledNames: Set<String> = ["DragGesture"]

    static let scrollContainers: Set<String> = ["ScrollView", "List", "Form"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self),
              let distance = call.argument(labeled: "minimumDistance")?.expression,
              Self.isZero(distance),
              let container = context.nearestContainer(in: Self.scrollContainers)
        else { return }
        report.append(Finding(
            message: "`DragGesture(minimumDistance: 0)` inside `\(container.name)` content claims the touch on contact, so scrolls that start here do not scroll; use a non-zero minimum distance or let the container own the gesture",
            range: call.rangeFromCalleeName))
    }

    static func isZero(_ expression: ExprSyntax) -> Bool {
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return Int(integer.literal.text) == 0 }
        if let float = expression.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text) == 0 }
        return false
    }
}
