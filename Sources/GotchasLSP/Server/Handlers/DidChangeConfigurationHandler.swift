import GotchasCore

/// `workspace/didChangeConfiguration`: `settings` (or `settings["swiftui-gotchas"]`) with
/// the configuration file's keys, on top of the files. Invalid settings are shown and ignored.
enum DidChangeConfigurationHandler: NotificationHandler {
    static let method = LSPMethod.didChangeConfiguration
    typealias Params = DidChangeConfigurationParams

    static func handle(_ params: DidChangeConfigurationParams, server: isolated LanguageServer) {
        if let problem = server.configuration.setEditorSettings(params.settings) { server.showProblem(problem) }
        server.relintOpenDocuments()
    }
}
