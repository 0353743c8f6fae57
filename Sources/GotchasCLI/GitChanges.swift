import Foundation
import GotchasCore

/// What `git` reports changed since a revision, for `lint --changed-since REV`: the
/// files of the working tree that differ from REV (added, modified, renamed, and
/// untracked files not ignored) and the files REV had that are gone (deleted, or the
/// old side of a rename). Paths are absolute and symlink-resolved (`normalized`), so
/// they compare with the paths the lint discovered however those were spelled.
struct GitChanges: Sendable {
    let revision: String
    /// `git rev-parse --show-toplevel`.
    let repositoryRoot: String
    /// Files present now that differ from `revision` (every kind, not only `.swift`).
    var changed: Set<String>
    /// Files `revision` had that the working tree does not (deleted, renamed away).
    var removed: Set<String>

    /// Asks `git` in `directory`. Not a repository, a revision that does not name a
    /// commit, or no `git` at all are errors the user can act on (exit 2).
    static func since(_ revision: String, in directory: String) throws(CommandLineError) -> GitChanges {
        let top = try Git.run(["rev-parse", "--show-toplevel"], in: directory)
        guard top.status == 0 else {
            throw .io("--changed-since \(revision): \(normalized(directory)) is not in a git repository")
        }
        let root = normalized(top.text.trimmingCharacters(in: .whitespacesAndNewlines))
        // `^{commit}`: a tag or branch resolves to its commit; a blob or tree name is refused.
        let verify = try Git.run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root)
        guard verify.status == 0 else {
            throw .io("--changed-since \(revision): no such revision in \(root) (a branch, tag or commit; fetch it first in a shallow clone)")
        }
        // `git diff REV` compares REV with the working tree, so unstaged and staged edits count.
        let changedLines = try Git.lines(["diff", "--name-only", "--diff-filter=AMR", revision, "--"], in: root)
        let untracked = try Git.lines(["ls-files", "--others", "--exclude-standard"], in: root)
        // Without rename detection the old side of a rename is listed as deleted: its
        // declarations are gone, and files that used them must be re-checked.
        let removedLines = try Git.lines(["diff", "--name-only", "--no-renames", "--diff-filter=D", revision, "--"], in: root)
        return GitChanges(revision: revision, repositoryRoot: root,
                          changed: Set((changedLines + untracked).map { normalized(root + "/" + $0) }),
                          removed: Set(removedLines.map { normalized(root + "/" + $0) }))
    }

    /// The text `revision` had at `path` (absolute), or nil when it had no such file.
    func text(atRevisionOf path: String) -> [UInt8]? {
        guard path.hasPrefix(repositoryRoot + "/") else { return nil }
        let relative = String(path.dropFirst(repositoryRoot.count + 1))
        guard let output = try? Git.run(["show", "\(revision):\(relative)"], in: repositoryRoot), output.status == 0 else { return nil }
        return output.bytes
    }

    /// True when a changed file is one every file's findings depend on: a configuration
    /// file or project settings (deployment targets, default isolation).
    var changesEveryFile: Bool {
        changed.union(removed).contains { path in
            (path as NSString).lastPathComponent == ".swiftui-gotchas.json" || SourceTreeScan.isSettingsFile(path)
        }
    }

    /// Absolute, standardized, symlinks resolved (`/tmp` is `/private/tmp` on macOS).
    static func normalized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

struct GitOutput {
    var status: Int32
    var bytes: [UInt8]
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Runs `git` (found on PATH through `/usr/bin/env`) and collects its standard output.
enum Git {
    static func run(_ arguments: [String], in directory: String) throws(CommandLineError) -> GitOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        // git's own messages ("fatal: not a git repository") are replaced by ours.
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .io("--changed-since: cannot run git: \((error as NSError).localizedDescription)")
        }
        // Read before waiting: a full pipe would block git forever.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 127 { throw .io("--changed-since needs git on PATH") }
        return GitOutput(status: process.terminationStatus, bytes: Array(data))
    }

    /// Non-empty lines of a command that must succeed.
    static func lines(_ arguments: [String], in directory: String) throws(CommandLineError) -> [String] {
        let output = try run(["-c", "core.quotePath=false"] + arguments, in: directory)
        guard output.status == 0 else {
            throw .io("--changed-since: git \(arguments.joined(separator: " ")) failed (status \(output.status))")
        }
        return output.text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
}
