import GotchasCore

/// What the client said it can do (`OfferedCapabilities`, decoded with `InitializeParams`),
/// asked as the questions the server has.
struct ClientCapabilities: Sendable {
    var offered: OfferedCapabilities {
        didSet { positionEncoding = Self.negotiate(offered.positionEncodings) }
    }
    /// Negotiated once: every position conversion reads it.
    private(set) var positionEncoding: PositionEncoding
    /// The trace level the client asked for (`initialize`, `$/setTrace`): not "off" sends `$/logTrace`.
    var trace = "off"

    init(_ offered: OfferedCapabilities = OfferedCapabilities()) {
        self.offered = offered
        positionEncoding = Self.negotiate(offered.positionEncodings)
    }

    /// Diagnostics are served by pull only when the client can also be told to pull
    /// again (`workspace/diagnostic/refresh`): otherwise it would never see what the
    /// server finds on its own (a cross-file change from another buffer, a configuration
    /// change, the end of workspace indexing) until the user edits that buffer. Such a
    /// client (Neovim 0.10/0.11) gets pushes only, and no `diagnosticProvider`, rather
    /// than pulls plus pushes for server-initiated changes: Neovim keeps pulled and pushed
    /// diagnostics in separate namespaces, so a push next to a pulled result would show
    /// both the stale and the new findings.
    var pullDiagnostics: Bool { offered.diagnostic && offered.diagnosticRefresh }
    var relatedInformation: Bool { offered.diagnosticRelatedInformation }
    var codeActionLiterals: Bool { offered.codeActionLiteralSupport }
    /// `codeAction/resolve` may fill in the edit (fix-all actions then carry data instead).
    var resolvesEdits: Bool { offered.codeActionResolveProperties.contains("edit") }
    var showDocument: Bool { offered.showDocument }
    var workDoneProgress: Bool { offered.workDoneProgress }
    var watchedFilesDynamicRegistration: Bool { offered.didChangeWatchedFilesDynamicRegistration }
    var watchedFilesRelativePatterns: Bool { offered.didChangeWatchedFilesRelativePatterns }
    var markdownHover: Bool { offered.hoverContentFormats.contains("markdown") }
    var documentChanges: Bool { offered.documentChanges }
    var applyEdit: Bool { offered.applyEdit }

    /// UTF-8 when offered, else UTF-32 when offered, else the mandatory UTF-16.
    static func negotiate(_ offered: [String]) -> PositionEncoding {
        if offered.contains("utf-8") { return .utf8 }
        if offered.contains("utf-32") { return .utf32 }
        return .utf16
    }
}
