import GotchasCore

/// The requests the server sent the client, and what their answers unlock: work-done
/// progress tokens (usable once `window/workDoneProgress/create` is answered) and, for a
/// `window/showDocument`, the message shown instead when the client cannot open the page
/// (a terminal Neovim has no browser: `success: false`).
struct OutgoingRequests {
    private var sent = 0
    /// Work-done progress tokens the server created, and who waits for them.
    var progress = ProgressReporter()
    private var documentFallbacks: [String: String] = [:]

    /// The ID of the next request the server sends.
    mutating func nextID() -> String {
        sent += 1
        return "swiftui-gotchas-\(sent)"
    }

    /// The `window/showDocument` request `id` shows `fallback` when the page is not opened.
    mutating func showDocument(_ id: String, fallback: String) { documentFallbacks[id] = fallback }

    /// The client answered `id`: the message to show instead of the page it did not open, if any.
    mutating func fallback(answering id: String, result: JSON?, error: JSON?) -> String? {
        guard let fallback = documentFallbacks.removeValue(forKey: id) else { return nil }
        return error != nil || result?["success"]?.boolValue != true ? fallback : nil
    }
}
