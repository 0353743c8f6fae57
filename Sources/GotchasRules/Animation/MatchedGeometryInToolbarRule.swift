import GotchasCore
import SwiftSyntax

/// Toolbar items are hosted by the navigation bar (UIKit on iOS): a `@Namespace`
/// does not reach across that boundary, so `matchedGeometryEffect` does nothing there.
struct MatchedGeometryInToolbarRule: CallRule {
    static let description = RuleDescription(
        id: "matched-geometry-in-toolbar",
        category: .animation,
        severity: .warning,
        seed: "000, A3",
        summary: "`.matchedGeometryEffect` inside `.toolbar { }` / `ToolbarItem` content.",
        rationale: """
            Toolbar content is hosted by the system bar, outside the view tree that owns the `@Namespace`, \
            so a matched-geometry flight into or out of a `ToolbarItem` silently does nothing. Build the \
            flight as an overlay: read both frames with a preference key, draw a copy in a top-level \
            `ZStack`, and drive it with one `@State` progress value.
            """,
        notFlagged: [
            "matched geometry in the main content",
            "inside a popover presented from the toolbar",
        ],
        severityReason: "the animation the code asks for never runs.",
        triggering: [
            """
            struct Cart: View {
                @Namespace private var ns
                var body: some View {
                    List(items) { Row(item: $0) }
                        .toolbar {
                            ToolbarItem(placement: .topBarTrailing) {
                                Image(systemName: "cart")
                                    ↓.matchedGeometryEffect(id: "cart", in: ns)
                            }
                        }
                }
            }
            """,
            """
            var content: some View {
                Text("x").toolbar {
                    ToolbarItemGroup(placement: .bottomBar) {
                        if showBadge {
                            Badge()↓.matchedGeometryEffect(id: badgeID, in: namespace, isSource: false)
                        }
                    }
                }
            }
            """,
            """
            extension Screen {
                var body: some View {
                    NavigationStack { content }
                        .toolbar {
                            Button { add() } label: {
                                Label("Add", systemImage: "plus")
                                    ↓.matchedGeometryEffect(id: 1, in: ns)
                            }
                        }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                var body: some View {
                    HStack { Image(systemName: "cart").matchedGeometryEffect(id: "cart", in: ns) }
                        .toolbar { ToolbarItem { Text("Cart") } }
                }
                """, note: "matched geometry in the main content, next to a toolbar"),
            RuleExample("""
                var body: some View {
                    Text("x").toolbar {
                        ToolbarItem {
                            Button("Show") { show = true }
                                .popover(isPresented: $show) {
                                    Card().matchedGeometryEffect(id: 1, in: ns)
                                }
                        }
                    }
                }
                """, note: "inside a popover presented from the toolbar: its own hosted tree"),
            RuleExample("let matchedGeometryEffect = true", note: "a variable with the name"),
        ])

    static let calledNames: Set<String> = ["matchedGeometryEffect"]

    static let toolbarContainers: Set<String> = ["toolbar", "ToolbarItem", "ToolbarItemGroup"]
    /// Presentations open their own hosted tree, where a namespace works again.
    static let presentations: Set<String> = ["sheet", "popover", "fullScreenCover", "inspector", "alert", "confirmationDialog"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.modifierReceiver != nil,
              let toolbarIndex = context.containers.lastIndex(where: { Self.toolbarContainers.contains($0.name) }),
              !context.containers[(toolbarIndex + 1)...].contains(where: { Self.presentations.contains($0.name) })
        else { return }
        report.append(Finding(
            message: "`matchedGeometryEffect` inside toolbar content does nothing: the toolbar is hosted outside the namespace's view tree; draw the flight as an overlay driven by one `@State` progress value",
            range: call.rangeFromCalleeName))
    }
}
