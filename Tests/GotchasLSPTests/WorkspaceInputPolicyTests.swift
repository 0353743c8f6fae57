import Foundation
import GotchasCore
import GotchasRules
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// The server reads workspace files from disk under the read policy `lint` uses
/// (`SourceFilePolicy`): a binary, non-UTF-8 or parser-hostile `.swift` file is never
/// indexed, so nothing it declares or injects reaches another file's diagnostics.
@Suite struct WorkspaceInputPolicyTests {
    /// Injects `Store` (an `ObservableObject`) the way `@Environment(Store.self)` cannot read.
    static let injectsStore = WorkspaceIndexServerTests.app + "\n" + WorkspaceIndexServerTests.store

    /// The same mismatch for `Other`, in a file that may be indexed: once its finding
    /// appears, indexing is over.
    static let injectsOther = """
        import SwiftUI
        struct Shelf: View {
            @StateObject private var other = Other()
            var body: some View { Root().environmentObject(other) }
        }
        final class Other: ObservableObject { @Published var count = 0 }
        """
    static let root = """
        import SwiftUI
        struct Root: View {
            @Environment(Store.self) private var store
            @Environment(Other.self) private var other
            var body: some View { Text("plants") }
        }
        """

    enum Unlintable: String, CaseIterable {
        case nulByte, invalidUTF8, parserHostile

        var bytes: [UInt8] {
            let source = Array(WorkspaceInputPolicyTests.injectsStore.utf8)
            switch self {
            case .nulByte: return source + Array("// a NUL: ".utf8) + [0, 10]
            case .invalidUTF8: return source + Array("// not UTF-8: ".utf8) + [0xFF, 0xFE, 10]
            case .parserHostile: return source + Array("let deep = [[[[[[[[[[[[[[1]]]]]]]]]]]]]]\n".utf8)
            }
        }

        var rejection: SourceFilePolicy.Rejection {
            switch self {
            case .nulByte: .binary
            case .invalidUTF8: .notUTF8
            case .parserHostile: .unparsable(ParserLimits.hazard(in: bytes) ?? "no hazard")
            }
        }
    }

    @Test(arguments: Unlintable.allCases)
    func anUnlintableFileIsNotIndexed(_ kind: Unlintable) async throws {
        let folder = TemporaryDirectory()
        let path = folder.path + "/App.swift"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(kind.bytes)))
        switch LanguageServer.indexFromDisk(path: path, linter: RuleCatalog.linter) {
        case .success: Issue.record("\(kind) was indexed")
        case .failure(let rejection): #expect(rejection == kind.rejection)
        }
        #expect(ParserLimits.hazard(in: kind.bytes) != nil || kind != .parserHostile)

        _ = folder.write("Shelf.swift", Self.injectsOther)
        _ = folder.write("Root.swift", Self.root)
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        let uri = folder.uri("Root.swift")
        await client.open(uri, Self.root)
        let published = try await client.notification("textDocument/publishDiagnostics") { message in
            message["params", "diagnostics"]?.arrayValue?.contains { $0["code"] == "environment-object-mismatch" } == true
        }
        let lines = published["params", "diagnostics"]?.arrayValue?
            .filter { $0["code"] == "environment-object-mismatch" }.compactMap { $0["range", "start", "line"]?.intValue }
        // Only `Other`'s read (line 3): `Store`'s injection is in the file that was skipped.
        #expect(lines == [3])
        #expect(try await client.shutdownAndExit() == 0)
    }

    @Test func theSameFileWhenLintableIsIndexed() async throws {
        let folder = TemporaryDirectory()
        _ = folder.write("App.swift", Self.injectsStore)
        _ = folder.write("Shelf.swift", Self.injectsOther)
        _ = folder.write("Root.swift", Self.root)
        #expect((try? LanguageServer.indexFromDisk(path: folder.path + "/App.swift", linter: RuleCatalog.linter).get()) != nil)
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        let uri = folder.uri("Root.swift")
        await client.open(uri, Self.root)
        let published = try await client.notification("textDocument/publishDiagnostics") { message in
            (message["params", "diagnostics"]?.arrayValue?.filter { $0["code"] == "environment-object-mismatch" }.count ?? 0) == 2
        }
        #expect(published["params", "uri"]?.stringValue == uri)
        #expect(try await client.shutdownAndExit() == 0)
    }
}
