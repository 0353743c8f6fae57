import GotchasCore
import SwiftSyntax

/// `@Environment(Model.self)` with a non-optional type traps at run time when no
/// ancestor called `.environment(model)`; an optional reads `nil` instead.
struct EnvironmentObservableNonOptionalRule: Rule {
    static let description = RuleDescription(
        id: "environment-observable-non-optional",
        category: .modernAPI,
        severity: .hint,
        optIn: true,
        seed: "004 §1",
        summary: "`@Environment(Model.self) var m: Model` is non-optional (opt-in).",
        rationale: """
            Reading `@Environment(Model.self)` as a non-optional `Model` crashes ("No Observable object of \
            type Model found") when no ancestor injected one, which is easy to hit from previews, sheets and \
            new entry points. Declare it `Model?` where presence is not guaranteed, and handle `nil`.
            """,
        notFlagged: [
            "an optional `Model?`",
            "key-path environment values",
            "`@EnvironmentObject`",
        ],
        severityReason: "a possible crash, opt-in because where an app injects the model at its root, non-optional is the intended design.",
        useInstead: "optional",
        // https://developer.apple.com/tutorials/data/documentation/observation/observable().md: `@Environment(Model.self)` reads an Observation type (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)
        requires: .os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10)),
        triggers: ["Environment"],
        triggering: [
            RuleExample("""
                @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
                struct CartView: View {
                    ↓@Environment(Cart.self) private var cart
                    var body: some View { Text("\\(cart.count)") }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(16)]),
            """
            struct CartView: View {
                ↓@Environment(Cart.self) private var cart
                var body: some View { Text("\\(cart.count)") }
            }
            """,
            """
            struct CartView: View {
                ↓@Environment(Store.Cart.self)
                var cart: Store.Cart
                var body: some View { Text("\\(cart.count)") }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct CartView: View {
                    @Environment(Cart.self) private var cart
                    var body: some View { Text("\\(cart.count)") }
                }
                """, note: "deployment target iOS 16: what the advice needs does not exist there", platforms: [.iOS: OSVersion(16)]),
            RuleExample("""
                struct CartView: View {
                    @Environment(Cart.self) private var cart: Cart?
                    @Environment(Cart.self) private var other: Optional<Cart>
                    var body: some View { Text("\\(cart?.count ?? 0)") }
                }
                """, note: "optional"),
            RuleExample("""
                struct CartView: View {
                    @Environment(\\.dismiss) private var dismiss
                    @EnvironmentObject var legacy: LegacyCart
                    var body: some View { Text("") }
                }
                """, note: "key-path environment values and `@EnvironmentObject`"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let variable = node.cast(VariableDeclSyntax.self)
        guard let attribute = variable.attributes.attribute(named: "Environment") ?? variable.attributes.attribute(named: "SwiftUI.Environment"),
              let base = attribute.environmentObjectType,
              variable.bindings.count == 1, let binding = variable.bindings.first
        else { return }
        if let type = binding.typeAnnotation?.type {
            if type.isOptionalSugar { return }
            if let generic = type.as(IdentifierTypeSyntax.self), generic.name.text == "Optional" { return }
        }
        let model = base.trimmedText
        report.append(Finding(
            message: "`@Environment(\(model).self)` is non-optional and crashes when no ancestor injected a `\(model)`; declare it `\(model)?` unless every path injects it",
            range: attribute.byteRange))
    }
}
