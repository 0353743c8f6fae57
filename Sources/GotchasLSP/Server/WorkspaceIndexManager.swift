import Foundation
import GotchasCore

/// The server's workspace index and what keeps it consistent: which build is current
/// (a folder change starts a new one; an older build's result is dropped), which read of
/// a settings file is the newest, and which files depend on a changed declaration. No
/// tasks and no I/O: the server reads files and acts on the answers (WorkspaceIndexing.swift).
struct WorkspaceIndexManager: Sendable {
    private(set) var index = WorkspaceIndex.empty
    /// Counts the builds started; results of any but the newest are dropped.
    private(set) var generation = 0
    /// Reads of each settings file requested so far (only the newest one's result is applied).
    private var settingsReads: [String: Int] = [:]

    /// Starts a build; returns its generation. Until it ends, files of new folders are
    /// missing: questions whose answer is "nowhere in the workspace" have none (a fix that
    /// relies on it is not safe).
    mutating func beginBuild() -> Int {
        generation += 1
        index.isComplete = false
        return generation
    }

    func isCurrent(_ generation: Int) -> Bool { generation == self.generation }

    /// A build ended: its index replaces the current one, with `openFiles` (the open
    /// documents, as last linted: their editor text wins over the disk). False, and
    /// nothing changes, when a newer build started meanwhile.
    mutating func finishBuild(_ files: [FileIndex], settings: [(path: String, text: String)], openFiles: [FileIndex],
                              generation: Int) -> Bool {
        guard isCurrent(generation) else { return false }
        var built = WorkspaceIndex(files: files)
        for (path, text) in settings { built.updateSettings(path: path, text: text) }
        for file in openFiles { built.update(file) }
        index = built
        return true
    }

    /// Records one file's fresh index; returns the paths of the other files that depend
    /// on a declaration that changed.
    mutating func update(_ file: FileIndex) -> [String] {
        index.updateReturningDependents(file)
    }

    /// Forgets a file (deleted or unreadable); returns the paths that depended on its declarations.
    mutating func remove(path: String) -> [String] {
        let old = index.files[path]
        index.remove(path: path)
        return index.dependents(on: FileIndex.changedNames(from: old, to: nil))
    }

    /// A read of the settings file at `path` is about to start: its number.
    mutating func beginSettingsRead(path: String) -> Int {
        settingsReads[path, default: 0] += 1
        return settingsReads[path] ?? 0
    }

    /// Reads may finish out of order: only the newest one's result is applied.
    func isNewestSettingsRead(path: String, read: Int) -> Bool { settingsReads[path] == read }

    /// A settings file's text (nil: deleted or unreadable).
    mutating func updateSettings(path: String, text: String?) {
        if let text {
            index.updateSettings(path: path, text: text)
        } else {
            index.remove(path: path)
        }
    }
}

/// The files of the workspace folders the server reads: `.swift` sources and project
/// settings files, skipping build and VCS directories; standardized paths, sorted, no
/// duplicates. The one scan behind both the workspace index and workspace diagnostics.
struct WorkspaceFiles: Sendable, Equatable {
    var swiftFiles: [String]
    var settingsFiles: [String]

    init(folders: [String]) {
        var swiftFiles: Set<String> = []
        var settingsFiles: Set<String> = []
        for folder in folders {
            let scan = SourceTreeScan(root: folder)
            swiftFiles.formUnion(scan.swiftFiles.map(Self.standardized))
            settingsFiles.formUnion(scan.settingsFiles.map(Self.standardized))
        }
        self.swiftFiles = swiftFiles.sorted()
        self.settingsFiles = settingsFiles.sorted()
    }

    private static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
