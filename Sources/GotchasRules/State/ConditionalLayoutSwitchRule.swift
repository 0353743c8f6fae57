import GotchasCore
import SwiftSyntax

/// `if c { HStack { … } } else { VStack { … } }` rebuilds every child when the layout
/// flips; `AnyLayout` keeps their identity and state.
struct ConditionalLayoutSwitchRule: Rule {
    static let description = RuleDescription(
        id: "conditional-layout-switch",
        category: .state,
        severity: .info,
        seed: "003 r5",
        summary: "`if c { HStack { … } } else { VStack { … } }` with the same children.",
        rationale: """
            The two branches are different identities, so switching layout destroys every child and inserts \
            new ones: their `@State` resets and the change cannot animate as a move. Switch the layout, not \
            the tree: `let layout = c ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())`, then `layout \
            { … }` with the children written once.
            """,
        notFlagged: [
            "different children",
            "`AnyLayout` already",
            "the same layout in both branches",
            "containers that are not layouts (lazy stacks and grids)",
            "availability checks",
            "a condition fixed while the app runs (device idiom, `ProcessInfo`)",
        ],
        severityReason: "state resets and a jump instead of an animation.",
        asks: [.declaration, .initializerLabels],
        useInstead: "the recommended shape",
        // https://developer.apple.com/documentation/swiftui/anylayout.md (iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1)
        requires: .os(iOS: OSVersion(16), macOS: OSVersion(13), tvOS: OSVersion(16), watchOS: OSVersion(9)),
        triggers: ["Stack", "Layout", "Grid"],
        triggering: [
            RuleExample("""
                @available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
                struct AvailableExample: View {
                    var body: some View {
                        ↓if sizeClass == .compact {
                            VStack {
                                Avatar(user: user)
                                Text(user.name)
                            }
                        } else {
                            HStack {
                                Avatar(user: user)
                                Text(user.name)
                            }
                        }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(15)]),
            """
            var body: some View {
                ↓if sizeClass == .compact {
                    VStack {
                        Avatar(user: user)
                        Text(user.name)
                    }
                } else {
                    HStack {
                        Avatar(user: user)
                        Text(user.name)
                    }
                }
            }
            """,
            """
            @ViewBuilder var tags: some View {
                ↓if wrap { FlowLayout { ForEach(tags) { TagView(tag: $0) } } } else { HStack { ForEach(tags) { TagView(tag: $0) } } }
            }
            """,
            """
            var body: some View {
                ↓if isWide {
                    HStack(spacing: 12) { icon; label }
                } else {
                    VStack(alignment: .leading) {
                        icon
                        label
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct ChipRow: View {
                    let axis: Axis
                    var body: some View {
                        if axis == .horizontal {
                            HStack { Text("a"); Text("b") }
                        } else {
                            VStack { Text("a"); Text("b") }
                        }
                    }
                }
                """, note: "an input no caller varies (each passes a constant, or none passes it): fixed for every instance"),
            RuleExample("""
                var body: some View {
                    if isSwitcherActive {
                        LazyVStack(spacing: 4) { ForEach(items) { ItemView(item: $0) } }
                    } else {
                        VStack(spacing: 4) { ForEach(items) { ItemView(item: $0) } }
                    }
                }
                """, note: "a lazy stack has no `Layout` form: `AnyLayout` cannot switch to it"),
            RuleExample("""
                var body: some View {
                    if UIDevice.current.userInterfaceIdiom == .pad {
                        HStack { Sidebar(); Detail() }
                    } else {
                        VStack { Sidebar(); Detail() }
                    }
                }
                """, note: "the device's idiom never changes while the app runs: the layout never switches"),
            RuleExample("""
                var body: some View {
                    if sizeClass == .compact {
                        VStack {
                            Avatar(user: user)
                            Text(user.name)
                        }
                    } else {
                        HStack {
                            Avatar(user: user)
                            Text(user.name)
                        }
                    }
                }
                """, note: "deployment target iOS 15: what the advice needs does not exist there", platforms: [.iOS: OSVersion(15)]),
            RuleExample("""
                var body: some View {
                    if compact { VStack { Avatar(user: user) } } else { HStack { Avatar(user: user); Text(user.name) } }
                }
                """, note: "different children"),
            RuleExample("""
                var body: some View {
                    let layout = compact ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())
                    layout { Avatar(user: user); Text(user.name) }
                }
                """, note: "the recommended shape"),
            RuleExample("""
                var body: some View {
                    if compact { VStack { Text(a) } } else { VStack { Text(a) }.padding() }
                }
                """, note: "the same layout: that is conditional-view-identity's concern"),
            RuleExample("""
                var body: some View {
                    if compact { List { Text(a) } } else { ScrollView { Text(a) } }
                }
                """, note: "not layouts: different containers with their own behaviour"),
            RuleExample("""
                var body: some View {
                    if #available(iOS 16, *) { Grid { row } } else { VStack { row } }
                }
                """, note: "an availability check"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.ifExpr]

    /// Containers with a `Layout` counterpart (`HStackLayout`, `GridLayout`, …) that `AnyLayout` can
    /// switch between. Lazy stacks and grids have none: a lazy/eager switch cannot be an `AnyLayout`.
    static let stacks: Set<String> = ["HStack", "VStack", "ZStack", "Grid"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let ifExpr = node.cast(IfExprSyntax.self)
        guard context.execution == .render,
              ifExpr.isStatement, ifExpr.hasOnlyBooleanConditions,
              let elseBody = ifExpr.plainElseBody,
              let first = ifExpr.body.statements.soleExpression?.as(FunctionCallExprSyntax.self),
              let second = elseBody.statements.soleExpression?.as(FunctionCallExprSyntax.self),
              let firstName = Self.layoutName(first, context), let secondName = Self.layoutName(second, context),
              firstName != secondName,
              let firstChildren = Self.children(first), let secondChildren = Self.children(second),
              firstChildren == secondChildren,
              // A condition that cannot change while the app runs never switches the layout.
              !ifExpr.conditions.allSatisfy({ Self.cannotChange($0.condition, in: context) })
        else { return }
        report.append(Finding(
            message: "Switching between `\(firstName)` and `\(secondName)` with `if` rebuilds every child (state resets, no move animation); use `AnyLayout` and write the children once",
            range: ifExpr.ifKeyword.byteRange.lowerBound..<ifExpr.conditions.endPositionBeforeTrailingTrivia.utf8Offset))
    }

    /// Roots of a condition fixed for the life of the process: the device, the process, the bundle.
    static let processConstants: Set<String> = ["UIDevice", "ProcessInfo", "Bundle", "UIApplication", "NSApplication"]

    /// Every name the condition starts a read from is fixed while the app runs: the device's idiom
    /// (`UIDevice.current.userInterfaceIdiom == .pad`), `ProcessInfo`, a `static let`, an implicit
    /// member (`.pad`), a literal, an input every caller passes as a constant. Anything else (state,
    /// environment, an input a caller may vary) may change.
    static func cannotChange(_ condition: some SyntaxProtocol, in context: RuleContext) -> Bool {
        for token in condition.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            // `x.member`, `.pad`: a member of something already judged, or an implicit member.
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
            if processConstants.contains(name) { continue }
            if let property = context.enclosingType?.property(named: name), property.isStatic, property.isLet { continue }
            // An input of the view (`let axis: Axis`) that every caller passes as a constant, or none
            // passes (its default): fixed for every instance, so the `if` never switches one.
            if let type = context.enclosingType, let property = type.property(named: name), property.isStoredInstance, property.wrapper == nil,
               let varying = context.initializerLabels(passedTo: FileIndex.varyingCallersKey(of: type.name)), !varying.contains(name) { continue }
            if TypeNames.startsUppercase(name), let member = reference.parent?.as(MemberAccessExprSyntax.self),
               let owner = name == "Self" ? context.enclosingType : context.type(named: name),
               let property = owner.property(named: member.declName.baseName.text), property.isStatic, property.isLet { continue }
            return false
        }
        return true
    }

    private static func layoutName(_ call: FunctionCallExprSyntax, _ context: RuleContext) -> String? {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self), let name = call.calleeName,
              call.trailingClosure != nil, call.additionalTrailingClosures.isEmpty
        else { return nil }
        if stacks.contains(name) || name.hasSuffix("Layout") { return name }
        if let type = context.type(named: name), type.inherits("Layout") { return name }
        return nil
    }

    /// The children as statements with whitespace collapsed (`a; b` equals `a⏎b`).
    private static func children(_ call: FunctionCallExprSyntax) -> [String]? {
        guard let closure = call.trailingClosure, closure.signature == nil else { return nil }
        return closure.statements.map { $0.item.trimmedText.collapsingWhitespace }
    }
}
