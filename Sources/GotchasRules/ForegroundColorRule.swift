import GotchasCore
import SwiftSyntax

/// `.foregroundColor(_:)` is deprecated; `.foregroundStyle(_:)` takes any
/// `ShapeStyle` (gradients, hierarchical styles) and is the supported spelling.
struct ForegroundColorRule: Rule {
    static let description = RuleDescription(
        id: "foreground-color",
        category: .modernAPI,
        severity: .warning,
        seed: "002",
        summary: "`.foregroundColor(_:)` is deprecated; use `.foregroundStyle(_:)`.",
        rationale: """
            `foregroundColor` is deprecated since iOS 17 and only accepts a `Color`. \
            `foregroundStyle` accepts any `ShapeStyle` (`.secondary`, gradients, `.tint`) and is \
            what new SwiftUI APIs are built around. The replacement is a rename with the same argument.
            """,
        tags: [.deprecated],
        fix: .safe,
        // https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:).md (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1); `Text.foregroundStyle` returning `Text` is iOS 17 (https://developer.apple.com/documentation/swiftui/text/foregroundstyle(_:).md)
        requires: .os(iOS: OSVersion(15), macOS: OSVersion(12), tvOS: OSVersion(15), watchOS: OSVersion(8)),
        triggers: ["foregroundColor"],
        triggering: [
            RuleExample("""
                struct AvailableExample: View {
                    var body: some View {
                        if #available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *) {
                            Text("Hi")↓.foregroundColor(.red)
                        }
                    }
                }
                """, note: "inside `if #available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(14)]),
            "Text(\"Hi\")↓.foregroundColor(.red)",
            """
            VStack {
                Image(systemName: "star")
                    .font(.title)
                    ↓.foregroundColor(isOn ? .yellow : .gray)
            }
            """,
            "let label = Label(\"x\", systemImage: \"y\")↓.foregroundColor(Color.accentColor)",
        ],
        nonTriggering: [
            RuleExample("""
                Text("Hi").foregroundColor(.red)
                """, note: "deployment target iOS 14: what the advice needs does not exist there", platforms: [.iOS: OSVersion(14)]),
            RuleExample("Text(\"Hi\").foregroundStyle(.red)"),
            RuleExample("let foregroundColor = Color.red", note: "a variable that merely has the name"),
            RuleExample("Text(\"foregroundColor(.red)\")", note: "inside a string"),
            RuleExample("// .foregroundColor(.red)", note: "inside a comment"),
            RuleExample("func foregroundColor(_ c: Color) -> Self { self }", note: "a declaration, not a call"),
            RuleExample("view.foregroundColor", note: "a property read, not a call"),
        ],
        corrections: [
            RuleCorrection("Text(\"Hi\").foregroundColor(.red)", "Text(\"Hi\").foregroundStyle(.red)"),
            RuleCorrection("""
                Text("Hi")
                    .foregroundColor(.red) // keep me
                """, """
                Text("Hi")
                    .foregroundStyle(.red) // keep me
                """),
            RuleCorrection("Text(\"Hi\").foregroundColor(isOn ? .brand : .red.opacity(0.5))",
                           "Text(\"Hi\").foregroundStyle(isOn ? Color.brand : Color.red.opacity(0.5))"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let callees: Set<String>? = ["foregroundColor"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "foregroundColor",
              call.arguments.count == 1, call.arguments.first?.label == nil
        else { return }
        var fixes: [Fix] = []
        if let argument = call.arguments.first?.expression, let qualifications = Self.colorQualifications(argument) {
            fixes.append(Fix(title: "Replace with `.foregroundStyle(_:)`", applicability: .safe,
                             edits: [TextEdit(range: member.declName.baseName.byteRange, replacement: "foregroundStyle")]
                                 + qualifications))
        }
        report.append(Finding(
            message: "`.foregroundColor(_:)` is deprecated; use `.foregroundStyle(_:)`, which takes any ShapeStyle",
            range: call.rangeFromCalleeName, fixes: fixes))
    }

    /// The colors `ShapeStyle` itself offers as `.name` (`where Self == Color`, and the hierarchical styles).
    static let shapeStyleMembers: Set<String> = [
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown",
        "white", "gray", "black", "clear", "primary", "secondary",
    ]

    /// `foregroundColor` takes a `Color?`, `foregroundStyle` a non-optional generic `ShapeStyle`, so the
    /// rename compiles only for an argument that is surely a `Color`: `Color…`, or `.name` where
    /// `ShapeStyle` has that name. Other `.name`s (`.accentColor`, `extension Color { static let brand }`)
    /// are qualified as `Color.name`; both branches of a ternary must qualify. Anything else — `nil`, a
    /// variable that may be optional — gets no fix. Returns the qualifying edits, or nil for no fix.
    static func colorQualifications(_ expression: ExprSyntax) -> [TextEdit]? {
        if let sequence = expression.as(SequenceExprSyntax.self),
           let ternary = sequence.elements.lazy.compactMap({ $0.as(UnresolvedTernaryExprSyntax.self) }).first,
           let shape = TernaryShape(ternary), shape.range.lowerBound == sequence.positionAfterSkippingLeadingTrivia.utf8Offset {
            guard let then = colorQualifications(shape.thenExpression),
                  let otherwise = colorQualifications(shape.elseExpression) else { return nil }
            return then + otherwise
        }
        // The chain's root: `.red` in `.red.opacity(0.5)`, `Color` in `Color("brand")`.
        var root = expression
        while true {
            if let call = root.as(FunctionCallExprSyntax.self) { root = call.calledExpression }
            else if let access = root.as(MemberAccessExprSyntax.self), let base = access.base { root = base }
            else { break }
        }
        if let reference = root.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "Color" ? [] : nil
        }
        guard let implicit = root.as(MemberAccessExprSyntax.self), implicit.base == nil else { return nil }
        if root.id == expression.id, shapeStyleMembers.contains(implicit.declName.baseName.text) { return [] }
        let start = implicit.positionAfterSkippingLeadingTrivia.utf8Offset
        return [TextEdit(range: start..<start, replacement: "Color")]
    }
}
