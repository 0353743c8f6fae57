import Foundation
import Testing

/// The CLI's two passes: index every file, then lint files with workspace-rule triggers with the index.
@Suite struct WorkspaceLintTests {
    @Test func crossFileDiagnosticsNeedTheOtherFile() throws {
        let tree = try TemporaryTree([
            "App/Models/Cart.swift": "final class Cart {\n    var items: [Int] = []\n}\n",
            "App/Views/CartView.swift": "struct CartView: View {\n    @State private var cart = Cart()\n    var body: some View { Text(\"\") }\n}\n",
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
            "Sources/A/Keys.swift": "struct Weight: LayoutValueKey {\n    static let defaultValue = 1.0\n}\n",
        ])
        let lint = CapturedIO()
        _ = lint.lint([tree.path("Sources/A"), "--format", "json"])
        #expect(lint.output.contains("\"rule\":\"nonisolated-default-value\""))
        let fix = CapturedIO()
        _ = fix.lint([tree.path("Sources/A"), "--fix", "--quiet"])
        #expect(tree.read("Sources/A/Keys.swift") == "struct Weight: LayoutValueKey {\n    nonisolated static let defaultValue = 1.0\n}\n")
    }
}
