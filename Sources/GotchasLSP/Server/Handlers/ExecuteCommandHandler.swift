import GotchasCore

/// The commands the server offers through `workspace/executeCommand`.
enum ExecuteCommand: String, CaseIterable {
    /// Arguments: [uri, ruleID?]. Applies safe fixes via `workspace/applyEdit`.
    case fixAll = "swiftui-gotchas.fixAll"
    /// Arguments: [ruleID, uri?] (the document whose configuration names the docs URL). Opens the rule's page (window/showDocument, else showMessage).
    case showDocumentation = "swiftui-gotchas.showDocumentation"

    func command(title: String, arguments: [JSON]) -> JSON {
        ["title": .string(title), "command": .string(rawValue), "arguments": .array(arguments)]
    }
}

/// `workspace/executeCommand`.
extension LanguageServer {
    func handleExecuteCommand(id: RequestID, params: JSON) {
        guard let name = params["command"]?.stringValue, let command = ExecuteCommand(rawValue: name) else {
            send(.failure(id: id, .invalidParams("unknown command \(params["command"]?.serializedString ?? "null")")))
            return
        }
        let arguments = params["arguments"]?.arrayValue ?? []
        switch command {
        case .fixAll:
            guard let uri = arguments.first?.stringValue, let snapshot = snapshot(of: uri) else {
                send(.failure(id: id, .invalidParams("\(name) needs the URI of an open document")))
                return
            }
            let request = FixAllRequest(uri: uri, version: snapshot.version, ruleID: arguments.dropFirst().first?.stringValue)
            pendingRequests[id] = Task.detached {
                let edit = request.workspaceEdit(in: snapshot)
                await self.applyFixAll(id, edit: edit, request: request)
            }
        case .showDocumentation:
            guard let ruleID = arguments.first?.stringValue, linter.rule(withID: ruleID) != nil else {
                send(.failure(id: id, .invalidParams("\(name) needs a rule ID")))
                return
            }
            // The docs base URL is per configuration: take the document's, else the first folder's.
            let href: String
            if let uri = arguments.dropFirst().first?.stringValue, let snapshot = snapshot(of: uri) {
                href = snapshot.documentationURL(for: ruleID)
            } else {
                var base = configuration.resolve(forPath: workspaceFolders.first.map { $0 + "/Package.swift" } ?? "").0.docsBaseURL
                while base.hasSuffix("/") { base.removeLast() }
                href = "\(base)/\(ruleID).md"
            }
            if capabilities.showDocument {
                sendRequest("window/showDocument", ["uri": .string(href), "external": true])
            } else {
                sendNotification("window/showMessage", ["type": 3, "message": .string("\(ruleID): \(href)")])
            }
            send(.success(id: id, .null))
        }
    }

    /// Sends the computed fix-all edit with `workspace/applyEdit`, then answers the command.
    private func applyFixAll(_ id: RequestID, edit: JSON, request: FixAllRequest) {
        guard pendingRequests.removeValue(forKey: id) != nil else { return }  // cancelled
        guard documents[request.uri]?.version == request.version else {
            send(.failure(id: id, .contentModified))
            return
        }
        let label = request.ruleID.map { "Fix all `\($0)` problems" } ?? "Fix all swiftui-gotchas problems"
        sendRequest("workspace/applyEdit", ["label": .string(label), "edit": edit])
        send(.success(id: id, .null))
    }
}
