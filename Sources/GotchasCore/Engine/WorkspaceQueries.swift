/// The questions each rule asked the workspace while linting one file.
///
/// A rule sees other files only through these questions (`RuleContext.declaration(of:)`
/// and friends), and the walk is deterministic. So a rule run without the workspace
/// gives exactly the result it would give with it, unless one of its questions gets
/// a different answer there: the run is the same up to the first question answered
/// differently. `lint` runs every file once without the workspace and re-runs only
/// the rules whose questions the finished index answers differently.
public struct WorkspaceQueries: Sendable, Equatable, Codable {
    /// A new question is a case here; the compiler then asks for its answer in every
    /// switch of this file (its `dependencies`, `isAnsweredAlike`, `hashAnswer`, `mightBeAnsweredDifferently`,
    /// `answerNamesPlaces`, `key`) except `init(key:)`, which needs its letter too.
    public enum Query: Hashable, Sendable, Codable {
        /// `RuleContext.declaration(of:)` / `type(named:)`: declarations in other files.
        case declaration(String)
        /// `RuleContext.typeFact(_:of:)`: one fact of the type a name means where it is used.
        case typeFact(TypeFactQuestion)
        /// `RuleContext.loneInjections(of:kind:)`: a type's environment injections of one kind,
        /// when it has none of the other.
        case loneInjections(String, kind: EnvironmentUse.Kind)
        /// `RuleContext.intentControls(in:)`.
        case intentControls(String)
        /// `RuleContext.references(of:)`.
        case references(String)
        /// `RuleContext.initializerLabels(passedTo:)`: labels call sites pass to a type's initializer.
        case initializerLabels(String)
        /// `RuleContext.filesUsing(member:of:)`: which files' code uses a member of a type
        /// (the type's qualified name, the member's name).
        case memberUsers(String, member: String)
        /// `RuleContext.bodyReaches(member:of:)`: whether a type's `body` reaches a member.
        case bodyReaches(String, member: String)
        /// `RuleContext.reachedHazard(from:kinds:)`: the hazard of one of `kinds` a name used in
        /// rendered code reaches (`ReachHazard`).
        /// (`kinds` sorted, so equal questions print alike.)
        case reachedHazard(ReachTarget, kinds: [ReachHazard.Kind])
        /// `RuleContext.filesEditingElements(of:)`: which files edit a collection's elements in place.
        case elementEdits(String)
        /// `RuleContext.viewTreeHoldsState(rootedAt:)`: whether a view tree holds state.
        case viewTreeHoldsState(String)
        /// `RuleContext.isBuiltOnlyAsMenuContent(_:)`: whether a view type is built only inside menus.
        case menuContentOnly(String)
        /// `RuleContext.isBuiltByNoParentView(_:)`: whether no view's rendered code builds a view type.
        case builtByNoParentView(String)
        /// `RuleContext.isBuiltOnlyByPreviews(_:)`: whether a view type is only ever built by previews.
        case builtOnlyByPreviews(String)
        /// `RuleContext.defaultIsolationIsMainActor` (project settings).
        case defaultIsolation
        /// `RuleContext.isPhonePortraitOnly` (project settings: device family, orientations), and
        /// `WorkspaceIndex.allUsersAreInWorkspace` (the packages apps reference).
        case phonePortraitOnly
        /// `viewTreeBuildsNavigationStack(rootedAt:)`.
        case buildsNavigationStack(String)
        /// `isBuiltBesideTabView(_:)`.
        case builtBesideTabView(String)
        /// `RuleContext.isBuiltOnlyAsNavigationDestination(_:)`: whether a view type is only ever pushed.
        case builtOnlyAsDestination(String)
        /// `RuleContext.isBuiltOnlyWhenShown(_:)`: whether a view type is only ever pushed or presented.
        case builtOnlyWhenShown(String)
        /// `RuleContext.isBuiltInRows(_:)`: whether some view builds a view type as the rows of a list over data.
        case builtInRows(String)
        /// `RuleContext.typesReferring(to:)`: which types' code names a type.
        case referringTypes(String)
        /// `RuleContext.viewTreeBuildsControl(rootedAt:)`: whether a view tree builds a control.
        case buildsControl(String)
        /// `WorkspaceAsking.usesInOwnFile(member:)`: whether the file at a path uses a member name.
        case usedInFile(String, member: String)

        /// The names whose announced changes may change the answer (none for the settings
        /// questions, which the settings files' own changes announce).
        public var dependencies: [String] {
            switch self {
            case .typeFact(let question): [question.name]
            case .declaration(let name), .loneInjections(let name, _), .intentControls(let name), .references(let name): [name]
            // Whether callers pass state follows inputs to their own callers, in other files.
            case .initializerLabels(let name): name.hasSuffix(" state") ? [name, FileIndex.stateCallersDependency] : [name]
            // Not the type's name: the uses of its members change with almost every edit of
            // code that names it, and only a file that asked needs a re-lint then.
            case .memberUsers(let type, _), .bodyReaches(let type, _): [FileIndex.memberUsesDependency(of: type)]
            // Built by no view, the answer is who names the view (`WorkspaceIndex.typesReferring`).
            case .builtByNoParentView(let view): [FileIndex.viewTreeDependency, FileIndex.memberUsesDependency(of: view)]
            case .viewTreeHoldsState, .menuContentOnly, .builtOnlyByPreviews, .buildsNavigationStack, .builtBesideTabView, .builtOnlyAsDestination,
                 .builtOnlyWhenShown, .buildsControl, .builtInRows:
                [FileIndex.viewTreeDependency]
            // A change of a file's references announces every name it refers to this way.
            case .referringTypes(let type): [FileIndex.memberUsesDependency(of: type)]
            // The property's declared type is a fact of the type declaring it.
            case .reachedHazard(.propertyMember(let type, _, _, _), _): [FileIndex.reachDependency, type]
            case .reachedHazard: [FileIndex.reachDependency]
            case .elementEdits(let name): [FileIndex.elementEditDependency(of: name)]
            case .usedInFile(let path, _): [FileIndex.ownMemberUsesDependency(of: path)]
            case .defaultIsolation, .phonePortraitOnly: []
            }
        }

        /// True when `workspace` answers differently from `baseline` (the index the question was
        /// asked of: empty, or holding only the project settings), as seen from the file at `path`
        /// (declarations of the file itself are excluded, as `RuleContext` excludes them; uses,
        /// controls and references include them).
        public func isAnsweredDifferently(by workspace: WorkspaceIndex, than baseline: WorkspaceIndex = .empty, forFileAt path: String) -> Bool {
            !isAnsweredAlike(by: baseline, and: workspace, forFileAt: path)
        }

        /// True when both workspaces give the same answer, positions included.
        func isAnsweredAlike(by first: WorkspaceIndex, and second: WorkspaceIndex, forFileAt path: String) -> Bool {
            switch self {
            // Every declaration the name can mean: which one a use means depends on where it stands.
            case .declaration(let name): first.declarations(matching: name, excluding: path) == second.declarations(matching: name, excluding: path)
            case .typeFact(let question): question.answer(by: first, forFileAt: path) == question.answer(by: second, forFileAt: path)
            case .loneInjections(let name, let kind): first.loneInjections(of: name, kind: kind) == second.loneInjections(of: name, kind: kind)
            case .intentControls(let name): first.intentControls(in: name) == second.intentControls(in: name)
            case .references(let name): first.references(of: name) == second.references(of: name)
            // Includes completeness: an incomplete index has no answer (nil), a complete one a set.
            case .initializerLabels(let name): first.initializerLabels(passedTo: name) == second.initializerLabels(passedTo: name)
            case .memberUsers(let type, let member):
                first.filesUsing(member: member, of: type, declaredIn: path) == second.filesUsing(member: member, of: type, declaredIn: path)
            case .bodyReaches(let type, let member):
                first.bodyReaches(member: member, of: type) == second.bodyReaches(member: member, of: type)
            case .viewTreeHoldsState(let root): first.viewTreeHoldsState(rootedAt: root) == second.viewTreeHoldsState(rootedAt: root)
            case .elementEdits(let name): first.filesEditingElements(of: name) == second.filesEditingElements(of: name)
            case .reachedHazard(let target, let kinds):
                first.reachedHazard(from: target, kinds: Set(kinds)) == second.reachedHazard(from: target, kinds: Set(kinds))
            case .menuContentOnly(let name): first.isBuiltOnlyAsMenuContent(name) == second.isBuiltOnlyAsMenuContent(name)
            case .builtByNoParentView(let name): first.isBuiltByNoParentView(name) == second.isBuiltByNoParentView(name)
            case .builtOnlyByPreviews(let name): first.isBuiltOnlyByPreviews(name) == second.isBuiltOnlyByPreviews(name)
            case .buildsNavigationStack(let root): first.viewTreeBuildsNavigationStack(rootedAt: root) == second.viewTreeBuildsNavigationStack(rootedAt: root)
            case .builtBesideTabView(let name): first.isBuiltBesideTabView(name) == second.isBuiltBesideTabView(name)
            case .builtOnlyAsDestination(let name): first.isBuiltOnlyAsNavigationDestination(name) == second.isBuiltOnlyAsNavigationDestination(name)
            case .builtOnlyWhenShown(let name): first.isBuiltOnlyWhenShown(name) == second.isBuiltOnlyWhenShown(name)
            case .builtInRows(let name): first.isBuiltInRows(name) == second.isBuiltInRows(name)
            case .referringTypes(let name): first.typesReferring(to: name) == second.typesReferring(to: name)
            case .buildsControl(let root): first.viewTreeBuildsControl(rootedAt: root) == second.viewTreeBuildsControl(rootedAt: root)
            case .usedInFile(let file, let member): first.fileUses(member: member, inFileAt: file) == second.fileUses(member: member, inFileAt: file)
            case .defaultIsolation: first.defaultIsolationIsMainActor == second.defaultIsolationIsMainActor
            case .phonePortraitOnly: first.isPhonePortraitOnly(forFileAt: path) == second.isPhonePortraitOnly(forFileAt: path)
                && first.fillsScreenInPortraitOnly(forFileAt: path) == second.fillsScreenInPortraitOnly(forFileAt: path)
                && first.windowIsAlwaysTheScreen(forFileAt: path) == second.windowIsAlwaysTheScreen(forFileAt: path)
                && first.allUsersAreInWorkspace(forFileAt: path) == second.allUsersAreInWorkspace(forFileAt: path)
            }
        }

        /// `workspace`'s answer hashed (`hashAnswer`): equal answers hash alike, so two versions of
        /// the index whose hashes differ answer differently.
        func answerHash(by workspace: WorkspaceIndex, forFileAt path: String) -> Int {
            var hasher = Hasher()
            hashAnswer(by: workspace, forFileAt: path, into: &hasher)
            return hasher.finalize()
        }

        /// Feeds `workspace`'s answer to `hasher`, as `isAnsweredAlike` compares it (positions
        /// included): equal answers hash alike.
        func hashAnswer(by workspace: WorkspaceIndex, forFileAt path: String, into hasher: inout Hasher) {
            hasher.combine(self)
            switch self {
            case .declaration(let name): hasher.combine(workspace.declarations(matching: name, excluding: path))
            case .typeFact(let question): hasher.combine(question.answer(by: workspace, forFileAt: path))
            case .loneInjections(let name, let kind): hasher.combine(workspace.loneInjections(of: name, kind: kind))
            case .intentControls(let name): hasher.combine(workspace.intentControls(in: name))
            case .references(let name): hasher.combine(workspace.references(of: name))
            case .initializerLabels(let name): hasher.combine(workspace.initializerLabels(passedTo: name))
            case .memberUsers(let type, let member): hasher.combine(workspace.filesUsing(member: member, of: type, declaredIn: path))
            case .bodyReaches(let type, let member): hasher.combine(workspace.bodyReaches(member: member, of: type))
            case .viewTreeHoldsState(let root): hasher.combine(workspace.viewTreeHoldsState(rootedAt: root))
            case .elementEdits(let name): hasher.combine(workspace.filesEditingElements(of: name))
            case .reachedHazard(let target, let kinds): hasher.combine(workspace.reachedHazard(from: target, kinds: Set(kinds)))
            case .menuContentOnly(let name): hasher.combine(workspace.isBuiltOnlyAsMenuContent(name))
            case .builtByNoParentView(let name): hasher.combine(workspace.isBuiltByNoParentView(name))
            case .builtOnlyByPreviews(let name): hasher.combine(workspace.isBuiltOnlyByPreviews(name))
            case .buildsNavigationStack(let root): hasher.combine(workspace.viewTreeBuildsNavigationStack(rootedAt: root))
            case .builtBesideTabView(let name): hasher.combine(workspace.isBuiltBesideTabView(name))
            case .builtOnlyAsDestination(let name): hasher.combine(workspace.isBuiltOnlyAsNavigationDestination(name))
            case .builtOnlyWhenShown(let name): hasher.combine(workspace.isBuiltOnlyWhenShown(name))
            case .builtInRows(let name): hasher.combine(workspace.isBuiltInRows(name))
            case .referringTypes(let name): hasher.combine(workspace.typesReferring(to: name))
            case .buildsControl(let root): hasher.combine(workspace.viewTreeBuildsControl(rootedAt: root))
            case .usedInFile(let file, let member): hasher.combine(workspace.fileUses(member: member, inFileAt: file))
            case .defaultIsolation: hasher.combine(workspace.defaultIsolationIsMainActor)
            case .phonePortraitOnly:
                hasher.combine(workspace.isPhonePortraitOnly(forFileAt: path))
                hasher.combine(workspace.fillsScreenInPortraitOnly(forFileAt: path))
                hasher.combine(workspace.windowIsAlwaysTheScreen(forFileAt: path))
                hasher.combine(workspace.allUsersAreInWorkspace(forFileAt: path))
            }
        }
    }

    /// By rule ID, each rule's questions once. Kept as arrays of exactly their count, not sets: every
    /// file of the index holds its questions for as long as it is indexed, and a set's hash table
    /// is about twice its elements (the server's memory budget); they are only ever scanned.
    public private(set) var byRule: [String: [Query]]

    public init(byRule: [String: Set<Query>] = [:]) {
        self.byRule = byRule.mapValues { Array($0) }
    }

    /// The same questions, whatever order each rule's were kept in.
    public static func == (lhs: WorkspaceQueries, rhs: WorkspaceQueries) -> Bool {
        lhs.byRule.count == rhs.byRule.count && lhs.byRule.allSatisfy { rule, queries in
            guard let other = rhs.byRule[rule], other.count == queries.count else { return false }
            return queries == other || Set(queries) == Set(other)
        }
    }

    public var isEmpty: Bool { byRule.isEmpty }

    /// Every name a question of any rule depends on (`Query.dependencies`).
    public var names: Set<String> {
        byRule.values.reduce(into: Set<String>()) { names, queries in
            for query in queries { names.formUnion(query.dependencies) }
        }
    }

    /// The rules that would have to run again with `workspace`, because it answers
    /// one of their questions differently from `baseline`, the workspace they ran with.
    public func rulesAnsweredDifferently(by workspace: WorkspaceIndex, than baseline: WorkspaceIndex = .empty, forFileAt path: String) -> Set<String> {
        Set(byRule.compactMap { rule, queries in
            queries.contains { $0.isAnsweredDifferently(by: workspace, than: baseline, forFileAt: path) } ? rule : nil
        })
    }

    /// Answer hashes (`Query.answerHash`) of one workspace, as seen from one file, each computed
    /// once: a lint of an open document checks the answers of every item it takes over, keeps
    /// them in its memo and digests them for the result ID, often the same questions.
    public struct AnswerHashes: Sendable {
        let workspace: WorkspaceIndex
        let path: String
        private(set) var known: [Query: Int]

        init(workspace: WorkspaceIndex, path: String, known: [Query: Int] = [:]) {
            self.workspace = workspace
            self.path = path
            self.known = known
        }

        mutating func hash(of query: Query) -> Int {
            if let hash = known[query] { return hash }
            let hash = query.answerHash(by: workspace, forFileAt: path)
            known[query] = hash
            return hash
        }
    }

    /// A digest of `workspace`'s answers to every question asked, as seen from the file at
    /// `path`. The rules that asked them report the same with any workspace whose digest is
    /// equal (up to a hash collision): the walk is deterministic, so the same answers lead to
    /// the same further questions. The server's pull result IDs carry it, so an index change
    /// that leaves a file's answers alone does not re-send its report. Valid in one process
    /// only (`Hasher` is seeded per process).
    /// `known`: answer hashes already computed with the same `workspace` for `path` (a lint's memo's).
    public func answerDigest(by workspace: WorkspaceIndex, forFileAt path: String, known: LintMemo? = nil) -> Int {
        // The same question from several rules has one answer; sorted so equal sets hash alike.
        // Each question hashed with its answer alone, the results sorted: no text form of the
        // questions is built (the server takes this digest after every lint).
        let asked = byRule.values.reduce(into: Set<Query>()) { $0.formUnion($1) }
        var hashes = AnswerHashes(workspace: workspace, path: path,
                                  known: known.map { $0.context.path == path ? $0.answers : [:] } ?? [:])
        var digests = asked.map { hashes.hash(of: $0) }
        digests.sort()
        var hasher = Hasher()
        for digest in digests { hasher.combine(digest) }
        return hasher.finalize()
    }

    /// True when a finished index surely answers some question differently from the empty one:
    /// it has an answer where the empty index has none (the labels callers pass, the uses of a
    /// member, which types refer to a type, what a view tree holds, for a root some file declares).
    public var isSurelyAnsweredDifferently: Bool {
        byRule.values.contains { queries in
            queries.contains { query in
                switch query {
                case .initializerLabels, .memberUsers, .bodyReaches, .referringTypes, .viewTreeHoldsState, .buildsNavigationStack, .buildsControl, .usedInFile: true
                default: false
                }
            }
        }
    }

    /// True when some question might be answered differently by a workspace whose files may
    /// declare `declaredElsewhere` (a superset is enough) than by the index holding only the
    /// project settings that the questions were asked of. Cheap, before the index exists:
    /// decides which trees to keep.
    public func mightBeAnsweredDifferently(declaredElsewhere: (String) -> Bool) -> Bool {
        byRule.values.contains { queries in
            queries.contains { query in
                switch query {
                // `DeclaredTypeNames` holds simple names (and dotted extensions' parts).
                case .declaration(let name): declaredElsewhere(TypeNames.simple(name) ?? name)
                case .typeFact(let question): declaredElsewhere(TypeNames.simple(question.name) ?? question.name)
                // Every finished index answers the labels and member questions (the empty one does not).
                case .loneInjections, .intentControls, .references, .initializerLabels, .memberUsers, .bodyReaches, .reachedHazard, .elementEdits,
                     .viewTreeHoldsState, .menuContentOnly, .builtByNoParentView, .builtOnlyByPreviews, .buildsNavigationStack, .builtBesideTabView, .builtOnlyAsDestination,
                     .builtOnlyWhenShown, .referringTypes, .buildsControl, .usedInFile, .builtInRows: true
                // Settings questions: answered alike.
                case .phonePortraitOnly, .defaultIsolation: false
                }
            }
        }
    }

}

extension WorkspaceQueries.Query {
    /// True when the answer holds positions in the file at `path` (an index entry of the
    /// file itself): a result built from it keeps them where they are when the item moves.
    func answerNamesPlaces(in path: String, of workspace: WorkspaceIndex) -> Bool {
        switch self {
        case .loneInjections(let name, let kind): workspace.loneInjections(of: name, kind: kind).contains { $0.path == path }
        case .intentControls(let name): workspace.intentControls(in: name).contains { $0.path == path }
        // A helper in the asking file itself: the finding's related location points into it.
        case .reachedHazard(let target, let kinds): workspace.reachedHazard(from: target, kinds: Set(kinds))?.path == path
        case .declaration, .typeFact, .references, .initializerLabels, .memberUsers, .elementEdits, .bodyReaches, .viewTreeHoldsState, .menuContentOnly, .builtByNoParentView, .builtOnlyByPreviews, .defaultIsolation, .phonePortraitOnly, .buildsNavigationStack, .builtBesideTabView, .builtOnlyAsDestination,
             .builtOnlyWhenShown, .referringTypes, .buildsControl, .usedInFile, .builtInRows: false  // labels and users carry no positions; declarations are asked excluding this file
        }
    }

    /// A sortable text form (stable descriptions, encoding).
    var key: String {
        switch self {
        case .declaration(let name): "d:" + name
        case .typeFact(let question): "q:" + question.key
        // `e:o Store` (object injections), `e:b Store` (observable ones).
        case .loneInjections(let name, let kind): "e:" + (kind == .injectObject ? "o " : "b ") + name
        case .intentControls(let name): "i:" + name
        case .references(let name): "r:" + name
        case .initializerLabels(let name): "l:" + name
        // A member name has no space; a type name may (`Array<Item>` is not asked, but be safe): split at the last.
        case .memberUsers(let type, let member): "m:" + type + " " + member
        case .bodyReaches(let type, let member): "b:" + type + " " + member
        case .viewTreeHoldsState(let root): "v:" + root
        case .elementEdits(let name): "x:" + name
        // Kinds' letters, then the target: `h:t m Feature.Row relativeTime` (a member, owner may be
        // empty), `h:s s - screenW` (a static member of an inferred type).
        case .reachedHazard(let target, let kinds):
            "h:" + String(kinds.map(\.letter).sorted()) + " " + {
                switch target {
                case .member(let owner, let name): "m " + owner + " " + name
                case .staticMember(let owner, let name): "s " + (owner ?? "-") + " " + name
                case .valueMember(let owner, let name): "v " + owner + " " + name
                case .extensionMember(let name): "e - " + name
                case .typeNamedMember(let type, let scope, let name, let shared): (shared ? "p " : "t ") + type + " " + scope + " " + name
                case .propertyMember(let type, let scope, let property, let name): "r " + type + " " + scope + " " + property + " " + name
                }
            }()
        case .menuContentOnly(let name): "n:" + name
        case .builtByNoParentView(let name): "a:" + name
        case .builtOnlyByPreviews(let name): "w:" + name
        case .defaultIsolation: "s:"
        case .phonePortraitOnly: "p:"
        case .buildsNavigationStack(let root): "k:" + root
        case .builtBesideTabView(let name): "t:" + name
        case .builtOnlyAsDestination(let name): "g:" + name
        case .builtOnlyWhenShown(let name): "o:" + name
        case .builtInRows(let name): "j:" + name
        case .referringTypes(let name): "y:" + name
        case .buildsControl(let root): "c:" + root
        // A member name has no space; a path may: split at the first.
        case .usedInFile(let path, let member): "u:" + member + " " + path
        }
    }

    init?(key: String) {
        guard key.count >= 2, key.dropFirst().first == ":" else { return nil }
        let name = String(key.dropFirst(2))
        switch key.first {
        case "d": self = .declaration(name)
        case "e":
            guard let space = name.firstIndex(of: " ") else { return nil }
            let letter = name[..<space], type = String(name[name.index(after: space)...])
            guard letter == "o" || letter == "b" else { return nil }
            self = .loneInjections(type, kind: letter == "o" ? .injectObject : .injectObservable)
        case "i": self = .intentControls(name)
        case "r": self = .references(name)
        case "l": self = .initializerLabels(name)
        case "v": self = .viewTreeHoldsState(name)
        case "x": self = .elementEdits(name)
        case "n": self = .menuContentOnly(name)
        case "a": self = .builtByNoParentView(name)
        case "w": self = .builtOnlyByPreviews(name)
        case "q":
            guard let question = TypeFactQuestion(key: name) else { return nil }
            self = .typeFact(question)
        case "m", "b":
            guard let space = name.lastIndex(of: " ") else { return nil }
            let (type, member) = (String(name[..<space]), String(name[name.index(after: space)...]))
            self = key.first == "m" ? .memberUsers(type, member: member) : .bodyReaches(type, member: member)
        case "h":
            let parts = name.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            // Kinds, the target's letter, then its fields: `r` has four, `t` and `p` three, the others two.
            guard parts.count == 2 + (["r": 4, "t": 3, "p": 3][parts.dropFirst().first ?? ""] ?? 2) else { return nil }
            var kinds: [ReachHazard.Kind] = []
            for letter in parts[0] {
                guard let kind = ReachHazard.Kind.allCases.first(where: { $0.letter == letter }) else { return nil }
                kinds.append(kind)
            }
            kinds.sort { $0.rawValue < $1.rawValue }
            switch parts[1] {
            case "m": self = .reachedHazard(.member(owner: parts[2], name: parts[3]), kinds: kinds)
            case "s": self = .reachedHazard(.staticMember(owner: parts[2] == "-" ? nil : parts[2], name: parts[3]), kinds: kinds)
            case "v": self = .reachedHazard(.valueMember(owner: parts[2], name: parts[3]), kinds: kinds)
            case "e": self = .reachedHazard(.extensionMember(name: parts[3]), kinds: kinds)
            case "t", "p":
                self = .reachedHazard(.typeNamedMember(type: parts[2], scope: parts[3], name: parts[4], sharedInstance: parts[1] == "p"), kinds: kinds)
            case "r": self = .reachedHazard(.propertyMember(type: parts[2], scope: parts[3], property: parts[4], name: parts[5]), kinds: kinds)
            default: return nil
            }
        case "s": self = .defaultIsolation
        case "p": self = .phonePortraitOnly
        case "k": self = .buildsNavigationStack(name)
        case "t": self = .builtBesideTabView(name)
        case "g": self = .builtOnlyAsDestination(name)
        case "o": self = .builtOnlyWhenShown(name)
        case "j": self = .builtInRows(name)
        case "y": self = .referringTypes(name)
        case "c": self = .buildsControl(name)
        case "u":
            guard let space = name.firstIndex(of: " ") else { return nil }
            self = .usedInFile(String(name[name.index(after: space)...]), member: String(name[..<space]))
        default: return nil
        }
    }
}

extension WorkspaceQueries {
    /// Rule by rule, sorted: for the cache encoding and the index's stable description.
    var sortedKeys: [(rule: String, queries: [String])] {
        byRule.sorted { $0.key < $1.key }.map { ($0.key, $0.value.map(\.key).sorted()) }
    }

    func encode(into writer: inout BinaryWriter) {
        let sorted = sortedKeys
        writer.int(sorted.count)
        for (rule, queries) in sorted {
            writer.string(rule)
            writer.strings(queries)
        }
    }

    init?(from reader: inout BinaryReader) {
        guard let count = reader.count() else { return nil }
        var byRule: [String: Set<Query>] = [:]
        for _ in 0..<count {
            guard let rule = reader.string(), let keys = reader.strings() else { return nil }
            var queries: Set<Query> = []
            for key in keys {
                guard let query = Query(key: key) else { return nil }
                queries.insert(query)
            }
            byRule[rule] = queries
        }
        self.init(byRule: byRule)
    }
}
