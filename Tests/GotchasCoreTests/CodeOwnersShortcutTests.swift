import GotchasCorpus
import SwiftSyntax
import Testing
@testable import GotchasCore

/// Asks, at every declaration reference, what must run for the code there to run, both ways: the
/// context's answer (remembered per outermost member and innermost type) and one computed afresh.
private struct OwnersProbeRule: Rule {
    static let description = RuleDescription(
        id: "owners-probe", category: .state, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        fix: .none, flagsPreviewCode: true, triggers: [], triggering: [], nonTriggering: [])
    static let nodeKinds: Set<SyntaxKind> = [.declReferenceExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let remembered = context.codeOwners, fresh = CodeOwners(context)
        let kind = fresh == remembered ? "same" : "different"
        report.append(Finding(message: "\(kind) view=\(fresh.view ?? "-") private=\(fresh.privateMember ?? "-")", range: node.byteRange))
    }
}

/// `RuleContext.codeOwners` is a shortcut for `CodeOwners(context)` (which walks up to the type's
/// declaration): at every place the walk asks from, it must give the same answer.
@Suite struct CodeOwnersShortcutTests {
    @Test func rememberedOwnersEqualOwnersComputedAtEveryPlace() {
        let linter = Linter(rules: [OwnersProbeRule.self])
        let configuration = RuleConfiguration.resolve(rules: linter.descriptions, file: nil)
        // Nested and local types, private helpers, extensions and previews beside app-shaped files.
        let nested = """
            struct Outer: View {
                private func helper() -> some View { Text(title) }
                var body: some View {
                    struct Inner: View { var body: some View { Text(name) } }
                    return Inner()
                }
                struct Badge: View { fileprivate var label: some View { Text(count) }; var body: some View { label } }
            }
            extension Outer { var footer: some View { Text(note) } }
            public struct Open: View { var body: some View { Text(value) } }
            func free() { print(value) }
            """
        let texts = [nested] + SyntheticCorpus().files(targetLines: 3_000).map(\.text)
        var messages: [String] = []
        for (index, text) in texts.enumerated() {
            let document = SourceDocument(path: "/t/F\(index).swift", text: text)
            messages += linter.lint(document, configuration: configuration).diagnostics.map(\.message)
        }
        #expect(messages.count > 1_000)
        #expect(messages.filter { $0.hasPrefix("different") }.isEmpty)
        // Not a vacuous comparison: places in views, in private helpers and outside both were asked.
        #expect(messages.contains { $0.contains("view=Inner") } && messages.contains { $0.contains("view=Badge") })
        #expect(messages.contains { $0.contains("private=helper") } && messages.contains { $0.contains("view=- private=-") })
    }
}
