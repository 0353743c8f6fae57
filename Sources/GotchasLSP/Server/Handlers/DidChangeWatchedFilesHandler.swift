import GotchasCore

/// `workspace/didChangeWatchedFiles`: a `.swiftui-gotchas.json` changed (re-read the
/// configuration — a broken one is shown, the last good one stays — and re-lint the
/// open documents), or a `.swift`/settings file changed on disk (update the workspace
/// index; dependents are re-linted).
extension LanguageServer {
    func handleDidChangeWatchedFiles(_ params: JSON) {
        var configurationChanged = false
        for change in params["changes"]?.arrayValue ?? [] {
            guard let uri = change["uri"]?.stringValue else { continue }
            let path = DocumentStore.path(of: uri)
            if path.hasSuffix("/" + ConfigurationFile.fileName) {
                if let problem = configuration.reload(path: path) { showProblem(problem) }
                configurationChanged = true
            } else {
                indexWatchedFile(path: path, deleted: change["type"]?.intValue == FileChangeType.deleted.rawValue)
            }
        }
        if configurationChanged { relintOpenDocuments() }
    }
}
