import GotchasCore

/// `codeAction/resolve`: computes the edit of a fix-all action. Any other action —
/// including command-only ones, which Neovim 0.7 also sends — comes back unchanged.
/// The document is named by the action's data, not by `textDocument`: one that is no
/// longer open, or has moved past the action's version, is ContentModified.
enum CodeActionResolveHandler: DocumentRequestHandler {
    static let method = LSPMethod.codeActionResolve
    typealias Params = CodeActionResolveParams
    typealias Result = ResolvedCodeAction

    static func target(_ params: CodeActionResolveParams) -> DocumentLookup<ResolvedCodeAction> {
        guard let request = params.fixAll else { return .answer(ResolvedCodeAction(fields: params.action)) }
        return .document(DocumentTarget(uri: request.uri, version: request.version, whenMissing: .contentModified))
    }

    static func run(_ params: CodeActionResolveParams, snapshot: DocumentSnapshot) -> Answer<ResolvedCodeAction> {
        var resolved = params.action
        resolved["edit"] = params.fixAll?.workspaceEdit(in: snapshot)
        return .success(ResolvedCodeAction(fields: resolved))
    }
}
