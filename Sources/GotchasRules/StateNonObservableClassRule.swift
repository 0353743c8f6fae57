import GotchasCore
import SwiftSyntax

/// `@State` only notices a class instance being replaced; mutations inside a class
/// that is not `@Observable` never update the view.
struct StateNonObservableClassRule: Rule {
    static let description = RuleDescription(
        id: "state-non-observable-class",
        category: .state,
        severity: .warning,
        seed: "004 §2",
        summary: "`@State` holding an instance of a workspace class that is not `@Observable`.",
        rationale: """
            `@State` tracks its value; for a class that value is the reference, which never changes when \
            a property does. Unless the class is `@Observable` (or a SwiftData `@Model`), the view does not \
            re-render when it mutates: the screen silently shows stale data. Mark the class `@Observable`; \
            for an `ObservableObject`, own it with `@StateObject` instead.
            """,
        triggers: ["@State"],
        triggering: [
            RuleExample("""
                struct CartView: View {
                    @State private var cart = ↓Cart()
                    @State private var session: Session? = ↓Session()
                    var body: some View { Text("\\(cart.items.count)") }
                }
                """, otherFiles: ["Cart.swift": "final class Cart { var items: [Item] = [] }\nclass Session: NSObject { var user: User? }"]),
            RuleExample("""
                struct SettingsView: View {
                    @State private var settings = ↓SettingsStore()
                    var body: some View { Text("") }
                }
                final class SettingsStore: ObservableObject {
                    @Published var darkMode = false
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct CartView: View {
                    // @State private var cart = Cart()
                    @State private var cartTitle = "Cart()"
                    @StateObject private var cart = Cart()
                    var body: some View { Text("") }
                }
                """, note: "a comment, a string, @StateObject", otherFiles: ["Cart.swift": "final class Cart: ObservableObject { @Published var items: [Int] = [] }"]),
            RuleExample("""
                struct CartView: View {
                    @State private var cart = Cart()
                    @State private var trip: Trip?
                    @State private var child = Child()
                    var body: some View { Text("") }
                }
                """, note: "@Observable, @Model, and subclasses of an @Observable class",
                otherFiles: ["Models.swift": "@Observable final class Cart { var items: [Item] = [] }\n@Model final class Trip { var name = \"\" }\n@Observable class Base {}\nfinal class Child: Base {}"]),
            RuleExample("""
                struct FileInspector: View {
                    @State private var file: WorkspaceFile?
                    @State var selection: WorkspaceFile
                    var body: some View { Text(file?.name ?? "") }
                }
                """, note: "a selected reference: replacing it is the change (CodeEdit)",
                otherFiles: ["WorkspaceFile.swift": "final class WorkspaceFile: Hashable { var name = \"\" }"]),
            RuleExample("""
                struct PlayerView: View {
                    @State private var player = AVPlayer()
                    @State private var count = 0
                    @State private var draft = Draft()
                    var body: some View { Text("") }
                }
                struct Draft { var text = "" }
                """, note: "framework classes and value types"),
            RuleExample("""
                struct FeedView: View {
                    @State private var model = FeedModel()
                    var body: some View { Text("") }
                }
                """, note: "the superclass comes from another module: it may be observable", otherFiles: ["FeedModel.swift": "final class FeedModel: BaseViewModel {}"]),
            RuleExample("""
                struct ConversationsView: View {
                    @State private var dataSource = ConversationsDataSource()
                    @State private var conversations: [Conversation] = []
                    var body: some View { Text("") }
                }
                """, note: "a helper whose state is all private: the view reads results, not its properties (IceCubes)",
                otherFiles: ["DataSource.swift": "@MainActor final class ConversationsDataSource {\n    private var conversations: [Conversation] = []\n    private var nextPage: Link?\n    init() {}\n}"]),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]
    /// Inherited names that are protocols or plain roots: they bring no observation.
    static let plainRoots: Set<String> = ["NSObject", "Identifiable", "Hashable", "Equatable", "Codable", "Sendable", "ObservableObject",
                                          "Decodable", "Encodable", "CustomStringConvertible", "AnyObject"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        for (name, declaration, call) in WorkspaceRuleSupport.stateClassCreations(node, in: context) {
            let site = Syntax(call)
            guard // A helper whose mutable state is all private cannot be read by the view: holding it
                  // in @State just keeps one instance alive.
                  declaration.scope.properties.contains(where: { $0.isStoredInstance && !$0.isLet && !$0.isPrivate }),
                  !isObservable(declaration.scope, in: context, depth: 0)
            else { continue }
            let advice = declaration.scope.inherits("ObservableObject")
                ? "own this ObservableObject with `@StateObject` (or make it `@Observable`)"
                : "mark `\(name)` `@Observable`"
            report.append(Finding(
                message: "`\(name)` is a class that is not @Observable: @State only sees the reference, so changes to its properties never update the view; \(advice)",
                range: site.byteRange,
                related: [WorkspaceRuleSupport.related(declaration, "`\(name)` is declared here")]))
        }
    }

    /// Observable itself, through a workspace superclass, or possibly (an unknown superclass).
    private func isObservable(_ type: TypeScope, in context: RuleContext, depth: Int) -> Bool {
        if type.isObservableMacro || type.inherits("Observable") { return true }
        guard let first = type.inheritedTypes.first, let superName = TypeNames.simple(first), !Self.plainRoots.contains(superName) else { return false }
        guard let superType = context.type(named: superName) else { return true }  // unknown: maybe observable, do not flag
        guard superType.kind == .class, depth < 8 else { return false }
        return isObservable(superType, in: context, depth: depth + 1)
    }
}
