import Foundation
import GotchasCore
import Synchronization

/// The plain `lint` path (no `--fix`/`--diff`): every file parsed once (at most twice
/// when a second pass needs a tree that was not kept), results cached, and results
/// identical to linting every file with the finished workspace index.
///
/// 1. Each file: a cache hit on (path, content, configuration) gives its diagnostics
///    and its `FileIndex`; a miss parses and lints it with an empty workspace, which
///    also collects the index and records every workspace question each rule asked
///    (`WorkspaceQueries`). Its tree is kept for step 3 only if a question might be
///    answered differently (another file may declare the name asked about), within a
///    memory budget.
/// 2. The workspace index is merged from every file's index and the project settings.
/// 3. Files whose rules asked anything: a cache hit on (path, content, configuration,
///    index digest) gives the final diagnostics; a miss re-runs only the rules whose
///    questions the index answers differently — on the kept tree, or a new parse —
///    and their findings replace the first pass's. The other rules' results are what
///    they would be with the workspace: they asked nothing it answers differently.
struct WorkspaceLintPipeline: Sendable {
    let linter: Linter
    let cache: ResultCache?
    let workers: Int
    let settings: [(path: String, text: String)]
    /// Source bytes whose trees may be kept between the passes (trees are ~20–40× larger).
    var retainedSourceBudget = 8 * 1024 * 1024
    /// Hand every file's `FileIndex` back in its report (`--changed-since` asks the index
    /// which files depend on the changed ones); off, a warm run decodes no index.
    var reportsIndexes = false

    /// A file to lint: read through `SourceFilePolicy`, which rejects what `ParserLimits`
    /// finds unsafe to parse, so the pipeline parses without checking again.
    struct Input: Sendable {
        var document: SourceDocument
        var configuration: RuleConfiguration
    }

    private struct FirstPass: Sendable {
        var diagnostics: [Diagnostic]
        var fileIndex: CachedFileIndex
        var tree: ParsedFile?
    }

    func run(_ inputs: [Input]) -> [FileReport] {
        let ruleIDs = linter.rules.map { $0.description.id }
        var settingsOnly = WorkspaceIndex.empty
        for (path, text) in settings { settingsOnly.updateSettings(path: path, text: text) }
        let first = firstPass(inputs, ruleIDs: ruleIDs, defaultIsolationIsMainActor: settingsOnly.defaultIsolationIsMainActor)
        let diagnostics = first.contains(where: \.fileIndex.asksWorkspace)
            ? secondPass(inputs, first: first, ruleIDs: ruleIDs, settingsOnly: settingsOnly)
            : first.map(\.diagnostics)
        let indexes: [FileIndex?] = reportsIndexes
            ? ParallelMap.map(first, workers: workers) { $0.fileIndex.fileIndex }
            : Array(repeating: nil, count: first.count)
        return inputs.indices.map { index in
            var report = FileReport(document: inputs[index].document, diagnostics: diagnostics[index])
            report.fileIndex = indexes[index]
            return report
        }
    }

    /// Step 1: every file alone (cache hit, or parse and lint with an empty workspace).
    private func firstPass(_ inputs: [Input], ruleIDs: [String], defaultIsolationIsMainActor: Bool) -> [FirstPass] {
        // Scanned on the first cache miss only: a warm run needs no tree.
        let declarers = Mutex<[String: [Int]]?>(nil)
        let budget = Mutex(retainedSourceBudget)
        return ParallelMap.map(Array(inputs.indices), workers: workers) { [linter, cache] index in
            let input = inputs[index]
            let key = cache.map { _ in
                ResultCache.key(path: input.document.path, bytes: input.document.bytes, configuration: input.configuration, ruleIDs: ruleIDs)
            }
            if let cache, let key, let entry = cache.loadEntry(key: key), let fileIndex = entry.fileIndex {
                return FirstPass(diagnostics: entry.diagnostics, fileIndex: fileIndex, tree: nil)
            }
            let parsed = ParsedFile(safeDocument: input.document)
            let result = linter.lint(parsed, configuration: input.configuration)
            let fileIndex = CachedFileIndex(fileIndex: result.fileIndex, encoding: cache != nil)
            if let cache, let key { cache.store(result.diagnostics, fileIndex: fileIndex, key: key) }
            let mayNeedTree = result.fileIndex.queries.mightBeAnsweredDifferently(
                declaredElsewhere: { name in
                    declarers.withLock { known in
                        if known == nil { known = Self.declarers(of: inputs) }
                        return known?[name]?.contains { $0 != index } ?? false
                    }
                },
                defaultIsolationIsMainActor: defaultIsolationIsMainActor)
            let keep = mayNeedTree && budget.withLock { remaining in
                guard input.document.bytes.count <= remaining else { return false }
                remaining -= input.document.bytes.count
                return true
            }
            return FirstPass(diagnostics: result.diagnostics, fileIndex: fileIndex, tree: keep ? parsed : nil)
        }
    }

    /// Steps 2–3: the files whose rules asked the workspace something, with the index.
    private func secondPass(_ inputs: [Input], first: [FirstPass], ruleIDs: [String], settingsOnly: WorkspaceIndex) -> [[Diagnostic]] {
        // Workspace-dependent results are keyed by the digest of every file's index;
        // the index itself is only built (and cached indexes decoded) when one misses.
        let asking = inputs.indices.filter { first[$0].fileIndex.asksWorkspace }
        var secondKeys: [Int: String] = [:]
        if cache != nil {
            let digest = Self.digest(of: zip(inputs, first).map { input, pass in (input.document.path, pass.fileIndex.digest) },
                                     settings: settings)
            for index in asking {
                let input = inputs[index]
                secondKeys[index] = ResultCache.key(path: input.document.path, bytes: input.document.bytes,
                                                    configuration: input.configuration, ruleIDs: ruleIDs, extra: digest)
            }
        }
        let cachedSecond: [Int: [Diagnostic]] = secondKeys.compactMapValues { cache?.load(key: $0) }
        var workspace = settingsOnly
        if asking.contains(where: { cachedSecond[$0] == nil }) {
            let indexes = ParallelMap.map(first, workers: workers) { $0.fileIndex.fileIndex }
            workspace = WorkspaceIndex(files: indexes.compactMap { $0 })
            for (path, text) in settings { workspace.updateSettings(path: path, text: text) }
        }
        return ParallelMap.map(Array(inputs.indices), workers: workers) { [linter, cache, workspace, secondKeys] index in
            let pass = first[index]
            guard pass.fileIndex.asksWorkspace else { return pass.diagnostics }
            if let cached = cachedSecond[index] { return cached }
            let input = inputs[index]
            let rerun = pass.fileIndex.fileIndex?.queries.rulesAnsweredDifferently(by: workspace, forFileAt: input.document.path) ?? Set(ruleIDs)
            var diagnostics = pass.diagnostics
            if !rerun.isEmpty {
                var onlyRerun = input.configuration
                onlyRerun.severities = onlyRerun.severities.filter { rerun.contains($0.key) }
                let parsed = pass.tree ?? ParsedFile(safeDocument: input.document)
                let findings = linter.lint(parsed, configuration: onlyRerun, workspace: workspace).diagnostics
                diagnostics = (diagnostics.filter { !rerun.contains($0.ruleID) } + findings)
                    .sorted(by: Diagnostic.inReportOrder)
            }
            if let key = secondKeys[index] { cache?.store(diagnostics, key: key) }
            return diagnostics
        }
    }

    /// For each name some file may declare a type under, the indexes of those files
    /// (`DeclaredTypeNames`, from the bytes alone).
    private static func declarers(of inputs: [Input]) -> [String: [Int]] {
        var declarers: [String: [Int]] = [:]
        for (index, input) in inputs.enumerated() {
            for name in DeclaredTypeNames.scan(input.document.bytes) { declarers[name, default: []].append(index) }
        }
        return declarers
    }

    /// What every file's workspace-dependent results are keyed by: the whole index
    /// (declarations with their positions, for related locations) and the settings.
    static func digest(of indexes: [(path: String, digest: String)], settings: [(path: String, text: String)]) -> String {
        var hash = ContentHash()
        for (path, digest) in indexes.sorted(by: { $0.path < $1.path }) {
            hash.combine(path)
            hash.combine(digest)
        }
        for (path, text) in settings.sorted(by: { $0.path < $1.path }) {
            hash.combine(path)
            hash.combine(text)
        }
        return hash.description
    }
}
