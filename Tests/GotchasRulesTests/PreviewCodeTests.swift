import GotchasCore
import GotchasRules
import Testing

/// Preview code (`#Preview`, `PreviewProvider` types and their nested types, files in
/// "Preview Content") is not judged by advice about run-time behaviour; deprecations still are.
@Suite struct PreviewCodeTests {
    let wrapper = """
        struct Wrapper: View {
            @State var text = ""
            var body: some View { NavigationView { TextField("t", text: $text) } }
        }
        """

    @Test func runTimeAdviceIsSilentInPreviewCodeAndDeprecationsStillFlag() {
        let shapes = [
            "#Preview {\n    \(wrapper.replacingOccurrences(of: "\n", with: "\n    "))\n    return Wrapper()\n}",
            "struct Row_Previews: PreviewProvider {\n    static var previews: some View { Wrapper() }\n    \(wrapper.replacingOccurrences(of: "\n", with: "\n    "))\n}",
        ]
        for code in shapes {
            #expect(RuleHarness.lint(code, only: "state-not-private").isEmpty, "state-not-private flagged preview code:\n\(code)")
            #expect(RuleHarness.lint(code, only: "navigation-view").count == 1, "navigation-view (a deprecation) should flag preview code too:\n\(code)")
        }
        // The same view outside preview code is flagged by both.
        #expect(RuleHarness.lint(wrapper, only: "state-not-private").count == 1)
        #expect(RuleHarness.lint(wrapper, only: "navigation-view").count == 1)
    }

    @Test func aFileInPreviewContentIsPreviewCode() {
        let configuration = RuleHarness.configuration(only: "state-not-private")
        let inPreviewContent = SourceDocument(path: "App/Preview Content/Samples.swift", text: wrapper)
        let elsewhere = SourceDocument(path: "App/Views/Samples.swift", text: wrapper)
        #expect(RuleCatalog.linter.lint(inPreviewContent, configuration: configuration).diagnostics.isEmpty)
        #expect(RuleCatalog.linter.lint(elsewhere, configuration: configuration).diagnostics.count == 1)
    }

    @Test func onlyRulesAboutDeprecatedAPIsFlagPreviewCodeByDefault() {
        for rule in RuleCatalog.all.map({ $0.description }) where rule.flagsPreviewCode {
            #expect(rule.tags.contains(.deprecated) || rule.id == "animation-without-value",
                    "\(rule.id) reports in preview code without being about a deprecated API")
        }
    }

    /// A view another type's code names (built in the content of the project's own sheet modifier,
    /// which the walk does not take for rendered code) is no preview code, though only a `#Preview`
    /// visibly builds it.
    @Test func aViewAnotherTypeNamesIsNotPreviewOnly() {
        let view = """
            struct GasSettings: View {
                var body: some View { NavigationView { Text("Advanced") } }
            }
            #Preview { GasSettings() }
            """
        let migrated = "struct Other: View { var body: some View { NavigationStack { Text(\"b\") } } }"
        #expect(RuleHarness.lint(view, only: "navigation-view", otherFiles: ["Other.swift": migrated]).map(\.severity) == [.hint])
        let presenter = """
            extension View {
                func crossPlatformSheet<C: View>(isPresented: Binding<Bool>, content: @escaping () -> C) -> some View { sheet(isPresented: isPresented, content: content) }
            }
            struct Send: View {
                @State private var shown = false
                var body: some View { Text("Send").crossPlatformSheet(isPresented: $shown) { GasSettings() } }
            }
            """
        #expect(RuleHarness.lint(view, only: "navigation-view", otherFiles: ["Other.swift": migrated, "Send.swift": presenter]).map(\.severity) == [.warning])
    }
}
