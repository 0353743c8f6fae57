import GotchasCore
import SwiftSyntax

/// `c ? AnyShapeStyle(a) : AnyShapeStyle(b)` builds a new type-erased style on every
/// render; SwiftUI cannot compare the two, so an animation (a bouncy spring above all)
/// interpolates between them and overshoots through unexpected colors.
struct AnyShapeStyleTernaryRule: Rule {
    static let description = RuleDescription(
        id: "anyshapestyle-ternary",
        category: .animation,
        severity: .warning,
        seed: "000, A2",
        summary: "A conditional whose both branches are `AnyShapeStyle(…)`.",
        rationale: """
            `isDone ? AnyShapeStyle(.tint) : AnyShapeStyle(.tint.tertiary)` builds a new type-erased style \
            on every render. SwiftUI cannot compare the two, and when the change animates (springs in \
            particular) it interpolates through colours that are neither. Keep one constant style \
            (`.foregroundStyle(.tint)`) and animate `.opacity(isDone ? 1 : 0.4)`, a single number that \
            interpolates cleanly.
            """,
        notFlagged: [
            "a material against another style",
            "a choice among three or more styles",
            "a single `AnyShapeStyle`",
            "only one branch erased",
            "a style change nothing animates (it snaps)",
            "a style whose change `.animation(nil, value:)` right after turns off",
        ],
        severityReason: "warning where a spring that overshoots animates the change (`.animation(.bouncy, value:)` on the view or a view around it, or `withAnimation(.spring)` writing what the condition reads): the animated change shows wrong colours; info where an ease or a spring without bounce cross-fades two colours, which one colour with `.opacity` can express. Not flagged where nothing animates it, or a gentle animation changes between two kinds of style.",
        useInstead: "the recommended shape",
        triggers: ["AnyShapeStyle"],
        triggering: [
            "Image(systemName: \"checkmark\").foregroundStyle(↓isDone ? AnyShapeStyle(.tint) : AnyShapeStyle(.tint.tertiary)).animation(.snappy, value: isDone)",
            """
            struct Row: View {
                var isOn: Bool
                var body: some View {
                    Circle()
                        .fill(
                            ↓isOn
                                ? AnyShapeStyle(Color.green.gradient)
                                : AnyShapeStyle(.quaternary)
                        )
                        .animation(.bouncy, value: isOn)
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                extension Badge {
                    var style: AnyShapeStyle {
                        isSelected && !isDisabled ? AnyShapeStyle(.tint) : SwiftUI.AnyShapeStyle(.secondary)
                    }
                }
                """, note: "nothing shown animates the change: the style snaps"),
            RuleExample("let style = (a ? AnyShapeStyle(.orange) : AnyShapeStyle(.secondary))", note: "two hues chosen by state, nothing animates them"),
            RuleExample("""
                Circle()
                    .fill(current == index ? AnyShapeStyle(Color.accentColor) : AnyShapeStyle(Color.secondary))
                    .animation(nil, value: current)
                    .scaleEffect(current == index ? 1.2 : 1)
                    .animation(.easeInOut, value: current)
                """, note: "the fill's change is not animated (`.animation(nil, value:)` right after it)"),
            RuleExample("""
                struct Card: View {
                    @AppStorage("useGradient") private var useGradient = true
                    var body: some View {
                        RoundedRectangle(cornerRadius: 12)
                            .fill(useGradient ? AnyShapeStyle(LinearGradient(colors: [.blue, .purple], startPoint: .top, endPoint: .bottom)) : AnyShapeStyle(Color.blue))
                    }
                }
                """, note: "a gradient or a colour chosen by a setting, never animated: different kinds of style, nothing to interpolate"),
            RuleExample("Text(\"x\").background(solid ? AnyShapeStyle(Color(.systemBackground)) : AnyShapeStyle(.ultraThinMaterial))",
                        note: "a colour against a material"),
            RuleExample("Text(\"x\").foregroundStyle(on ? focused ? AnyShapeStyle(Color.black) : AnyShapeStyle(.primary) : AnyShapeStyle(Color.gray))",
                        note: "three styles"),
            RuleExample("Text(\"x\").foregroundStyle(AnyShapeStyle(.tint))", note: "a single AnyShapeStyle"),
            RuleExample("Text(\"x\").foregroundStyle(isOn ? AnyShapeStyle(.tint) : fallbackStyle)", note: "only one branch erases here"),
            RuleExample("Text(\"x\").foregroundStyle(.tint).opacity(isDone ? 1 : 0.4)", note: "the recommended shape"),
            RuleExample("Text(\"isOn ? AnyShapeStyle(.red) : AnyShapeStyle(.blue)\")", note: "inside a string"),
            RuleExample("// isOn ? AnyShapeStyle(.red) : AnyShapeStyle(.blue)", note: "inside a comment"),
            RuleExample("let s = isOn ? MyAnyShapeStyle(.red) : MyAnyShapeStyle(.blue)", note: "another type that contains the name"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.unresolvedTernaryExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard let ternary = TernaryShape(node.cast(UnresolvedTernaryExprSyntax.self)),
              Self.isAnyShapeStyle(ternary.thenExpression), Self.isAnyShapeStyle(ternary.elseExpression)
        else { return }
        // A material against a colour, or one of three or more styles (a ternary inside another's
        // branch): no single style plus `.opacity` can stand for them, so the advice does not apply.
        if Self.mentionsMaterial(ternary.thenExpression) || Self.mentionsMaterial(ternary.elseExpression) || Self.isNested(node) { return }
        // A gradient or a colour chosen by a setting, where nothing animates the change: there
        // is nothing to interpolate, and one style with `.opacity` cannot stand for both kinds.
        if Self.isGradient(ternary.thenExpression) != Self.isGradient(ternary.elseExpression),
           !Self.isAnimated(node) { return }
        // `.fill(c ? AnyShapeStyle(a) : AnyShapeStyle(b)).animation(nil, value: …)`: the style's change
        // is never animated, so nothing interpolates through stray colours.
        if Self.isUnanimated(node) { return }
        // Nothing shown animates the change: the style snaps from one to the other, and two
        // hues chosen by state cannot be one style with `.opacity` anyway.
        let animations = Self.animations(of: node)
        if animations.isEmpty { return }
        // Only a spring that overshoots carries the blend past either colour: an ease or a spring
        // without bounce (`.default`, `.smooth`, `.easeOut`) cross-fades between them. Then only
        // two colours could be one style with `.opacity` (a suggestion); two kinds of style
        // (the accent against a hierarchical or separator style) cannot.
        if !animations.contains(where: Self.mayOvershoot) {
            guard Self.isPlainColor(ternary.thenExpression), Self.isPlainColor(ternary.elseExpression) else { return }
            report.append(Finding(
                message: "Both branches type-erase to `AnyShapeStyle`: SwiftUI can't compare them, so a bouncy spring would interpolate through stray colors (the animation here does not overshoot); prefer one constant style with `.opacity`",
                range: ternary.range, loweredSeverity: .info))
            return
        }
        report.append(Finding(
            message: "Both branches type-erase to `AnyShapeStyle`: SwiftUI can't compare them and animations interpolate through stray colors; keep one constant style and animate `.opacity` instead",
            range: ternary.range))
    }

    static let materials: Set<String> = [
        "Material", "ultraThinMaterial", "thinMaterial", "regularMaterial", "thickMaterial", "ultraThickMaterial", "bar",
    ]

    static let gradients: Set<String> = [
        "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient", "linearGradient", "radialGradient",
        "angularGradient", "ellipticalGradient", "gradient", "Gradient", "ImagePaint",
    ]

    private static func isGradient(_ expression: ExprSyntax) -> Bool {
        expression.tokens(viewMode: .sourceAccurate).contains { gradients.contains($0.text) }
    }

    private static func mentionsMaterial(_ expression: ExprSyntax) -> Bool {
        expression.tokens(viewMode: .sourceAccurate).contains { materials.contains($0.text) }
    }

    /// The change is animated: an `.animation(_:value:)` (not `nil`/`.none`) on a modifier chain
    /// around the ternary, up to its member, or a `withAnimation { }` in the type that writes a name
    /// the condition reads.
    static func isAnimated(_ node: Syntax) -> Bool { !animations(of: node).isEmpty }

    /// The animations that animate the change: each `.animation(_:value:)` on the view or a view
    /// around it (its argument), and each `withAnimation` in the type that writes what the
    /// condition reads (its argument; nil for the default animation).
    /// `conditionNames`: what the condition reads; nil for a ternary's own (the elements before it).
    static func animations(of node: Syntax, conditionNames given: Set<String>? = nil) -> [ExprSyntax?] {
        var found: [ExprSyntax?] = []
        var current = node.parent
        while let parent = current, !parent.is(MemberBlockItemSyntax.self) {
            if let call = parent.as(FunctionCallExprSyntax.self) {
                let chain = (call.modifiersAppliedAfter.last ?? call).modifiersThroughSelf
                for modifier in chain where modifier.modifierName == "animation" && !SymbolVariantByNameRule.isNoAnimation(modifier.arguments.first?.expression) {
                    found.append(modifier.arguments.first?.expression)
                }
                if !found.isEmpty { return found }
            }
            current = parent.parent
        }
        guard let declaration = WorkspaceRuleSupport.enclosingTypeDeclaration(node) else { return [] }
        var conditionNames: Set<String> = given ?? []
        if given == nil {
            guard let sequence = node.parent?.parent?.as(SequenceExprSyntax.self) else { return [] }
            for element in sequence.elements {
                if element.id == node.id { break }
                for token in element.tokens(viewMode: .sourceAccurate) {
                    if case .identifier(let name) = token.tokenKind { conditionNames.insert(name) }
                }
            }
        }
        let tokens = Array(declaration.tokens(viewMode: .sourceAccurate))
        for index in tokens.indices where tokens[index].text == "withAnimation" {
            guard let call = tokens[index].parent?.parent?.as(FunctionCallExprSyntax.self), let body = call.trailingClosure else { continue }
            let inner = Array(body.statements.tokens(viewMode: .sourceAccurate))
            for (at, token) in inner.enumerated() where conditionNames.contains(token.text) && at + 1 < inner.count {
                let next = inner[at + 1]
                if next.tokenKind == .equal || (next.tokenKind == .period && at + 2 < inner.count && inner[at + 2].text == "toggle") {
                    found.append(call.arguments.first?.expression)
                    break
                }
            }
        }
        return found
    }

    /// Animations that overshoot their target: springs with bounce (`.bouncy`, `.snappy`, `.spring(…)`
    /// unless its bounce is written 0, `.interpolatingSpring`, `.interactiveSpring`). An animation the
    /// code names otherwise (a property, a helper) may be one. Not: the default (nil), eases, `.linear`,
    /// `.smooth`, `.default` (a spring without bounce).
    static func mayOvershoot(_ animation: ExprSyntax?) -> Bool {
        guard let animation else { return false }
        let tokens = Array(animation.tokens(viewMode: .sourceAccurate))
        let names = Set(tokens.map(\.text))
        if !springs.isDisjoint(with: names) {
            // `.spring(duration: 0.3, bounce: 0)`: a spring written without bounce.
            let noBounce = zip(tokens, tokens.dropFirst(2)).contains { label, value in
                label.text == "bounce" && ["0", "0.0"].contains(value.text)
            }
            return !noBounce || names.contains("bouncy")
        }
        return names.isDisjoint(with: nonOvershooting)
    }

    static let springs: Set<String> = ["bouncy", "snappy", "spring", "interpolatingSpring", "interactiveSpring"]
    static let nonOvershooting: Set<String> = [
        "default", "smooth", "easeIn", "easeOut", "easeInOut", "linear", "timingCurve", "none",
    ]

    /// The ternary is an argument of a modifier directly followed by `.animation(nil, …)`.
    private static func isUnanimated(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current, !parent.is(CodeBlockItemSyntax.self) {
            if let call = parent.as(FunctionCallExprSyntax.self), call.arguments.contains(where: { node.position >= $0.position && node.endPosition <= $0.endPosition }) {
                guard let next = call.modifiersAppliedAfter.first, next.modifierName == "animation",
                      next.arguments.first?.expression.is(NilLiteralExprSyntax.self) == true else { return false }
                return true
            }
            current = parent.parent
        }
        return false
    }

    /// The ternary is a branch of an enclosing ternary.
    private static func isNested(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current, !parent.is(CodeBlockItemSyntax.self), !parent.is(LabeledExprSyntax.self) {
            if parent.is(UnresolvedTernaryExprSyntax.self) || parent.is(TernaryExprSyntax.self) { return true }
            if let sequence = parent.as(SequenceExprSyntax.self), sequence.elements.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) && $0.id != node.id }) {
                return true
            }
            current = parent.parent
        }
        return false
    }

    /// `AnyShapeStyle(Color.red)`, `AnyShapeStyle(.clear)`, `AnyShapeStyle(Color.accentColor.opacity(0.2))`:
    /// the erased style is a colour (not `.tint`, `.secondary` or another kind of style).
    private static func isPlainColor(_ expression: ExprSyntax) -> Bool {
        guard var value = expression.unwrapped.as(FunctionCallExprSyntax.self)?.arguments.first?.expression.unwrapped else { return false }
        // `.opacity(…)` keeps a colour a colour.
        while let call = value.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "opacity", let base = member.base {
            value = base.unwrapped
        }
        if let call = value.as(FunctionCallExprSyntax.self) { return call.calleeName == "Color" }
        guard let member = value.as(MemberAccessExprSyntax.self) else { return false }
        if let base = member.base { return base.trimmedText == "Color" || base.trimmedText == "SwiftUI.Color" }
        return colorNames.contains(member.declName.baseName.text)
    }

    /// `Color`'s named colours, written as an implicit member (`.red`), that no other kind of style has.
    static let colorNames: Set<String> = [
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown",
        "white", "gray", "black", "clear", "accentColor",
    ]

    private static func isAnyShapeStyle(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.unwrapped.as(FunctionCallExprSyntax.self) else { return false }
        let callee = call.calledExpression.trimmedText
        return callee == "AnyShapeStyle" || callee == "SwiftUI.AnyShapeStyle"
    }
}
