import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// A parsed file: the tree, and how many syntax errors the parser recovered from.
public struct ParsedFile: @unchecked Sendable {
    // @unchecked: SourceFileSyntax is an immutable tree (SwiftSyntax nodes are
    // persistent values over an arena that is never mutated after parsing), so
    // sharing it across threads cannot race. SwiftSyntax itself does not yet mark it Sendable.
    public let document: SourceDocument
    public let tree: SourceFileSyntax
    /// Why the document was not parsed (see `ParserLimits`); the tree is then empty.
    public let unparsableReason: String?

    public init(document: SourceDocument, tree: SourceFileSyntax) {
        self.document = document
        self.tree = tree
        self.unparsableReason = nil
    }

    /// Parses the document from scratch, unless `ParserLimits` finds it would hang or
    /// crash the parser: then the tree is empty and `unparsableReason` says why.
    public init(document: SourceDocument) {
        if let reason = ParserLimits.hazard(in: document.bytes) {
            self.init(document: document, tree: Parser.parse(source: ""), unparsableReason: reason)
        } else {
            self.init(safeDocument: document)
        }
    }

    private init(document: SourceDocument, tree: SourceFileSyntax, unparsableReason: String?) {
        self.document = document
        self.tree = tree
        self.unparsableReason = unparsableReason
    }

    /// Parses a document already found safe by `ParserLimits` (the CLI checks each file
    /// as it reads it; checking again would scan every byte twice). Nothing but
    /// SwiftParser: the benchmark's floor.
    public init(safeDocument document: SourceDocument) {
        self.init(document: document, tree: document.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }, unparsableReason: nil)
    }

    /// Missing tokens plus unexpected-node runs: the parser's recoveries.
    public var syntaxErrorCount: Int { SyntaxErrorCounter.count(in: tree) }
}

/// The outcome of linting one document.
public struct LintResult: Sendable {
    /// Sorted by start offset, then rule ID.
    public var diagnostics: [Diagnostic]
    /// Suppression comments seen in the file (for editors that offer to extend them).
    public var suppressions: Suppressions
    /// What the file contributes to a `WorkspaceIndex`, collected during the same walk.
    public var fileIndex: FileIndex
    /// Set when the file could not be linted at all (see `ParserLimits`).
    public var notLintedReason: String?
    /// The file's late decisions (`Linter.lintKeepingLateDecisions` only).
    public var late: LateDecisions?

    public init(diagnostics: [Diagnostic], suppressions: Suppressions = Suppressions(), fileIndex: FileIndex = FileIndex(path: ""),
                notLintedReason: String? = nil, late: LateDecisions? = nil) {
        self.diagnostics = diagnostics
        self.suppressions = suppressions
        self.fileIndex = fileIndex
        self.notLintedReason = notLintedReason
        self.late = late
    }

    /// Nothing found, no suppression comments (e.g. a file the configuration excludes).
    public static let empty = LintResult(diagnostics: [])
}

/// Runs the enabled rules over a document in one walk.
public struct Linter: Sendable {
    public let rules: [any Rule.Type]
    /// Skip rules whose trigger text is absent from a file (off only to prove, in
    /// tests, that skipping never changes a result).
    public var skipsUntriggeredRules = true
    /// Call rules only see calls to their `Rule.callees` (off only to prove, in tests,
    /// that the filter never changes a result).
    public var filtersCallsByCallee = true

    /// What every lint reads of each rule, computed once: a rule's `description` is a
    /// large value (examples and all), and copying it per rule per lint showed in profiles.
    private let ruleIDs: [String]
    private let ruleTags: [[DiagnosticTag]]
    private let ruleTriggers: [[[UInt8]]]
    private let ruleRequirements: [(advice: PlatformRequirement?, fix: PlatformRequirement?, previews: Bool)]

    public init(rules: [any Rule.Type]) {
        self.rules = rules
        let descriptions = rules.map { $0.description }
        ruleIDs = descriptions.map(\.id)
        ruleTags = descriptions.map(\.tags)
        ruleTriggers = zip(rules, descriptions).map { rule, description in
            Self.triggers(of: rule, described: description).map { Array($0.utf8) }
        }
        ruleRequirements = descriptions.map { ($0.requires, $0.fixRequires, $0.flagsPreviewCode) }
    }

    public var descriptions: [RuleDescription] { rules.map { $0.description } }

    /// The texts one of which must occur in a file for the rule to run (none: it always runs):
    /// its description's `triggers`, or, for a `CallRule` without any, its callee names. That
    /// is sound: a callee name is an identifier token of the call, so its bytes occur in any
    /// file with such a call (Swift spells identifiers without escapes, and a backquoted name
    /// is still spelled out between its backquotes).
    public static func triggers(of rule: any Rule.Type) -> [String] {
        triggers(of: rule, described: rule.description)
    }

    private static func triggers(of rule: any Rule.Type, described description: RuleDescription) -> [String] {
        guard description.triggers.isEmpty, let callRule = rule as? any CallRule.Type else { return description.triggers }
        return callRule.calledNames.sorted()
    }

    public func rule(withID id: String) -> (any Rule.Type)? { rules.first { $0.id == id } }

    public func lint(_ document: SourceDocument, configuration: RuleConfiguration, workspace: WorkspaceIndex = .empty) -> LintResult {
        lint(ParsedFile(document: document), configuration: configuration, workspace: workspace)
    }

    public func lint(_ file: ParsedFile, configuration: RuleConfiguration, workspace: WorkspaceIndex = .empty) -> LintResult {
        lint(file, configuration: configuration, workspace: workspace, remembering: false, after: nil).result
    }

    /// Lints with only the rules `ruleIDs` running: the others stay enabled as the configuration
    /// says (a rule that defers to another asks `isEnabled`), but report nothing.
    public func lint(_ file: ParsedFile, configuration: RuleConfiguration, workspace: WorkspaceIndex, runningOnly ruleIDs: Set<String>) -> LintResult {
        lint(file, configuration: configuration, workspace: workspace, remembering: false, after: nil, runningOnly: ruleIDs).result
    }

    /// Lints the same as `lint`, and keeps the file's late decisions (`LintResult.late`), so that
    /// `redecide` can decide them again with another index, without the tree.
    public func lintKeepingLateDecisions(_ file: ParsedFile, configuration: RuleConfiguration, workspace: WorkspaceIndex = .empty) -> LintResult {
        lint(file, configuration: configuration, workspace: workspace, remembering: false, after: nil, keepsLateDecisions: true).result
    }

    /// `result`'s diagnostics with the rules `rules` (IDs, each with late decisions and no walk
    /// question `workspace` answers differently from the index `result` was linted with) decided
    /// again with `workspace`: what linting the file again with it would report.
    public func redecide(_ rules: Set<String>, of result: LintResult, document: SourceDocument, configuration: RuleConfiguration,
                         workspace: WorkspaceIndex) -> [Diagnostic] {
        guard let late = result.late else { return result.diagnostics }
        var diagnostics = result.diagnostics.filter { !rules.contains($0.ruleID) }
        diagnostics += late.walkDiagnostics.filter { rules.contains($0.ruleID) }
        for decision in late.decisions where rules.contains(ruleIDs[decision.ruleIndex]) {
            let questions = LateQuestions(workspace: workspace, path: document.path, fileTypes: late.fileTypes, lexicalScope: decision.lexicalScope)
            let severity = configuration.userConfigured.contains(ruleIDs[decision.ruleIndex]) ? nil : configuration.severities[ruleIDs[decision.ruleIndex]]
            for var finding in decision.decide(questions) {
                if let severity, finding.level(atRuleSeverity: severity) == .warning { finding.lowerIfUnused(decision.owners, asking: questions) }
                RuleWalker.withholdFixes(of: &finding, ruleRequirement: ruleRequirements[decision.ruleIndex].fix, availability: decision.availability)
                if let diagnostic = diagnostic(for: finding, ofRule: decision.ruleIndex, in: document, suppressions: result.suppressions,
                                               configuration: configuration) {
                    diagnostics.append(diagnostic)
                }
            }
        }
        return diagnostics.sorted(by: Diagnostic.inReportOrder)
    }

    /// Lints a new version of a file the same as `lint`, but walks only the top-level
    /// items that changed since the lint `previous` remembers (see `LintMemo`), and
    /// returns what the next lint can take over from this one.
    public func lintIncrementally(_ file: ParsedFile, configuration: RuleConfiguration, workspace: WorkspaceIndex = .empty,
                                  after previous: LintMemo?) -> (result: LintResult, memo: LintMemo?) {
        lint(file, configuration: configuration, workspace: workspace, remembering: true, after: previous)
    }

    private func lint(_ file: ParsedFile, configuration: RuleConfiguration, workspace: WorkspaceIndex,
                      remembering: Bool, after previous: LintMemo?, keepsLateDecisions: Bool = false,
                      runningOnly: Set<String>? = nil) -> (result: LintResult, memo: LintMemo?) {
        let document = file.document
        if let reason = file.unparsableReason {
            return (LintResult(diagnostics: [], fileIndex: FileIndex(path: document.path), notLintedReason: reason), nil)
        }
        let suppressions = Suppressions(document: document, tree: file.tree)

        // Rules whose trigger text is absent from the file cannot fire: skip them.
        let active: [(index: Int, rule: any Rule.Type)] = document.bytes.withUnsafeBufferPointer { buffer in
            rules.enumerated().compactMap { index, rule in
                guard !suppressions.disablesEverything, configuration.severities[ruleIDs[index]] != nil,
                      runningOnly?.contains(ruleIDs[index]) ?? true else { return nil }
                let triggers = ruleTriggers[index]
                guard !skipsUntriggeredRules || triggers.isEmpty || triggers.contains(where: { ByteSearch.contains($0, in: buffer) }) else { return nil }
                return (index, rule)
            }
        }
        // No active rule still walks: the walk collects the file's index.
        var dispatch = RuleWalker.Dispatch()
        for (index, rule) in active {
            let instance = RuleWalker.ActiveRule(index: index, rule: rule.init(), requires: ruleRequirements[index].advice,
                                                 fixRequires: ruleRequirements[index].fix, flagsPreviewCode: ruleRequirements[index].previews,
                                                 defaultSeverity: configuration.userConfigured.contains(ruleIDs[index]) ? nil : configuration.severities[ruleIDs[index]])
            for kind in rule.nodeKinds {
                if kind == .functionCallExpr, filtersCallsByCallee, let callees = rule.callees {
                    for callee in callees { dispatch.byCallee[callee, default: []].append(instance) }
                } else {
                    dispatch.byKind[kind, default: []].append(instance)
                }
            }
        }
        guard remembering else {
            let context = RuleContext(document: document, tree: file.tree, workspace: workspace, configuration: configuration)
            context.collectsLateDecisions = keepsLateDecisions
            let walker = RuleWalker(context: context, dispatch: dispatch)
            walker.walk(file.tree)
            return (result(of: walker, context: context, suppressions: suppressions, configuration: configuration), nil)
        }

        // Item by item, taking over what `previous` knows of the items the edits left alone.
        let alignment = previous.map { ItemAlignment(old: $0.bytes, new: document.bytes) }
        let context = RuleContext(document: document, tree: file.tree, workspace: workspace, configuration: configuration,
                                  itemTypes: { item in alignment.flatMap { previous?.types(of: item, alignment: $0) } })
        let walker = RuleWalker(context: context, dispatch: dispatch)
        let fileContext = LintMemo.FileContext(
            path: document.path, ruleIDs: ruleIDs, filtersCallsByCallee: filtersCallsByCallee,
            configuration: configuration, activeRules: active.map { $0.index }, imports: context.imports)
        var outputs: [ItemOutput] = []
        var taken = 0
        var answers = WorkspaceQueries.AnswerHashes(workspace: workspace, path: document.path)
        // A rule that reads other top-level declarations itself ties every item to the others.
        if active.contains(where: { $0.rule.readsOtherDeclarations }) {
            walker.walk(file.tree)
        } else {
            var reuse = previous.flatMap { previous in
                alignment.flatMap {
                    previous.context == fileContext
                        ? ItemReuse(memo: previous, alignment: $0, workspace: workspace, context: context, answers: answers) : nil
                }
            }
            outputs = walker.walkItems(of: file.tree) { item in
                let output = reuse?.output(for: item)
                if output != nil { taken += 1 }
                return output
            }
            if let reuse { answers = reuse.answers }
        }
        let memo = LintMemo(context: fileContext, fileTypes: context.fileTypes, answers: answers, bytes: document.bytes,
                            usesSwiftConcurrency: context.concurrencyScan, tree: file.tree, types: context.typesByItem,
                            outputs: outputs, itemsTakenOver: taken)
        return (result(of: walker, context: context, suppressions: suppressions, configuration: configuration), memo)
    }

    /// The diagnostics (suppressions applied, in report order) and the file's index.
    private func result(of walker: RuleWalker, context: RuleContext, suppressions: Suppressions,
                        configuration: RuleConfiguration) -> LintResult {
        let document = context.document
        var diagnostics: [Diagnostic] = []
        let lateRules = Set(context.lateDecisions.map { ruleIDs[$0.ruleIndex] })
        var walkDiagnostics: [Diagnostic] = []
        for (position, (index, finding)) in walker.findings.enumerated() {
            guard let diagnostic = diagnostic(for: finding, ofRule: index, in: document, suppressions: suppressions, configuration: configuration)
            else { continue }
            diagnostics.append(diagnostic)
            if lateRules.contains(diagnostic.ruleID), !walker.lateFindingIndices.contains(position) { walkDiagnostics.append(diagnostic) }
        }
        diagnostics.sort(by: Diagnostic.inReportOrder)
        // Only rules ask questions (the walk sets `activeRule` before each call).
        func byID(_ queries: [Int: Set<WorkspaceQueries.Query>]) -> WorkspaceQueries {
            WorkspaceQueries(byRule: Dictionary(uniqueKeysWithValues: queries.compactMap { index, queries in
                ruleIDs.indices.contains(index) ? (ruleIDs[index], queries) : nil
            }))
        }
        let fileIndex = walker.index.fileIndex(queries: byID(context.queries))
        let late = context.collectsLateDecisions
            ? LateDecisions(decisions: context.lateDecisions, fileTypes: context.fileTypes, walkQuestions: byID(context.walkQueries), walkDiagnostics: walkDiagnostics, rules: lateRules)
            : nil
        return LintResult(diagnostics: diagnostics, suppressions: suppressions, fileIndex: fileIndex, late: late)
    }

    /// The diagnostic `finding` of the rule at `ruleIndex` makes: its configured severity (or
    /// the finding's own level), nil where a comment suppresses it or the rule is off.
    private func diagnostic(for finding: Finding, ofRule ruleIndex: Int, in document: SourceDocument, suppressions: Suppressions,
                            configuration: RuleConfiguration) -> Diagnostic? {
        let id = ruleIDs[ruleIndex]
        let line = document.lines.line(containing: finding.range.lowerBound)
        if suppressions.suppresses(id, onLine: line) { return nil }
        guard var severity = finding.severityOverride.map({ max($0, configuration.severities[id] ?? $0) })
                ?? configuration.severities[id] else { return nil }
        if let lowered = finding.loweredSeverity, !configuration.userConfigured.contains(id) { severity = min(severity, lowered) }
        return Diagnostic(ruleID: id, severity: severity, message: finding.message, range: finding.range, tags: ruleTags[ruleIndex],
                          related: finding.related, fixes: finding.fixes, withheldFixes: finding.withheldFixes)
    }
}

/// Counts the parser's error recoveries.
enum SyntaxErrorCounter {
    static func count(in tree: SourceFileSyntax) -> Int {
        guard tree.hasError else { return 0 }
        let visitor = Visitor(viewMode: .all)
        visitor.walk(tree)
        return visitor.count
    }

    private final class Visitor: SyntaxVisitor {
        var count = 0
        override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
            count += 1
            return .skipChildren
        }
        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            if token.presence == .missing { count += 1 }
            return .skipChildren
        }
    }
}

extension ParsedFile {
    /// The same parse without the nodes a walk has materialized: SwiftSyntax keeps every node a
    /// walk visits with its tree (a linted tree is ~50× its source), while the parser's own arena
    /// is about half of that. A tree kept for a later lint or reparse is kept this way; the next
    /// walk materializes what it visits again, which costs far less than a parse.
    public var compacted: ParsedFile {
        // `raw.arena` retains the parser's arena, so the raw nodes outlive the old root.
        ParsedFile(document: document, tree: Syntax(raw: tree.raw, rawNodeArena: tree.raw.arena).cast(SourceFileSyntax.self),
                   unparsableReason: unparsableReason)
    }
}
