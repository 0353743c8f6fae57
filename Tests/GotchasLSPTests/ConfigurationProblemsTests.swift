import Foundation
import GotchasCore
import GotchasRules
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// Configuration problems are not silent in the editor: unknown keys and rule IDs (which
/// leave a rule on, unlike the user meant) are a warning per change and diagnostics on
/// the open configuration file; a truncated file says so; a file caught mid-rewrite is
/// read again before it counts as broken.
@Suite struct ConfigurationProblemsTests {
    static let swiftText = "import SwiftUI\nlet t = Text(\"a\").foregroundColor(.red)\n"

    static func isWarning(_ message: JSON) -> Bool {
        message["method"] == "window/showMessage" && message["params", "type"] == 2
    }

    @Test func unknownRuleIDIsOneWarningPerChange() async throws {
        let folder = TemporaryDirectory()
        let config = folder.write(".swiftui-gotchas.json", "{\n  \"rules\": {\"foreground-colour\": \"off\"}\n}\n")
        _ = folder.write("View.swift", Self.swiftText)
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        let uri = folder.uri("View.swift")
        await client.open(uri, Self.swiftText)
        let warning = try await client.next("warning") { Self.isWarning($0) }
        let text = try #require(warning["params", "message"]?.stringValue)
        #expect(text.contains("\(config):2:13: unknown rule ID \"foreground-colour\""), "\(text)")
        // The typo left the rule on: its finding is there.
        _ = try await client.notification("textDocument/publishDiagnostics") {
            $0["params", "diagnostics"]?.arrayValue?.contains { $0["code"] == "foreground-color" } == true
        }
        // Further lints, and the same file reported again by another route, warn no more.
        await client.change(uri, version: 2, [["range": range(0, 0, 0, 0), "text": "\n"]])
        _ = try await client.publishedDiagnostics(for: uri, version: 2)
        await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri(".swiftui-gotchas.json")), "type": 2]]])
        await client.change(uri, version: 3, [["range": range(0, 0, 0, 0), "text": "\n"]])
        _ = try await client.publishedDiagnostics(for: uri, version: 3)
        #expect(client.unclaimed().filter(Self.isWarning).isEmpty)
        // A new change with a typo: one new warning.
        _ = folder.write(".swiftui-gotchas.json", "{\"rulez\": {}}")
        await client.notify("textDocument/didSave", ["textDocument": ["uri": .string(folder.uri(".swiftui-gotchas.json"))]])
        let second = try await client.next("second warning") { Self.isWarning($0) }
        #expect(second["params", "message"]?.stringValue?.contains("unknown key \"rulez\"") == true)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func anOpenConfigurationFileShowsItsProblems() async throws {
        let folder = TemporaryDirectory()
        let text = "{\n  \"rules\": {\"foreground-colour\": \"off\"},\n  \"exclud\": []\n}\n"
        _ = folder.write(".swiftui-gotchas.json", text)
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        let uri = folder.uri(".swiftui-gotchas.json")
        await client.open(uri, text)
        let published = try await client.publishedDiagnostics(for: uri, version: 1)
        let diagnostics = try #require(published["params", "diagnostics"]?.arrayValue)
        #expect(diagnostics.count == 2, "\(diagnostics)")  // no Swift lint of JSON text
        let rule = try #require(diagnostics.first { $0["message"]?.stringValue?.contains("foreground-colour") == true })
        #expect(rule["severity"] == 2)
        #expect(rule["range"] == range(1, 12, 1, 31))  // the quoted rule ID
        #expect(diagnostics.contains { $0["message"]?.stringValue?.hasPrefix("unknown key \"exclud\"") == true && $0["range", "start", "line"] == 2 })
        // Typing follows the buffer: cut off, it is an error at the end.
        await client.change(uri, version: 2, [["text": "{\"rules\": {"]])
        let cut = try await client.publishedDiagnostics(for: uri, version: 2)
        let error = try #require(cut["params", "diagnostics"]?.arrayValue?.first)
        #expect(error["severity"] == 1)
        #expect(error["message"]?.stringValue == "not valid JSON: unexpected end of input")
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test(arguments: ["", "{", "{\"rules\": {", "{\"rules\"", "{\"rules\":", "{\"rules\": {\"any-view\": \"of", "{\"rules\": {\"any-view\": tr", "[1,"])
    func aTruncatedFileSaysTheInputEnded(_ text: String) throws {
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.parse(Array(text.utf8), path: "c.json", rules: RuleCatalog.linter.descriptions) }
        do {
            _ = try ConfigurationFile.parse(Array(text.utf8), path: "c.json", rules: RuleCatalog.linter.descriptions)
        } catch {
            #expect(error.description.contains("unexpected end of input"), "\(error)")
        }
    }

    @Test func aTypoInTheMiddleStillSaysWhatWasExpected() {
        do {
            _ = try ConfigurationFile.parse(Array("{rules: 1}".utf8), path: "c.json", rules: [])
            Issue.record("parsed")
        } catch {
            #expect(error.description == "invalid configuration: c.json:1:2: not valid JSON: expected a key in quotes")
        }
    }

    @Test func aFileReadWhileBeingRewrittenIsReadAgain() async throws {
        let folder = TemporaryDirectory()
        _ = folder.write(".swiftui-gotchas.json", #"{"rules": {"foreground-color": "off"}}"#)
        // The retry comes well after the rewrite, however late a loaded machine runs the thread below.
        var options = ServerOptions()
        options.configurationRetryDelay = .seconds(3)
        let client = TestClient(options: options)
        _ = try await client.initialize(folders: [folder.path])
        let uri = folder.uri("View.swift")
        await client.open(uri, Self.swiftText)
        let quiet = try await client.publishedDiagnostics(for: uri)
        #expect(quiet["params", "diagnostics"]?.arrayValue?.contains { $0["code"] == "foreground-color" } == false)
        // The editor truncates the file, the server reads it, then the new text lands.
        _ = folder.write(".swiftui-gotchas.json", "")
        let path = folder.path
        // A thread of its own: the cooperative pool may be busy with other suites.
        Thread {
            Thread.sleep(forTimeInterval: 0.01)
            _ = FileManager.default.createFile(atPath: path + "/.swiftui-gotchas.json", contents: Data(#"{"rules": {"foreground-color": "error"}}"#.utf8))
        }.start()
        await client.notify("textDocument/didSave", ["textDocument": ["uri": .string(folder.uri(".swiftui-gotchas.json"))]])
        let applied = try await client.notification("textDocument/publishDiagnostics") {
            $0["params", "diagnostics"]?.arrayValue?.contains { $0["code"] == "foreground-color" && $0["severity"] == 1 } == true
        }
        #expect(applied["params", "uri"]?.stringValue == uri)
        #expect(client.unclaimed().allSatisfy { $0["method"] != "window/showMessage" })
        #expect(try await client.shutdownAndExit() == 0)
    }
}
