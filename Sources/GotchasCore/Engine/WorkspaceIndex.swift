/// A type as declared in a workspace: its merged scope and the file of its primary
/// declaration (the `class`/`struct`/…, or an extension when that is all there is).
public struct TypeDeclaration: Sendable, Hashable {
    public var path: String
    public var scope: TypeScope
    public init(path: String, scope: TypeScope) {
        self.path = path
        self.scope = scope
    }
}

/// An environment injection (`.environmentObject(x)`, `.environment(x)`) or read
/// (`@EnvironmentObject var x: T`, `@Environment(T.self) var x`) of a type.
public struct EnvironmentUse: Sendable, Equatable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `.environmentObject(x)`: an `ObservableObject`.
        case injectObject
        /// `.environment(x)` with one argument: an `@Observable` object.
        case injectObservable
        /// `@EnvironmentObject var x: T`.
        case readObject
        /// `@Environment(T.self) var x`.
        case readObservable
    }
    public var kind: Kind
    public var typeName: String
    public var path: String
    /// The injection call (`.environmentObject(store)`) or the read's attribute.
    public var range: Range<Int>

    public init(kind: Kind, typeName: String, path: String, range: Range<Int>) {
        self.kind = kind
        self.typeName = typeName
        self.path = path
        self.range = range
    }
}

/// A control that runs an App Intent (`Button(intent:)`, `Toggle(…, intent:)`), by the type whose code holds it.
public struct IntentControlUse: Sendable, Hashable, Codable {
    public var typeName: String
    public var path: String
    public var range: Range<Int>
    public init(typeName: String, path: String, range: Range<Int>) {
        self.typeName = typeName
        self.path = path
        self.range = range
    }
}

/// What one file contributes to the workspace index. Collected by the engine during
/// the same single walk that runs the rules, and returned in `LintResult.fileIndex`.
public struct FileIndex: Sendable, Codable {
    public var path: String
    /// Types declared in the file (at any nesting depth), merged by name within the file.
    public var types: [String: TypeScope]
    public var environmentUses: [EnvironmentUse]
    public var intentControls: [IntentControlUse]
    /// Uppercase names the code of each declared type refers to (`""` for top-level
    /// code): types, initializers, static members' bases.
    public var references: [String: Set<String>]
    /// The argument labels call sites in the file pass to each type's initializer, by the
    /// called type name (`Row(item: i, count: 3)` → `Row: [item, count]`; `Row.init(…)` and
    /// `Outer.Row(…)` count for `Row`). Labels of `.init(…)` calls, whose type the file alone
    /// does not tell, are kept under `initializerOfUnknownType`. Only calls with a label.
    public var initializerLabels: [String: Set<String>]
    /// What the file's rules asked the workspace (`RuleContext.type(named:)` and
    /// friends), rule by rule: what its diagnostics may depend on in other files.
    public var queries: WorkspaceQueries

    /// The `initializerLabels` key of `.init(…)` calls (not a type name: it starts with a period).
    public static let initializerOfUnknownType = ".init"

    public init(path: String, types: [String: TypeScope] = [:], environmentUses: [EnvironmentUse] = [],
                intentControls: [IntentControlUse] = [], references: [String: Set<String>] = [:],
                initializerLabels: [String: Set<String>] = [:], queries: WorkspaceQueries = WorkspaceQueries()) {
        self.path = path
        self.types = types
        self.environmentUses = environmentUses
        self.intentControls = intentControls
        self.references = references
        self.initializerLabels = initializerLabels
        self.queries = queries
    }

    /// Type names the file's rules asked the workspace about.
    public var lookups: Set<String> { queries.names }

    /// Every type name the file refers to or looked up.
    public var referencedTypeNames: Set<String> {
        references.values.reduce(into: lookups) { $0.formUnion($1) }
    }

    /// Names whose declaration-level facts differ between two versions of a file
    /// (added, removed or changed types, environment uses, intent controls). Files
    /// that depend on these names need a re-lint.
    public static func changedNames(from old: FileIndex?, to new: FileIndex?) -> Set<String> {
        var changed: Set<String> = []
        let oldTypes = old?.types ?? [:]
        let newTypes = new?.types ?? [:]
        for name in Set(oldTypes.keys).union(newTypes.keys) {
            guard let a = oldTypes[name], let b = newTypes[name], a.hasSameFacts(as: b) else {
                changed.insert(name)
                continue
            }
        }
        let oldEnvironment = Set((old?.environmentUses ?? []).map { "\($0.kind.rawValue):\($0.typeName)" })
        let newEnvironment = Set((new?.environmentUses ?? []).map { "\($0.kind.rawValue):\($0.typeName)" })
        for entry in oldEnvironment.symmetricDifference(newEnvironment) {
            changed.insert(String(entry.split(separator: ":").last ?? ""))
        }
        let oldIntents = Set((old?.intentControls ?? []).map(\.typeName))
        let newIntents = Set((new?.intentControls ?? []).map(\.typeName))
        changed.formUnion(oldIntents.symmetricDifference(newIntents))
        let oldLabels = old?.initializerLabels ?? [:]
        let newLabels = new?.initializerLabels ?? [:]
        for name in Set(oldLabels.keys).union(newLabels.keys) where oldLabels[name] != newLabels[name] {
            changed.insert(name)
        }
        return changed
    }
}

extension TypeScope {
    /// True when rules read the same of both (positions aside: moving code is not a
    /// change). Compared field by field: the server asks on every edit.
    func hasSameFacts(as other: TypeScope) -> Bool {
        kind == other.kind && inheritedTypes == other.inheritedTypes && attributes == other.attributes
            && isView == other.isView && hasInitializerBody == other.hasInitializerBody && methodNames == other.methodNames
            && properties.count == other.properties.count
            && zip(properties, other.properties).allSatisfy { a, b in
                a.name == b.name && a.attributes == b.attributes && a.typeName == b.typeName
                    && a.initializerCallee == b.initializerCallee && a.isStatic == b.isStatic && a.isLet == b.isLet
                    && a.isComputed == b.isComputed
            }
    }

    /// The same facts as text (for the index's stable description).
    var fingerprint: String {
        let props = properties.map { "\($0.name):\($0.attributes):\($0.typeName ?? "-"):\($0.initializerCallee ?? "-"):\($0.isStatic)\($0.isLet)\($0.isComputed)" }
        return "\(kind.rawValue)|\(inheritedTypes)|\(attributes)|\(isView)|\(hasInitializerBody)|\(methodNames.sorted())|\(props)"
    }
}

/// Declarations from the files of a workspace, for rules that need to know about a
/// type declared elsewhere. A value: the front ends build it (CLI: from pass one;
/// server: kept current file by file) and hand it to the engine per lint.
///
/// Merging is by sorted path, so results never depend on the order files were added.
public struct WorkspaceIndex: Sendable {
    /// Per-file entries, by path.
    public private(set) var files: [String: FileIndex] = [:]
    /// Types by name, merged across files and extensions.
    public private(set) var types: [String: TypeScope] = [:]
    /// Paths declaring each type name, sorted.
    private var declaringPaths: [String: [String]] = [:]
    /// Paths whose environment uses, intent controls or references mention each type
    /// name: kept current file by file so no query scans every file.
    private var environmentPaths: [String: Set<String>] = [:]
    private var intentPaths: [String: Set<String>] = [:]
    private var referencePaths: [String: Set<String>] = [:]
    private var initializerLabelPaths: [String: Set<String>] = [:]
    /// True when the index holds every file the front end lints (the CLI's finished
    /// index; the server's once the background indexing ended). Until then a question
    /// whose answer is "nowhere" (`initializerLabels(passedTo:)`) has no answer.
    public var isComplete: Bool
    /// Project settings files (Package.swift, *.xcconfig, project.pbxproj) by path,
    /// and whether each sets default `MainActor` isolation.
    public private(set) var settings: [String: Bool] = [:]

    public init() { isComplete = false }

    /// The index of `files`; `isComplete` unless told otherwise.
    public init(files: [FileIndex], isComplete: Bool = true) {
        self.isComplete = isComplete
        // Bookkeeping per file, then one merge per type name (not one per file and name).
        var names: Set<String> = []
        for file in files {
            self.files[file.path] = file
            register(file)
            names.formUnion(file.types.keys)
        }
        for name in names { rebuild(name) }
    }

    public static let empty = WorkspaceIndex()

    /// True when a package manifest or build setting makes `MainActor` the default isolation.
    public var defaultIsolationIsMainActor: Bool { settings.values.contains(true) }

    // MARK: - Keeping it current

    /// Replaces (or adds) one file's entries.
    public mutating func update(_ file: FileIndex) {
        let old = files[file.path]
        let affected = Set(old?.types.keys.map { $0 } ?? []).union(file.types.keys)
        if let old { unregister(old) }
        files[file.path] = file
        register(file)
        for name in affected { rebuild(name) }
    }

    /// Removes a file's entries (deleted, or before a rename re-adds it under the new path).
    public mutating func remove(path: String) {
        guard let old = files.removeValue(forKey: path) else {
            settings.removeValue(forKey: path)
            return
        }
        unregister(old)
        for name in old.types.keys { rebuild(name) }
        settings.removeValue(forKey: path)
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
        return files.values.filter { !$0.referencedTypeNames.isDisjoint(with: names) }.map(\.path).sorted()
    }

    /// Updates a file and returns the paths (other than it) to re-lint because
    /// declarations they depend on changed.
    public mutating func updateReturningDependents(_ file: FileIndex) -> [String] {
        let changed = FileIndex.changedNames(from: files[file.path], to: file)
        update(file)
        return dependents(on: changed).filter { $0 != file.path }
    }

    // MARK: - Queries

    /// A type's merged declaration. With `excluding`, that file's entries are left
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
        for key in [typeName, FileIndex.initializerOfUnknownType] {
            for path in initializerLabelPaths[key] ?? [] { labels.formUnion(files[path]?.initializerLabels[key] ?? []) }
        }
        return labels
    }

    /// Uppercase names the code of `typeName` refers to, over all files.
    public func references(of typeName: String) -> Set<String> {
        (referencePaths[typeName] ?? []).reduce(into: Set<String>()) { $0.formUnion(files[$1]?.references[typeName] ?? []) }
    }

    // MARK: - Merging

    private mutating func register(_ file: FileIndex) {
        for name in file.types.keys {
            var paths = declaringPaths[name] ?? []
            paths.insert(file.path, at: paths.firstIndex { $0 > file.path } ?? paths.endIndex)
            declaringPaths[name] = paths
        }
        for use in file.environmentUses { environmentPaths[use.typeName, default: []].insert(file.path) }
        for control in file.intentControls { intentPaths[control.typeName, default: []].insert(file.path) }
        for owner in file.references.keys { referencePaths[owner, default: []].insert(file.path) }
        for name in file.initializerLabels.keys { initializerLabelPaths[name, default: []].insert(file.path) }
    }

    private mutating func unregister(_ file: FileIndex) {
        for name in file.types.keys {
            declaringPaths[name]?.removeAll { $0 == file.path }
            if declaringPaths[name]?.isEmpty == true { declaringPaths.removeValue(forKey: name) }
        }
        for use in file.environmentUses { environmentPaths[use.typeName]?.remove(file.path) }
        for control in file.intentControls { intentPaths[control.typeName]?.remove(file.path) }
        for owner in file.references.keys { referencePaths[owner]?.remove(file.path) }
        for name in file.initializerLabels.keys { initializerLabelPaths[name]?.remove(file.path) }
    }

    /// Re-merges one type name from the files that declare it.
    private mutating func rebuild(_ name: String) {
        let paths = declaringPaths[name] ?? []
        if paths.isEmpty {
            declaringPaths.removeValue(forKey: name)
            types.removeValue(forKey: name)
            return
        }
        declaringPaths[name] = paths
        types[name] = merge(name, paths: paths)?.scope
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

/// Reads project settings from the text of project files (the front ends do the I/O):
/// default isolation here, deployment targets in `Project/DeploymentTargets.swift`.
public enum ProjectSettings {
    /// True/false for a settings file (`Package.swift`, `*.xcconfig`, `project.pbxproj`)
    /// that does/does not set default `MainActor` isolation; nil for any other file.
    public static func defaultIsolationIsMainActor(path: String, text: String) -> Bool? {
        guard let kind = kind(ofPath: path) else { return nil }
        let needle = switch kind {
        case .manifest, .manifestVariant: "defaultIsolation(MainActor.self)"
        case .xcconfig, .xcodeProject: "SWIFT_DEFAULT_ACTOR_ISOLATION=MainActor"
        }
        // An ASCII text is searched by bytes: `String.contains` went through Foundation's
        // UTF-16 search, ~30 M instructions for the two pbxprojs of a warm run.
        var ascii: [UInt8] = []
        ascii.reserveCapacity(text.utf8.count)
        if squeezeASCII(text.utf8, into: &ascii) {
            return ascii.withUnsafeBufferPointer { ByteSearch.contains(Array(needle.utf8), in: $0) }
        }
        return squeezedByLines(text).contains(needle)
    }

    /// The text with line comments dropped and whitespace removed (`//` in Swift and
    /// xcconfig), by `Character`s: the meaning of the squeeze, and the path of the
    /// non-ASCII lines of `squeezedByLines`.
    static func squeezedByCharacters(_ text: Substring) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { line -> String in
            if let range = line.range(of: "//") { return String(line[..<range.lowerBound]) }
            return String(line)
        }
        return lines.joined(separator: "\n").filter { !$0.isWhitespace }
    }

    /// `squeezedByCharacters` of the whole text, line by line: ASCII lines by bytes, the
    /// others by `Character`s (`SettingsTextLines` says why the pieces read the same alone;
    /// the squeeze drops every line break, so the result is the pieces' results joined).
    static func squeezedByLines(_ text: String) -> String {
        let lines = SettingsTextLines(text)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.utf8.count)
        for piece in lines {
            if piece.isASCII {
                squeezeASCII(lines.utf8[piece.bytes], into: &bytes)
            } else {
                bytes += squeezedByCharacters(piece.text).utf8
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same text as the `Character` path above for an ASCII text — line comments
    /// dropped, whitespace removed — from its bytes (a project.pbxproj is often hundreds
    /// of KB, and `Character.isWhitespace` was ~6 % of a warm `lint`); nil otherwise.
    static func squeezedASCII(_ text: String) -> String? {
        var bytes: [UInt8] = []
        guard squeezeASCII(text.utf8, into: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the squeeze of ASCII `text` to `bytes`; false (stopping there) at a
    /// non-ASCII byte.
    @discardableResult
    static func squeezeASCII(_ text: some Sequence<UInt8>, into bytes: inout [UInt8]) -> Bool {
        let start = bytes.count
        var inComment = false
        var previousSlash = false
        for byte in text {
            guard byte < 0x80 else { return false }
            // ASCII newlines (`Character.isNewline`): \n, \v, \f, \r.
            if byte >= 0x0A && byte <= 0x0D {
                inComment = false
                previousSlash = false
                continue
            }
            if inComment { continue }
            if byte == UInt8(ascii: "/") {
                if previousSlash {
                    if bytes.count > start { bytes.removeLast() }
                    inComment = true
                    previousSlash = false
                    continue
                }
                previousSlash = true
            } else {
                previousSlash = false
            }
            // The rest of ASCII whitespace: space and tab (newlines are handled above).
            if byte == 0x20 || byte == 0x09 { continue }
            bytes.append(byte)
        }
        return true
    }
}

extension FileIndex {
    /// A deterministic text of everything the index holds, positions included (they
    /// appear in cross-file related locations): equal texts mean equal indexes, so a
    /// cache can key workspace-dependent results by it. Sets are sorted; `Hasher` order
    /// never leaks in.
    public var stableDescription: String {
        var parts = ["file \(path)"]
        for (name, scope) in types.sorted(by: { $0.key < $1.key }) {
            parts.append("type \(name) \(scope.nameRange) \(scope.fingerprint)")
            parts.append(scope.properties.map { "\($0.nameRange)\($0.typeRange.map { "\($0)" } ?? "")" }.joined(separator: ","))
        }
        parts += environmentUses.map { "env \($0.kind.rawValue) \($0.typeName) \($0.range)" }.sorted()
        parts += intentControls.map { "intent \($0.typeName) \($0.range)" }.sorted()
        for (owner, names) in references.sorted(by: { $0.key < $1.key }) {
            parts.append("refs \(owner): \(names.sorted().joined(separator: ","))")
        }
        for (name, labels) in initializerLabels.sorted(by: { $0.key < $1.key }) {
            parts.append("labels \(name): \(labels.sorted().joined(separator: ","))")
        }
        for (rule, queries) in queries.sortedKeys { parts.append("queries \(rule): \(queries.joined(separator: ","))") }
        return parts.joined(separator: "\n")
    }
}
