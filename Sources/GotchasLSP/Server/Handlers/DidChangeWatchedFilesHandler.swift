import GotchasCore

/// `workspace/didChangeWatchedFiles`: a `.swiftui-gotchas.json` changed (re-read the
/// configuration — a broken one is shown, the last good one stays — and re-lint the
/// open documents), or a `.swift`/settings file changed on disk (update the workspace
/// index; dependents are re-linted).
enum DidChangeWatchedFilesHandler: NotificationHandler {
    static let method = LSPMethod.didChangeWatchedFiles
    typealias Params = DidChangeWatchedFilesParams

    static func handle(_ params: DidChangeWatchedFilesParams, server: isolated LanguageServer) {
        var configurationChanged = false
        for change in params.changes {
            if server.reloadBaseline(path: change.path) {
                continue
            } else if change.path.hasSuffix("/" + ConfigurationFile.fileName) {
                // A broken read is retried shortly; that retry re-lints by itself.
                if server.reloadConfiguration(path: change.path) { configurationChanged = true }
            } else {
                server.indexWatchedFile(path: change.path, deleted: change.type == .deleted)
            }
        }
        if configurationChanged {
            server.showConfigurationWarnings()
            server.relintOpenDocuments()
        }
    }
}
