import GotchasCore
import SwiftSyntax

/// A widget is rendered from a snapshot: `Text(Date.now)` shows the moment the
/// view was rendered and never ticks.
struct WidgetDateNowTextRule: CallRule {
    static let description = RuleDescription(
        id: "widget-date-now-text",
        category: .widgets,
        severity: .warning,
        seed: "000 W2",
        summary: "`Date()`/`Date.now` rendered as static `Text` in a widget view.",
        rationale: """
            WidgetKit renders a widget's view once per timeline entry and shows that snapshot, possibly for \
            hours. `Text(Date.now, format: …)` freezes at render time. Use the system-updated styles \
            (`Text(date, style: .relative)`, `.timer`, `.offset`, `Text(timerInterval:)`) or emit one entry \
            per state with the date it should appear.
            """,
        notFlagged: [
            "system-updated text styles",
            "the entry's date",
            "a date property every caller passes",
            "app code",
        ],
        severityReason: "the widget shows a stale time.",
        asks: [.initializerLabels, .reachedHazard],
        useInstead: "system-updated text styles",
        triggers: ["Date()", "Date.now", ".now", "WidgetKit"],
        triggering: [
            """
            import WidgetKit
            import SwiftUI
            struct ClockView: View {
                var body: some View {
                    VStack {
                        ↓Text(Date.now, format: .dateTime.hour().minute())
                        ↓Text("Updated \\(Date().formatted(date: .omitted, time: .shortened))")
                        ↓Text(Date().formatted(date: .omitted, time: .shortened))
                    }
                }
            }
            """,
            """
            import WidgetKit
            struct Row: View {
                let entry: Entry
                var body: some View { ↓Text(.now, format: .dateTime) }
            }
            """,
            """
            import WidgetKit
            import SwiftUI
            struct Header: View {
                var updated = Date()
                var body: some View { ↓Text(updated, format: .dateTime.hour().minute()) }
            }
            struct EntryView: View {
                let entry: Entry
                var body: some View { Header() }
            }
            """,
            RuleExample("""
                import WidgetKit
                import SwiftUI
                struct RecentView: View {
                    let entry: Entry
                    var body: some View {
                        ForEach(Event.groupedByAge(entry.events), id: \\.label) { group in
                            ↓Text(group.label)
                        }
                    }
                }
                """, note: "one call away, in another file: the rows' labels are written relative to now",
                otherFiles: ["Event.swift": """
                    struct Event { let date: Date }
                    struct EventGroup { let label: String; var events: [Event] }
                    extension Event {
                        static func groupedByAge(_ events: [Event]) -> [EventGroup] {
                            events.map { EventGroup(label: $0.date.formatted(.relative(presentation: .named)), events: [$0]) }
                        }
                    }
                    """]),
        ],
        nonTriggering: [
            RuleExample("""
                import WidgetKit
                import SwiftUI
                struct RecentView: View {
                    let entry: Entry
                    var body: some View { Text(Event.label(for: entry.date, at: entry.date)) }
                }
                """, note: "a date written relative to the entry's date, not to now",
                otherFiles: ["Event.swift": """
                    enum Event {
                        static func label(for date: Date, at reference: Date) -> String {
                            RelativeDateTimeFormatter().localizedString(for: date, relativeTo: reference)
                        }
                    }
                    """]),
            RuleExample("""
                import SwiftUI
                import WidgetKit
                struct DeviceRow: View {
                    let entry: DeviceEntry
                    var body: some View {
                        Text("\\((Date().timeIntervalSince1970 - entry.updated) / 60 > 10 ? "⚠︎ " : "")\\(entry.name)")
                    }
                }
                struct DeviceEntry: TimelineEntry { let date: Date; let updated: Double; let name: String }
                """, note: "the current date only decides which mark shows; no date is shown"),
            RuleExample("""
                import SwiftUI
                import WidgetKit
                struct DevicesPopover: View {
                    let updated: Double
                    var body: some View {
                        Text("\\(Int((Date().timeIntervalSince1970 - updated) / 60)) mins ago")
                            .onAppear { WidgetCenter.shared.reloadAllTimelines() }
                    }
                }
                """, note: "an app's view that imports WidgetKit only to reload the widgets' timelines"),
            RuleExample("""
                import WidgetKit
                struct ClockView: View {
                    let entry: Entry
                    var body: some View {
                        Text(entry.date, style: .relative)
                        Text(Date.now, style: .timer)
                        Text(timerInterval: Date.now...entry.end)
                        Text("Updated \\(Date.now, style: .relative) ago")
                    }
                }
                """, note: "system-updated text styles"),
            RuleExample("""
                import SwiftUI
                struct ClockView: View {
                    var body: some View { Text(Date.now, format: .dateTime) }
                }
                """, note: "not a widget file"),
            RuleExample("""
                import WidgetKit
                struct Provider: TimelineProvider {
                    func placeholder(in context: Context) -> Entry { Entry(date: Date()) }
                    func label() -> Text { Text("now") }
                }
                """, note: "entry dates in the provider, and `now` in a string"),
            RuleExample("""
                import WidgetKit
                struct ClockView: View {
                    let entry: Entry
                    var body: some View { Text(entry.date, format: .dateTime) }
                }
                """, note: "the entry's date"),
            RuleExample("""
                import WidgetKit
                import SwiftUI
                struct Header: View {
                    var updated = Date()
                    var body: some View { Text(updated, format: .dateTime.hour().minute()) }
                }
                struct EntryView: View {
                    let entry: Entry
                    var body: some View { Header(updated: entry.date) }
                }
                """, note: "a default every caller replaces with the entry's date"),
        ])

    static let calledNames: Set<String> = ["Text"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self),
              WorkspaceRuleSupport.isWidgetViewFile(context), context.enclosingView != nil, context.isInRenderPath,
              call.argument(labeled: "style") == nil, call.argument(labeled: "timerInterval") == nil,
              let first = call.arguments.first, first.label == nil
        else { return }
        let advice = "use `Text(date, style: .relative/.timer/.time)` or one timeline entry per state"
        if Self.readsCurrentDate(first.expression) {
            report.append(Finding(message: "the widget shows this date as of when the snapshot was rendered and never updates it; " + advice,
                                  range: call.byteRange))
        } else if let name = Self.propertyDefaultingToNow(read: first.expression, in: context) {
            report.append(Finding(
                message: "`\(name)` is the current date when the view is made (its default, which no caller replaces): the widget shows it "
                    + "as of when the snapshot was rendered and never updates it; pass the entry's date, or " + advice,
                range: call.byteRange))
        } else if let target = Self.textSource(first.expression, in: context) {
            // "2 minutes ago" made one call away (a helper, the model that groups the entry's items):
            // the text is relative to when the snapshot was rendered.
            let range: Range<Int> = call.byteRange
            context.decideLater { asking in
                guard let reached = asking.reachedHazard(from: target, kinds: [.relativeToNow]) else { return [] }
                return [Finding(
                    message: "\(WorkspaceRuleSupport.reachPath(reached, from: asking)) writes a date relative to now (`\(reached.hazard.detail)`): "
                        + "the widget shows it as of when the snapshot was rendered and never updates it; " + advice,
                    range: range,
                    related: [WorkspaceRuleSupport.related(reached, "`\(reached.hazard.member)` writes the date relative to now here")])]
            }
        }
    }

    /// What the text's value comes from, as a reach question: a call (`relativeLabel(for: entry.date)`),
    /// a member read (`entry.ago`), or the member of a row whose rows a call makes
    /// (`ForEach(Event.grouped(entry.events)) { group in Text(group.relativeDate) }`: that call).
    static func textSource(_ expression: ExprSyntax, in context: RuleContext) -> ReachTarget? {
        var value = expression.unwrapped
        // A row's element: the call its rows come from.
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
           let data = Syntax(value).rowData(ofParameter: base.baseName.text)?.unwrapped {
            value = data
        }
        if let call = value.as(FunctionCallExprSyntax.self) {
            return WorkspaceRuleSupport.reachTarget(of: call.calledExpression, in: context)
        }
        return WorkspaceRuleSupport.reachTarget(of: value, in: context)
    }

    /// `Text(date, format: …)` in `struct Header: View { var date = Date() … }`: a stored property of
    /// the view read bare (or through `self`) whose initial value is the current date, and that
    /// nothing replaces — a `let`, or a `var` of a memberwise initializer no app caller passes
    /// (asks `initializerLabels`; unknown callers: not flagged). Returns its name.
    static func propertyDefaultingToNow(read expression: ExprSyntax, in context: RuleContext) -> String? {
        guard let view = context.enclosingView else { return nil }
        let names = Set(expression.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            guard case .identifier(let name) = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
            // `entry.date` names the entry's member, not the view's `date`; `self.date` is the view's.
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
               member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self) { return nil }
            return name
        })
        for name in names.sorted() {
            guard let (variable, binding) = WorkspaceRuleSupport.instanceBinding(named: name, around: Syntax(expression)),
                  binding.accessorBlock == nil, let value = binding.initializer?.value, readsCurrentDate(value)
            else { continue }
            if variable.bindingSpecifier.tokenKind == .keyword(.let) { return name }
            if !view.declaresInitializer,
               let passed = context.initializerLabels(passedTo: FileIndex.appCallersKey(of: view.name)), !passed.contains(name) {
                return name
            }
        }
        return nil
    }

    /// `Date()`, `Date.now`, `.now` as the value or anywhere in an interpolation/formatting chain.
    static func readsCurrentDate(_ expression: ExprSyntax) -> Bool {
        if expression.readsNow { return true }
        let tokens = Array(expression.tokens(viewMode: .sourceAccurate))
        // `Text("\(date, style: .relative)")` is the live template too.
        if tokens.indices.contains(where: { tokens[$0].text == "style" && $0 + 1 < tokens.count && tokens[$0 + 1].text == ":" }) {
            return false
        }
        for (index, token) in tokens.enumerated() where token.text == "Date" {
            guard index + 2 < tokens.count else { continue }
            let reads = (tokens[index + 1].text == "(" && tokens[index + 2].text == ")") || (tokens[index + 1].text == "." && tokens[index + 2].text == "now")
            // `(Date() - updated) / 60 > 10 ? "⚠︎ " : ""`: the date only decides which constant shows.
            if reads, !Self.onlyDecides(token, within: expression) { return true }
        }
        return false
    }

    /// The token stands in a comparison (`… > 10`) that is the condition of a `?:` inside `outer`:
    /// what shows is one of the branches, not the date.
    static func onlyDecides(_ token: TokenSyntax, within outer: ExprSyntax) -> Bool {
        var node = Syntax(token)
        while let parent = node.parent, node.id != outer.id {
            if let list = parent.as(ExprListSyntax.self), parent.parent?.is(SequenceExprSyntax.self) == true,
               let position = list.firstIndex(where: { $0.id == node.id }) {
                let elements = Array(list)
                let index = list.distance(from: list.startIndex, to: position)
                // Before the `? :` of this sequence, with a comparison operator at this level.
                if let ternary = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), index < ternary,
                   elements[..<ternary].contains(where: { $0.as(BinaryOperatorExprSyntax.self).map { UIScreenBoundsRule.comparisons.contains($0.operator.text) } == true }) {
                    return true
                }
            }
            node = parent
        }
        return false
    }
}
