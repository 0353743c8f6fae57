import GotchasCore
import SwiftSyntax

/// A countdown hand-rolled from a ticking schedule and date math; `Text(date, style:)`
/// updates itself.
struct ManualCountdownRule: CallRule {
    static let description = RuleDescription(
        id: "manual-countdown",
        category: .symbols,
        severity: .info,
        seed: "000, S1",
        summary: "A periodic `TimelineView` or `Timer.publish` ticker whose content formats a date difference into `Text`.",
        rationale: """
            Re-rendering every second or minute to format `deadline.timeIntervalSince(now)` into a `Text` is \
            plumbing SwiftUI already ships. `Text(deadline, style: .relative)`, `.timer` and `.offset` \
            update themselves with no schedule, no formatter and no body runs, and `Text(timerInterval:)` \
            counts down a range.
            """,
        notFlagged: [
            "a `TimelineView` without date math (a clock)",
            "an animation schedule",
            "date math with nothing ticking, or in an action",
        ],
        severityReason: "a self-updating text replaces the ticker.",
        asks: [.declaration, .reachedHazard],
        useInstead: "the recommended shape",
        // https://developer.apple.com/documentation/swiftui/text/init(_:style:).md (iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1)
        requires: .os(iOS: OSVersion(14), macOS: OSVersion(11), tvOS: OSVersion(14), watchOS: OSVersion(7)),
        triggers: ["TimelineView", "Timer.publish", "onReceive"],
        triggering: [
            RuleExample("""
                struct RefreshStamp: View {
                    let lastRefresh: Date
                    var body: some View {
                        ↓TimelineView(.periodic(from: lastRefresh, by: 1)) { _ in
                            Text("Updated \\(formatRelativeTime(lastRefresh))")
                        }
                    }
                }
                """, note: "the function (in another file) formats the difference with a relative-date formatter", otherFiles: [
                    "Dates.swift": """
                        func formatRelativeTime(_ date: Date) -> String {
                            let formatter = RelativeDateTimeFormatter()
                            return formatter.localizedString(for: date, relativeTo: Date())
                        }
                        """,
                ]),
            RuleExample("""
                @available(iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1, *)
                struct AvailableExample: View {
                    var body: some View {
                        ↓TimelineView(.periodic(from: .now, by: 60)) { context in
                            Text("Locks in \\(format(lockDate.timeIntervalSince(context.date)))")
                                .font(.caption)
                        }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(13)]),
            """
            var body: some View {
                ↓TimelineView(.periodic(from: .now, by: 60)) { context in
                    Text("Locks in \\(format(lockDate.timeIntervalSince(context.date)))")
                        .font(.caption)
                }
            }
            """,
            """
            struct Countdown: View {
                let end: Date
                var body: some View {
                    ↓TimelineView(.everyMinute) { context in
                        HStack {
                            Image(systemName: "clock")
                            Text(formatter.string(from: context.date, to: end) ?? "")
                            Text("\\(Int(end.timeIntervalSince(context.date))) s")
                        }
                    }
                }
                private let formatter = DateComponentsFormatter()
            }
            """,
            """
            struct Countdown: View {
                @State private var now = Date()
                private let timer = ↓Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                var body: some View {
                    Text("\\(Int(end.timeIntervalSinceNow)) s left")
                        .onReceive(timer) { now = $0 }
                }
            }
            """,
            """
            struct Countdown: View {
                let timer = ↓Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                @State private var now = Date.now
            }
            extension Countdown {
                var body: some View {
                    let parts = Calendar.current.dateComponents([.minute, .second], from: now, to: end)
                    return Text(String(format: "%02d:%02d", parts.minute ?? 0, parts.second ?? 0)).onReceive(timer) { now = $0 }
                }
            }
            """,
            RuleExample("""
                struct Details: View {
                    @Environment(AppState.self) var app
                    @State private var secondsSinceConnection = 0
                    var body: some View {
                        Text("\\(secondsSinceConnection) s")
                            ↓.onReceive(app.timer) { _ in
                                if let device = app.device {
                                    secondsSinceConnection = Int(Date().timeIntervalSince(device.lastConnection))
                                } else {
                                    secondsSinceConnection = 1
                                }
                            }
                    }
                }
                """, note: "the timer is a model's property, in another file", otherFiles: [
                    "AppState.swift": """
                        @Observable final class AppState {
                            var device: Device?
                            let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                        }
                        """,
                ]),
        ],
        nonTriggering: [
            RuleExample("""
                struct AnimatedEllipsis: View {
                    var body: some View {
                        TimelineView(.periodic(from: .now, by: 0.45)) { context in
                            let step = Int(context.date.timeIntervalSinceReferenceDate / 0.45) % 3 + 1
                            Text(String(repeating: ".", count: step))
                        }
                    }
                }
                """, note: "an animation's phase from one date's position, not the time between two dates"),
            RuleExample("""
                struct Bolus: View {
                    @State private var code = ""
                    @State private var isExpired = false
                    private let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                    var body: some View {
                        Text(code)
                            .onReceive(timer) { _ in
                                code = otp.currentCode()
                                isExpired = Date().timeIntervalSince(otp.issued) > 30
                            }
                    }
                }
                """, note: "the timer drives other state too: a self-updating text cannot replace it"),
            RuleExample("""
                struct Clock: View {
                    var body: some View {
                        TimelineView(.periodic(from: .now, by: 1)) { context in
                            Text(clockString(context.date))
                        }
                    }
                }
                """, note: "a helper that formats the time itself: a clock, not a difference", otherFiles: [
                    "Dates.swift": """
                        func clockString(_ date: Date) -> String {
                            let formatter = DateFormatter()
                            formatter.timeStyle = .medium
                            return formatter.string(from: date)
                        }
                        """,
                ]),
            RuleExample("""
                var body: some View {
                    TimelineView(.periodic(from: .now, by: 60)) { context in
                        Text("Locks in \\(format(lockDate.timeIntervalSince(context.date)))")
                            .font(.caption)
                    }
                }
                """, note: "deployment target iOS 13: what the advice needs does not exist there", platforms: [.iOS: OSVersion(13)]),
            RuleExample("Text(end, style: .relative)", note: "the recommended shape"),
            RuleExample("""
                TimelineView(.periodic(from: .now, by: 1)) { context in
                    Text(context.date, format: .dateTime.hour().minute().second())
                }
                """, note: "TimelineView without date math: a clock"),
            RuleExample("""
                TimelineView(.animation) { context in
                    Text("\\(context.date.timeIntervalSince(start))")
                }
                """, note: "an animation schedule: a stopwatch drawn every frame is not this rule"),
            RuleExample("""
                struct Age: View {
                    var body: some View { Text("\\(Int(-created.timeIntervalSinceNow / 86400)) days ago") }
                }
                """, note: "date math with nothing ticking: a value computed once per render"),
            RuleExample("""
                struct Countdown: View {
                    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                    var body: some View {
                        Button("Go") { print(end.timeIntervalSinceNow) }
                    }
                }
                """, note: "date math in an action, not in Text"),
        ])

    static let calledNames: Set<String> = ["Text", "onReceive"]
    /// A body in an extension looks for the timer in the extended struct's declaration.
    static let readsOtherDeclarations = true

    /// Text in an argument that means "the difference between two dates".
    static let dateDifferenceMarkers = [
        "timeIntervalSince", "dateComponents(", "DateComponentsFormatter", "distance(to:",
    ]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        if callee == "onReceive" {
            if let state = Self.timerOnlyStoresADateDifference(call, in: context) {
                report.append(Finding(
                    message: "Hand-rolled countdown: this timer re-renders the view on every tick only to store a date difference in `\(state)` "
                        + "for `Text`; `Text(date, style: .relative)` (or `.timer`, `.offset`) updates itself",
                    range: call.rangeFromCalleeName))
            }
            return
        }
        guard context.execution == .render || context.innermostContainer != nil else { return }
        let inline = Self.formatsDateDifference(call)
        // A container rule reports on the container's call — the `TimelineView`, or the
        // `Timer.publish` the view ticks with — once, from the first countdown `Text` in it.
        let site: Range<Int>
        var helper: ReachedHazard?
        // A project's own `TimelineView` (asked only inside one: few files use it) is not SwiftUI's.
        if let timeline = context.nearestContainer(in: ["TimelineView"]), !context.typeFact(.isDeclared, of: "TimelineView") {
            let schedule = timeline.call?.timelineScheduleName
            guard schedule == "periodic" || schedule == "everyMinute", let timelineCall = timeline.call else { return }
            // In a ticking timeline, a `Text` may format the difference one call away:
            // `Text("Updated \(formatRelativeTime(date))")` with a helper building a relative-date formatter.
            if !inline {
                helper = Self.relativeFormatterReached(from: call, in: context)
                guard helper != nil else { return }
            }
            guard timeline.closure.containedCalls(named: ["Text"]).first(where: {
                Self.formatsDateDifference($0) || ($0.id == call.id ? helper != nil : Self.relativeFormatterReached(from: $0, in: context) != nil)
            })?.id == call.id
            else { return }
            site = timelineCall.rangeThroughArguments
        } else {
            guard inline else { return }
            guard let timer = Self.enclosingTypeTimer(call),
                  let member = call.ancestor(MemberBlockItemSyntax.self),
                  member.containedCalls(named: ["Text"]).first(where: Self.formatsDateDifference)?.id == call.id
            else { return }
            site = timer.byteRange
        }
        if let helper {
            report.append(Finding(
                message: "Hand-rolled countdown: this ticking schedule re-renders the view so that \(WorkspaceRuleSupport.reachPath(helper, from: context)) formats a date difference (`\(helper.hazard.detail)`) into `Text`; `Text(date, style: .relative)` (or `.timer`, `.offset`) updates itself",
                range: site, related: [WorkspaceRuleSupport.related(helper, "`\(helper.hazard.member)` formats the difference here")]))
            return
        }
        report.append(Finding(
            message: "Hand-rolled countdown: this ticking schedule re-renders the view to format a date difference into `Text`; `Text(date, style: .relative)` (or `.timer`, `.offset`) updates itself",
            range: site))
    }

    /// Formatters whose output is the difference between two dates.
    /// `.onReceive(app.timer) { _ in elapsed = Int(Date().timeIntervalSince(start)) }`: the publisher
    /// is a timer (`Timer.publish` here, or a property of the view or of a model it holds whose
    /// value is an autoconnected publisher, in any file), and every statement of the handler stores
    /// a date difference (or a constant) in one `@State` of the view; that state's name, else nil.
    static func timerOnlyStoresADateDifference(_ call: FunctionCallExprSyntax, in context: RuleContext) -> String? {
        guard context.execution == .render, let view = context.enclosingType,
              let publisher = call.arguments.first?.expression, call.arguments.count <= 2,
              let handler = call.trailingClosure ?? call.arguments.dropFirst().first?.expression.as(ClosureExprSyntax.self),
              dateDifferenceMarkers.contains(where: handler.statements.trimmedDescription.contains),
              WorkspaceRuleSupport.isTimerPublisher(publisher, in: context)
        else { return nil }
        var stored: Set<String> = []
        func collect(_ items: CodeBlockItemListSyntax) -> Bool {
            items.allSatisfy { item in
                if let (target, _) = item.assignment {
                    guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text ?? target.selfMemberName else { return false }
                    stored.insert(name)
                    return true
                }
                if let branch = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? item.item.as(IfExprSyntax.self) {
                    guard collect(branch.body.statements) else { return false }
                    guard let other = branch.elseBody else { return true }
                    if let block = other.as(CodeBlockSyntax.self) { return collect(block.statements) }
                    guard let inner = other.as(IfExprSyntax.self) else { return false }
                    return collect(CodeBlockItemListSyntax([CodeBlockItemSyntax(item: .expr(ExprSyntax(inner)))]))
                }
                return false
            }
        }
        guard collect(handler.statements), stored.count == 1, let name = stored.first,
              view.property(named: name)?.wrapper == "State"
        else { return nil }
        return name
    }

    static let relativeFormatters: Set<String> = ["RelativeDateTimeFormatter", "DateComponentsFormatter"]

    /// A call in the `Text`'s arguments (`formatRelativeTime(date)`, `self.ago(date)`) whose code, in
    /// any file, builds a relative-date formatter: asked of the workspace model.
    static func relativeFormatterReached(from text: FunctionCallExprSyntax, in context: RuleContext) -> ReachedHazard? {
        guard text.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Text", text.argument(labeled: "style") == nil else { return nil }
        for token in text.arguments.tokens(viewMode: .sourceAccurate) {
            guard case .identifier = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var callee = ExprSyntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { callee = ExprSyntax(member) }
            guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id,
                  let target = WorkspaceRuleSupport.reachTarget(of: callee, in: context),
                  let reached = context.reachedHazard(from: target, kinds: [.formatter]),
                  relativeFormatters.contains(reached.hazard.detail)
            else { continue }
            return reached
        }
        return nil
    }

    /// `Text(…)` (not `Text(_:style:)`) whose arguments, or the `let`s they name in the
    /// blocks around it, compute the difference between two dates.
    static func formatsDateDifference(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Text",
              !call.arguments.isEmpty, call.argument(labeled: "style") == nil
        else { return false }
        var mathText = call.arguments.trimmedText
        // `Text(label)` where `let label = …` does the math above it, in this block or an
        // enclosing one up to the declaration (the TimelineView closure, the body getter).
        var ancestor = call.parent
        let namesUsed = Set(call.arguments.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            if case .identifier(let name) = token.tokenKind { return name }
            return nil
        })
        while let current = ancestor, !current.is(MemberBlockItemSyntax.self), !current.is(SourceFileSyntax.self) {
            ancestor = current.parent
            guard let block = current.as(CodeBlockItemListSyntax.self) else { continue }
            for item in block {
                guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let value = binding.initializer?.value,
                          namesUsed.contains(name) else { continue }
                    mathText += " " + value.trimmedText
                }
            }
        }
        // `date.timeIntervalSinceReferenceDate`, `timeIntervalSince1970`: one date's position on a fixed
        // scale (the phase of an animation, `% 3` dots), not the time between two dates.
        mathText = mathText.replacing("timeIntervalSinceReferenceDate", with: "").replacing("timeIntervalSince1970", with: "")
        if dateDifferenceMarkers.contains(where: { mathText.contains($0) }) { return true }
        return mathText.contains("string(from:") && mathText.contains(" to:")
    }

    /// The `Timer.publish(every:…)` ticker the view type around the call declares.
    private static func enclosingTypeTimer(_ call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        var node = call.parent
        while let current = node {
            if let group = current.asProtocol(DeclGroupSyntax.self) {
                if let timer = timer(in: group.memberBlock) { return timer }
                // The body may sit in an extension while the timer is in the struct.
                if let ext = current.as(ExtensionDeclSyntax.self), let file = ext.parent?.parent?.parent?.as(SourceFileSyntax.self) {
                    let name = ext.extendedType.trimmedText
                    for item in file.statements {
                        if let decl = item.item.as(StructDeclSyntax.self), decl.name.text == name, let timer = timer(in: decl.memberBlock) { return timer }
                    }
                }
                return nil
            }
            node = current.parent
        }
        return nil
    }

    private static func timer(in members: MemberBlockSyntax) -> FunctionCallExprSyntax? {
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let publish = binding.initializer?.value.containedCalls(named: ["publish"]).first(where: {
                    $0.calledExpression.trimmedText == "Timer.publish"
                }) {
                    return publish
                }
            }
        }
        return nil
    }
}
