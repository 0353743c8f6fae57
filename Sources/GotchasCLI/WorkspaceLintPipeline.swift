import Foundation
import GotchasCore

/// The plain `lint` path (no `--fix`/`--diff`): every file parsed at most once,
/// results cached, and workspace rules run once the index of every file is known.
///
/// 1. Each file: a cache hit on (content, configuration) gives its diagnostics and
///    its `FileIndex`; a miss parses and lints it with an empty workspace, which also
///    collects the index (the same single walk). Trees of files a workspace rule may
///    fire in are kept for step 3, within a memory budget.
/// 2. The workspace index is merged from every file's index and the project settings.
/// 3. Files a workspace rule may fire in: a cache hit on (content, configuration,
///    index digest) gives the final diagnostics; a miss walks the kept tree (or parses
///    again past the budget) with only the workspace rules, and their findings replace
///    the first pass's.
struct WorkspaceLintPipeline: Sendable {
    /// Source bytes whose trees may be kept between the passes (trees are ~20–40× larger).
    static let retainedSourceBudget = 8 * 1024 * 1024

    let linter: Linter
    let cache: ResultCache?
    let workers: Int
    let settings: [(path: String, text: String)]

    struct Input: Sendable {
        var document: SourceDocument
        var configuration: RuleConfiguration
    }

    private struct FirstPass: Sendable {
        var diagnostics: [Diagnostic]
        var fileIndex: CachedFileIndex?
        var needsWorkspace: Bool
        var tree: ParsedFile?
    }

    func run(_ inputs: [Input]) -> [FileReport] {
        let ruleIDs = linter.rules.map { $0.description.id }
        let workspaceRuleIDs = Set(linter.workspaceRules.map { $0.description.id })
        let needsWorkspace = inputs.map { !workspaceRuleIDs.isEmpty && linter.needsWorkspace($0.document, configuration: $0.configuration) }
        // Decide up front which trees to keep, so the budget does not depend on thread timing.
        var budget = Self.retainedSourceBudget
        let keepTree: [Bool] = inputs.indices.map { index in
            guard needsWorkspace[index], inputs[index].document.bytes.count <= budget else { return false }
            budget -= inputs[index].document.bytes.count
            return true
        }

        let first: [FirstPass] = ParallelMap.map(Array(inputs.indices), workers: workers) { [linter, cache] index in
            let input = inputs[index]
            let key = ResultCache.key(bytes: input.document.bytes, configuration: input.configuration, ruleIDs: ruleIDs)
            if let entry = cache?.loadEntry(key: key), entry.fileIndex != nil || workspaceRuleIDs.isEmpty {
                return FirstPass(diagnostics: entry.diagnostics, fileIndex: entry.fileIndex, needsWorkspace: needsWorkspace[index], tree: nil)
            }
            let parsed = ParsedFile(document: input.document)
            let result = linter.lint(parsed, configuration: input.configuration)
            let fileIndex = CachedFileIndex(fileIndex: result.fileIndex)
            cache?.store(result.diagnostics, fileIndex: fileIndex, key: key)
            return FirstPass(diagnostics: result.diagnostics, fileIndex: fileIndex,
                             needsWorkspace: needsWorkspace[index], tree: keepTree[index] ? parsed : nil)
        }
        guard first.contains(where: \.needsWorkspace) else {
            return zip(inputs, first).map { FileReport(document: $0.document, diagnostics: $1.diagnostics) }
        }

        // Workspace-dependent results are keyed by the digest of every file's index;
        // the index itself is only built (and cached indexes decoded) when one misses.
        let digest = Self.digest(of: zip(inputs, first).compactMap { input, pass in pass.fileIndex.map { (input.document.path, $0.digest) } },
                                 settings: settings)
        let cachedSecond: [[Diagnostic]?] = inputs.indices.map { index in
            guard first[index].needsWorkspace, let cache else { return nil }
            let input = inputs[index]
            return cache.load(key: ResultCache.key(bytes: input.document.bytes, configuration: input.configuration, ruleIDs: ruleIDs, extra: digest))
        }
        let misses = inputs.indices.filter { first[$0].needsWorkspace && cachedSecond[$0] == nil }
        var workspace = WorkspaceIndex.empty
        if !misses.isEmpty {
            let indexes = ParallelMap.map(first, workers: workers) { $0.fileIndex?.fileIndex }
            workspace = WorkspaceIndex(files: indexes.compactMap { $0 })
            for (path, text) in settings { workspace.updateSettings(path: path, text: text) }
        }

        let second: [[Diagnostic]] = ParallelMap.map(Array(inputs.indices), workers: workers) { [linter, cache, workspace] index in
            let pass = first[index]
            guard pass.needsWorkspace else { return pass.diagnostics }
            if let cached = cachedSecond[index] { return cached }
            let input = inputs[index]
            let key = ResultCache.key(bytes: input.document.bytes, configuration: input.configuration, ruleIDs: ruleIDs, extra: digest)
            var onlyWorkspaceRules = input.configuration
            onlyWorkspaceRules.severities = onlyWorkspaceRules.severities.filter { workspaceRuleIDs.contains($0.key) }
            let parsed = pass.tree ?? ParsedFile(document: input.document)
            let workspaceFindings = linter.lint(parsed, configuration: onlyWorkspaceRules, workspace: workspace).diagnostics
            let merged = (pass.diagnostics.filter { !workspaceRuleIDs.contains($0.ruleID) } + workspaceFindings)
                .sorted { ($0.range.lowerBound, $0.ruleID, $0.range.upperBound) < ($1.range.lowerBound, $1.ruleID, $1.range.upperBound) }
            cache?.store(merged, key: key)
            return merged
        }
        return zip(inputs, second).map { FileReport(document: $0.document, diagnostics: $1) }
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
