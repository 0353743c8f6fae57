import Foundation
import GotchasCore

/// The server's workspace index: built in the background from every `.swift` file of
/// the workspace folders (with `$/progress`), then kept current from open documents'
/// lints, closes, watched-file events and folder changes. When a declaration changes,
/// the open documents whose diagnostics depend on it are linted again.
///
/// Open documents count with their editor text; every other file with its disk text.
extension LanguageServer {
    static let indexWatcherID = "swiftui-gotchas-sources"

    /// (Re)builds the index from disk; results of an older build are dropped.
    func startWorkspaceIndexing() {
        indexGeneration += 1
        let generation = indexGeneration
        // Until this build ends, files of new folders are missing: questions whose answer
        // is "nowhere in the workspace" have none (a fix that relies on it is not safe).
        workspaceIndex.isComplete = false
        let folders = workspaceFolders
        let linter = self.linter
        var token: String?
        if capabilities.workDoneProgress {
            let created = "swiftui-gotchas-index-\(generation)"
            token = created
            let requestID = sendRequest(LSPMethod.createWorkDoneProgress, ["token": .string(created)])
            progressTokensAwaitingCreation[requestID] = created
        }
        Task.detached { [token] in
            if let token { await self.waitForProgressToken(token) }
            var swiftFiles: Set<String> = []
            var settingsFiles: Set<String> = []
            for folder in folders {
                let scan = SourceTreeScan(root: folder)
                swiftFiles.formUnion(scan.swiftFiles.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
                settingsFiles.formUnion(scan.settingsFiles.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            }
            let files = swiftFiles.sorted()
            await self.indexProgress(token, ["kind": "begin", "title": "swiftui-gotchas: indexing", "cancellable": false,
                                             "message": .string("\(files.count) files"), "percentage": 0])
            var indexes: [FileIndex] = []
            for (number, path) in files.enumerated() {
                if let index = Self.indexFromDisk(path: path, linter: linter) { indexes.append(index) }
                if files.count >= 10, number % (files.count / 10) == 0 {
                    await self.indexProgress(token, ["kind": "report", "message": .string("\(number + 1)/\(files.count)"),
                                                     "percentage": .int((number + 1) * 100 / files.count)])
                }
            }
            // With those above the folders: a folder opened at `Sources/` still has its package.
            let settings = ProjectSettingsDiscovery.read(scanned: settingsFiles.sorted(), above: folders)
            await self.workspaceIndexed(indexes, settings: settings, generation: generation)
            await self.indexProgress(token, ["kind": "end", "message": .string("\(files.count) files indexed")])
        }
    }

    /// A file's index, from the same walk the rules use (no rule enabled: nothing else runs).
    nonisolated static func indexFromDisk(path: String, linter: Linter) -> FileIndex? {
        guard let data = FileManager.default.contents(atPath: path), !data.contains(0) else { return nil }
        let document = SourceDocument(path: path, bytes: Array(data))
        return linter.lint(document, configuration: RuleConfiguration(severities: [:])).fileIndex
    }

    private func workspaceIndexed(_ indexes: [FileIndex], settings: [(path: String, text: String)], generation: Int) {
        guard generation == indexGeneration else { return }
        var index = WorkspaceIndex(files: indexes)
        for (path, text) in settings { index.updateSettings(path: path, text: text) }
        // Deployment targets per document: a change bumps the configuration generation,
        // so every open document's cached result is stale and is linted again below.
        if configuration.replaceProjectSettings(ProjectSettingsFiles(settings)) {
            log("project settings: \(settings.count) file(s)")
        }
        // Open documents count with their editor text, as last linted.
        for finished in lintResults.values { index.update(finished.result.fileIndex) }
        workspaceIndex = index
        log("indexed \(indexes.count) files of \(workspaceFolders.count) workspace folder(s)")
        relint(uris: documents.uris)
    }

    /// Records a fresh lint's file index; open documents that depend on a changed
    /// declaration are linted again.
    func indexAfterLint(_ fileIndex: FileIndex) {
        let dependents = workspaceIndex.updateReturningDependents(fileIndex)
        relint(paths: dependents)
    }

    /// A settings file was read (nil text: deleted or unreadable): the workspace index and the
    /// deployment targets take it, and open documents are linted again.
    private func settingsFileRead(path: String, text: String?, facts: SettingsFileFacts?, read: Int) {
        guard settingsReads[path] == read else { return }
        if let text {
            workspaceIndex.updateSettings(path: path, text: text)
        } else {
            workspaceIndex.remove(path: path)
        }
        // New deployment targets bump the configuration generation (cached results
        // no longer match); the lints below see them without a restart.
        if configuration.updateProjectSettings(path: path, facts: facts) {
            log("project settings changed: \(path)")
        }
        lintResults.removeAll()
        relintOpenDocuments()
    }

    /// A watched `.swift` or settings file changed on disk (ignored while it is open:
    /// the editor's text wins).
    func indexWatchedFile(path: String, deleted: Bool) {
        if SourceTreeScan.isSettingsFile(path) {
            // Reading a manifest parses it: that happens off the message loop, and only the
            // newest read of a path is applied (reads may finish out of order).
            settingsReads[path, default: 0] += 1
            let read = settingsReads[path] ?? 0
            Task.detached {
                let text = deleted ? nil : FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
                let facts = text.flatMap { SettingsFileFacts(path: path, text: $0) }
                await self.settingsFileRead(path: path, text: text, facts: facts, read: read)
            }
            return
        }
        guard path.hasSuffix(".swift"), !isOpen(path: path) else { return }
        if deleted {
            let old = workspaceIndex.files[path]
            workspaceIndex.remove(path: path)
            relint(paths: workspaceIndex.dependents(on: FileIndex.changedNames(from: old, to: nil)))
            return
        }
        reindexFromDisk(path: path)
    }

    /// Reads a file that is not open (changed on disk, or just closed) into the index.
    func reindexFromDisk(path: String) {
        let linter = self.linter
        let generation = indexGeneration
        Task.detached {
            let index = Self.indexFromDisk(path: path, linter: linter)
            await self.diskIndexRead(path: path, index: index, generation: generation)
        }
    }

    private func diskIndexRead(path: String, index: FileIndex?, generation: Int) {
        guard generation == indexGeneration, !isOpen(path: path) else { return }
        if let index {
            indexAfterLint(index)
        } else {
            let old = workspaceIndex.files[path]
            workspaceIndex.remove(path: path)
            relint(paths: workspaceIndex.dependents(on: FileIndex.changedNames(from: old, to: nil)))
        }
    }

    /// Re-lints the open documents among `paths` (the client's URIs, however spelled).
    private func relint(paths: [String]) {
        guard !paths.isEmpty else { return }
        let wanted = Set(paths)
        relint(uris: documents.uris.filter { documents[$0].map { wanted.contains($0.document.path) } ?? false })
    }

    private func relint(uris: [String]) {
        for uri in uris {
            if lintsInFlight.contains(uri) {
                relintAfterFlight.insert(uri)
                continue
            }
            lintResults[uri] = nil
            scheduleLint(uri, quietIfUnchanged: true)
        }
        if capabilities.pullDiagnostics, capabilities.diagnosticRefresh, !uris.isEmpty {
            sendRequest(LSPMethod.diagnosticRefresh, .null)
        }
    }

    private func isOpen(path: String) -> Bool {
        documents.uris.contains { documents[$0]?.document.path == path }
    }

    /// Progress may only start once the client answered `window/workDoneProgress/create`;
    /// a client that never answers delays indexing by at most two seconds.
    func waitForProgressToken(_ token: String) async {
        for _ in 0..<200 where !acceptedProgressTokens.contains(token) {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// `$/progress` on a token the client has accepted (never before its answer).
    func indexProgress(_ token: String?, _ value: JSON) {
        guard let token, acceptedProgressTokens.contains(token) else { return }
        sendNotification(LSPMethod.progress, ["token": .string(token), "value": value])
    }

    /// The client answered a server request: a created progress token may now be used.
    func clientAnswered(_ id: String, error: JSON?) {
        guard let token = progressTokensAwaitingCreation.removeValue(forKey: id), error == nil else { return }
        acceptedProgressTokens.insert(token)
    }
}
