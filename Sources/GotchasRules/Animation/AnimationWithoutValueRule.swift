import GotchasCore
import SwiftSyntax

/// `.animation(_:)` without `value:` (deprecated since iOS 15) animates *every*
/// animatable change of the view it modifies, whatever state caused it — unrelated
/// layout starts sliding. `.animation(_:value:)` scopes the animation to one value.
struct AnimationWithoutValueRule: CallRule {
    static let description = RuleDescription(
        id: "animation-without-value",
        category: .animation,
        severity: .warning,
        seed: "001, A1",
        summary: "`.animation(_:)` without `value:` animates every change of the view; pass the value that should animate.",
        rationale: """
            `.animation(_:)` without `value:` (deprecated since iOS 15) animates every animatable change \
            that reaches the view, so unrelated state or the parent's layout animates too. `.animation(nil)` \
            does the opposite: it stills changes an ancestor's `withAnimation` meant to animate. Write \
            `.animation(.easeInOut, value: count)` so only changes of `count` animate, or `.animation(nil, \
            value: v)` / `.transaction { $0.animation = nil }`.
            """,
        notFlagged: [
            "`.animation(_:value:)`",
            "`AnyTransition`'s `.animation(_:)` inside `.transition(…)`",
            "`Binding`'s `.animation(_:)` (`$isOn.animation()`)",
            "a `ViewModifier`'s own `.animation(_:)`",
            "the iOS 17 `.animation(_:body:)` form",
        ],
        fixSafety: "Adds `value:` with one action per candidate: the view's `@State`, `@Binding` and `var` stored properties, those the modified view reads first. Always unsafe: which value should animate needs a human.",
        severityReason: "the view animates changes it should not; info where one input alone changes the modified view (then `value:` with it animates the same changes) and for `.animation(nil)` (written to still the view on purpose, so only the deprecation is left) and in a widget's view (it draws one timeline entry, with no other state to animate); a hint in preview code (it ships in no app).",
        asks: [.declaration, .viewTreeHoldsState],
        fix: .unsafe,
        // https://developer.apple.com/documentation/swiftui/view/animation(_:value:) (iOS 13, macOS 10.15, tvOS 13, watchOS 6):
        // the replacement exists wherever SwiftUI does; `.animation(_:)` is deprecated from iOS 15, but animates
        // every change on any version.
        requires: .os(iOS: OSVersion(13), macOS: OSVersion(10, 15), tvOS: OSVersion(13), watchOS: OSVersion(6)),
        // The deprecated modifier: the compiler warns in preview code too.
        flagsPreviewCode: true,
        triggering: [
            RuleExample("""
                @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
                struct Glow: View {
                    @State private var isOn = false
                    var body: some View { Circle().opacity(isOn ? 1 : 0.5)↓.animation(.easeInOut) }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(12)]),
            RuleExample("""
                struct PressStyle: ButtonStyle {
                    func makeBody(configuration: Configuration) -> some View {
                        configuration.label
                            .scaleEffect(configuration.isPressed ? 0.9 : 1)
                            ↓.animation(.easeInOut(duration: 0.2))
                    }
                }
                """, note: "deployment target iOS 14: not deprecated yet, but it animates every change all the same, and `value:` exists from iOS 13", platforms: [.iOS: OSVersion(14)]),
            RuleExample("""
                struct Pulse: View {
                    @State private var isOn = false
                    var body: some View {
                        Circle()
                            .scaleEffect(isOn ? 1.2 : 1)
                        #if os(iOS)
                            ↓.animation(.easeInOut)
                        #endif
                    }
                }
                """, note: "a modifier inside a postfix `#if` applies to the view before it", platforms: [.iOS: OSVersion(17)]),
            """
            struct CounterView: View {
                @State private var count = 0
                @State private var otherValue = false
                var body: some View {
                    Text("\\(count)")
                        .scaleEffect(count > 5 ? 1.5 : 1)
                        ↓.animation(.easeInOut)
                }
            }
            """,
            """
            struct Badge: View {
                var isOn: Bool
                var body: some View {
                    Group {
                        if isOn {
                            Circle()↓.animation(nil)
                        }
                    }
                }
            }
            """,
            """
            extension Card {
                @ViewBuilder var header: some View {
                    ForEach(items) { item in
                        Row(item: item)
                            .padding()
                            ↓.animation(
                                .spring()
                            )
                    }
                }
            }
            """,
            """
            struct Toggle2: View {
                @Binding var isExpanded: Bool
                var body: some View {
                    VStack {
                        Text("a")
                    }↓.animation(.default)
                    .frame(height: isExpanded ? 200 : 50)
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("Circle().animation(nil)", note: "deployment target iOS 12: SwiftUI does not exist there", platforms: [.iOS: OSVersion(12)]),
            RuleExample("""
                struct CollapsibleSection<Content: View>: View {
                    @Binding private var expanded: Bool
                    init(expanded: Binding<Bool>) {
                        self._expanded = expanded.animation(.easeInOut)
                    }
                }
                """, note: "`Binding.animation(_:)` on a parameter typed `Binding`"),
            RuleExample("""
                struct PushDown: ViewModifier {
                    var animation: Animation
                    func body(content: Content) -> some View {
                        content.modifier(_ScaleEffect(scale: CGSize(width: 0.9, height: 0.9)).animation(animation))
                    }
                    func scaled(_ base: _ScaleEffect) -> some ViewModifier { base.animation(nil) }
                }
                """, note: "`ViewModifier.animation(_:)`: a modifier's own method (handed to `.modifier(…)`, or returned as `some ViewModifier`), not the view modifier"),
            RuleExample("Toggle(\"Scaled\", isOn: $store.isScaled.sending(\\.scaleToggled).animation(.spring()))",
                        note: "`Binding.animation(_:)` on a binding's method chain (TCA)"),
            RuleExample("Toggle(\"\", isOn: viewStore.binding(send: ()).animation(fastAnimation))",
                        note: "a binding handed to a control: `Binding.animation(_:)`"),
            RuleExample("Text(\"a\").animation(.easeInOut, value: count)", note: "scoped to a value"),
            RuleExample("Text(\"a\").transition(.opacity.animation(.default))", note: "AnyTransition's animation(_:)"),
            RuleExample("let slide = AnyTransition.slide.animation(.easeIn)", note: "AnyTransition's animation(_:)"),
            RuleExample("let fade: AnyTransition = .opacity.animation(.default)", note: "an implicit AnyTransition member"),
            RuleExample("""
                extension AnyTransition {
                    static var flip: AnyTransition { Self.asymmetric(insertion: .scale, removal: .opacity).animation(.easeInOut) }
                }
                """, note: "a transition built in an extension of `AnyTransition`"),
            RuleExample("Text(\"a\").transition(.asymmetric(insertion: .scale.animation(.bouncy), removal: .opacity))",
                        note: "a transition expression inside `.transition(…)`"),
            RuleExample("Text(\"a\").animation(.smooth) { $0.opacity(isOn ? 1 : 0) }", note: "the iOS 17 `animation(_:body:)` form"),
            RuleExample("withAnimation(.default) { count += 1 }", note: "an explicit transaction, not the modifier"),
            RuleExample("func animation(_ animation: Animation?) -> some View { self }", note: "a declaration"),
            RuleExample("let animation = Animation.default", note: "a variable that merely has the name"),
            RuleExample("Toggle(\"Wi-Fi\", isOn: $isOn.animation(.default))", note: "`Binding.animation(_:)` on a `$x` binding"),
            RuleExample("Toggle(\"Wi-Fi\", isOn: self.$model.isOn.animation(.easeIn))",
                        note: "`Binding.animation(_:)` on a member of a projected value"),
            RuleExample("""
                struct Row: View {
                    var binding: Binding<Bool>
                    var body: some View { Toggle("On", isOn: binding.animation(.spring)) }
                }
                """, note: "`Binding.animation(_:)` on a binding held in a property"),
            RuleExample("Toggle(\"On\", isOn: Binding(get: { on }, set: { on = $0 }).animation(.easeIn))",
                        note: "`Binding.animation(_:)` on a `Binding(…)` built inline"),
        ],
        corrections: [
            RuleCorrection("""
                struct CounterView: View {
                    @State private var flag = false
                    @State private var count = 0
                    var body: some View {
                        Text("\\(count)")
                            .animation(.easeInOut) // keep me
                    }
                }
                """, """
                struct CounterView: View {
                    @State private var flag = false
                    @State private var count = 0
                    var body: some View {
                        Text("\\(count)")
                            .animation(.easeInOut, value: count) // keep me
                    }
                }
                """, applicability: .unsafe, fixTitle: "Add `value: count`"),
            RuleCorrection("""
                struct CounterView: View {
                    @State private var flag = false
                    var body: some View {
                        Text("a").animation(
                            .easeInOut
                        )
                    }
                }
                """, """
                struct CounterView: View {
                    @State private var flag = false
                    var body: some View {
                        Text("a").animation(
                            .easeInOut, value: flag
                        )
                    }
                }
                """, applicability: .unsafe, fixTitle: "Add `value: flag`"),
            RuleCorrection("""
                struct Panel: View {
                    var title: String
                }
                extension Panel {
                    var body: some View {
                        Text(title).animation(nil)
                    }
                }
                """, """
                struct Panel: View {
                    var title: String
                }
                extension Panel {
                    var body: some View {
                        Text(title).animation(nil, value: title)
                    }
                }
                """, applicability: .unsafe, fixTitle: "Add `value: title`"),
        ])

    static let calledNames: Set<String> = ["animation"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard let receiver = call.modifierReceiver,
              call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
              call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
              !Self.isTransition(receiver), !Self.isInsideTransitionArgument(call),
              !Self.isBinding(receiver), !Self.isBindingArgument(call), !Self.isDeclaredBinding(receiver, in: context),
              !Self.isViewModifierValue(call, in: context),
              // `extension AnyTransition { static var flip: AnyTransition { Self.opacity.animation(…) } }`
              context.enclosingType.map({ !$0.name.hasSuffix("Transition") }) ?? true
        else { return }

        let read = Set(receiver.referencedNames)
        let candidates = Self.candidateValues(in: context)
        let ordered = candidates.filter { read.contains($0) } + candidates.filter { !read.contains($0) }
        let insertion = argument.expression.endPositionBeforeTrailingTrivia.utf8Offset
        let fixes = ordered.map { name in
            Fix(title: "Add `value: \(name)`", applicability: .unsafe, edits: [.insert(", value: \(name)", at: insertion)])
        }
        // `.animation(nil)`/`.animation(.none)` removes animation rather than adding it: say so.
        let written = argument.expression.trimmedText
        let removesAnimation = argument.expression.isNilLiteral || written == ".none" || written == "Animation.none"
        let message = removesAnimation
            ? "`.animation(\(written))` without `value:` (deprecated from iOS 15) removes the animation from every change of this view, "
                + "including ones an ancestor's `withAnimation` meant to animate; write `.animation(nil, value:)` with the value "
                + "whose changes must not animate, or `.transaction { $0.animation = nil }`"
            : "`.animation(_:)` without `value:` (deprecated from iOS 15) animates every change of this view, "
                + "including unrelated state; write `.animation(_:value:)` with the value that should animate"
        // A preview ships in no app, and a widget's view draws one timeline entry: only the
        // deprecation applies there.
        // `.animation(nil)` is written to still a view on purpose: what is left is the deprecation.
        let lowered: Severity? = context.isInPreviewCode ? .hint
            : WorkspaceRuleSupport.isWidgetCode(context) || removesAnimation ? .info : nil
        // Where one input alone changes the modified view, `value:` with it animates the same
        // changes: what is left is the deprecated form.
        if lowered == nil, let input = Self.soleChangingInput(of: receiver, in: context) {
            let message = "`.animation(_:)` without `value:` is deprecated from iOS 15; only `\(input)` changes this view, "
                + "so `.animation(_:value: \(input))` animates the same changes"
            report.append(Finding(message: message, range: call.rangeFromCalleeName, fixes: fixes, loweredSeverity: .info))
            return
        }
        report.append(Finding(message: message, range: call.rangeFromCalleeName, fixes: fixes, loweredSeverity: lowered))
    }

    /// The one input of the enclosing view that the modified view reads, when nothing else in it
    /// can change while it lives: each name it reads is a type or a constant, an environment value
    /// (the system's settings), a closure parameter of its own, or that input (a stored property, a
    /// local, a row's element). Nil when it reads two inputs or none (then only what surrounds it
    /// changes it, which is what the modifier animates by surprise), and when it runs code the line
    /// does not show: a helper or computed property of the view, or a view that may hold state of
    /// its own (one the workspace does not show holding none).
    static func soleChangingInput(of receiver: ExprSyntax, in context: RuleContext) -> String? {
        guard let type = context.enclosingType else { return nil }
        let declared = context.type(named: type.name)
        let properties = type.properties + (declared?.properties ?? [])
        let methods = type.methodNames.union(declared?.methodNames ?? [])
        let tokens = Array(receiver.tokens(viewMode: .sourceAccurate))
        // Names its own closures bind (`{ value in … }`): values handed to it, not inputs of the view.
        let ownParameters = Set(tokens.lazy.filter { token in
            token.parent?.is(ClosureShorthandParameterSyntax.self) == true || token.parent?.is(ClosureParameterSyntax.self) == true
        }.map(\.text))
        var inputs: Set<String> = []
        for token in tokens {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id else { continue }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                // `a.b`: only `self.b` names a member of the view.
                guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { continue }
            }
            var name = token.text
            if name.hasPrefix("$") { name.removeFirst() }
            let isCalled = reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id
            if name == "self" || name.first?.isNumber == true || ownParameters.contains(name) { continue }
            if TypeNames.startsUppercase(name) {
                if isCalled && !WorkspaceRuleSupport.holdsNoState(name, in: context) { return nil }
                continue
            }
            if let property = properties.first(where: { $0.name == name }) {
                if property.isStatic || property.wrapper == "Environment" { continue }
                if property.isComputed { return nil }
            } else if methods.contains(name) {
                if isCalled { return nil }
                continue  // a method handed on as a callback runs later, not in the modified view
            } else if isCalled {
                continue  // a free function (`min`, `max`): its arguments are read on their own
            }
            inputs.insert(name)
            if inputs.count > 1 { return nil }
        }
        return inputs.first
    }

    /// `ViewModifier.animation(_:)` (on an `Animatable` modifier) returns a modifier that animates
    /// its own animatable data; it is not the deprecated view modifier. Known from where the value
    /// goes or comes from: the call is (part of) the argument of `.modifier(…)`, or the enclosing
    /// member returns `some ViewModifier`.
    private static func isViewModifierValue(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent {
            if let argument = parent.as(LabeledExprSyntax.self) {
                let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
                return outer?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "modifier"
                    || outer?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "modifier"
            }
            if parent.is(CodeBlockItemSyntax.self) || parent.is(ClosureExprSyntax.self) { break }
            node = parent
        }
        if let function = context.enclosingFunction?.node.as(FunctionDeclSyntax.self),
           let returned = function.signature.returnClause?.type.trimmedText, returned.hasSuffix("ViewModifier") {
            return true
        }
        return false
    }

    /// `Binding.animation(_:)` returns a binding whose changes animate; it is not the deprecated
    /// view modifier. Receivers that are bindings by their spelling: `$isOn`, `self.$isOn`,
    /// `$model.isOn` (a member of a projected value), `Binding(…)`/`Binding.constant(…)`, and a
    /// name that says it holds one (`binding`, `isOnBinding`).
    private static func isBinding(_ receiver: ExprSyntax) -> Bool {
        var current = receiver.unwrapped
        while true {
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                return isBindingName(reference.baseName.text)
            }
            if let member = current.as(MemberAccessExprSyntax.self) {
                if isBindingName(member.declName.baseName.text) { return true }
                guard let base = member.base else { return false }
                current = base.unwrapped
                continue
            }
            if let call = current.as(FunctionCallExprSyntax.self) {
                if call.calleeName == "Binding" || call.calledExpression.dottedName?.hasPrefix("Binding.") == true { return true }
                // A method on a binding (`$store.flag.sending(\.toggled)`, `viewStore.binding(send: ())`):
                // follow the chain to its receiver.
                guard call.calledExpression.is(MemberAccessExprSyntax.self) else { return false }
                current = call.calledExpression
                continue
            }
            return false
        }
    }

    /// The receiver is a name declared as a binding here: a parameter of the enclosing function or
    /// initializer typed `Binding<…>` (`expanded.animation(…)` in `init(expanded: Binding<Bool>)`),
    /// or a property of the enclosing type that is `@Binding` or typed `Binding<…>`.
    private static func isDeclaredBinding(_ receiver: ExprSyntax, in context: RuleContext) -> Bool {
        guard let name = receiver.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        if let parameter = context.enclosingFunction?.node.declaredParameters.first(where: { $0.localName == name }) {
            return parameter.type.trimmedText.hasPrefix("Binding<")
        }
        guard let property = context.enclosingType?.property(named: name) else { return false }
        return property.wrapper == "Binding" || property.typeName?.hasPrefix("Binding<") == true
    }

    /// The call is the argument a control takes as its binding (`Toggle(isOn: flag.animation(…))`):
    /// `Binding.animation(_:)`, which animates the changes made through it, not the view modifier.
    private static func isBindingArgument(_ call: FunctionCallExprSyntax) -> Bool {
        guard let label = call.parent?.as(LabeledExprSyntax.self)?.label?.text else { return false }
        return ["isOn", "text", "selection", "value", "isPresented", "item", "isExpanded"].contains(label)
    }

    private static func isBindingName(_ name: String) -> Bool {
        name.hasPrefix("$") || name == "binding" || name.hasSuffix("Binding")
    }

    /// `AnyTransition.slide.animation(…)`, `.opacity.animation(…)`: the receiver is a transition.
    private static func isTransition(_ receiver: ExprSyntax) -> Bool {
        let root = receiver.chainRoot
        if let member = root.as(MemberAccessExprSyntax.self), member.base == nil { return true }
        if let name = root.as(DeclReferenceExprSyntax.self)?.baseName.text, name.hasSuffix("Transition") { return true }
        return false
    }

    /// The call sits (through expressions only) inside an argument of `.transition(…)`.
    private static func isInsideTransitionArgument(_ call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let node = current, !node.is(ClosureExprSyntax.self), !node.is(CodeBlockItemSyntax.self), !node.is(MemberBlockItemSyntax.self) {
            if let argument = node.as(LabeledExprSyntax.self),
               argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName == "transition" {
                return true
            }
            current = node.parent
        }
        return false
    }

    /// The enclosing view's `@State`, `@Binding` and plain `var` stored instance properties, in
    /// declaration order. Constants are never candidates: a `let` of the view does not change
    /// while the view lives, statics are not instance state, and literals are not properties.
    private static func candidateValues(in context: RuleContext) -> [String] {
        guard let type = context.enclosingType else { return [] }
        let declared = context.type(named: type.name)
        guard type.isView || declared?.isView == true else { return [] }
        var names: [String] = []
        for property in type.properties + (declared?.properties ?? [])
        where property.isStoredInstance && !property.isLet && !names.contains(property.name) {
            guard property.wrapper == nil || property.wrapper == "State" || property.wrapper == "Binding" else { continue }
            names.append(property.name)
        }
        return names
    }
}
