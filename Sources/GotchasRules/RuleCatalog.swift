import GotchasCore

/// Every rule the product ships, in catalog order. Adding a rule means adding its
/// file and one line here.
public enum RuleCatalog {
    public static let all: [any Rule.Type] = [
        ForegroundColorRule.self,
        // Body cost, navigation, modern API (views-b)
        FormatterInBodyRule.self,
        LongBodyRule.self,
        NavigationDestinationPlacementRule.self,
        ButtonLongPressRule.self,
        ZeroDistanceDragInScrollRule.self,
        SafeAreaInsetBottomRule.self,
        OnChangeSingleParameterRule.self,
        CornerRadiusRule.self,
        NavigationBarPlacementRule.self,
        UIScreenBoundsRule.self,
        DispatchQueueRule.self,
        HapticsGeneratorRule.self,
        URLSessionInViewRule.self,
        PreferObservableRule.self,
        HardcodedColorRule.self,
        TabItemRule.self,
        EnvironmentObservableNonOptionalRule.self,
    ]

    public static var linter: Linter { Linter(rules: all) }
}
