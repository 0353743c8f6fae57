import GotchasCore
import SwiftSyntax

/// Identifying `ForEach` rows by index ties a row's identity to its position: an
/// insertion or deletion above shifts every later index, so rows swap their state,
/// reload images and animate the wrong rows.
struct ForEachIndexIdentityRule: Rule {
    static let description = RuleDescription(
        id: "foreach-index-identity",
        category: .state,
        severity: .warning,
        seed: "001, 003 r1, 004 §3",
        summary: "`ForEach` identified by index (`0..<xs.count`, `xs.indices`, `id: \\.offset`); identify rows by the element's id.",
        rationale: """
            `ForEach(0..<items.count)`, `ForEach(items.indices, …)` and `ForEach(Array(items.enumerated()), id: \\.offset)` \
            give each row the identity of its position. When the data changes, an insertion or deletion above a row \
            shifts every later index: rows keep the wrong `@State`, focus and images move to other items and \
            animations go to the wrong place (a constant range with the non-`id:` initializer even stops updating). \
            Identify by the element: `ForEach(items) { item in … }` for `Identifiable` elements, or \
            `ForEach(Array(items.enumerated()), id: \\.element.id) { index, item in … }` when you need the index. \
            The fix for `id: \\.offset` is unsafe: the element must have an `id`. Not flagged: constant ranges \
            such as `ForEach(0..<5)`.
            """,
        fix: .unsafe,
        triggers: ["ForEach"],
        triggering: [
            """
            List {
                ↓ForEach(0..<posts.count, id: \\.self) { index in
                    PostRow(post: posts[index])
                }
            }
            """,
            "↓ForEach(items.indices, id: \\.self) { i in Text(items[i].name) }",
            """
            VStack {
                if showAll {
                    ↓ForEach(Array(model.items.enumerated()), id: \\.offset) { index, item in
                        Row(index: index, item: item)
                    }
                }
            }
            """,
            "↓ForEach((0..<rows.count - 1)) { Text(\"\\($0)\") }",
            """
            extension Grid {
                @ViewBuilder var cells: some View {
                    ↓ForEach(cells.indices) { index in Cell(cells[index]) }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("ForEach(0..<5) { Text(\"\\($0)\") }", note: "a constant range"),
            RuleExample("ForEach(1...3, id: \\.self) { Text(\"\\($0)\") }", note: "a constant range"),
            RuleExample("ForEach(posts) { post in PostRow(post: post) }", note: "identified by the element"),
            RuleExample("ForEach(Array(items.enumerated()), id: \\.element.id) { index, item in Row(item) }",
                        note: "enumerated, identified by the element's id"),
            RuleExample("let n = items.indices.count", note: "not a ForEach"),
            RuleExample("for index in items.indices { print(index) }", note: "a loop, not a view"),
            RuleExample("Text(\"ForEach(0..<xs.count)\")", note: "inside a string"),
            RuleExample("// ForEach(xs.indices) { … }", note: "inside a comment"),
        ],
        corrections: [
            RuleCorrection("""
                ForEach(Array(items.enumerated()), id: \\.offset) { index, item in
                    Row(index: index, item: item)
                }
                """, """
                ForEach(Array(items.enumerated()), id: \\.element.id) { index, item in
                    Row(index: index, item: item)
                }
                """, applicability: .unsafe, fixTitle: "Identify rows by `\\.element.id`"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let callees: Set<String>? = ["ForEach"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard call.calleeName == "ForEach", let data = call.arguments.first, data.label == nil else { return }
        var fixes: [Fix] = []
        var isIndexed = Self.isDynamicIndexRange(data.expression.unwrapped)
        if let id = call.argument(labeled: "id"), let keyPath = id.expression.as(KeyPathExprSyntax.self),
           keyPath.components.count == 1, keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)?
               .declName.baseName.text == "offset" {
            isIndexed = true
            fixes.append(Fix(title: "Identify rows by `\\.element.id`", applicability: .unsafe,
                             edits: [TextEdit(range: keyPath.byteRange, replacement: "\\.element.id")]))
        }
        guard isIndexed else { return }
        report.append(Finding(
            message: "`ForEach` identified by index: inserting or removing an item shifts every later row's identity, "
                + "so rows keep the wrong state and animate wrongly; identify rows by the element "
                + "(`ForEach(items)` or `id: \\.element.id`)",
            range: call.rangeThroughArguments, fixes: fixes))
    }

    /// `xs.indices`, or a range whose bound reads `.count`/`.endIndex` (`0..<xs.count - 1`).
    private static func isDynamicIndexRange(_ expression: ExprSyntax) -> Bool {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return member.base != nil && member.declName.baseName.text == "indices"
        }
        guard let sequence = expression.as(SequenceExprSyntax.self),
              sequence.elements.contains(where: { ["..<", "..."].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text) })
        else { return false }
        return sequence.elements.contains { element in
            guard let member = element.as(MemberAccessExprSyntax.self), member.base != nil else { return false }
            return ["count", "endIndex"].contains(member.declName.baseName.text)
        }
    }
}
