import Foundation
import GotchasCore
import GotchasRules
import ServerTestSupport
import Testing
@testable import GotchasLSP

@Suite struct HoverTests {
    @Test func hoverExplainsTheRule() async throws {
        let client = TestClient()
        _ = try await client.initialize(capabilities: ["textDocument": ["hover": ["contentFormat": ["markdown", "plaintext"]]]])
        let uri = "file:///hover.swift"
        await client.open(uri, sample)
        let hover = try await client.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(4, 25)])
        #expect(hover["result", "contents", "kind"] == "markdown")
        let value = try #require(hover["result", "contents", "value"]?.stringValue)
        #expect(value.contains("`foreground-color`"))
        #expect(value.contains("deprecated since iOS 17"))  // the rationale
        #expect(value.contains("Example:\n```swift\nvar body: some View { Text(\"Hi\").foregroundColor(.red) }\n```"))
        #expect(value.contains("Use instead (applied by --fix):\n```swift\nvar body: some View { Text(\"Hi\").foregroundStyle(.red) }\n```"))
        #expect(hover["result", "range"] == range(4, 18, 4, 40))
        let nothing = try await client.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(0, 2)])
        #expect(nothing["result"] == .null)
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// `aspect-ratio-nil` has no correction: its near miss is code the rule leaves alone,
    /// labeled as `explain` labels it, not as recommended code.
    static let noCorrection = """
        import SwiftUI

        struct Tile: View {
            var body: some View {
                VStack { Text("a") }.aspectRatio(nil, contentMode: .fill)
            }
        }

        """

    @Test func aNearMissIsLabeledNotFlaggedAsInExplain() async throws {
        let rule = try #require(RuleCatalog.linter.rule(withID: "aspect-ratio-nil")).description
        let nearMiss = try #require(RuleExplanation(rule).representativeNotFlagged?.code)
        #expect(RuleExplanation(rule).plainText.contains("Not flagged:\n"))
        let client = TestClient()
        _ = try await client.initialize(capabilities: ["textDocument": ["hover": ["contentFormat": ["markdown"]]]])
        await client.open("file:///tile.swift", Self.noCorrection)
        let hover = try await client.request("textDocument/hover", ["textDocument": ["uri": "file:///tile.swift"], "position": position(4, 32)])
        let value = try #require(hover["result", "contents", "value"]?.stringValue)
        #expect(value.contains("`aspect-ratio-nil`"))
        #expect(value.contains("Not flagged:\n```swift\n\(nearMiss)\n```"))
        #expect(!value.contains("Use instead"))
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// Eglot without markdown, or a client that names no format: plain text, code indented
    /// as in `explain`, no fences or emphasis that would show raw.
    @Test(arguments: [["plaintext"], []] as [[JSON]])
    func aClientWithoutMarkdownGetsPlainText(formats: [JSON]) async throws {
        let client = TestClient()
        _ = try await client.initialize(capabilities: ["textDocument": ["hover": ["contentFormat": .array(formats)]]])
        let uri = "file:///plain.swift"
        await client.open(uri, sample)
        let hover = try await client.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": position(4, 25)])
        #expect(hover["result", "contents", "kind"] == "plaintext")
        let value = try #require(hover["result", "contents", "value"]?.stringValue)
        #expect(value.hasPrefix("\(Product.name) foreground-color — "))
        #expect(value.contains("Example:\n    var body: some View { Text(\"Hi\").foregroundColor(.red) }"))
        #expect(value.contains("Use instead (applied by --fix):\n    var body: some View { Text(\"Hi\").foregroundStyle(.red) }"))
        #expect(value.hasSuffix("Documentation: " + Product.rulesDocumentationURL + "/foreground-color.md"))
        #expect(!value.contains("```") && !value.contains("**") && !value.contains("[Documentation]("))
        #expect(try await client.shutdownAndExit() == 0)
    }
}

@Suite struct ConfigurationTests {
    @Test func configurationFileThenEditorSettings() async throws {
        let folder = TemporaryDirectory()
        _ = folder.write(".swiftui-gotchas.json", #"{"rules": {"foreground-color": "error"}, "docs-base-url": "https://example.com/rules/"}"#)
        _ = folder.write("A.swift", sample)
        let client = TestClient()
        _ = try await client.initialize(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]],
                                        folders: [folder.path])
        let registration = try await client.next("registerCapability") { $0["method"] == "client/registerCapability" }
        #expect(registration["params", "registrations"]?.arrayValue?.first?["registerOptions", "watchers"] == [["globPattern": "**/.swiftui-gotchas.json"]])
        let uri = folder.uri("A.swift")
        await client.open(uri, sample)
        let first = try await client.publishedDiagnostics(for: uri)
        let diagnostic = try #require(first["params", "diagnostics"]?.arrayValue?.first)
        #expect(diagnostic["severity"] == 1)
        #expect(diagnostic["codeDescription", "href"] == "https://example.com/rules/foreground-color.md")
        // Editor settings override the file.
        await client.notify("workspace/didChangeConfiguration", ["settings": ["swiftui-gotchas": ["rules": ["foreground-color": "hint"]]]])
        let hinted = try await client.publishedDiagnostics(for: uri)
        #expect(hinted["params", "diagnostics"]?.arrayValue?.first?["severity"] == 4)
        await client.notify("workspace/didChangeConfiguration", ["settings": [:]])
        _ = try await client.publishedDiagnostics(for: uri)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func emptySettingsAfterConnectingKeepTheInitializationOptions() async throws {
        // Eglot sends initializationOptions, then didChangeConfiguration with `{}`.
        let folder = TemporaryDirectory()
        _ = folder.write("C.swift", sample)
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path], initializationOptions:
            ["rules": ["foreground-color": "error"], "docs-base-url": "https://example.com/docs"])
        await client.notify("workspace/didChangeConfiguration", ["settings": [:]])
        let uri = folder.uri("C.swift")
        await client.open(uri, sample)
        let first = try await client.publishedDiagnostics(for: uri)
        #expect(first["params", "diagnostics"]?.arrayValue?.first?["severity"] == 1)
        #expect(first["params", "diagnostics"]?.arrayValue?.first?["codeDescription", "href"] == "https://example.com/docs/foreground-color.md")
        // Settings of ours replace them.
        await client.notify("workspace/didChangeConfiguration", ["settings": ["swiftui-gotchas": ["rules": ["foreground-color": "hint"]]]])
        let hinted = try await client.publishedDiagnostics(for: uri)
        #expect(hinted["params", "diagnostics"]?.arrayValue?.first?["severity"] == 4)
        #expect(hinted["params", "diagnostics"]?.arrayValue?.first?["codeDescription", "href"] == .string(Product.rulesDocumentationURL + "/foreground-color.md"))
        // An explicitly empty section clears them.
        await client.notify("workspace/didChangeConfiguration", ["settings": ["swiftui-gotchas": [:]]])
        let cleared = try await client.publishedDiagnostics(for: uri)
        #expect(cleared["params", "diagnostics"]?.arrayValue?.first?["severity"] == 3)  // the rule's default, info
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func brokenConfigurationIsShownAndTheLastGoodOneStays() async throws {
        let folder = TemporaryDirectory()
        let configPath = folder.write(".swiftui-gotchas.json", #"{"rules": {"foreground-color": "info"}}"#)
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        let uri = folder.uri("B.swift")
        await client.open(uri, sample)
        let first = try await client.publishedDiagnostics(for: uri)
        #expect(first["params", "diagnostics"]?.arrayValue?.first?["severity"] == 3)
        // Broken: shown, last good kept.
        try Data(#"{"rules": {"foreground-color": "loud"}}"#.utf8).write(to: URL(fileURLWithPath: configPath))
        await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri(".swiftui-gotchas.json")), "type": 2]]])
        let message = try await client.notification("window/showMessage")
        #expect(message["params", "type"] == 1)
        #expect(message["params", "message"]?.stringValue?.contains("last good configuration") == true)
        // The last good configuration stays, so nothing need be published again: the next edit's
        // diagnostics show it still in force.
        await client.change(uri, version: 2, [["text": .string(sample + "\n")]])
        let kept = try await client.publishedDiagnostics(for: uri, version: 2)
        #expect(kept["params", "diagnostics"]?.arrayValue?.first?["severity"] == 3)
        // Fixed: turned off; re-linted.
        try Data(#"{"rules": {"foreground-color": "off"}}"#.utf8).write(to: URL(fileURLWithPath: configPath))
        await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri(".swiftui-gotchas.json")), "type": 2]]])
        // A publish made before the change was seen (indexing ending, under load) may come first:
        // wait for the one without the rule's finding (none within the client's timeout fails).
        _ = try await client.notification("textDocument/publishDiagnostics") {
            $0["params", "uri"]?.stringValue == uri && $0["params", "diagnostics"] == []
        }
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func initializationOptionsApplyAndInvalidOnesAreShown() async throws {
        let client = TestClient()
        _ = try await client.initialize(initializationOptions: ["rules": ["foreground-color": "off"]])
        await client.open("file:///init.swift", sample)
        let published = try await client.publishedDiagnostics(for: "file:///init.swift")
        #expect(published["params", "diagnostics"] == [])
        await client.notify("workspace/didChangeConfiguration", ["settings": ["rules": ["foreground-color": 42]]])
        let message = try await client.notification("window/showMessage")
        #expect(message["params", "message"]?.stringValue?.contains("editor settings ignored") == true)
        // Ignored settings change nothing, so nothing need be published again: the next edit's
        // diagnostics show the settings still in force.
        await client.change("file:///init.swift", version: 2, [["text": .string(sample + "\n")]])
        let still = try await client.publishedDiagnostics(for: "file:///init.swift", version: 2)
        #expect(still["params", "diagnostics"] == [])
        #expect(try await client.shutdownAndExit() == 0)
    }
}
