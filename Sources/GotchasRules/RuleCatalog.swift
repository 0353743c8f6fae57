import GotchasCore

/// Every rule the product ships, in catalog order. Adding a rule means adding its
/// file and one line here.
public enum RuleCatalog {
    public static let all: [any Rule.Type] = [
        ForegroundColorRule.self,
        // SwiftData, Widgets, Concurrency, Cross-file (and the State rules that read the workspace)
        SwiftDataProtocolKeyPathRule.self,
        ModelContextStoredRule.self,
        WidgetDateNowTextRule.self,
        WidgetTimelineViewRule.self,
        WidgetSnapshotNetworkRule.self,
        WidgetEntryModelRule.self,
        WidgetModelContainerGroupRule.self,
        WidgetTimerTextRule.self,
        WidgetStaticConfigIntentRule.self,
        WidgetGeometryMeasureRule.self,
        MainActorServiceRule.self,
        TaskInInitRule.self,
        NonisolatedDefaultValueRule.self,
        OffMainEntryMainActorRule.self,
        EnvironmentObjectMismatchRule.self,
        ForEachIDSelfMutableRule.self,
        HeavyStateInitializerRule.self,
        StateNonObservableClassRule.self,
    ]

    public static var linter: Linter { Linter(rules: all) }
}
