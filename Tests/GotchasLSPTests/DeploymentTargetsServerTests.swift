import Foundation
import GotchasCore
import GotchasCorpus
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

    /// An XcodeGen spec is a settings file like a manifest: indexed, and re-read when it changes.
    @Test func anXcodeGenSpecsDeploymentTargetIsReadAndFollowed() async throws {
        func spec(iOS: Int) -> String { "name: App\ntargets:\n  App:\n    platform: iOS\n    deploymentTarget: \"\(iOS).0\"\n" }
        let folder = TemporaryDirectory()
        _ = folder.write("project.yml", spec(iOS: 15))
        _ = folder.write("App/A.swift", Self.source)
        let client = TestClient(linter: Linter(rules: [NeedsNewOSRule.self]))
        _ = try await client.initialize(folders: [folder.path])
        let uri = folder.uri("App/A.swift")
        await client.open(uri, Self.source)
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == uri && self.probes($0) == 0 }
        _ = folder.write("project.yml", spec(iOS: 17))
        await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("project.yml")), "type": 2]]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == uri && self.probes($0) == 1 }
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

/// Flags every `probe()`, on any OS: its diagnostics show whether the server lints a document.
private struct ProbeRule: Rule {
    static let description = RuleDescription(
        id: "probe", category: .modernAPI, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        triggering: [], nonTriggering: [])
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard node.cast(FunctionCallExprSyntax.self).calleeName == "probe" else { return }
        report.append(Finding(message: "probe", range: node.byteRange))
    }
}

/// Target membership read from the Xcode project: the server gives a file in no target no
/// findings, as `lint` does, and follows a change of membership in the project.
@Suite struct ProjectTargetsServerTests {
    func probes(_ message: JSON) -> Int {
        message["params", "diagnostics"]?.arrayValue?.filter { $0["code"] == "probe" }.count ?? -1
    }

    @Test func movingAFileIntoATargetGivesItFindings() async throws {
        let folder = TemporaryDirectory()
        for (path, text) in XcodeTargetsFixture.files { _ = folder.write(path, text) }
        let client = TestClient(linter: Linter(rules: [ProbeRule.self]))
        _ = try await client.initialize(folders: [folder.path])
        let unused = folder.uri("App/Unused.swift")
        let content = folder.uri("App/ContentView.swift")
        await client.open(content, XcodeTargetsFixture.probe)
        await client.open(unused, XcodeTargetsFixture.probe)
        // Once the workspace is indexed, the file in no target has no findings; the App's has.
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == unused && self.probes($0) == 0 }
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == content && self.probes($0) == 1 }

        // The App target now compiles it (Xcode rewrote the project).
        let project = "App.xcodeproj/project.pbxproj"
        _ = folder.write(project, XcodeTargetsFixture.project(appMembers: ["App/ContentView.swift", "App/Unused.swift", "Shared/Shared.swift"]))
        await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri(project)), "type": 2]]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == unused && self.probes($0) == 1 }

        // And out again, with ContentView.swift too.
        _ = folder.write(project, XcodeTargetsFixture.project(appMembers: ["Shared/Shared.swift"]))
        await client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri(project)), "type": 2]]])
        _ = try await client.notification("textDocument/publishDiagnostics") { $0["params", "uri"]?.stringValue == content && self.probes($0) == 0 }
        #expect(try await client.shutdownAndExit() == 0)
    }
}
