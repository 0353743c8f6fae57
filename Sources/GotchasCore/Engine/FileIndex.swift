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
    /// Types declared in the file (at any nesting depth), by qualified name
    /// (`Feature.StateModel`), each merged with the file's extensions of it.
    public var types: [String: TypeScope]
    public var environmentUses: [EnvironmentUse]
    public var intentControls: [IntentControlUse]
    /// Uppercase names the code of each declared type refers to (`""` for top-level
    /// code): types, initializers, static members' bases.
    public var references: [String: NameSet]
    /// The argument labels call sites in the file pass to each type's initializer, by the
    /// called type name (`Row(item: i, count: 3)` → `Row: [item, count]`; `Row.init(…)` and
    /// `Outer.Row(…)` count for `Row`). Labels of `.init(…)` calls, whose type the file alone
    /// does not tell, are kept under `initializerOfUnknownType`. Only calls with a label.
    public var initializerLabels: [String: NameSet]
    /// The lowercase names (properties, methods, locals: `count` in `count += 1`; `.count` for
    /// the name after a dot in `self.count`, `row.count` — `memberAccessKey`) the code of each
    /// type uses, by the qualified name of the type or extension whose code it is (`""` for
    /// top-level code). Which files use a member of a type: those
    /// whose code of that type (an `extension Editor` in `Editor+Logic.swift`) uses its name.
    public var memberUses: [String: NameSet]
    /// What each member's code (a computed property, a method, `body`) uses when it runs, by
    /// `memberReachKey` (`"Editor body"` → `formatter`, `title`): uses in action closures left
    /// out. `WorkspaceIndex.bodyReaches` follows it from `body` through the type's members.
    public var memberReach: [String: NameSet]
    /// What each member's or free function's own code does that costs per render or misleads
    /// (`ReachHazard`: a formatter built, JSON decoded, `UIScreen.main.bounds`, …), by
    /// `memberReachKey` (`" relativeTime"` for a free function), in source order. Found from
    /// rendered code through `memberReach` by `WorkspaceIndex.reachedHazard(from:kinds:)`.
    public var reachHazards: [String: [ReachHazard]]
    /// The names of collections whose elements the file's code edits in place (`items[i] = row`,
    /// `store.items[i].title = t`): evidence for identity rules in other files
    /// (`WorkspaceIndex.filesEditingElements(of:)`). Beside them, under `shrinkKey(of:)`
    /// (`-items`), the collections it assigns whole or removes from outside an `init`
    /// (`items = try load()`, `items.remove(at: i)`): they can shrink (`filesShrinking(_:)`).
    public var elementEdits: Set<String>
    /// The types each type's rendered code (`body`, view builders, their content closures)
    /// constructs by name (`Row(item:)` → `Row`), by the qualified name of the type: the edges
    /// of the view-containment graph (`WorkspaceIndex.viewTreeHoldsState`). What is built inside
    /// menu content (`MenuContent`) is under `menuContentKey(owner:)` instead, and what is pushed as a
    /// navigation destination under `destinationKey(owner:)`.
    public var builtViews: [String: NameSet]
    /// What the file's rules asked the workspace (`RuleContext.type(named:)` and
    /// friends), rule by rule: what its diagnostics may depend on in other files.
    public var queries: WorkspaceQueries

    /// The `initializerLabels` key of `.init(…)` calls (not a type name: it starts with a period).
    public static let initializerOfUnknownType = ".init"

    /// The key of the labels app code (not a `#Preview` or `PreviewProvider`) passes to `type`'s
    /// initializer, recorded beside the labels every caller passes (a preview seeding a view's
    /// state on purpose is no app caller whose value is dropped).
    public static func appCallersKey(of type: String) -> String { type + " app" }
    public static func isAppCallersKey(_ key: String) -> Bool {
        key.hasSuffix(" app") || key.hasSuffix(" varying") || key.hasSuffix(" constant") || key.hasSuffix(" state")
    }

    /// The question for the labels app code passes a value that may differ between calls (not a
    /// literal or an enum case written out: `Row(title: "Inbox")` passes one value for ever). Not
    /// stored: `WorkspaceIndex` answers it from each file's app labels minus its constant-only ones.
    public static func varyingCallersKey(of type: String) -> String { type + " varying" }

    /// The key of the labels this file's app code passes `type`'s initializer only as constants
    /// (usually none: stored only where some are, so it costs next to nothing).
    public static func constantCallersKey(of type: String) -> String { type + " constant" }

    /// The key of what this file's view code hands `type`'s initializer from the caller's own changing
    /// state: a label (`Row(item: selection)` with `@State var selection`, `$draft`, the element of a
    /// `ForEach` over such state: a value that changes while the view it builds lives), or, for a value
    /// read from an input of the caller (`Row(item: item)`, `item` a plain stored property of `List`),
    /// the entry `label Caller.input`: the label is fed state where the caller's own callers pass that
    /// input state. One key for both (fewer keys to keep); stored only where some are.
    public static func stateCallersKey(of type: String) -> String { type + " state" }

    /// `Row` for `Row app`, `Row constant`, `Row varying`, `Row state`.
    static func callersType(ofKey key: String) -> String? {
        for suffix in [" app", " constant", " varying", " state"] where key.hasSuffix(suffix) { return String(key.dropLast(suffix.count)) }
        return nil
    }

    public init(path: String, types: [String: TypeScope] = [:], environmentUses: [EnvironmentUse] = [],
                intentControls: [IntentControlUse] = [], references: [String: NameSet] = [:],
                initializerLabels: [String: NameSet] = [:], memberUses: [String: NameSet] = [:],
                memberReach: [String: NameSet] = [:], reachHazards: [String: [ReachHazard]] = [:],
                elementEdits: Set<String> = [], builtViews: [String: NameSet] = [:], queries: WorkspaceQueries = WorkspaceQueries()) {
        self.path = path
        self.types = types
        self.environmentUses = environmentUses
        self.intentControls = intentControls
        self.references = references
        self.initializerLabels = initializerLabels
        self.memberUses = memberUses
        self.memberReach = memberReach
        self.reachHazards = reachHazards
        self.elementEdits = elementEdits
        self.builtViews = builtViews
        self.queries = queries
    }

    /// The `memberReach` key of a member of a type (qualified name, a space, the member's name).
    static func memberReachKey(owner: String, member: String) -> String { owner + " " + member }

    /// A `memberReach` name saying the code calls the method `name` of its own type passing the
    /// app's data (a property with a data wrapper) at `argument`: `visible@0`.
    static func dataArgumentEdge(_ name: String, argument: Int) -> String { name + "@" + String(argument) }

    /// The method and argument position of a `dataArgumentEdge` name; nil for any other name.
    static func dataArgument(ofEdge name: String) -> (name: String, argument: Int)? {
        guard let at = name.lastIndex(of: "@"), let argument = Int(name[name.index(after: at)...]) else { return nil }
        return (String(name[..<at]), argument)
    }

    /// The labels of an initializer member (`init(markdown:fallback=:)`), with whether each has a default.
    static func labels(ofInitializerMember member: String) -> [(label: String, defaulted: Bool)] {
        guard member.hasPrefix("init(") else { return [] }
        return labels(ofMember: member) ?? []
    }

    /// The argument labels a member name written with them carries (`row(for:at:)` → `for`, `at`;
    /// `init(markdown:fallback=:)` marks a parameter with a default value); nil for a name without them.
    static func labels(ofMember member: String) -> [(label: String, defaulted: Bool)]? {
        guard let open = member.firstIndex(of: "("), member.hasSuffix(")") else { return nil }
        return member[member.index(after: open)..<member.index(before: member.endIndex)].split(separator: ":").map { part in
            part.hasSuffix("=") ? (String(part.dropLast()), true) : (String(part), false)
        }
    }

    /// True when the `init` recorded as `member` (`init(markdown:fallback=:)`) takes a call with the
    /// labels of `call` (`init(markdown:)`): its parameters take them in order, skipping only
    /// parameters with a default value.
    static func initializer(_ member: String, accepts call: String) -> Bool {
        var parameters = labels(ofInitializerMember: member)[...]
        for argument in labels(ofInitializerMember: call) {
            while let parameter = parameters.first, parameter.label != argument.label {
                guard parameter.defaulted else { return false }
                parameters = parameters.dropFirst()
            }
            guard !parameters.isEmpty else { return false }
            parameters = parameters.dropFirst()
        }
        return parameters.allSatisfy(\.defaulted)
    }

    /// The owner's name in a `memberReach` key (before the last space; "" for a free function).
    static func owner(ofReachKey key: String) -> String {
        String(key[..<(key.lastIndex(of: " ") ?? key.startIndex)])
    }

    /// The member's name in a `memberReach` key (after the last space).
    static func member(ofReachKey key: String) -> String {
        key.lastIndex(of: " ").map { String(key[key.index(after: $0)...]) } ?? key
    }

    /// The name under which reach questions (`WorkspaceIndex.reachedHazard`) are recorded and
    /// their changes announced: a hazard anywhere, or what a member other than `body` reaches,
    /// may change the answer of a question about a name that reaches it, in any file.
    static let reachDependency = "reached hazards"

    /// The name under which a question about in-place edits of a collection's elements is recorded
    /// and its changes announced.
    static func elementEditDependency(of name: String) -> String { "elements of " + name }

    /// The `elementEdits` entry saying the collection named `name` is assigned whole or removed from.
    public static func shrinkKey(of name: String) -> String { "-" + name }

    /// The `elementEdits` entry saying a value named `name` is changed after it is made: assigned,
    /// mutated or edited in place outside an `init` (a closure an `init` leaves behind counts).
    public static func writeKey(of name: String) -> String { "=" + name }

    /// The `builtViews` key of the views a type builds inside menu content (a qualified name has no space).
    static func menuContentKey(owner: String) -> String { owner + menuContentSuffix }

    /// The `builtViews` key of the views a type pushes as navigation destinations
    /// (`.navigationDestination { … }`, `NavigationLink { … } label:`, `NavigationLink(destination:)`).
    static func destinationKey(owner: String) -> String { owner + destinationSuffix }

    /// The `builtViews` key of the views a type presents (`.sheet { … }`, `.fullScreenCover { … }`,
    /// `.popover { … }`, `.inspector { … }`): built while shown, and again when the presenting view updates.
    static func presentationKey(owner: String) -> String { owner + presentationSuffix }

    /// The type whose code a `builtViews` key names, and whether it is its menu key (a destination
    /// or presentation key names its owner too).
    static func builtViewsOwner(ofKey key: String) -> (owner: String, isMenuContent: Bool) {
        if key.hasSuffix(destinationSuffix) { return (String(key.dropLast(destinationSuffix.count)), false) }
        if key.hasSuffix(presentationSuffix) { return (String(key.dropLast(presentationSuffix.count)), false) }
        return key.hasSuffix(menuContentSuffix) ? (String(key.dropLast(menuContentSuffix.count)), true) : (key, false)
    }

    /// A `builtViews` key under which a type pushes navigation destinations.
    static func isDestinationKey(_ key: String) -> Bool { key.hasSuffix(destinationSuffix) }

    /// A `builtViews` key under which a type presents views (sheets, covers, popovers).
    static func isPresentationKey(_ key: String) -> Bool { key.hasSuffix(presentationSuffix) }

    private static let menuContentSuffix = " menu"
    private static let destinationSuffix = " destination"
    private static let presentationSuffix = " presented"

    /// The `builtViews` key of the views preview code builds (`#Preview`, a `PreviewProvider`), and
    /// the `references` owner of the names top-level preview code (`#Preview { }`) refers to.
    public static let previewKey = "#Preview"

    /// The `builtViews` key of the views UIKit or AppKit code makes the root of a hosting
    /// controller or view (`UIHostingController(rootView: ShareView())`), in any code: built once,
    /// like a scene's root, and by the app, not a preview.
    static let hostingKey = "#Hosting"

    /// The `builtViews` key of the views rendered code builds as the rows of a list over data
    /// (`ForEach(items) { Row(item: $0) }`), besides the key of the type that builds them.
    static let rowsKey = "#Rows"

    /// The name under which questions about view trees (`viewTreeHoldsState`) are recorded and
    /// their changes announced: any file's built views or type facts may change the answer.
    static let viewTreeDependency = "view trees"

    /// The name under which changes of callers' state are announced: whether a caller passes its own
    /// changing state (`stateCallersKey`) follows callers' inputs up to their own callers, in any file.
    static let stateCallersDependency = "state callers"

    /// How `memberReach` holds a name used after a dot with no base (`.named("grid")`, `.screenW`): a
    /// static member of the type the context infers, which only an extension's member can be.
    static func implicitMemberKey(_ name: String) -> String { ".." + name }
    static func isImplicitMemberKey(_ name: String) -> Bool { name.hasPrefix("..") }

    /// How `memberUses` holds a name used after a dot (`row.count` → `.count`).
    static func memberAccessKey(_ name: String) -> String { "." + name }

    /// The name under which a question about the uses of `type`'s members is recorded and
    /// its changes are announced (`changedNames`, `dependents(on:)`): by simple name, so a
    /// file naming `Editor` and one extending `Feature.Editor` both reach it.
    static func memberUsesDependency(of type: String) -> String {
        "members of " + (TypeNames.simple(type) ?? type)
    }

    /// The name under which a question about the member names a file's own code uses
    /// (`WorkspaceAsking.usesInOwnFile`) is recorded and its changes announced: only that file's
    /// edits change it.
    static func ownMemberUsesDependency(of path: String) -> String { "members used in " + path }

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
                // Uses name the simple name (`StateModel()`): both keys, so a file that asked
                // either is found.
                changed.insert(name)
                if let simple = TypeNames.simple(name) { changed.insert(simple) }
                continue
            }
        }
        // Who uses a member of `T` (`WorkspaceIndex.filesUsing(member:of:)`) reads the code of `T`
        // and the code that names `T`: either changing may change the answer for `T`.
        let oldMembers = old?.memberUses ?? [:]
        let newMembers = new?.memberUses ?? [:]
        let oldReferences = old?.references ?? [:]
        let newReferences = new?.references ?? [:]
        // The view-containment graph reads every type's built views and its state properties.
        if old?.builtViews != new?.builtViews || !changed.isEmpty { changed.insert(viewTreeDependency) }
        let oldReach = old?.memberReach ?? [:]
        let newReach = new?.memberReach ?? [:]
        for key in Set(oldReach.keys).union(newReach.keys) where oldReach[key] != newReach[key] {
            changed.insert(memberUsesDependency(of: String(key.prefix { $0 != " " })))
            // A `body` is never on the way to a hazard (questions start at what it uses): its
            // edits, the most frequent, leave other files' reach answers alone.
            if member(ofReachKey: key) != "body" { changed.insert(reachDependency) }
        }
        if (old?.reachHazards ?? [:]) != (new?.reachHazards ?? [:]) { changed.insert(reachDependency) }
        for name in (old?.elementEdits ?? []).symmetricDifference(new?.elementEdits ?? []) { changed.insert(elementEditDependency(of: name)) }
        if oldMembers != newMembers, let path = new?.path ?? old?.path { changed.insert(ownMemberUsesDependency(of: path)) }
        if oldMembers != newMembers || oldReferences != newReferences {
            for owner in Set(oldMembers.keys).union(newMembers.keys) where oldMembers[owner] != newMembers[owner] {
                changed.insert(memberUsesDependency(of: owner))
            }
            for names in Array(oldReferences.values) + Array(newReferences.values) {
                for name in names { changed.insert(memberUsesDependency(of: name)) }
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
            // The varying labels are derived from the app and constant ones.
            if let type = callersType(ofKey: name) { changed.insert(varyingCallersKey(of: type)) }
            if name.hasSuffix(" state") { changed.insert(stateCallersDependency) }
        }
        return changed
    }
}

extension TypeScope {
    /// True when rules read the same of both (positions aside: moving code is not a
    /// change). Compared field by field: the server asks on every edit.
    func hasSameFacts(as other: TypeScope) -> Bool {
        kind == other.kind && qualifiedName == other.qualifiedName && inheritedTypes == other.inheritedTypes
            && attributes == other.attributes && isView == other.isView && initializerWork == other.initializerWork
            && flagGatedWork == other.flagGatedWork
            && declaresInitializer == other.declaresInitializer && initializerParameters == other.initializerParameters
            && methodNames == other.methodNames
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
        return "\(kind.rawValue)|\(qualifiedName)|\(inheritedTypes)|\(attributes)|\(isView)|\(initializerWork)|"
            + "\(flagGatedWork.sorted { $0.key < $1.key })|"
            + "\(declaresInitializer)|\(initializerParameters.sorted())|\(methodNames.sorted())|\(props)"
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
        for (owner, names) in memberUses.sorted(by: { $0.key < $1.key }) {
            parts.append("members \(owner): \(names.sorted().joined(separator: ","))")
        }
        for (member, names) in memberReach.sorted(by: { $0.key < $1.key }) {
            parts.append("reach \(member): \(names.sorted().joined(separator: ","))")
        }
        for (member, hazards) in reachHazards.sorted(by: { $0.key < $1.key }) {
            parts.append("hazards \(member): " + hazards.map { "\($0.kind.rawValue) \($0.detail) \($0.member) \($0.site.rawValue) \($0.range)" }.joined(separator: ","))
        }
        if !elementEdits.isEmpty { parts.append("edits elements of " + elementEdits.sorted().joined(separator: ",")) }
        for (owner, names) in builtViews.sorted(by: { $0.key < $1.key }) {
            parts.append("builds \(owner): \(names.sorted().joined(separator: ","))")
        }
        for (rule, queries) in queries.sortedKeys { parts.append("queries \(rule): \(queries.joined(separator: ","))") }
        return parts.joined(separator: "\n")
    }
}
