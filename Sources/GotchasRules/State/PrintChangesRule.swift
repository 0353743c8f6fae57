import GotchasCore
import SwiftSyntax

/// `Self._printChanges()` / `Self._logChanges()` are private debugging hooks: left in
/// shipping code they log on every body evaluation.
struct PrintChangesRule: CallRule {
    static let description = RuleDescription(
        id: "print-changes",
        category: .state,
        severity: .warning,
        seed: "003 verifying",
        summary: "`Self._printChanges()`/`Self._logChanges()` left in code; remove it.",
        rationale: """
            `Self._printChanges()` and `Self._logChanges()` are underscored, debug-only SPI. Left in, they \
            log on every render of every instance, slowing hot views and cluttering the console, and may \
            change in any release.
            """,
        notFlagged: [
            "the names in strings or comments",
            "a debug helper in `extension View` or `extension ViewModifier`",
            "another library's debug operator",
        ],
        fixSafety: "Deletes the statement, and its line when it stands alone. Safe.",
        severityReason: "debug code left in; info in code only previews build (a `#Preview`, a view only previews build), where it never runs in the app.",
        asks: [.builtOnlyByPreviews],
        fix: .safe,
        triggering: [
            """
            var body: some View {
                let _ = ↓Self._printChanges()
                Text("Hi")
            }
            """,
            """
            struct Row: View {
                var body: some View {
                    VStack {
                        ↓Self._logChanges()
                        Text("a")
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                extension View {
                    func printingChanges() -> Self {
                        Self._printChanges()
                        return self
                    }
                }
                """, note: "a debug helper `extension View` offers on purpose: removing the call would change the helper"),
            RuleExample("""
                extension ViewModifier {
                    public func debugChanges(condition: Bool = false) {
                        if condition { Self._printChanges() }
                    }
                }
                """, note: "the same opt-in helper on `ViewModifier`"),
            RuleExample("""
                let store = Store(initialState: Feature.State()) {
                    Feature()
                        ._printChanges()
                }
                """, note: "a reducer's own debug operator (TCA), not SwiftUI's `Self._printChanges()`"),
            RuleExample("func printChanges() {}", note: "a different name"),
        ],
        corrections: [
            RuleCorrection("""
                var body: some View {
                    let _ = Self._printChanges()
                    Text("Hi") // keep me
                }
                """, """
                var body: some View {
                    Text("Hi") // keep me
                }
                """),
            RuleCorrection("var body: some View { let _ = Self._logChanges(); Text(\"Hi\") }",
                           "var body: some View { Text(\"Hi\") }"),
        ])

    static let calledNames: Set<String> = ["_printChanges", "_logChanges"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        // `Self._printChanges()` / `MyView._printChanges()`: SwiftUI's hook, called on the view type.
        // Not a method of a value (`Feature()._printChanges()`, a TCA reducer's own debug operator).
        guard let receiver = call.receiver, call.arguments.isEmpty, Self.isTypeReference(receiver) else { return }
        // In `extension View { … }` itself it is a helper any view can call on purpose (a library's
        // `_printChanges_printingChanges()`): removing it would change what the helper does.
        if let type = context.enclosingType, type.kind == .extension,
           ["View", "SwiftUI.View", "ViewModifier", "SwiftUI.ViewModifier"].contains(type.name) { return }
        var fixes: [Fix] = []
        if let statement = Self.statement(removing: call) {
            let range = context.document.deletionRange(removing: statement.byteRange)
            // Safe: the statement only logs (its value is discarded), so removing it changes nothing else.
            fixes.append(Fix(title: "Remove `\(callee)()`", applicability: .safe, edits: [.delete(range)]))
        }
        let range: Range<Int> = call.byteRange, offered = fixes
        // In code only previews build (a demo screen, its subviews) it never runs in the app.
        let previewOnly = WorkspaceRuleSupport.previewOnly(context, at: Syntax(call))
        context.decideLater { asking in
            guard previewOnly.answer(asking: asking) else {
                return [Finding(message: "`Self.\(callee)()` is a debug-only hook that logs on every body evaluation; remove it before shipping",
                                range: range, fixes: offered)]
            }
            return [Finding(message: "`Self.\(callee)()` is a debug-only hook; here only previews build the view, so it logs only in previews: remove it when done",
                            range: range, fixes: offered, loweredSeverity: .info)]
        }
    }

    /// `Self`, or an uppercase type name (`Profile`, `Feature.Row`).
    static func isTypeReference(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.tokenKind == .keyword(.Self) || TypeNames.startsUppercase(reference.baseName.text)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return TypeNames.startsUppercase(member.declName.baseName.text) && isTypeReference(base)
        }
        return false
    }

    /// The statement that only evaluates the call: `Self._printChanges()` or `let _ = Self._printChanges()`.
    private static func statement(removing call: FunctionCallExprSyntax) -> CodeBlockItemSyntax? {
        if let item = call.parent?.as(CodeBlockItemSyntax.self) { return item }
        guard let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
              binding.pattern.is(WildcardPatternSyntax.self),
              let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.bindings.count == 1
        else { return nil }
        return variable.parent?.as(CodeBlockItemSyntax.self)
    }
}
