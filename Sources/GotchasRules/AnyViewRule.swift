import GotchasCore
import SwiftSyntax

/// `AnyView` erases the view's type: SwiftUI can no longer diff its structure, and
/// in `List`/`ForEach` rows it must build every row to learn what it contains.
struct AnyViewRule: Rule {
    static let description = RuleDescription(
        id: "any-view",
        category: .state,
        severity: .warning,
        seed: "003 r6, 004 §3",
        summary: "`AnyView(…)`/`.eraseToAnyView()` erase the view type; use `@ViewBuilder`, `switch` or generics.",
        rationale: """
            `AnyView` hides the view's type from SwiftUI: every change of what is inside is a new identity \
            (state resets, transitions instead of updates), diffing is slower, and in `List`/`Table` rows \
            SwiftUI must build every row up front to count its views — so inside `List`/`ForEach` content \
            it is reported as an error. Return `some View` from a `@ViewBuilder` property or function, use \
            `switch`/`if` inside it, or make the container generic over its content. Only the calls are \
            flagged: `AnyView` as a type in a signature, strings and comments are not, nor the body of an \
            `eraseToAnyView()` helper itself (its call sites are), nor an `AnyView` returned from a member \
            of a non-`View` type whose declared type is `AnyView` (a coordinator's `toPresentable() -> AnyView`, \
            a protocol requirement at a hosting boundary): the signature is fixed and there is no \
            `@ViewBuilder` to return instead.
            """,
        triggers: ["AnyView"],
        triggering: [
            """
            var body: some View {
                ↓AnyView(Text("a"))
            }
            """,
            """
            List(items) { item in
                if item.isHeader {
                    ↓AnyView(Header(item))
                } else {
                    Row(item)
                        .padding()
                        ↓.eraseToAnyView()
                }
            }
            """,
            "func make() -> AnyView { ↓AnyView.init(Text(\"a\")) }",
            """
            struct Card: View {
                var body: some View { header }
                var header: AnyView { ↓AnyView(Text("a")) }
            }
            """,
            """
            final class ProfileCoordinator {
                func toPresentable() -> AnyView {
                    AnyView(NavigationStack { ↓AnyView(ProfileView()) })
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("var cache: [String: AnyView] = [:]", note: "the type in a signature"),
            RuleExample("""
                extension View {
                    func eraseToAnyView() -> AnyView { AnyView(self) }
                }
                """, note: "the helper's own body"),
            RuleExample("Text(\"AnyView(x)\")", note: "inside a string"),
            RuleExample("// AnyView(Text(\"a\"))", note: "inside a comment"),
            RuleExample("MyAnyViewWrapper(Text(\"a\"))", note: "a name that contains it"),
            RuleExample("""
                protocol Presentable { func toPresentable() -> AnyView }
                final class ProfileCoordinator: Presentable {
                    func toPresentable() -> AnyView {
                        AnyView(ProfileView(coordinator: self))
                    }
                }
                """, note: "a non-View type's member declared `-> AnyView`: a hosting boundary with no `@ViewBuilder` alternative"),
            RuleExample("""
                struct SettingsRoute: Route {
                    var destination: AnyView {
                        if isSignedIn { return AnyView(AccountView()) }
                        return AnyView(SignInView())
                    }
                }
                """, note: "the same boundary as a property declared `AnyView`, returned from each branch"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let callees: Set<String>? = ["AnyView", "init", "eraseToAnyView"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        let range: Range<Int>
        let written: String
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "AnyView" {
            range = call.byteRange
            written = "AnyView(…)"
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "AnyView", member.declName.baseName.text == "init" {
            range = call.byteRange
            written = "AnyView(…)"
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
                  member.declName.baseName.text == "eraseToAnyView", call.arguments.isEmpty {
            range = call.rangeFromCalleeName
            written = ".eraseToAnyView()"
        } else {
            return
        }
        if context.enclosingFunction?.name == "eraseToAnyView" { return }
        // A hosting boundary: a non-View type's member declared `-> AnyView` (a coordinator's
        // `toPresentable()`, a route's `destination: AnyView`) that returns this `AnyView`. Its
        // signature is fixed (often by a protocol), so there is no `@ViewBuilder` to use instead.
        if Self.isReturnedFromAnyViewMemberOfNonView(call, in: context) { return }
        let inRows = context.isInside(["List", "ForEach"])
        report.append(Finding(
            message: "`\(written)` erases the view's type, so SwiftUI loses its structural identity and diffs it slowly"
                + (inRows ? " — and in List/ForEach rows must build every row up front" : "")
                + "; return `some View` from a `@ViewBuilder` (with `if`/`switch`) or use generics",
            range: range, severityOverride: inRows ? .error : nil))
    }

    private static func isReturnedFromAnyViewMemberOfNonView(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let type = context.enclosingType, !type.isView, context.type(named: type.name)?.isView != true,
              !["View", "ViewModifier"].contains(type.name),
              let frame = context.enclosingFunction, let declared = frame.node.declaredResultType,
              TypeNames.strippingOptional(declared) == "AnyView"
        else { return false }
        return ExprSyntax(call).isInReturnPosition(of: frame.node)
    }
}
