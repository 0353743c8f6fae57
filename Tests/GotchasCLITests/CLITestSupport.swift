import Foundation
import GotchasCLI
import GotchasRules

/// Captures what a command writes, for in-process CLI tests.
final class CapturedIO: @unchecked Sendable {
    // @unchecked: `output`/`error` are only touched under `lock`.
    private let lock = NSLock()
    private var outputText = ""
    private var errorText = ""
    let input: [UInt8]

    let environment: [String: String]

    init(input: String = "", environment: [String: String] = [:]) {
        self.input = Array(input.utf8)
        self.environment = environment
    }

    var output: String { lock.withLock { outputText } }
    var error: String { lock.withLock { errorText } }

    var io: CommandIO {
        CommandIO(writeOutput: { text in self.lock.withLock { self.outputText += text } },
                  writeError: { text in self.lock.withLock { self.errorText += text } },
                  readInput: { self.input }, outputIsTerminal: false, environment: environment)
    }

    func lint(_ arguments: [String]) -> Int32 {
        LintCommand(linter: RuleCatalog.linter, io: io).run(arguments)
    }
}

/// A temporary directory tree for one test, removed with its last reference.
final class TemporaryTree: Sendable {
    let root: String

    deinit { try? FileManager.default.removeItem(atPath: root) }

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("gotchas-\(UUID().uuidString)").path
        for (path, content) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try content.write(toFile: full, atomically: true, encoding: .utf8)
        }
    }

    /// A tree whose root configuration raises `foreground-color` (info by default, a
    /// soft-deprecated rename) to a warning: for tests about what warnings do (exit status 1,
    /// `--max-warnings`, a report's failures), with `flaggedView` as the finding.
    convenience init(warning files: [String: String]) throws {
        try self.init(files.merging([".swiftui-gotchas.json": foregroundColorAsWarning]) { own, _ in own })
    }

    func path(_ relative: String) -> String { root + "/" + relative }
    func read(_ relative: String) -> String { (try? String(contentsOfFile: path(relative), encoding: .utf8)) ?? "<missing>" }
}

/// Raises `flaggedView`'s finding to a warning (`TemporaryTree(warning:)`).
let foregroundColorAsWarning = #"{ "rules": { "foreground-color": "warning" } }"#

let flaggedView = """
    import SwiftUI

    struct Greeting: View {
        var body: some View {
            Text("Hello, 🌍").foregroundColor(.red)
        }
    }

    """
