import GotchasCore

/// `workspace/didChangeWorkspaceFolders`: folders added and removed (multi-root).
enum DidChangeWorkspaceFoldersHandler: NotificationHandler {
    static let method = LSPMethod.didChangeWorkspaceFolders
    typealias Params = DidChangeWorkspaceFoldersParams

    static func handle(_ params: DidChangeWorkspaceFoldersParams, server: isolated LanguageServer) {
        let removed = Set(params.removed)
        server.workspaceFolders.removeAll { removed.contains($0) }
        for folder in params.added where !server.workspaceFolders.contains(folder) { server.workspaceFolders.append(folder) }
        server.logToClient("workspace folders: \(server.workspaceFolders)", type: .info)
        server.startWorkspaceIndexing()
    }
}
