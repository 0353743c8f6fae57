import Foundation
import GotchasCore
import GotchasRules
import Testing
@testable import GotchasCLI

/// The shortcuts that make a warm `lint --changed-since` cheap on a large tree, each
/// against the slow way it replaces: `PathNormalizer` against `GitChanges.normalized`
/// on every path, and `ChangedSinceSelection` (dependents from each file's own index,
/// encoded ones decoded only when a declaration changed) against merging a
/// `WorkspaceIndex` and asking its `dependents`.
@Suite struct ChangedSinceShortcutTests {
    @Test func pathNormalizerAgreesWithResolvingEveryPath() throws {
        let tree = try TemporaryTree([
            "App/A.swift": "struct A {}\n",
            "App/Sub/B.swift": "struct B {}\n",
            "Other/C.swift": "struct C {}\n",
        ])
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: tree.path("Linked"), withDestinationPath: tree.path("App"))
        try manager.createSymbolicLink(atPath: tree.path("App/L.swift"), withDestinationPath: "../Other/C.swift")
        try manager.createSymbolicLink(atPath: tree.path("App/Dangling.swift"), withDestinationPath: "Nowhere.swift")
        // The same tree spelled relative to the current directory.
        let depth = manager.currentDirectoryPath.split(separator: "/").count
        let relativeRoot = String(repeating: "../", count: depth) + tree.root.dropFirst()
        let paths = [
            "App/A.swift", "App/Sub/B.swift", "Other/C.swift", "Linked/A.swift", "Linked/Sub/B.swift", "App/L.swift",
            "Linked/L.swift", "App/Dangling.swift", "App/missing.swift", "App/../Other/C.swift", "App/./A.swift",
            "App//Sub/B.swift", "Linked/../Other/C.swift", "App/Sub/..", "App/.",
        ].flatMap { [tree.path($0), relativeRoot + "/" + $0] } + ["/", "/tmp", "A.swift"]
        var normalizer = PathNormalizer()
        // Twice: the second time answers from the remembered directories.
        for _ in 0..<2 {
            for path in paths { #expect(normalizer.normalized(path) == GitChanges.normalized(path), "\(path)") }
        }
        // The symlinked directory is resolved, so both spellings meet.
        #expect(normalizer.normalized(tree.path("Linked/A.swift")) == normalizer.normalized(tree.path("App/A.swift")))
    }

    /// Files that use `Cart` in different ways, one unrelated, and one that only looks it up.
    static let sources: [String: String] = [
        "App/Cart.swift": "@Observable final class Cart {\n    var items: [Int] = []\n}\n",
        "App/CartView.swift": "struct CartView: View {\n    @State private var cart = Cart()\n    var body: some View { Text(\"\\(cart.items.count)\") }\n}\n",
        "App/Checkout.swift": "struct Checkout {\n    let cart: Cart\n    static func make() -> Cart { Cart.init() }\n}\n",
        "App/Env.swift": "struct EnvView: View {\n    @Environment(Cart.self) var cart\n    var body: some View { Text(\"x\") }\n}\n",
        "App/Unrelated.swift": flaggedView,
    ]

    /// Each version of `Cart.swift` REV may have had: the same, without @Observable, with
    /// another member, gone (nil), and a different type.
    static let revisions: [String?] = [
        sources["App/Cart.swift"], "final class Cart {\n    var items: [Int] = []\n}\n",
        "@Observable final class Cart {\n    var items: [Int] = []\n    var total = 0\n}\n", nil,
        "struct Basket {}\n",
    ]

    @Test(arguments: [false, true]) func selectionAgreesWithTheMergedWorkspaceIndex(fromCache: Bool) throws {
        let linter = RuleCatalog.linter
        let configuration = RuleConfiguration.resolve(rules: linter.descriptions, file: nil)
        let root = "/project"
        let documents = Self.sources.sorted { $0.key < $1.key }.map { SourceDocument(path: root + "/" + $0.key, bytes: Array($0.value.utf8)) }
        let indexes = documents.map { linter.lint($0, configuration: configuration).fileIndex }
        let files = indexes.map { index in
            // From the cache: the stored bytes, decoded only if the selection asks.
            ChangedSinceSelection.File(normalizedPath: index.path,
                                       index: fromCache ? CachedFileIndex(stored: CachedFileIndex(fileIndex: index, encoding: true).stored)
                                                        : CachedFileIndex(fileIndex: index, encoding: false))
        }
        let cartPath = root + "/App/Cart.swift"
        var sawDependents = false
        for revision in Self.revisions {
            let changes = GitChanges(revision: "REV", repositoryRoot: root, changed: [cartPath], removed: [])
            let old = revision.map { linter.lint(SourceDocument(path: cartPath, bytes: Array($0.utf8)), configuration: configuration).fileIndex }
            let selection = ChangedSinceSelection(files: files, changes: changes, workers: 2) { path in path == cartPath ? old : nil }
            // The slow way: every index merged, its dependents asked.
            let changedNames = FileIndex.changedNames(from: old, to: indexes.first { $0.path == cartPath })
            let slow = Set([cartPath] + WorkspaceIndex(files: indexes).dependents(on: changedNames))
            #expect(selection.changedNames == changedNames)
            #expect(selection.reported == slow, "REV had \(revision ?? "no Cart.swift")")
            #expect(!selection.reported.contains(root + "/App/Unrelated.swift"))
            sawDependents = sawDependents || slow.count > 2
        }
        // Some revision made the merged index name several dependents (the test compares something).
        #expect(sawDependents)
    }

    /// End to end with a warm cache (indexes come back encoded): the same output as
    /// without a cache.
    @Test func warmCacheGivesTheSameReportAsNoCache() throws {
        let tree = try TemporaryTree(Self.sources)
        let suite = ChangedSinceTests()
        try suite.git(["init", "-q", "-b", "main"], in: tree)
        try suite.git(["add", "."], in: tree)
        try suite.git(["commit", "-q", "-m", "start"], in: tree)
        try "final class Cart {\n    var items: [Int] = []\n}\n".write(toFile: tree.path("App/Cart.swift"), atomically: true, encoding: .utf8)
        let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("gotchas-cache-\(UUID().uuidString)").path
        func run(_ environment: [String: String]) -> (Int32, String) {
            let io = CapturedIO(environment: environment)
            let status = io.lint([tree.root, "--changed-since", "HEAD", "--format", "json"])
            return (status, io.output)
        }
        let uncached = run([:])
        let cold = run(["XDG_CACHE_HOME": cacheHome])
        let warm = run(["XDG_CACHE_HOME": cacheHome])
        #expect(uncached.0 == 1)
        #expect(uncached.1.contains("CartView.swift"))
        #expect(!uncached.1.contains("Unrelated.swift"))
        #expect(cold == uncached)
        #expect(warm == uncached)
    }

    /// The diff starts before the revision check answers: an option-like "revision" is
    /// refused first, so git never writes the file it names.
    @Test func anOptionLikeRevisionIsRefusedBeforeGitSeesIt() throws {
        let tree = try ChangedSinceTests().repository()
        let written = tree.path("written-by-git.txt")
        let io = CapturedIO()
        #expect(io.lint([tree.root, "--changed-since", "--output=\(written)"]) == 2)
        #expect(io.error.contains("no such revision"))
        #expect(!FileManager.default.fileExists(atPath: written))
    }
}
