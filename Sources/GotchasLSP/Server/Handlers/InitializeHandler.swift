import GotchasCore

/// `initialize` (negotiates the position encoding, reads workspace folders and
/// initializationOptions) and `initialized` (registers the config-file watcher).
extension LanguageServer {
    static let fixAllKind = "source.fixAll.swiftui-gotchas"
    static let configurationWatcherID = "swiftui-gotchas-configuration-files"

    func handleInitialize(_ params: JSON) -> Result<JSON, ResponseError> {
        guard phase == .uninitialized else { return .failure(.invalidRequest("initialize was already received")) }
        guard params.objectValue != nil else { return .failure(.invalidParams("initialize needs an InitializeParams object")) }
        capabilities = ClientCapabilities(params["capabilities"])
        if let folders = params["workspaceFolders"]?.arrayValue {
            workspaceFolders = folders.compactMap { $0["uri"]?.stringValue.map(DocumentStore.path(of:)) }
        } else if let root = params["rootUri"]?.stringValue {
            workspaceFolders = [DocumentStore.path(of: root)]
        } else if let root = params["rootPath"]?.stringValue {
            workspaceFolders = [root]
        }
        if let trace = params["trace"]?.stringValue { self.trace = trace }
        if let problem = configuration.setEditorSettings(params["initializationOptions"], initialization: true) { deferredProblems.append(problem) }
        phase = .running
        log("initialized: client \(params["clientInfo", "name"]?.stringValue ?? "?"), encoding \(capabilities.positionEncoding.rawValue), folders \(workspaceFolders)")

        var codeActionProvider: JSON = true
        if capabilities.codeActionLiterals {
            codeActionProvider = ["codeActionKinds": ["quickfix", "source.fixAll", .string(Self.fixAllKind)], "resolveProvider": true]
        }
        var serverCapabilities: [String: JSON] = [
            "positionEncoding": .string(capabilities.positionEncoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "codeActionProvider": codeActionProvider,
            "hoverProvider": true,
            "executeCommandProvider": ["commands": .array(ExecuteCommand.allCases.map { .string($0.rawValue) })],
            "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
        ]
        if capabilities.pullDiagnostics {
            serverCapabilities["diagnosticProvider"] = [
                "identifier": .string(Product.name), "interFileDependencies": false, "workspaceDiagnostics": true,
            ]
        }
        return .success(["capabilities": .object(serverCapabilities),
                         "serverInfo": ["name": .string(Product.name), "version": .string(Product.version)]])
    }

    func handleInitialized() {
        for problem in deferredProblems { showProblem(problem) }
        deferredProblems.removeAll()
        startWorkspaceIndexing()
        guard capabilities.watchedFilesDynamicRegistration else { return }
        sendRequest("client/registerCapability", ["registrations": [
            [
                "id": .string(Self.configurationWatcherID),
                "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": [["globPattern": .string("**/\(ConfigurationFile.fileName)")]]],
            ],
            [
                // Sources and project settings feed the workspace index.
                "id": .string(Self.indexWatcherID),
                "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": [
                    ["globPattern": "**/*.swift"], ["globPattern": "**/*.xcconfig"], ["globPattern": "**/project.pbxproj"],
                ]],
            ],
        ]])
    }
}
