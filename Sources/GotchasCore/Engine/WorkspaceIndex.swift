/// Declarations from the files of a workspace, for rules that need to know about a
/// type declared elsewhere. A value: the front ends build it (CLI: from pass one;
/// server: kept current file by file) and hand it to the engine per lint.
///
/// Merging is by sorted path, so results never depend on the order files were added.
public struct WorkspaceIndex: Sendable {
    /// Per-file entries, by path.
    public private(set) var files: [String: FileIndex] = [:]
    /// Types by qualified name (`Feature.StateModel`), merged across files and extensions.
    public private(set) var types: [String: TypeScope] = [:]
    /// The qualified names declared under each simple name (`StateModel` →
    /// `Feature.StateModel`, `Settings.StateModel`): the candidates a use of a name can mean.
    private var qualifiedNames: [String: Set<String>] = [:]
    /// Paths declaring each qualified type name, sorted.
    private var declaringPaths: [String: [String]] = [:]
    /// Paths whose environment uses, intent controls or references mention each type
    /// name: kept current file by file so no query scans every file.
    private var environmentPaths: [String: NameSet] = [:]
    private var intentPaths: [String: NameSet] = [:]
    private var referencePaths: [String: NameSet] = [:]
    private var initializerLabelPaths: [String: NameSet] = [:]
    /// Paths whose code of each type (by qualified name) uses lowercase names, and paths
    /// whose code names each type (by simple name): who may use a member of it.
    private var memberUsePaths: [String: NameSet] = [:]
    /// Paths holding what members of each type (qualified name) reach (`FileIndex.memberReach`).
    private var memberReachPaths: [String: NameSet] = [:]
    private var namingPaths: [String: NameSet] = [:]
    /// The `builtViews` keys under which each view name is built, with how many files build
    /// it there: "is it built only where…" without visiting every file. Not for SwiftUI's own
    /// views (`WorkspaceIndex.frameworkViewNames`): nearly every view builds a `Text` or a
    /// `VStack`, so theirs were the largest entries, and only a project's own type of that name
    /// is ever asked about (`builders(of:)` then looks through the files).
    private var builderKeys: [String: [String: Int]] = [:]
    /// Files by member key and hazard keys by member name, for reach questions (`ReachHazard.swift`).
    private(set) var reach = ReachMaps()
    /// Paths by each name they refer to or asked about (`FileIndex.referencedTypeNames`):
    /// `dependents(on:)` without visiting every file.
    private var dependentPaths: [String: NameSet] = [:]
    /// True when the index holds every file the front end lints (the CLI's finished
    /// index; the server's once the background indexing ended). Until then a question
    /// whose answer is "nowhere" (`initializerLabels(passedTo:)`) has no answer.
    public var isComplete: Bool
    /// True when the index holds the whole project its files belong to (a lint of folders, the
    /// server's workspace), not only files named one by one (a pre-commit hook's staged files):
    /// only then does "no code names this view" mean none does.
    public var coversProject = true
    /// Project settings files (Package.swift, *.xcconfig, project.pbxproj) by path,
    /// and whether each sets default `MainActor` isolation.
    public private(set) var settings: [String: Bool] = [:]

    public init() { isComplete = false }

    /// The index of `files`; `isComplete` unless told otherwise.
    public init(files: [FileIndex], isComplete: Bool = true) {
        self.isComplete = isComplete
        // Bookkeeping per file, then one merge per type name (not one per file and name).
        var names: Set<String> = []
        // In path order: each path then joins its sets (`NameSet`, sorted) at their end.
        for file in files.sorted(by: { $0.path < $1.path }) {
            self.files[file.path] = file
            reregister(file.path, from: nil, to: file)
            names.formUnion(file.types.keys)
        }
        for name in names { rebuild(name) }
    }

    public static let empty = WorkspaceIndex()

    /// True when a package manifest or build setting makes `MainActor` the default isolation.
    public var defaultIsolationIsMainActor: Bool { settings.values.contains(true) }

    /// The device families and orientations of Xcode projects and xcconfigs, by path.
    public private(set) var deviceFamilies: [String: DeviceFamilySetting] = [:]

    /// True when the app the file at `path` runs in is iPhone only, portrait only. A local
    /// package's code runs in the apps whose Xcode projects reference it: their settings
    /// decide (the pbxproj, and the xcconfigs and Info.plists whose nearest project it is,
    /// the packages' own left out); any other file, every setting of the workspace.
    public func isPhonePortraitOnly(forFileAt written: String) -> Bool {
        DeviceFamilySetting.isPhonePortraitOnly(deviceFamilySettings(forFileAt: written))
    }

    /// True when the app the file at `path` runs in always has the whole screen, in portrait
    /// (`DeviceFamilySetting.fillsScreenInPortraitOnly`), decided over the same settings.
    public func fillsScreenInPortraitOnly(forFileAt written: String) -> Bool {
        DeviceFamilySetting.fillsScreenInPortraitOnly(deviceFamilySettings(forFileAt: written))
    }

    /// `DeviceFamilySetting.windowIsAlwaysTheScreen` for the file at `written`.
    public func windowIsAlwaysTheScreen(forFileAt written: String) -> Bool {
        DeviceFamilySetting.windowIsAlwaysTheScreen(deviceFamilySettings(forFileAt: written))
    }

    /// True when every module that can use the code of the file at `written` is in the workspace:
    /// the file is in a local package an Xcode project of the workspace references, or in no
    /// package but under an Xcode project's folder (an app's code, or a framework of its project).
    /// Only then does "no code names this `public` view" mean none does; a library's public views
    /// are for code elsewhere, and without project files nothing tells an app from a library.
    public func allUsersAreInWorkspace(forFileAt written: String) -> Bool {
        let path = StandardizedPath.of(written)
        func innermost(_ folders: [String]) -> String? {
            folders.filter { path.hasPrefix($0 + "/") }.max { $0.utf8.count < $1.utf8.count }
        }
        let packageRoots = settings.keys.filter { ProjectSettings.kind(ofPath: $0) == .manifest }.compactMap(ProjectSettingsFiles.parent(of:))
        if let root = innermost(packageRoots) {
            return deviceFamilies.values.contains { $0.localPackages.contains(root) }
        }
        let projects = settings.keys.filter { ProjectSettings.kind(ofPath: $0) == .xcodeProject }.map(XcodeProjectModel.folder(ofProject:))
        return innermost(projects) != nil
    }

    /// The device-family settings that decide for the file at `path` (see `isPhonePortraitOnly`).
    func deviceFamilySettings(forFileAt written: String) -> [DeviceFamilySetting] {
        // Settings paths are standardized absolute paths; the file's, as the front end gave it.
        let path = StandardizedPath.of(written)
        let packages = deviceFamilies.values.flatMap(\.localPackages).filter { path.hasPrefix($0 + "/") }
        guard !packages.isEmpty else { return Array(deviceFamilies.values) }
        let apps = Set(deviceFamilies.compactMap { settingsPath, setting in
            setting.localPackages.contains { packages.contains($0) } ? settingsPath : nil
        })
        let projectFolders = deviceFamilies.keys.filter { ProjectSettings.kind(ofPath: $0) == .xcodeProject }.map(XcodeProjectModel.folder(ofProject:))
        let appFolders = Set(apps.map(XcodeProjectModel.folder(ofProject:)))
        let settings = deviceFamilies.filter { settingsPath, _ in
            if ProjectSettings.kind(ofPath: settingsPath) == .xcodeProject { return apps.contains(settingsPath) }
            // An xcconfig or Info.plist whose nearest project is one of the apps'.
            let nearest = projectFolders.filter { settingsPath.hasPrefix($0 + "/") }.max { $0.utf8.count < $1.utf8.count }
            return nearest.map(appFolders.contains) == true && !packages.contains { settingsPath.hasPrefix($0 + "/") }
        }
        return Array(settings.values)
    }

    // MARK: - Keeping it current

    /// Replaces (or adds) one file's entries.
    public mutating func update(_ file: FileIndex) {
        let old = files[file.path]
        reregister(file.path, from: old, to: file)
        files[file.path] = file
        // A type whose scope is the same in both versions merges as before.
        for name in Set(old?.types.keys.map { $0 } ?? []).union(file.types.keys) where old?.types[name] != file.types[name] {
            rebuild(name)
        }
    }

    /// Removes a file's entries (deleted, or before a rename re-adds it under the new path).
    public mutating func remove(path: String) {
        guard let old = files.removeValue(forKey: path) else {
            settings.removeValue(forKey: path)
            deviceFamilies.removeValue(forKey: path)
            return
        }
        reregister(path, from: old, to: nil)
        for name in old.types.keys { rebuild(name) }
        settings.removeValue(forKey: path)
        deviceFamilies.removeValue(forKey: path)
    }

    public func updating(_ file: FileIndex) -> WorkspaceIndex {
        var copy = self
        copy.update(file)
        return copy
    }

    public func updating(path: String, with file: FileIndex) -> WorkspaceIndex {
        var file = file
        file.path = path
        return updating(file)
    }

    public func removing(path: String) -> WorkspaceIndex {
        var copy = self
        copy.remove(path: path)
        return copy
    }

    /// Records a project settings file's text (nil result from `ProjectSettings`
    /// means it is not a settings file and nothing changes).
    public mutating func updateSettings(path: String, text: String) {
        guard let setsMainActor = ProjectSettings.defaultIsolationIsMainActor(path: path, text: text) else { return }
        settings[path] = setsMainActor
        deviceFamilies[path] = DeviceFamilySetting(path: path, text: text)
    }

    public func updatingSettings(path: String, text: String) -> WorkspaceIndex {
        var copy = self
        copy.updateSettings(path: path, text: text)
        return copy
    }

    /// Paths of files whose references or rule look-ups include any of `names`
    /// (re-lint them after those declarations changed), sorted.
    public func dependents(on names: Set<String>) -> [String] {
        guard !names.isEmpty else { return [] }
        return names.reduce(into: Set<String>()) { $0.formUnion(dependentPaths[$1] ?? []) }.sorted()
    }

    /// Updates a file and returns the paths (other than it) to re-lint because
    /// declarations they depend on changed.
    public mutating func updateReturningDependents(_ file: FileIndex) -> [String] {
        let changed = FileIndex.changedNames(from: files[file.path], to: file)
        update(file)
        return dependents(on: changed).filter { $0 != file.path }
    }

    // MARK: - Queries

    /// Every declaration a use of `name` may mean, wherever it is written: those whose
    /// qualified name is `name` or ends in `.name` (`StateModel` matches
    /// `Feature.StateModel`; `Feature.StateModel` matches itself), sorted by qualified name.
    /// Which one a use means depends on where it stands: `RuleContext.resolve(typeNamed:)`.
    /// With `excluding`, that file's entries are left out, as for `declaration(of:)`.
    public func declarations(matching name: String, excluding path: String? = nil) -> [TypeDeclaration] {
        qualifiedNames(matching: name).sorted().compactMap { declaration(of: $0, excluding: path) }
    }

    /// The qualified names a use of `name` may mean (`TypeMatching.means`), in any file.
    func qualifiedNames(matching name: String) -> Set<String> {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        return qualifiedNames[simple]?.filter { TypeMatching.means($0, name) } ?? []
    }

    /// The qualified names declared under a simple name.
    public func qualifiedNames(ofSimpleName name: String) -> Set<String> { qualifiedNames[name] ?? [] }

    /// A type's merged declaration by qualified name (`Feature.StateModel`; a top-level
    /// type's is its name). With `excluding`, that file's entries are left
    /// out (the engine passes the linted file: its fresh declarations come from the walk).
    public func declaration(of name: String, excluding path: String? = nil) -> TypeDeclaration? {
        guard let paths = declaringPaths[name] else { return nil }
        let used = path.map { excluded in paths.filter { $0 != excluded } } ?? paths
        guard let first = used.first else { return nil }
        if used.count == paths.count, let merged = types[name] {
            return TypeDeclaration(path: primaryPath(of: name, among: used) ?? first, scope: merged)
        }
        return merge(name, paths: used)
    }

    /// Every injection and read of `typeName` in the workspace, sorted by path and position.
    public func environmentUses(of typeName: String) -> [EnvironmentUse] {
        (environmentPaths[typeName] ?? []).sorted().flatMap { path in files[path]!.environmentUses.filter { $0.typeName == typeName } }
    }

    /// The injections of `typeName` of `kind` when the workspace has no injection of the other
    /// kind (`.environmentObject(x)` against `.environment(x)`); empty otherwise, and for read kinds.
    public func loneInjections(of typeName: String, kind: EnvironmentUse.Kind) -> [EnvironmentUse] {
        let other: EnvironmentUse.Kind
        switch kind {
        case .injectObject: other = .injectObservable
        case .injectObservable: other = .injectObject
        case .readObject, .readObservable: return []
        }
        let uses = environmentUses(of: typeName)
        guard !uses.contains(where: { $0.kind == other }) else { return [] }
        return uses.filter { $0.kind == kind }
    }

    /// Intent controls (`Button(intent:)`) written in the code of `typeName`.
    public func intentControls(in typeName: String) -> [IntentControlUse] {
        (intentPaths[typeName] ?? []).sorted().flatMap { path in files[path]!.intentControls.filter { $0.typeName == typeName } }
    }

    /// The labels call sites anywhere in the workspace pass to `typeName`'s initializer
    /// (and to `.init(…)` calls of a type the index cannot tell); nil while the index is
    /// not complete: a label passed in a file not yet indexed would be missed.
    public func initializerLabels(passedTo typeName: String) -> Set<String>? {
        guard isComplete else { return nil }
        var labels: Set<String> = []
        // Labels passed a value that may change: each file's app labels but its constant-only ones.
        if typeName.hasSuffix(" varying"), let type = FileIndex.callersType(ofKey: typeName) {
            let appKey = FileIndex.appCallersKey(of: type), constantKey = FileIndex.constantCallersKey(of: type)
            for path in initializerLabelPaths[appKey] ?? [] {
                guard let file = files[path] else { continue }
                labels.formUnion(Set(file.initializerLabels[appKey] ?? []).subtracting(file.initializerLabels[constantKey] ?? []))
            }
            return labels
        }
        if typeName.hasSuffix(" state"), let type = FileIndex.callersType(ofKey: typeName) {
            var answers: [String: StateFedAnswer] = [:]
            return stateFedLabels(of: type, depth: 0, answers: &answers)
        }
        // App code's callers of a type (`FileIndex.appCallersKey`, `varyingCallersKey`) are those that name it: an
        // `.init(label:)` of a type the syntax does not name could be any type's, and counting it
        // for every type would make every label look passed.
        let keys = FileIndex.isAppCallersKey(typeName) ? [typeName] : [typeName, FileIndex.initializerOfUnknownType]
        for key in keys {
            for path in initializerLabelPaths[key] ?? [] { labels.formUnion(files[path]?.initializerLabels[key] ?? []) }
        }
        return labels
    }

    /// The labels of `type`'s initializer app code passes its own changing state: directly, or an
    /// input of its own that its callers pass state (`FileIndex.stateCallersKey`'s `label Caller.input`
    /// entries), up to three callers up.
    ///
    /// A caller may be reached along several paths (`Top` relays to `Mid` and to the view itself):
    /// `answers` keeps each type's labels with the depth they were followed from, reused on a path
    /// that reaches it no higher up; a type still being followed (a cycle) answers nothing.
    private func stateFedLabels(of type: String, depth: Int, answers: inout [String: StateFedAnswer]) -> Set<String> {
        if let known = answers[type] {
            if case .followed(let labels, let from) = known, from <= depth { return labels }
            if case .following = known { return [] }
        }
        answers[type] = .following
        let key = FileIndex.stateCallersKey(of: type)
        var labels: Set<String> = []
        var relays: [Substring] = []
        for path in initializerLabelPaths[key] ?? [] {
            for entry in files[path]?.initializerLabels[key] ?? [] {
                if entry.contains(" ") { relays.append(Substring(entry)) } else { labels.insert(entry) }
            }
        }
        if depth < 3 {
            for entry in relays {
                // `label Caller.input`
                guard let space = entry.firstIndex(of: " "), let dot = entry.lastIndex(of: "."), space < dot else { continue }
                let label = String(entry[..<space])
                guard !labels.contains(label) else { continue }
                let caller = String(entry[entry.index(after: space)..<dot]), input = String(entry[entry.index(after: dot)...])
                if stateFedLabels(of: caller, depth: depth + 1, answers: &answers).contains(input) { labels.insert(label) }
            }
        }
        answers[type] = .followed(labels, from: depth)
        return labels
    }

    /// `stateFedLabels`' memo of one type.
    private enum StateFedAnswer {
        case following
        case followed(Set<String>, from: Int)
    }

    /// The files whose code may use `member` of the type `typeName` (a qualified name), so
    /// that `private` on it would not compile there: those whose code of the type (its
    /// declaration, an extension in any file) uses the name, and those whose code names the
    /// type (`Editor(…)`, `let e: Editor`) and use the name after a dot anywhere (`editor.count`;
    /// the receiver's type is not known, so any such use counts; a bare `count` there is that
    /// code's own). `declaringPath` is the file that
    /// declares the member: its own code of the type is not a use from outside, but its
    /// other types' code is. Sorted; nil while the index is not complete (an unindexed file
    /// might use it).
    public func filesUsing(member: String, of typeName: String, declaredIn declaringPath: String) -> [String]? {
        guard isComplete else { return nil }
        let simple = TypeNames.simple(typeName) ?? typeName
        var users: Set<String> = []
        let access = FileIndex.memberAccessKey(member)
        for path in memberUsePaths[typeName] ?? [] where path != declaringPath {
            guard let names = files[path]?.memberUses[typeName] else { continue }
            if names.contains(member) || names.contains(access) { users.insert(path) }
        }
        for path in namingPaths[simple] ?? [] where !users.contains(path) {
            guard let file = files[path] else { continue }
            if file.memberUses.contains(where: { owner, names in owner != typeName && names.contains(access) }) { users.insert(path) }
        }
        return users.sorted()
    }

    /// True when the type's `body` reaches `member` when it renders: reads it, or reads a
    /// computed property or calls a method of the type that does, in any of the type's files
    /// (an extension in `View+Subviews.swift` included); uses in action closures do not count.
    /// Nil while the index is not complete (an unindexed extension might read it).
    public func bodyReaches(member: String, of typeName: String) -> Bool? {
        guard isComplete else { return nil }
        let paths = (memberReachPaths[typeName] ?? []).sorted()
        var reached: Set<String> = ["body"]
        var pending = ["body"]
        while let next = pending.popLast() {
            let key = FileIndex.memberReachKey(owner: typeName, member: next)
            for path in paths {
                for name in files[path]?.memberReach[key] ?? [] where reached.insert(name).inserted { pending.append(name) }
            }
        }
        return reached.contains(member)
    }

    /// True when the view tree rooted at the type named `root` (resolved by name; several
    /// declarations of it are all followed) holds `@State`/`@StateObject` — in the type itself or
    /// in a view type its rendered code builds, at any depth — or builds a system view that keeps
    /// state of its own (`TextField`, `ScrollView`, …): what a reused cell could carry over.
    /// Nil while the index is not complete, and when no file declares `root`.
    public func viewTreeHoldsState(rootedAt root: String) -> Bool? {
        viewTreeReaches(rootedAt: root) { type, built in
            type.properties.contains(where: { ["State", "StateObject", "SwiftUI.State", "SwiftUI.StateObject"].contains($0.wrapper ?? "") })
                || !built.isDisjoint(with: Self.statefulSystemViews)
        }
    }

    /// True when the view tree rooted at the type named `root` (the type itself, or a view type its
    /// rendered code builds, at any depth: pushed destinations, rows) builds a `NavigationStack` or
    /// `NavigationSplitView` of its own. What it presents (a sheet, a cover, a popover) is a
    /// presentation of its own, whose stack nests in nothing: not followed. Nil while the index is
    /// not complete, and when no file declares `root`.
    public func viewTreeBuildsNavigationStack(rootedAt root: String) -> Bool? {
        viewTreeReaches(rootedAt: root, followingPresentations: false) { _, built in !built.isDisjoint(with: Self.navigationContainers) }
    }

    /// What holds a navigation stack: a view built inside one of them nests a second stack (a
    /// `NavigationView` too, which renaming the outer one to `NavigationStack` would nest).
    public static let navigationContainers: Set<String> = ["NavigationStack", "NavigationSplitView", "NavigationView"]

    /// True when the view tree rooted at the type named `root` builds a control the user acts on
    /// (`controls`: a button, link, toggle, picker, menu, field …). Nil while the index is not
    /// complete, and when no file declares `root`.
    public func viewTreeBuildsControl(rootedAt root: String) -> Bool? {
        viewTreeReaches(rootedAt: root) { _, built in !built.isDisjoint(with: Self.controls) }
    }

    /// System views the user acts on.
    public static let controls: Set<String> = [
        "Button", "NavigationLink", "Link", "ShareLink", "Toggle", "Picker", "Menu", "Slider", "Stepper", "DatePicker",
        "ColorPicker", "TextField", "SecureField", "TextEditor", "PasteButton", "EditButton", "RenameButton", "PhotosPicker",
    ]

    /// Walks the view tree rooted at the type named `root` (every declaration of that name),
    /// asking `found` of each type with the names its rendered code builds. Nil while the index
    /// is not complete, and when no file declares `root`.
    private func viewTreeReaches(rootedAt root: String, followingPresentations: Bool = true, where found: (TypeScope, Set<String>) -> Bool) -> Bool? {
        guard isComplete else { return nil }
        let roots = declarations(matching: root).map(\.scope.qualifiedName)
        guard !roots.isEmpty else { return nil }
        var seen = Set(roots)
        var pending = roots
        while let next = pending.popLast() {
            guard let type = types[next] else { continue }
            var builds: Set<String> = []
            for path in declaringPaths[next] ?? [] {
                let builtViews = files[path]?.builtViews
                builds.formUnion((builtViews?[next] ?? []).union(builtViews?[FileIndex.menuContentKey(owner: next)] ?? [])
                    .union(builtViews?[FileIndex.destinationKey(owner: next)] ?? [])
                    .union(followingPresentations ? builtViews?[FileIndex.presentationKey(owner: next)] ?? [] : []))
            }
            if found(type, builds) { return true }
            for built in builds {
                for qualified in qualifiedNames[built] ?? [] where seen.insert(qualified).inserted { pending.append(qualified) }
            }
        }
        return false
    }

    /// True when some type whose rendered code builds the view named `typeName` also builds a
    /// `TabView` there (`TabView { HomeView() }`): the view may be one of its tabs. False when
    /// none does, and while the index is not complete.
    public func isBuiltBesideTabView(_ typeName: String) -> Bool {
        guard isComplete else { return false }
        let name = TypeNames.simple(typeName) ?? typeName
        return files.values.contains { file in
            file.builtViews.contains { key, views in key != FileIndex.previewKey && key != FileIndex.rowsKey && views.contains(name) && views.contains("TabView") }
        }
    }

    /// True when every place the workspace's rendered code builds a view named `typeName`
    /// (`StatusRowContextMenu(…)`) lies in menu content (`MenuContent`): the type's whole tree is
    /// drawn by the system as a menu. False when some place is not, or none builds it (it may be
    /// hosted from UIKit or built through a helper), and while the index is not complete: rules
    /// treat "not known to be a menu" as "not a menu", so an incomplete index answers as a complete
    /// one that finds no menu, and `lint` re-runs a rule only where a menu was found.
    public func isBuiltOnlyAsMenuContent(_ typeName: String) -> Bool {
        isBuiltSomewhere(typeName, andOnlyWhere: { FileIndex.builtViewsOwner(ofKey: $0).isMenuContent })
    }

    /// True when the view named `typeName` is built somewhere, and every place that builds it pushes
    /// it as a navigation destination (`.navigationDestination { … }`, a `NavigationLink`'s
    /// destination): it is shown inside a navigation stack someone else holds. False otherwise, and
    /// while the index is not complete.
    public func isBuiltOnlyAsNavigationDestination(_ typeName: String) -> Bool {
        isBuiltSomewhere(typeName, andOnlyWhere: FileIndex.isDestinationKey)
    }

    /// True when the view named `typeName` is built somewhere, and every place that builds it pushes
    /// it as a navigation destination or presents it (`.sheet { … }`, `.fullScreenCover { … }`,
    /// `.popover { … }`): it is re-created only when the view that pushes or presents it updates, not per row or per frame.
    /// False otherwise, and while the index is not complete.
    public func isBuiltOnlyWhenShown(_ typeName: String) -> Bool {
        isBuiltSomewhere(typeName) { FileIndex.isDestinationKey($0) || FileIndex.isPresentationKey($0) }
    }

    /// True when some view's rendered code builds the view named `typeName` as the rows of a list over
    /// data (`FileIndex.rowsKey`). False while the index is not complete.
    public func isBuiltInRows(_ typeName: String) -> Bool {
        guard isComplete else { return false }
        return builders(of: TypeNames.simple(typeName) ?? typeName)?[FileIndex.rowsKey] != nil
    }

    /// The types whose code names the type `typeName` (by its simple name; `""` for code outside any
    /// type, `FileIndex.previewKey` for a top-level `#Preview`), sorted; the type itself among them when its own code names it. Nil while the index is
    /// not complete (an unindexed file might name it).
    public func typesReferring(to typeName: String) -> [String]? {
        guard isComplete else { return nil }
        let simple = TypeNames.simple(typeName) ?? typeName
        var owners: Set<String> = []
        for path in namingPaths[simple] ?? [] {
            for (owner, names) in files[path]?.references ?? [:] where names.contains(simple) { owners.insert(owner) }
        }
        return owners.sorted()
    }

    /// True when the project makes the view named `typeName`, but no view's rendered code builds it,
    /// so no parent's re-render makes it again. Every place that builds it is the rendered code of an
    /// `App` (`WindowGroup { ContentView() }`: a scene's root, created again only when the app's own
    /// body is) or a hosting controller's root; or, built nowhere, it is named by code outside any
    /// rendering (an action that pushes `UIHostingController(rootView: ServerList())`, once per tap).
    /// False otherwise, and while the index is not complete.
    public func isBuiltByNoParentView(_ typeName: String) -> Bool {
        let simple = TypeNames.simple(typeName) ?? typeName
        if builders(of: simple)?.keys.contains(where: { $0 != FileIndex.previewKey }) == true {
            return isBuiltSomewhere(typeName) { $0 == FileIndex.hostingKey || types[FileIndex.builtViewsOwner(ofKey: $0).owner]?.inherits("App") == true }
        }
        return typesReferring(to: typeName)?.contains { $0 != simple && $0 != FileIndex.previewKey && !isPreviewType($0) } ?? false
    }

    /// A `PreviewProvider` (its code is a preview's).
    private func isPreviewType(_ name: String) -> Bool { types[name]?.inherits("PreviewProvider") == true }

    /// True when the view named `typeName` is built somewhere, and every place that builds it is
    /// preview code — a `PreviewProvider`, a `#Preview`, a file under `Preview Content/` — whose
    /// builds are all filed under `FileIndex.previewKey`. A
    /// wrapper view a preview builds (`MovieItemTest`, `_Preview` under `#if DEBUG`) is preview code
    /// too. False otherwise, and while the index is not complete. Not followed through views that
    /// previews build: one build the index misses (a custom presenter's content) would make a whole
    /// subtree of app code look like preview code.
    public func isBuiltOnlyByPreviews(_ typeName: String) -> Bool {
        guard isBuiltSomewhere(typeName, countingPreviews: true, andOnlyWhere: { $0 == FileIndex.previewKey }) else { return false }
        // Built where the walk records no build (the content closure of a project's own modifier,
        // `.crossPlatformSheet { SendView() }`): another type's code naming it is no preview's.
        let simple = TypeNames.simple(typeName) ?? typeName
        return (typesReferring(to: simple) ?? []).allSatisfy { owner in
            owner == FileIndex.previewKey || TypeNames.simple(owner) == simple || types[owner]?.inheritedTypes.contains("PreviewProvider") == true
        }
    }

    /// True when the index is complete, some file's `builtViews` builds the view named `typeName`,
    /// and every key (owner, or owner's menu key) under which one does satisfies `place`. Preview
    /// builds (`FileIndex.previewKey`) count only when asked for: a `#Preview` of a menu row or of
    /// a scene's root says nothing about where the app builds it.
    private func isBuiltSomewhere(_ typeName: String, countingPreviews: Bool = false, depth: Int = 0,
                                  andOnlyWhere place: (String) -> Bool) -> Bool {
        guard isComplete, let keys = builders(of: TypeNames.simple(typeName) ?? typeName) else { return false }
        var built = false
        // The rows key marks views also filed under the type that builds them: not a place of its own.
        for key in keys.keys where (countingPreviews || key != FileIndex.previewKey) && key != FileIndex.rowsKey {
            built = true
            if place(key) { continue }
            // A type that is no view and builds views in its code (a router's `enum Screen { var view: some View }`)
            // builds them where it is itself used as a view: a destination's value type (`navigationDestination(for:)`).
            guard depth < 2, !key.isEmpty, FileIndex.builtViewsOwner(ofKey: key) == (key, false),
                  let type = types[key], type.kind != .extension, !type.isView,
                  isBuiltSomewhere(key, countingPreviews: countingPreviews, depth: depth + 1, andOnlyWhere: place)
            else { return false }
        }
        return built
    }

    /// The `builtViews` keys under which files build the view named `simple` (a simple name), with
    /// how many files build it there; nil when none does. From `builderKeys`, or for a name of
    /// SwiftUI's own views, which it leaves out, from every file's `builtViews` (asked only of a
    /// project's own type that shares such a name).
    private func builders(of simple: String) -> [String: Int]? {
        guard Self.frameworkViewNames.contains(simple) else { return builderKeys[simple] }
        var keys: [String: Int] = [:]
        for file in files.values {
            for (key, views) in file.builtViews where views.contains(simple) { keys[key, default: 0] += 1 }
        }
        return keys.isEmpty ? nil : keys
    }

    /// SwiftUI's views that rendered code builds most (the names `builderKeys` leaves out).
    static let frameworkViewNames: Set<String> = [
        "Text", "Image", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid",
        "Grid", "GridRow", "Spacer", "Divider", "Button", "ForEach", "Group", "List", "Section", "ScrollView",
        "ScrollViewReader", "GeometryReader", "NavigationLink", "NavigationStack", "NavigationView",
        "NavigationSplitView", "Label", "Toggle", "TextField", "SecureField", "TextEditor", "Picker", "DatePicker",
        "Slider", "Stepper", "ProgressView", "Menu", "Link", "ShareLink", "Form", "EmptyView", "AnyView", "Color",
        "Circle", "Rectangle", "RoundedRectangle", "Capsule", "Ellipse", "LinearGradient", "RadialGradient",
        "AngularGradient", "ViewThatFits", "TimelineView", "Canvas", "ControlGroup", "DisclosureGroup", "GroupBox",
        "LabeledContent", "ContentUnavailableView", "Gauge", "AsyncImage", "Table", "OutlineGroup", "TabView",
        "ColorPicker", "EditButton", "Path", "UnevenRoundedRectangle", "Tab",
    ]

    /// SwiftUI views that keep state across updates of their own (editing, scroll position, selection).
    static let statefulSystemViews: Set<String> = [
        "TextField", "SecureField", "TextEditor", "ScrollView", "List", "TabView", "DisclosureGroup", "OutlineGroup",
    ]

    /// Uppercase names the code of `typeName` refers to, over all files.
    public func references(of typeName: String) -> Set<String> {
        (referencePaths[typeName] ?? []).reduce(into: Set<String>()) { $0.formUnion(files[$1]?.references[typeName] ?? []) }
    }

    // MARK: - Merging

    /// Moves the bookkeeping of the file at `path` from the entries of `old` to those of `new`
    /// (nil: the file is added, or removed). Only keys whose membership changes are touched: a
    /// map that no key of it changes is not written, so it keeps sharing its storage with the
    /// versions of the index that lints and their memos still hold (a write would copy the whole
    /// map; with every open document's lint merged, those copies were most of the server's heap).
    private mutating func reregister(_ path: String, from old: FileIndex?, to new: FileIndex?) {
        Self.move(path, in: &declaringPaths, from: old?.types.keys, to: new?.types.keys)
        Self.move(path, in: &environmentPaths, from: old?.environmentUses.lazy.map(\.typeName), to: new?.environmentUses.lazy.map(\.typeName))
        Self.move(path, in: &intentPaths, from: old?.intentControls.lazy.map(\.typeName), to: new?.intentControls.lazy.map(\.typeName))
        Self.move(path, in: &referencePaths, from: old?.references.keys, to: new?.references.keys)
        Self.move(path, in: &initializerLabelPaths, from: old?.initializerLabels.keys, to: new?.initializerLabels.keys)
        Self.move(path, in: &memberUsePaths, from: old?.memberUses.keys, to: new?.memberUses.keys)
        Self.move(path, in: &memberReachPaths, from: old?.memberReach.keys.lazy.map(Self.reachOwner), to: new?.memberReach.keys.lazy.map(Self.reachOwner))
        Self.move(path, in: &namingPaths, from: old?.references.values.lazy.flatMap { $0 }, to: new?.references.values.lazy.flatMap { $0 })
        reach.move(path, from: old, to: new)
        Self.move(path, in: &dependentPaths, from: old?.referencedTypeNames, to: new?.referencedTypeNames)
        let oldBuilt = old?.builtViews ?? [:], newBuilt = new?.builtViews ?? [:]
        for (key, views) in oldBuilt {
            for view in views where newBuilt[key]?.contains(view) != true && !Self.frameworkViewNames.contains(view) {
                guard let count = builderKeys[view]?[key] else { continue }
                builderKeys[view]?[key] = count > 1 ? count - 1 : nil
                if builderKeys[view]?.isEmpty == true { builderKeys.removeValue(forKey: view) }
            }
        }
        for (key, views) in newBuilt {
            for view in views where oldBuilt[key]?.contains(view) != true && !Self.frameworkViewNames.contains(view) {
                builderKeys[view, default: [:]][key, default: 0] += 1
            }
        }
    }

    /// The type whose member a `memberReach` key names (before the space).
    private static func reachOwner(_ key: String) -> String { String(key.prefix { $0 != " " }) }

    /// Takes `path` out of `map` at the keys only `old` has, and puts it in at those only `new`
    /// has (nil: no keys; the key sets are built only when both are given).
    static func move<Old: Sequence<String>, New: Sequence<String>>(_ path: String, in map: inout [String: NameSet],
                                                                   from old: Old?, to new: New?) {
        switch (old, new) {
        case (nil, nil): return
        case (nil, let new?): for key in new { map[key, default: []].insert(path) }
        case (let old?, nil): for key in old { remove(path, from: &map, at: key) }
        case (let old?, let new?):
            let oldKeys = Set(old), newKeys = Set(new)
            for key in oldKeys where !newKeys.contains(key) { remove(path, from: &map, at: key) }
            for key in newKeys where !oldKeys.contains(key) { map[key, default: []].insert(path) }
        }
    }

    static func remove(_ path: String, from map: inout [String: NameSet], at key: String) {
        map[key]?.remove(path)
        if map[key]?.isEmpty == true { map.removeValue(forKey: key) }
    }

    /// `move` for the paths declaring each type, which are kept sorted.
    private static func move<Old: Sequence<String>, New: Sequence<String>>(_ path: String, in map: inout [String: [String]],
                                                                           from old: Old?, to new: New?) {
        var oldKeys: Set<String> = [], newKeys: Set<String> = []
        if let old { oldKeys = Set(old) }
        if let new { newKeys = Set(new) }
        for name in oldKeys where !newKeys.contains(name) {
            map[name]?.removeAll { $0 == path }
            if map[name]?.isEmpty == true { map.removeValue(forKey: name) }
        }
        for name in newKeys where !oldKeys.contains(name) {
            var paths = map[name] ?? []
            paths.insert(path, at: paths.firstIndex { $0 > path } ?? paths.endIndex)
            map[name] = paths
        }
    }

    /// Re-merges one type name from the files that declare it.
    private mutating func rebuild(_ name: String) {
        let paths = declaringPaths[name] ?? []
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        if paths.isEmpty {
            declaringPaths.removeValue(forKey: name)
            types.removeValue(forKey: name)
            qualifiedNames[simple]?.remove(name)
            if qualifiedNames[simple]?.isEmpty == true { qualifiedNames.removeValue(forKey: simple) }
            return
        }
        declaringPaths[name] = paths
        types[name] = merge(name, paths: paths)?.scope
        qualifiedNames[simple, default: []].insert(name)
    }

    private func primaryPath(of name: String, among paths: [String]) -> String? {
        paths.first { files[$0]?.types[name]?.kind != .extension } ?? paths.first
    }

    /// Primary declarations first, then extensions, each in path order.
    private func merge(_ name: String, paths: [String]) -> TypeDeclaration? {
        let scopes = paths.compactMap { path in files[path]?.types[name].map { (path, $0) } }
        let ordered = scopes.filter { $0.1.kind != .extension } + scopes.filter { $0.1.kind == .extension }
        guard var (path, merged) = ordered.first else { return nil }
        for (_, scope) in ordered.dropFirst() { merged.merge(scope) }
        path = ordered.first!.0
        return TypeDeclaration(path: path, scope: merged)
    }
}


extension WorkspaceIndex {
    /// Every map the index keeps, as sorted text: an index kept current file by file
    /// (`update`, `remove`) must hold exactly what one built from the same files holds.
    var storageDescription: String {
        func text<Value>(_ name: String, _ map: [String: Value], _ describe: (Value) -> String) -> [String] {
            map.map { "\(name) \($0.key): \(describe($0.value))" }.sorted()
        }
        let sortedSet: (Set<String>) -> String = { $0.sorted().joined(separator: ",") }
        let sortedNames: (NameSet) -> String = { $0.names.joined(separator: ",") }
        var lines = text("file", files) { $0.stableDescription }
        lines += text("type", types) { "\($0.nameRange) \($0.fingerprint)" }
        lines += text("qualified", qualifiedNames, sortedSet)
        lines += text("declared", declaringPaths) { $0.joined(separator: ",") }
        lines += text("environment", environmentPaths, sortedNames) + text("intent", intentPaths, sortedNames)
        lines += text("references", referencePaths, sortedNames) + text("labels", initializerLabelPaths, sortedNames)
        lines += text("member uses", memberUsePaths, sortedNames) + text("member reach", memberReachPaths, sortedNames)
        lines += text("naming", namingPaths, sortedNames) + text("dependents", dependentPaths, sortedNames)
        lines += text("builders", builderKeys) { $0.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ",") }
        lines += text("reach paths", reach.pathsByKey, sortedNames) + text("hazard keys", reach.hazardKeysByMember, sortedNames)
        lines += text("element edits", reach.elementEditPaths, sortedNames) + text("hazard paths", reach.hazardPathsByKey, sortedNames)
        lines += text("extension keys", reach.extensionKeysByMember, sortedNames) + text("extension key paths", reach.extensionKeyPaths, sortedNames)
        return lines.joined(separator: "\n")
    }
}
