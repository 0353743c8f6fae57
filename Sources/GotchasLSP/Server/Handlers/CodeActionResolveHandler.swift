import GotchasCore

/// `codeAction/resolve`: computes the edit of a fix-all action. Any other action —
/// including command-only ones, which Neovim 0.7 also sends — comes back unchanged.
extension LanguageServer {
    func handleCodeActionResolve(id: RequestID, params: JSON) {
        guard case .object(let action) = params else {
            send(.failure(id: id, .invalidParams("codeAction/resolve needs a CodeAction")))
            return
        }
        guard action["edit"] == nil, let request = FixAllRequest(action["data"]) else {
            send(.success(id: id, params))
            return
        }
        guard let snapshot = snapshot(of: request.uri) else {
            send(.failure(id: id, .contentModified))
            return
        }
        if let version = request.version, version != snapshot.version {
            send(.failure(id: id, .contentModified))
            return
        }
        let unresolved = action
        respondInBackground(id, document: (request.uri, snapshot.version ?? 0)) {
            var resolved = unresolved
            resolved["edit"] = request.workspaceEdit(in: snapshot)
            return .success(.object(resolved))
        }
    }
}
