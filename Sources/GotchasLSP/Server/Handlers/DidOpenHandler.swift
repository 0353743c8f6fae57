import GotchasCore

/// `textDocument/didOpen`: store the text and lint it (diagnostics are pushed even for a
/// clean file: Neovim 0.7 and Eglot wait for a first publish).
enum DidOpenHandler: NotificationHandler {
    static let method = LSPMethod.didOpen
    typealias Params = DidOpenParams

    static func handle(_ params: DidOpenParams, server: isolated LanguageServer) {
        // Reopened under another spelling of its URI: the old spelling's lint state goes.
        if let replaced = server.documents.open(uri: params.uri, version: params.version, text: params.text),
           replaced.uri != params.uri {
            server.lints.closed(replaced.uri)
        }
        server.lints.opened(params.uri)
        // Outside the indexed folders no walk read its project's settings: look them up (off the loop).
        if let path = server.documents[params.uri]?.document.path { server.lookUpSettingsIfOutsideFolders(path: path) }
        server.scheduleLint(params.uri)
    }
}
