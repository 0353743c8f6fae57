import GotchasCore

/// The commands the server offers through `workspace/executeCommand`.
enum ExecuteCommand: String, CaseIterable {
    /// Arguments: [uri, ruleID?]. Applies safe fixes via `workspace/applyEdit`.
    case fixAll = "swiftui-gotchas.fixAll"
    /// Arguments: [ruleID, uri?] (the document whose configuration names the docs URL). Opens the rule's page
    /// (window/showDocument; showMessage with the summary and URL when the client cannot show documents or fails to).
    case showDocumentation = "swiftui-gotchas.showDocumentation"

    func command(title: String, arguments: [JSON]) -> JSON {
        ["title": .string(title), "command": .string(rawValue), "arguments": .array(arguments)]
    }
}

/// `workspace/executeCommand`.
enum ExecuteCommandHandler: LoopRequestHandler {
    static let method = LSPMethod.executeCommand
    typealias Params = ExecuteCommandParams
    typealias Result = NullResult

    static func handle(_ params: ExecuteCommandParams, id: RequestID, server: isolated LanguageServer) -> RequestOutcome<NullResult> {
        let name = params.command.rawValue
        let arguments = params.arguments
        switch params.command {
        case .fixAll:
            guard let uri = arguments.first?.stringValue, let snapshot = server.snapshot(of: uri) else {
                return .answer(.failure(.invalidParams("\(name) needs the URI of an open document")))
            }
            let request = FixAllRequest(uri: uri, version: snapshot.version, ruleID: arguments.dropFirst().first?.stringValue)
            // The edit is computed off the loop; once it is current, it goes to the client
            // with `workspace/applyEdit` and the command is answered.
            server.respondInBackground(id, document: snapshot.documentVersion, { .success(request.workspaceEdit(in: snapshot)) },
                                       then: { server, edit in
                let label = request.ruleID.map { "Fix all `\($0)` problems" } ?? "Fix all swiftui-gotchas problems"
                server.sendRequest(LSPMethod.applyEdit, ["label": .string(label), "edit": edit])
                return .success(NullResult())
            })
            return .answeredLater
        case .showDocumentation:
            guard let ruleID = arguments.first?.stringValue, let rule = server.linter.rule(withID: ruleID) else {
                return .answer(.failure(.invalidParams("\(name) needs a rule ID")))
            }
            // The docs base URL is per configuration: take the document's, else the first folder's.
            let href: String
            if let uri = arguments.dropFirst().first?.stringValue, let snapshot = server.snapshot(of: uri) {
                href = snapshot.documentationURL(for: ruleID)
            } else {
                var base = server.configuration.resolve(forPath: server.workspaceFolders.first.map { $0 + "/Package.swift" } ?? "").0.docsBaseURL
                while base.hasSuffix("/") { base.removeLast() }
                href = "\(base)/\(ruleID).md"
            }
            if server.capabilities.showDocument {
                let requestID = server.sendRequest(LSPMethod.showDocument, ["uri": .string(href), "external": true])
                server.outgoing.showDocument(requestID, fallback: "\(ruleID): \(rule.description.summary) \(href)")
            } else {
                server.sendNotification(LSPMethod.showMessage, ["type": .int(MessageType.info.rawValue), "message": .string("\(ruleID): \(href)")])
            }
            return .answer(.success(NullResult()))
        }
    }
}
