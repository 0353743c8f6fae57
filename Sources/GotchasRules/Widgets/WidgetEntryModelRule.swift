import GotchasCore
import SwiftSyntax

/// Timeline entries and App Intent entities cross process boundaries; SwiftData
/// models and their `PersistentIdentifier` do not survive the trip.
struct WidgetEntryModelRule: Rule {
    static let description = RuleDescription(
        id: "widget-entry-model",
        category: .widgets,
        severity: .warning,
        seed: "000 W6",
        summary: "A `TimelineEntry` storing a `@Model` object, or `persistentModelID` used as an `AppEntity` id.",
        rationale: """
            A `@Model` instance in a timeline entry is tied to the context that fetched it: it faults or \
            shows stale values when the widget renders later, and keeps the context alive in a memory-capped \
            extension. `PersistentIdentifier` does not reliably round-trip through widget configuration. \
            Store a `Codable` value keyed by a stored `UUID`, and use that as the `AppEntity` id.
            """,
        notFlagged: [
            "a `Codable` value wrapper",
            "a struct of the same name",
            "a `UUID` id",
        ],
        severityReason: "stale or faulting widget data.",
        asks: [.declaration],
        useInstead: "a Codable value wrapper",
        triggers: ["TimelineEntry", "persistentModelID", "PersistentIdentifier"],
        triggering: [
            RuleExample("""
                import WidgetKit
                struct TripEntry: TimelineEntry {
                    let date: Date
                    let trip: ↓Trip
                    let upcoming: ↓[Trip]
                }
                """, otherFiles: ["Models/Trip.swift": "import SwiftData\n@Model final class Trip { var name = \"\" }"]),
            RuleExample("""
                struct LocationEntity: AppEntity {
                    var id: ↓PersistentIdentifier
                    var name: String
                }
                struct PlaceEntity: AppEntity {
                    let place: Place
                    var id: PersistentIdentifier.ID { place.↓persistentModelID }
                }
                """),
            RuleExample("""
                import WidgetKit
                struct Entry: TimelineEntry {
                    let date: Date
                    var selected: ↓Habit?
                    var modelID: ↓PersistentIdentifier
                }
                @Model final class Habit { var title = "" }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                import WidgetKit
                struct Entry: TimelineEntry {
                    let date: Date
                    // let trip: Trip  (a @Model: kept out on purpose)
                    let note = "persistentModelID"
                    let tripModelName: String
                }
                """, note: "a comment, a string, a look-alike name", otherFiles: ["Trip.swift": "@Model final class Trip { var name = \"\" }"]),
            RuleExample("""
                import WidgetKit
                struct TripEntry: TimelineEntry {
                    let date: Date
                    let trip: TripSnapshot
                }
                struct TripSnapshot: Codable, Hashable { var id: UUID; var name: String }
                """, note: "a Codable value wrapper"),
            RuleExample("""
                import WidgetKit
                struct TripEntry: TimelineEntry {
                    let date: Date
                    let trip: Trip
                }
                """, note: "Trip is a struct elsewhere", otherFiles: ["Trip.swift": "struct Trip: Codable { var name: String }"]),
            RuleExample("""
                struct LocationEntity: AppEntity {
                    var id: UUID
                    init(_ location: Location) { id = location.uuid }
                    func modelID(_ l: Location) -> PersistentIdentifier { l.persistentModelID }
                }
                final class Cache { var lastID: PersistentIdentifier? }
                """, note: "a UUID id; persistentModelID outside the entity's id"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, let type = context.enclosingType else { return }
        let variable = node.cast(VariableDeclSyntax.self)
        if type.inherits("TimelineEntry") || context.type(named: type.name)?.inherits("TimelineEntry") == true {
            checkEntry(variable, in: context, report: &report)
        } else if type.inherits("AppEntity") || context.type(named: type.name)?.inherits("AppEntity") == true {
            checkEntity(variable, report: &report)
        }
    }

    private func checkEntry(_ variable: VariableDeclSyntax, in context: RuleContext, report: inout [Finding]) {
        guard !variable.modifiers.contains("static") else { return }
        for binding in variable.bindings where binding.accessorBlock == nil {
            guard let annotation = binding.typeAnnotation?.type else { continue }
            let written = annotation.trimmedText
            let name = TypeNames.element(of: written) ?? TypeNames.strippingOptional(written)
            if name == "PersistentIdentifier" {
                report.append(Finding(
                    message: "a `PersistentIdentifier` in a timeline entry does not reliably round-trip into the widget; key the entry by a stored `UUID`",
                    range: annotation.byteRange))
                continue
            }
            guard let simple = TypeNames.simple(name), let model = context.declaration(of: simple),
                  model.scope.kind == .class, model.scope.hasAttribute("Model") else { continue }
            report.append(Finding(
                message: "timeline entry stores the SwiftData model `\(simple)` (declared \(WorkspaceRuleSupport.place([model.path], from: context))): it is bound to the context that fetched it and faults or shows stale data when the widget renders later; store a Codable value copy keyed by a UUID",
                range: annotation.byteRange,
                related: [WorkspaceRuleSupport.related(model, "`\(simple)` is a @Model class")]))
        }
    }

    private func checkEntity(_ variable: VariableDeclSyntax, report: inout [Finding]) {
        for binding in variable.bindings {
            guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "id" else { continue }
            if let annotation = binding.typeAnnotation?.type, TypeNames.strippingOptional(annotation.trimmedText) == "PersistentIdentifier" {
                report.append(Finding(
                    message: "`PersistentIdentifier` as an AppEntity id does not reliably round-trip through intent configuration (the selection falls back to the default); use a stored `UUID`",
                    range: annotation.byteRange))
                continue
            }
            let source: Syntax? = binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map(Syntax.init)
            if let source, let token = WorkspaceRuleSupport.firstToken(source, in: ["persistentModelID"]) {
                report.append(Finding(
                    message: "`persistentModelID` as an AppEntity id does not reliably round-trip through intent configuration (the selection falls back to the default); use a stored `UUID`",
                    range: token.byteRange))
            }
        }
    }
}
