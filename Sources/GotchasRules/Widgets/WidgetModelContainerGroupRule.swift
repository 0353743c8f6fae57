import GotchasCore
import SwiftSyntax

/// The widget extension has its own sandbox: without an App Group container, its
/// SwiftData store is a different, empty file.
struct WidgetModelContainerGroupRule: CallRule {
    static let description = RuleDescription(
        id: "widget-model-container-group",
        category: .widgets,
        severity: .info,
        seed: "000 W7",
        summary: "`ModelConfiguration`/`ModelContainer(for:)` without `groupContainer:` in widget code.",
        rationale: """
            The app and its widget extension see different containers unless both open the store in a shared \
            App Group. A widget that builds `ModelContainer(for: Item.self)` reads its own empty store and \
            shows nothing. Add the App Group entitlement and pass `ModelConfiguration(…, groupContainer: \
            .identifier(appGroupID))`.
            """,
        notFlagged: [
            "a `groupContainer:` or an explicit store URL",
            "a container built from a configuration",
            "in-memory stores",
            "app code",
        ],
        severityReason: "the store may be shared another way (an explicit URL), so not a warning.",
        useInstead: "a group container; a container built from a configuration; in-memory",
        triggering: [
            """
            import WidgetKit
            import SwiftData
            struct Provider: TimelineProvider {
                let container = try! ↓ModelContainer(for: Habit.self)
                let configuration = ↓ModelConfiguration("Habits", schema: Schema([Habit.self]))
            }
            """,
            """
            import WidgetKit
            struct HabitWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "habits", provider: Provider()) { entry in
                        HabitView(entry: entry)↓.modelContainer(for: Habit.self)
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                import WidgetKit
                let modelConfigurationName = "Habits"
                """, note: "a look-alike name"),
            RuleExample("""
                import WidgetKit
                let configuration = ModelConfiguration(schema: schema, groupContainer: .identifier("group.app"))
                let container = try ModelContainer(for: Habit.self, configurations: configuration)
                let preview = ModelConfiguration(isStoredInMemoryOnly: true)
                """, note: "a group container; a container built from a configuration; in-memory"),
            RuleExample("""
                import WidgetKit
                let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.app")!.appendingPathComponent("Store.sqlite")
                let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
                """, note: "an explicit store URL (here inside the App Group)"),
            RuleExample("""
                import SwiftData
                let container = try ModelContainer(for: Habit.self)
                """, note: "app code (no WidgetKit import)"),
            RuleExample("""
                import SwiftData
                import WidgetKit
                @main struct HabitsApp: App {
                    let container = try! ModelContainer(for: Habit.self)
                    var body: some Scene {
                        WindowGroup { ContentView().onAppear { WidgetCenter.shared.reloadAllTimelines() } }.modelContainer(container)
                    }
                }
                """, note: "app code importing WidgetKit to reload widgets (`WidgetCenter`), declaring no widget"),
        ])

    static let calledNames: Set<String> = ["ModelConfiguration", "ModelContainer", "modelContainer"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard WorkspaceRuleSupport.isWidgetFile(context), !Self.isAppCodeReloadingWidgets(context) else { return }
        let isMember = call.calledExpression.is(MemberAccessExprSyntax.self)
        switch callee {
        case "ModelConfiguration" where !isMember:
            // `url:` decides the store's location (often inside the App Group container): not decidable here.
            guard call.argument(labeled: "groupContainer") == nil, call.argument(labeled: "url") == nil,
                  call.argument(labeled: "isStoredInMemoryOnly")?.expression.trimmedText != "true" else { return }
            report.append(finding(call, "`ModelConfiguration` without `groupContainer:` opens the widget extension's own sandboxed store, not the app's: the widget shows an empty store; pass `groupContainer: .identifier(appGroupID)`"))
        case "ModelContainer" where !isMember:
            guard call.argument(labeled: "for") != nil, call.argument(labeled: "configurations") == nil else { return }
            report.append(finding(call, "`ModelContainer(for:)` in widget code opens the extension's own empty store, not the app's; build it from a `ModelConfiguration(…, groupContainer: .identifier(appGroupID))`"))
        case "modelContainer" where isMember:
            guard call.argument(labeled: "for") != nil else { return }
            report.append(Finding(
                message: "`.modelContainer(for:)` in a widget opens the extension's own empty store, not the app's; pass a container built with `groupContainer: .identifier(appGroupID)`",
                range: call.rangeFromCalleeName))
        default:
            return
        }
    }

    /// The file imports WidgetKit to tell widgets to reload (`WidgetCenter`, the app's side of
    /// WidgetKit) and declares no widget, timeline provider or entry: app code, whose store is the app's own.
    static func isAppCodeReloadingWidgets(_ context: RuleContext) -> Bool {
        guard WorkspaceRuleSupport.containsToken(context.tree, in: ["WidgetCenter"]) else { return false }
        return !context.fileTypes.values.contains { type in
            widgetTypes.contains { type.inherits($0) }
        }
    }

    static let widgetTypes = ["Widget", "WidgetBundle", "TimelineProvider", "AppIntentTimelineProvider", "IntentTimelineProvider", "TimelineEntry"]

    private func finding(_ call: FunctionCallExprSyntax, _ message: String) -> Finding {
        Finding(message: message, range: call.byteRange)
    }
}
