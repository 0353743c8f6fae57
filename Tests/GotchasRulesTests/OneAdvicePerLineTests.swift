import GotchasCore
import GotchasRules
import Testing

/// Two rules must not give opposite advice on one line: `heavy-state-initializer` says
/// "create it in `.task`", `state-non-observable-class` says "use `@StateObject`" / "mark it
/// `@Observable`". Where both apply, the second reports, with both advices in one message.
@Suite struct OneAdvicePerLineTests {
    static let heavy = "heavy-state-initializer"
    static let nonObservable = "state-non-observable-class"

    func lint(_ code: String, otherFiles: [String: String], rules: Set<String>) -> [Diagnostic] {
        let linter = RuleCatalog.linter
        let configuration = RuleConfiguration.resolve(rules: linter.descriptions, file: nil, selection: RuleSelection(select: rules.sorted(), allRules: true))
        let document = SourceDocument(path: "Example.swift", text: code)
        let workspace = RuleHarness.workspace(for: document, otherFiles: otherFiles, configuration: configuration)
        return linter.lint(document, configuration: configuration, workspace: workspace).diagnostics
    }

    static let view = """
        struct FeedView: View {
            @State private var model = FeedModel()
            var body: some View { Text(model.title) }
        }
        """

    @Test func anObservableObjectTheBodyReadsGetsOnlyTheStateObjectAdvice() {
        let model = ["FeedModel.swift": "final class FeedModel: ObservableObject {\n    @Published var title = \"\"\n    init() { Task { await load() } }\n}"]
        let both = lint(Self.view, otherFiles: model, rules: [Self.heavy, Self.nonObservable])
        #expect(both.map(\.ruleID) == [Self.nonObservable])
        #expect(both.first?.message.contains("@StateObject") == true)
        #expect(both.first?.message.contains(".task") == false)
        // Alone, heavy-state-initializer still reports the line: it defers only to a rule that runs.
        #expect(lint(Self.view, otherFiles: model, rules: [Self.heavy]).map(\.ruleID) == [Self.heavy])
    }

    @Test func aPlainClassWithWorkInItsInitializerGetsOneMessageWithBothSteps() {
        let model = ["FeedModel.swift": "final class FeedModel {\n    var title = \"\"\n    init() { Task { await load() } }\n}"]
        let both = lint(Self.view, otherFiles: model, rules: [Self.heavy, Self.nonObservable])
        #expect(both.map(\.ruleID) == [Self.nonObservable])
        let message = both.first?.message ?? ""
        #expect(message.contains("`@Observable`") && message.contains(".task"))
    }

    @Test func anObservableClassWithWorkInItsInitializerIsHeavyStateInitializersAlone() {
        let model = ["FeedModel.swift": "@Observable final class FeedModel {\n    var title = \"\"\n    init() { Task { await load() } }\n}"]
        #expect(lint(Self.view, otherFiles: model, rules: [Self.heavy, Self.nonObservable]).map(\.ruleID) == [Self.heavy])
    }

    @Test func aCoordinatorTheBodyNeverReadsIsHeavyStateInitializersAlone() {
        let code = """
            struct MapScreen: View {
                @State private var coordinator = MapCoordinator()
                var body: some View { MapView(delegate: coordinator) }
            }
            """
        let coordinator = ["MapCoordinator.swift": "final class MapCoordinator {\n    var region = Region()\n    init() { Task { await startLocationUpdates() } }\n}"]
        #expect(lint(code, otherFiles: coordinator, rules: [Self.heavy, Self.nonObservable]).map(\.ruleID) == [Self.heavy])
    }
}
