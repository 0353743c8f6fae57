import Foundation
import GotchasCLI
import Testing

@Suite struct ResultCacheTests {
    @Test func warmRunReadsTheCacheAndGivesTheSameOutput() throws {
        let tree = try TemporaryTree(warning: ["A.swift": flaggedView, "B.swift": "let a = 1\n"])
        let cacheHome = tree.path("cache")
        let environment = ["XDG_CACHE_HOME": cacheHome]
        let cold = CapturedIO(environment: environment)
        #expect(cold.lint([tree.path("A.swift"), tree.path("B.swift"), "--format", "json"]) == 1)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cacheHome + "/swiftui-gotchas")
        // One per file, and a second for `A.swift`, whose rule asks the workspace (does the
        // project's `extension Color` declare `red`?): its result is also keyed by the index.
        #expect(entries.filter { $0.hasSuffix(".entry") }.count == 3)
        let warm = CapturedIO(environment: environment)
        #expect(warm.lint([tree.path("A.swift"), tree.path("B.swift"), "--format", "json"]) == 1)
        #expect(warm.output == cold.output)
    }

    @Test func corruptEntriesAreIgnoredAndRewritten() throws {
        let tree = try TemporaryTree(["A.swift": flaggedView])
        let environment = ["XDG_CACHE_HOME": tree.path("cache")]
        let first = CapturedIO(environment: environment)
        _ = first.lint([tree.path("A.swift"), "--format", "json"])
        let directory = tree.path("cache/swiftui-gotchas")
        for entry in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let path = directory + "/" + entry
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        let second = CapturedIO(environment: environment)
        _ = second.lint([tree.path("A.swift"), "--format", "json"])
        #expect(second.output == first.output)
        // Truncated to nothing: still fine.
        for entry in try FileManager.default.contentsOfDirectory(atPath: directory) {
            try Data().write(to: URL(fileURLWithPath: directory + "/" + entry))
        }
        let third = CapturedIO(environment: environment)
        _ = third.lint([tree.path("A.swift"), "--format", "json"])
        #expect(third.output == first.output)
    }

    @Test func configurationAndContentChangesMissTheCache() throws {
        let tree = try TemporaryTree(["A.swift": flaggedView])
        let environment = ["XDG_CACHE_HOME": tree.path("cache")]
        _ = CapturedIO(environment: environment).lint([tree.path("A.swift")])
        let ignored = CapturedIO(environment: environment)
        _ = ignored.lint([tree.path("A.swift"), "--ignore", "foreground-color", "--format", "json"])
        #expect(!ignored.output.contains("foreground-color"))
        try flaggedView.replacingOccurrences(of: "foregroundColor", with: "foregroundStyle").write(toFile: tree.path("A.swift"), atomically: true, encoding: .utf8)
        let changed = CapturedIO(environment: environment)
        _ = changed.lint([tree.path("A.swift"), "--format", "json"])
        #expect(!changed.output.contains("foreground-color"))
    }

    @Test func noCacheWritesNothing() throws {
        let tree = try TemporaryTree(["A.swift": flaggedView])
        _ = CapturedIO(environment: ["XDG_CACHE_HOME": tree.path("cache")]).lint([tree.path("A.swift"), "--no-cache"])
        #expect(!FileManager.default.fileExists(atPath: tree.path("cache/swiftui-gotchas")))
    }
}
