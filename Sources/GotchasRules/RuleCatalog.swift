import GotchasCore

/// Every rule the product ships, in catalog order. Adding a rule means adding its
/// file and one line here.
public enum RuleCatalog {
    public static let all: [any Rule.Type] = [
        // Animation and transactions
        AnimationWithoutValueRule.self,
        AnyShapeStyleTernaryRule.self,
        MatchedGeometryInToolbarRule.self,
        TimelineViewAnimationTransitionRule.self,
        TimelineViewPeriodicMathRule.self,
        CustomAnimationCurveRule.self,
        // SF Symbols and Text
        SymbolVariantByNameRule.self,
        ManualCountdownRule.self,
        SymbolReplaceByLayerRule.self,
        SymbolOpacityDisabledRule.self,
        // State, ownership, identity (seeds 001, 003, 004, G1–G2)
        ObservedObjectOwnedRule.self,
        StateNotPrivateRule.self,
        StateCopiesParameterRule.self,
        HeavyStateInitializerRule.self,
        StateNonObservableClassRule.self,
        ForEachIndexIdentityRule.self,
        UnstableIdentityRule.self,
        ConditionalViewIdentityRule.self,
        ConditionalLayoutSwitchRule.self,
        AnyViewRule.self,
        EnvironmentClosurePerRenderRule.self,
        EquatableWithLayoutPriorityRule.self,
        PrintChangesRule.self,
        ListRowConditionalRule.self,
        HostingConfigurationIDRule.self,
        AspectRatioNilRule.self,
        SwitchDefaultInViewRule.self,
        ViewBuilderHelperFunctionRule.self,
        MissingPreviewRule.self,
        // Body cost (seeds 001, 003 r13–16, 004 §4)
        WorkInBodyRule.self,
        FormatterInBodyRule.self,
        LongBodyRule.self,
        // Navigation, gestures, bars
        NavigationViewRule.self,
        NavigationDestinationPlacementRule.self,
        ButtonLongPressRule.self,
        ZeroDistanceDragInScrollRule.self,
        SafeAreaInsetBottomRule.self,
        OnAppearTaskRule.self,
        OnChangeSingleParameterRule.self,
        // Modern API (seed 002, M1)
        ForegroundColorRule.self,
        CornerRadiusRule.self,
        NavigationBarPlacementRule.self,
        UIScreenBoundsRule.self,
        DispatchQueueRule.self,
        HapticsGeneratorRule.self,
        URLSessionInViewRule.self,
        TypeNamedTaskRule.self,
        PreferObservableRule.self,
        HardcodedColorRule.self,
        TabItemRule.self,
        EnvironmentObservableNonOptionalRule.self,
        // SwiftData
        SwiftDataProtocolKeyPathRule.self,
        ModelContextStoredRule.self,
        // Widgets (WidgetKit and App Intents)
        WidgetDateNowTextRule.self,
        WidgetTimelineViewRule.self,
        WidgetSnapshotNetworkRule.self,
        WidgetEntryModelRule.self,
        WidgetModelContainerGroupRule.self,
        WidgetTimerTextRule.self,
        WidgetStaticConfigIntentRule.self,
        WidgetGeometryMeasureRule.self,
        // Concurrency (C1–C8)
        MainActorServiceRule.self,
        TaskInInitRule.self,
        NonisolatedDefaultValueRule.self,
        OffMainEntryMainActorRule.self,
        // Cross-file (workspace) rules
        EnvironmentObjectMismatchRule.self,
        ForEachIDSelfMutableRule.self,
    ]

    public static var linter: Linter { Linter(rules: all) }
}
