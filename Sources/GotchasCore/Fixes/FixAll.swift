/// Applies fixes to a fixpoint, dropping any fix whose result adds syntax errors.
public struct FixAll: Sendable {
    public struct Outcome: Sendable {
        public var bytes: [UInt8]
        /// Fixes applied, over all rounds.
        public var applied: [(ruleID: String, fix: Fix)]
        /// Fixes whose result would not parse as well as the input did: never applied.
        public var rejected: [(ruleID: String, fix: Fix)]
        public var changed: Bool
    }

    public static let maximumRounds = 10

    public let linter: Linter
    public let configuration: RuleConfiguration
    public let workspace: WorkspaceIndex

    public init(linter: Linter, configuration: RuleConfiguration, workspace: WorkspaceIndex = .empty) {
        self.linter = linter
        self.configuration = configuration
        self.workspace = workspace
    }

    /// Applies safe fixes (and, when `includeUnsafe`, each diagnostic's first unsafe
    /// fix) until nothing changes or `maximumRounds` is reached. `only` restricts to
    /// one rule (an editor's "fix all X problems").
    public func apply(to document: SourceDocument, includeUnsafe: Bool = false, only ruleID: String? = nil) -> Outcome {
        var current = ParsedFile(document: document)
        let baselineErrors = current.syntaxErrorCount
        var applied: [(String, Fix)] = []
        var rejected: [(String, Fix)] = []
        var rejectedSet: [Fix] = []
        for _ in 0..<Self.maximumRounds {
            let diagnostics = linter.lint(current, configuration: configuration, workspace: workspace).diagnostics
            let candidates: [(String, Fix)] = diagnostics.compactMap { diagnostic in
                if let ruleID, diagnostic.ruleID != ruleID { return nil }
                let fix = diagnostic.safeFix ?? (includeUnsafe ? diagnostic.fixes.first : nil)
                guard let fix, !rejectedSet.contains(fix) else { return nil }
                return (diagnostic.ruleID, fix)
            }
            let chosen = FixApplier.nonOverlapping(candidates.map(\.1))
            guard !chosen.isEmpty else { break }
            let round = candidates.filter { chosen.contains($0.1) }
            let next = Self.applying(chosen, to: current.document)
            if next.syntaxErrorCount <= baselineErrors {
                current = next
                applied += round
                continue
            }
            // Some fix broke the file: keep the ones that are fine on their own.
            var progressed = false
            for (id, fix) in round {
                let single = Self.applying([fix], to: current.document)
                if single.syntaxErrorCount <= baselineErrors {
                    current = single
                    applied.append((id, fix))
                    progressed = true
                    break  // offsets of the others are stale now; re-lint
                } else {
                    rejected.append((id, fix))
                    rejectedSet.append(fix)
                }
            }
            if !progressed && rejected.isEmpty { break }
        }
        return Outcome(bytes: current.document.bytes, applied: applied, rejected: rejected,
                       changed: current.document.bytes != document.bytes)
    }

    static func applying(_ fixes: [Fix], to document: SourceDocument) -> ParsedFile {
        let edits = fixes.flatMap(\.edits)
        let bytes = FixApplier.apply(edits, to: document.bytes).bytes
        return ParsedFile(document: SourceDocument(path: document.path, bytes: bytes))
    }
}
