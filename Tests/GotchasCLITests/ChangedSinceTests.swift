import Foundation
import Testing

/// `lint --changed-since REV` against a git repository the test creates: the changed
/// files plus their cross-file dependents are reported, with a full lint's findings.
@Suite struct ChangedSinceTests {
    static let observableCart = "@Observable final class Cart {\n    var items: [Int] = []\n}\n"
    static let plainCart = "final class Cart {\n    var items: [Int] = []\n}\n"
    static let cartView = "struct CartView: View {\n    @State private var cart = Cart()\n    var body: some View { Text(\"\\(cart.items.count)\") }\n}\n"

    /// A committed repository: a model, the view that uses it, and an unrelated flagged view.
    func repository() throws -> TemporaryTree {
        let tree = try TemporaryTree(warning: [
            "App/Cart.swift": Self.observableCart,
            "App/CartView.swift": Self.cartView,
            "App/Greeting.swift": flaggedView,
            "README.md": "app\n",
        ])
        try git(["init", "-q", "-b", "main"], in: tree)
        try git(["add", "."], in: tree)
        try git(["commit", "-q", "-m", "start"], in: tree)
        return tree
    }

    @discardableResult
    func git(_ arguments: [String], in tree: TemporaryTree) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: tree.root)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// Diagnostic lines (`path:line:col: …`) of a quiet text lint.
    func findings(_ arguments: [String]) -> (status: Int32, lines: [String], error: String) {
        let io = CapturedIO()
        let status = io.lint(arguments + ["--quiet"])
        return (status, io.output.split(separator: "\n").map(String.init), io.error)
    }

    @Test func nothingChangedReportsNothing() throws {
        let tree = try repository()
        let io = CapturedIO()
        #expect(io.lint([tree.root, "--changed-since", "HEAD"]) == 0)
        #expect(io.output.contains("No problems found in 0 files."))
    }

    @Test func anUnrelatedEditReportsOnlyThatFile() throws {
        let tree = try repository()
        try (flaggedView + "struct Other: View {\n    var body: some View { Text(\"x\").foregroundColor(.blue) }\n}\n")
            .write(toFile: tree.path("App/Greeting.swift"), atomically: true, encoding: .utf8)
        let changed = findings([tree.root, "--changed-since", "HEAD"])
        #expect(changed.status == 1)
        #expect(changed.lines.count == 2)
        #expect(changed.lines.allSatisfy { $0.hasPrefix(tree.path("App/Greeting.swift") + ":") })
    }

    @Test func aChangedDeclarationReportsItsDependentsAsAFullLintDoes() throws {
        let tree = try repository()
        // The model loses @Observable: the view that holds it in @State is now flagged.
        try Self.plainCart.write(toFile: tree.path("App/Cart.swift"), atomically: true, encoding: .utf8)
        let changed = findings([tree.root, "--changed-since", "HEAD"])
        #expect(changed.status == 1)
        #expect(changed.lines.contains { $0.hasPrefix(tree.path("App/CartView.swift") + ":") && $0.contains("[state-non-observable-class]") })
        // Greeting.swift is flagged but did not change and does not use Cart.
        #expect(!changed.lines.contains { $0.contains("Greeting.swift") })
        let full = findings([tree.root])
        let reported = [tree.path("App/Cart.swift"), tree.path("App/CartView.swift")]
        #expect(changed.lines == full.lines.filter { line in reported.contains { line.hasPrefix($0 + ":") } })
    }

    @Test func anEditThatChangesNoDeclarationLeavesDependentsOut() throws {
        let tree = try repository()
        try ("// The shopping cart.\n" + Self.observableCart).write(toFile: tree.path("App/Cart.swift"), atomically: true, encoding: .utf8)
        let io = CapturedIO()
        #expect(io.lint([tree.root, "--changed-since", "HEAD"]) == 0)
        #expect(io.output.contains("No problems found in 1 file."))
    }

    @Test func committedDeletedRenamedAndUntrackedFiles() throws {
        let tree = try repository()
        try git(["rm", "-q", "App/Cart.swift"], in: tree)
        try git(["mv", "App/Greeting.swift", "App/Hello.swift"], in: tree)
        try git(["commit", "-q", "-m", "second"], in: tree)
        try flaggedView.replacingOccurrences(of: "Greeting", with: "Fresh")
            .write(toFile: tree.path("App/Fresh.swift"), atomically: true, encoding: .utf8)
        let io = CapturedIO()
        #expect(io.lint([tree.root, "--changed-since", "HEAD~1"]) == 1)
        let flagged = io.output.split(separator: "\n").filter { $0.contains(": warning: ") }.map { String($0.prefix { $0 != ":" }) }
        #expect(flagged == [tree.path("App/Fresh.swift"), tree.path("App/Hello.swift")])
        // Three files: the renamed one, the untracked one, and CartView, which used the
        // deleted model (clean now: its type is unknown). The deleted file drops out.
        #expect(io.output.hasSuffix("Found 2 problems (2 warnings) in 3 files; 2 fixable with --fix.\n"))
    }

    @Test func errorsOutsideARepositoryAndForAnUnknownRevision() throws {
        let plain = try TemporaryTree(["A.swift": flaggedView])
        let outside = CapturedIO()
        #expect(outside.lint([plain.root, "--changed-since", "main"]) == 2)
        #expect(outside.error.contains("is not in a git repository"))
        let tree = try repository()
        let unknown = CapturedIO()
        #expect(unknown.lint([tree.root, "--changed-since", "no-such-branch"]) == 2)
        #expect(unknown.error.contains("--changed-since no-such-branch: no such revision"))
        #expect(unknown.output.isEmpty)
    }
}
