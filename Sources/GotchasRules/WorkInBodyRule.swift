import GotchasCore
import SwiftSyntax

/// `body` runs on every invalidation of the view. Sorting, filtering, reducing,
/// decoding, reading files or compiling regexes there repeats the work every time.
struct WorkInBodyRule: Rule {
    static let description = RuleDescription(
        id: "work-in-body",
        category: .bodyCost,
        severity: .warning,
        seed: "001, 003 r13, 004 §4",
        summary: "Sorting, filtering, decoding or file reads in `body`; precompute them outside the render path.",
        rationale: """
            SwiftUI evaluates `body` (and `@ViewBuilder` view properties and their content closures) whenever \
            any input changes — often many times a second during scrolling or animation. `.sorted`, `.filter`, \
            `.reduce`, `JSONDecoder()`, `Data(contentsOf:)` and `try Regex(…)` there redo O(n) (or I/O) work \
            on every render, and an inline `ForEach(items.filter { … })` also re-creates the row identities. \
            Compute the result in the model when its inputs change (a stored `sortedItems` updated in `didSet` \
            or an `@Observable` model), or cache it. Not flagged: the same calls in action closures \
            (`Button { }`, `.onTapGesture`, `.task`), which do not run per render, and in ordinary functions.
            """,
        triggers: ["sorted", "filter", "reduce", "JSONDecoder", "contentsOf", "Regex"],
        triggering: [
            """
            struct ItemList: View {
                let items: [Item]
                var body: some View {
                    List(items↓.sorted(by: { $0.timestamp > $1.timestamp })) { item in
                        Text(item.title)
                    }
                }
            }
            """,
            """
            var body: some View {
                VStack {
                    ForEach(model.items
                        ↓.filter { $0.isVisible }) { item in
                        Row(item: item)
                    }
                    Text("Total: \\(prices↓.reduce(0, +))")
                }
            }
            """,
            """
            extension Detail {
                @ViewBuilder var content: some View {
                    let config = try? ↓JSONDecoder().decode(Config.self, from: ↓Data(contentsOf: url))
                    if let regex = try? ↓Regex("[a-z]+") {
                        Text(config?.name ?? "")
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                var snapshotView: AnyView {
                    let vocab = try! JSONDecoder().decode(Vocab.self, from: data)
                    return AnyView(GameView(words: vocab.words.sorted()))
                }
                """, note: "a global computed `AnyView` is a factory (found in a real app's snapshot tests), not a body"),
            RuleExample("""
                var body: some View {
                    Button("Sort") { items = items.sorted() }
                        .onTapGesture { visible = all.filter { $0.isOn } }
                        .task { config = try? JSONDecoder().decode(Config.self, from: data) }
                }
                """, note: "action closures do not run per render"),
            RuleExample("""
                func load() {
                    sorted = items.sorted()
                    data = try Data(contentsOf: url)
                }
                """, note: "an ordinary function"),
            RuleExample("""
                final class Model {
                    var items: [Item] = [] { didSet { sortedItems = items.sorted() } }
                    var sortedItems: [Item] = []
                }
                """, note: "precomputed in the model"),
            RuleExample("var body: some View { List(viewModel.sortedItems) { Text($0.title) } }", note: "reads a precomputed property"),
            RuleExample("var body: some View { Text(\"items.sorted()\") }", note: "inside a string"),
            RuleExample("""
                var body: some View {
                    // items.filter { $0.isOn }
                    Text("a")
                }
                """, note: "inside a comment"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    static let collectionWork: Set<String> = ["sorted", "filter", "reduce"]
    static let callees: Set<String>? = collectionWork.union(["JSONDecoder", "Data", "Regex"])

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard context.isInRenderPath else { return }
        let call = node.cast(FunctionCallExprSyntax.self)
        let range: Range<Int>
        let what: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
           Self.collectionWork.contains(member.declName.baseName.text) {
            range = call.rangeFromCalleeName
            what = "`.\(member.declName.baseName.text)`"
        } else if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            switch name {
            case "JSONDecoder" where call.arguments.isEmpty:
                what = "`JSONDecoder()`"
            case "Data" where call.argumentLabels.first == "contentsOf":
                what = "`Data(contentsOf:)`"
            case "Regex" where call.parent?.is(TryExprSyntax.self) == true && !call.arguments.isEmpty:
                what = "`Regex(…)`"
            default:
                return
            }
            range = call.byteRange
        } else {
            return
        }
        report.append(Finding(
            message: "\(what) in the render path runs again on every evaluation of `body`; compute it in the model "
                + "when its inputs change (or cache it) and read the result here",
            range: range))
    }
}
