import Foundation
import GotchasCore
import SwiftSyntax
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// A stand-in for a rule whose advice needs iOS 17 / macOS 14: it flags every `probe()`,
/// and the engine silences it where the document's minimum is lower.
private struct NeedsNewOSRule: Rule {
    static let description = RuleDescription(
        id: "needs-new-os", category: .modernAPI, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        requires: .os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10)),
        triggering: [], nonTriggering: [])
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard node.cast(FunctionCallExprSyntax.self).calleeName == "probe" else { return }
        report.append(Finding(message: "probe", range: node.byteRange))
    }
}

/// The server lints each open document with its project's deployment targets and follows
/// changes of the settings files without a restart.
@Suite struct DeploymentTargetsServerTests {
    static let source = "func f() { probe() }\n"

    static func manifest(iOS: Int) -> String {
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", platforms: [.iOS(.v\(iOS))])\n"
    }

    func probes(_ message: JSON) -> Int {
        message["params", "diagnostics"]?.arrayValue?.filter { $0["code"] == "needs-new-os" }.count ?? -1
    }

    @Test func aChangedDeploymentTargetIsPickedUpWithoutARestart() async throws {
        let folder = TemporaryDirectory()
        _ = folder.write("Package.swift", Self.manifest(iOS: 15))
        _ = folder.write("Sources/A/A.swift", Self.source)
        let client = TestClient(linter: Linter(rules: [NeedsNewOSRule.self]))
        _ = try await client.initialize(folders: [folder.path])
        let uri = folder.uri("Sources/A/A.swift")
        await client.open(uri, Self.source)
        // Once the workspace is indexed, iOS 15 silences the rule (a lint before that
        // knows no project and reports it).
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == uri && self.probes($0) == 0 }

        // Raised to iOS 17 on disk, reported as a watched-file change.
        _ = folder.write("Package.swift", Self.manifest(iOS: 17))
        await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("Package.swift")), "type": 2]]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == uri && self.probes($0) == 1 }

        // Lowered again, reported only by a save (a client that does not watch files).
        _ = folder.write("Package.swift", Self.manifest(iOS: 16))
        await client.notify("textDocument/didSave", ["textDocument": ["uri": .string(folder.uri("Package.swift"))]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == uri && self.probes($0) == 0 }
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func aFolderOpenedBelowItsPackageStillHasIt() async throws {
        let folder = TemporaryDirectory()
        _ = folder.write("Package.swift", Self.manifest(iOS: 15))
        _ = folder.write("Sources/A/A.swift", Self.source)
        let client = TestClient(linter: Linter(rules: [NeedsNewOSRule.self]))
        _ = try await client.initialize(folders: [folder.path + "/Sources"])
        let uri = folder.uri("Sources/A/A.swift")
        await client.open(uri, Self.source)
        // The manifest above the folder is read at indexing: iOS 15 silences the rule.
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == uri && self.probes($0) == 0 }
        _ = folder.write("Package.swift", Self.manifest(iOS: 17))
        await client.notify("textDocument/didSave", ["textDocument": ["uri": .string(folder.uri("Package.swift"))]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == uri && self.probes($0) == 1 }
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func editorPlatformsReplaceTheProjects() async throws {
        let folder = TemporaryDirectory()
        _ = folder.write("Package.swift", Self.manifest(iOS: 15))
        _ = folder.write("Sources/A/A.swift", Self.source)
        let client = TestClient(linter: Linter(rules: [NeedsNewOSRule.self]))
        _ = try await client.initialize(folders: [folder.path], initializationOptions: ["platforms": ["iOS": "17.0"]])
        let uri = folder.uri("Sources/A/A.swift")
        await client.open(uri, Self.source)
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == uri && self.probes($0) == 1 }
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func theStoreResolvesTheNearestPackageAndFollowsUpdates() {
        var store = ConfigurationStore(rules: [NeedsNewOSRule.description], defaultDocsBaseURL: "x")
        store.replaceProjectSettings(ProjectSettingsFiles([
            (path: "/w/Package.swift", text: Self.manifest(iOS: 15)),
            (path: "/w/Packages/Foo/Package.swift", text: Self.manifest(iOS: 17)),
        ]))
        let app = store.resolve(forPath: "/w/Sources/A/A.swift").0
        #expect(app.rules.platforms.versions[.iOS] == OSVersion(15))
        #expect(app.deploymentTargets.source == .package(manifest: "/w/Package.swift"))
        #expect(store.resolve(forPath: "/w/Packages/Foo/Sources/F.swift").0.rules.platforms.versions[.iOS] == OSVersion(17))
        let generation = store.generation
        store.updateProjectSettings(path: "/w/Package.swift", facts: SettingsFileFacts(path: "/w/Package.swift", text: Self.manifest(iOS: 16)))
        #expect(store.generation > generation)
        #expect(store.resolve(forPath: "/w/Sources/A/A.swift").0.rules.platforms.versions[.iOS] == OSVersion(16))
        store.updateProjectSettings(path: "/w/Package.swift", facts: nil)
        #expect(store.resolve(forPath: "/w/Sources/A/A.swift").0.rules.platforms == .unknown)
    }
}
