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
            "a `TimelineView` around the leaf, ticking slowly",
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
                ZStack {
                    if showBanner { Banner().transition(.move(edge: .top)) }
                    TimelineView(.animation(minimumInterval: 0.25)) { context in
                        Pulse(date: context.date).id(phase)
                    }
                }
                """, note: "the timeline already wraps only the leaf, ticking four times a second"),
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
        guard call.modifierReceiver != nil,
              let timeline = context.type(named: "TimelineView") == nil ? context.nearestContainer(in: ["TimelineView"]) : nil,
              timeline.call?.timelineScheduleName == "animation",
              // Already inverted: the timeline wraps only the leaf and ticks a few times a second
              // (`.animation(minimumInterval: 0.25)`), so only that leaf is re-evaluated, rarely.
              !(Self.wrapsOnlyALeaf(timeline.closure) && timeline.call.map(Self.ticksSlowly) == true)
        else { return }
        report.append(Finding(
            message: "`.\(callee)(…)` inside `TimelineView(.animation)` content is re-evaluated every frame, so its transition loses its start and end states; move the TimelineView into the leaf that needs the ticker",
            range: call.rangeFromCalleeName))
    }

    /// Views whose content is a tree of several children, not a leaf.
    static let containers: Set<String> = [
        "ZStack", "VStack", "HStack", "Group", "ForEach", "List", "LazyVStack", "LazyHStack", "ScrollView", "Grid", "LazyVGrid", "LazyHGrid",
    ]

    /// The content is one view that is not a container (`Text(…)`, `Canvas { … }`, `Dot(now:)`).
    static func wrapsOnlyALeaf(_ closure: ClosureExprSyntax) -> Bool {
        guard closure.statements.count == 1, let expression = closure.statements.first?.item.as(ExprSyntax.self) else { return false }
        let root = expression.as(FunctionCallExprSyntax.self)?.modifierChainRoot ?? expression
        guard let callee = root.as(FunctionCallExprSyntax.self)?.calleeName else { return false }
        return !containers.contains(callee)
    }

    /// `.animation(minimumInterval: 0.25)`: at most ten ticks a second (a literal or `1 / n`).
    static func ticksSlowly(_ timeline: FunctionCallExprSyntax) -> Bool {
        guard let schedule = timeline.arguments.first?.expression.unwrapped.as(FunctionCallExprSyntax.self),
              let interval = schedule.argument(labeled: "minimumInterval")?.expression, let seconds = Self.seconds(interval)
        else { return false }
        return seconds >= 0.1
    }

    private static func seconds(_ expression: ExprSyntax) -> Double? {
        let text = expression.trimmedText.filter { $0 != " " }
        if let value = Double(text) { return value }
        let parts = text.split(separator: "/")
        guard parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 else { return nil }
        return numerator / denominator
    }
}
