#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import GotchasCore

/// The server's workspace index: built in the background from every `.swift` file of
/// the workspace folders (with `$/progress`), then kept current from open documents'
/// lints, closes, watched-file events and folder changes. When a declaration changes,
/// the open documents whose diagnostics depend on it are linted again.
/// `WorkspaceIndexManager` holds the index and decides what is current; this extension
/// reads the files off the message loop and acts on its answers.
///
/// Open documents count with their editor text; every other file with its disk text.
extension LanguageServer {
    static let indexWatcherID = "swiftui-gotchas-sources"

    /// (Re)builds the index from disk; results of an older build are dropped. A folder
    /// that is `/` or the home directory is not walked (`WorkspaceRootPolicy`, said once);
    /// the walk of the others leaves out what `.gitignore`, the configuration's `exclude`
    /// and hidden directories leave out, and stops at a bound (said once): then the index
    /// stays incomplete. Open documents are linted meanwhile, as always: nothing waits for
    /// the walk.
    func startWorkspaceIndexing() {
        let generation = workspace.beginBuild()
        let policy = WorkspaceRootPolicy(homeDirectory: options.homeDirectory)
        for folder in workspaceFolders {
            guard let refusal = policy.refusal(of: folder) else { continue }
            logToClient("not indexing the workspace folder \(folder) (\(refusal)): open files only", type: .info)
            showWarningOnce(WorkspaceRootPolicy.warning(folder: folder, refusal: refusal), key: "wide-root \(folder)")
        }
        let folders = policy.indexed(workspaceFolders)
        // No folder at all (neither `workspaceFolders` nor `rootUri`): nothing is indexed, so,
        // as with a refused folder, the index is not complete — "no call site passes this
        // label" would be a guess, and a fix resting on it must not be offered as safe.
        if workspaceFolders.isEmpty { logToClient("no workspace folder: open files only, the workspace index stays incomplete", type: .info) }
        let refusedSome = workspaceFolders.isEmpty || folders.count < workspaceFolders.count
        let walkOptions = indexWalkOptions
        let stepDelay = options.indexWalkStepDelay
        let linter = self.linter
        let token = capabilities.workDoneProgress ? createProgressToken("swiftui-gotchas-index-\(generation)") : nil
        // A newer build replaces this one; `shutdown` cancels it (checked between files).
        inFlight.indexing?.cancel()
        inFlight.indexing = executors.background(.workspace) {
            let usable = if let token { await self.awaitProgressToken(token) } else { false }
            let progressToken = usable ? token.map(JSON.string) : nil
            var walk = WorkspaceFiles(startingAt: folders, options: walkOptions)
            await self.sendProgress(progressToken, WorkDoneProgress.walkBegin(title: Self.indexingTitle))
            while !walk.isFinished {
                if stepDelay > .zero { try? await Task.sleep(for: stepDelay) }
                // A newer build (folders changed) makes this walk pointless.
                guard !Task.isCancelled, await self.workspace.isCurrent(generation) else {
                    await self.sendProgress(progressToken, WorkDoneProgress.walkEnd(message: "stopped: the workspace folders changed"))
                    return
                }
                walk.advance(directories: Self.directoriesPerStep)
                await self.sendProgress(progressToken, WorkDoneProgress.walkReport(files: walk.swiftFilesFound, directories: walk.directoriesRead))
            }
            let files = walk.swiftFiles
            let progress = WorkDoneProgress(title: Self.indexingTitle, total: files.count, minimumTotalForReports: 10)
            var indexes: [FileIndex] = []
            for (number, path) in files.enumerated() {
                await self.waitForDocumentLints()
                if Task.isCancelled { return }
                switch Self.indexFromDisk(path: path, linter: linter) {
                case .success(let index): indexes.append(index)
                case .failure(let rejection): await self.logToClient("not indexed: \(path): \(rejection)", type: .log)
                }
                if let report = progress.report(after: number) { await self.sendProgress(progressToken, report) }
            }
            // With those above the folders: a folder opened at `Sources/` still has its package.
            let settings = ProjectSettingsDiscovery.read(scanned: walk.settingsFiles, above: folders)
            let built = WorkspaceIndexManager.merged(indexes, settings: settings, isComplete: !refusedSome && walk.stoppedAtBound.isEmpty)
            await self.workspaceIndexed(built, files: indexes.count, settings: settings, generation: generation,
                                        stoppedAtBound: walk.stoppedAtBound)
            let end = walk.stoppedAtBound.isEmpty
                ? "\(files.count) files indexed"
                : "\(files.count) files indexed, stopped at the bound (\(walk.directoriesRead) folders read)"
            await self.sendProgress(progressToken, progress.end(message: end))
        }
    }

    /// No open document's lint runs or waits for a slot.
    var documentLintsSettled: Bool { lints.inFlight.isEmpty && lints.waiting.isEmpty }

    /// The walk parses its next file only once the open documents' lints have ended: an edit is
    /// answered before indexing goes on. Running beside it on its own lane, the walk's parse shared
    /// the cores with the edited document's (a 2-core machine: p95 per edit 0.31× a parse while
    /// indexing, 0.16× after; docs/performance.md). Between two edits the walk moves on.
    func waitForDocumentLints() async {
        guard !documentLintsSettled else { return }
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            // Entering the continuation may have let the loop finish those lints first.
            if documentLintsSettled { waiter.resume() } else { inFlight.indexingWaits(waiter) }
        }
    }

    static let indexingTitle = "swiftui-gotchas: indexing"
    /// Logged once the open documents' lints after a build have ended and their freed memory went back.
    static let settledMessage = "settled after indexing: freed memory returned"
    /// Directories read between two looks at the actor (progress, a newer build).
    static let directoriesPerStep = 200

    /// What the index walk leaves out and where it stops (workspace diagnostics walk the same).
    var indexWalkOptions: SourceTreeScan.Options {
        SourceTreeScan.Options(respectsIgnoreFiles: true, skipsHiddenDirectories: true,
                               configurationOverlay: configuration.editorSettings,
                               maximumSwiftFiles: options.maximumIndexedFiles, maximumDirectories: options.maximumIndexedDirectories)
    }

    /// A warning with window/showMessage, once per `key` for the session.
    func showWarningOnce(_ message: String, key: String) {
        log(message)
        guard problems.isFirstShowing(key) else { return }
        sendNotification(LSPMethod.showMessage, ["type": .int(MessageType.warning.rawValue), "message": .string(message)])
    }

    /// A file's index, from the same walk the rules use (no rule enabled: nothing else runs),
    /// when the file may be linted at all (`SourceFilePolicy`, as in `lint`).
    nonisolated static func indexFromDisk(path: String, linter: Linter) -> Result<FileIndex, SourceFilePolicy.Rejection> {
        Result { () throws(SourceFilePolicy.Rejection) in
            let document = try SourceFilePolicy.document(atPath: path)
            return linter.lint(document, configuration: RuleConfiguration(severities: [:])).fileIndex
        }
    }

    private func workspaceIndexed(_ built: WorkspaceIndex, files fileCount: Int, settings: [(path: String, text: String)], generation: Int,
                                  stoppedAtBound: [String]) {
        // Open documents count with their editor text, as last linted.
        let openFiles = lints.results.values.map(\.result.fileIndex)
        guard workspace.finishBuild(built, openFiles: openFiles, generation: generation) else { return }
        if let folder = stoppedAtBound.first {
            let unread = stoppedAtBound.count > 1 ? " (and did not read \(stoppedAtBound.dropFirst().joined(separator: ", ")))" : ""
            showWarningOnce("swiftui-gotchas: indexed the first \(fileCount) files of \(folder)\(unread); cross-file findings may be "
                            + "incomplete; narrow the workspace folder or add \"exclude\" globs to .swiftui-gotchas.json",
                            key: "index bound \(stoppedAtBound)")
        }
        // Deployment targets per document: a change bumps the configuration generation,
        // so every open document's cached result is stale and is linted again below.
        var projectSettings = ProjectSettingsFiles(settings)
        // The settings found above open files outside the folders stay (a build reads only the folders').
        let scanned = Set(settings.map(\.path))
        for (path, facts) in workspace.settingsOutsideFolders where !scanned.contains(path) {
            if let facts { projectSettings.update(path: path, facts: facts) }
        }
        if configuration.replaceProjectSettings(projectSettings) {
            logToClient("project settings: \(settings.count) file(s)", type: .info)
        }
        logToClient("indexed \(fileCount) files of \(workspaceFolders.count) workspace folder(s)", type: .info)
        // Every tree the walk parsed is freed: returned once the re-lints below are done too.
        workspace.freedMemoryToReturn = true
        relint(uris: documents.uris)
        returnFreedMemoryIfIdle()
        // Files not open have cross-file findings only now: a pulling client asks again
        // (its workspace pull too; their result IDs changed with the index's completeness).
        if documents.uris.isEmpty { requestDiagnosticRefresh() }
    }

    /// Records a fresh lint's file index; open documents that depend on a changed
    /// declaration are linted again.
    func indexAfterLint(_ fileIndex: FileIndex) {
        relint(paths: workspace.update(fileIndex))
    }

    /// An edited document's fresh file index, merged a moment after its diagnostics are sent rather than
    /// at once: the merge and the re-lints it starts cost the loop about a fifth of the edit's own lint
    /// (`on the loop … index` in the log), and an edit that follows at once (typing) would wait behind
    /// it. While the open documents' lints have not settled, the merge waits (up to
    /// `documentIndexMaxWait`); of a burst of edits only the newest version's index is merged. The
    /// re-lints it starts (this document's own when its answers changed) make the end state that of a
    /// merge at once (`IndexingEditStormTests`, `WorkspaceModelServerTests`).
    func indexAfterDocumentLint(_ fileIndex: FileIndex, uri: String, openGeneration: Int) {
        workspace.pendingDocumentIndexes[uri] = (fileIndex, openGeneration)
        if workspace.pendingDocumentIndexesSince == nil { workspace.pendingDocumentIndexesSince = .now }
        armDocumentIndexTimer()
    }

    static let documentIndexDelay: Duration = .milliseconds(40)
    static let documentIndexMaxWait: Duration = .seconds(1)

    private func armDocumentIndexTimer() {
        guard !workspace.documentIndexTimerArmed else { return }
        workspace.documentIndexTimerArmed = true
        executors.onLoop(after: Self.documentIndexDelay) { await self.mergePendingDocumentIndexes() }
    }

    private func mergePendingDocumentIndexes() {
        workspace.documentIndexTimerArmed = false
        guard !workspace.pendingDocumentIndexes.isEmpty else { return }
        let waited = workspace.pendingDocumentIndexesSince.map { ContinuousClock.now - $0 } ?? .zero
        if !documentLintsSettled, waited < Self.documentIndexMaxWait {
            armDocumentIndexTimer()
            return
        }
        let pending = workspace.pendingDocumentIndexes
        workspace.pendingDocumentIndexes = [:]
        workspace.pendingDocumentIndexesSince = nil
        // A document closed since (its disk text is indexed again) or opened anew is not this lint's.
        for (uri, entry) in pending.sorted(by: { $0.key < $1.key }) where documents[uri]?.openGeneration == entry.openGeneration {
            indexAfterLint(entry.index)
        }
    }

    /// A settings file was read (nil text: deleted or unreadable): the workspace index and the
    /// deployment targets take it, and open documents are linted again.
    private func settingsFileRead(path: String, text: String?, facts: SettingsFileFacts?, read: Int) {
        guard workspace.isNewestSettingsRead(path: path, read: read) else { return }
        if workspace.settingsOutsideFolders[path] != nil {
            // Found above an open file outside the folders: its deployment targets follow the change.
            workspace.recordSettingsOutsideFolders(path: path, facts: facts)
        } else {
            workspace.updateSettings(path: path, text: text)
        }
        // New deployment targets bump the configuration generation (cached results
        // no longer match); the lints below see them without a restart.
        if configuration.updateProjectSettings(path: path, facts: facts) {
            logToClient("project settings changed: \(path)", type: .info)
        }
        lints.invalidateAll()
        relintOpenDocuments()
    }

    /// A document was opened: when it lies outside every indexed workspace folder (or the
    /// only folder is a refused root), no walk read its project's settings, so the settings
    /// files above it (`ProjectSettingsDiscovery`, as `lint` finds those above its paths)
    /// are looked up off the message loop, once per directory, and read like watched
    /// settings files: the newest read of a path is applied, its deployment targets bump the
    /// configuration generation and the open documents are linted again. Only the deployment
    /// targets are taken: a package's default isolation would otherwise apply to the whole
    /// workspace index.
    func lookUpSettingsIfOutsideFolders(path: String) {
        let folders = WorkspaceRootPolicy(homeDirectory: options.homeDirectory).indexed(workspaceFolders)
        guard workspace.beginSettingsLookup(forFile: path, indexedFolders: folders) else { return }
        executors.background {
            let found = ProjectSettingsDiscovery.ancestors(of: [path])
            guard !found.isEmpty else { return }
            let reads = await self.beginSettingsReads(paths: found)
            for (settingsPath, read) in zip(found, reads) {
                let text = FileManager.default.contents(atPath: settingsPath).map { String(decoding: $0, as: UTF8.self) }
                let facts = text.flatMap { SettingsFileFacts(path: settingsPath, text: $0) }
                await self.settingsFileReadOutsideFolders(path: settingsPath, facts: facts, read: read)
            }
        }
    }

    private func beginSettingsReads(paths: [String]) -> [Int] {
        paths.map { workspace.beginSettingsRead(path: $0) }
    }

    private func settingsFileReadOutsideFolders(path: String, facts: SettingsFileFacts?, read: Int) {
        guard workspace.isNewestSettingsRead(path: path, read: read) else { return }
        workspace.recordSettingsOutsideFolders(path: path, facts: facts)
        guard configuration.updateProjectSettings(path: path, facts: facts) else { return }
        logToClient("project settings of a file outside the workspace folders: \(path)", type: .info)
        lints.invalidateAll()
        relintOpenDocuments()
    }

    /// A watched `.swift` or settings file changed on disk (ignored while it is open:
    /// the editor's text wins).
    func indexWatchedFile(path: String, deleted: Bool) {
        if SourceTreeScan.isSettingsFile(path) {
            // Reading a manifest parses it: that happens off the message loop, and only the
            // newest read of a path is applied (reads may finish out of order).
            let read = workspace.beginSettingsRead(path: path)
            executors.background {
                let text = deleted ? nil : FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
                let facts = text.flatMap { SettingsFileFacts(path: path, text: $0) }
                await self.settingsFileRead(path: path, text: text, facts: facts, read: read)
            }
            return
        }
        guard path.hasSuffix(".swift"), !isOpen(path: path) else { return }
        if deleted {
            relint(paths: workspace.remove(path: path))
            return
        }
        reindexFromDisk(path: path)
    }

    /// Reads a file that is not open (changed on disk, or just closed) into the index.
    func reindexFromDisk(path: String) {
        let linter = self.linter
        let generation = workspace.generation
        executors.background(.workspace) {
            let index = Self.indexFromDisk(path: path, linter: linter)
            await self.diskIndexRead(path: path, index: index, generation: generation)
        }
    }

    private func diskIndexRead(path: String, index: Result<FileIndex, SourceFilePolicy.Rejection>, generation: Int) {
        guard workspace.isCurrent(generation), !isOpen(path: path) else { return }
        switch index {
        case .success(let index):
            indexAfterLint(index)
        case .failure(let rejection):
            // Gone, unreadable or not lintable: what it declared is no longer in the workspace.
            logToClient("not indexed: \(path): \(rejection)", type: .log)
            relint(paths: workspace.remove(path: path))
        }
    }

    /// Re-lints the open documents among `paths` (the client's URIs, however spelled).
    private func relint(paths: [String]) {
        guard !paths.isEmpty else { return }
        let wanted = Set(paths)
        relint(uris: documents.uris.filter { documents[$0].map { wanted.contains($0.document.path) } ?? false })
    }

    /// Declarations these open documents depend on changed: lint them again, quietly.
    private func relint(uris: [String]) {
        for uri in lints.invalidate(uris) { scheduleLint(uri, quietIfUnchanged: true) }
        if !uris.isEmpty { requestDiagnosticRefresh() }
    }

    private func isOpen(path: String) -> Bool { documents.isOpen(path: path) }

    /// Once no lint runs or waits after a build: the trees the walk and the re-lints of the open
    /// documents freed go back to the system (off the loop: trimming walks malloc's arenas).
    func returnFreedMemoryIfIdle() {
        guard workspace.freedMemoryToReturn, lints.inFlight.isEmpty, lints.waiting.isEmpty else { return }
        workspace.freedMemoryToReturn = false
        executors.background(.workspace) {
            FreedMemory.returnToTheSystem()
            // The end of the work a build started (a client or a benchmark can wait for it).
            await self.logToClient(Self.settledMessage, type: .log)
        }
    }
}

/// Gives the pages that freed memory left behind back to the system.
///
/// Indexing a workspace parses every file once and frees each tree: glibc's malloc keeps the
/// freed pages in its arenas (one per thread that allocated), so after a 1,329-file index the
/// server's resident memory stayed ~22 MB above what it held (93 MB with 50 documents open,
/// 71.5 MB once trimmed; docs/performance.md, "Memory"). After such a burst the server asks
/// malloc to return them (`malloc_trim(0)`, through `CLibraryFunction`: the C library's module does
/// not export it to Swift, and other C libraries (macOS) have no such call).
enum FreedMemory {
    static func returnToTheSystem() {
        _ = CLibraryFunction.named("malloc_trim", as: (@convention(c) (Int) -> Int32).self)?(0)
    }

    /// glibc gives threads that allocate at the same time arenas of their own (up to eight per
    /// core), and each keeps its own partly used pages: with the walk, the documents' lints and
    /// the loop allocating side by side, 5–8 MB of the server's resident memory
    /// (docs/performance.md, "malloc's arenas"). The server allocates in bursts on few threads, so
    /// it asks for `arenas` at most, before its threads start; `MALLOC_ARENA_MAX` in the
    /// environment still decides when set.
    static func keepArenas(atMost arenas: Int32) {
        guard getenv("MALLOC_ARENA_MAX") == nil else { return }
        let arenaMaximum: Int32 = -8  // M_ARENA_MAX in <malloc.h>
        _ = CLibraryFunction.named("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self)?(arenaMaximum, arenas)
    }
}
