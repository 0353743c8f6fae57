import Foundation
import GotchasCore
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// A file opened outside every indexed workspace folder (or under a refused root) is
/// linted with its own package's deployment targets: no walk reads them, so the server
/// looks up the settings files above it when it is opened.
@Suite struct OutsideFolderSettingsTests {
    static let source = """
        import SwiftUI
        struct Search: View {
            @State private var query = ""
            var body: some View {
                TextField("Search", text: $query)
                    .onChange(of: query) { newValue in print(newValue) }
            }
        }

        """

    static func manifest(iOS: Int) -> String {
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", platforms: [.iOS(.v\(iOS))])\n"
    }

    func findings(_ message: JSON) -> Int {
        message["params", "diagnostics"]?.arrayValue?.filter { $0["code"] == "onchange-single-parameter" }.count ?? -1
    }

    /// Opens the package's file, waits until its settings were read, then edits it (same
    /// text, version 2) and returns how often the rule flags that version.
    func findingsOnceSettingsAreRead(client: TestClient, package: TemporaryDirectory) async throws -> Int {
        let uri = package.uri("Sources/A/A.swift")
        await client.open(uri, Self.source)
        _ = try await client.notification("window/logMessage") {
            $0["params", "message"]?.stringValue == "project settings of a file outside the workspace folders: \(package.path)/Package.swift"
        }
        await client.change(uri, version: 2, [["text": .string(Self.source)]])
        return findings(try await client.publishedDiagnostics(for: uri, version: 2))
    }

    @Test(arguments: [(15, 0), (17, 1)])
    func aFileOutsideTheWorkspaceFolderHasItsPackagesTargets(iOS: Int, expected: Int) async throws {
        let package = TemporaryDirectory()
        _ = package.write("Package.swift", Self.manifest(iOS: iOS))
        _ = package.write("Sources/A/A.swift", Self.source)
        let elsewhere = TemporaryDirectory()
        _ = elsewhere.write("Other.swift", "let x = 1\n")
        let client = TestClient()
        _ = try await client.initialize(folders: [elsewhere.path])
        #expect(try await findingsOnceSettingsAreRead(client: client, package: package) == expected)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test(arguments: [(15, 0), (17, 1)])
    func aFileUnderARefusedHomeRootHasItsPackagesTargets(iOS: Int, expected: Int) async throws {
        let home = TemporaryDirectory()
        _ = home.write("Package.swift", Self.manifest(iOS: iOS))
        _ = home.write("Sources/A/A.swift", Self.source)
        var options = ServerOptions()
        options.homeDirectory = home.path
        let client = TestClient(options: options)
        _ = try await client.initialize(folders: [home.path])
        // The build of the (refused) folder ends without settings; those read for the file stay.
        try await client.indexed()
        #expect(try await findingsOnceSettingsAreRead(client: client, package: home) == expected)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func settingsReadBeforeTheWorkspaceBuildEndsOutlastIt() async throws {
        let package = TemporaryDirectory()
        _ = package.write("Package.swift", Self.manifest(iOS: 15))
        _ = package.write("Sources/A/A.swift", Self.source)
        let elsewhere = TemporaryDirectory()
        _ = elsewhere.write("Other.swift", "let x = 1\n")
        var options = ServerOptions()
        options.indexWalkStepDelay = .milliseconds(500)  // the build ends after the file's settings were read
        let client = TestClient(options: options)
        _ = try await client.initialize(folders: [elsewhere.path])
        let uri = package.uri("Sources/A/A.swift")
        await client.open(uri, Self.source)
        _ = try await client.notification("window/logMessage") {
            $0["params", "message"]?.stringValue == "project settings of a file outside the workspace folders: \(package.path)/Package.swift"
        }
        // The build's settings (the folder's) replace the project settings: the file's package stays.
        try await client.indexed()
        await client.change(uri, version: 2, [["text": .string(Self.source)]])
        #expect(findings(try await client.publishedDiagnostics(for: uri, version: 2)) == 0)
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func eachDirectoryOutsideTheFoldersIsLookedUpOnce() {
        var manager = WorkspaceIndexManager()
        func lookUp(_ path: String, folders: [String] = ["/w"]) -> Bool {
            manager.beginSettingsLookup(forFile: path, indexedFolders: folders)
        }
        #expect(lookUp("/p/Sources/A/A.swift"))
        #expect(!lookUp("/p/Sources/A/B.swift"))
        #expect(lookUp("/p/Sources/B/C.swift"))
        // Under an indexed folder the walk reads them; an untitled buffer has no project.
        #expect(!lookUp("/w/Sources/A/A.swift", folders: ["/w/"]))
        #expect(lookUp("/wx/A.swift"))
        #expect(!lookUp("Untitled-1", folders: []))
    }
}
