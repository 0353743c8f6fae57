import GotchasCore
import SwiftSyntax

/// `@ViewBuilder` helper functions inside a view share its dependencies and have no
/// preview of their own; a small subview is usually clearer and cheaper.
struct ViewBuilderHelperFunctionRule: Rule {
    static let description = RuleDescription(
        id: "viewbuilder-helper-function",
        category: .state,
        severity: .hint,
        optIn: true,
        seed: "002",
        summary: "A `@ViewBuilder func` / `func … -> some View` helper inside a `View`.",
        rationale: """
            A helper function that builds part of a view's body runs as part of that body: it re-runs \
            whenever anything the parent reads changes, cannot hold its own `@State`, and cannot be \
            previewed alone. Extract a subview (`struct Row: View`) that takes only what it shows.
            """,
        notFlagged: [
            "computed `@ViewBuilder` properties",
            "modifier extensions on `View`",
            "static factories and non-view helpers",
        ],
        severityReason: "a taste rule.",
        asks: [.declaration],
        triggers: ["View"],
        triggering: [
            """
            struct Profile: View {
                var body: some View { header(user) }
                @ViewBuilder
                private ↓func header(_ user: User) -> some View {
                    Text(user.name)
                }
            }
            """,
            """
            struct Profile: View {
                var body: some View { badge() }
            }
            extension Profile {
                ↓func badge() -> some View { Image(systemName: "star") }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct Profile: View {
                    var body: some View { header }
                    @ViewBuilder private var header: some View { Text("x") }
                }
                """, note: "a computed @ViewBuilder property"),
            RuleExample("""
                extension View {
                    func card() -> some View { padding().background(.thinMaterial) }
                }
                """, note: "a modifier extension on View"),
            RuleExample("""
                struct Card: ViewModifier {
                    func body(content: Content) -> some View { content.padding() }
                }
                """, note: "a ViewModifier's body"),
            RuleExample("""
                final class Factory {
                    func make() -> some View { Text("x") }
                }
                """, note: "not inside a View"),
            RuleExample("""
                struct Profile: View {
                    var body: some View { Text(title()) }
                    func title() -> String { "x" }
                }
                """, note: "a helper that does not build views"),
            RuleExample("""
                struct Profile: View {
                    var body: some View { Self.placeholder() }
                    static func placeholder() -> some View { Text("x") }
                }
                """, note: "a static factory"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionDecl]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let function = node.cast(FunctionDeclSyntax.self)
        guard let view = context.enclosingView, view.inherits("View") || context.type(named: view.name)?.inherits("View") == true,
              context.enclosingFunction == nil,
              !function.modifiers.contains("static"), !function.modifiers.contains("class"),
              function.name.text != "body",
              function.attributes.contains("ViewBuilder") || function.signature.returnClause?.type.isViewType == true
        else { return }
        report.append(Finding(
            message: "A view-building helper function re-runs with the whole body and can't be previewed alone; extract a subview that takes only what it shows",
            range: function.funcKeyword.byteRange.lowerBound..<function.name.byteRange.upperBound))
    }
}
