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
