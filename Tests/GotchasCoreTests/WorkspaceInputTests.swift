import Foundation
import GotchasCore
import Testing

/// The workspace-input layer both front ends use: the read policy and the configuration
/// look-up, with the two cachings (the CLI's per run, the server's per lint).
@Suite struct WorkspaceInputTests {
    final class Folder {
        let path: String
        init() {
            path = NSTemporaryDirectory() + "gotchas-inputs-" + UUID().uuidString
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        @discardableResult
        func write(_ relative: String, _ bytes: [UInt8]) -> String {
            let file = path + "/" + relative
            try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
            return file
        }
    }

    @Test func thePolicyNamesWhyAFileIsNotLinted() throws {
        let folder = Folder()
        let clean = folder.write("A.swift", Array("let a = 1\n".utf8))
        #expect(try SourceFilePolicy.document(atPath: clean).bytes == Array("let a = 1\n".utf8))
        func rejection(_ path: String) -> String? {
            do { _ = try SourceFilePolicy.read(path: path); return nil } catch { return error.description }
        }
        #expect(rejection(folder.write("B.swift", [0x61, 0, 0x62])) == "skipped: binary file (contains NUL bytes)")
        #expect(rejection(folder.write("C.swift", [0x61, 0xFF])) == "skipped: not valid UTF-8")
        #expect(rejection(folder.write("D.swift", Array("let x = [[[[[[[[[[[[[[1]]]]]]]]]]]]]]\n".utf8)))?.hasPrefix("skipped: ") == true)
        #expect(rejection(folder.path + "/missing.swift")?.hasPrefix("cannot read file: ") == true)
    }

    @Test func anOversizedFileIsRejectedFromItsSize() throws {
        let folder = Folder()
        let path = folder.write("Huge.swift", [])
        // Sparse: 16 MiB + 1 on disk without writing them.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(SourceFilePolicy.maximumFileSize + 1))
        try handle.close()
        #expect(throws: SourceFilePolicy.Rejection.tooLarge(SourceFilePolicy.maximumFileSize + 1)) { try SourceFilePolicy.read(path: path) }
        #expect(SourceFilePolicy.Rejection.tooLarge(SourceFilePolicy.maximumFileSize + 1).description
                == "skipped: 16777217 bytes is over the 16777216-byte limit")
    }

    @Test func theNearestConfigurationIsRememberedPerDirectoryOnlyWhenAsked() {
        let folder = Folder()
        let source = folder.write("Sources/A/A.swift", Array("let a = 1\n".utf8))
        var remembering = ConfigurationLookup(rules: [], remembersNearestFile: true)
        var looking = ConfigurationLookup(rules: [], remembersNearestFile: false)
        #expect(remembering.find(forFile: source).path == nil)
        #expect(looking.find(forFile: source).path == nil)
        let config = folder.write("Sources/.swiftui-gotchas.json", Array(#"{"exclude": ["**/Generated/**"]}"#.utf8))
        // The CLI's run sees one tree; the server sees a file created since at the next lint.
        #expect(remembering.find(forFile: source).path == nil)
        let found = looking.find(forFile: source)
        #expect(found.path == config)
        guard case .loaded(let file)? = found.load else { Issue.record("not loaded: \(String(describing: found.load))"); return }
        #expect(file?.exclude.count == 1)
        #expect(looking.find(forFile: source).load == nil, "loaded once")
    }

    @Test func aBrokenConfigurationKeepsTheLastGoodOne() {
        let folder = Folder()
        let source = folder.write("A.swift", Array("let a = 1\n".utf8))
        let config = folder.write(".swiftui-gotchas.json", Array(#"{"exclude": ["x/**"]}"#.utf8))
        var lookup = ConfigurationLookup(rules: [], remembersNearestFile: false)
        #expect(lookup.find(forFile: source).file?.exclude.count == 1)
        folder.write(".swiftui-gotchas.json", Array(#"{"exclude": 3}"#.utf8))
        lookup.forget(path: config)
        let found = lookup.find(forFile: source)
        guard case .failed? = found.load else { Issue.record("expected a failed load"); return }
        #expect(found.file?.exclude.count == 1)
        try? FileManager.default.removeItem(atPath: config)
        #expect(lookup.forgetAll() == [config])
        #expect(lookup.load(path: config).map { if case .loaded(nil) = $0 { true } else { false } } == true)
        #expect(lookup.file(atPath: config) == nil)
    }
}
