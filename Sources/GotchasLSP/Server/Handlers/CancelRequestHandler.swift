import GotchasCore

/// `$/cancelRequest`: a request still running is answered with RequestCancelled (-32800);
/// one already answered is left alone.
extension LanguageServer {
    func handleCancelRequest(_ params: JSON) {
        guard let raw = params["id"], let id = RequestID(raw) else { return }
        cancel(id)
    }
}
