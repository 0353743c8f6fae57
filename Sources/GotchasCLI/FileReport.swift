import GotchasCore

/// What linting one file produced.
public struct FileReport: Sendable {
    public var document: SourceDocument
    public var diagnostics: [Diagnostic]
    /// Fixes applied by `--fix` (or that `--diff` would apply).
    public var appliedFixCount = 0
    /// Fixes dropped because their result would not parse.
    public var rejectedFixes: [(ruleID: String, fix: Fix)] = []
    /// The fixed text, when `--fix`/`--diff` changed something.
    public var fixedBytes: [UInt8]?
    /// What the file contributes to the workspace index (of the reported text).
    public var fileIndex: FileIndex?

    public var path: String { document.path }
}

/// A file that could not be linted, and why.
public struct FileProblem: Error, Sendable, Equatable {
    public var path: String
    public var message: String
}

/// Everything a lint run found, in a deterministic order.
public struct LintReport: Sendable {
    public var files: [FileReport]
    public var problems: [FileProblem]

    /// The linted text of `path`, for positions of related locations in other files.
    public func document(for path: String) -> SourceDocument? {
        files.first { $0.path == path }?.document
    }

    /// Every diagnostic with its file, sorted by path, line and column.
    public var diagnostics: [(file: FileReport, diagnostic: Diagnostic)] {
        files.flatMap { file in file.diagnostics.map { (file, $0) } }
    }

    public var hasWarningsOrErrors: Bool {
        files.contains { $0.diagnostics.contains { $0.severity >= .warning } }
    }

    /// Diagnostic counts per rule ID, most frequent first.
    public var statistics: [(ruleID: String, count: Int, fixable: Int)] {
        var counts: [String: (Int, Int)] = [:]
        for (_, diagnostic) in diagnostics {
            let fixable = diagnostic.safeFix == nil ? 0 : 1
            counts[diagnostic.ruleID, default: (0, 0)].0 += 1
            counts[diagnostic.ruleID, default: (0, 0)].1 += fixable
        }
        return counts.map { ($0.key, $0.value.0, $0.value.1) }.sorted { ($1.count, $0.ruleID) < ($0.count, $1.ruleID) }
    }
}
