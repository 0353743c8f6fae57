import GotchasCore
import SwiftSyntax

/// A very long `body` is one view doing the work of several: every state change it
/// reads re-evaluates all of it, and it cannot be previewed or reused in parts.
/// Extract subviews as their own `View` types.
struct LongBodyRule: Rule {
    static let maxLinesOption = RuleOption(
        name: "max-lines", defaultValue: 200,
        summary: "The longest `body` (lines between its braces) that is not reported.")

    static let description = RuleDescription(
        id: "long-body",
        category: .bodyCost,
        severity: .info,
        seed: "002 red flags",
        summary: "A view's `body` is longer than the configured number of lines (default 200).",
        rationale: """
            A long `body` reads every piece of state its parts need, so any of those changes re-evaluates \
            all of it, and its parts cannot be previewed or reused. Split it into small `View` types, each \
            with a `body` that depends only on what it reads. The limit counts the lines between `body`'s \
            braces (`max-lines`).
            """,
        notFlagged: [
            "a body at or under the limit",
            "a `body` that is not a view's",
            "helpers outside `body`",
        ],
        severityReason: "a structure suggestion, not a defect.",
        triggers: ["body"],
        options: [maxLinesOption],
        triggering: [
            RuleExample("""
                struct Dashboard: View {
                    ↓var body: some View {
                        VStack {
                \(rows(201))
                        }
                    }
                }
                """),
            RuleExample("""
                struct Card: ViewModifier {
                    ↓func body(content: Content) -> some View {
                        content.overlay {
                \(rows(201))
                        }
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct Dashboard: View {
                    var body: some View {
                        VStack {
                \(rows(198))
                        }
                    }
                }
                """, note: "exactly at the limit: 200 lines between the braces"),
            RuleExample("""
                struct Report {
                    var body: String {
                        \"\"\"
                \(rows(201))
                        \"\"\"
                    }
                }
                """, note: "a `body` that is not a view's"),
            RuleExample("""
                struct Dashboard: View {
                    var body: some View { Content() }
                    @ViewBuilder var content: some View {
                        VStack {
                \(rows(201))
                        }
                    }
                }
                """, note: "only `body` itself is measured"),
        ])

    /// `count` lines of view content, for the examples.
    static func rows(_ count: Int) -> String {
        (0..<count).map { "            Text(\"Row \($0)\")" }.joined(separator: "\n")
    }

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl, .functionDecl]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard context.enclosingView != nil, node.parent?.is(MemberBlockItemSyntax.self) == true else { return }
        let braces: (left: TokenSyntax, right: TokenSyntax)
        let header: Range<Int>
        if let variable = node.as(VariableDeclSyntax.self) {
            guard variable.bindings.count == 1, let binding = variable.bindings.first,
                  binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
                  let accessors = binding.accessorBlock
            else { return }
            braces = (accessors.leftBrace, accessors.rightBrace)
            let end = binding.typeAnnotation?.endPositionBeforeTrailingTrivia ?? binding.pattern.endPositionBeforeTrailingTrivia
            header = variable.bindingSpecifier.positionAfterSkippingLeadingTrivia.utf8Offset..<end.utf8Offset
        } else if let function = node.as(FunctionDeclSyntax.self) {
            guard function.name.text == "body", let block = function.body else { return }
            braces = (block.leftBrace, block.rightBrace)
            header = function.funcKeyword.positionAfterSkippingLeadingTrivia.utf8Offset..<function.signature.endPositionBeforeTrailingTrivia.utf8Offset
        } else {
            return
        }
        let lines = context.document.lines
        let first = lines.line(containing: braces.left.positionAfterSkippingLeadingTrivia.utf8Offset)
        let last = lines.line(containing: braces.right.positionAfterSkippingLeadingTrivia.utf8Offset)
        let length = max(0, last - first - 1)
        let limit = context.option("max-lines", of: Self.id, default: 200)
        guard length > limit else { return }
        report.append(Finding(
            message: "`body` is \(length) lines long (limit \(limit)); split it into smaller `View` types so each part re-renders only for the state it reads",
            range: header))
    }
}
