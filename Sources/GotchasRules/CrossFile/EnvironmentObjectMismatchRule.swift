import GotchasCore
import SwiftSyntax

/// `.environmentObject(_:)` and `@Environment(T.self)` are two different stores: an
/// object injected through one is not found by a read through the other.
struct EnvironmentObjectMismatchRule: Rule {
    static let description = RuleDescription(
        id: "environment-object-mismatch",
        category: .crossFile,
        severity: .error,
        seed: "004 §2",
        summary: "A type injected with `.environmentObject(x)` but read with `@Environment(T.self)`, or injected with `.environment(x)` but read with `@EnvironmentObject`.",
        rationale: """
            `ObservableObject`s travel through `.environmentObject(_:)` and are read with \
            `@EnvironmentObject`; `@Observable` objects travel through `.environment(_:)` and are read with \
            `@Environment(T.self)`. Mixing the pairs compiles, but the read finds nothing and the app \
            crashes ("No ObservableObject of type T found"). Use the matching pair, and when migrating a \
            type to `@Observable`, change the injection and every read together.
            """,
        notFlagged: [
            "matching pairs",
            "a type injected both ways",
            "no injection seen anywhere",
        ],
        severityReason: "the read crashes at run time.",
        asks: [.environmentUses],
        useInstead: "matching pairs",
        triggers: ["@Environment"],
        triggering: [
            RuleExample("""
                struct PlantList: View {
                    ↓@Environment(GardenStore.self) private var store
                    var body: some View { Text("") }
                }
                """, otherFiles: ["App.swift": """
                    @main struct GardenApp: App {
                        @StateObject private var store = GardenStore()
                        var body: some Scene { WindowGroup { PlantList().environmentObject(store) } }
                    }
                    """]),
            RuleExample("""
                struct ProfileView: View {
                    ↓@EnvironmentObject var session: Session
                    var body: some View { Text("") }
                }
                struct Root: View {
                    @State private var session = Session()
                    var body: some View { ProfileView().environment(session) }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct PlantList: View {
                    // @Environment(GardenStore.self) private var store
                    @EnvironmentObject private var store: GardenStore
                    let label = "@Environment(GardenStore.self)"
                    var body: some View { Text("") }
                }
                """, note: "a comment and a string", otherFiles: ["App.swift": "struct Root: View {\n    @StateObject var store = GardenStore()\n    var body: some View { PlantList().environmentObject(store) }\n}"]),
            RuleExample("""
                struct PlantList: View {
                    @EnvironmentObject private var store: GardenStore
                    @Environment(Session.self) private var session
                    @Environment(\\.dismiss) private var dismiss
                    var body: some View { Text("") }
                }
                """, note: "matching pairs", otherFiles: ["App.swift": """
                    @main struct GardenApp: App {
                        @StateObject private var store = GardenStore()
                        @State private var session = Session()
                        var body: some Scene { WindowGroup { PlantList().environmentObject(store).environment(session) } }
                    }
                    """]),
            RuleExample("""
                struct PlantList: View {
                    @Environment(GardenStore.self) private var store
                    var body: some View { Text("") }
                }
                """, note: "injected both ways (a type in migration)", otherFiles: ["App.swift": """
                    struct Root: View {
                        let store: GardenStore
                        var body: some View { PlantList().environmentObject(GardenStore.shared).environment(GardenStore.shared) }
                    }
                    """]),
            RuleExample("""
                struct PlantList: View {
                    @Environment(GardenStore.self) private var store
                    var body: some View { Text("") }
                }
                """, note: "no injection seen anywhere"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true else { return }
        // The same reads the workspace index records (`environmentObjectReads`).
        for read in node.cast(VariableDeclSyntax.self).environmentObjectReads {
            let typeName = read.typeName
            switch read.kind {
            case .readObject:
                reportMismatch(typeName, injectedAs: .injectObservable, at: read.attribute, in: context, report: &report,
                               message: "`\(typeName)` is injected with `.environment(_:)` (%PLACE%) but read with `@EnvironmentObject`: the read finds no ObservableObject and crashes; read it with `@Environment(\(typeName).self)`",
                               note: "injected with `.environment(_:)` here")
            case .readObservable:
                reportMismatch(typeName, injectedAs: .injectObject, at: read.attribute, in: context, report: &report,
                               message: "`\(typeName)` is injected with `.environmentObject(_:)` (%PLACE%) but read with `@Environment(\(typeName).self)`: the read finds nothing and traps; read it with `@EnvironmentObject`, or make `\(typeName)` @Observable and inject it with `.environment(_:)`",
                               note: "injected with `.environmentObject(_:)` here")
            case .injectObject, .injectObservable:
                continue
            }
        }
    }

    /// Flags a read of `typeName` when the workspace injects it only the other way.
    private func reportMismatch(_ typeName: String, injectedAs wrongKind: EnvironmentUse.Kind,
                                at attribute: AttributeSyntax, in context: RuleContext, report: inout [Finding],
                                message: String, note: String) {
        let wrong = context.loneInjections(of: typeName, kind: wrongKind)
        guard !wrong.isEmpty else { return }
        // The message says where the injections are too: not every editor shows related locations.
        let placed = message.replacing("%PLACE%", with: WorkspaceRuleSupport.place(wrong.map(\.path), from: context))
        report.append(Finding(message: placed, range: attribute.byteRange, related: related(wrong, note)))
    }

    private func related(_ uses: [EnvironmentUse], _ message: String) -> [RelatedLocation] {
        uses.prefix(5).map { RelatedLocation(path: $0.path, range: $0.range, message: message) }
    }
}
