import GotchasCore

/// `textDocument/didSave`: the open text is already current; a saved configuration file
/// (for clients that cannot watch files) is re-read and open documents re-linted; a saved
/// project settings file (`Package.swift`, `project.pbxproj`, `*.xcconfig`) is read into
/// the workspace index and the deployment targets, and open documents re-linted.
extension LanguageServer {
    func handleDidSave(_ params: JSON) {
        guard case .success(let uri) = params.textDocumentURI() else { return }
        let path = DocumentStore.path(of: uri)
        if SourceTreeScan.isSettingsFile(path) {
            indexWatchedFile(path: path, deleted: false)
            return
        }
        guard path.hasSuffix("/" + ConfigurationFile.fileName) else { return }
        if let problem = configuration.reload(path: path) { showProblem(problem) }
        relintOpenDocuments()
    }
}
