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
            passed in by the parent, or a shared instance (`= Model.shared`). The fix is safe only when nothing \
            but view code (`body`, `some View` members, `@ViewBuilder` functions and their closures) reads the \
            property: a `@StateObject` read on a view value SwiftUI never installed (a method another type \
            calls on a stored view) makes a new object on each access, and a caller passing the object through \
            the initializer would be ignored after the first appearance. Then it is offered as unsafe.
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
            RuleCorrection("""
                struct ProfileView: View {
                    @ObservedObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                    @ViewBuilder func badge() -> some View { Text(model.badge) }
                    func refresh() { model.reload() }
                }
                """, """
                struct ProfileView: View {
                    @StateObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                    @ViewBuilder func badge() -> some View { Text(model.badge) }
                    func refresh() { model.reload() }
                }
                """, applicability: .unsafe),
            RuleCorrection("""
                struct ProfileView: View {
                    @ObservedObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                }
                """, """
                struct ProfileView: View {
                    @StateObject var model = ProfileModel()
                    var body: some View { Text(model.name) }
                }
                """, applicability: .unsafe, otherFiles: [
                    "Root.swift": "struct Root: View { let shared: ProfileModel; var body: some View { ProfileView(model: shared) } }",
                ]),
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
        let fix = Fix(title: "Use `@StateObject`", applicability: Self.ownershipFixApplicability(of: variable, in: context), edits: [
            TextEdit(range: nameRange, replacement: String(written.dropLast("ObservedObject".count)) + "StateObject"),
        ])
        report.append(Finding(
            message: "This view creates the object it marks `@ObservedObject`, so a new one replaces it whenever the "
                + "parent re-renders and its state is lost; use `@StateObject` to own it",
            range: attribute.byteRange, fixes: [fix]))
    }

    /// Safe when only view code reads the property, so every read happens on an installed
    /// view: no member of the type's declaration other than `body`, `some View` members and
    /// `@ViewBuilder` functions names it (`model`, `$model`, `_model`); no extension elsewhere
    /// adds methods that might; and no call site passes it through the initializer (the
    /// workspace's labels; unknown until indexed). Reads from other types (`screen.model`)
    /// are not indexed: a non-`private` property read that way is the residual risk.
    static func ownershipFixApplicability(of variable: VariableDeclSyntax, in context: RuleContext) -> Applicability {
        guard variable.bindings.count == 1, let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let members = variable.parent?.parent?.as(MemberBlockItemListSyntax.self), let typeName = context.enclosingType?.name
        else { return .unsafe }
        let spellings: Set<String> = [name, "$" + name, "_" + name]
        let ownMethods = Set(members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text })
        for member in members where member.decl.id != variable.id && !isViewCode(member.decl) {
            if member.decl.tokens(viewMode: .sourceAccurate).contains(where: { spellings.contains($0.text) }) { return .unsafe }
        }
        if let merged = context.type(named: typeName), !merged.methodNames.subtracting(ownMethods).isEmpty,
           !variable.modifiers.isPrivate {
            return .unsafe
        }
        if variable.modifiers.isPrivate { return .safe }
        guard let labels = context.initializerLabels(passedTo: typeName), !labels.contains(name) else { return .unsafe }
        return .safe
    }

    /// `body`, a `some View` property or function, or a `@ViewBuilder` one: runs on an installed view.
    private static func isViewCode(_ decl: DeclSyntax) -> Bool {
        if let function = decl.as(FunctionDeclSyntax.self) {
            return function.attributes.contains("ViewBuilder")
                || function.signature.returnClause?.type.trimmedText == "some View"
        }
        if let property = decl.as(VariableDeclSyntax.self) {
            return property.attributes.contains("ViewBuilder")
                || property.bindings.contains { $0.typeAnnotation?.type.trimmedText == "some View" }
        }
        return false
    }
}

