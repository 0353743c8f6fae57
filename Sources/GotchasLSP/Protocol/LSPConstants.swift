/// The LSP method names this server receives or sends: one spelling each, so a typo is
/// a compile error rather than a silently ignored message.
enum LSPMethod {
    // Lifecycle
    static let initialize = "initialize"
    static let initialized = "initialized"
    static let shutdown = "shutdown"
    static let exit = "exit"
    static let cancelRequest = "$/cancelRequest"
    static let setTrace = "$/setTrace"
    static let logTrace = "$/logTrace"
    static let progress = "$/progress"
    // Documents
    static let didOpen = "textDocument/didOpen"
    static let didChange = "textDocument/didChange"
    static let didClose = "textDocument/didClose"
    static let didSave = "textDocument/didSave"
    static let publishDiagnostics = "textDocument/publishDiagnostics"
    static let documentDiagnostic = "textDocument/diagnostic"
    static let codeAction = "textDocument/codeAction"
    static let codeActionResolve = "codeAction/resolve"
    static let hover = "textDocument/hover"
    // Workspace
    static let workspaceDiagnostic = "workspace/diagnostic"
    static let diagnosticRefresh = "workspace/diagnostic/refresh"
    static let executeCommand = "workspace/executeCommand"
    static let applyEdit = "workspace/applyEdit"
    static let didChangeConfiguration = "workspace/didChangeConfiguration"
    static let didChangeWatchedFiles = "workspace/didChangeWatchedFiles"
    static let didChangeWorkspaceFolders = "workspace/didChangeWorkspaceFolders"
    // Window and client
    static let logMessage = "window/logMessage"
    static let showMessage = "window/showMessage"
    static let showDocument = "window/showDocument"
    static let createWorkDoneProgress = "window/workDoneProgress/create"
    static let registerCapability = "client/registerCapability"
    static let unregisterCapability = "client/unregisterCapability"
}

/// `TextDocumentSyncKind`: how the client sends changes.
enum TextDocumentSyncKind: Int {
    case none = 0
    case full = 1
    case incremental = 2
}

/// `MessageType` of window/logMessage and window/showMessage.
enum MessageType: Int {
    case error = 1
    case warning = 2
    case info = 3
    case log = 4
}

/// LSP's `DiagnosticTag` (how a client may render a diagnostic), the wire form of the
/// engine's `DiagnosticTag`.
enum LSPDiagnosticTag: Int {
    case unnecessary = 1
    case deprecated = 2
}

/// `FileChangeType` of a watched-file event.
enum FileChangeType: Int {
    case created = 1
    case changed = 2
    case deleted = 3
}
