import GotchasCore

/// What the client said it can do, reduced to the questions the server asks.
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

    init(_ json: JSON?) {
        let offered = json?["general", "positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        positionEncoding = Self.negotiate(offered)
        let text = json?["textDocument"]
        pullDiagnostics = text?["diagnostic"] != nil && text?["diagnostic"] != .null
        relatedInformation = text?["publishDiagnostics", "relatedInformation"]?.boolValue ?? false
        codeActionLiterals = text?["codeAction", "codeActionLiteralSupport"] != nil
        resolvesEdits = text?["codeAction", "resolveSupport", "properties"]?.arrayValue?.contains(.string("edit")) ?? false
        showDocument = json?["window", "showDocument", "support"]?.boolValue ?? false
        workDoneProgress = json?["window", "workDoneProgress"]?.boolValue ?? false
        watchedFilesDynamicRegistration = json?["workspace", "didChangeWatchedFiles", "dynamicRegistration"]?.boolValue ?? false
        markdownHover = text?["hover", "contentFormat"]?.arrayValue?.contains(.string("markdown")) ?? false
        documentChanges = json?["workspace", "workspaceEdit", "documentChanges"]?.boolValue ?? false
        applyEdit = json?["workspace", "applyEdit"]?.boolValue ?? false
        diagnosticRefresh = json?["workspace", "diagnostics", "refreshSupport"]?.boolValue ?? false
    }

    /// UTF-8 when offered, else UTF-32 when offered, else the mandatory UTF-16.
    static func negotiate(_ offered: [String]) -> PositionEncoding {
        if offered.contains("utf-8") { return .utf8 }
        if offered.contains("utf-32") { return .utf32 }
        return .utf16
    }
}
