import GotchasCore
import GotchasRules
import Testing

/// What examples cannot express: severity overrides and the order of candidate fixes.
@Suite struct RuleBehaviourTests {
    @Test func anyViewIsAWarningOnlyInsideListRows() {
        let code = """
            var body: some View {
                VStack { AnyView(Text("a")) }
                List(items) { item in AnyView(Row(item)) }
            }
            """
        let severities = RuleHarness.lint(code, only: "any-view").map(\.severity)
        #expect(severities == [.info, .warning])
    }

    @Test func animationCandidatesReadByTheModifiedViewComeFirst() {
        let code = """
            struct CounterView: View {
                @State private var flag = false
                @Binding var isOn: Bool
                static var shared = 0
                @Environment(\\.dismiss) private var dismiss
                var body: some View {
                    Text("\\(self.isOn)").opacity(count)
                        .animation(.default)
                }
                var count: Double { 1 }
            }
            """
        let diagnostics = RuleHarness.lint(code, only: "animation-without-value")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.fixes.map(\.title) == ["Add `value: isOn`", "Add `value: flag`"])
        #expect(diagnostics.first?.fixes.allSatisfy { $0.applicability == .unsafe } == true)
    }

    @Test func animationWithoutAViewHasNoFix() {
        let diagnostics = RuleHarness.lint("let v = Text(\"a\").animation(.default)", only: "animation-without-value")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.fixes.isEmpty == true)
    }

    @Test func onAppearTaskWithSignatureHasNoFix() {
        let diagnostics = RuleHarness.lint("Text(\"a\").onAppear { Task { @MainActor in await load() } }", only: "onappear-task")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.fixes.isEmpty == true)
    }

    @Test func singleColumnNavigationViewStyledAsColumnsHasNoFix() {
        let diagnostics = RuleHarness.lint("NavigationView { Sidebar() }.navigationViewStyle(.columns)", only: "navigation-view")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.fixes.isEmpty == true)
    }
}
