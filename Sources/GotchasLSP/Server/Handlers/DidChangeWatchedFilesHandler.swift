import GotchasCore

/// `workspace/didChangeWatchedFiles`: a `.swiftui-gotchas.json` was created, changed or
/// deleted. Re-read configuration (a broken one is shown; the last good one stays) and
/// re-lint the open documents.
extension LanguageServer {
    func handleDidChangeWatchedFiles(_ params: JSON) {
        let paths = (params["changes"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue }.map(DocumentStore.path(of:))
        let configurationPaths = paths.filter { $0.hasSuffix("/" + ConfigurationFile.fileName) }
        guard !configurationPaths.isEmpty else { return }
        for path in configurationPaths {
            if let problem = configuration.reload(path: path) { showProblem(problem) }
        }
        relintOpenDocuments()
    }
}
