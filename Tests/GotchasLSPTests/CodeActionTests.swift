import Foundation
import GotchasCore
import GotchasRules
import ServerTestSupport
import Testing
@testable import GotchasLSP

@Suite struct CodeActionTests {
    static let uri = "file:///actions.swift"
    static let literalSupport: JSON = ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix", "source"]]]]

    func client(resolve: Bool = false, extra: [String: JSON] = [:]) async throws -> TestClient {
        var codeAction = Self.literalSupport.objectValue!
        if resolve { codeAction["resolveSupport"] = ["properties": ["edit"]] }
        var capabilities: [String: JSON] = ["textDocument": ["codeAction": .object(codeAction)]]
        capabilities.merge(extra) { _, new in new }
        let client = TestClient()
        _ = try await client.initialize(capabilities: .object(capabilities))
        await client.open(Self.uri, sample)
        _ = try await client.publishedDiagnostics(for: Self.uri)
        return client
    }

    func codeActions(_ client: TestClient, _ requested: JSON, only: [String]? = nil, diagnostics: [JSON] = []) async throws -> [JSON] {
        var context: [String: JSON] = ["diagnostics": .array(diagnostics)]
        if let only { context["only"] = .array(only.map(JSON.string)) }
        let response = try await client.request("textDocument/codeAction", ["textDocument": ["uri": .string(Self.uri)],
                                                                            "range": requested, "context": .object(context)])
        return try #require(response["result"]?.arrayValue, "\(response.serializedString)")
    }

    func edits(_ action: JSON) -> [JSON] { action["edit", "changes", Self.uri]?.arrayValue ?? [] }

    @Test func zeroWidthCursorRangeFindsTheFix() async throws {
        let client = try await client()
        let actions = try await codeActions(client, range(4, 25, 4, 25))  // Neovim: cursor inside the call
        let titles = actions.compactMap { $0["title"]?.stringValue }
        #expect(titles == [
            "Replace with `.foregroundStyle(_:)`",
            "Fix all `foreground-color` problems in this file",
            "Disable `foreground-color` for this line",
            "Disable `foreground-color` for this file",
            "Show documentation for `foreground-color`",
            "Fix all swiftui-gotchas problems in this file",
        ])
        let quickFix = actions[0]
        #expect(quickFix["kind"] == "quickfix")
        #expect(quickFix["isPreferred"] == true)
        #expect(quickFix["diagnostics"]?.arrayValue?.first?["code"] == "foreground-color")
        #expect(edits(quickFix) == [["range": range(4, 19, 4, 34), "newText": "foregroundStyle"]])
        // Without resolve support the fix-all edit is computed now.
        #expect(edits(actions[1]) == [["range": range(4, 29, 4, 34), "newText": "Style"]])
        #expect(edits(actions[2]) == [["range": range(4, 0, 4, 0), "newText": "        // swiftui-gotchas:disable-next-line foreground-color\n"]])
        #expect(edits(actions[3]) == [["range": range(0, 0, 0, 0), "newText": "// swiftui-gotchas:disable-file foreground-color\n"]])
        #expect(actions[4]["command", "command"] == "swiftui-gotchas.showDocumentation")
        #expect(actions[4]["command", "arguments"] == ["foreground-color", .string(Self.uri)])
        #expect(actions[5]["kind"] == "source.fixAll.swiftui-gotchas")
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// An unsafe fix is offered one by one and says that fix-all leaves it out.
    @Test func unsafeFixTitlesSayFixAllLeavesThemOut() async throws {
        let client = try await client()
        let uri = "file:///unsafe.swift"
        await client.open(uri, """
            struct Inbox: View {
                var body: some View {
                    Image("cover").cornerRadius(8)
                }
            }
            """)
        _ = try await client.publishedDiagnostics(for: uri)
        let response = try await client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": range(2, 24, 2, 24), "context": ["diagnostics": []]])
        let titles = try #require(response["result"]?.arrayValue).compactMap { $0["title"]?.stringValue }
        #expect(titles.first == "Replace with `.clipShape(.rect(cornerRadius:))` (unsafe: not applied by fix-all)", "\(titles)")
        #expect(!titles.contains("Fix all `corner-radius` problems in this file"))
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// A withheld fix is not offered; the hover says why.
    @Test func hoverNamesWithheldFixesAndWhatTheRuleNeeds() throws {
        let rule = try #require(RuleCatalog.linter.rule(withID: "safe-area-inset-bottom")).description
        let text = RuleExplanation(rule).hoverMarkdown(message: "m", withheld: [WithheldFix(title: "Replace with `.safeAreaBar(edge: .bottom)`", reason: "needs iOS 26 (minimum iOS 18)")], documentationURL: "u")
        #expect(text.contains("Fix not offered: Replace with `.safeAreaBar(edge: .bottom)` needs iOS 26 (minimum iOS 18)."))
        #expect(text.contains("Applies from iOS 26, watchOS 26, visionOS 26 (not on macOS, tvOS)."))
        #expect(text.contains("Its fix needs iOS 26, macOS 26, tvOS 26, watchOS 26, visionOS 26."))
    }

    @Test func wordAtPointAndOutsideRanges() async throws {
        let client = try await client()
        // Eglot: the word at point.
        let word = try await codeActions(client, range(4, 19, 4, 34))
        #expect(word.first?["title"] == "Replace with `.foregroundStyle(_:)`")
        // Elsewhere: only the source action.
        let elsewhere = try await codeActions(client, range(0, 0, 0, 3))
        #expect(elsewhere.map { $0["kind"] } == ["source.fixAll.swiftui-gotchas"])
        // A diagnostic passed back in context (with our data) is honoured even outside the range.
        let published: JSON = ["range": range(4, 18, 4, 40), "message": "m",
                               "data": ["ruleID": "foreground-color", "start": 84, "end": 106]]
        let viaContext = try await codeActions(client, range(0, 0, 0, 3), diagnostics: [published])
        #expect(viaContext.first?["title"] == "Replace with `.foregroundStyle(_:)`")
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func contextOnlyFilters() async throws {
        let client = try await client()
        let fixAll = try await codeActions(client, range(4, 25, 4, 25), only: ["source.fixAll"])
        #expect(fixAll.map { $0["kind"] } == ["source.fixAll.swiftui-gotchas"])
        #expect(edits(fixAll[0]) == [["range": range(4, 29, 4, 34), "newText": "Style"]])
        let quickFixes = try await codeActions(client, range(4, 25, 4, 25), only: ["quickfix"])
        #expect(quickFixes.allSatisfy { $0["kind"] == "quickfix" })
        let none = try await codeActions(client, range(4, 25, 4, 25), only: ["refactor"])
        #expect(none.isEmpty)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func resolveComputesFixAllAndReturnsOthersUnchanged() async throws {
        let client = try await client(resolve: true)
        let actions = try await codeActions(client, range(4, 25, 4, 25))
        let fixAll = try #require(actions.first { $0["kind"] == "source.fixAll.swiftui-gotchas" })
        #expect(fixAll["edit"] == nil)
        #expect(fixAll["data"] != nil)
        let resolved = try await client.request("codeAction/resolve", fixAll)
        #expect(edits(try #require(resolved["result"])) == [["range": range(4, 29, 4, 34), "newText": "Style"]])
        // Neovim 0.7 resolves command-only actions too: they come back unchanged.
        let documentation = try #require(actions.first { $0["command"] != nil })
        let same = try await client.request("codeAction/resolve", documentation)
        #expect(same["result"] == documentation)
        // A fix-all computed for an older version is refused.
        await client.change(Self.uri, version: 2, [["range": range(0, 0, 0, 0), "text": "\n"]])
        let stale = try await client.request("codeAction/resolve", fixAll)
        #expect(stale["error", "code"] == .int(ResponseError.contentModifiedCode))
        let invalid = try await client.request("codeAction/resolve", [1])
        #expect(invalid["error", "code"] == .int(ResponseError.invalidParamsCode))
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func disableForLineExtendsAnExistingComment() async throws {
        let client = TestClient()
        _ = try await client.initialize(capabilities: ["textDocument": ["codeAction": Self.literalSupport]])
        let text = """
            struct V: View {
                var body: some View {
                    // swiftui-gotchas:disable-next-line other-rule
                    Text("Hi").foregroundColor(.red)
                }
            }

            """
        await client.open(Self.uri, text)
        _ = try await client.publishedDiagnostics(for: Self.uri)
        let actions = try await codeActions(client, range(3, 20, 3, 20))
        let disable = try #require(actions.first { $0["title"] == "Disable `foreground-color` for this line" })
        #expect(edits(disable) == [["range": range(2, 55, 2, 55), "newText": ", foreground-color"]])
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func executeCommandFixAllSendsApplyEdit() async throws {
        let client = try await client(extra: ["workspace": ["applyEdit": true], "window": ["showDocument": ["support": true]]])
        let response = try await client.request("workspace/executeCommand", ["command": "swiftui-gotchas.fixAll", "arguments": [.string(Self.uri)]])
        #expect(response["result"] == .null)
        let apply = try await client.next("applyEdit") { $0["method"] == "workspace/applyEdit" }
        #expect(apply["params", "edit", "changes", Self.uri] == [["range": range(4, 29, 4, 34), "newText": "Style"]])
        let docs = try await client.request("workspace/executeCommand", ["command": "swiftui-gotchas.showDocumentation", "arguments": ["foreground-color"]])
        #expect(docs["result"] == .null)
        let show = try await client.next("showDocument") { $0["method"] == "window/showDocument" }
        #expect(show["params", "uri"] == .string(Product.rulesDocumentationURL + "/foreground-color.md"))
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// A terminal Neovim has no browser: it answers `window/showDocument` with
    /// `success: false` (or an error). The server then shows the rule's summary and URL.
    @Test(arguments: [(["success": false], nil), (nil, ["code": -32603, "message": "no browser"])] as [(JSON?, JSON?)])
    func showDocumentationFallsBackToAMessageWhenTheClientCannotOpenThePage(result: JSON?, error: JSON?) async throws {
        let client = try await client(extra: ["window": ["showDocument": ["support": true]]])
        let docs = try await client.request("workspace/executeCommand", ["command": "swiftui-gotchas.showDocumentation", "arguments": ["foreground-color"]])
        #expect(docs["result"] == .null)
        let show = try await client.next("showDocument") { $0["method"] == "window/showDocument" }
        await client.answer(show, result: result, error: error)
        let message = try await client.notification("window/showMessage")
        let summary = try #require(RuleCatalog.linter.rule(withID: "foreground-color")).description.summary
        #expect(message["params", "type"] == .int(MessageType.info.rawValue))
        #expect(message["params", "message"] == .string("foreground-color: \(summary) \(Product.rulesDocumentationURL)/foreground-color.md"))
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func showDocumentationThatOpenedThePageSaysNothingMore() async throws {
        let client = try await client(extra: ["window": ["showDocument": ["support": true]]])
        _ = try await client.request("workspace/executeCommand", ["command": "swiftui-gotchas.showDocumentation", "arguments": ["foreground-color"]])
        let show = try await client.next("showDocument") { $0["method"] == "window/showDocument" }
        await client.answer(show, result: ["success": true])
        // Shutdown is answered after the answer above was handled: no message came first.
        #expect(try await client.shutdownAndExit() == 0)
        #expect(client.unclaimed().filter { $0["method"] == "window/showMessage" } == [])
    }
}
