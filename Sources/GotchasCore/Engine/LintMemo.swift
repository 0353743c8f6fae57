import SwiftSyntax

/// What the walk produced inside one top-level item of a file (a type, an extension, a
/// function, a statement): findings, index entries and workspace questions. Positions
/// are byte offsets in the version of the file that was walked.
struct ItemOutput: Sendable {
    /// The item's full range, trivia included.
    var range: Range<Int>
    var findings: [(ruleIndex: Int, finding: Finding)]
    var references: [String: Set<String>]
    var environmentUses: [EnvironmentUse]
    var intentControls: [IntentControlUse]
    var queries: [Int: Set<WorkspaceQueries.Query>]
    /// A rule read a fact of the whole file (`RuleContext.usesSwiftConcurrency`).
    var askedFileWideFacts: Bool

    /// True when every position the item produced lies inside it: only then does moving
    /// the item move them all. (A note pointing at a declaration in another item of the
    /// file would not move with this one.)
    func liesWithin(path: String) -> Bool {
        func inside(_ inner: Range<Int>) -> Bool { inner.lowerBound >= range.lowerBound && inner.upperBound <= range.upperBound }
        return findings.allSatisfy { _, finding in
            inside(finding.range)
                && finding.related.allSatisfy { $0.path != path || inside($0.range) }
                && finding.fixes.allSatisfy { $0.edits.allSatisfy { inside($0.range) } }
        }
    }

    /// The same output for the item moved by `delta` bytes.
    func moved(by delta: Int, path: String) -> ItemOutput {
        guard delta != 0 else { return self }
        func move(_ range: Range<Int>) -> Range<Int> { range.lowerBound + delta..<range.upperBound + delta }
        var output = self
        output.range = move(range)
        for index in output.findings.indices {
            var finding = output.findings[index].finding
            finding.range = move(finding.range)
            for related in finding.related.indices where finding.related[related].path == path {
                finding.related[related].range = move(finding.related[related].range)
            }
            for fix in finding.fixes.indices {
                for edit in finding.fixes[fix].edits.indices { finding.fixes[fix].edits[edit].range = move(finding.fixes[fix].edits[edit].range) }
            }
            output.findings[index].finding = finding
        }
        for index in output.environmentUses.indices { output.environmentUses[index].range = move(output.environmentUses[index].range) }
        for index in output.intentControls.indices { output.intentControls[index].range = move(output.intentControls[index].range) }
        return output
    }
}

/// What a lint remembers of each top-level item of a file, so that the lint of the next
/// version (the server lints on every edit) walks only the items the edit touched and
/// takes the others' results from here, moved to their new place.
///
/// Taking an item's results is exact because what rules find in an item depends only on
/// - the item's own text (rules read their node, its subtree and its ancestors);
/// - the file-level context: configuration, active rules, imports, and what the file's
///   types say (`RuleContext.fileTypes`, positions aside);
/// - the workspace's answers to the questions the item's rules asked;
/// - file-wide facts, when a rule asked for one (`usesSwiftConcurrency`).
/// So an item is taken only when its bytes are unchanged (it lies in the common prefix
/// or suffix of the two versions, with the same bounds), the file-level context is
/// equal, every question gets the same answer as before, any file-wide fact it read is
/// unchanged, and every position it produced lies inside it. Rules that read other
/// top-level declarations directly declare `Rule.readsOtherDeclarations`, and a file they
/// are active in is walked in full. `IncrementalLintTests` lints edited files both ways.
public struct LintMemo: Sendable {
    /// Everything outside an item that its results may depend on, besides the workspace.
    struct FileContext: Equatable, Sendable {
        var path: String
        var ruleIDs: [String]
        var filtersCallsByCallee: Bool
        var configuration: RuleConfiguration
        var activeRules: [Int]
        var imports: Set<String>
        var typeFacts: [String: TypeScope]
    }

    let context: FileContext
    let workspace: WorkspaceIndex
    let bytes: [UInt8]
    /// `RuleContext.usesSwiftConcurrency` of this version, when a rule asked.
    let usesSwiftConcurrency: Bool?
    /// The items whose outputs can move, by their start offset.
    let items: [Int: ItemOutput]

    /// How many items this lint took over from the previous one instead of walking them.
    public let itemsTakenOver: Int

    init(context: FileContext, workspace: WorkspaceIndex, bytes: [UInt8], usesSwiftConcurrency: Bool?, outputs: [ItemOutput],
         itemsTakenOver: Int) {
        self.context = context
        self.itemsTakenOver = itemsTakenOver
        self.workspace = workspace
        self.bytes = bytes
        self.usesSwiftConcurrency = usesSwiftConcurrency
        var items: [Int: ItemOutput] = [:]
        for output in outputs where output.liesWithin(path: context.path) { items[output.range.lowerBound] = output }
        self.items = items
    }
}

/// Finds, for an item of the new version, the remembered output of the same unchanged item.
struct ItemReuse {
    private let memo: LintMemo
    private let workspace: WorkspaceIndex
    private let context: RuleContext
    /// Bytes equal at the start and at the end of both versions.
    private let commonPrefix: Int
    private let commonSuffix: Int
    private let newCount: Int
    private let oldCount: Int

    /// Nil when the file-level context changed: then nothing can be taken over.
    init?(_ memo: LintMemo, fileContext: LintMemo.FileContext, bytes: [UInt8], workspace: WorkspaceIndex, context: RuleContext) {
        guard memo.context == fileContext else { return nil }
        self.memo = memo
        self.workspace = workspace
        self.context = context
        let oldCount = memo.bytes.count, newCount = bytes.count
        self.oldCount = oldCount
        self.newCount = newCount
        let shorter = min(oldCount, newCount)
        var prefix = 0, suffix = 0
        memo.bytes.withUnsafeBufferPointer { old in
            bytes.withUnsafeBufferPointer { new in
                while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
                while suffix < shorter - prefix, old[oldCount - 1 - suffix] == new[newCount - 1 - suffix] { suffix += 1 }
            }
        }
        commonPrefix = prefix
        commonSuffix = suffix
    }

    func output(for item: CodeBlockItemSyntax) -> ItemOutput? {
        let range = item.position.utf8Offset..<item.endPosition.utf8Offset
        let delta: Int
        if range.upperBound <= commonPrefix {
            delta = 0
        } else if range.lowerBound >= newCount - commonSuffix {
            delta = newCount - oldCount
        } else {
            return nil
        }
        guard let old = memo.items[range.lowerBound - delta], old.range.upperBound + delta == range.upperBound else { return nil }
        if old.askedFileWideFacts, memo.usesSwiftConcurrency != context.scanForConcurrency { return nil }
        let path = memo.context.path
        for queries in old.queries.values {
            for query in queries where !query.isAnsweredAlike(by: memo.workspace, and: workspace, forFileAt: path) { return nil }
        }
        return old.moved(by: delta, path: path)
    }
}

extension WorkspaceQueries.Query {
    /// True when both workspaces give the same answer, positions included.
    func isAnsweredAlike(by first: WorkspaceIndex, and second: WorkspaceIndex, forFileAt path: String) -> Bool {
        switch self {
        case .declaration(let name): first.declaration(of: name, excluding: path) == second.declaration(of: name, excluding: path)
        case .environmentUses(let name): first.environmentUses(of: name) == second.environmentUses(of: name)
        case .intentControls(let name): first.intentControls(in: name) == second.intentControls(in: name)
        case .references(let name): first.references(of: name) == second.references(of: name)
        case .defaultIsolation: first.defaultIsolationIsMainActor == second.defaultIsolationIsMainActor
        }
    }
}
