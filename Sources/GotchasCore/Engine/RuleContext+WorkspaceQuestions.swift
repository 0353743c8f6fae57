import SwiftSyntax

/// The workspace questions a rule asks: through its `RuleContext`, or in a late decision
/// (`RuleContext.decideLater`) through `LateQuestions`, with the same answers. Each records
/// what it asked (`WorkspaceQueries`), so the front ends re-lint exactly the files whose
/// answers changed.
public protocol WorkspaceAsking: AnyObject {
    /// What other files say (empty for a lone file).
    var workspace: WorkspaceIndex { get }
    /// The path of the file asking.
    var path: String { get }
    /// Types declared in the asking file, by qualified name, merged across extensions.
    var fileTypes: [String: TypeScope] { get }
    /// The qualified name of the innermost type where the question stands ("" at the top
    /// level): a type name is resolved from there outwards.
    var lexicalScope: String { get }
    /// Notes a question as asked (the methods below call it), so front ends re-lint exactly
    /// the files whose answers changed.
    func recordQuestion(_ query: WorkspaceQueries.Query)
}

extension WorkspaceAsking {
    /// A type by name, as a use of it where the walk stands means it (see `resolve(typeNamed:)`);
    /// nil when no declaration is known or the name is ambiguous. Records the look-up
    /// so front ends know which files depend on which declarations.
    public func type(named name: String) -> TypeScope? { declaration(of: name)?.scope }

    /// A type by name with the path of its primary declaration (for related locations);
    /// nil when unknown or ambiguous.
    public func declaration(of name: String) -> TypeDeclaration? {
        if case .unique(let declaration) = resolve(typeNamed: name) { return declaration }
        return nil
    }

    /// What a use of `name` (`StateModel`, `Feature.StateModel`) at the walk's position means,
    /// by lexical scope: the innermost enclosing type's members first (`Feature.View.StateModel`),
    /// then each enclosing type's outwards (`Feature.StateModel`), then the module's top level
    /// (`StateModel`). Without a match on that path, a name declared once anywhere is that
    /// declaration (another module's spelling, a type nested where the code qualifies it);
    /// declared several times, it is ambiguous — never one arbitrary match. This file's
    /// declarations are merged with the workspace's (an extension here with the type
    /// declared elsewhere). Records the look-up.
    public func resolve(typeNamed name: String) -> TypeResolution {
        recordQuestion(.declaration(name))
        return resolveUnrecorded(typeNamed: name)
    }

    /// Whether `fact` holds of the type a use of `name` means here (`resolve(typeNamed:)`);
    /// false when the name is unknown or ambiguous. Records only that narrower question
    /// (`TypeFactQuestion`): what else the type's declarations say does not change its answer.
    public func typeFact(_ fact: TypeFactQuestion.Fact, of name: String) -> Bool {
        typeFact(typeFactQuestion(fact, of: name))
    }

    /// The question `typeFact(_:of:)` asks, with what this file says of the name where the
    /// question stands.
    public func typeFactQuestion(_ fact: TypeFactQuestion.Fact, of name: String) -> TypeFactQuestion {
        let local = TypeMatching.names(matching: name, in: fileTypes).sorted().map { TypeShape(fileTypes[$0]!, member: fact.member) }
        return TypeFactQuestion(fact: fact, name: name, scope: lexicalScope, local: local)
    }

    /// The declaration `name` means here when it is of `kind` (a class, a struct); nil otherwise.
    /// The whole declaration is asked only when its kind is the one wanted, so `@State var
    /// title: String` does not depend on every `extension String` in the workspace.
    public func declaration(of name: String, ifKind kind: TypeScope.Kind) -> TypeDeclaration? {
        guard typeFact(.isKind(kind), of: name) else { return nil }
        return declaration(of: name)
    }

    /// `resolve(typeNamed:)` without recording: the caller records the question its answer is
    /// read for. Every fact of the result is a function of the file and of the workspace's
    /// `declarations(matching:excluding:)`.
    private func resolveUnrecorded(typeNamed name: String) -> TypeResolution {
        let remote = workspace.declarations(matching: name, excluding: path)
        var candidates = Set(remote.map(\.scope.qualifiedName))
        for qualified in TypeMatching.names(matching: name, in: fileTypes) { candidates.insert(qualified) }
        guard !candidates.isEmpty else { return .unknown }
        if let chosen = TypeMatching.chosen(name, among: candidates, from: lexicalScope) {
            return .unique(merged(chosen, remote: remote))
        }
        return .ambiguous(candidates.sorted().map { merged($0, remote: remote) })
    }

    /// The declaration named `qualified`: this file's merged with the workspace's
    /// (`TypeMatching.merged`), at the primary declaration's path.
    private func merged(_ qualified: String, remote: [TypeDeclaration]) -> TypeDeclaration {
        let remote = remote.first { $0.scope.qualifiedName == qualified }
        let local = fileTypes[qualified]
        let scope = TypeMatching.merged(local: local, remote: remote?.scope)!
        let primaryIsRemote = local == nil || (local?.kind == .extension && remote != nil)
        return TypeDeclaration(path: primaryIsRemote ? remote!.path : path, scope: scope)
    }

    /// Whether the fact `question` asks about holds of the type it names
    /// (`RuleContext.typeFactQuestion`). Records the question.
    public func typeFact(_ question: TypeFactQuestion) -> Bool {
        recordQuestion(.typeFact(question))
        return question.answer(by: workspace, forFileAt: path)
    }

    /// The environment injections of `typeName` of `kind` (`.injectObject`, `.injectObservable`)
    /// in the workspace (as last indexed, this file included), or none when it is also injected
    /// the other way. Records the look-up: the answer is the rule's whole decision, so the many
    /// edits that add a read of the type elsewhere answer it alike.
    public func loneInjections(of typeName: String, kind: EnvironmentUse.Kind) -> [EnvironmentUse] {
        recordQuestion(.loneInjections(typeName, kind: kind))
        return workspace.loneInjections(of: typeName, kind: kind)
    }

    /// Intent controls (`Button(intent:)`, `Toggle(…, intent:)`) in the code of a type,
    /// from the workspace index (this file as last indexed included). Records the look-up.
    public func intentControls(in typeName: String) -> [IntentControlUse] {
        recordQuestion(.intentControls(typeName))
        return workspace.intentControls(in: typeName)
    }

    /// Uppercase names the code of a type refers to (workspace index). Records the look-up.
    public func references(of typeName: String) -> Set<String> {
        recordQuestion(.references(typeName))
        return workspace.references(of: typeName)
    }

    /// The argument labels call sites in the workspace pass to `typeName`'s initializer
    /// (`Row(item: i, count: 3)` → `item`, `count`; this file as last indexed included),
    /// or nil when the workspace is not completely indexed (a lone file's first pass, the
    /// server before its indexing ended). Records the look-up.
    public func initializerLabels(passedTo typeName: String) -> Set<String>? {
        recordQuestion(.initializerLabels(typeName))
        return workspace.initializerLabels(passedTo: typeName)
    }

    /// The files whose code may use `member`, declared in this file, of the type `typeName`
    /// (qualified, as `TypeScope.qualifiedName`) from outside what `private` allows — see
    /// `WorkspaceIndex.filesUsing(member:of:declaredIn:)`; this file (as last indexed) is
    /// among them when another of its types uses it. Nil while the workspace is not
    /// completely indexed. Records the question.
    public func filesUsing(member: String, of typeName: String) -> [String]? {
        recordQuestion(.memberUsers(typeName, member: member))
        return workspace.filesUsing(member: member, of: typeName, declaredIn: path)
    }

    /// True when the type's `body` reaches `member` (see `WorkspaceIndex.bodyReaches`), over
    /// every file of the type as last indexed; nil while the workspace is not completely
    /// indexed. Records the question.
    public func bodyReaches(member: String, of typeName: String) -> Bool? {
        recordQuestion(.bodyReaches(typeName, member: member))
        return workspace.bodyReaches(member: member, of: typeName)
    }

    /// The first hazard of one of `kinds` (a formatter built, JSON decoded, …) that the code
    /// `target` names reaches when it runs, up to `WorkspaceIndex.reachDepth` calls away in any
    /// file, with the members on the way (see `WorkspaceIndex.reachedHazard`); nil when none is,
    /// and while the workspace is not completely indexed. Records the question.
    public func reachedHazard(from target: ReachTarget, kinds: Set<ReachHazard.Kind>) -> ReachedHazard? {
        recordQuestion(.reachedHazard(target, kinds: kinds.sorted { $0.rawValue < $1.rawValue }))
        return workspace.reachedHazard(from: target, kinds: kinds)
    }

    /// The files whose code edits elements of a collection named `name` in place (see
    /// `WorkspaceIndex.filesEditingElements(of:)`), this file as last indexed included; empty while
    /// the workspace is not completely indexed. Records the question.
    public func filesEditingElements(of name: String) -> [String] {
        recordQuestion(.elementEdits(name))
        return workspace.filesEditingElements(of: name)
    }

    /// The files whose code assigns a collection named `name` whole or removes from it outside an
    /// `init` (`items = try load()`, `store.items.removeAll()`): it can shrink while rows show it.
    /// Empty while the workspace is not completely indexed. Records the question.
    public func filesShrinking(_ name: String) -> [String] {
        filesEditingElements(of: FileIndex.shrinkKey(of: name))
    }

    /// The files whose code changes a value named `name` after it is made (assigns it, mutates it,
    /// edits it in place: `FileIndex.writeKey(of:)`), outside an `init` or in a closure an `init`
    /// leaves behind. Empty while the workspace is not completely indexed. Records the question.
    public func filesChanging(_ name: String) -> [String] {
        filesEditingElements(of: FileIndex.writeKey(of: name))
    }

    /// True when the view tree rooted at the type named `root` holds state a reused host could
    /// carry over (see `WorkspaceIndex.viewTreeHoldsState`); nil while the workspace is not
    /// completely indexed or no file declares `root`. Records the question.
    public func viewTreeHoldsState(rootedAt root: String) -> Bool? {
        recordQuestion(.viewTreeHoldsState(root))
        return workspace.viewTreeHoldsState(rootedAt: root)
    }

    /// True when the view tree rooted at the type named `root` builds its own navigation container
    /// (`WorkspaceIndex.navigationContainers`, see `WorkspaceIndex.viewTreeBuildsNavigationStack`); nil while the
    /// workspace is not completely indexed or no file declares `root`. Records the question.
    public func viewTreeBuildsNavigationStack(rootedAt root: String) -> Bool? {
        recordQuestion(.buildsNavigationStack(root))
        return workspace.viewTreeBuildsNavigationStack(rootedAt: root)
    }

    /// True when some type that builds the view `name` also builds a `TabView` (see
    /// `WorkspaceIndex.isBuiltBesideTabView`); false while not completely indexed. Records the question.
    public func isBuiltBesideTabView(_ name: String) -> Bool {
        recordQuestion(.builtBesideTabView(name))
        return workspace.isBuiltBesideTabView(name)
    }

    /// True when every place that builds the view type `name` is menu content (see
    /// `WorkspaceIndex.isBuiltOnlyAsMenuContent`); false while the workspace is not completely
    /// indexed. Records the question.
    public func isBuiltOnlyAsMenuContent(_ name: String) -> Bool {
        recordQuestion(.menuContentOnly(name))
        return workspace.isBuiltOnlyAsMenuContent(name)
    }

    /// True when every place that builds the view type `name` is a pushed navigation destination
    /// (see `WorkspaceIndex.isBuiltOnlyAsNavigationDestination`); false while not completely
    /// indexed. Records the question.
    public func isBuiltOnlyAsNavigationDestination(_ name: String) -> Bool {
        recordQuestion(.builtOnlyAsDestination(name))
        return workspace.isBuiltOnlyAsNavigationDestination(name)
    }

    /// True when the view tree rooted at the type named `root` builds a control the user acts on (see
    /// `WorkspaceIndex.viewTreeBuildsControl`); nil while the workspace is not completely indexed or
    /// no file declares `root`. Records the question.
    public func viewTreeBuildsControl(rootedAt root: String) -> Bool? {
        recordQuestion(.buildsControl(root))
        return workspace.viewTreeBuildsControl(rootedAt: root)
    }

    /// True when every place that builds the view type `name` is a pushed destination or presented
    /// content (see `WorkspaceIndex.isBuiltOnlyWhenShown`); false while not completely indexed.
    /// Records the question.
    public func isBuiltOnlyWhenShown(_ name: String) -> Bool {
        recordQuestion(.builtOnlyWhenShown(name))
        return workspace.isBuiltOnlyWhenShown(name)
    }

    /// Whether some view's rendered code builds the view type `name` as the rows of a list over data
    /// (`ForEach(devices) { DeviceRow(device: $0) }`): every update of that view makes every row again.
    /// False while the workspace is not completely indexed. Records the question.
    public func isBuiltInRows(_ name: String) -> Bool {
        recordQuestion(.builtInRows(name))
        return workspace.isBuiltInRows(name)
    }

    /// The types whose code names the type `name` (simple names, `""` for code outside any type; see
    /// `WorkspaceIndex.typesReferring(to:)`); nil while the workspace is not completely indexed.
    /// Records the question.
    public func typesReferring(to name: String) -> [String]? {
        recordQuestion(.referringTypes(name))
        return workspace.typesReferring(to: name)
    }

    /// True when no view's rendered code builds the view type `name`: an `App`'s scene, a hosting
    /// controller's root, a screen an action pushes (see `WorkspaceIndex.isBuiltByNoParentView`);
    /// false while not completely indexed. Records the question.
    public func isBuiltByNoParentView(_ name: String) -> Bool {
        recordQuestion(.builtByNoParentView(name))
        return workspace.isBuiltByNoParentView(name)
    }

    /// True when every place that builds the view type `name` is preview code (see
    /// `WorkspaceIndex.isBuiltOnlyByPreviews`); false while not completely indexed. Records the question.
    public func isBuiltOnlyByPreviews(_ name: String) -> Bool {
        recordQuestion(.builtOnlyByPreviews(name))
        return workspace.isBuiltOnlyByPreviews(name)
    }

    /// True when the workspace's project settings make `MainActor` the default isolation.
    public var defaultIsolationIsMainActor: Bool {
        recordQuestion(.defaultIsolation)
        return workspace.defaultIsolationIsMainActor
    }

    /// True when the Xcode settings of the file's app say iPhone only and portrait only
    /// (`DeviceFamilySetting`): never in split view, slide-over or Stage Manager, never rotated.
    public var isPhonePortraitOnly: Bool {
        recordQuestion(.phonePortraitOnly)
        return workspace.isPhonePortraitOnly(forFileAt: path)
    }

    /// True when the file's app always has the whole screen, in portrait: iPhone only and portrait
    /// only, or iPhone and iPad with `UIRequiresFullScreen` and portrait only (recorded as the
    /// same question as `isPhonePortraitOnly`, whose answer covers both).
    public var fillsScreenInPortraitOnly: Bool {
        recordQuestion(.phonePortraitOnly)
        return workspace.fillsScreenInPortraitOnly(forFileAt: path)
    }

    /// True when the file's app always has the whole screen in any orientation: iPhone only, or
    /// iPad with `UIRequiresFullScreen` (the same recorded question as `isPhonePortraitOnly`,
    /// whose answer rests on the same settings).
    public var windowIsAlwaysTheScreen: Bool {
        recordQuestion(.phonePortraitOnly)
        return workspace.windowIsAlwaysTheScreen(forFileAt: path)
    }
}
