import SwiftSyntax

/// What the walk produced inside one top-level item of a file (a type, an extension, a
/// function, a statement): findings, index entries and workspace questions. Positions
/// are byte offsets in the version of the file that was walked.
struct ItemOutput: Sendable {
    /// The item's full range, trivia included.
    var range: Range<Int>
    var findings: [(ruleIndex: Int, finding: Finding)]
    var index: FileIndexEntries
    var queries: [Int: Set<WorkspaceQueries.Query>]
    /// A rule read a fact of the whole file (`RuleContext.usesSwiftConcurrency`).
    var askedFileWideFacts: Bool
    /// The types declared in the item: the walk merged what the whole file says about them.
    var declaredTypes: Set<String>

    /// The names of the file's types the item's results may depend on: its own, and
    /// those its rules asked about (the file's declarations answer before the workspace's).
    var typesRead: Set<String> {
        var names = declaredTypes
        for queries in self.queries.values {
            for query in queries {
                switch query {
                case .declaration(let name): names.insert(name)
                case .typeFact(let question): names.insert(question.name)
                default: continue
                }
            }
        }
        return names
    }

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
        output.index = index.moved(by: delta)
        return output
    }
}

/// What a lint remembers of each top-level item of a file, so that the lint of the next
/// version (the server lints on every edit) walks only the items the edit touched and
/// takes the others' results from here, moved to their new place.
///
/// Taking an item's results is exact because what rules find in an item depends only on
/// - the item's own text (rules read their node, its subtree and its ancestors);
/// - the file-level context: configuration, active rules and imports;
/// - what the file says about the types the item declares or asks about
///   (`RuleContext.fileTypes`, positions aside);
/// - the workspace's answers to the questions the item's rules asked;
/// - file-wide facts, when a rule asked for one (`usesSwiftConcurrency`).
/// So an item is taken only when its bytes are unchanged (it lies in the common prefix
/// or suffix of the two versions, with the same bounds), the file-level context is
/// equal, the types it reads say the same, every question gets the same answer as
/// before, any file-wide fact it read is unchanged, and every position it produced lies
/// inside it and came from its syntax (to move an item, no answer it got may name a
/// place in this file). Rules that read other top-level declarations directly declare
/// `Rule.readsOtherDeclarations`, and a file they are active in is walked in full.
/// `LintMemoTests` lints edited files both ways.
public struct LintMemo: Sendable {
    /// Everything outside an item that its results may depend on, besides the workspace.
    struct FileContext: Equatable, Sendable {
        var path: String
        var ruleIDs: [String]
        var filtersCallsByCallee: Bool
        var configuration: RuleConfiguration
        var activeRules: [Int]
        var imports: Set<String>
    }

    let context: FileContext
    /// `RuleContext.fileTypes` of this version.
    let fileTypes: [String: TypeScope]
    /// What the workspace this version was linted with answered to each question its items asked
    /// (`Query.answerHash`): kept instead of that version of the index, which an open document's
    /// memo would otherwise hold alive beside the current one (a copy of every map the index
    /// changed since: ~5 MB with 50 documents open).
    let answers: [WorkspaceQueries.Query: Int]
    let bytes: [UInt8]
    /// `RuleContext.usesSwiftConcurrency` of this version, when a rule asked.
    let usesSwiftConcurrency: Bool?
    /// The top-level items, by their start offset.
    let items: [Int: RememberedItem]
    /// How many items this lint took over from the previous one instead of walking them.
    public let itemsTakenOver: Int

    struct RememberedItem: Sendable {
        var end: Int
        /// The type scopes declared in the item.
        var types: [TypeScope]
        /// What the walk produced there; nil when it cannot move (see `ItemOutput.liesWithin`).
        var output: ItemOutput?
    }

    /// `outputs` is empty when the walk was not done item by item.
    /// `answers`: hashes already computed with `workspace` for this file (the reuse checks').
    init(context: FileContext, fileTypes: [String: TypeScope], answers known: WorkspaceQueries.AnswerHashes, bytes: [UInt8],
         usesSwiftConcurrency: Bool?, tree: SourceFileSyntax, types: [[TypeScope]], outputs: [ItemOutput], itemsTakenOver: Int) {
        self.context = context
        self.fileTypes = fileTypes
        var known = known
        var answers: [WorkspaceQueries.Query: Int] = [:]
        for output in outputs {
            for queries in output.queries.values {
                for query in queries where answers[query] == nil {
                    answers[query] = known.hash(of: query)
                }
            }
        }
        self.answers = answers
        self.bytes = bytes
        self.usesSwiftConcurrency = usesSwiftConcurrency
        self.itemsTakenOver = itemsTakenOver
        var items: [Int: RememberedItem] = [:]
        for (index, item) in tree.statements.enumerated() {
            let output = outputs.indices.contains(index) ? outputs[index] : nil
            items[item.position.utf8Offset] = RememberedItem(
                end: item.endPosition.utf8Offset, types: types.indices.contains(index) ? types[index] : [],
                output: output?.liesWithin(path: context.path) == true ? output : nil)
        }
        self.items = items
    }

    /// The same item in this version, and how far it moved, when `item` is unchanged.
    func earlier(_ item: CodeBlockItemSyntax, alignment: ItemAlignment) -> (item: RememberedItem, delta: Int)? {
        let range = item.position.utf8Offset..<item.endPosition.utf8Offset
        guard let delta = alignment.shift(ofUnchanged: range), let earlier = items[range.lowerBound - delta],
              earlier.end + delta == range.upperBound else { return nil }
        return (earlier, delta)
    }

    /// The type scopes of `item` as this version had them, moved to its place.
    func types(of item: CodeBlockItemSyntax, alignment: ItemAlignment) -> [TypeScope]? {
        guard let (earlier, delta) = earlier(item, alignment: alignment) else { return nil }
        return earlier.types.map { $0.moved(by: delta) }
    }
}

/// Where two versions of a file differ: the bytes they share at the start and at the
/// end. An item of the new version lying in either is byte for byte an item of the old.
struct ItemAlignment {
    private let commonPrefix: Int
    private let commonSuffix: Int
    private let newCount: Int
    private let oldCount: Int

    init(old: [UInt8], new: [UInt8]) {
        let oldCount = old.count, newCount = new.count
        let shorter = min(oldCount, newCount)
        var prefix = 0, suffix = 0
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
                while suffix < shorter - prefix, old[oldCount - 1 - suffix] == new[newCount - 1 - suffix] { suffix += 1 }
            }
        }
        (commonPrefix, commonSuffix, self.oldCount, self.newCount) = (prefix, suffix, oldCount, newCount)
    }

    /// How far text at `range` of the new version moved since the old one, when it lies
    /// in the unchanged start or end; nil when it may have changed.
    func shift(ofUnchanged range: Range<Int>) -> Int? {
        if range.upperBound <= commonPrefix { return 0 }
        if range.lowerBound >= newCount - commonSuffix { return newCount - oldCount }
        return nil
    }
}

/// Finds, for an item of the new version, the remembered output of the same unchanged
/// item, when nothing it depends on changed.
struct ItemReuse {
    let memo: LintMemo
    let alignment: ItemAlignment
    let workspace: WorkspaceIndex
    let context: RuleContext
    /// The current workspace's answers, each computed once for all items (and then the memo).
    var answers: WorkspaceQueries.AnswerHashes

    mutating func output(for item: CodeBlockItemSyntax) -> ItemOutput? {
        guard let (earlier, delta) = memo.earlier(item, alignment: alignment), let old = earlier.output else { return nil }
        if old.askedFileWideFacts, memo.usesSwiftConcurrency != context.scanForConcurrency { return nil }
        // A name asked (`StateModel`) may mean any of the file's types it matches (`Feature.StateModel`).
        for name in old.typesRead where !TypeMatching.sameFacts(matching: name, memo.fileTypes, context.fileTypes) { return nil }
        let path = memo.context.path
        for queries in old.queries.values {
            for query in queries {
                guard memo.answers[query] == answers.hash(of: query) else { return nil }
                // An answer naming places in this file (as the index last saw it) does not move with the item.
                if delta != 0, query.answerNamesPlaces(in: path, of: workspace) { return nil }
            }
        }
        return old.moved(by: delta, path: path)
    }
}
