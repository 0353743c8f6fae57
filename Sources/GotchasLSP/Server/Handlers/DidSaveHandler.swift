import GotchasCore

/// `textDocument/didSave`: the open text is already current; a saved configuration file
/// (for clients that cannot watch files) is re-read and open documents re-linted; a saved
/// project settings file (`Package.swift`, `project.pbxproj`, `*.xcconfig`) is read into
/// the workspace index and the deployment targets, and open documents re-linted.
enum DidSaveHandler: NotificationHandler {
    static let method = LSPMethod.didSave
    typealias Params = TextDocumentIdentifierParams

    static func handle(_ params: TextDocumentIdentifierParams, server: isolated LanguageServer) {
        let path = DocumentStore.path(of: params.uri)
        if SourceTreeScan.isSettingsFile(path) {
            server.indexWatchedFile(path: path, deleted: false)
            return
        }
        if server.reloadBaseline(path: path) { return }
        guard path.hasSuffix("/" + ConfigurationFile.fileName) else { return }
        guard server.reloadConfiguration(path: path) else { return }
        server.showConfigurationWarnings()
        server.relintOpenDocuments()
    }
}
