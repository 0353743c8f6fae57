import GotchasCore
import SwiftSyntax
import Testing

/// Flags every call to `probe()` and records the context the engine computed for it.
private struct ProbeRule: Rule {
    static let description = RuleDescription(
        id: "probe", category: .state, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        fix: .safe, flagsPreviewCode: true, triggers: ["probe"], triggering: [], nonTriggering: [])
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard call.calleeName == "probe" else { return }
        let containers = context.containers.map(\.name).joined(separator: ">")
        let message = "\(context.execution) view=\(context.enclosingView?.name ?? "-") in=\(containers) fn=\(context.enclosingFunction?.name ?? "-")"
        let fix = Fix(title: "rename", applicability: .safe, edits: [TextEdit(range: call.calledExpression.byteRange, replacement: "probed")])
        report.append(Finding(message: message, range: call.byteRange, fixes: [fix]))
    }
}

/// Offers a fix that deletes the brace after `breakMe()` — the result would not parse.
private struct BreakingRule: Rule {
    static let description = RuleDescription(
        id: "breaking", category: .state, severity: .warning, seed: "test", summary: "breaks", rationale: "test",
        fix: .safe, triggering: [], nonTriggering: [])
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard call.calleeName == "breakMe" else { return }
        let end = call.endPositionBeforeTrailingTrivia.utf8Offset
        let fix = Fix(title: "break", applicability: .safe, edits: [TextEdit(range: call.byteRange.lowerBound..<end, replacement: "{{(")])
        report.append(Finding(message: "breaks", range: call.byteRange, fixes: [fix]))
    }
}

@Suite struct EngineTests {
    let linter = Linter(rules: [ProbeRule.self, BreakingRule.self])
    var configuration: RuleConfiguration { RuleConfiguration.resolve(rules: linter.descriptions, file: nil) }

    func messages(_ code: String) -> [String] {
        linter.lint(SourceDocument(path: "t.swift", text: code), configuration: configuration).diagnostics
            .filter { $0.ruleID == "probe" }.map(\.message)
    }

    @Test func executionAndContainersAreComputedOnce() {
        let code = """
            struct Row: View {
                var title: String
                var body: some View {
                    List {
                        ForEach(items) { item in
                            probe()
                            Button { probe() } label: { probe() }
                        }
                    }
                    .task { probe() }
                    .overlay { probe() }
                    .onTapGesture { let x = items.map { probe() } }
                }
                @ViewBuilder var extra: some View { probe() }
                func helper() -> some View { probe() }
                func action() { probe() }
                init() { probe() }
            }
            extension Row { var more: some View { probe() } }
            #Preview { probe() }
            let top = probe()
            var globalView: AnyView { probe() }
            """
        #expect(messages(code) == [
            "render view=Row in=List>ForEach fn=body",
            "deferred view=Row in=List>ForEach fn=body",
            "render view=Row in=List>ForEach>Button fn=body",
            "deferred view=Row in= fn=body",
            "render view=Row in=overlay fn=body",
            "deferred view=Row in= fn=body",
            "render view=Row in= fn=extra",
            "render view=Row in= fn=helper",
            "elsewhere view=Row in= fn=action",
            "elsewhere view=Row in= fn=init",
            "render view=Row in= fn=more",
            "elsewhere view=- in= fn=-",
            "elsewhere view=- in= fn=top",
            "elsewhere view=- in= fn=globalView",
        ])
    }

    @Test func nestedTypeInsideAContainerStartsAFreshContext() {
        let code = """
            struct A: View {
                var body: some View {
                    VStack { Text("a") }
                }
                struct Inner { func f() { probe() } }
            }
            """
        #expect(messages(code) == ["elsewhere view=- in= fn=f"])
    }

    @Test func rulesWithoutTheirTriggerTextDoNotRun() {
        // `probe` is absent, so the probe rule is skipped; the breaking rule has no triggers and runs.
        let diagnostics = linter.lint(SourceDocument(path: "t.swift", text: "let a = breakMe()"), configuration: configuration).diagnostics
        #expect(diagnostics.map(\.ruleID) == ["breaking"])
    }

    @Test func suppressionCommentsSilenceTheirLinesOnly() {
        let code = """
            // swiftui-gotchas:disable-next-line probe
            let a = probe()
            let b = probe() // swiftui-gotchas:disable-line probe
            let c = probe() // swiftui-gotchas:disable-line other-rule
            let d = probe()
            """
        let lines = linter.lint(SourceDocument(path: "t.swift", text: code), configuration: configuration).diagnostics
            .filter { $0.ruleID == "probe" }.map { SourceDocument(path: "t.swift", text: code).lines.line(containing: $0.range.lowerBound) }
        #expect(lines == [3, 4])
    }

    @Test func disabledRulesDoNotReport() {
        let off = RuleConfiguration.resolve(rules: linter.descriptions, file: nil, selection: RuleSelection(ignore: ["probe"]))
        #expect(linter.lint(SourceDocument(path: "t.swift", text: "probe()"), configuration: off).diagnostics.filter { $0.ruleID == "probe" }.isEmpty)
    }

    @Test func fixAllReachesAFixpointAndRejectsFixesThatBreakTheFile() {
        let document = SourceDocument(path: "t.swift", text: "let a = probe()\nlet b = breakMe()\nlet c = probe()\n")
        let outcome = FixAll(linter: linter, configuration: configuration).apply(to: document)
        #expect(String(decoding: outcome.bytes, as: UTF8.self) == "let a = probed()\nlet b = breakMe()\nlet c = probed()\n")
        #expect(outcome.applied.count == 2)
        #expect(outcome.rejected.map(\.ruleID) == ["breaking"])
        // Idempotent.
        let again = FixAll(linter: linter, configuration: configuration).apply(to: SourceDocument(path: "t.swift", bytes: outcome.bytes))
        #expect(!again.changed)
    }

    @Test func crlfFilesKeepCRLFAfterFixes() {
        let document = SourceDocument(path: "t.swift", text: "let a = probe()\r\n\tlet b = probe()\r\n")
        let outcome = FixAll(linter: linter, configuration: configuration).apply(to: document)
        #expect(String(decoding: outcome.bytes, as: UTF8.self) == "let a = probed()\r\n\tlet b = probed()\r\n")
    }
}
