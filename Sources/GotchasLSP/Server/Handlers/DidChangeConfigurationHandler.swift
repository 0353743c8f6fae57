import GotchasCore

/// `workspace/didChangeConfiguration`: `settings` (or `settings["swiftui-gotchas"]`) with
/// the configuration file's keys, on top of the files. Invalid settings are shown and ignored.
extension LanguageServer {
    func handleDidChangeConfiguration(_ params: JSON) {
        if let problem = configuration.setEditorSettings(params["settings"]) { showProblem(problem) }
        relintOpenDocuments()
    }
}
