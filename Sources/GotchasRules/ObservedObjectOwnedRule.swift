import GotchasCore
import SwiftSyntax

/// `@ObservedObject` does not own its object: a view that creates one with
/// `@ObservedObject var m = Model()` gets a fresh model every time its parent
/// re-renders, losing all of the model's state.
struct ObservedObjectOwnedRule: Rule {
    static let description = RuleDescription(
        id: "observed-object-owned",
        category: .state,
        severity: .error,
        seed: "004 §2",
        summary: "`@ObservedObject var m = Model()` creates an object the view does not own; use `@StateObject`.",
        rationale: """
            `@ObservedObject` only observes an object someone else keeps alive. When the view itself creates \
            it (`@ObservedObject var model = Model()`), SwiftUI builds a new `Model` every time the parent \
            re-creates the view value — on any parent update — so loaded data, selections and in-flight work \
            are silently reset. Declare it `@StateObject private var model = Model()` (created once per view \
            identity), or move to `@Observable` with `@State`. Not flagged: `@ObservedObject var model: Model` \
            passed in by the parent, or a shared instance (`= Model.shared`).
            """,
        fix: .safe,
        // https://developer.apple.com/documentation/swiftui/stateobject.md (iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1)
        requires: .os(iOS: OSVersion(14), macOS: OSVersion(11), tvOS: OSVersion(14), watchOS: OSVersion(7)),
        triggers: ["ObservedObject"],
        triggering: [
            RuleExample("""
                @available(iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1, *)
                struct ProfileView: View {
                    ↓@ObservedObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(13)]),
            """
            struct ProfileView: View {
                ↓@ObservedObject var model = ProfileModel()
                var body: some View { Text(model.name) }
            }
            """,
            """
            struct ListScreen: View {
                ↓@ObservedObject private var store: Store = Store(api: .live)
                ↓@SwiftUI.ObservedObject var other = .init()
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct ProfileView: View {
                    @ObservedObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                }
                """, note: "deployment target iOS 13: what the advice needs does not exist there", platforms: [.iOS: OSVersion(13)]),
            RuleExample("struct A: View { @ObservedObject var model: ProfileModel }", note: "passed in by the parent"),
            RuleExample("struct A: View { @ObservedObject var model = ProfileModel.shared }", note: "a shared instance the view does not create"),
            RuleExample("struct A: View { @StateObject private var model = ProfileModel() }", note: "owned correctly"),
            RuleExample("// @ObservedObject var m = Foo()", note: "inside a comment"),
            RuleExample("let text = \"@ObservedObject var m = Foo()\"", note: "inside a string"),
        ],
        corrections: [
            RuleCorrection("""
                struct ProfileView: View {
                    @ObservedObject var model = ProfileModel() // owned
                }
                """, """
                struct ProfileView: View {
                    @StateObject var model = ProfileModel() // owned
                }
                """),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let variable = node.cast(VariableDeclSyntax.self)
        guard let attribute = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: { attribute in
            let name = attribute.attributeName.trimmedText
            return name == "ObservedObject" || name == "SwiftUI.ObservedObject"
        }) else { return }
        guard variable.bindings.contains(where: { binding in
            guard let value = binding.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self) else { return false }
            // `Model()`, `Model<T>()`, `.init()`, `Model.init()`: a new object.
            guard let name = value.calleeName else { return false }
            return name == "init" || name.first?.isUppercase == true
        }) else { return }
        let name = attribute.attributeName
        let nameRange = name.positionAfterSkippingLeadingTrivia.utf8Offset..<name.endPositionBeforeTrailingTrivia.utf8Offset
        let written = attribute.attributeName.trimmedText
        let fix = Fix(title: "Use `@StateObject`", applicability: .safe, edits: [
            TextEdit(range: nameRange, replacement: String(written.dropLast("ObservedObject".count)) + "StateObject"),
        ])
        report.append(Finding(
            message: "This view creates the object it marks `@ObservedObject`, so a new one replaces it whenever the "
                + "parent re-renders and its state is lost; use `@StateObject` to own it",
            range: attribute.byteRange, fixes: [fix]))
    }
}
