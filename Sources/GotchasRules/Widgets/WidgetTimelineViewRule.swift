import GotchasCore
import SwiftSyntax

/// Widgets are snapshots: a `TimelineView` inside one only re-renders when a new
/// timeline entry arrives, whatever its schedule.
struct WidgetTimelineViewRule: CallRule {
    static let description = RuleDescription(
        id: "widget-timelineview",
        category: .widgets,
        severity: .warning,
        seed: "000 W3",
        summary: "`TimelineView` in a widget view does not tick.",
        rationale: """
            WidgetKit renders the view once per timeline entry; `TimelineView` schedules are not driven \
            inside a widget, so the content stays frozen until the next entry. Use system text styles \
            (`Text(date, style: .timer)`) or several entries that cover the window.
            """,
        notFlagged: [
            "app views",
        ],
        severityReason: "the content never updates.",
        triggering: [
            """
            import WidgetKit
            struct MinuteView: View {
                var body: some View {
                    ↓TimelineView(.everyMinute) { context in
                        Text(context.date, format: .dateTime.hour().minute())
                    }
                }
            }
            """,
            """
            import WidgetKit
            import SwiftUI
            struct PulseView: View {
                @ViewBuilder var pulse: some View {
                    ↓TimelineView(.animation(minimumInterval: 1 / 30)) { _ in Circle() }
                }
                var body: some View { pulse }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                import SwiftUI
                struct MinuteView: View {
                    var body: some View { TimelineView(.everyMinute) { context in Text(context.date, style: .time) } }
                }
                """, note: "an app view (no WidgetKit import)"),
        ])

    static let calledNames: Set<String> = ["TimelineView"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self),
              WorkspaceRuleSupport.isWidgetViewFile(context), context.enclosingView != nil, context.execution == .render
        else { return }
        let end = call.rightParen?.endPositionBeforeTrailingTrivia.utf8Offset ?? call.calledExpression.endPositionBeforeTrailingTrivia.utf8Offset
        report.append(Finding(
            message: "`TimelineView` does not run in a widget: the view only changes when a new timeline entry arrives; use `Text(date, style: .timer/.relative)` or more timeline entries",
            range: call.positionAfterSkippingLeadingTrivia.utf8Offset..<end))
    }
}
