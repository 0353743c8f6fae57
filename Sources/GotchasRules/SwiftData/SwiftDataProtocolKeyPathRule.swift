import GotchasCore
import SwiftSyntax

/// SwiftData resolves sort and predicate key paths against the concrete `@Model`'s
/// schema. A key path rooted in a protocol (written in a protocol extension, over
/// `Self`) compiles, then traps at fetch time.
struct SwiftDataProtocolKeyPathRule: Rule {
    static let description = RuleDescription(
        id: "swiftdata-protocol-keypath",
        category: .swiftData,
        severity: .error,
        seed: "000 D1",
        summary: "`SortDescriptor`/`#Predicate`/`FetchDescriptor<Self>` with a key path in a protocol extension crashes at fetch time.",
        rationale: """
            In a protocol extension, `SortDescriptor(\\.sortOrder)`, `#Predicate { $0.name == x }` and \
            `FetchDescriptor<Self>(predicate:sortBy:)` build key paths rooted in the protocol, not in the \
            concrete `@Model`. SwiftData cannot map them to its schema and traps when the fetch runs; there \
            is no compile error. Write these helpers on each concrete model, or fetch unfiltered and sort or \
            filter in Swift.
            """,
        notFlagged: [
            "a concrete `@Model` type",
            "an unfiltered `FetchDescriptor<Self>()`",
            "a protocol extension without SwiftData",
        ],
        severityReason: "the fetch crashes.",
        asks: [.declaration],
        useInstead: "key paths rooted in a concrete model",
        triggers: ["SortDescriptor", "#Predicate", "FetchDescriptor"],
        triggering: [
            RuleExample("""
                protocol Tracker: PersistentModel { var sortOrder: Int { get } }
                extension Tracker {
                    static func all(in context: ModelContext) throws -> [Self] {
                        try context.fetch(↓FetchDescriptor<Self>(sortBy: [SortDescriptor(\\.sortOrder)]))
                    }
                }
                """),
            RuleExample("""
                extension Tracker {
                    static func find(_ id: UUID, in context: ModelContext) throws -> Self? {
                        let predicate = ↓#Predicate<Self> { $0.stableID == id }
                        return try context.fetch(FetchDescriptor(predicate: predicate)).first
                    }
                    static var byOrder: SortDescriptor<Self> { ↓SortDescriptor(\\.sortOrder, order: .reverse) }
                }
                """, note: "the protocol is declared in another file", otherFiles: ["Tracker.swift": "protocol Tracker: PersistentModel { var stableID: UUID { get } }"]),
            RuleExample("""
                extension Habit where Self: PersistentModel {
                    static func recent(in context: ModelContext) throws -> [Self] {
                        var descriptor = ↓FetchDescriptor<Self>(predicate: #Predicate { $0.isArchived == false })
                        descriptor.fetchLimit = 10
                        return try context.fetch(descriptor)
                    }
                }
                """, note: "`where Self:` marks a protocol extension even when the protocol is not indexed"),
        ],
        nonTriggering: [
            RuleExample("""
                protocol Sortable {}
                extension Sortable {
                    func sorted(_ xs: [Int]) -> [Int] { xs.sorted() }
                    static var label: String { "FetchDescriptor<Self>(sortBy:)" }
                }
                """, note: "a protocol extension without SwiftData"),
            RuleExample("""
                @Model final class Habit {
                    var sortOrder = 0
                    static func all(in context: ModelContext) throws -> [Habit] {
                        try context.fetch(FetchDescriptor<Habit>(sortBy: [SortDescriptor(\\.sortOrder)]))
                    }
                }
                """, note: "a concrete @Model type"),
            RuleExample("""
                protocol Tracker: PersistentModel {}
                extension Tracker {
                    static func all(in context: ModelContext) throws -> [Self] {
                        try context.fetch(FetchDescriptor<Self>())
                    }
                }
                """, note: "the unfiltered fetch (seed D1's workaround)"),
            RuleExample("""
                protocol Tracker: PersistentModel {}
                extension Tracker {
                    static var byName: SortDescriptor<Habit> { SortDescriptor(\\Habit.name) }
                    static var active: Predicate<Habit> { #Predicate<Habit> { $0.isActive } }
                }
                """, note: "key paths rooted in a concrete model"),
            RuleExample("""
                extension Habit {
                    static let byOrder = SortDescriptor(\\Habit.sortOrder)
                    static func all() -> FetchDescriptor<Habit> { FetchDescriptor(sortBy: [SortDescriptor(\\.sortOrder)]) }
                }
                """, note: "an extension of a concrete class declared elsewhere", otherFiles: ["Habit.swift": "@Model final class Habit { var sortOrder = 0 }"]),
            RuleExample("""
                protocol Tracker {}
                extension Tracker {
                    // SortDescriptor(\\.sortOrder)
                    var help: String { "use #Predicate or SortDescriptor(\\\\.x)" }
                }
                """, note: "comments and strings"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr, .macroExpansionExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard isInProtocolExtension(node, context) else { return }
        if let call = node.as(FunctionCallExprSyntax.self) {
            guard let callee = call.calleeName else { return }
            switch callee {
            case "SortDescriptor":
                guard call.calledExpression.is(DeclReferenceExprSyntax.self) || isSelfGeneric(call.calledExpression),
                      let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self),
                      keyPath.root == nil || keyPath.root?.trimmedText == "Self",
                      !isInsideFlaggedDescriptor(node)
                else { return }
                report.append(Finding(
                    message: "`SortDescriptor` key path is rooted in the protocol, not a concrete @Model: the fetch traps at run time; sort in a concrete type or fetch with `FetchDescriptor<Self>()` and sort in Swift",
                    range: call.byteRange))
            case "FetchDescriptor":
                guard isSelfGeneric(call.calledExpression),
                      call.argument(labeled: "predicate") != nil || call.argument(labeled: "sortBy") != nil
                else { return }
                report.append(Finding(
                    message: "`FetchDescriptor<Self>` with a predicate or sort in a protocol extension traps at fetch time (key paths rooted in the protocol); use `FetchDescriptor<Self>()` and filter/sort in Swift, or write it per model",
                    range: call.calledExpression.byteRange.lowerBound..<(call.rightParen?.endPositionBeforeTrailingTrivia.utf8Offset ?? call.byteRange.upperBound)))
            default:
                return
            }
        } else if let macro = node.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Predicate" {
            if let generic = macro.genericArgumentClause, generic.arguments.trimmedText != "Self" { return }
            guard !isInsideFlaggedDescriptor(node) else { return }
            report.append(Finding(
                message: "`#Predicate` over a protocol's `Self` traps at fetch time: SwiftData cannot resolve key paths rooted in a protocol; write the predicate in the concrete @Model type or filter in Swift",
                range: macro.pound.positionAfterSkippingLeadingTrivia.utf8Offset..<macro.macroName.endPositionBeforeTrailingTrivia.utf8Offset))
        }
    }

    private func isSelfGeneric(_ expression: ExprSyntax) -> Bool {
        expression.as(GenericSpecializationExprSyntax.self)?.genericArgumentClause.arguments.trimmedText == "Self"
    }

    /// Reported once: a `#Predicate`/`SortDescriptor` inside a flagged `FetchDescriptor<Self>(…)`.
    private func isInsideFlaggedDescriptor(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current, !parent.is(CodeBlockItemSyntax.self) {
            if let call = parent.as(FunctionCallExprSyntax.self), call.calleeName == "FetchDescriptor", isSelfGeneric(call.calledExpression) {
                return true
            }
            current = parent.parent
        }
        return false
    }

    private func isInProtocolExtension(_ node: Syntax, _ context: RuleContext) -> Bool {
        guard let scope = context.enclosingType, scope.kind == .extension || scope.kind == .protocol,
              let extensionDecl = node.ancestor(ExtensionDeclSyntax.self)
        else { return false }
        if let clause = extensionDecl.genericWhereClause,
           clause.requirements.contains(where: { $0.trimmedText.hasPrefix("Self") }) { return true }
        return context.type(named: scope.name)?.kind == .protocol
    }
}
