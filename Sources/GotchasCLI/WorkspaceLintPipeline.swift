#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

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
    /// Source bytes whose trees may be kept between the passes. A kept tree is compacted (the
    /// parser's arena without the nodes the walk visited), still ~30× its source: 8 MB of source
    /// kept ~200 MB more on a 1.12 M-line run for ~7% less CPU, past the memory budget.
    var retainedSourceBudget = 1024 * 1024
    /// Hand every file's index back (`Output.indexes`; `--changed-since` asks them which
    /// files depend on the changed ones), still encoded when it came from the cache: a warm
    /// run decodes no index unless the caller asks it.
    var reportsIndexes = false
    /// False when files were named one by one (`WorkspaceIndex.coversProject`).
    var coversProject = true
    /// The stat-first shortcut (with a cache only): a file whose stamp is the one
    /// remembered is not read — its digest keys the cache — unless its text is needed
    /// (a finding to print, a related location in it, a cache miss). nil: every file is
    /// read and hashed.
    var stamps: StatIndex?
    /// Told of every file the first pass finishes (the run's cost; pass 2 re-runs few rules).
    var progress: LintProgress?

    /// A file to lint. Without a document, the pipeline reads it (when it must) through
    /// `SourceFilePolicy`, which rejects what `ParserLimits` finds unsafe to parse, so
    /// the pipeline parses without checking again.
    struct Input: Sendable {
        var path: String
        var configuration: RuleConfiguration
        var document: SourceDocument?

        init(path: String, configuration: RuleConfiguration) {
            self.path = path
            self.configuration = configuration
        }

        init(document: SourceDocument, configuration: RuleConfiguration) {
            path = document.path
            self.configuration = configuration
            self.document = document
        }
    }

    struct Output: Sendable {
        /// In input order, without the files that could not be read.
        var files: [FileReport]
        var problems: [FileProblem]
        /// The stat index for the next run (nil without `stamps`).
        var stamps: StatIndex?
        /// How many files the pipeline read (given documents not counted).
        var filesRead = 0
        /// With `reportsIndexes`, each of `files`' index (same order); empty otherwise.
        var indexes: [CachedFileIndex] = []
        /// The second pass: files whose rules ran again on a tree (kept or parsed again), and
        /// files whose rules only decided again (`Linter.redecide`, no tree).
        var rerunFiles = 0
        var redecidedFiles = 0
    }

    private struct FirstPass: Sendable {
        /// `ContentHash` of the bytes ("" without a cache: nothing is hashed then).
        var contentDigest: String
        /// nil when the stat index vouched for the digest and nothing needed the text.
        var document: SourceDocument?
        /// The stamp taken before reading the file, with the digest of what was read.
        var read: StatIndex.Entry?
        /// The stat index's entry that was trusted instead of reading.
        var trusted: StatIndex.Entry?
        var diagnostics: [Diagnostic]
        var fileIndex: CachedFileIndex
        /// The file's late decisions, when it has any (not from the cache).
        var late: LateState?
    }

    /// What `Linter.redecide` needs of a first pass besides its diagnostics.
    private struct LateState: Sendable {
        var decisions: LateDecisions
        var suppressions: Suppressions
    }

    /// Documents given in the inputs (tests): their reports, in order.
    func run(_ inputs: [Input]) -> [FileReport] { lint(inputs).files }

    func lint(_ inputs: [Input]) -> Output {
        if stamps != nil, let output = attempt(inputs, trustingStamps: true) { return output }
        // A file changed under the run after its stamp was trusted (its text no longer
        // hashes to the digest the cache was asked with): everything again, read.
        return attempt(inputs, trustingStamps: false)!
    }

    /// nil when a trusted stamp turned out wrong (only possible while trusting stamps).
    private func attempt(_ inputs: [Input], trustingStamps: Bool) -> Output? {
        let ruleIDs = linter.rules.map { $0.description.id }
        var settingsOnly = WorkspaceIndex.empty
        for (path, text) in settings { settingsOnly.updateSettings(path: path, text: text) }
        let settingsKeys = cache == nil ? [] : Self.settingsKeys(inputs, ruleIDs: ruleIDs)
        let keptTrees = Locked(KeptTrees(budget: retainedSourceBudget))
        var outcomes = firstPass(inputs, settingsKeys: settingsKeys, trustingStamps: trustingStamps, settingsOnly: settingsOnly, keptTrees: keptTrees)
        var problems: [FileProblem] = []
        var kept: [Int] = []
        var first: [FirstPass] = []
        for (index, outcome) in outcomes.enumerated() {
            switch outcome {
            case .success(let pass): kept.append(index); first.append(pass)
            case .failure(let problem): problems.append(problem)
            }
        }
        outcomes.removeAll()
        // By position in `first`: freed once pass 2 ran.
        let positions = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0) })
        var trees = keptTrees.withLock { kept in
            defer { kept = KeptTrees(budget: 0) }
            return Dictionary(uniqueKeysWithValues: kept.trees.compactMap { index, entry in positions[index].map { ($0, entry.tree) } })
        }
        let keptInputs = kept.map { inputs[$0] }
        let inconsistent = Locked(false)
        var counts = (rerun: 0, redecided: 0)
        var diagnostics = first.contains(where: \.fileIndex.asksWorkspace)
            ? secondPass(keptInputs, first: &first, settingsKeys: kept.map { settingsKeys.isEmpty ? "" : settingsKeys[$0] },
                         trees: &trees, ruleIDs: ruleIDs, settingsOnly: settingsOnly, inconsistent: inconsistent, counts: &counts)
            : first.map(\.diagnostics)
        // The text of every file with a finding, or named by one, is needed to print it.
        var needed = Set<String>()
        for (index, list) in diagnostics.enumerated() where !list.isEmpty {
            needed.insert(keptInputs[index].path)
            for diagnostic in list { for related in diagnostic.related { needed.insert(related.path) } }
        }
        let lateReads = Locked(0)
        let documents: [SourceDocument] = ParallelMap.map(Array(first.indices), workers: workers) { [first, needed] index in
            let pass = first[index], path = keptInputs[index].path
            if let document = pass.document { return document }
            // Not read, and not needed: an empty text stands in (the report has no findings
            // and no finding elsewhere points into it).
            guard needed.contains(path) else { return SourceDocument(path: path, bytes: []) }
            lateReads.withLock { $0 += 1 }
            guard let document = Self.readMatching(path, digest: pass.contentDigest) else {
                inconsistent.withLock { $0 = true }
                return SourceDocument(path: path, bytes: [])
            }
            return document
        }
        if inconsistent.withLock({ $0 }) { return nil }
        let files = first.indices.map { index in FileReport(document: documents[index], diagnostics: diagnostics[index]) }
        diagnostics.removeAll()
        let next = stamps.map { stamps in
            stamps.next(trusted: Dictionary(first.indices.compactMap { i in first[i].trusted.map { (keptInputs[i].path, $0) } },
                                            uniquingKeysWith: { a, _ in a }),
                        read: Dictionary(first.indices.compactMap { i in first[i].read.map { (keptInputs[i].path, $0) } },
                                         uniquingKeysWith: { a, _ in a }))
        }
        let earlyReads = first.indices.filter { inputs[kept[$0]].document == nil && first[$0].trusted == nil }.count
        return Output(files: files, problems: problems, stamps: next, filesRead: earlyReads + lateReads.withLock { $0 } + problems.count,
                      indexes: reportsIndexes ? first.map(\.fileIndex) : [], rerunFiles: counts.rerun, redecidedFiles: counts.redecided)
    }

    /// `settingsKey` per input, computed once per run of equal configurations (usually
    /// every file has the same one).
    private static func settingsKeys(_ inputs: [Input], ruleIDs: [String]) -> [String] {
        var last: (RuleConfiguration, String)?
        return inputs.map { input in
            if let last, last.0 == input.configuration { return last.1 }
            let key = ResultCache.settingsKey(configuration: input.configuration, ruleIDs: ruleIDs)
            last = (input.configuration, key)
            return key
        }
    }

    /// Reads `path` through `SourceFilePolicy`, with the stamp taken just before.
    private static func read(_ path: String) -> (Result<SourceDocument, FileProblem>, stamp: FileStamp?) {
        let stamp = FileStamp(path: path)
        do throws(SourceFilePolicy.Rejection) {
            return (.success(try SourceFilePolicy.document(atPath: path)), stamp)
        } catch {
            return (.failure(FileProblem(path: path, message: error.description)), stamp)
        }
    }

    /// The file's text if it still hashes to `digest` (the one its results were keyed by).
    private static func readMatching(_ path: String, digest: String) -> SourceDocument? {
        guard case .success(let document) = read(path).0, ContentHash(document.bytes).description == digest else { return nil }
        return document
    }

    /// Step 1: every file alone (cache hit, or parse and lint with an empty workspace).
    private func firstPass(_ inputs: [Input], settingsKeys: [String], trustingStamps: Bool,
                           settingsOnly: WorkspaceIndex, keptTrees: Locked<KeptTrees>) -> [Result<FirstPass, FileProblem>] {
        // Scanned on the first cache miss only: a warm run needs no tree.
        let declarers = Locked<[String: [Int]]?>(nil)
        let stamps = trustingStamps ? self.stamps : nil
        return ParallelMap.map(Array(inputs.indices), workers: workers) { [linter, cache, progress] index -> Result<FirstPass, FileProblem> in
            defer { progress?.fileDone() }
            let input = inputs[index]
            var document = input.document
            var read: StatIndex.Entry?
            var trusted: StatIndex.Entry?
            var digest = ""
            func readNow() -> FileProblem? {
                let (result, stamp) = Self.read(input.path)
                switch result {
                case .failure(let problem): return problem
                case .success(let text):
                    document = text
                    digest = cache == nil ? "" : ContentHash(text.bytes).description
                    read = stamp.map { StatIndex.Entry(stamp: $0, digest: digest) }
                    trusted = nil
                    return nil
                }
            }
            if let document {
                digest = cache == nil ? "" : ContentHash(document.bytes).description
            } else if let stamps, let stamp = FileStamp(path: input.path), let known = stamps.trustedDigest(path: input.path, stamp: stamp) {
                digest = known
                trusted = StatIndex.Entry(stamp: stamp, digest: known)
            } else if let problem = readNow() {
                return .failure(problem)
            }
            // The first pass asks an index holding only the project settings: its results depend
            // on their answers for this file.
            let settingsAnswers = Self.settingsAnswers(of: settingsOnly, forFileAt: input.path)
            func cached() -> FirstPass? {
                guard let cache else { return nil }
                let key = ResultCache.key(path: input.path, contentDigest: digest, settings: settingsKeys[index], extra: settingsAnswers)
                guard let entry = cache.loadEntry(key: key), let fileIndex = entry.fileIndex else { return nil }
                return FirstPass(contentDigest: digest, document: document, read: read, trusted: trusted,
                                 diagnostics: entry.diagnostics, fileIndex: fileIndex)
            }
            if let hit = cached() { return .success(hit) }
            if document == nil {
                // Trusted, but no result under this configuration: the text is needed.
                let vouched = digest
                if let problem = readNow() { return .failure(problem) }
                if digest != vouched, let hit = cached() { return .success(hit) }
            }
            guard let document else { return .failure(FileProblem(path: input.path, message: "not read")) }
            let parsed = ParsedFile(safeDocument: document)
            let result = linter.lintKeepingLateDecisions(parsed, configuration: input.configuration, workspace: settingsOnly)
            let fileIndex = CachedFileIndex(fileIndex: result.fileIndex, encoding: cache != nil)
            if let cache {
                cache.store(result.diagnostics, fileIndex: fileIndex,
                            key: ResultCache.key(path: input.path, contentDigest: digest, settings: settingsKeys[index], extra: settingsAnswers))
            }
            // Only the walk's questions need the tree: a late decision decides again without it.
            let walkQuestions = result.late?.walkQuestions ?? result.fileIndex.queries
            let mayNeedTree = walkQuestions.mightBeAnsweredDifferently(
                declaredElsewhere: { name in
                    declarers.withLock { known in
                        if known == nil { known = Self.declarers(of: inputs) }
                        return known?[name]?.contains { $0 != index } ?? false
                    }
                })
            if mayNeedTree {
                let surely = walkQuestions.isSurelyAnsweredDifferently
                keptTrees.withLock { $0.offer(parsed, at: index, size: document.bytes.count, surelyNeeded: surely) }
            }
            let late = result.late.flatMap { $0.rules.isEmpty ? nil : LateState(decisions: $0, suppressions: result.suppressions) }
            return .success(FirstPass(contentDigest: digest, document: document, read: read, trusted: trusted,
                                      diagnostics: result.diagnostics, fileIndex: fileIndex, late: late))
        }
    }

    /// Steps 2–3: the files whose rules asked the workspace something, with the index.
    /// A file not read so far is read if a rule must run again on it (a trusted stamp
    /// that turns out wrong sets `inconsistent`).
    private func secondPass(_ inputs: [Input], first: inout [FirstPass], settingsKeys: [String], trees: inout [Int: ParsedFile], ruleIDs: [String],
                            settingsOnly: WorkspaceIndex, inconsistent: Locked<Bool>, counts: inout (rerun: Int, redecided: Int)) -> [[Diagnostic]] {
        // Workspace-dependent results are keyed by the digest of every file's index;
        // the index itself is only built (and cached indexes decoded) when one misses.
        let asking = inputs.indices.filter { first[$0].fileIndex.asksWorkspace }
        var secondKeys: [Int: String] = [:]
        if cache != nil {
            // Files named one by one answer "who names this view" differently from the same files as a project.
            let digest = Self.digest(of: zip(inputs, first).map { input, pass in (input.path, pass.fileIndex.digest) },
                                     settings: settings) + (coversProject ? "" : " named files")
            for index in asking {
                secondKeys[index] = ResultCache.key(path: inputs[index].path, contentDigest: first[index].contentDigest,
                                                    settings: settingsKeys[index], extra: digest)
            }
        }
        let cachedSecond: [Int: [Diagnostic]] = secondKeys.compactMapValues { cache?.load(key: $0) }
        var workspace = settingsOnly
        if asking.contains(where: { cachedSecond[$0] == nil }) {
            let indexes = ParallelMap.map(first, workers: workers) { $0.fileIndex.fileIndex }
            workspace = WorkspaceIndex(files: indexes.compactMap { $0 })
            workspace.coversProject = coversProject
            for (path, text) in settings { workspace.updateSettings(path: path, text: text) }
        }
        let passes = first, kept = trees
        let tally = Locked((rerun: 0, redecided: 0))
        let results = ParallelMap.map(Array(inputs.indices), workers: workers) { [linter, cache, workspace, secondKeys] index -> ([Diagnostic], SourceDocument?) in
            let pass = passes[index]
            guard pass.fileIndex.asksWorkspace else { return (pass.diagnostics, nil) }
            if let cached = cachedSecond[index] { return (cached, nil) }
            let input = inputs[index]
            var rerun = pass.fileIndex.fileIndex?.queries.rulesAnsweredDifferently(by: workspace, than: settingsOnly, forFileAt: input.path) ?? Set(ruleIDs)
            // A rule none of whose walk questions is answered differently changed only in its late
            // decisions: those are decided again, without the tree.
            var redecided: Set<String> = []
            if let late = pass.late?.decisions {
                redecided = rerun.intersection(late.rules).filter { rule in
                    !(late.walkQuestions.byRule[rule]?.contains { $0.isAnsweredDifferently(by: workspace, than: settingsOnly, forFileAt: input.path) } ?? false)
                }
                rerun.subtract(redecided)
            }
            var diagnostics = pass.diagnostics
            var readNow: SourceDocument?
            if !rerun.isEmpty {
                let parsed: ParsedFile
                if let tree = kept[index] {
                    parsed = tree
                } else if let document = pass.document {
                    parsed = ParsedFile(safeDocument: document)
                } else if let document = Self.readMatching(input.path, digest: pass.contentDigest) {
                    readNow = document
                    parsed = ParsedFile(safeDocument: document)
                } else {
                    inconsistent.withLock { $0 = true }
                    return (diagnostics, nil)
                }
                let findings = linter.lint(parsed, configuration: input.configuration, workspace: workspace, runningOnly: rerun).diagnostics
                diagnostics = (diagnostics.filter { !rerun.contains($0.ruleID) } + findings)
                    .sorted(by: Diagnostic.inReportOrder)
                tally.withLock { $0.rerun += 1 }
            }
            if !redecided.isEmpty, let late = pass.late, let document = pass.document {
                diagnostics = linter.redecide(redecided, of: LintResult(diagnostics: diagnostics, suppressions: late.suppressions, late: late.decisions),
                                              document: document, configuration: input.configuration, workspace: workspace)
                tally.withLock { $0.redecided += 1 }
            }
            if let key = secondKeys[index] { cache?.store(diagnostics, key: key) }
            return (diagnostics, readNow)
        }
        for (index, result) in results.enumerated() where result.1 != nil { first[index].document = result.1 }
        // Not needed any more: the trees are most of the memory of a cold run.
        trees.removeAll()
        for index in first.indices { first[index].late = nil }
        counts = tally.withLock { $0 }
        return results.map { $0.0 }
    }

    /// What the project settings answer the file at `path` (the settings questions of
    /// `WorkspaceQueries`), as a cache key's part.
    static func settingsAnswers(of settings: WorkspaceIndex, forFileAt path: String) -> String {
        [settings.defaultIsolationIsMainActor, settings.isPhonePortraitOnly(forFileAt: path), settings.fillsScreenInPortraitOnly(forFileAt: path),
         settings.windowIsAlwaysTheScreen(forFileAt: path), settings.allUsersAreInWorkspace(forFileAt: path)].map { $0 ? "1" : "0" }.joined()
    }

    /// For each name some file may declare a type under, the indexes of those files
    /// (`DeclaredTypeNames`, from the bytes alone).
    private static func declarers(of inputs: [Input]) -> [String: [Int]] {
        var declarers: [String: [Int]] = [:]
        for (index, input) in inputs.enumerated() {
            // A file not read yet (its stamp was trusted) is read here: the scan only decides
            // which trees to keep, never a result.
            guard let bytes = input.document?.bytes ?? (try? SourceFilePolicy.read(path: input.path)) else { continue }
            for name in DeclaredTypeNames.scan(bytes) { declarers[name, default: []].append(index) }
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

/// The trees `lint`'s first pass keeps for its second, within a budget of source bytes (a kept
/// tree is compacted, `ParsedFile.compacted`, still ~30× its source). A tree whose rules will
/// surely run again (`WorkspaceQueries.isSurelyAnsweredDifferently`) takes the place of ones that
/// only might: the files come in no useful order, and most that might, do not.
struct KeptTrees: Sendable {
    private var remaining: Int
    private(set) var trees: [Int: (tree: ParsedFile, size: Int, surelyNeeded: Bool)] = [:]

    init(budget: Int) { remaining = budget }

    mutating func offer(_ parsed: ParsedFile, at index: Int, size: Int, surelyNeeded: Bool) {
        if size > remaining {
            guard surelyNeeded else { return }
            let evictable = trees.filter { !$0.value.surelyNeeded }.sorted { $0.value.size > $1.value.size }
            guard remaining + evictable.reduce(0, { $0 + $1.value.size }) >= size else { return }
            for (evicted, entry) in evictable where size > remaining {
                trees[evicted] = nil
                remaining += entry.size
            }
        }
        remaining -= size
        trees[index] = (parsed.compacted, size, surelyNeeded)
    }
}
