import GotchasCore
import SwiftSyntax

/// `if c { v.mod(a) } else { v }` is two identities for one view: toggling `c`
/// destroys one and inserts the other, losing state and animating as a removal.
struct ConditionalViewIdentityRule: Rule {
    static let description = RuleDescription(
        id: "conditional-view-identity",
        category: .state,
        severity: .warning,
        seed: "001, 003 r4",
        summary: "`if c { V(…).mod(…) } else { V(…) }`, or a project's `.if(c) { $0.mod(…) }` wrapper: the same view in both branches, differing only by modifiers.",
        rationale: """
            Each branch of an `if` is a separate identity. When the condition changes, SwiftUI removes one \
            view and inserts a new one: `@State` inside it resets, `.onAppear`/`.task` run again, and the \
            change fades instead of interpolating. Write the view once and vary the modifier with an inert \
            value: `.opacity(expired ? 0.3 : 1)`, `.padding(compact ? 0 : 8)`.
            """,
        notFlagged: [
            "genuinely different views",
            "a condition fixed for the view's life (a `let`, a device constant)",
            "modifiers without an inert value, or of different types",
            "else-if chains and availability checks",
            "a widget's views",
        ],
        severityReason: "shown only where the condition reads state that changes while the view lives, directly or through a local computed from it (for a project's conditional wrapper such as `.if(c) { $0.mod() }`, also a parameter of the enclosing view helper, or a local computed from one). Info where both branches are written the same (a reset may be meant; `.id(…)` says so), and where nothing in the view holds state and nothing animates the change (the swap does not show).",
        asks: [.declaration, .reachedHazard, .viewTreeHoldsState],
        useInstead: "the recommended shape",
        triggering: [
            RuleExample("""
                struct FocusLabel: View {
                    @State private var isRunning = false
                    let timerText: String
                    var body: some View {
                        ↓if isRunning {
                            Text(timerText).foregroundStyle(Color.red)
                        } else {
                            Text(timerText).foregroundStyle(Color.red)
                        }
                    }
                }
                """, note: "both branches written the same: the `if` only swaps identity (info: it may be a deliberate reset)"),
            RuleExample("""
                struct PulseLabel: View {
                    @State private var completedLongPress = false
                    let pulse: Int
                    var body: some View {
                        ↓if completedLongPress {
                            HStack { Text("\\(pulse)").font(.title).foregroundColor(.white) }.scaleEffect(2)
                        } else {
                            HStack { Text("\\(pulse)").font(.caption2).foregroundColor(.white) }.scaleEffect(2)
                        }
                    }
                }
                """, note: "the same tree, differing only in a modifier's argument inside it"),
            RuleExample("""
                struct LinkStatus: View {
                    @State private var verified: Bool?
                    private var linkFailed: Bool { verified == false }
                    var body: some View {
                        ↓if linkFailed {
                            failureText
                        } else {
                            failureText.opacity(0.4)
                        }
                    }
                    private var failureText: some View { Text("Unable to link") }
                }
                """, note: "a computed property of the view that reads its state"),
            """
            var body: some View {
                ↓if isExpired {
                    CouponCard(coupon: coupon)
                        .opacity(0.3)
                } else {
                    CouponCard(coupon: coupon)
                }
            }
            """,
            """
            struct Highlight: ViewModifier {
                @Environment(\\.isEnabled) private var isOn
                func body(content: Content) -> some View {
                    ↓if isOn { content.border(.red) } else { content }
                }
            }
            """,
            """
            @Observable final class FeedModel { var isStale = false }
            struct FeedRow: View {
                let model: FeedModel
                var body: some View {
                    ↓if model.isStale { Summary().blur(radius: 2) } else { Summary() }
                }
            }
            """,
            RuleExample("""
                struct AttachmentRow: View {
                    @State private var isEditing = false
                    var body: some View {
                        Text("Photo")
                            ↓.if(isEditing) { $0.redacted(reason: .placeholder) }
                            .onTapGesture { isEditing.toggle() }
                    }
                }
                """, note: "the project's `.if` wrapper (in another file) returns the transformed view or `self`: two types", otherFiles: [
                    "View+If.swift": """
                        extension View {
                            @ViewBuilder func `if`<Content: View>(_ condition: Bool, transform: (Self) -> Content) -> some View {
                                if condition { transform(self) } else { self }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct DaemonToggle: View {
                    @ObservedObject var client: DaemonClient
                    var body: some View {
                        Toggle("Pause all", isOn: $client.paused)
                            ↓.if(client.paused) { $0.foregroundColor(.red) }
                    }
                }
                """, note: "the toggle's own state flips its identity: `.foregroundColor(client.paused ? .red : nil)`", otherFiles: [
                    "View+If.swift": """
                        extension View {
                            @ViewBuilder func `if`<Content: View>(_ condition: Bool, transform: (Self) -> Content) -> some View {
                                if condition { transform(self) } else { self }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct RankBadges: View {
                    @ObservedObject var model: ScoreModel
                    var body: some View {
                        let best = Rank.judge(model.score)
                        ForEach(Rank.allCases, id: \\.self) { rank in
                            ↓if best == rank { Image(rank.symbol).resizable() } else { Image(rank.symbol).resizable().opacity(0.25) }
                        }
                    }
                }
                """, note: "a local computed from the observed model decides which badge is dimmed"),
            RuleExample("""
                struct Balance: View {
                    @EnvironmentObject var prefs: Preferences
                    var body: some View {
                        Text("42 sat")
                            ↓.if(prefs.hideAmounts) { $0.opacity(0).accessibility(hidden: true) }
                            .onTapGesture { prefs.hideAmounts.toggle() }
                    }
                }
                """, note: "the wrapper hides the amount from sight and from VoiceOver: `.opacity(c ? 0 : 1).accessibilityHidden(c)`", otherFiles: [
                    "View+If.swift": """
                        extension View {
                            @ViewBuilder func `if`<Content: View>(_ condition: Bool, transform: (Self) -> Content) -> some View {
                                if condition { transform(self) } else { self }
                            }
                        }
                        """,
                ]),
            """
            @ViewBuilder var title: some View {
                VStack {
                    ↓if compact {
                        Text(name).font(.caption)
                    } else {
                        Text(name).font(.title)
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct PulseLabel: View {
                    @State private var completedLongPress = false
                    let pulse: Int
                    var body: some View {
                        if completedLongPress {
                            HStack { Text("Held").font(.title) }
                        } else {
                            HStack { Text("\\(pulse)").font(.title) }
                        }
                    }
                }
                """, note: "the branches show different content, not only different modifier arguments"),
            RuleExample("""
                struct StandbyBackground: ViewModifier {
                    @Environment(\\.widgetContentMargins) var margins
                    func body(content: Content) -> some View {
                        if margins.top < 5 {
                            content.padding(7).containerBackground(for: .widget) { Color.blue }
                        } else {
                            content.containerBackground(for: .widget) { Color.blue }
                        }
                    }
                }
                """, note: "a widget's view (it reads the widget's margins): no state to reset, drawn once per entry"),
            RuleExample("""
                struct LinkStatus: View {
                    let result: Bool?
                    private var linkFailed: Bool { result == false }
                    var body: some View {
                        if linkFailed { failureText } else { failureText.opacity(0.4) }
                    }
                    private var failureText: some View { Text("Unable to link") }
                }
                """, note: "a computed property over a `let` input: fixed for the view"),
            RuleExample("""
                var body: some View {
                    if isLoading { ProgressView() } else { Content(items: items) }
                }
                """, note: "genuinely different views"),
            RuleExample("""
                var body: some View {
                    if isEmpty { Text("None") } else { Text(summary) }
                }
                """, note: "the same view type with different content"),
            RuleExample("""
                var body: some View {
                    if #available(iOS 17, *) { Chart(data).chartScrollableAxes(.horizontal) } else { Chart(data) }
                }
                """, note: "an availability check: the modifier does not exist on older systems"),
            RuleExample("""
                var body: some View {
                    if let url { Card(item).onTapGesture { open(url) } } else { Card(item) }
                }
                """, note: "an optional binding the branch uses"),
            RuleExample("""
                var body: some View {
                    Card(item).opacity(isExpired ? 0.3 : 1)
                }
                """, note: "the recommended shape"),
            RuleExample("""
                func style() -> Int {
                    if c { return value.rounded() } else { return value }
                }
                """, note: "not view code"),
            RuleExample("""
                var body: some View {
                    if c { Card(item).padding() } else if d { Card(item) } else { Empty() }
                }
                """, note: "else-if chains: several distinct cases"),
            RuleExample("""
                struct Card: View {
                    let isCompact: Bool
                    var body: some View {
                        if isCompact { Text(title).padding(4) } else { Text(title) }
                    }
                }
                """, note: "a `let` of the view: fixed for the view's life, no identity swap"),
            RuleExample("""
                struct PodcastCover: View {
                    var big: Bool = false
                    var body: some View {
                        if big { Rectangle().padding(8) } else { Rectangle() }
                    }
                }
                """, note: "a `var` input with a default, no dynamic property: treated like a `let`"),
            RuleExample("""
                struct IconUnlock: View {
                    @State private var isUnlocked = false
                    private var isSmallScreen: Bool { UIScreen.main.bounds.height <= 667 }
                    var body: some View {
                        if isSmallScreen { IconsView(unlocked: isUnlocked).scaleEffect(0.8) } else { IconsView(unlocked: isUnlocked) }
                    }
                }
                """, note: "a device constant computed from `UIScreen`/`UIDevice`: fixed for the device"),
            RuleExample("""
                struct RankBadges: View {
                    let score: Int
                    var body: some View {
                        let best = Rank.judge(score)
                        ForEach(Rank.allCases, id: \\.self) { rank in
                            if best == rank { Image(rank.symbol).resizable() } else { Image(rank.symbol).resizable().opacity(0.25) }
                        }
                    }
                }
                """, note: "a local computed from a `let` input: fixed for the view"),
            RuleExample("""
                struct Feed: View {
                    @State private var rows: [Row] = []
                    var body: some View {
                        ForEach(rows) { row in
                            if row.isPinned { RowView(row).opacity(0.8) } else { RowView(row) }
                        }
                    }
                }
                """, note: "a fixed per-element property of a row"),
            RuleExample("""
                struct Actions: View {
                    @State private var isPrimary = false
                    var body: some View {
                        if isPrimary { Button("Go", action: go).buttonStyle(.borderedProminent) } else { Button("Go", action: go).buttonStyle(.bordered) }
                    }
                }
                """, note: "alternatives of different types: no single `.buttonStyle(c ? a : b)`"),
            RuleExample("""
                struct Nav: View {
                    @Binding var isVisible: Bool
                    var body: some View {
                        if isVisible { Bar() } else { Bar().hidden() }
                    }
                }
                """, note: "a modifier with no argument to make inert"),
            RuleExample("""
                struct Header: View {
                    @State private var locked = false
                    var body: some View {
                        if locked { Text(title).font(.headline) } else { Text(title).font(.headline).accessibilityAddTraits(.isHeader) }
                    }
                }
                """, note: "a differing modifier with no inert argument"),
            RuleExample("""
                struct LoadingArt: View {
                    @Environment(\\.colorScheme) private var colorScheme
                    var body: some View {
                        Image("loader").if(colorScheme == .dark) { $0.colorInvert() }
                    }
                }
                """, note: "the transform's modifier has no inert value to apply unconditionally", otherFiles: [
                    "View+If.swift": """
                        extension View {
                            @ViewBuilder func `if`<Content: View>(_ condition: Bool, transform: (Self) -> Content) -> some View {
                                if condition { transform(self) } else { self }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct Avatar: View {
                    let isCompact: Bool
                    var body: some View {
                        Image(systemName: "person").if(isCompact) { $0.imageScale(.small) }
                    }
                }
                """, note: "the wrapper's condition is a `let` of the view: fixed for the view's life", otherFiles: [
                    "View+If.swift": """
                        extension View {
                            @ViewBuilder func `if`<Content: View>(_ condition: Bool, transform: (Self) -> Content) -> some View {
                                if condition { transform(self) } else { self }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct Toolbar: View {
                    @Environment(AppModel.self) private var app
                    var body: some View {
                        Text("Title").if(app.userInterfaceIdiom == .phone) { $0.font(.headline) }
                    }
                }
                @Observable final class AppModel { var userInterfaceIdiom = UIUserInterfaceIdiom.phone }
                """, note: "the device's idiom is fixed while the view lives", otherFiles: [
                    "View+If.swift": """
                        extension View {
                            @ViewBuilder func `if`<Content: View>(_ condition: Bool, transform: (Self) -> Content) -> some View {
                                if condition { transform(self) } else { self }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct Badge: View {
                    @State private var isNew = false
                    var body: some View {
                        Text("New").apply(isNew) { $0.bold() }
                    }
                }
                """, note: "a project method that always applies its transform: one view type", otherFiles: [
                    "View+Apply.swift": """
                        extension View {
                            func apply<Content: View>(_ flag: Bool, transform: (Self) -> Content) -> Content { transform(self) }
                        }
                        """,
                ]),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.ifExpr, .functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        if let call = node.as(FunctionCallExprSyntax.self) {
            checkTransformCall(call, in: context, report: &report)
            return
        }
        let ifExpr = node.cast(IfExprSyntax.self)
        // A widget's view holds no state and is drawn once per entry: nothing resets or fades.
        guard context.execution == .render, !context.isWidgetCode,
              ifExpr.isStatement, ifExpr.hasOnlyBooleanConditions,
              let elseBody = ifExpr.plainElseBody,
              let thenView = ifExpr.body.statements.soleExpression,
              let elseView = elseBody.statements.soleExpression,
              let thenRoot = thenView.modifierChainRoot, let elseRoot = elseView.modifierChainRoot,
              Self.isViewRoot(thenRoot)
        else { return }
        let range = ifExpr.ifKeyword.byteRange.lowerBound..<ifExpr.conditions.endPositionBeforeTrailingTrivia.utf8Offset
        // Both branches written the same: the `if` only swaps the view's identity.
        if thenView.trimmedText.collapsingWhitespace == elseView.trimmedText.collapsingWhitespace {
            guard Self.conditionsChange(ifExpr.conditions, in: context) else { return }
            report.append(Finding(
                message: "Both branches build exactly the same view: when the condition changes it is destroyed and re-inserted "
                    + "(state resets, it fades instead of staying); keep one copy, or write `.id(…)` with the condition if the reset is meant",
                range: range, loweredSeverity: .info))
            return
        }
        let differing: [String]
        if thenRoot.trimmedText.collapsingWhitespace == elseRoot.trimmedText.collapsingWhitespace,
           !thenView.chainModifiers.isEmpty || !elseView.chainModifiers.isEmpty,
           let outer = Self.differingModifier(thenView.chainModifiers, elseView.chainModifiers) {
            differing = outer
        } else if let nested = Self.differingModifierArguments(thenView, elseView) {
            // The same tree, written twice, where only arguments of modifiers inside it differ
            // (`HStack { Text(t).font(.title) }` against `HStack { Text(t).font(.caption) }`).
            differing = nested
        } else {
            return
        }
        guard Self.conditionsChange(ifExpr.conditions, in: context) else { return }
        // The swap shows where the view holds state (it resets) or the change animates (it fades
        // instead): a view of stateless parts whose change nothing animates looks the same either way.
        let shows = !Self.holdsNoState(thenView, elseView, in: context) || Self.isAnimated(ifExpr)
        report.append(Finding(
            message: "Both branches build the same view, differing only by \(Self.listed(differing.map { "`.\($0)(…)`" })): when the condition changes the view is destroyed and re-inserted "
                + (shows ? "(state resets, it fades instead of animating)" : "(nothing in it holds state and nothing animates the change yet, so the swap does not show)")
                + "; write it once and give \(Self.listed(differing.map { "`.\($0)`" })) \(differing.count == 1 ? "a conditional argument" : "conditional arguments") (`c ? … : …`, an inert value for the plain branch)",
            range: range, loweredSeverity: shows ? nil : .info))
    }

    /// Every type either branch builds holds no state: a stateless system view, a value, or a
    /// project view whose tree the workspace shows holding none (also what the type's helpers it calls
    /// build; false where a helper is not found).
    static func holdsNoState(_ views: ExprSyntax..., in context: RuleContext) -> Bool {
        views.allSatisfy { view in
            viewTypes(builtBy: view, in: context)?.allSatisfy { WorkspaceRuleSupport.holdsNoState($0, in: context) } ?? false
        }
    }

    /// Something animates the change: a `.transition(…)` in the `if`, an `.animation(…)` on a view
    /// around it, or a `withAnimation` in the type that writes what the condition reads.
    static func isAnimated(_ ifExpr: IfExprSyntax) -> Bool {
        if ifExpr.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "transition" }) { return true }
        let read = Set(ifExpr.conditions.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            if case .identifier(let name) = token.tokenKind { return name }
            return nil
        })
        return !AnyShapeStyleTernaryRule.animations(of: Syntax(ifExpr), conditionNames: read).isEmpty
    }

    /// The two views are the same tokens except inside the arguments of modifiers that can take a
    /// conditional argument (`sameTypedModifiers`, no closure): those modifiers' names, in order.
    static func differingModifierArguments(_ first: ExprSyntax, _ second: ExprSyntax) -> [String]? {
        let a = Array(first.tokens(viewMode: .sourceAccurate)), b = Array(second.tokens(viewMode: .sourceAccurate))
        var names: [String] = []
        var index = 0, other = 0
        while index < a.count || other < b.count {
            if index < a.count, other < b.count, a[index].text == b[other].text {
                index += 1; other += 1
                continue
            }
            // A difference: both sides must be inside the same modifier's argument list; skip to its end.
            guard index < a.count, other < b.count, let left = enclosingModifier(of: a[index]), let right = enclosingModifier(of: b[other]),
                  let name = left.modifierName, name == right.modifierName, ModifierStep(left).canTakeConditional(in: sameTypedModifiers),
                  let leftEnd = left.rightParen, let rightEnd = right.rightParen,
                  let nextLeft = a[index...].firstIndex(where: { $0.id == leftEnd.id }),
                  let nextRight = b[other...].firstIndex(where: { $0.id == rightEnd.id })
            else { return nil }
            if !names.contains(name) { names.append(name) }
            index = nextLeft; other = nextRight
        }
        return names.isEmpty ? nil : names
    }

    /// The modifier call (`x.font(…)`) whose argument list holds `token`, if any.
    private static func enclosingModifier(of token: TokenSyntax) -> FunctionCallExprSyntax? {
        var node = token.parent
        while let current = node {
            if current.is(LabeledExprListSyntax.self), let call = current.parent?.as(FunctionCallExprSyntax.self),
               call.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil {
                return call
            }
            if current.is(CodeBlockItemSyntax.self) || current.is(ClosureExprSyntax.self) { return nil }
            node = current.parent
        }
        return nil
    }

    /// `.if(isLoading) { $0.redacted(reason: .placeholder) }`, where the project's `View` extension
    /// method (in any file) is `if condition { transform(self) } else { self }`: the same identity swap
    /// as an `if`/`else` in `body`, whenever the condition changes while the view lives.
    private func checkTransformCall(_ call: FunctionCallExprSyntax, in context: RuleContext, report: inout [Finding]) {
        // The candidates are few: a modifier-style call in rendered code with a trailing closure
        // (the transform) and a condition argument; only they record the question.
        guard context.execution == .render, !context.isWidgetCode, call.trailingClosure != nil, call.additionalTrailingClosures.isEmpty,
              !call.arguments.isEmpty, call.arguments.count <= 2,
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil
        else { return }
        let name = String(member.declName.baseName.text.filter { $0 != "`" })
        guard let reached = context.reachedHazard(from: .member(owner: "View", name: name), kinds: [.conditionalTransform]),
              let index = Int(reached.hazard.detail), index < call.arguments.count
        else { return }
        let condition = call.arguments[call.arguments.index(call.arguments.startIndex, offsetBy: index)].expression
        guard Self.conditionChanges(condition, at: Syntax(call), in: context) else { return }
        // The advice is an inert value for the plain branch: only a transform made of modifiers that
        // have one (`.colorInvert()` has none, nor a project's own modifier).
        guard let trailing = call.trailingClosure, let applied = Self.transformModifiers(trailing),
              applied.allSatisfy(Self.transformInertModifiers.contains), let base = member.base
        else { return }
        // As for `if`/`else`: the swap shows where the view holds state or the change animates.
        let read = Set(condition.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            if case .identifier(let name) = token.tokenKind { return name }
            return nil
        })
        let shows = !Self.holdsNoState(base, in: context) || !AnyShapeStyleTernaryRule.animations(of: Syntax(call), conditionNames: read).isEmpty
        report.append(Finding(
            message: "\(WorkspaceRuleSupport.reachPath(reached, from: context)) returns the transformed view or `self` by its condition: two view types, so when `\(condition.trimmedText.collapsingWhitespace)` changes the view is destroyed and re-inserted "
                + (shows ? "(state resets, it fades instead of animating)" : "(nothing in it holds state and nothing animates the change yet, so the swap does not show)")
                + "; apply the modifier unconditionally with an inert value (\(Self.inertExample(applied)))",
            range: member.period.positionAfterSkippingLeadingTrivia.utf8Offset..<(call.rightParen ?? call.leftParen ?? member.declName.baseName).endPositionBeforeTrailingTrivia.utf8Offset,
            related: [WorkspaceRuleSupport.related(reached, "`\(reached.hazard.member)` chooses between two views here")],
            loweredSeverity: shows ? nil : .info))
    }

    /// The view types `view` builds: those it calls by name, and those a helper of the enclosing type
    /// it calls (`card()`, `self.header`) builds in its own code, helpers up to three deep. Nil when a
    /// helper it calls is not declared in this type's code in this file (what it builds is not known).
    static func viewTypes(builtBy view: ExprSyntax, in context: RuleContext) -> [String]? {
        let members = WorkspaceRuleSupport.typeMembersInFile(around: view)
        var visited: Set<String> = []
        return viewTypes(in: Syntax(view), members: members, depth: 0, visited: &visited, context: context)
    }

    /// `viewTypes(builtBy:in:)` for one piece of code, following the type's helpers it calls up to three deep.
    private static func viewTypes(in node: Syntax, members: [MemberBlockItemSyntax], depth: Int, visited: inout Set<String>,
                                  context: RuleContext) -> [String]? {
        var names = WorkspaceRuleSupport.calledTypeNames(in: node)
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, !TypeNames.startsUppercase(name),
                  let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            // A helper: a call of a bare name (`card()`, `self.card()`), or a computed property of the type (`header`, `self.header`).
            var used = Syntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { continue }
                used = Syntax(member)
            }
            let isCall = used.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == used.id
            guard isCall || context.enclosingType?.property(named: name)?.isComputed == true else { continue }
            guard visited.insert(name).inserted else { continue }
            guard depth < 3, let code = members.lazy.compactMap({ item -> Syntax? in
                if isCall, let function = item.decl.as(FunctionDeclSyntax.self), function.name.text == name { return function.body.map(Syntax.init) }
                if !isCall, let variable = item.decl.as(VariableDeclSyntax.self),
                   let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }) {
                    return binding.accessorBlock.map(Syntax.init)
                }
                return nil
            }).first,
                  let inner = viewTypes(in: code, members: members, depth: depth + 1, visited: &visited, context: context)
            else { return nil }
            names += inner
        }
        return names
    }

    /// How a modifier is written once with an inert value, for the message.
    static let inertExamples: [String: String] = [
        "redacted": "`.redacted(reason: c ? .placeholder : [])`", "padding": "`.padding(c ? 8 : 0)`", "opacity": "`.opacity(c ? 0 : 1)`",
        "foregroundColor": "`.foregroundColor(c ? .red : nil)`", "font": "`.font(c ? .headline : nil)`", "tint": "`.tint(c ? .red : nil)`",
        "fontWeight": "`.fontWeight(c ? .bold : nil)`", "disabled": "`.disabled(c)`", "blur": "`.blur(radius: c ? 4 : 0)`",
        "frame": "`.frame(maxHeight: c ? 120 : nil)`", "offset": "`.offset(y: c ? 8 : 0)`", "scaleEffect": "`.scaleEffect(c ? 0.9 : 1)`",
        "shadow": "`.shadow(radius: c ? 4 : 0)`", "allowsHitTesting": "`.allowsHitTesting(!c)`", "accessibilityHidden": "`.accessibilityHidden(c)`",
        "grayscale": "`.grayscale(c ? 1 : 0)`", "saturation": "`.saturation(c ? 0 : 1)`", "brightness": "`.brightness(c ? 0.2 : 0)`",
        "contrast": "`.contrast(c ? 0.5 : 1)`", "hueRotation": "`.hueRotation(.degrees(c ? 90 : 0))`",
        "rotationEffect": "`.rotationEffect(.degrees(c ? 90 : 0))`", "rotation3DEffect": "`.rotation3DEffect(.degrees(c ? 180 : 0), axis: (0, 1, 0))`",
        "border": "`.border(c ? Color.red : .clear)`", "zIndex": "`.zIndex(c ? 1 : 0)`", "layoutPriority": "`.layoutPriority(c ? 1 : 0)`",
        "cornerRadius": "`.clipShape(.rect(cornerRadius: c ? 8 : 0))`",
    ]

    /// The inert form of the first of `modifiers` the message can show.
    static func inertExample(_ modifiers: [String]) -> String {
        modifiers.lazy.compactMap { inertExamples[$0] }.first ?? "`.\(modifiers.first ?? "modifier")(…)` with a value that leaves the view as it is"
    }

    /// Modifiers a transform closure may apply that have an inert value to apply unconditionally.
    static let transformInertModifiers = inertModifiers.union(["redacted", "accessibilityHidden"])

    /// The modifiers a transform closure applies to its view (`{ $0.redacted(reason: r).opacity(0.5) }`
    /// → `redacted`, `opacity`), or nil when it is not one chain of modifiers on its parameter.
    static func transformModifiers(_ closure: ClosureExprSyntax) -> [String]? {
        guard closure.statements.count == 1, var expression = closure.statements.first?.item.as(ExprSyntax.self) else { return nil }
        let parameter = closure.parameterNames.first ?? "$0"
        var names: [String] = []
        while let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base {
            // `.accessibility(hidden: true)` is the older spelling of `.accessibilityHidden(true)`.
            let name = member.declName.baseName.text
            names.append(name == "accessibility" && call.arguments.map({ $0.label?.text }) == ["hidden"] ? "accessibilityHidden" : name)
            expression = base
        }
        guard !names.isEmpty, expression.as(DeclReferenceExprSyntax.self)?.baseName.text == parameter else { return nil }
        return names
    }

    /// The condition reads state that changes while the view lives: a dynamic property (as for
    /// `if`/`else`), a parameter of the enclosing helper method (what `body` passes on each render),
    /// or a local of the enclosing code whose initializer reads either. A row's closure parameter
    /// (`message.isPinned`) or a `let` of the view stays fixed.
    static func conditionChanges(_ condition: ExprSyntax, at node: Syntax, in context: RuleContext) -> Bool {
        // The device's idiom (`model.userInterfaceIdiom == .phone`, `UIDevice.current…`) is fixed for the device.
        if condition.tokens(viewMode: .sourceAccurate).contains(where: { deviceConstantNames.contains($0.text) }) { return false }
        if WorkspaceRuleSupport.readsChangingState(condition, in: context) { return true }
        let parameters = Set((context.enclosingFunction?.node.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters ?? [])
            .map { $0.localName })
        for name in condition.referencedNames {
            if parameters.contains(name) { return true }
            guard let initializer = node.localInitializer(of: name) else { continue }
            if WorkspaceRuleSupport.readsChangingState(initializer, in: context) { return true }
            if initializer.referencedNames.contains(where: parameters.contains) { return true }
        }
        return false
    }

    /// The `if`'s conditions read state that changes while the view lives: directly, or through a local
    /// of the enclosing code whose initializer does (`let rank = Rank.judge(model.count)`; `if rank == r`).
    static func conditionsChange(_ conditions: ConditionElementListSyntax, in context: RuleContext) -> Bool {
        if WorkspaceRuleSupport.readsChangingState(conditions, in: context) { return true }
        if conditions.tokens(viewMode: .sourceAccurate).contains(where: { deviceConstantNames.contains($0.text) }) { return false }
        return conditions.referencedNames.contains { name in
            guard let initializer = conditions.localInitializer(of: name),
                  !initializer.tokens(viewMode: .sourceAccurate).contains(where: { deviceConstantNames.contains($0.text) }) else { return false }
            return WorkspaceRuleSupport.readsChangingState(initializer, in: context)
        }
    }

    /// Names of what a device fixes: a condition reading one does not change while the view lives.
    static let deviceConstantNames: Set<String> = ["userInterfaceIdiom", "UIDevice", "isPad", "isPhone", "isMac"]

    /// Modifiers that take a same-typed argument with an inert value (opacity 1, padding 0,
    /// a frame with no sizes, offset zero, scale 1, blur 0, …): missing in one branch, they
    /// can be written once with `c ? value : inert`.
    static let inertModifiers: Set<String> = [
        "opacity", "padding", "frame", "offset", "scaleEffect", "blur", "rotationEffect", "rotation3DEffect",
        "brightness", "contrast", "saturation", "grayscale", "hueRotation", "shadow", "border", "zIndex",
        "layoutPriority", "disabled", "allowsHitTesting", "cornerRadius",
        // An optional argument whose `nil` leaves the view as it was (`.foregroundColor(c ? .red : nil)`).
        "foregroundColor", "font", "fontWeight", "tint",
    ]

    /// Modifiers whose argument has one concrete type, so two branches' values fit one ternary
    /// (`.font(c ? .caption : .title)`). Generic ones (`buttonStyle`, `foregroundStyle`, `background`,
    /// `clipShape`, …) take alternatives of different types: not here.
    static let sameTypedModifiers: Set<String> = inertModifiers.union([
        "font", "fontWeight", "fontDesign", "lineLimit", "foregroundColor", "multilineTextAlignment", "kerning",
        "tracking", "imageScale", "controlSize", "accentColor", "minimumScaleFactor", "lineSpacing",
    ])

    /// The first modifier that makes the branches differ, when each difference can be one
    /// modifier with a conditional argument: the same modifiers with different arguments of
    /// one type, or modifiers only one branch has that take an inert value. Nil otherwise
    /// (different types, closures, modifiers without arguments, reordered chains).
    /// "`a`", "`a` and `b`", "`a`, `b` and `c`".
    static func listed(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// The names of the modifiers the two chains differ by (each once, in chain order), or nil
    /// when they differ otherwise.
    static func differingModifier(_ thenModifiers: [FunctionCallExprSyntax], _ elseModifiers: [FunctionCallExprSyntax]) -> [String]? {
        let first = thenModifiers.map(ModifierStep.init), second = elseModifiers.map(ModifierStep.init)
        if first.map(\.name) == second.map(\.name) {
            let differing = zip(first, second).filter { $0.0.arguments != $0.1.arguments }.map(\.0)
            guard !differing.isEmpty, differing.allSatisfy({ $0.canTakeConditional(in: sameTypedModifiers) }) else { return nil }
            return unique(differing.map(\.name))
        }
        // One branch adds modifiers: the other's chain must be a subsequence with the same arguments.
        let (longer, shorter) = first.count > second.count ? (first, second) : (second, first)
        var extras: [ModifierStep] = []
        var index = shorter.startIndex
        for step in longer {
            if index < shorter.endIndex, shorter[index] == step { index += 1 } else { extras.append(step) }
        }
        guard index == shorter.endIndex, !extras.isEmpty, extras.allSatisfy({ $0.canTakeConditional(in: inertModifiers) }) else { return nil }
        return unique(extras.map(\.name))
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// One modifier call as the comparison needs it.
    struct ModifierStep: Equatable {
        var name: String
        var arguments: String
        var hasClosure: Bool

        init(_ call: FunctionCallExprSyntax) {
            name = call.modifierName ?? ""
            arguments = call.arguments.trimmedText.collapsingWhitespace
            hasClosure = call.trailingClosure != nil || !call.additionalTrailingClosures.isEmpty
        }

        func canTakeConditional(in names: Set<String>) -> Bool { names.contains(name) && !hasClosure }
    }

    /// `V(…)`/`V { … }` with a type name, or a view held in a variable (`content`, `label`).
    private static func isViewRoot(_ root: ExprSyntax) -> Bool {
        if let call = root.as(FunctionCallExprSyntax.self), let name = call.calleeName, let first = name.first {
            return first.isUppercase && call.calledExpression.as(MemberAccessExprSyntax.self) == nil
        }
        if let reference = root.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isLowercase == true
        }
        return false
    }
}
