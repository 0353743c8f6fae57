import GotchasCore
import SwiftSyntax

/// `.equatable()` wraps the view in `EquatableView`, which hides a `layoutPriority`
/// applied inside it from the enclosing stack.
struct EquatableWithLayoutPriorityRule: CallRule {
    static let description = RuleDescription(
        id: "equatable-with-layout-priority",
        category: .state,
        severity: .warning,
        seed: "003 r12",
        summary: "`.layoutPriority(…)` applied inside `.equatable()` on the same chain.",
        rationale: """
            `.equatable()` wraps the view in an `EquatableView`. A `.layoutPriority(…)` applied before it \
            sits inside the wrapper, where the enclosing stack no longer sees it: the view gets the default \
            priority and is truncated or squeezed. Apply the priority outside \
            (`.equatable().layoutPriority(1)`).
            """,
        notFlagged: [
            "the priority outside the wrapper",
            "the default priority",
            "different views",
        ],
        severityReason: "the priority is silently lost.",
        useInstead: "the priority is outside the wrapper",
        triggers: ["equatable()"],
        triggering: [
            """
            HStack {
                BlockView(block: block)
                    .layoutPriority(1)
                    ↓.equatable()
                Spacer()
            }
            """,
            """
            var body: some View {
                ForEach(blocks) { block in
                    Row(block: block).layoutPriority(2).padding(4)↓.equatable()
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("Row(block: block).equatable().layoutPriority(1)", note: "the priority is outside the wrapper"),
            RuleExample("Row(block: block).equatable()", note: "no priority"),
            RuleExample("Row(block: block).layoutPriority(0).equatable()", note: "the default priority: inert"),
            RuleExample("""
                HStack {
                    Title().layoutPriority(1)
                    Row(block: block).equatable()
                }
                """, note: "different views"),
            RuleExample("let same = lhs.equatable()", note: "not a view chain with a priority"),
        ])

    static let calledNames: Set<String> = ["equatable"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.modifierReceiver != nil, call.arguments.isEmpty, call.trailingClosure == nil,
              call.modifiersThroughSelf.dropLast().contains(where: { modifier in
                  guard modifier.modifierName == "layoutPriority", let value = modifier.arguments.first?.expression.unwrapped
                  else { return false }
                  return value.numericLiteralValue != 0
              })
        else { return }
        report.append(Finding(
            message: "`.equatable()` wraps the view, hiding the `.layoutPriority(…)` applied inside it from the enclosing stack; apply the priority after `.equatable()`",
            range: call.rangeFromCalleeName))
    }
}
