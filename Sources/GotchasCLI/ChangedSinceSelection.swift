import GotchasCore

/// Which files `lint --changed-since REV` reports: the changed `.swift` files, and the
/// files whose cross-file findings may differ because of what changed — those whose
/// references or rule look-ups name a type the change added, removed or altered
/// (`FileIndex.changedNames` between REV's and today's version; the files whose
/// `referencedTypeNames` meet those names, as `WorkspaceIndex.dependents` answers).
/// The whole tree is still linted (with the cache that is cheap), so every reported
/// file's findings are exactly what a full lint gives for it.
///
/// Warm, on a large tree, this is most of a run's cost, so it does the least it can:
/// only the changed files' indexes are decoded unless some declaration changed, and
/// dependents are found from each file's own index without merging a `WorkspaceIndex`.
struct ChangedSinceSelection {
    /// A linted file: its path normalized (`GitChanges.normalized`) and its index, still
    /// encoded when it came from the cache.
    struct File: Sendable {
        var normalizedPath: String
        var index: CachedFileIndex?
    }

    /// Normalized paths (`GitChanges.normalized`) of the files to report.
    let reported: Set<String>
    /// The names whose declarations changed (what dependents were looked for with).
    let changedNames: Set<String>

    /// `indexAtRevision` indexes REV's version of a path (nil when REV had none).
    init(files: [File], changes: GitChanges, workers: Int = ParallelMap.defaultWorkers,
         indexAtRevision: (String) -> FileIndex?) {
        // A configuration or settings change can change any file's findings.
        if changes.changesEveryFile {
            reported = Set(files.map(\.normalizedPath))
            changedNames = []
            return
        }
        var changedNames: Set<String> = []
        var reported: Set<String> = []
        for file in files where changes.changed.contains(file.normalizedPath) {
            reported.insert(file.normalizedPath)
            changedNames.formUnion(FileIndex.changedNames(from: indexAtRevision(file.normalizedPath), to: file.index?.fileIndex))
        }
        for path in changes.removed where path.hasSuffix(".swift") {
            changedNames.formUnion(FileIndex.changedNames(from: indexAtRevision(path), to: nil))
        }
        self.changedNames = changedNames
        if !changedNames.isEmpty {
            let depends = ParallelMap.map(files, workers: workers) { [changedNames] file in
                file.index?.fileIndex.map { !$0.referencedTypeNames.isDisjoint(with: changedNames) } ?? false
            }
            for (file, dependent) in zip(files, depends) where dependent { reported.insert(file.normalizedPath) }
        }
        self.reported = reported
    }

    func includes(normalizedPath: String) -> Bool { reported.contains(normalizedPath) }
}
