import GotchasCore

/// Every rule the product ships, in catalog order. Adding a rule means adding its
/// file and one line here.
public enum RuleCatalog {
    public static let all: [any Rule.Type] = [
        // Animation and transactions
        AnimationWithoutValueRule.self,
        // SF Symbols and Text
        SymbolVariantByNameRule.self,
        // State, ownership, identity
        ObservedObjectOwnedRule.self,
        StateNotPrivateRule.self,
        ForEachIndexIdentityRule.self,
        AnyViewRule.self,
        PrintChangesRule.self,
        // Body cost
        WorkInBodyRule.self,
        // Navigation, gestures, bars
        NavigationViewRule.self,
        OnAppearTaskRule.self,
        // Modern API
        ForegroundColorRule.self,
        TypeNamedTaskRule.self,
        // Animation, symbols, state (views-a)
        AnyShapeStyleTernaryRule.self,
        MatchedGeometryInToolbarRule.self,
        TimelineViewAnimationTransitionRule.self,
        TimelineViewPeriodicMathRule.self,
        CustomAnimationCurveRule.self,
        ManualCountdownRule.self,
        SymbolReplaceByLayerRule.self,
        SymbolOpacityDisabledRule.self,
        StateCopiesParameterRule.self,
        UnstableIdentityRule.self,
        ConditionalViewIdentityRule.self,
        ConditionalLayoutSwitchRule.self,
        EnvironmentClosurePerRenderRule.self,
        EquatableWithLayoutPriorityRule.self,
        ListRowConditionalRule.self,
        HostingConfigurationIDRule.self,
        AspectRatioNilRule.self,
        SwitchDefaultInViewRule.self,
        ViewBuilderHelperFunctionRule.self,
        MissingPreviewRule.self,
    ]

    public static var linter: Linter { Linter(rules: all) }
}
