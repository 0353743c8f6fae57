import GotchasCore

/// What the client said it can do (`OfferedCapabilities`, decoded with `InitializeParams`),
/// reduced to the questions the server asks.
struct ClientCapabilities: Sendable {
    var positionEncoding: PositionEncoding = .utf16
    var pullDiagnostics = false
    var relatedInformation = false
    var codeActionLiterals = false
    var resolvesEdits = false
    var showDocument = false
    var workDoneProgress = false
    var watchedFilesDynamicRegistration = false
    var markdownHover = false
    var documentChanges = false
    var applyEdit = false
    var diagnosticRefresh = false

    init() {}

    init(_ offered: OfferedCapabilities) {
        positionEncoding = Self.negotiate(offered.positionEncodings)
        pullDiagnostics = offered.diagnostic
        relatedInformation = offered.diagnosticRelatedInformation
        codeActionLiterals = offered.codeActionLiteralSupport
        resolvesEdits = offered.codeActionResolveProperties.contains("edit")
        showDocument = offered.showDocument
        workDoneProgress = offered.workDoneProgress
        watchedFilesDynamicRegistration = offered.didChangeWatchedFilesDynamicRegistration
        markdownHover = offered.hoverContentFormats.contains("markdown")
        documentChanges = offered.documentChanges
        applyEdit = offered.applyEdit
        diagnosticRefresh = offered.diagnosticRefresh
    }

    /// UTF-8 when offered, else UTF-32 when offered, else the mandatory UTF-16.
    static func negotiate(_ offered: [String]) -> PositionEncoding {
        if offered.contains("utf-8") { return .utf8 }
        if offered.contains("utf-32") { return .utf32 }
        return .utf16
    }
}
