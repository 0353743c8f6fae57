import GotchasCore

/// `textDocument/didOpen`: store the text and lint it (diagnostics are pushed even for a
/// clean file: Neovim 0.7 and Eglot wait for a first publish).
extension LanguageServer {
    func handleDidOpen(_ params: JSON) {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
              let text = item["text"]?.stringValue else {
            log("didOpen without textDocument.uri/text: ignored")
            return
        }
        documents.open(uri: uri, version: item["version"]?.intValue ?? 0, text: text)
        lintResults[uri] = nil
        scheduleLint(uri)
    }
}
