import GotchasCore

/// `workspace/didChangeWorkspaceFolders`: folders added and removed (multi-root).
extension LanguageServer {
    func handleDidChangeWorkspaceFolders(_ params: JSON) {
        let event = params["event"]
        let removed = Set((event?["removed"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue.map(DocumentStore.path(of:)) })
        let added = (event?["added"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue.map(DocumentStore.path(of:)) }
        workspaceFolders.removeAll { removed.contains($0) }
        for folder in added where !workspaceFolders.contains(folder) { workspaceFolders.append(folder) }
        log("workspace folders: \(workspaceFolders)")
        startWorkspaceIndexing()
    }
}
