import GotchasCore

/// `initialize` (negotiates the position encoding, reads workspace folders and
/// initializationOptions) and `initialized` (registers the config-file watcher).
enum InitializeHandler: LoopRequestHandler {
    static let method = LSPMethod.initialize
    typealias Params = InitializeParams
    typealias Result = InitializeResult

    static func handle(_ params: InitializeParams, id: RequestID, server: isolated LanguageServer) -> RequestOutcome<InitializeResult> {
        .answer(server.initialize(params))
    }
}

enum InitializedHandler: NotificationHandler {
    static let method = LSPMethod.initialized
    typealias Params = NoParams

    static func handle(_ params: NoParams, server: isolated LanguageServer) { server.initialized() }
}

extension LanguageServer {
    static let fixAllKind = "source.fixAll.swiftui-gotchas"
    static let configurationWatcherID = "swiftui-gotchas-configuration-files"

    /// The dispatcher lets `initialize` through only once, before anything else.
    func initialize(_ params: InitializeParams) -> Answer<InitializeResult> {
        capabilities = ClientCapabilities(params.capabilities)
        if let folders = params.workspaceFolders { workspaceFolders = folders }
        if let trace = params.trace { self.trace = trace }
        if let problem = configuration.setEditorSettings(params.initializationOptions, initialization: true) { problems.deferUntilInitialized(problem) }
        phase = .running
        logToClient("initialized: client \(params.clientName ?? "?"), encoding \(capabilities.positionEncoding.rawValue), folders \(workspaceFolders)", type: .info)

        return .success(InitializeResult(capabilities: ServerCapabilities(
            positionEncoding: capabilities.positionEncoding,
            codeActionKinds: capabilities.codeActionLiterals ? [CodeActionBuilder.Kind.quickFix, "source.fixAll", Self.fixAllKind] : nil,
            commands: ExecuteCommand.allCases.map(\.rawValue),
            diagnosticIdentifier: capabilities.pullDiagnostics ? Product.name : nil)))
    }

    func initialized() {
        for problem in problems.takeDeferred() { showProblem(problem) }
        startWorkspaceIndexing()
        guard capabilities.watchedFilesDynamicRegistration else { return }
        sendRequest(LSPMethod.registerCapability, ["registrations": [
            [
                "id": .string(Self.configurationWatcherID),
                "method": .string(LSPMethod.didChangeWatchedFiles),
                "registerOptions": ["watchers": [["globPattern": .string("**/\(ConfigurationFile.fileName)")]]],
            ],
            [
                // Sources and project settings feed the workspace index.
                "id": .string(Self.indexWatcherID),
                "method": .string(LSPMethod.didChangeWatchedFiles),
                "registerOptions": ["watchers": .array((["**/*.swift"] + ProjectSettings.watchedGlobPatterns).map { ["globPattern": .string($0)] })],
            ],
        ]])
    }
}
