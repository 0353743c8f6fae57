/// Late decisions: the part of a rule's check that depends only on workspace answers.
///
/// `lint`'s first pass runs every file with an index holding only the project settings; a rule
/// whose question the finished index answers differently must run again, and its tree is usually gone by then
/// (parsing it again is most of the second pass's cost). A rule that takes from the tree
/// everything its decision needs, as values, and hands the rest to `decideLater`, lets the
/// second pass decide again from those values and the finished index alone. The decision is
/// made at once as well, with the context's workspace, so the result of any lint is the same
/// as if the rule had asked inline.

/// The workspace questions a late decision asks (the same answers as through the
/// `RuleContext`, for the questions that do not depend on where the walk stood).
public final class LateQuestions: WorkspaceAsking {
    public let workspace: WorkspaceIndex
    public let path: String
    public let fileTypes: [String: TypeScope]
    public let lexicalScope: String
    /// In the order asked.
    private(set) var asked: [WorkspaceQueries.Query] = []

    init(workspace: WorkspaceIndex, path: String, fileTypes: [String: TypeScope], lexicalScope: String) {
        self.workspace = workspace
        self.path = path
        self.fileTypes = fileTypes
        self.lexicalScope = lexicalScope
    }

    public func recordQuestion(_ query: WorkspaceQueries.Query) { asked.append(query) }
}

/// What a rule's late decision reports, given the workspace's answers. It holds values taken
/// from the tree, never syntax: it outlives the tree.
public typealias LateDecide = @Sendable (LateQuestions) -> [Finding]

/// One late decision of one rule at one place.
struct LateDecision: Sendable {
    var ruleIndex: Int
    /// The platform minimums where it was made (its fixes' requirements are checked against them).
    var availability: PlatformMinimums
    /// The innermost type where it was made (`WorkspaceAsking.lexicalScope`).
    var lexicalScope: String
    /// What must run for the code where it was made to run: its warnings there are lowered when
    /// nothing does.
    var owners: CodeOwners
    var decide: LateDecide
}

/// A file's late decisions, kept by `lint`'s first pass so that a finished index can decide
/// them again without the tree (`Linter.redecide`).
public struct LateDecisions: Sendable {
    var decisions: [LateDecision]
    /// The file's types (`WorkspaceAsking.fileTypes`).
    var fileTypes: [String: TypeScope]
    /// The questions each rule (by ID) asked during the walk: a rule that must run again
    /// because of one of these needs its tree; one whose other questions only its late
    /// decisions asked does not.
    public var walkQuestions: WorkspaceQueries
    /// The diagnostics of the rules with late decisions that the walk itself reported.
    var walkDiagnostics: [Diagnostic]
    /// The rules (by ID) with at least one late decision.
    public var rules: Set<String>
}

extension RuleContext: WorkspaceAsking {
    public func recordQuestion(_ query: WorkspaceQueries.Query) {
        queries[activeRule, default: []].insert(query)
        if !lateQueries.isEmpty, lateQueries[activeRule]?.contains(query) == true {
            lateQueriesAlsoWalked[activeRule, default: []].insert(query)
        }
    }

    /// The questions the walk asked (not only late decisions), by rule index.
    var walkQueries: [Int: Set<WorkspaceQueries.Query>] {
        queries.merging(lateQueries) { asked, late in asked.subtracting(late) }.merging(lateQueriesAlsoWalked) { $0.union($1) }
    }

    /// Hands the rule's decision at this place to `decide`, which may ask only the questions of
    /// `LateQuestions` and must hold values, not syntax. It runs now, with this context's
    /// workspace, and what it reports is reported as the rule's findings here; `lint` may run
    /// it again with a finished index instead of walking the file again.
    public func decideLater(_ decide: @escaping LateDecide) {
        let questions = LateQuestions(workspace: workspace, path: path, fileTypes: fileTypes, lexicalScope: lexicalScope)
        lateFindings.append(contentsOf: decide(questions))
        if collectsLateDecisions {
            lateDecisions.append(LateDecision(ruleIndex: activeRule, availability: availability, lexicalScope: lexicalScope,
                                              owners: codeOwners, decide: decide))
        }
        recordLate(questions)
    }

    /// Lowers `finding` of the active rule where nothing runs this code (`Finding.lowerIfUnused`),
    /// asking as a late decision does. With `collectsLateDecisions`, a finding the walk reported
    /// (`walked`) becomes a late decision of its own, holding the finding as it was: a finished
    /// index then lowers it again without the tree (otherwise every warning in a view would be
    /// walked again, for "does any code build this view"). Returns true when the finding is now
    /// a late decision's.
    func lowerAsLateDecision(_ finding: inout Finding, owners: CodeOwners, walked: Bool) -> Bool {
        if collectsLateDecisions, walked {
            let reported = finding
            lateDecisions.append(LateDecision(ruleIndex: activeRule, availability: availability, lexicalScope: lexicalScope,
                                              owners: owners, decide: { _ in [reported] }))
        }
        let questions = LateQuestions(workspace: workspace, path: path, fileTypes: fileTypes, lexicalScope: lexicalScope)
        finding.lowerIfUnused(owners, asking: questions)
        recordLate(questions)
        return collectsLateDecisions
    }

    /// Records what a late decision asked: as late questions (with `collectsLateDecisions`), and
    /// among all the questions.
    private func recordLate(_ questions: LateQuestions) {
        if collectsLateDecisions {
            for query in questions.asked where lateQueries[activeRule]?.contains(query) != true {
                // Among the questions, and no late decision asked it: the walk did, before.
                if queries[activeRule]?.contains(query) == true { lateQueriesAlsoWalked[activeRule, default: []].insert(query) }
                lateQueries[activeRule, default: []].insert(query)
            }
        }
        queries[activeRule, default: []].formUnion(questions.asked)
    }
}
