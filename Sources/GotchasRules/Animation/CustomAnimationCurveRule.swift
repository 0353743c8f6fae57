import GotchasCore
import SwiftSyntax

/// `.default` is the system's animation; a custom curve is a taste decision that
/// should come from the codebase or the design, not be picked unprompted.
struct CustomAnimationCurveRule: CallRule {
    static let description = RuleDescription(
        id: "custom-animation-curve",
        category: .animation,
        severity: .hint,
        optIn: true,
        seed: "000, A6",
        summary: "A custom curve (`.bouncy`, `.snappy`, `.spring(response:…)`, `.easeInOut(duration:)`, …) passed to `withAnimation` or `.animation`.",
        rationale: """
            `.default` is the curve Apple uses across the system. `.bouncy`, \
            `.spring(response:dampingFraction:)` or `.easeInOut(duration: 0.25)` are taste decisions, and \
            bouncy curves overshoot interpolated values. Enable this rule where every custom curve should be \
            deliberate.
            """,
        notFlagged: [
            "`.default` or no curve",
            "`nil` (no animation)",
            "a curve the codebase already uses",
            "a plain `.spring`",
            "a transition's animation",
        ],
        severityReason: "a style choice.",
        useInstead: "the system default",
        triggering: [
            "withAnimation(↓.bouncy) { isOpen.toggle() }",
            """
            Text(title)
                .scaleEffect(isOn ? 1.2 : 1)
                .animation(↓.spring(response: 0.4, dampingFraction: 0.6), value: isOn)
            """,
            "Button(\"Go\") { withAnimation(↓.easeInOut(duration: 0.25)) { step += 1 } }",
            "Circle().animation(↓Animation.snappy(extraBounce: 0.2).delay(0.1), value: x)",
            "withAnimation(↓.linear, completionCriteria: .removed) { items.removeLast() } completion: { done() }",
        ],
        nonTriggering: [
            RuleExample("withAnimation(.default) { isOpen.toggle() }", note: "the system default"),
            RuleExample("withAnimation { isOpen.toggle() }", note: "no curve given"),
            RuleExample("Text(title).animation(.default, value: isOn)"),
            RuleExample("Text(title).animation(nil, value: isOn)", note: "disabling animation is not a curve"),
            RuleExample("Text(title).animation(Theme.cardAnimation, value: isOn)", note: "a curve the codebase established"),
            RuleExample("Text(title).animation(.spring(), value: isOn)", note: "a spring with no custom parameters"),
            RuleExample("Text(title).transition(.opacity.animation(.easeIn))", note: "a transition's animation"),
            RuleExample("let a = Animation.bouncy", note: "not passed to withAnimation or .animation"),
        ])

    static let calledNames: Set<String> = ["withAnimation", "animation"]

    /// Curves that are a choice whatever their arguments.
    static let alwaysCustom: Set<String> = [
        "bouncy", "snappy", "easeIn", "easeOut", "easeInOut", "linear", "interactiveSpring",
        "interpolatingSpring", "timingCurve",
    ]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        let isWithAnimation = callee == "withAnimation" && call.calledExpression.is(DeclReferenceExprSyntax.self)
        let isModifier = callee == "animation" && call.modifierReceiver != nil
        guard isWithAnimation || isModifier,
              let first = call.arguments.first, first.label == nil,
              let curve = Self.customCurve(first.expression)
        else { return }
        if isModifier, Self.isTransitionArgument(call) { return }
        report.append(Finding(
            message: "Custom animation curve `.\(curve)`: `.default` is the system's baseline; pick a custom curve only when the codebase or the design calls for it",
            range: first.expression.byteRange))
    }

    /// The curve's name when the expression is a custom curve, possibly with
    /// `.delay(…)`/`.speed(…)`/`.repeatForever(…)` on top.
    static func customCurve(_ expression: ExprSyntax) -> String? {
        var current = expression.unwrapped
        while true {
            if let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                if isCurveBase(member.base) {
                    if alwaysCustom.contains(name) { return name }
                    if name == "spring" || name == "smooth", !call.arguments.isEmpty { return name }
                    return nil
                }
                guard let base = member.base else { return nil }
                current = base.unwrapped
            } else if let member = current.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                if isCurveBase(member.base) { return alwaysCustom.contains(name) ? name : nil }
                guard let base = member.base else { return nil }
                current = base.unwrapped
            } else {
                return nil
            }
        }
    }

    private static func isCurveBase(_ base: ExprSyntax?) -> Bool {
        guard let base else { return true }
        let text = base.trimmedText
        return text == "Animation" || text == "SwiftUI.Animation"
    }

    /// `AnyTransition.opacity.animation(.easeIn)` inside `.transition(…)`.
    private static func isTransitionArgument(_ call: FunctionCallExprSyntax) -> Bool {
        guard let root = call.modifierChainRoot else { return true }
        if root.trimmedText == "AnyTransition" { return true }
        guard let owner = call.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return owner.calleeName == "transition"
    }
}
