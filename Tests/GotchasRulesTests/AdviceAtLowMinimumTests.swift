import GotchasCore
import GotchasRules
import Testing

/// A rule that stays on below a newer API's minimum gives only advice the code can use there.
@Suite struct AdviceAtLowMinimumTests {
    @Test func stateNonObservableClassAdvisesObservationOnlyFromIOS17() throws {
        let view = """
            struct CartView: View {
                @State private var cart = Cart()
                var body: some View { Text("\\(cart.items.count)") }
            }
            """
        let other = ["Cart.swift": "final class Cart { var items: [Int] = [] }"]
        let low = RuleHarness.lint(view, only: "state-non-observable-class", otherFiles: other, platforms: [.iOS: OSVersion(15)])
        let message = try #require(low.first?.message)
        #expect(message.contains("`ObservableObject` with `@Published`") && message.contains("`@StateObject`"), "\(message)")
        #expect(!message.contains("mark `Cart` `@Observable`"), "advises Observation at iOS 15: \(message)")
        let high = RuleHarness.lint(view, only: "state-non-observable-class", otherFiles: other, platforms: [.iOS: OSVersion(17)])
        #expect(high.first?.message.contains("mark `Cart` `@Observable`") == true)
    }
}
