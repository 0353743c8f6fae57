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
            "a `Canvas` drawn from the time (particles, physics)",
            "content that samples a live value each frame (a closure the view is given)",
        ],
        severityReason: "a cheaper way to draw the same effect.",
        asks: [.declaration, .reachedHazard],
        // https://developer.apple.com/tutorials/data/documentation/swiftui/view/phaseanimator(_:content:animation:).md (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)
        requires: .os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10)),
        triggers: ["TimelineView"],
        triggering: [
            RuleExample("""
                struct GlowBackground: View {
                    var body: some View {
                        ↓TimelineView(.animation) { timeline in
                            let t = timeline.date.timeIntervalSinceReferenceDate
                            Circle().offset(x: 40 * wave(t * 0.5))
                        }
                    }
                    private func wave(_ value: Double) -> CGFloat { CGFloat((sin(value) + 1) / 2) }
                }
                """, note: "a helper of the view computes the sine of the time it is passed"),
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
                struct Tree: View {
                    var body: some View {
                        TimelineView(.animation) { timeline in
                            let time = timeline.date.timeIntervalSinceReferenceDate
                            let sway = sin(time * 0.6) * 1.5
                            let gust = sin(time * 1.3) * 0.8
                            Image("tree").rotationEffect(.degrees(sway + gust))
                        }
                    }
                }
                """, note: "two frequencies summed into one angle: an organic motion with no one period, which phases cannot express"),
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
            RuleExample("""
                struct Confetti: View {
                    let start: Date
                    var body: some View {
                        TimelineView(.animation) { timeline in
                            Canvas { context, size in
                                let elapsed = timeline.date.timeIntervalSince(start)
                                for particle in particles { draw(particle, x: sin(elapsed * particle.spin), in: context) }
                            }
                        }
                    }
                }
                """, note: "a `Canvas` drawn from the time: particles `.phaseAnimator` cannot draw"),
            RuleExample("""
                struct Visualizer: View {
                    let meter: () -> Double
                    var body: some View {
                        TimelineView(.animation) { context in
                            let level = meter()
                            Capsule().frame(height: 20 * level * (1 + sin(context.date.timeIntervalSince1970)))
                        }
                    }
                }
                """, note: "samples a live value each frame through a closure the view holds"),
            RuleExample("""
                struct Ticker: View {
                    var body: some View {
                        TimelineView(.animation) { timeline in
                            Text(label(timeline.date)).offset(y: bob(3))
                        }
                    }
                    private func label(_ date: Date) -> String { date.formatted(date: .omitted, time: .standard) }
                    private func bob(_ phase: Double) -> CGFloat { CGFloat(sin(phase)) }
                }
                """, note: "the helper given the time does no trigonometry; the one that does is not given it"),
        ])

    static let calledNames: Set<String> = trig.union(["TimelineView"])

    /// "every frame", or "on every tick" where `.animation(minimumInterval:)` caps the rate.
    static func cadence(_ timelineCall: FunctionCallExprSyntax) -> String {
        guard let schedule = timelineCall.arguments.first?.expression.as(FunctionCallExprSyntax.self),
              let interval = schedule.argument(labeled: "minimumInterval"), interval.expression.trimmedText != "nil"
        else { return "every frame" }
        return "on every tick (at most every `\(interval.expression.trimmedText)` s)"
    }

    static let trig: Set<String> = ["sin", "cos", "tan", "sinf", "cosf"]
    static let timeWords = ["date", "time", "elapsed", "now", "phase", "seconds"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        if callee == "TimelineView" {
            checkHelpers(of: call, in: context, report: &report)
            return
        }
        // Bare `sin(…)` or `Foundation.sin(…)`, not a method of the project's.
        guard Self.trigName(call) != nil,
              call.arguments.count == 1,
              let timeline = context.type(named: "TimelineView") == nil ? context.nearestContainer(in: ["TimelineView"]) : nil,
              let timelineCall = timeline.call, timelineCall.timelineScheduleName == "animation"
        else { return }
        if Self.isNotAPeriodicEffect(timeline.closure, in: context) { return }
        let parameters = timeline.closure.parameterNames.filter { $0 != "_" }
        // A container rule reports on the container's call: once per `TimelineView`, from
        // its first trigonometric call of the date, however many its content has.
        guard Self.readsTime(call, parameters: parameters),
              let first = timeline.closure.containedCalls(named: Self.trig).first(where: { Self.trigName($0) != nil && $0.arguments.count == 1 && Self.readsTime($0, parameters: parameters) }),
              first.id == call.id
        else { return }
        report.append(Finding(
            message: "This `TimelineView(.animation)` re-runs its content \(Self.cadence(timelineCall)) to compute `\(callee)` of the timeline date; for a periodic effect use `.phaseAnimator`",
            range: timelineCall.rangeThroughArguments))
    }

    /// `TimelineView(.animation) { tl in … wave(t) … }` with no trigonometry of its own, where a helper
    /// it passes the time to (`normalizedSin(t * 0.08)`, in any file) computes `sin`/`cos`: asked of the
    /// workspace model, reported on the `TimelineView` once, naming the helper.
    private func checkHelpers(of timelineCall: FunctionCallExprSyntax, in context: RuleContext, report: inout [Finding]) {
        guard context.execution == .render, timelineCall.timelineScheduleName == "animation", context.type(named: "TimelineView") == nil,
              let closure = timelineCall.trailingClosure ?? timelineCall.arguments.last?.expression.as(ClosureExprSyntax.self)
        else { return }
        if Self.isNotAPeriodicEffect(closure, in: context) { return }
        let parameters = closure.parameterNames.filter { $0 != "_" }
        // The content's own trigonometry of the time is reported from that call.
        if closure.containedCalls(named: Self.trig).contains(where: { Self.trigName($0) != nil && $0.arguments.count == 1 && Self.readsTime($0, parameters: parameters) }) { return }
        for token in closure.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, !Self.trig.contains(name),
                  let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var callee = ExprSyntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { continue }
                callee = ExprSyntax(member)
            }
            guard let helper = callee.parent?.as(FunctionCallExprSyntax.self), helper.calledExpression.id == callee.id,
                  helper.arguments.contains(where: { Self.readsTime($0.expression, parameters: parameters) }),
                  let target = WorkspaceRuleSupport.reachTarget(of: callee, in: context),
                  let reached = context.reachedHazard(from: target, kinds: [.trigonometry])
            else { continue }
            report.append(Finding(
                message: "This `TimelineView(.animation)` re-runs its content \(Self.cadence(timelineCall)) to pass the timeline date to \(WorkspaceRuleSupport.reachPath(reached, from: context)), which computes `\(reached.hazard.detail)` of it; for a periodic effect use `.phaseAnimator`",
                range: timelineCall.rangeThroughArguments,
                related: [WorkspaceRuleSupport.related(reached, "`\(reached.hazard.member)` computes `\(reached.hazard.detail)` here")]))
            return
        }
    }

    /// The content draws a `Canvas` from the time (a particle system, physics: more than phases
    /// `.phaseAnimator` can state), or calls a closure the view holds (`meter()`) to sample a live
    /// value each frame, which is what the `TimelineView` is for.
    static func isNotAPeriodicEffect(_ content: ClosureExprSyntax, in context: RuleContext) -> Bool {
        // Several frequencies of the time combined into one value (`sin(t * 0.6) + sin(t * 1.3)`, also
        // through locals: `let sway = sin(t)`, `let gust = sin(t * 0.3)`, `sway + gust`): an organic
        // motion with no one period, which `.phaseAnimator`'s fixed phases cannot express.
        if combinesFrequencies(content) { return true }
        let closureProperties = Set((context.enclosingType?.properties ?? []).filter { $0.isStoredInstance && $0.holdsClosure }.map(\.name))
        return content.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
            if name == "Canvas", reference.parent?.is(FunctionCallExprSyntax.self) == true { return true }
            guard closureProperties.contains(name) else { return false }
            return reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id
        }
    }

    /// Some value of the content combines trigonometry of the time at two or more frequencies: one
    /// expression (a binding's initializer, a call's arguments, a statement) holds both, directly or
    /// through the locals it reads.
    static func combinesFrequencies(_ content: ClosureExprSyntax) -> Bool {
        let parameters = content.parameterNames
        var byPlace: [SyntaxIdentifier: (local: String?, frequencies: Set<String>)] = [:]
        for call in content.containedCalls(named: trig) {
            guard trigName(call) != nil, call.arguments.count == 1, readsTime(call, parameters: parameters),
                  let argument = call.arguments.first?.expression, let holder = valueHolding(call, within: content) else { continue }
            let local = holder.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            byPlace[holder.id, default: (local, [])].frequencies.insert(frequency(of: argument))
        }
        let byLocal = Dictionary(byPlace.values.compactMap { entry in entry.local.map { ($0, entry.frequencies) } }, uniquingKeysWith: { $0.union($1) })
        if byPlace.values.contains(where: { $0.frequencies.count > 1 }) { return true }
        guard byLocal.count > 1 else { return false }
        // A value reading two of those locals (`let total = sway + gust`, `.rotationEffect(.degrees(sway + gust))`).
        return content.statements.tokens(viewMode: .sourceAccurate).contains { token in
            guard let first = byLocal[token.text], token.parent?.is(DeclReferenceExprSyntax.self) == true,
                  let value = valueHolding(token, within: content)
            else { return false }
            return value.tokens(viewMode: .sourceAccurate).contains { other in
                other.text != token.text && other.parent?.is(DeclReferenceExprSyntax.self) == true
                    && byLocal[other.text].map { $0.union(first).count > 1 } == true
            }
        }
    }

    /// The binding, call or statement of `content` whose value `node` is part of.
    private static func valueHolding(_ node: some SyntaxProtocol, within content: ClosureExprSyntax) -> Syntax? {
        var node = node.parent
        while let current = node, current.id != content.id {
            if current.is(PatternBindingSyntax.self) || current.is(CodeBlockItemSyntax.self) { return current }
            // One call's arguments move one view together (`.offset(x: wobble, y: drift)`).
            if current.is(LabeledExprSyntax.self) { return current.parent?.parent ?? current }
            node = current.parent
        }
        return nil
    }

    /// The part of a trigonometric function's argument that sets its frequency: the text before a
    /// top-level `+`/`-` (`t * 0.6` of `t * 0.6 + phase`; a phase shift keeps the period).
    static func frequency(of argument: ExprSyntax) -> String {
        guard let sequence = argument.unwrapped.as(SequenceExprSyntax.self) else { return argument.trimmedText }
        var kept: [String] = []
        for element in sequence.elements {
            if let op = element.as(BinaryOperatorExprSyntax.self), ["+", "-"].contains(op.operator.text) { break }
            kept.append(element.trimmedText)
        }
        return kept.joined(separator: " ")
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
        return readsTime(argument, parameters: parameters)
    }

    static func readsTime(_ argument: ExprSyntax, parameters: [String]) -> Bool {
        argument.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            if parameters.contains(name) { return true }
            let lowered = name.lowercased()
            return lowered == "t" || timeWords.contains { lowered.contains($0) }
        }
    }
}
