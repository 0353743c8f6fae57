import GotchasCore
import SwiftSyntax

/// A `Button` already owns its tap gesture; `.onLongPressGesture` on it fights that
/// gesture on iOS, and the two callbacks fire in unpredictable order on release.
struct ButtonLongPressRule: CallRule {
    static let description = RuleDescription(
        id: "button-long-press",
        category: .navigation,
        severity: .warning,
        seed: "000 G5",
        summary: "`.onLongPressGesture` attached to a `Button` that has an action.",
        rationale: """
            A `Button` handles its own tap; a long-press gesture on it competes with that tap on iOS, so on \
            release the action and the long-press callback fire in unpredictable order. Build a custom view \
            with `.onTapGesture` plus `.onLongPressGesture`, or use `.contextMenu` / `Menu(primaryAction:)` \
            for a menu on long press.
            """,
        notFlagged: [
            "a `Button` with an empty action",
            "a long press that never fires (`minimumDuration: .infinity`) or does nothing",
            "a long press on the label's content",
            "a custom control type",
        ],
        severityReason: "taps are lost or counted twice.",
        useInstead: "a custom view with both gestures",
        triggering: [
            """
            struct Stepper: View {
                @Binding var value: Int
                var body: some View {
                    Button("+") { value += 1 }
                        ↓.onLongPressGesture { value += 10 }
                }
            }
            """,
            """
            struct Repeat: View {
                var body: some View {
                    HStack {
                        Button {
                            tap()
                        } label: {
                            Image(systemName: "plus")
                        }
                        .buttonStyle(.plain)
                        .padding()
                        ↓.onLongPressGesture(minimumDuration: 0.5, perform: startRepeating)
                    }
                }
            }
            """,
            """
            struct Cell: View {
                var body: some View {
                    ForEach(items) { item in
                        if item.enabled {
                            Button(action: { select(item) }) { Text(item.name) }↓.onLongPressGesture(perform: { edit(item) })
                        }
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                Button("Play") { play() }
                    .onLongPressGesture(minimumDuration: .infinity) {} onPressingChanged: { isPressed = $0 }
                """, note: "a long press that never fires (`minimumDuration: .infinity`), there only to read the press state"),
            RuleExample("""
                struct Tile: View {
                    var body: some View {
                        Image(systemName: "star")
                            .onTapGesture { tap() }
                            .onLongPressGesture { hold() }
                    }
                }
                """, note: "a custom view with both gestures"),
            RuleExample("""
                struct Tile: View {
                    var body: some View {
                        Button { tap() } label: {
                            Text("Hold").onLongPressGesture { hold() }
                        }
                    }
                }
                """, note: "the long press is on the label's content, not on the Button"),
            RuleExample("""
                struct Tile: View {
                    var body: some View {
                        Button("Hold") { tap() }
                            .simultaneousGesture(LongPressGesture().onEnded { _ in hold() })
                            .contextMenu { Button("Delete") { delete() } }
                    }
                }
                """, note: "other ways to add a secondary action"),
            RuleExample("""
                struct Tile: View {
                    var body: some View {
                        MyButton("Hold").onLongPressGesture { hold() }
                    }
                }
                """, note: "a custom control type"),
            RuleExample("""
                struct HoldToUnlock: View {
                    var body: some View {
                        Button("Hold to unlock") {}
                            .buttonStyle(ProgressButtonStyle(progress: progress))
                            .onLongPressGesture(minimumDuration: 0) {} onPressingChanged: { pressing = $0 }
                        Button(action: {}) { Text("Hold") }.onLongPressGesture { hold() }
                    }
                }
                """, note: "a `Button` whose action is empty, used only for its style: no tap competes with the long press"),
        ])

    static let calledNames: Set<String> = ["onLongPressGesture"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.modifierReceiver != nil,
              let button = Self.modifiedView(of: call),
              button.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Button",
              // `Button("Hold") {}` used only for its style has no tap of its own to compete with.
              !Self.hasEmptyAction(button),
              // `minimumDuration: .infinity`: a long press that never fires, there only for its
              // `onPressingChanged:` (reading the press state); nothing competes.
              call.argument(labeled: "minimumDuration")?.expression.trimmedText.hasSuffix("infinity") != true,
              // `onLongPressGesture(perform: {}, onPressingChanged: …)`: nothing fires on the long press.
              !Self.performsNothing(call)
        else { return }
        report.append(Finding(
            message: "`.onLongPressGesture` on a `Button` competes with the button's own tap, so tap and long press fire unpredictably on release; use a custom view with `.onTapGesture` + `.onLongPressGesture`",
            range: call.rangeFromCalleeName))
    }

    /// The long press's action is written and empty.
    static func performsNothing(_ call: FunctionCallExprSyntax) -> Bool {
        let perform = call.argument(labeled: "perform")?.expression.as(ClosureExprSyntax.self)
            ?? (call.argument(labeled: "onPressingChanged") == nil ? call.trailingClosure : nil)
        return perform?.statements.isEmpty == true
    }

    /// The call at the bottom of the modifier chain `call` ends.
    static func modifiedView(of call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        var current = ExprSyntax(call)
        while let modifier = current.as(FunctionCallExprSyntax.self), let member = modifier.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            current = base.unwrapped
        }
        return current.as(FunctionCallExprSyntax.self)
    }

    /// The action closure is written and empty: `Button("t") {}`, `Button {} label: { … }`,
    /// `Button(action: {}) { … }`. A named function as the action is not judged empty.
    static func hasEmptyAction(_ button: FunctionCallExprSyntax) -> Bool {
        let action: ClosureExprSyntax?
        if let labeled = button.argument(labeled: "action") {
            action = labeled.expression.as(ClosureExprSyntax.self)
        } else {
            action = button.trailingClosure
        }
        guard let action else { return false }
        return action.statements.isEmpty
    }
}
