import GotchasCore

/// `$/setTrace`: "off", "messages" or "verbose"; when on, each incoming message is
/// echoed as `$/logTrace`.
extension LanguageServer {
    func handleSetTrace(_ params: JSON) {
        guard let value = params["value"]?.stringValue, ["off", "messages", "verbose"].contains(value) else { return }
        trace = value
    }
}
