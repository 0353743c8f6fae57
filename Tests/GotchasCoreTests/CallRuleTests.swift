import GotchasCore
import SwiftSyntax
import Testing

/// Reports every `probe(…)` and `x.probe(…)` call, with the callee name it was given.
private struct ProbeCallRule: CallRule {
    static let description = RuleDescription(
        id: "probe-call", category: .state, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        triggering: [], nonTriggering: [])
    static let calledNames: Set<String> = ["probe"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        report.append(Finding(message: callee, range: call.byteRange))
    }
}

/// The same, with trigger text of its own.
private struct TriggeredProbeCallRule: CallRule {
    static let description = RuleDescription(
        id: "triggered-probe-call", category: .state, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        triggers: ["probe("], triggering: [], nonTriggering: [])
    static let calledNames: Set<String> = ["probe"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        report.append(Finding(message: callee, range: call.byteRange))
    }
}

@Suite struct CallRuleTests {
    @Test func aCallRuleWithoutTriggersIsTriggeredByItsCalleeNames() {
        #expect(Linter.triggers(of: ProbeCallRule.self) == ["probe"])
        #expect(Linter.triggers(of: TriggeredProbeCallRule.self) == ["probe("])
    }

    /// The typed `check` sees only calls to its names, also with the engine's callee filter
    /// and trigger skipping off (as the differential tests run it).
    @Test func theTypedCheckSeesOnlyItsCallees() {
        let configuration = RuleConfiguration(severities: [ProbeCallRule.id: .warning])
        let text = "let a = probe(1)\nlet b = other(probe)\nlet c = x.probe()\nlet d = probed(2)\n"
        var unfiltered = Linter(rules: [ProbeCallRule.self])
        unfiltered.filtersCallsByCallee = false
        unfiltered.skipsUntriggeredRules = false
        for linter in [Linter(rules: [ProbeCallRule.self]), unfiltered] {
            let result = linter.lint(SourceDocument(path: "A.swift", text: text), configuration: configuration)
            #expect(result.diagnostics.map(\.message) == ["probe", "probe"])
            #expect(result.diagnostics.map(\.range.lowerBound) == [8, 46])
        }
    }
}
