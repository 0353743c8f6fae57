import Foundation
import GotchasCore
import GotchasRules
import ServerTestSupport
import Testing
@testable import GotchasCLI
@testable import GotchasLSP

/// No data loss: the server never writes, `lint --fix` writes atomically, keeps
/// permissions, does not write outside the linted tree through a symlink, and does not
/// overwrite a file that changed while it was linted.
@Suite struct DataSafetyTests {
    static let flagged = """
        import SwiftUI

        struct Greeting: View {
            var body: some View {
                Text("Hello").foregroundColor(.red).cornerRadius(4)
            }
        }

        """

    final class Output: @unchecked Sendable {
        // @unchecked: only touched under `lock`.
        let lock = NSLock()
        var text = ""
        func append(_ more: String) { lock.withLock { text += more } }
        var value: String { lock.withLock { text } }
    }

    static func lint(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let out = Output(), err = Output()
        let io = CommandIO(writeOutput: { out.append($0) }, writeError: { err.append($0) }, readInput: { [] },
                           outputIsTerminal: false, environment: [:])
        let status = LintCommand(linter: RuleCatalog.linter, io: io).run(arguments)
        return (status, out.value, err.value)
    }

    static func makeDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gotchas-safety-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func bytesAndDate(_ path: String) throws -> (Data, Date) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date ?? .distantPast
        return (data, date)
    }

    @Test func serverNeverWritesToDisk() async throws {
        let root = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = (0..<3).map { "\(root)/View\($0).swift" }
        for path in paths { try Self.flagged.write(toFile: path, atomically: true, encoding: .utf8) }
        try "{}".write(toFile: root + "/.swiftui-gotchas.json", atomically: true, encoding: .utf8)
        let before = try paths.map(Self.bytesAndDate)
        let listing = try FileManager.default.contentsOfDirectory(atPath: root).sorted()

        let server = TestClient()
        try await server.initialize(capabilities: ["workspace": ["applyEdit": true]], folders: [root])
        for path in paths {
            let uri = URL(fileURLWithPath: path).absoluteString
            await server.open(uri, Self.flagged)
            _ = try await server.request("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": ["start": ["line": 0, "character": 0], "end": ["line": 9, "character": 0]], "context": ["diagnostics": []]])
            _ = try await server.request("workspace/executeCommand", ["command": "swiftui-gotchas.fixAll", "arguments": [.string(uri)]])
            await server.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": "struct A {}\n"]]])
            await server.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
            await server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(uri), "type": 2]]])
            await server.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        }
        _ = try await server.request("workspace/diagnostic", ["previousResultIds": []])
        #expect(try await server.shutdownAndExit() == 0)

        let after = try paths.map(Self.bytesAndDate)
        for (old, new) in zip(before, after) {
            #expect(old.0 == new.0, "bytes changed")
            #expect(old.1 == new.1, "mtime changed")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == listing, "files created or removed")
    }

    @Test func fixKeepsPermissionsAndLeavesNoTemporaryFiles() throws {
        let root = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/View.swift"
        try Self.flagged.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let result = Self.lint(["--fix", "--no-cache", root])
        #expect(result.error.contains("Applied"), "\(result.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) != Self.flagged, "nothing was fixed")
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["View.swift"])
    }

    @Test func fixDoesNotWriteThroughASymlinkOutOfTheTree() throws {
        let root = try Self.makeDirectory()
        let outside = try Self.makeDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let target = outside + "/Shared.swift"
        try Self.flagged.write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/Sources/Shared.swift", withDestinationPath: target)
        // And one inside the tree, which is fine to write through.
        try Self.flagged.write(toFile: root + "/Real.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/Sources/Alias.swift", withDestinationPath: root + "/Real.swift")

        let result = Self.lint(["--fix", "--no-cache", root])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.flagged, "wrote outside the linted tree")
        #expect(result.error.contains("Shared.swift: error: not written: it is a symlink to"), "\(result.error)")
        #expect(result.error.contains("outside the linted paths"))
        #expect(result.status == 2)
        #expect(try String(contentsOfFile: root + "/Real.swift", encoding: .utf8) != Self.flagged, "the in-tree file was not fixed")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: root + "/Sources/Alias.swift")
        #expect(link == root + "/Real.swift", "the in-tree symlink was replaced by a file")
    }

    @Test func atomicWriterRefusesAFileThatChangedOnDisk() throws {
        let root = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/View.swift"
        try Self.flagged.write(toFile: path, atomically: true, encoding: .utf8)
        let read = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        // The user saves an edit while the linter works on what it read.
        let edited = Self.flagged + "// edited meanwhile\n"
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: AtomicFileWriter.Failure.self) {
            try AtomicFileWriter.write(Array("fixed".utf8), to: path, expecting: read)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["View.swift"])
        // Unchanged: written.
        try AtomicFileWriter.write(Array("fixed".utf8), to: path, expecting: Array(edited.utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "fixed")
    }

    /// Files the CLI cannot lint are named with the reason, the rest is still linted, and the exit status says so.
    @Test func cliReportsWhatItCouldNotLint() throws {
        let root = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.flagged.write(toFile: root + "/Good.swift", atomically: true, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: root + "/Binary.swift", contents: Data([0x73, 0, 0x74])))
        #expect(FileManager.default.createFile(atPath: root + "/Latin1.swift", contents: Data([0x2F, 0x2F, 0xE9, 0x0A])))
        try ("let v = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).write(toFile: root + "/Deep.swift", atomically: true, encoding: .utf8)
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data(Self.flagged.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        #expect(FileManager.default.createFile(atPath: root + "/BOM.swift", contents: bom))
        let result = Self.lint(["--no-cache", root])
        #expect(result.status == 2)
        #expect(result.error.contains("Binary.swift: error: skipped: binary file"), "\(result.error)")
        #expect(result.error.contains("Latin1.swift: error: skipped: not valid UTF-8"))
        #expect(result.error.contains("Deep.swift: error: skipped: more than 12 directly nested"))
        #expect(result.output.contains("Good.swift:5"), "\(result.output)")
        #expect(result.output.contains("BOM.swift:5"), "\(result.output)")
    }
}
