import GotchasCore
import SwiftSyntax

/// Periodic effects driven by `TimelineView(.animation)` and `sin`/`cos` of the date
/// re-run the body every frame; `.phaseAnimator` states the phases declaratively.
struct TimelineViewPeriodicMathRule: CallRule {
    static let description = RuleDescription(
        id: "timelineview-periodic-math",
        category: .animation,
        severity: .info,
        seed: "000, A5",
        summary: "`sin`/`cos` of the timeline date inside `TimelineView(.animation)` content.",
        rationale: """
            `sin(context.date.timeIntervalSinceReferenceDate)` in a `TimelineView(.animation)` re-runs the \
            content's body on every display frame. For a periodic effect (pulsing, bobbing) `.phaseAnimator` \
            states the phases declaratively, with no date math and no per-frame body. Keep `TimelineView` \
            for things that need wall-clock time.
            """,
        notFlagged: [
            "a periodic schedule (a clock)",
            "trigonometry on layout angles",
            "outside a `TimelineView`",
        ],
        severityReason: "a cheaper way to draw the same effect.",
        asks: [.declaration],
        // https://developer.apple.com/tutorials/data/documentation/swiftui/view/phaseanimator(_:content:animation:).md (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)
        requires: .os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10)),
        triggers: ["TimelineView"],
        triggering: [
            RuleExample("""
                @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
                struct AvailableExample: View {
                    var body: some View {
                        ↓TimelineView(.animation) { context in
                            let t = context.date.timeIntervalSinceReferenceDate
                            Circle()
                                .scaleEffect(1 + 0.1 * sin(t * 2))
                                .offset(y: cos(context.date.timeIntervalSince1970) * 8)
                        }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(16)]),
            """
            var body: some View {
                ↓TimelineView(.animation) { context in
                    let t = context.date.timeIntervalSinceReferenceDate
                    Circle()
                        .scaleEffect(1 + 0.1 * sin(t * 2))
                        .offset(y: cos(context.date.timeIntervalSince1970) * 8)
                }
            }
            """,
            """
            struct Blob: View {
                var body: some View {
                    ↓TimelineView(.animation(minimumInterval: nil, paused: false)) { timeline in
                        let phase = timeline.date.timeIntervalSince(start)
                        Shape().rotationEffect(.degrees(Foundation.sin(phase) * 10))
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                var body: some View {
                    TimelineView(.animation) { context in
                        let t = context.date.timeIntervalSinceReferenceDate
                        Circle()
                            .scaleEffect(1 + 0.1 * sin(t * 2))
                            .offset(y: cos(context.date.timeIntervalSince1970) * 8)
                    }
                }
                """, note: "deployment target iOS 16: what the advice needs does not exist there", platforms: [.iOS: OSVersion(16)]),
            RuleExample("""
                TimelineView(.periodic(from: .now, by: 1)) { context in
                    Hand().rotationEffect(.degrees(sin(context.date.timeIntervalSince1970)))
                }
                """, note: "a periodic schedule (a clock) needs wall-clock time"),
            RuleExample("""
                TimelineView(.animation) { context in
                    ForEach(0..<12) { i in
                        Dot().offset(x: cos(Double(i) * .pi / 6) * radius)
                    }
                }
                """, note: "trigonometry on layout angles, not on the date"),
            RuleExample("""
                var body: some View {
                    Circle().offset(y: sin(angle) * 8)
                }
                """, note: "outside a TimelineView"),
            RuleExample("TimelineView(.animation) { context in Waves(date: context.date) }", note: "no trig in the content"),
        ])

    static let calledNames: Set<String> = trig

    static let trig: Set<String> = ["sin", "cos", "tan", "sinf", "cosf"]
    static let timeWords = ["date", "time", "elapsed", "now", "phase", "seconds"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        // Bare `sin(…)` or `Foundation.sin(…)`, not a method of the project's.
        guard Self.trigName(call) != nil,
              call.arguments.count == 1,
              let timeline = context.type(named: "TimelineView") == nil ? context.nearestContainer(in: ["TimelineView"]) : nil,
              let timelineCall = timeline.call, timelineCall.timelineScheduleName == "animation"
        else { return }
        let parameters = timeline.closure.parameterNames.filter { $0 != "_" }
        // A container rule reports on the container's call: once per `TimelineView`, from
        // its first trigonometric call of the date, however many its content has.
        guard Self.readsTime(call, parameters: parameters),
              let first = timeline.closure.containedCalls(named: Self.trig).first(where: { Self.trigName($0) != nil && $0.arguments.count == 1 && Self.readsTime($0, parameters: parameters) }),
              first.id == call.id
        else { return }
        report.append(Finding(
            message: "This `TimelineView(.animation)` re-runs its content every frame to compute `\(callee)` of the timeline date; for a periodic effect use `.phaseAnimator`",
            range: timelineCall.rangeThroughArguments))
    }

    /// `sin`, `cos`, … written bare or as `Foundation.sin`.
    static func trigName(_ call: FunctionCallExprSyntax) -> String? {
        let written = call.calledExpression.trimmedText
        let callee = written.hasPrefix("Foundation.") ? String(written.dropFirst("Foundation.".count)) : written
        return trig.contains(callee) ? callee : nil
    }

    /// The argument mentions the timeline's parameter or a name that means time.
    static func readsTime(_ call: FunctionCallExprSyntax, parameters: [String]) -> Bool {
        guard let argument = call.arguments.first?.expression else { return false }
        return argument.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            if parameters.contains(name) { return true }
            let lowered = name.lowercased()
            return lowered == "t" || timeWords.contains { lowered.contains($0) }
        }
    }
}
