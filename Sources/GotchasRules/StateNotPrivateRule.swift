import GotchasCore
import SwiftSyntax

/// `@State`/`@StateObject` storage belongs to the view; a non-private one invites
/// callers to pass a value through the memberwise initializer that SwiftUI uses
/// only once, for the view's first appearance.
struct StateNotPrivateRule: Rule {
    static let description = RuleDescription(
        id: "state-not-private",
        category: .state,
        severity: .warning,
        seed: "002",
        summary: "`@State`/`@StateObject` that is not `private`; view-owned state should be `private`.",
        rationale: """
            `@State` is local, view-owned storage. When it is not `private`, the memberwise initializer exposes \
            it and callers pass values in — but SwiftUI keeps the storage for the view's identity and ignores \
            every later value the parent passes, so the screen silently shows stale data. Mark it \
            `@State private var`; take input from the parent as a plain `let`, or a `@Binding` when the child \
            edits it. Not flagged: `@Previewable @State` inside `#Preview`.
            """,
        fix: .safe,
        triggers: ["State"],
        triggering: [
            """
            struct Counter: View {
                ↓@State var count = 0
                ↓@StateObject var model = Model()
                @State private var ok = false
                var body: some View { Text("\\(count)") }
            }
            """,
            """
            struct Editor: View {
                @MainActor ↓@State
                var text: String = ""
                ↓@State public var visible = true
            }
            """,
        ],
        nonTriggering: [
            RuleExample("struct A: View { @State private var count = 0 }"),
            RuleExample("struct A: View { @State fileprivate var count = 0 }", note: "fileprivate is private enough"),
            RuleExample("struct A: View { @StateObject private var model = Model() }"),
            RuleExample("""
                #Preview {
                    @Previewable @State var isOn = true
                    Toggle("On", isOn: $isOn)
                }
                """, note: "`@Previewable @State` in a preview"),
            RuleExample("struct A: View { @Binding var count: Int }", note: "not `@State`"),
            RuleExample("struct A: View { var stateName = \"@State var x\" }", note: "inside a string"),
            RuleExample("// @State var count = 0", note: "inside a comment"),
        ],
        corrections: [
            RuleCorrection("""
                struct Counter: View {
                    @State var count = 0 // the count
                    @StateObject
                    var model = Model()
                }
                """, """
                struct Counter: View {
                    @State private var count = 0 // the count
                    @StateObject
                    private var model = Model()
                }
                """),
            RuleCorrection("struct A: View { @State internal var x = 0; @State nonisolated(unsafe) var y = 1 }",
                           "struct A: View { @State private var x = 0; @State private nonisolated(unsafe) var y = 1 }"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]

    static let accessKeywords: Set<String> = ["public", "internal", "package", "open", "private", "fileprivate"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let variable = node.cast(VariableDeclSyntax.self)
        guard node.parent?.is(MemberBlockItemSyntax.self) == true,
              let attribute = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: { attribute in
                  ["State", "StateObject", "SwiftUI.State", "SwiftUI.StateObject"].contains(attribute.attributeName.trimmedText)
              }),
              !variable.attributes.contains("Previewable"),
              !variable.modifiers.isPrivate
        else { return }

        var fixes: [Fix] = []
        let access = variable.modifiers.first { Self.accessKeywords.contains($0.name.text) }
        if let access {
            // `internal var` → `private var`; `private(set) var` needs a human.
            if access.detail == nil {
                fixes.append(Fix(title: "Make it `private`", applicability: .safe,
                                 edits: [TextEdit(range: access.name.byteRange, replacement: "private")]))
            }
        } else {
            let anchor = variable.modifiers.first?.positionAfterSkippingLeadingTrivia
                ?? variable.bindingSpecifier.positionAfterSkippingLeadingTrivia
            fixes.append(Fix(title: "Make it `private`", applicability: .safe, edits: [.insert("private ", at: anchor.utf8Offset)]))
        }
        let wrapper = attribute.attributeName.trimmedText.hasSuffix("StateObject") ? "@StateObject" : "@State"
        report.append(Finding(
            message: "`\(wrapper)` is not `private`: a value a caller passes through the initializer is used only for "
                + "the view's first appearance and then ignored; mark it `private` and take input as a `let` or `@Binding`",
            range: attribute.byteRange, fixes: fixes))
    }
}
