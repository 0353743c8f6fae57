import Foundation
import Testing

/// The CLI's two passes: index every file, then lint files with workspace-rule triggers with the index.
@Suite struct WorkspaceLintTests {
    @Test func crossFileDiagnosticsNeedTheOtherFile() throws {
        let tree = try TemporaryTree([
            "App/Models/Cart.swift": "final class Cart {\n    var items: [Int] = []\n}\n",
            "App/Views/CartView.swift": "struct CartView: View {\n    @State private var cart = Cart()\n    var body: some View { Text(\"\\(cart.items.count)\") }\n}\n",
        ])
        let both = CapturedIO()
        #expect(both.lint([tree.root, "--format", "json"]) == 1)
        #expect(both.output.contains("\"rule\":\"state-non-observable-class\""))
        // Only the view named: no index of the model, no diagnostic.
        let alone = CapturedIO()
        _ = alone.lint([tree.path("App/Views/CartView.swift"), "--format", "json"])
        #expect(!alone.output.contains("state-non-observable-class"))
    }

    @Test func defaultIsolationFromThePackageAboveAndFixInTheSecondPass() throws {
        let tree = try TemporaryTree([
            "Package.swift": "// swift-tools-version:6.2\nlet package = Package(name: \"A\", targets: [.target(name: \"A\", swiftSettings: [.defaultIsolation(MainActor.self)])])\n",
            "Sources/A/Keys.swift": "struct Weight: LayoutValueKey {\n    static let defaultValue = 1.0\n}\n" + Self.nonisolatedUse,
        ])
        let lint = CapturedIO()
        _ = lint.lint([tree.path("Sources/A"), "--format", "json", "--select", "nonisolated-default-value"])
        #expect(lint.output.contains("\"rule\":\"nonisolated-default-value\""))
        let fix = CapturedIO()
        _ = fix.lint([tree.path("Sources/A"), "--fix", "--quiet", "--select", "nonisolated-default-value"])
        #expect(tree.read("Sources/A/Keys.swift") == "struct Weight: LayoutValueKey {\n    nonisolated static let defaultValue = 1.0\n}\n" + Self.nonisolatedUse)
    }

    /// Code off the main actor that uses the key: where its isolated conformance does not compile.
    static let nonisolatedUse = "nonisolated func weight() -> Double { Weight.defaultValue }\n"
}

@Suite struct WorkspaceCacheTests {
    @Test func cachedResultsFollowChangesInOtherFiles() throws {
        let tree = try TemporaryTree([
            "Cart.swift": "final class Cart {\n    var items: [Int] = []\n}\n",
            "CartView.swift": "struct CartView: View {\n    @State private var cart = Cart()\n    var body: some View { Text(\"\\(cart.items.count)\") }\n}\n",
        ])
        let environment = ["XDG_CACHE_HOME": tree.path("cache")]
        let paths = [tree.path("Cart.swift"), tree.path("CartView.swift"), "--format", "json"]
        let cold = CapturedIO(environment: environment)
        _ = cold.lint(paths)
        #expect(cold.output.contains("state-non-observable-class"))
        let warm = CapturedIO(environment: environment)
        _ = warm.lint(paths)
        #expect(warm.output == cold.output)
        // Only the other file changes: the view's cached result must not be reused.
        try "@Observable final class Cart {\n    var items: [Int] = []\n}\n".write(toFile: tree.path("Cart.swift"), atomically: true, encoding: .utf8)
        let changed = CapturedIO(environment: environment)
        _ = changed.lint(paths)
        #expect(!changed.output.contains("state-non-observable-class"))
    }
}
