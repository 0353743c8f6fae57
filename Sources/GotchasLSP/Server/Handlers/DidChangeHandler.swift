import GotchasCore

/// `textDocument/didChange`: apply the content changes in order (ranges clamped, and
/// logged, when they fall outside the text), record the version, schedule a lint.
extension LanguageServer {
    func handleDidChange(_ params: JSON) {
        guard case .success(let uri) = params.textDocumentURI(), let changes = params["contentChanges"]?.arrayValue else {
            log("didChange without textDocument.uri/contentChanges: ignored")
            return
        }
        do {
            let report = try documents.change(uri: uri, version: params["textDocument", "version"]?.intValue,
                                              changes: changes, encoding: capabilities.positionEncoding)
            for range in report.clampedRanges {
                logToClient("didChange for \(uri): range \(range) lies outside the document; clamped", type: 2)
            }
        } catch {
            switch error {
            case .notOpen: log("didChange for \(uri), which is not open: ignored")
            case .invalidChange(let reason): logToClient("didChange for \(uri) ignored: \(reason)", type: 1)
            }
            return
        }
        scheduleLint(uri)
    }
}
