import GotchasCore
import SwiftSyntax

/// A `default:` in the `switch` that dispatches element kinds in view code hides
/// new cases: they render as the fallback instead of failing to compile.
struct SwitchDefaultInViewRule: Rule {
    static let description = RuleDescription(
        id: "switch-default-in-view",
        category: .state,
        severity: .hint,
        optIn: true,
        seed: "003 r7",
        summary: "`default:` in a `switch` over enum cases inside `body` or a `@ViewBuilder`.",
        rationale: """
            Switching over an enum of element kinds in the dispatching view is the right structure, but with \
            `default:` a newly added case is silently rendered as the fallback. Spell out every case, so \
            adding one is a compile error at each place that must render it.
            """,
        notFlagged: [
            "exhaustive switches",
            "switches over values, not kinds",
            "`@unknown default`",
            "action closures and code outside views",
        ],
        severityReason: "a taste rule: some switches group the rest on purpose.",
        useInstead: "exhaustive",
        triggers: ["default"],
        triggering: [
            """
            var body: some View {
                switch block.kind {
                case .paragraph(let text): Text(text)
                case .image(let url): AsyncImage(url: url)
                ↓default: EmptyView()
                }
            }
            """,
            """
            @ViewBuilder func cell(for item: Item) -> some View {
                switch item {
                case .header: HeaderView()
                case .row, .footer:
                    RowView(item: item)
                ↓default:
                    EmptyView()
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                var body: some View {
                    switch block.kind {
                    case .paragraph(let text): Text(text)
                    case .image(let url): AsyncImage(url: url)
                    }
                }
                """, note: "exhaustive"),
            RuleExample("""
                var body: some View {
                    switch count {
                    case 0: Text("None")
                    case 1: Text("One")
                    default: Text("Many")
                    }
                }
                """, note: "a switch over values, not element kinds"),
            RuleExample("""
                var body: some View {
                    switch colorScheme {
                    case .dark: Dark()
                    @unknown default: Light()
                    }
                }
                """, note: "`@unknown default` for a system enum"),
            RuleExample("""
                func title(for kind: Kind) -> String {
                    switch kind {
                    case .a: "A"
                    default: "Other"
                    }
                }
                """, note: "not view code"),
            RuleExample("""
                var body: some View {
                    Button("Go") {
                        switch mode { case .a: run(); default: break }
                    }
                }
                """, note: "in an action"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.switchCase]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let switchCase = node.cast(SwitchCaseSyntax.self)
        guard context.execution == .render, switchCase.attribute == nil,
              case .default(let label) = switchCase.label,
              let cases = switchCase.parent?.as(SwitchCaseListSyntax.self)
        else { return }
        let dispatchesKinds = cases.contains { element in
            guard case .switchCase(let other) = element, case .case(let caseLabel) = other.label else { return false }
            return caseLabel.caseItems.contains { item in
                let pattern = item.pattern.trimmedText
                return pattern.hasPrefix(".") || pattern.hasPrefix("let .") || pattern.hasPrefix("var .")
            }
        }
        guard dispatchesKinds else { return }
        report.append(Finding(
            message: "`default:` in a view's switch over element kinds renders a newly added case as the fallback; list every case so a new one fails to compile",
            range: label.byteRange))
    }
}
