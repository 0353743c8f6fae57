#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    /// Directories of open files outside every indexed folder whose settings files were
    /// looked up (`ProjectSettingsDiscovery`), once each.
    private var directoriesLookedUp: Set<String> = []
    /// What those look-ups applied, by settings path (nil: gone or unreadable): a build's
    /// `replaceProjectSettings` knows only the folders' files, so these are laid over it.
    private(set) var settingsOutsideFolders: [String: SettingsFileFacts?] = [:]
    /// A build ended: the memory its walk freed is to be returned to the system once the
    /// server is idle (`LanguageServer.returnFreedMemoryIfIdle`).
    var freedMemoryToReturn = false
    /// Open documents' newest file indexes not merged yet (`LanguageServer.indexAfterDocumentLint`), by URI,
    /// with the open generation they were linted in and when the first of them waited.
    var pendingDocumentIndexes: [String: (index: FileIndex, openGeneration: Int)] = [:]
    var pendingDocumentIndexesSince: ContinuousClock.Instant?
    /// A timer will merge the pending indexes.
    var documentIndexTimerArmed = false

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
    /// nothing changes, when a newer build started meanwhile. `isComplete` false (a folder
    /// not walked, or a walk stopped at its bound): "nowhere in the workspace" stays unanswered.
    mutating func finishBuild(_ files: [FileIndex], settings: [(path: String, text: String)], openFiles: [FileIndex],
                              generation: Int, isComplete: Bool = true) -> Bool {
        finishBuild(Self.merged(files, settings: settings, isComplete: isComplete), openFiles: openFiles, generation: generation)
    }

    /// The same, with the build's files already merged (`merged`, off the message loop: merging
    /// a thousand files' indexes holds the loop for a while).
    mutating func finishBuild(_ built: WorkspaceIndex, openFiles: [FileIndex], generation: Int) -> Bool {
        guard isCurrent(generation) else { return false }
        var built = built
        for file in openFiles { built.update(file) }
        index = built
        return true
    }

    /// The index of a build's files and settings, before the open documents are laid over it.
    static func merged(_ files: [FileIndex], settings: [(path: String, text: String)], isComplete: Bool) -> WorkspaceIndex {
        var built = WorkspaceIndex(files: files, isComplete: isComplete)
        for (path, text) in settings { built.updateSettings(path: path, text: text) }
        return built
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

    /// Whether the settings above a file at `path` must be looked up: it lies under no
    /// folder in `indexedFolders` (outside the workspace, or under a refused root) and its
    /// directory was not looked up before. True only once per directory.
    mutating func beginSettingsLookup(forFile path: String, indexedFolders: [String]) -> Bool {
        guard path.hasPrefix("/") else { return false }  // an untitled buffer has no project
        guard StandardizedPath.innermostFolder(holding: path, among: indexedFolders) == nil else { return false }
        let standardized = StandardizedPath.of(path)
        return directoriesLookedUp.insert(ProjectSettingsFiles.parent(of: standardized) ?? standardized).inserted
    }

    /// A settings file found above a file outside the folders was read and applied.
    mutating func recordSettingsOutsideFolders(path: String, facts: SettingsFileFacts?) {
        settingsOutsideFolders[path] = .some(facts)
    }

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
/// settings files, standardized paths, sorted, no duplicates. The one scan behind both the
/// workspace index and workspace diagnostics: Core's `SourceTreeScan` with the index's
/// `options` (what `.gitignore`, the configuration's `exclude` and hidden directories leave
/// out, and the bound), over the folders one after another, a few directories at a time
/// (`advance`), so the server can report how far it got and stop when it is no longer needed.
struct WorkspaceFiles: Sendable {
    private(set) var swiftFiles: [String] = []
    private(set) var settingsFiles: [String] = []
    /// Folders whose walk a bound stopped (the rest of them, and later folders, are not read).
    private(set) var stoppedAtBound: [String] = []
    /// Directories read so far, over all folders.
    private(set) var directoriesRead = 0

    let options: SourceTreeScan.Options
    private var folders: [String]
    private var current: (folder: String, scan: SourceTreeScan)?
    private var found: (swift: Set<String>, settings: Set<String>) = ([], [])

    /// A walk of `folders` that has read nothing yet.
    init(startingAt folders: [String], options: SourceTreeScan.Options) {
        self.folders = folders
        self.options = options
    }

    /// The whole walk at once (workspace diagnostics).
    init(folders: [String], options: SourceTreeScan.Options) {
        self.init(startingAt: folders, options: options)
        while !isFinished { advance(directories: .max) }
    }

    var isFinished: Bool { current == nil && folders.isEmpty }
    /// `.swift` files found so far.
    var swiftFilesFound: Int { found.swift.count + (current?.scan.swiftFiles.count ?? 0) }

    /// Reads up to `count` more directories (of one folder).
    mutating func advance(directories count: Int) {
        if current == nil, !folders.isEmpty {
            let folder = folders.removeFirst()
            var options = self.options
            // One bound for all folders together: it is about the server's time and memory.
            if let maximum = options.maximumSwiftFiles { options.maximumSwiftFiles = max(0, maximum - found.swift.count) }
            if let maximum = options.maximumDirectories { options.maximumDirectories = max(0, maximum - directoriesRead) }
            current = (folder, SourceTreeScan(startingAt: folder, options: options))
        }
        guard let folder = current?.folder, var scan = current?.scan else { return }
        let before = scan.directoriesRead
        scan.advance(directories: count)
        directoriesRead += scan.directoriesRead - before
        current = (folder, scan)
        guard scan.isFinished else { return }
        found.swift.formUnion(scan.swiftFiles.map(StandardizedPath.of))
        found.settings.formUnion(scan.settingsFiles.map(StandardizedPath.of))
        current = nil
        if scan.stoppedAtBound {
            stoppedAtBound = [folder] + folders
            folders.removeAll()
        }
        if isFinished {
            swiftFiles = found.swift.sorted()
            settingsFiles = found.settings.sorted()
        }
    }

}
