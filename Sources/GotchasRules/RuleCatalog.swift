import GotchasCore

/// Every rule the product ships, in catalog order. Adding a rule means adding its
/// file and one line here.
public enum RuleCatalog {
    public static let all: [any Rule.Type] = [
        ForegroundColorRule.self,
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
