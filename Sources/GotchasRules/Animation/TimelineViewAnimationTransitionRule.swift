import GotchasCore
import SwiftSyntax

/// `TimelineView(.animation)` re-renders its content at the display's refresh rate;
/// transitions and `.id(_:)` identity resets inside it lose their start and end states.
struct TimelineViewAnimationTransitionRule: CallRule {
    static let description = RuleDescription(
        id: "timelineview-animation-transition",
        category: .animation,
        severity: .warning,
        seed: "000, A4",
        summary: "`.transition(…)` or `.id(…)` inside the content of `TimelineView(.animation)`.",
        rationale: """
            `TimelineView(.animation)` rebuilds its whole content 60 to 120 times a second. Transitions are \
            unreliable in a tree rebuilt every frame: insertions and removals jump, and `.id(…)` resets fire \
            at frame rate. Keep the stable tree outside, and put a small `TimelineView` into each leaf that \
            needs the ticker.
            """,
        notFlagged: [
            "a periodic schedule (once a second)",
            "a transition outside the `TimelineView`",
            "a modifier on the `TimelineView` itself",
            "a schedule held in a variable",
            "the project's own `TimelineView` type",
        ],
        severityReason: "transitions jump and identities reset every frame.",
        asks: [.declaration],
        useInstead: "the transition is outside the TimelineView, the recommended shape",
        triggers: ["TimelineView"],
        triggering: [
            """
            var body: some View {
                TimelineView(.animation) { context in
                    ZStack {
                        if showBanner {
                            Banner()
                                ↓.transition(.move(edge: .top))
                        }
                        Waves(date: context.date)
                    }
                }
            }
            """,
            """
            struct Ticker: View {
                var body: some View {
                    TimelineView(.animation(minimumInterval: 1 / 30)) { timeline in
                        ForEach(items) { item in
                            Cell(item: item, now: timeline.date)↓.id(item.version)
                        }
                    }
                }
            }
            """,
            """
            extension Ticker {
                @ViewBuilder var overlay: some View {
                    TimelineView(AnimationTimelineSchedule()) { _ in
                        Group {
                            Text(title)↓.transition(.opacity)
                        }
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                TimelineView(.periodic(from: .now, by: 1)) { context in
                    Text(context.date, style: .time).transition(.opacity)
                }
                """, note: "a periodic schedule re-renders once a second"),
            RuleExample("""
                VStack {
                    TimelineView(.animation) { context in Waves(date: context.date) }
                    if show { Banner().transition(.slide) }
                }
                """, note: "the transition is outside the TimelineView, the recommended shape"),
            RuleExample("""
                TimelineView(.animation) { context in
                    Waves(date: context.date)
                }
                .transition(.opacity)
                """, note: "on the TimelineView itself"),
            RuleExample("TimelineView(schedule) { _ in Text(\"x\").id(key) }", note: "a schedule in a variable: unknown"),
            RuleExample("""
                struct TimelineView: View {
                    init(_ kind: Kind, content: () -> some View) {}
                    var body: some View { Text("posts") }
                }
                var body: some View {
                    TimelineView(.animation) { Row().transition(.opacity) }
                }
                """, note: "the project's own TimelineView type"),
        ])

    static let calledNames: Set<String> = ["transition", "id"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.receiver != nil,
              let timeline = context.type(named: "TimelineView") == nil ? context.nearestContainer(in: ["TimelineView"]) : nil,
              timeline.call?.timelineScheduleName == "animation"
        else { return }
        report.append(Finding(
            message: "`.\(callee)(…)` inside `TimelineView(.animation)` content is re-evaluated every frame, so its transition loses its start and end states; move the TimelineView into the leaf that needs the ticker",
            range: call.rangeFromCalleeName))
    }
}
