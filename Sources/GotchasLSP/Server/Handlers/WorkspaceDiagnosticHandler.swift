#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    /// On the loop only what must be read there: the open documents' snapshots, the client's
    /// IDs and copies of the stores. The walk of the folders (which can take seconds on a
    /// large tree) and each file's configuration look-up run in the background, so a
    /// document's diagnostics or a hover never wait for them.
    func workspaceDiagnostic(_ params: WorkspaceDiagnosticParams, id: RequestID) {
        let previous = params.previousResultIDsByPath
        let token = params.workDoneToken
        // The folders the index walks, walked the same way (a root too wide is not).
        let folders = WorkspaceRootPolicy(homeDirectory: options.homeDirectory).indexed(workspaceFolders)
        // Open documents are taken as the editor has them; everything else is read in the background.
        var open: [String: DocumentSnapshot] = [:]
        for uri in documents.uris {
            guard let document = documents[uri], let snapshot = snapshot(of: uri) else { continue }
            open[document.document.path] = snapshot
        }
        let walkOptions = indexWalkOptions
        let stepDelay = options.indexWalkStepDelay
        let setup = diskPullSetup
        let memos = lints.diskPulls
        // Every file of the workspace: on the workspace's lane, so open documents' lints never wait behind it.
        respondInBackground(id, document: nil, lane: .workspace) { [open, previous] () async -> Answer<WorkspacePullOutcome> in
            var walk = WorkspaceFiles(startingAt: folders, options: walkOptions)
            while !walk.isFinished {
                if stepDelay > .zero { try? await Task.sleep(for: stepDelay) }
                if Task.isCancelled { return .failure(.requestCancelled) }
                walk.advance(directories: Self.directoriesPerStep)
            }
            let files = walk.swiftFiles
            var setup = setup
            let progress = WorkDoneProgress(title: "swiftui-gotchas", total: files.count, minimumTotalForReports: 2)
            await self.sendProgress(token, progress.begin(message: "\(files.count) files"))
            var outcome = WorkspacePullOutcome()
            for (index, path) in files.enumerated() {
                if Task.isCancelled { return .failure(.requestCancelled) }
                if let snapshot = open[path] {
                    let result = snapshot.lint()
                    let resultID = snapshot.resultID(of: result)
                    let report: DocumentDiagnosticReport = previous[path] == resultID
                        ? .unchanged(resultID: resultID) : .full(resultID: resultID, items: snapshot.lspDiagnostics(result))
                    outcome.report.items.append(WorkspaceDiagnosticReport.Item(uri: snapshot.uri, version: snapshot.version, report: report))
                } else {
                    var (context, problems) = setup.context(forPath: path)
                    outcome.problems.append(contentsOf: problems)
                    // A baseline not read yet is waited for once; the other files take it as read.
                    if context.baselinePending, let baselinePath = context.configuration.baselinePath {
                        context = await self.withBaseline(context)
                        setup.baselines.take(baselinePath, context.baseline)
                    }
                    // What `lint` would skip is not reported on either (`SourceFilePolicy`).
                    if let pulled = context.report(path: path, uri: DocumentStore.uri(ofPath: path), previous: previous[path], memo: memos[path]) {
                        outcome.report.items.append(WorkspaceDiagnosticReport.Item(uri: DocumentStore.uri(ofPath: path), version: nil, report: pulled.report))
                        outcome.memos[path] = pulled.memo
                    }
                }
                if let report = progress.report(after: index) { await self.sendProgress(token, report) }
            }
            await self.sendProgress(token, progress.end(message: "\(files.count) files checked"))
            return .success(outcome)
        } then: { server, outcome in
            outcome.problems.forEach(server.showProblem)
            // Files gone from the workspace (or open now) are forgotten.
            server.lints.diskPulls = outcome.memos
            return .success(outcome.report)
        }
    }
}

/// A workspace pull's answer, with what to remember of the files read from disk.
struct WorkspacePullOutcome: Sendable {
    var report = WorkspaceDiagnosticReport(items: [])
    var memos: [String: DiskPullMemo] = [:]
    /// Configuration problems met resolving the files read from disk (shown on the loop, each once).
    var problems: [String] = []
}
