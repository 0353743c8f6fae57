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
        summary: "A view's (or scene's) `body` is longer than the configured number of lines (default 200).",
        rationale: """
            A long `body` reads every piece of state its parts need, so any of those changes re-evaluates \
            all of it, and its parts cannot be previewed or reused. Split it into small `View` types, each \
            with a `body` that depends only on what it reads. The limit counts the lines between `body`'s \
            braces (`max-lines`).
            """,
        notFlagged: [
            "a body at or under the limit",
            "a `body` that is not a view's, scene's or commands'",
            "helpers outside `body`",
            "the lines of presented content (`.sheet`, `.alert`, `.confirmationDialog`, …)",
            "a file whose `// swiftlint:disable` turns off a body-length rule",
        ],
        severityReason: "a structure suggestion, not a defect.",
        asks: [.declaration],
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
            RuleExample("""
                @main
                struct ConsoleApp: App {
                    ↓var body: some Scene {
                        WindowGroup { ContentView() }
                            .commands {
                                CommandMenu("Tools") {
                \((0..<201).map { "                    Button(\"Tool \($0)\") { run(\($0)) }" }.joined(separator: "\n"))
                                }
                            }
                    }
                }
                """, note: "an app's scene body, hundreds of lines of menus"),
        ],
        nonTriggering: [
            RuleExample("""
                // swiftlint:disable type_body_length
                struct TaskDetails: View {
                    var body: some View {
                        VStack {
                \(rows(201))
                        }
                    }
                }
                """, note: "the author turned SwiftLint's body-length rules off for this file"),
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
                struct Dashboard: View {
                    @State private var editing = false
                    var body: some View {
                        VStack {
                \(rows(150))
                        }
                        .sheet(isPresented: $editing) {
                            VStack {
                \(rows(60))
                            }
                        }
                    }
                }
                """, note: "long only with the content of a sheet it presents"),
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
        guard node.parent?.is(MemberBlockItemSyntax.self) == true else { return }
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
        // An `App`'s, `Scene`'s or `Commands`' body (hundreds of lines of menus) is split the same way,
        // into `Scene` and `Commands` types. Asked only of a long `body` outside a view.
        func sceneKind() -> String? {
            context.enclosingType.flatMap { type in
                let merged = context.type(named: type.name) ?? type
                return ["App", "Scene", "Commands"].first { type.inherits($0) || merged.inherits($0) }
            }
        }
        let first = context.document.lines.line(containing: braces.left.positionAfterSkippingLeadingTrivia.utf8Offset)
        let last = context.document.lines.line(containing: braces.right.positionAfterSkippingLeadingTrivia.utf8Offset)
        let lines = context.document.lines
        let total = max(0, last - first - 1)
        let limit = context.option("max-lines", of: Self.id, default: 200)
        guard total > limit else { return }
        // Presented content (`.sheet { … }`, `.alert(…) { … }`) is built only while presented and
        // usually moves out as its own view anyway: a body long because of it is not one view
        // re-evaluating all of its parts.
        let presented = Self.presentationLines(in: node, lines: lines)
        let length = total - presented
        guard length > limit else { return }
        let sceneKind = context.enclosingView == nil ? sceneKind() : nil
        guard context.enclosingView != nil || sceneKind != nil else { return }
        // The author turned SwiftLint's length rules off for this file: long bodies are accepted here.
        if Self.disablesLengthLint(context.tree) { return }
        report.append(Finding(
            message: "`body` is \(length) lines long (limit \(limit)"
                + (presented > 0 ? ", not counting \(presented) lines of presented sheets and alerts" : "")
                + (sceneKind == nil ? "); split it into smaller `View` types so each part re-renders only for the state it reads"
                    : "); split it into smaller `Scene` and `Commands` types (`CommandMenu`s of their own), each reading only what it needs"),
            range: header))
    }

    /// A `// swiftlint:disable` comment in the file naming a body-length rule (or `all`).
    static func disablesLengthLint(_ tree: SourceFileSyntax) -> Bool {
        for token in tree.tokens(viewMode: .sourceAccurate) {
            for piece in token.leadingTrivia {
                guard case .lineComment(let text) = piece, text.contains("swiftlint:disable") else { continue }
                let names = text.split(whereSeparator: { $0 == " " || $0 == ":" }).map(String.init)
                if names.contains(where: { ["function_body_length", "closure_body_length", "type_body_length", "all"].contains($0) }) {
                    return true
                }
            }
        }
        return false
    }

    /// Modifiers whose content is presented on demand, not drawn with the view.
    static let presentationModifiers: Set<String> = [
        "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "fileImporter", "fileExporter", "inspector",
    ]

    /// The lines the presentation modifiers in `node` span, from the modifier's name to the end of its
    /// call (nested ones counted once).
    static func presentationLines(in node: Syntax, lines: LineTable) -> Int {
        var spans: [ClosedRange<Int>] = []
        for token in node.tokens(viewMode: .sourceAccurate) where presentationModifiers.contains(token.text) {
            guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.id == token.id,
                  let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id
            else { continue }
            let start = lines.line(containing: member.period.positionAfterSkippingLeadingTrivia.utf8Offset)
            let end = lines.line(containing: call.endPositionBeforeTrailingTrivia.utf8Offset - 1)
            if let last = spans.last, last.contains(start) {
                spans[spans.count - 1] = last.lowerBound...max(last.upperBound, end)
            } else {
                spans.append(start...end)
            }
        }
        return spans.reduce(0) { $0 + $1.count }
    }
}
