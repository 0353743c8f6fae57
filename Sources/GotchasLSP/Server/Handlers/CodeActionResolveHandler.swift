import GotchasCore

/// `codeAction/resolve`: computes the edit of a fix-all action. Any other action —
/// including command-only ones, which Neovim 0.7 also sends — comes back unchanged.
/// The document is named by the action's data, not by `textDocument`: one that is no
/// longer open, or has moved past the action's version, is ContentModified.
enum CodeActionResolveHandler: LoopRequestHandler {
    static let method = LSPMethod.codeActionResolve
    typealias Params = CodeActionResolveParams

    static func handle(_ params: CodeActionResolveParams, id: RequestID, server: isolated LanguageServer) -> RequestOutcome {
        let action = params.action
        guard action["edit"] == nil, let request = FixAllRequest(action["data"]) else { return .answer(.success(.object(action))) }
        guard let snapshot = server.snapshot(of: request.uri) else { return .answer(.failure(.contentModified)) }
        if let version = request.version, version != snapshot.version { return .answer(.failure(.contentModified)) }
        server.respondInBackground(id, document: snapshot.documentVersion) {
            var resolved = action
            resolved["edit"] = request.workspaceEdit(in: snapshot)
            return .success(.object(resolved))
        }
        return .answeredLater
    }
}
