import Foundation
import GotchasCore

/// `workspace/diagnostic` (pull): every `.swift` file under the workspace folders,
/// open ones from the editor's text and the others read from disk, with
/// `$/progress` reports when the client gave a work-done token. Unchanged files
/// (same result ID as `previousResultIds`) get `unchanged` reports.
enum WorkspaceDiagnosticHandler: LoopRequestHandler {
    static let method = LSPMethod.workspaceDiagnostic
    typealias Params = WorkspaceDiagnosticParams
    typealias Result = WorkspaceDiagnosticReport

    static func handle(_ params: WorkspaceDiagnosticParams, id: RequestID, server: isolated LanguageServer) -> RequestOutcome<WorkspaceDiagnosticReport> {
        server.workspaceDiagnostic(params, id: id)
        return .answeredLater
    }
}

extension LanguageServer {
    func workspaceDiagnostic(_ params: WorkspaceDiagnosticParams, id: RequestID) {
        let previous = params.previousResultIDs
        let token = params.workDoneToken
        // The folders the index walks, walked the same way (a root too wide is not).
        let folders = WorkspaceRootPolicy(homeDirectory: options.homeDirectory).indexed(workspaceFolders)
        // Open documents are taken as the editor has them; everything else is read in the background.
        var open: [String: (DocumentSnapshot, String)] = [:]
        for uri in documents.uris {
            guard let document = documents[uri], let snapshot = snapshot(of: uri) else { continue }
            open[document.document.path] = (snapshot, "\(document.openGeneration).\(document.version).\(configuration.generation)")
        }
        var configurations: [String: ConfigurationStore.Resolved] = [:]
        let files = WorkspaceFiles(folders: folders, options: indexWalkOptions).swiftFiles
        for path in files where open[path] == nil {
            let (resolved, problems) = configuration.resolve(forPath: path)
            problems.forEach(showProblem)
            configurations[path] = resolved
        }
        let capabilities = self.capabilities
        let linter = self.linter
        let workspace = self.workspace.index
        let generation = configuration.generation
        let baselines = self.baselines
        respondInBackground(id) { [open, previous, configurations] () async -> Answer<WorkspaceDiagnosticReport> in
            let progress = WorkDoneProgress(title: "swiftui-gotchas", total: files.count, minimumTotalForReports: 2)
            await self.sendProgress(token, progress.begin(message: "\(files.count) files"))
            var items: [WorkspaceDiagnosticReport.Item] = []
            for (index, path) in files.enumerated() {
                if Task.isCancelled { return .failure(.requestCancelled) }
                let uri = DocumentStore.uri(ofPath: path)
                if let (snapshot, resultID) = open[path] {
                    items.append(Self.report(uri: snapshot.uri, version: snapshot.version, resultID: resultID,
                                             previous: previous[snapshot.uri], snapshot: snapshot))
                } else if let resolved = configurations[path],
                          let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                          // What `lint` would skip is not reported on either (`SourceFilePolicy`).
                          let document = try? SourceFilePolicy.document(atPath: path) {
                    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                    let resultID = "disk.\(Int(modified * 1000)).\(document.bytes.count).\(generation)"
                    var snapshot = DocumentSnapshot(uri: uri, version: nil, document: document,
                                                    configuration: resolved, capabilities: capabilities, linter: linter,
                                                    workspace: workspace, cachedLint: nil)
                    snapshot.baseline = baselines.loaded(resolved.baselinePath)
                    items.append(Self.report(uri: uri, version: nil, resultID: resultID, previous: previous[uri], snapshot: snapshot))
                }
                if let report = progress.report(after: index) { await self.sendProgress(token, report) }
            }
            await self.sendProgress(token, progress.end(message: "\(files.count) files checked"))
            return .success(WorkspaceDiagnosticReport(items: items))
        }
    }

    private static func report(uri: String, version: Int?, resultID: String, previous: String?,
                               snapshot: DocumentSnapshot) -> WorkspaceDiagnosticReport.Item {
        let report: DocumentDiagnosticReport = previous == resultID
            ? .unchanged(resultID: resultID) : .full(resultID: resultID, items: snapshot.lspDiagnostics(snapshot.lint()))
        return WorkspaceDiagnosticReport.Item(uri: uri, version: version, report: report)
    }
}
