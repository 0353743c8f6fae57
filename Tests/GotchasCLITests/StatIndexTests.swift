import Foundation
@testable import GotchasCLI
import GotchasCore
import GotchasRules
import Testing

/// The stat-first shortcut (`StatIndex`) must never change what `lint` reports: a warm run
/// trusting stamps equals one that reads every file, and equals an uncached run — after
/// edits that keep the size and restore the mtime too.
@Suite struct StatIndexTests {
    static let plain = "import SwiftUI\n\nstruct Plain: View {\n    var body: some View {\n        Text(\"Hi\").foregroundStyle(.red)\n    }\n}\n"
    /// Same size as `plain`, with a finding (`foregroundColor` is deprecated).
    static let plainFlagged = plain.replacingOccurrences(of: "foregroundStyle", with: "foregroundColor")

    static func tree() throws -> TemporaryTree {
        var files = WorkspacePassTests.crossFile
        files["Views/Greeting.swift"] = flaggedView
        files["Views/Plain.swift"] = plain
        return try TemporaryTree(files)
    }

    static func inputs(_ tree: TemporaryTree) -> [WorkspaceLintPipeline.Input] {
        let configuration = RuleConfiguration.resolve(rules: RuleCatalog.linter.descriptions, file: nil, selection: RuleSelection(allRules: true))
        return WorkspacePassTests.inputs(in: tree.root, configuration: configuration).map { .init(path: $0.path, configuration: $0.configuration) }
    }

    /// Findings with the text they are printed from (a report's text is only read when needed).
    static func summary(_ output: WorkspaceLintPipeline.Output) -> [String] {
        output.files.flatMap { file in
            WorkspacePassTests.summary(file.diagnostics).map { "\(file.path) \($0) \(file.document.text.count)" }
        } + output.problems.map { "\($0.path): \($0.message)" }
    }

    /// A stat index that treats every stamp as settled (files written by the test are seconds old at most).
    static func settled(_ index: StatIndex?) -> StatIndex {
        StatIndex(entries: index?.entries ?? [:], runStart: StatIndex.now() + 3_600_000_000_000)
    }

    static func setModified(_ path: String, to stamp: FileStamp) {
        var times = [timespec(tv_sec: Int(stamp.modified / 1_000_000_000), tv_nsec: Int(stamp.modified % 1_000_000_000)),
                     timespec(tv_sec: Int(stamp.modified / 1_000_000_000), tv_nsec: Int(stamp.modified % 1_000_000_000))]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    @Test func warmRunTrustingStampsEqualsUncachedRunAfterSameSizeEditsWithRestoredMtime() throws {
        let tree = try Self.tree()
        let inputs = Self.inputs(tree)
        let settings = [(path: tree.path("Package.swift"), text: tree.read("Package.swift"))]
        let linter = RuleCatalog.linter
        let uncached = WorkspaceLintPipeline(linter: linter, cache: nil, workers: 2, settings: settings)
        var cached = WorkspaceLintPipeline(linter: linter, cache: ResultCache(directory: tree.path("cache")), workers: 2, settings: settings)
        var withoutStamps = cached
        withoutStamps.stamps = nil

        // Cold, then warm: the warm run reads only the files whose findings are printed.
        cached.stamps = Self.settled(nil)
        let cold = cached.lint(inputs)
        #expect(Self.summary(cold) == Self.summary(uncached.lint(inputs)))
        #expect(cold.stamps?.entries.count == inputs.count)
        cached.stamps = Self.settled(cold.stamps)
        let warm = cached.lint(inputs)
        #expect(Self.summary(warm) == Self.summary(uncached.lint(inputs)))
        #expect(Self.summary(warm) == Self.summary(withoutStamps.lint(inputs)))
        let withFindings = warm.files.filter { !$0.diagnostics.isEmpty }.count
        #expect(warm.filesRead < inputs.count, "unchanged files without findings are not read")
        #expect(warm.filesRead >= withFindings)
        let quiet = warm.files.filter { $0.diagnostics.isEmpty }
        #expect(!quiet.isEmpty && quiet.allSatisfy { $0.document.bytes.isEmpty }, "files without findings were not read")

        // A same-size edit with the old mtime put back (`touch -d`): ctime still moves.
        let plainPath = tree.path("Views/Plain.swift")
        let before = try #require(FileStamp(path: plainPath))
        try Self.plainFlagged.write(toFile: plainPath, atomically: false, encoding: .utf8)
        Self.setModified(plainPath, to: before)
        let after = try #require(FileStamp(path: plainPath))
        #expect(after.size == before.size && after.modified == before.modified)
        cached.stamps = Self.settled(warm.stamps)
        let edited = cached.lint(inputs)
        #expect(Self.summary(edited) == Self.summary(uncached.lint(inputs)))
        #expect(Self.summary(edited) == Self.summary(withoutStamps.lint(inputs)))
        #expect(warm.files.first { $0.path == plainPath }?.diagnostics.map(\.ruleID).contains("foreground-color") == false)
        #expect(edited.files.first { $0.path == plainPath }?.diagnostics.map(\.ruleID).contains("foreground-color") == true)
    }

    /// A stamp that lies (the racy case the margin guards against, forged here): the
    /// trusted digest's results need the text, the text no longer hashes to it, and the
    /// run is redone reading every file.
    @Test func aStampThatLiesIsCaughtWhenTheTextIsNeeded() throws {
        let tree = try Self.tree()
        let inputs = Self.inputs(tree)
        let linter = RuleCatalog.linter
        let uncached = WorkspaceLintPipeline(linter: linter, cache: nil, workers: 2, settings: [])
        var cached = WorkspaceLintPipeline(linter: linter, cache: ResultCache(directory: tree.path("cache")), workers: 2, settings: [])
        let greeting = tree.path("Views/Greeting.swift")
        cached.stamps = Self.settled(nil)
        let first = cached.lint(inputs)
        let old = try #require(first.stamps?.entries[greeting])
        // Same size, other findings' text: the warning now sits on another word.
        try flaggedView.replacingOccurrences(of: "Hello", with: "Howdy").write(toFile: greeting, atomically: false, encoding: .utf8)
        var forged = first.stamps!.entries
        forged[greeting] = StatIndex.Entry(stamp: try #require(FileStamp(path: greeting)), digest: old.digest)
        cached.stamps = Self.settled(StatIndex(entries: forged))
        let output = cached.lint(inputs)
        #expect(Self.summary(output) == Self.summary(uncached.lint(inputs)))
        #expect(output.files.first { $0.path == greeting }?.document.text.contains("Howdy") == true)
    }

    /// Files changed within the margin before the run are read again next time.
    @Test func recentlyChangedFilesAreNotTrustedNextTime() throws {
        let tree = try Self.tree()
        let inputs = Self.inputs(tree)
        var cached = WorkspaceLintPipeline(linter: RuleCatalog.linter, cache: ResultCache(directory: tree.path("cache")), workers: 2, settings: [])
        cached.stamps = StatIndex()  // runs now: every file was written a moment ago
        #expect(cached.lint(inputs).stamps?.entries.isEmpty == true)
        let stamp = try #require(FileStamp(path: inputs[0].path))
        let index = StatIndex(runStart: max(stamp.modified, stamp.changed) + StatIndex.racyMargin + 1)
        #expect(index.isSettled(stamp))
        #expect(!StatIndex(runStart: max(stamp.modified, stamp.changed) + StatIndex.racyMargin).isSettled(stamp))
    }

    @Test func storedIndexRoundTripsAndRejectsCorruption() throws {
        let tree = try Self.tree()
        let stamp = try #require(FileStamp(path: tree.path("Views/Plain.swift")))
        let index = StatIndex(entries: ["a.swift": .init(stamp: stamp, digest: "0123456789abcdef0123456789abcdef")])
        let path = tree.path("stamps.index")
        index.store(to: path)
        #expect(StatIndex.load(from: path).entries == index.entries)
        var bytes = index.encoded()
        bytes[bytes.count - 1] ^= 1
        #expect(StatIndex.decode(bytes) == nil)
        #expect(StatIndex.decode(Array(bytes.prefix(10))) == nil)
    }
}
