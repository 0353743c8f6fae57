import GotchasCore

/// `$/setTrace`: "off", "messages" or "verbose"; when on, each incoming message is
/// echoed as `$/logTrace`.
enum SetTraceHandler: NotificationHandler {
    static let method = LSPMethod.setTrace
    typealias Params = SetTraceParams
    static let handledInAnyPhase = true

    static func handle(_ params: SetTraceParams, server: isolated LanguageServer) {
        server.trace = params.value
    }
}
