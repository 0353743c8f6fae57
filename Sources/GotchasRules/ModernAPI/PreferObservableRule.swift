import GotchasCore
import SwiftSyntax

/// With `@Observable`, a view updates only for the properties its `body` reads; with
/// `ObservableObject`, any `@Published` change updates every observing view.
struct PreferObservableRule: Rule {
    static let description = RuleDescription(
        id: "prefer-observable",
        category: .modernAPI,
        severity: .hint,
        optIn: true,
        seed: "001",
        summary: "An `ObservableObject` class with `@Published` properties (opt-in: consider `@Observable`).",
        rationale: """
            An `ObservableObject` publishes every `@Published` change to every observing view, even views \
            that never read that property. An `@Observable` class tracks the properties each `body` reads \
            and needs no `@Published`. `ObservableObject` is not deprecated and mixing both during a \
            migration is fine.
            """,
        notFlagged: [
            "`@Observable` classes",
            "a hand-written `objectWillChange`",
            "protocols",
        ],
        severityReason: "a modernization for new code in a project that has adopted Observation.",
        useInstead: "already Observation",
        // https://developer.apple.com/tutorials/data/documentation/observation/observable().md (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)
        requires: .os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10)),
        triggers: ["ObservableObject"],
        triggering: [
            RuleExample("""
                @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
                final class Cart: ↓ObservableObject {
                    @Published var items: [Item] = []
                    @Published private(set) var total = 0
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(16)]),
            """
            final class Cart: ↓ObservableObject {
                @Published var items: [Item] = []
                @Published private(set) var total = 0
            }
            """,
            """
            @MainActor
            class SettingsModel: NSObject, ↓ObservableObject, Identifiable {
                @Published
                var theme = Theme.system
            }
            """,
            """
            enum Store {
                final class Session: Combine.↓ObservableObject {
                    @Published var user: User?
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                final class Cart: ObservableObject {
                    @Published var items: [Item] = []
                    @Published private(set) var total = 0
                }
                """, note: "deployment target iOS 16: what the advice needs does not exist there", platforms: [.iOS: OSVersion(16)]),
            RuleExample("""
                @Observable final class Cart {
                    var items: [Item] = []
                }
                """, note: "already Observation"),
            RuleExample("""
                final class Clock: ObservableObject {
                    let objectWillChange = PassthroughSubject<Void, Never>()
                    var now = Date() { willSet { objectWillChange.send() } }
                }
                """, note: "hand-written `objectWillChange`, no `@Published`"),
            RuleExample("""
                protocol Store: ObservableObject {}
                struct Preview { @Published var value = 0 }
                """, note: "protocols; `@Published` outside an ObservableObject class"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.classDecl]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let decl = node.cast(ClassDeclSyntax.self)
        guard let inherited = decl.inheritanceClause?.inheritedTypes.first(where: {
                  let name = $0.type.trimmedText
                  return name == "ObservableObject" || name == "Combine.ObservableObject"
              }),
              decl.memberBlock.members.contains(where: { $0.decl.as(VariableDeclSyntax.self)?.attributes.contains("Published") == true })
        else { return }
        var range: Range<Int> = inherited.type.byteRange
        if let member = inherited.type.as(MemberTypeSyntax.self) {
            range = member.name.byteRange
        }
        report.append(Finding(
            message: "`\(decl.name.text)` is an `ObservableObject` with `@Published` properties; an `@Observable` class updates views only for the properties they read",
            range: range))
    }
}
