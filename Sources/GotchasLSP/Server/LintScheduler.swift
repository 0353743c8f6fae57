import GotchasCore

/// A lint result and exactly what it was computed from.
struct LintSnapshot: Sendable {
    var version: Int
    var openGeneration: Int
    var configurationGeneration: Int
    var result: LintResult

    func matches(_ open: OpenDocument, configurationGeneration: Int) -> Bool {
        version == open.version && openGeneration == open.openGeneration
            && self.configurationGeneration == configurationGeneration
    }

    /// The pull-diagnostics result ID of this result.
    var resultID: String { "\(openGeneration).\(version).\(configurationGeneration)" }
}

/// Linting runs off the message loop, at most one lint per document at a time. When
/// edits arrive faster than linting, the versions in between are never linted: when a
/// lint finishes for a version that is no longer current, its result is dropped (never
/// published) and the newest version is linted instead.
extension LanguageServer {
    func scheduleLint(_ uri: String) {
        guard !lintsInFlight.contains(uri), let open = documents[uri], let snapshot = snapshot(of: uri) else { return }
        if let cached = snapshot.cachedLint {
            publish(cached, for: snapshot)
            return
        }
        lintsInFlight.insert(uri)
        let delay = options.lintDelay
        let generation = configuration.generation
        let openGeneration = open.openGeneration
        Task.detached {
            if delay > .zero { try? await Task.sleep(for: delay) }
            let result = snapshot.lint()
            await self.lintFinished(snapshot: snapshot, result: result, openGeneration: openGeneration,
                                    configurationGeneration: generation)
        }
    }

    private func lintFinished(snapshot: DocumentSnapshot, result: LintResult, openGeneration: Int, configurationGeneration: Int) {
        lintsInFlight.remove(snapshot.uri)
        guard let open = documents[snapshot.uri] else { return }  // closed meanwhile
        let finished = LintSnapshot(version: snapshot.version ?? 0, openGeneration: openGeneration,
                                    configurationGeneration: configurationGeneration, result: result)
        guard finished.matches(open, configurationGeneration: configuration.generation) else {
            log("dropping the lint of \(snapshot.uri) v\(finished.version): now at v\(open.version), configuration \(configuration.generation)")
            scheduleLint(snapshot.uri)
            return
        }
        lintResults[snapshot.uri] = finished
        if let reason = result.notLintedReason { showProblem("\(snapshot.document.path) is not linted: \(reason)") }
        publish(result, for: snapshot)
    }

    /// Pushes diagnostics unless the client pulls them.
    func publish(_ result: LintResult, for snapshot: DocumentSnapshot) {
        guard !capabilities.pullDiagnostics else { return }
        var params: [String: JSON] = ["uri": .string(snapshot.uri), "diagnostics": .array(snapshot.lspDiagnostics(result))]
        if let version = snapshot.version { params["version"] = .int(version) }
        sendNotification("textDocument/publishDiagnostics", .object(params))
    }

    /// Re-lints every open document (after a configuration change) and asks pulling
    /// clients to pull again.
    func relintOpenDocuments() {
        for uri in documents.uris { scheduleLint(uri) }
        if capabilities.pullDiagnostics, capabilities.diagnosticRefresh {
            sendRequest("workspace/diagnostic/refresh", .null)
        }
    }
}
