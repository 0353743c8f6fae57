#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
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
        let root = normalized(top.text.trimmingWhitespace())
        let noSuchRevision = CommandLineError.io(
            "--changed-since \(revision): no such revision in \(root) (a branch, tag or commit; fetch it first in a shallow clone)")
        // The diff starts before the check answers: a "revision" git would read as an
        // option (`--output=FILE`) must never reach it. The check refuses those anyway.
        guard !revision.hasPrefix("-") else { throw noSuchRevision }
        // Started together (each `git` is a process; waiting for one after the other
        // was a third of a warm run on a large tree), but the revision is checked first.
        // `^{commit}`: a tag or branch resolves to its commit; a blob or tree name is refused.
        let verifying = try Git.start(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root)
        // `git diff REV` compares REV with the working tree, so unstaged and staged edits count.
        // Without rename detection the old side of a rename is listed as deleted (`D`): its
        // declarations are gone, and files that used them must be re-checked; the new side is
        // added (`A`), as rename detection would list it (`R`) among the changed files.
        let diffing = try Git.start(Git.listing + ["diff", "--name-status", "--no-renames", "--diff-filter=AMD", revision, "--"], in: root)
        let listing = try Git.start(Git.listing + ["ls-files", "--others", "--exclude-standard"], in: root)
        let verify = verifying.finish(), diff = diffing.finish(), untracked = listing.finish()
        guard verify.status == 0 else { throw noSuchRevision }
        var changed: Set<String> = [], removed: Set<String> = []
        for line in try diff.lines(of: "diff --name-status \(revision)") {
            // "M\tpath": the status letter, a tab, the path.
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let path = normalized(root + "/" + String(line[line.index(after: tab)...]))
            if line.hasPrefix("D") { removed.insert(path) } else { changed.insert(path) }
        }
        for line in try untracked.lines(of: "ls-files --others") { changed.insert(normalized(root + "/" + String(line))) }
        return GitChanges(revision: revision, repositoryRoot: root, changed: changed, removed: removed)
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
            URL(fileURLWithPath: path).lastPathComponent == ".swiftui-gotchas.json" || SourceTreeScan.isSettingsFile(path)
        }
    }

    /// Absolute, standardized, symlinks resolved (`/tmp` is `/private/tmp` on macOS).
    static func normalized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// `GitChanges.normalized` for many paths of few directories: resolving symlinks costs
/// a system call per path component, which over a whole tree (~7,600 files) took longer
/// than the warm lint itself. Each directory is resolved once; a file's own name is kept
/// unless it is a symlink (or a name that standardizing would rewrite), when the path
/// goes the slow way. Same answer as `GitChanges.normalized` (checked by a test).
struct PathNormalizer {
    private var directories: [Substring: String] = [:]
    /// Paths asked before (a run asks for most paths twice).
    private var known: [String: String] = [:]
    private let currentDirectory = FileManager.default.currentDirectoryPath

    mutating func normalized(_ path: String) -> String {
        if let answer = known[path] { return answer }
        let answer = resolve(path)
        known[path] = answer
        return answer
    }

    private mutating func resolve(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        guard let slash = absolute.lastIndex(of: "/") else { return GitChanges.normalized(path) }
        let name = absolute[absolute.index(after: slash)...]
        guard !name.isEmpty, name != ".", name != "..", !Self.isSymlink(absolute) else { return GitChanges.normalized(path) }
        let directory = absolute[..<slash]
        let resolved: String
        if let known = directories[directory] {
            resolved = known
        } else {
            resolved = GitChanges.normalized(directory.isEmpty ? "/" : String(directory))
            directories[directory] = resolved
        }
        return (resolved == "/" ? "" : resolved) + "/" + name
    }

    /// True for a symlink, and when the path cannot be examined (the slow way decides then).
    private static func isSymlink(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return true }
        return status.st_mode & S_IFMT == S_IFLNK
    }
}

struct GitOutput {
    var status: Int32
    var bytes: [UInt8]
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Runs `git` (found on PATH, through Core's `ChildProcess`) and collects its standard output.
enum Git {
    /// Arguments before a command whose output is read as paths, one a line.
    static let listing = ["-c", "core.quotePath=false"]

    /// A started `git`: read its output to the end, then reap it (`finish`).
    struct Running {
        let child: ChildProcess

        func finish() -> GitOutput {
            let (status, bytes) = child.finish()
            return GitOutput(status: status, bytes: bytes)
        }
    }

    static func start(_ arguments: [String], in directory: String) throws(CommandLineError) -> Running {
        do {
            // git's own messages ("fatal: not a git repository") are replaced by ours.
            return Running(child: try ChildProcess.start("git", ["-C", directory] + arguments,
                                                         standardOutput: .captured, silencesStandardError: true))
        } catch {
            if error.code == ENOENT { throw .io("--changed-since needs git on PATH") }
            throw .io("--changed-since: cannot run git: \(error)")
        }
    }

    static func run(_ arguments: [String], in directory: String) throws(CommandLineError) -> GitOutput {
        try start(arguments, in: directory).finish()
    }
}

extension GitOutput {
    /// Non-empty lines of a command that must succeed (`command` names it in the error).
    func lines(of command: String) throws(CommandLineError) -> [Substring] {
        guard status == 0 else { throw .io("--changed-since: git \(command) failed (status \(status))") }
        return text.split(separator: "\n").filter { !$0.isEmpty }
    }
}
