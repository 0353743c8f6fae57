import GotchasCore

/// Which files `lint --changed-since REV` reports: the changed `.swift` files, and the
/// files whose cross-file findings may differ because of what changed — those whose
/// references or rule look-ups name a type the change added, removed or altered
/// (`FileIndex.changedNames` between REV's and today's version, `WorkspaceIndex.dependents`).
/// The whole tree is still linted (with the cache that is cheap), so every reported
/// file's findings are exactly what a full lint gives for it.
struct ChangedSinceSelection {
    /// Normalized paths (`GitChanges.normalized`) of the files to report.
    let reported: Set<String>

    /// `files` must carry their `fileIndex`; `indexAtRevision` indexes REV's version of
    /// a path (nil when REV had none).
    init(files: [FileReport], changes: GitChanges, indexAtRevision: (String) -> FileIndex?) {
        let normalizedPaths = files.map { GitChanges.normalized($0.path) }
        // A configuration or settings change can change any file's findings.
        if changes.changesEveryFile {
            reported = Set(normalizedPaths)
            return
        }
        var changedNames: Set<String> = []
        var reported: Set<String> = []
        for (file, path) in zip(files, normalizedPaths) where changes.changed.contains(path) {
            reported.insert(path)
            changedNames.formUnion(FileIndex.changedNames(from: indexAtRevision(path), to: file.fileIndex))
        }
        for path in changes.removed where path.hasSuffix(".swift") {
            changedNames.formUnion(FileIndex.changedNames(from: indexAtRevision(path), to: nil))
        }
        let workspace = WorkspaceIndex(files: files.compactMap(\.fileIndex))
        for dependent in workspace.dependents(on: changedNames) { reported.insert(GitChanges.normalized(dependent)) }
        self.reported = reported
    }

    func includes(_ path: String) -> Bool { reported.contains(GitChanges.normalized(path)) }
}
