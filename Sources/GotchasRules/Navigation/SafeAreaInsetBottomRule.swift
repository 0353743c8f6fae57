import GotchasCore
import SwiftSyntax

/// A bottom bar made with `.safeAreaInset(edge: .bottom)` bypasses the system bar and
/// loses the scroll-edge effect. The default is `ToolbarItem(placement: .bottomBar)`;
/// the escape hatch for a custom bar is `.safeAreaBar(edge: .bottom)`.
struct SafeAreaInsetBottomRule: CallRule {
    static let description = RuleDescription(
        id: "safe-area-inset-bottom",
        category: .navigation,
        severity: .hint,
        seed: "000 G7",
        summary: "`.safeAreaInset(edge: .bottom)` on a `ScrollView`, `List` or `Form`, used as a bottom bar.",
        rationale: """
            `ToolbarItem(placement: .bottomBar)` gets the system's spacing, blur and navigation integration \
            for free. For a custom bottom bar, `.safeAreaBar(edge: .bottom)` (iOS 26) keeps the scroll edge \
            effect at the content's edge; `.safeAreaInset` does not.
            """,
        notFlagged: [
            "other edges",
            "content that does not scroll",
            "a composer or text input",
            "a control aligned to one side",
            "a view whose tree holds state",
            "an indicator with no controls (a count, a status pill)",
            "below iOS 26, where a bottom toolbar would restyle a custom bar",
        ],
        fixSafety: "Renames the modifier to `.safeAreaBar`. Unsafe: it needs the iOS 26 SDK; withheld below an iOS 26 deployment target.",
        severityReason: "a better-integrated API exists.",
        asks: [.viewTreeHoldsState, .buildsControl],
        fix: .unsafe,
        // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/bottombar.md: iOS 14, watchOS 10, visionOS 1, no macOS; tvOS 18 only inside a NavigationSplitView sidebar, so not a bottom bar there
        // Below iOS 26 the only advice left, `ToolbarItem(placement: .bottomBar)`, restyles a custom
        // bar (a full-width button, rounded controls) as system toolbar items: not a fix.
        requires: .os(iOS: OSVersion(26), macOS: nil, tvOS: nil, watchOS: OSVersion(26), visionOS: OSVersion(26)),
        // https://developer.apple.com/documentation/swiftui/view/safeareabar(edge:alignment:spacing:content:)-9hwgb.md (26 on every platform)
        fixRequires: .os(iOS: OSVersion(26), macOS: OSVersion(26), tvOS: OSVersion(26), watchOS: OSVersion(26), visionOS: OSVersion(26)),
        triggering: [
            RuleExample("""
                @available(iOS 26, watchOS 26, visionOS 26, *)
                struct Inbox: View {
                    var body: some View {
                        List(messages) { MessageRow(message: $0) }
                            ↓.safeAreaInset(edge: .bottom) {
                                ComposeBar()
                            }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(13)]),
            """
            struct Inbox: View {
                var body: some View {
                    List(messages) { MessageRow(message: $0) }
                        ↓.safeAreaInset(edge: .bottom) {
                            ComposeBar()
                        }
                }
            }
            """,
            """
            struct Player: View {
                var body: some View {
                    ScrollView { Tracks() }↓.safeAreaInset(edge: VerticalEdge.bottom, spacing: 0) { MiniPlayer() }
                }
            }
            """,
            """
            struct Checkout: View {
                @ViewBuilder var content: some View {
                    Form { Fields() }
                        ↓.safeAreaInset(
                            edge: .bottom,
                            alignment: .center
                        ) {
                            PayButton()
                        }
                }
                var body: some View { content }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct Documents: View {
                    var body: some View {
                        List(documents) { DocumentRow(document: $0) }
                            .safeAreaInset(edge: .bottom) { CountPill(total: documents.count) }
                    }
                }
                """, note: "an indicator with no controls floats over the list: not a bar", otherFiles: [
                    "CountPill.swift": "struct CountPill: View {\n    let total: Int\n    var body: some View { Text(\"\\(total) documents\").padding().background(.thinMaterial, in: Capsule()) }\n}",
                ]),
            RuleExample("""
                #if os(macOS)
                struct Inbox: View {
                    var body: some View {
                        List(messages) { MessageRow(message: $0) }
                            .safeAreaInset(edge: .bottom) {
                                HStack { Button("Compose") { compose() } }
                                    .padding()
                                    .background(.bar)
                            }
                    }
                }
                #endif
                """, note: "in `#if os(macOS)` code: macOS has no bottom toolbar"),
            RuleExample("""
                struct Inbox: View {
                    var body: some View {
                        List(messages) { MessageRow(message: $0) }
                            .safeAreaInset(edge: .bottom) {
                                ComposeBar()
                            }
                    }
                }
                """, note: "deployment target iOS 13: what the advice needs does not exist there", platforms: [.iOS: OSVersion(13)]),
            RuleExample("""
                struct Checkout: View {
                    var body: some View {
                        ScrollView { Fields() }
                            .safeAreaInset(edge: .bottom) {
                                Button { pay() } label: { Text("Pay").frame(maxWidth: .infinity) }
                                    .buttonStyle(.borderedProminent)
                                    .padding()
                            }
                    }
                }
                """, note: "deployment target iOS 17: a bottom toolbar would restyle this custom bar, and `.safeAreaBar` needs iOS 26", platforms: [.iOS: OSVersion(17)]),
            RuleExample("""
                struct Inbox: View {
                    var body: some View {
                        List(messages) { MessageRow(message: $0) }
                            .safeAreaInset(edge: .top) { FilterBar() }
                            .safeAreaInset(edge: .leading) { Rail() }
                    }
                }
                """, note: "other edges"),
            RuleExample("""
                struct Inbox: View {
                    var body: some View {
                        List(messages) { MessageRow(message: $0) }
                            .safeAreaBar(edge: .bottom) { ComposeBar() }
                            .toolbar { ToolbarItem(placement: .bottomBar) { ComposeButton() } }
                    }
                }
                """, note: "the recommended spellings"),
            RuleExample("""
                struct Inbox: View {
                    let edge: VerticalEdge
                    var body: some View {
                        List(messages) { MessageRow(message: $0) }
                            .safeAreaInset(edge: edge) { ComposeBar() }
                    }
                }
                """, note: "an edge we cannot read"),
            RuleExample("""
                struct Onboarding: View {
                    var body: some View {
                        VStack { Header(); Spacer() }
                            .safeAreaInset(edge: .bottom) { ContinueButton() }
                        content
                            .safeAreaInset(edge: .bottom) { Footer() }
                    }
                }
                """, note: "not over scrollable content (`ScrollView`, `List`, `Form`), or content we cannot see: no scroll edge effect to lose"),
            RuleExample("""
                struct Room: View {
                    var body: some View {
                        ScrollView { Timeline() }
                            .safeAreaInset(edge: .bottom, spacing: 0) {
                                VStack {
                                    RoomFooter()
                                    composer.padding(.top, 8)
                                }
                            }
                        List(comments) { Comment($0) }
                            .safeAreaInset(edge: .bottom) {
                                HStack { TextField("Reply", text: $reply); Button("Send", action: send) }
                            }
                    }
                }
                """, note: "the inset holds a message composer or text field, not a bar: a bottom toolbar cannot host it"),
            RuleExample("""
                struct NewTab: View {
                    var body: some View {
                        ScrollView { Favorites() }
                            .safeAreaInset(edge: .bottom, alignment: .trailing) { CustomizeButton().padding() }
                    }
                }
                """, note: "a control aligned to one side floats over the content; it is not a bar"),
        ],
        corrections: [
            RuleCorrection("""
                List(messages) { MessageRow(message: $0) }
                    .safeAreaInset(edge: .bottom, spacing: 8) { // compose
                        ComposeBar()
                    }
                """, """
                List(messages) { MessageRow(message: $0) }
                    .safeAreaBar(edge: .bottom, spacing: 8) { // compose
                        ComposeBar()
                    }
                """, applicability: .unsafe),
            RuleCorrection("""
                List(messages) { MessageRow(message: $0) }
                    .safeAreaInset(edge: .bottom) { ComposeBar() }
                """, """
                List(messages) { MessageRow(message: $0) }
                    .safeAreaInset(edge: .bottom) { ComposeBar() }
                """, applicability: .unsafe, platforms: [.iOS: OSVersion(18)]),
        ])

    static let calledNames: Set<String> = ["safeAreaInset"]
    static let scrollableContent: Set<String> = ["ScrollView", "List", "Form"]
    static let sideAlignments: Set<String> = [".leading", ".trailing", "HorizontalAlignment.leading", "HorizontalAlignment.trailing"]
    static let textInputViews: Set<String> = ["TextField", "TextEditor", "SecureField"]

    /// The content builds a view type of the workspace whose tree holds state (an input view with
    /// its own text and focus, `ConversationInputView`): a bar of buttons and labels holds none.
    static func buildsStatefulView(_ content: ClosureExprSyntax, in context: RuleContext) -> Bool {
        WorkspaceRuleSupport.calledTypeNames(in: content).contains { context.viewTreeHoldsState(rootedAt: $0) == true }
    }

    /// The content may build a control the user acts on: a system control, or a view whose tree builds
    /// one (a type no file declares, other than a passive system view, may). A count or status
    /// pill with no controls is an indicator floating over the content, not a bar.
    static func mayBuildControl(_ content: ClosureExprSyntax, in context: RuleContext) -> Bool {
        if content.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "onTapGesture" }) { return true }
        // A member or a helper (`metadataBar`, `bar()`) builds what this code does not show.
        let shown = content.statements.allSatisfy { item in
            guard let expression = item.item.as(ExprSyntax.self), let root = Self.chainRoot(expression).as(FunctionCallExprSyntax.self),
                  let callee = root.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
            return TypeNames.startsUppercase(callee)
        }
        if !shown { return true }
        return WorkspaceRuleSupport.calledTypeNames(in: content).contains { name in
            if WorkspaceIndex.controls.contains(name) { return true }
            if ForEachIndexIdentityRule.statelessSystemViews.contains(name) { return false }
            return context.viewTreeBuildsControl(rootedAt: name) != false
        }
    }

    /// The inset's content names a text input view or a composer (`composer`, `MessageComposer`,
    /// `ComposerToolbar`): an identifier anywhere in the closure.
    static func holdsTextInput(_ content: ClosureExprSyntax) -> Bool {
        content.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            return textInputViews.contains(name) || name.contains("Composer") || name.hasPrefix("composer")
        }
    }

    /// The view at the bottom of the modifier chain, through `#if` blocks inside the chain.
    static func chainRoot(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression.unwrapped
        while true {
            if let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                current = base.unwrapped
            } else if let conditional = current.as(PostfixIfConfigExprSyntax.self), let base = conditional.base {
                current = base.unwrapped
            } else {
                return current
            }
        }
    }

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let edge = call.argument(labeled: "edge")?.expression.dottedName,
              edge == ".bottom" || edge == "VerticalEdge.bottom" || edge == "SwiftUI.VerticalEdge.bottom",
              // Only over scrollable content: the scroll edge effect is what the inset loses. A
              // fixed screen (a `VStack` with a button) or content we cannot see stays quiet.
              let base = member.base, let content = Self.chainRoot(base).as(FunctionCallExprSyntax.self),
              let contentName = content.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              Self.scrollableContent.contains(contentName)
        else { return }
        // A control aligned to one side (`alignment: .trailing`) floats over the content: not a bar.
        if let alignment = call.argument(labeled: "alignment")?.expression.dottedName, Self.sideAlignments.contains(alignment) { return }
        // A composer or text input pinned above the keyboard is not a toolbar: a bar holds buttons and
        // labels, and `ToolbarItem(placement: .bottomBar)` cannot host a growing text field.
        if let content = call.trailingClosure ?? call.argument(labeled: "content")?.expression.as(ClosureExprSyntax.self),
           Self.holdsTextInput(content) || Self.buildsStatefulView(content, in: context) || !Self.mayBuildControl(content, in: context) {
            return
        }
        // Unsafe: `.safeAreaBar` adds the system bar's scroll edge effect and styling, a visible change.
        let fix = Fix(title: "Replace with `.safeAreaBar(edge: .bottom)`", applicability: .unsafe,
                      edits: [TextEdit(range: member.declName.baseName.byteRange, replacement: "safeAreaBar")])
        report.append(Finding(
            message: "A bottom bar built with `.safeAreaInset(edge: .bottom)` skips the system bar styling and the scroll edge effect; prefer `ToolbarItem(placement: .bottomBar)`, or `.safeAreaBar(edge: .bottom)` for a custom bar",
            range: call.rangeFromCalleeName, fixes: [fix]))
    }
}
