import GotchasCore
import SwiftSyntax

/// A view without a preview is a view nobody sees until it runs in the app.
struct MissingPreviewRule: Rule {
    static let description = RuleDescription(
        id: "missing-preview",
        category: .state,
        severity: .hint,
        optIn: true,
        seed: "002",
        summary: "A non-private `View` type in a file with no `#Preview` or `PreviewProvider`.",
        rationale: """
            Previews are where a view's states (empty, loading, long text, large Dynamic Type, dark mode) \
            get looked at while writing it. Without a `#Preview` they are only seen in the running app.
            """,
        notFlagged: [
            "a `PreviewProvider`, also inside `#if DEBUG`",
            "private helper views",
            "view modifiers and apps",
        ],
        severityReason: "a taste rule.",
        triggers: ["View"],
        triggering: [
            """
            import SwiftUI
            struct ↓ProfileCard: View {
                var body: some View { Text("x") }
            }
            """,
            """
            import SwiftUI
            public struct ↓Badge: SwiftUI.View {
                public var body: some View { Text("x") }
            }
            private struct Helper: View {
                var body: some View { Text("y") }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                import SwiftUI
                struct ProfileCard: View {
                    var body: some View { Text("x") }
                }
                #Preview { ProfileCard() }
                """),
            RuleExample("""
                import SwiftUI
                struct ProfileCard: View {
                    var body: some View { Text("x") }
                }
                #if DEBUG
                struct ProfileCard_Previews: PreviewProvider {
                    static var previews: some View { ProfileCard() }
                }
                #endif
                """, note: "a PreviewProvider inside #if DEBUG"),
            RuleExample("""
                import SwiftUI
                private struct Helper: View {
                    var body: some View { Text("y") }
                }
                """, note: "private helper views"),
            RuleExample("""
                import SwiftUI
                struct Bold: ViewModifier {
                    func body(content: Content) -> some View { content.bold() }
                }
                """, note: "a ViewModifier"),
            RuleExample("""
                import SwiftUI
                @main struct GardenApp: App {
                    var body: some Scene { WindowGroup { Text("x") } }
                }
                """, note: "an App"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.sourceFile]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let file = node.cast(SourceFileSyntax.self)
        var views: [StructDeclSyntax] = []
        var hasPreview = false
        Self.scan(file.statements, views: &views, hasPreview: &hasPreview, context: context)
        guard !hasPreview else { return }
        for view in views {
            report.append(Finding(
                message: "`\(view.name.text)` has no `#Preview` in this file; add one to look at its states (empty, long text, Dynamic Type, dark mode) while writing it",
                range: view.name.byteRange))
        }
    }

    /// Top-level declarations, including those inside `#if` blocks.
    private static func scan(_ items: CodeBlockItemListSyntax, views: inout [StructDeclSyntax], hasPreview: inout Bool, context: RuleContext) {
        for item in items {
            let syntax = Syntax(item.item)
            if let macro = syntax.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { hasPreview = true }
            if let statement = syntax.as(ExpressionStmtSyntax.self)?.expression.as(MacroExpansionExprSyntax.self),
               statement.macroName.text == "Preview" { hasPreview = true }
            if let macro = syntax.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { hasPreview = true }
            if let decl = syntax.as(StructDeclSyntax.self) {
                let inherited = decl.inheritanceClause?.typeNames ?? []
                if inherited.contains(where: { $0 == "PreviewProvider" || $0 == "SwiftUI.PreviewProvider" }) { hasPreview = true }
                let isView = inherited.contains { $0 == "View" || $0 == "SwiftUI.View" }
                    || context.fileTypes[decl.name.text]?.inherits("View") == true
                if isView, !decl.modifiers.isPrivate { views.append(decl) }
            }
            if let ifConfig = syntax.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    if case .statements(let statements) = clause.elements {
                        scan(statements, views: &views, hasPreview: &hasPreview, context: context)
                    }
                }
            }
        }
    }
}
