import GotchasCore
import SwiftSyntax

/// `Text(_, style: .timer)` is cheap only as a system overlay. Hidden copies, and
/// several copies in an interactive widget, make the widget re-render ~25 times a second.
struct WidgetTimerTextRule: CallRule {
    static let description = RuleDescription(
        id: "widget-timer-text",
        category: .widgets,
        severity: .warning,
        seed: "000 W8",
        summary: "`Text(_, style: .timer)` in a mask or hidden layer, or several timer texts in a widget with `Button(intent:)`.",
        rationale: """
            Once a widget has a `Button(intent:)` it renders as a live view: every `Text(_, style: .timer)` \
            re-evaluates the body about 25 times a second and re-prepares every intent button. A timer text \
            in a `.mask` or hidden layer costs the same and shows nothing. Share one timer label, never hide \
            one, and use `.time` when seconds are not needed.
            """,
        notFlagged: [
            "a single timer text",
            "several timers in a non-interactive widget",
            "app code",
        ],
        severityReason: "wasted rendering budget.",
        useInstead: "a single timer text",
        triggers: [".timer"],
        triggering: [
            """
            import WidgetKit
            struct CountdownView: View {
                let entry: Entry
                var body: some View {
                    Color.blue.mask {
                        ↓Text(entry.end, style: .timer).font(.largeTitle)
                    }
                    ↓Text(entry.end, style: .timer).hidden()
                }
            }
            """,
            """
            import WidgetKit
            struct TimersView: View {
                let entry: Entry
                var body: some View {
                    VStack {
                        ↓Text(entry.start, style: .timer)
                        ↓Text(entry.end, style: .timer)
                        Button(intent: PauseIntent()) { Image(systemName: "pause") }
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                import WidgetKit
                struct TimersView: View {
                    let entry: Entry
                    var body: some View {
                        // Text(entry.end, style: .timer).hidden()
                        Text("style: .timer")
                        Text(entry.end, style: .timer)
                        Button(intent: PauseIntent()) { Text("Pause") }
                    }
                }
                """, note: "a comment and a string next to one timer"),
            RuleExample("""
                import WidgetKit
                struct CountdownView: View {
                    let entry: Entry
                    var body: some View {
                        Text(entry.end, style: .timer)
                        Button(intent: PauseIntent()) { Image(systemName: "pause") }
                    }
                }
                """, note: "a single timer text"),
            RuleExample("""
                import WidgetKit
                struct TimersView: View {
                    let entry: Entry
                    var body: some View {
                        Text(entry.start, style: .timer)
                        Text(entry.end, style: .timer)
                        Text(entry.end, style: .time)
                    }
                }
                """, note: "several timers in a static (non-interactive) widget"),
            RuleExample("""
                import SwiftUI
                struct CountdownView: View {
                    var body: some View { Color.blue.mask { Text(end, style: .timer) } }
                }
                """, note: "app code"),
        ])

    static let calledNames: Set<String> = ["Text"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self),
              call.argument(labeled: "style")?.expression.trimmedText == ".timer",
              WorkspaceRuleSupport.isWidgetViewFile(context), context.enclosingView != nil
        else { return }
        if context.isInside(["mask"]) || Self.isHidden(call) {
            report.append(Finding(
                message: "a timer text in a mask or hidden layer still re-renders the widget ~25 times a second and shows nothing; remove it or use a static `Text(date, style: .time)`",
                range: call.byteRange))
            return
        }
        guard let owner = Self.outermostTypeDecl(of: Syntax(call)) else { return }
        let tokens = Array(owner.tokens(viewMode: .sourceAccurate))
        var timers = 0
        var hasIntentControl = false
        for index in tokens.indices where index + 1 < tokens.count && tokens[index + 1].text == ":" {
            if tokens[index].text == "intent" { hasIntentControl = true }
            if tokens[index].text == "style", index + 3 < tokens.count, tokens[index + 2].text == ".", tokens[index + 3].text == "timer" {
                timers += 1
            }
        }
        guard hasIntentControl, timers >= 2 else { return }
        report.append(Finding(
            message: "\(timers) timer texts in an interactive widget (it has `Button(intent:)`): each drives ~25 Hz re-renders that re-prepare every intent button; share one timer label or use `Text(date, style: .time)`",
            range: call.byteRange))
    }

    /// `.hidden()` or `.opacity(0)` applied to the text's own modifier chain.
    static func isHidden(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call)
        while let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
              let outer = member.parent?.as(FunctionCallExprSyntax.self) {
            let name = member.declName.baseName.text
            if name == "hidden" { return true }
            if name == "opacity", let value = outer.arguments.first?.expression.trimmedText, value == "0" || value == "0.0" { return true }
            current = Syntax(outer)
        }
        return false
    }

    static func outermostTypeDecl(of node: Syntax) -> Syntax? {
        var result: Syntax?
        var current = node.parent
        while let parent = current {
            if parent.is(StructDeclSyntax.self) || parent.is(ClassDeclSyntax.self) || parent.is(ExtensionDeclSyntax.self) || parent.is(EnumDeclSyntax.self) {
                result = parent
            }
            current = parent.parent
        }
        return result
    }
}
