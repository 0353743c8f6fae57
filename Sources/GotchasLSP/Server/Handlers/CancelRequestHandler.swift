import GotchasCore

/// `$/cancelRequest`: a request still running is answered with RequestCancelled (-32800);
/// one already answered is left alone.
enum CancelRequestHandler: NotificationHandler {
    static let method = LSPMethod.cancelRequest
    typealias Params = CancelParams
    static let handledInAnyPhase = true

    static func handle(_ params: CancelParams, server: isolated LanguageServer) {
        server.cancel(params.id)
    }
}
