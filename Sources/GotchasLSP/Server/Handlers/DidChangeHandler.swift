import GotchasCore

/// `textDocument/didChange`: apply the content changes in order (ranges clamped, and
/// logged, when they fall outside the text), record the version, schedule a lint.
enum DidChangeHandler: NotificationHandler {
    static let method = LSPMethod.didChange
    typealias Params = DidChangeParams

    static func handle(_ params: DidChangeParams, server: isolated LanguageServer) {
        let uri = params.uri
        do throws(DocumentStore.ChangeError) {
            guard server.documents[uri] != nil else { throw .notOpen }
            let report = try server.documents.change(uri: uri, version: params.version, changes: params.contentChanges.get(),
                                                     encoding: server.capabilities.positionEncoding)
            for range in report.clampedRanges {
                server.logToClient("didChange for \(uri): range \(range) lies outside the document; clamped", type: .warning)
            }
        } catch {
            switch error {
            case .notOpen: server.logToClient("didChange for \(uri), which is not open: ignored", type: .warning)
            case .invalidChange(let reason): server.logToClient("didChange for \(uri) ignored: \(reason)", type: .error)
            }
            return
        }
        server.scheduleLint(uri)
    }
}
