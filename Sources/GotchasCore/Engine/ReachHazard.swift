/// Something a member's or function's own code does that costs, or misleads, when it runs
/// per render: recorded per member (`FileIndex.reachHazards`, by `FileIndex.memberReachKey`)
/// by the walk, and found from `body` through what members reach
/// (`WorkspaceIndex.reachedHazard(from:)`).
public struct ReachHazard: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// `.filter`/`.sorted`/`.reduce` over a collection that is not a handful: a database's
        /// results, state or a model's data, or a pipeline of them (`xs.filter { }.sorted()`).
        case collectionWork
        /// Work the persistent store does: a fetch (`modelContext.fetch(FetchDescriptor…)`,
        /// `viewContext.fetch(request)`; `detail` `fetch`), or `.sorted`/`.filter` over a persistent
        /// model's stored collection (a to-many relationship: every related object is loaded;
        /// `detail` the method, a space and the property: `sorted messages`).
        case storeWork
        /// `JSONDecoder()`, or an image decoded from its bytes: `UIImage(data:)`, `NSImage(data:)`,
        /// `CGImageSourceCreateWithData` (`detail`: which).
        case decoding
        /// `Data(contentsOf:)`, or a question to the file system: `FileManager.default.fileExists(atPath:)`,
        /// `contentsOfDirectory`, … (`detail`: which).
        case fileRead
        /// Text laid out to measure it: `size(withAttributes:)`, `boundingRect(with:options:attributes:context:)`.
        case textMeasurement
        /// `DateFormatter()`, `RelativeDateTimeFormatter()`, … (`detail`: the class).
        case formatter
        /// `Regex(…)`, `NSRegularExpression(pattern:)`.
        case regex
        /// `UIScreen.main.bounds`.
        case screenBounds
        /// `sin(…)`, `cos(…)`, … of one value (`detail`: the function): a helper a per-frame
        /// `TimelineView` may call with the date.
        case trigonometry
        /// `DispatchQueue.main.async`/`asyncAfter` (`detail`: the method).
        case mainQueueHop
        /// A system query whose new result the code owns: a C function returning a created object
        /// (`TISCreateInputSourceList(nil, false).takeRetainedValue()`; `detail`: the function).
        case systemQuery
        /// A `View` extension method that returns its transform's result or `self` by a `Bool`
        /// parameter (`func if(_ condition: Bool, transform: (Self) -> Content) -> some View`):
        /// two view types, so a changing condition swaps the view's identity (`detail`: the
        /// condition parameter's label). Found only at the method itself (`.member(owner: "View", …)`).
        case conditionalTransform
        /// Text relative to the moment the code runs: `date.formatted(.relative(…))`,
        /// `formatter.localizedString(for: date, relativeTo: Date())` (`detail`: which). A widget draws it
        /// once and shows it for hours.
        case relativeToNow
        /// Not a hazard: the member's code renders (a `some View` helper, a `@ViewBuilder`), so the
        /// rules check it where it stands; a question does not follow it (one finding, not two).
        case renderedCode

        /// Hashed by case, not by the raw text: questions carry kinds and are hashed on every
        /// edit of an open document (`WorkspaceQueries.AnswerHashes`). Equal kinds hash alike.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(letter.asciiValue ?? 0)
        }

        /// One letter per kind, for question keys.
        var letter: Character {
            switch self {
            case .collectionWork: "c"
            case .storeWork: "w"
            case .conditionalTransform: "i"
            case .decoding: "d"
            case .fileRead: "f"
            case .textMeasurement: "m"
            case .formatter: "t"
            case .regex: "r"
            case .screenBounds: "s"
            case .trigonometry: "g"
            case .mainQueueHop: "q"
            case .systemQuery: "y"
            case .relativeToNow: "n"
            case .renderedCode: "v"
            }
        }
    }

    /// Where the hazard's code runs.
    public enum Site: String, Sendable, Hashable, Codable {
        /// A method, function or computed property: on every call or read.
        case code
        /// A stored instance property's initializer: each time the value holding it is created.
        case storedInstance
        /// A static or global stored property's initializer: once, so its value is fixed.
        case storedStatic
    }

    public var kind: Kind
    /// What does it: `sorted`, `RelativeDateTimeFormatter`, `asyncAfter`.
    public var detail: String
    /// The member or function holding it, as a reader names it: `relativeTime(_:)`, `screenW`.
    public var member: String
    public var site: Site
    /// The hazard's expression, in its file.
    public var range: Range<Int>
    /// The work is over the member's parameter at this position (`func visible(_ memos: [Memo]) ->
    /// [Memo] { memos.filter { … } }`): it costs only where a caller passes the app's data there,
    /// so it is found only from a call of the member itself, whose argument the asking rule judges.
    public var argument: Int?

    public init(kind: Kind, detail: String, member: String, site: Site, range: Range<Int>, argument: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.member = member
        self.site = site
        self.range = range
        self.argument = argument
    }

    /// True when the hazard matters to code that reaches its member: code runs when called;
    /// a stored static initializer ran once, so only what it froze (the screen's size then) matters.
    var mattersWhenReached: Bool {
        if kind == .renderedCode || kind == .conditionalTransform { return false }
        switch site {
        case .code: return true
        case .storedStatic: return kind == .screenBounds
        case .storedInstance: return false
        }
    }
}

/// A hazard found from a name: the members followed to it (the first is the name asked
/// about, the last holds the hazard) and the hazard, in the file at `path`.
public struct ReachedHazard: Sendable, Hashable {
    /// The members and functions on the way by name, first to last (the last is the hazard's
    /// `member`, named with its labels there).
    public var steps: [String]
    public var hazard: ReachHazard
    public var path: String
}

/// What a name used in rendered code means for the reach question: a member of a type
/// (falling back to a free function of that name when no file records the member), or a
/// static member of whatever type the context infers (`.screenW`).
public enum ReachTarget: Hashable, Sendable, Codable {
    /// `relativeTime(d)`, `visibleItems`, `self.rows` in the code of `owner` (qualified name;
    /// `""` at the top level), or `model.rows` with `model`'s type `owner`.
    case member(owner: String, name: String)
    /// `.screenW`, `CGFloat.screenW`: a static member named so, of the named type when one is written.
    case staticMember(owner: String?, name: String)
    /// `model.rows` with `model`'s type `owner`: that type's member only. Unlike a bare name in a
    /// type's code, a member read on a value never means a free function of the same name.
    case valueMember(owner: String, name: String)
    /// `glucose.date.shortDateTime`: an instance member read on a value whose type the syntax does
    /// not tell. Only an extension of a type the workspace does not declare (`extension Date`) is
    /// meant, and only when every such member of that name holds a hazard of the kinds asked.
    case extensionMember(name: String)
    /// `theme.formatted` with `theme` declared a `Theme`: a member of the type that name means where
    /// it is written (`scope`, the enclosing type's qualified name), which the index resolves as
    /// `RuleContext.resolve(typeNamed:)` does. `Formatter.shared.string(x)` (`sharedInstance`): the
    /// same of a type the workspace declares, not only extends (its shared instance is one of it).
    /// Resolved by the index, not by the rule: a file reading `color.opacity` then depends on
    /// whether `opacity` holds a hazard, not on every `extension Color` in the project (which would
    /// make `lint` run the file's rules again with the whole index).
    case typeNamedMember(type: String, scope: String, name: String, sharedInstance: Bool)
    /// `viewModel.expense?.formattedAmount` with `viewModel` declared a `DetailsModel`: the member of
    /// the type `property` is declared to hold in `type` (resolved as `typeNamedMember` resolves it).
    /// Where either type is not the workspace's own (`item.date.shortText`, a `Date`), the member is
    /// asked as `extensionMember` is. One property only: its declared type is a fact of `type`, which
    /// the question depends on besides the reach facts (`WorkspaceQueries.names`).
    case propertyMember(type: String, scope: String, property: String, name: String)

    var name: String {
        switch self {
        case .member(_, let name), .staticMember(_, let name), .valueMember(_, let name), .extensionMember(let name),
             .typeNamedMember(_, _, let name, _), .propertyMember(_, _, _, let name): name
        }
    }

    /// A call (`coins(for:)`, `load()`): the name carries the call's labels. A read (`coins`) has none.
    /// `init(…)` names an initializer, called by its labels.
    var isCall: Bool { !name.hasPrefix("init(") && name.contains("(") }

    /// The target with the call's labels dropped: members are recorded by base name.
    var calledByBaseName: ReachTarget {
        guard isCall else { return self }
        let base = String(name.prefix { $0 != "(" })
        switch self {
        case .member(let owner, _): return .member(owner: owner, name: base)
        case .staticMember(let owner, _): return .staticMember(owner: owner, name: base)
        case .valueMember(let owner, _): return .valueMember(owner: owner, name: base)
        case .extensionMember: return .extensionMember(name: base)
        case .typeNamedMember(let type, let scope, _, let shared): return .typeNamedMember(type: type, scope: scope, name: name, sharedInstance: shared)
        case .propertyMember(let type, let scope, let property, _): return .propertyMember(type: type, scope: scope, property: property, name: name)
        }
    }
}

/// What the index keeps for reach questions, beside the files: which files hold code of
/// each member key (`FileIndex.memberReach`, `FileIndex.reachHazards`), and the keys holding
/// a hazard by member name (for a static member of an inferred type). Kept current file by
/// file, so no question scans every file.
struct ReachMaps: Sendable {
    private(set) var pathsByKey: [String: NameSet] = [:]
    private(set) var hazardPathsByKey: [String: NameSet] = [:]
    private(set) var hazardKeysByMember: [String: NameSet] = [:]
    /// The reach keys of members declared in extensions (`extension Array { var dataCount: Int { … } }`),
    /// by member name, whether or not their own code holds a hazard: a member read on a value whose
    /// type the walk does not know reaches what they call (`ReachTarget.extensionMember`).
    private(set) var extensionKeysByMember: [String: NameSet] = [:]
    /// The files declaring each extension member key (`extensionKeysByMember`'s counts).
    private(set) var extensionKeyPaths: [String: NameSet] = [:]
    /// Files editing the elements of each collection name in place (`FileIndex.elementEdits`).
    private(set) var elementEditPaths: [String: NameSet] = [:]
    /// The initializer keys recorded for each type (`FileIndex.initializerMember`), for matching a
    /// call's labels (`Text(markdown:)`) to the `init` it calls.
    private(set) var initializerKeysByOwner: [String: NameSet] = [:]

    /// Moves the file at `path` from the keys of `old` to those of `new` (`WorkspaceIndex.reregister`).
    mutating func move(_ path: String, from old: FileIndex?, to new: FileIndex?) {
        WorkspaceIndex.move(path, in: &elementEditPaths, from: old?.elementEdits, to: new?.elementEdits)
        WorkspaceIndex.move(path, in: &pathsByKey, from: old.map { Array($0.memberReach.keys) + $0.reachHazards.keys },
                            to: new.map { Array($0.memberReach.keys) + $0.reachHazards.keys })
        let oldHazards = old.map { Set($0.reachHazards.keys) } ?? [], newHazards = new.map { Set($0.reachHazards.keys) } ?? []
        for key in oldHazards where !newHazards.contains(key) {
            WorkspaceIndex.remove(path, from: &hazardPathsByKey, at: key)
            // Another file may hold hazards under the same key (an extension, an overload).
            if hazardPathsByKey[key] == nil { WorkspaceIndex.remove(key, from: &hazardKeysByMember, at: FileIndex.member(ofReachKey: key)) }
        }
        for key in newHazards where !oldHazards.contains(key) {
            hazardPathsByKey[key, default: []].insert(path)
            hazardKeysByMember[FileIndex.member(ofReachKey: key), default: []].insert(key)
        }
        // One count per file that declares the key in an extension: a key another file still declares stays.
        func extensionKeys(of file: FileIndex?) -> Set<String> {
            guard let file else { return [] }
            return Set((Array(file.memberReach.keys) + file.reachHazards.keys).filter { key in
                let owner = FileIndex.owner(ofReachKey: key)
                return !owner.isEmpty && file.types[owner]?.kind == .extension
            })
        }
        let oldExtensionKeys = extensionKeys(of: old), newExtensionKeys = extensionKeys(of: new)
        for key in oldExtensionKeys.subtracting(newExtensionKeys) {
            WorkspaceIndex.remove(path, from: &extensionKeyPaths, at: key)
            if extensionKeyPaths[key] == nil { WorkspaceIndex.remove(key, from: &extensionKeysByMember, at: FileIndex.member(ofReachKey: key)) }
        }
        for key in newExtensionKeys.subtracting(oldExtensionKeys) {
            extensionKeyPaths[key, default: []].insert(path)
            extensionKeysByMember[FileIndex.member(ofReachKey: key), default: []].insert(key)
        }
        let initializerKeys = [old, new].compactMap { $0 }.flatMap { Array($0.memberReach.keys) + $0.reachHazards.keys }
            .filter { FileIndex.member(ofReachKey: $0).hasPrefix("init(") }
        for key in Set(initializerKeys) {
            let owner = FileIndex.owner(ofReachKey: key)
            if pathsByKey[key] != nil {
                initializerKeysByOwner[owner, default: []].insert(key)
            } else {
                WorkspaceIndex.remove(key, from: &initializerKeysByOwner, at: owner)
            }
        }
    }
}

extension WorkspaceIndex {
    /// The files whose code edits elements of a collection named `name` in place (`items[i] = row`,
    /// `store.items[i].done.toggle()`), sorted; empty while the index is not complete.
    public func filesEditingElements(of name: String) -> [String] {
        guard isComplete else { return [] }
        return (reach.elementEditPaths[name] ?? []).sorted()
    }

    /// How many calls deep a reach question follows members from the name asked about.
    public static let reachDepth = 4

    /// The first hazard of one of `kinds` that the code `target` names reaches when it runs:
    /// its own code, or the members and free functions it calls or reads, up to `reachDepth`
    /// deep, in any file (members in path order, then names in sorted order, so the answer
    /// does not depend on the order files were added). A bare name in a type's code means its
    /// member when some file records one, else the free function. A static member of an
    /// inferred type (`.screenW`) is answered only when every member of that name that holds a
    /// hazard holds one of `kinds`. Nil when none is reached, and while the index is not complete.
    public func reachedHazard(from target: ReachTarget, kinds: Set<ReachHazard.Kind>) -> ReachedHazard? {
        guard isComplete else { return nil }
        switch target.calledByBaseName {
        case .member(let owner, let name):
            guard let key = reachKey(owner: owner, name: name, reading: !target.isCall) else { return nil }
            var visited: Set<String> = []
            return hazard(at: key, kinds: kinds, depth: 0, dataArgument: nil, calledAs: target.isCall ? target.name : nil, visited: &visited)
        case .valueMember(let owner, let name):
            let key = name.hasPrefix("init(") ? initializerKey(owner: owner, called: name) : FileIndex.memberReachKey(owner: owner, member: name)
            guard let key, reach.pathsByKey[key] != nil else { return nil }
            // `vault.coins` reads the stored property, not a method `coins(for:)` of the same base name.
            if !target.isCall, readsStoredProperty(name, of: owner) { return nil }
            var visited: Set<String> = []
            return hazard(at: key, kinds: kinds, depth: 0, dataArgument: nil, calledAs: target.isCall ? target.name : nil, visited: &visited)
        case .staticMember(let owner, let name):
            let keys: [String]
            if let owner {
                keys = [FileIndex.memberReachKey(owner: owner, member: name)]
            } else {
                keys = (reach.hazardKeysByMember[name] ?? []).sorted()
            }
            var found: ReachedHazard?
            for key in keys {
                var visited: Set<String> = []
                guard let hazard = hazard(at: key, kinds: kinds, depth: 0, dataArgument: nil, visited: &visited),
                      // Of an inferred type, only a static stored value (`.screenW`) is meant: a method
                      // or an instance member of the same name somewhere says nothing about it.
                      owner != nil || hazard.hazard.site == .storedStatic
                else { return nil }
                found = found ?? hazard
            }
            return found
        case .typeNamedMember(let type, let scope, let name, let sharedInstance):
            guard let owner = TypeMatching.chosen(type, among: qualifiedNames(matching: type), from: scope),
                  !sharedInstance || types[owner].map({ $0.kind != .extension }) == true
            else { return nil }
            return reachedHazard(from: .valueMember(owner: owner, name: name), kinds: kinds)
        case .propertyMember(let type, let scope, let property, let name):
            // The type the property is declared to hold, looked up from the type declaring it.
            guard let owner = TypeMatching.chosen(type, among: qualifiedNames(matching: type), from: scope),
                  let held = types[owner]?.properties.first(where: { $0.name == property && !$0.isStatic })?.reachTypeName
                      .flatMap(TypeNames.simple),
                  let heldOwner = TypeMatching.chosen(held, among: qualifiedNames(matching: held), from: owner)
            else { return reachedHazard(from: .extensionMember(name: name), kinds: kinds) }
            return reachedHazard(from: .valueMember(owner: heldOwner, name: name), kinds: kinds)
        case .extensionMember(let name):
            let keys = (reach.hazardKeysByMember[name] ?? []).union(reach.extensionKeysByMember[name] ?? []).sorted()
            var found: ReachedHazard?
            for key in keys {
                let owner = FileIndex.owner(ofReachKey: key)
                var visited: Set<String> = []
                // A workspace type's member, or a free function, of that name could be the one read.
                guard !owner.isEmpty, types[owner].map({ $0.kind == .extension }) ?? true,
                      let hazard = hazard(at: key, kinds: kinds, depth: 0, dataArgument: nil, visited: &visited),
                      hazard.hazard.site == .code
                else { return nil }
                found = found ?? hazard
            }
            return found
        }
    }

    /// `owner name` when some file records that member, else the free function ` name`; for a call's
    /// labels (`init(markdown:)`), the one `init` of `owner` those labels call.
    /// `reading`: the name may be a read (a bare name on the way, recorded without call labels): a
    /// stored property of `owner` by that name is what it reads, though a method shares the key.
    private func reachKey(owner: String, name: String, reading: Bool = false) -> String? {
        if name.hasPrefix("init(") { return initializerKey(owner: owner, called: name) }
        let member = FileIndex.memberReachKey(owner: owner, member: name)
        if reach.pathsByKey[member] != nil {
            // Asked only where a member by that name records code (the property scan is not free).
            return reading && readsStoredProperty(name, of: owner) ? nil : member
        }
        let function = FileIndex.memberReachKey(owner: "", member: name)
        return reach.pathsByKey[function] != nil ? function : nil
    }

    /// A name a member uses that neither its type nor a free function declares: a member of a value
    /// whose type the walk did not know (`amount.formattedCurrency(code)`). It means the one member of
    /// that name declared in an extension of a type the workspace does not declare (`extension
    /// Double`), when the workspace has exactly one and no other member of that name holds a hazard.
    /// Only a name of several words (`formattedCurrency`, `en_date_from_string`): a one-word name
    /// (`width`, `center`, `decode`) is as likely a system type's own member (`rect.width`).
    private func extensionMemberKey(_ name: String) -> String? {
        guard Self.isSeveralWords(name),
              let keys = reach.extensionKeysByMember[name], keys.count == 1, let key = keys.first(where: { _ in true }),
              (reach.hazardKeysByMember[name] ?? []).allSatisfy({ $0 == key })
        else { return nil }
        let owner = FileIndex.owner(ofReachKey: key)
        guard !owner.isEmpty, types[owner].map({ $0.kind == .extension }) ?? true else { return nil }
        return key
    }

    /// The one recorded `init` of `owner` whose parameters take the call's labels in order (`_` for
    /// an unlabeled argument), skipping only parameters with a default value; nil when none or
    /// several do (the compiler's choice between overloads is not guessed).
    private func initializerKey(owner: String, called call: String) -> String? {
        let matching = (reach.initializerKeysByOwner[owner] ?? []).filter { FileIndex.initializer(FileIndex.member(ofReachKey: $0), accepts: call) }
        return matching.count == 1 ? matching.first : nil
    }

    /// `Thread.sortedMessages` (a member read on a value whose declared type the walk knew):
    /// that member of the one type declared under the name. Nil for a plain name, a type declared
    /// several times or nowhere, or a member no file records.
    /// Called with labels on a type the project only extends (`String.split(separator:)`): not a
    /// member whose own recorded name takes another first label (`split(usingRegex:)`).
    private func typedReachKey(_ name: String) -> String? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let candidates = qualifiedNames(ofSimpleName: String(name[..<dot]))
        guard candidates.count == 1, let type = candidates.first else { return nil }
        var member = name[name.index(after: dot)...]
        var firstLabel: Substring?
        if let open = member.firstIndex(of: "(") {
            firstLabel = member[member.index(after: open)...].prefix { $0 != ":" }
            member = member[..<open]
        }
        let key = FileIndex.memberReachKey(owner: type, member: String(member))
        guard let paths = reach.pathsByKey[key] else { return nil }
        if firstLabel == nil, readsStoredProperty(String(member), of: type) { return nil }
        // Of a type the project declares, the call is its method, whichever overload (members are
        // recorded by base name: `load(modelId:)` calling `load(from:)` shares its key). Of a type it
        // only extends (`String`), another label may be the system's own method.
        if let firstLabel, types[type].map({ $0.kind == .extension }) ?? true {
            for path in paths {
                for hazard in files[path]?.reachHazards[key] ?? [] {
                    guard let open = hazard.member.firstIndex(of: "(") else { continue }
                    let declared = hazard.member[hazard.member.index(after: open)...].prefix { $0 != ":" && $0 != ")" }
                    if !declared.isEmpty, declared != firstLabel { return nil }
                }
            }
        }
        return key
    }

    /// `name` (no call labels) is a stored instance property of `owner`: reading it runs no code.
    /// Members are recorded by base name, so without this a read of `coins` would take the work of
    /// a method `coins(for:)` of the same type.
    private func readsStoredProperty(_ name: String, of owner: String) -> Bool {
        guard !owner.isEmpty, !name.contains("(") else { return false }
        return types[owner]?.property(named: name)?.isStoredInstance == true
    }

    /// `formattedCurrency`, `en_date_from_string`: a name of several words, which a system type's own
    /// members seldom share (unlike `width`, `center`, `decode`).
    public static func isSeveralWords(_ name: String) -> Bool {
        name.dropFirst().contains { $0.isUppercase || $0 == "_" }
    }

    /// `dataArgument`: the caller on the way passes the app's data at that position (`FileIndex.dataArgumentEdge`),
    /// so the member's work over that parameter counts at any depth (as over data, `argument` nil).
    private func hazard(at key: String, kinds: Set<ReachHazard.Kind>, depth: Int, dataArgument: Int?, calledAs: String? = nil,
                        visited: inout Set<String>) -> ReachedHazard? {
        guard visited.insert(key).inserted, let paths = reach.pathsByKey[key]?.sorted() else { return nil }
        // Members are recorded by base name: a call (`pick(day:isPassed:)`) is not a method whose labels
        // cannot take its arguments (`pick(context:day:)`, another overload, or a same-named type's method in
        // another target). Where every method recorded here is such, the call is to none of them.
        let takesCall = { (member: String) in calledAs.map { !member.contains("(") || Self.method(member, mayTake: $0) } ?? true }
        if calledAs != nil {
            let methods = paths.flatMap { files[$0]?.reachHazards[key] ?? [] }.map(\.member).filter { $0.contains("(") }
            if !methods.isEmpty, !methods.contains(where: takesCall) { return nil }
        }
        // A conditional transform is a fact of the method asked about, not of what it calls.
        if kinds == [.conditionalTransform] {
            for path in paths {
                if let hazard = files[path]?.reachHazards[key]?.first(where: { $0.kind == .conditionalTransform }) {
                    return ReachedHazard(steps: [hazard.member], hazard: hazard, path: path)
                }
            }
            return nil
        }
        if paths.contains(where: { files[$0]?.reachHazards[key]?.contains { $0.kind == .renderedCode } == true }) { return nil }
        // Work over a parameter is known to cost only at the member called from rendered code,
        // whose argument the caller shows; deeper, what is passed is not known.
        func matters(_ hazard: ReachHazard) -> Bool {
            hazard.mattersWhenReached && (depth == 0 || hazard.argument == nil || hazard.argument == dataArgument) && takesCall(hazard.member)
        }
        for path in paths {
            guard var hazards = files[path]?.reachHazards[key]?.filter(matters),
                  !hazards.isEmpty else { continue }
            if let dataArgument {
                for index in hazards.indices where hazards[index].argument == dataArgument { hazards[index].argument = nil }
            }
            guard var hazard = hazards.first(where: { kinds.contains($0.kind) && $0.argument == nil })
                    ?? hazards.first(where: { kinds.contains($0.kind) }) else { continue }
            if hazard.kind == .collectionWork {
                // All the member's collection work, in order: `filter+sorted` filters and then sorts.
                let work = hazards.filter { $0.kind == .collectionWork && ($0.argument == nil || hazard.argument != nil) }
                hazard.detail = ReachHazard.collectionDetail(work.sorted { $0.range.lowerBound < $1.range.lowerBound }.map(\.detail))
            }
            return ReachedHazard(steps: [hazard.member], hazard: hazard, path: path)
        }
        guard depth < Self.reachDepth else { return nil }
        let owner = String(key.prefix { $0 != " " })
        var names: Set<String> = []
        for path in paths { names.formUnion(files[path]?.memberReach[key] ?? []) }
        // `body` is never on the way: a member that reads another view's `body` does not run its work.
        for name in names.sorted() where name != "body" {
            let edge = FileIndex.dataArgument(ofEdge: name)
            let next = edge.map { reachKey(owner: owner, name: $0.name) }
                ?? (FileIndex.isImplicitMemberKey(name) ? extensionMemberKey(String(name.dropFirst(2)))
                    : name.contains(".") ? typedReachKey(name)
                    // A bare name of a stored property of the member's type is a read of it (a bare call
                    // is recorded without its labels: a method of that base name is not followed).
                    : reachKey(owner: owner, name: name, reading: true) ?? extensionMemberKey(name))
            // The plain name of a method the code also passes data to is followed through its edge.
            if edge == nil, names.contains(where: { FileIndex.dataArgument(ofEdge: $0)?.name == name }) { continue }
            guard let next, next != key,
                  var found = hazard(at: next, kinds: kinds, depth: depth + 1, dataArgument: edge?.argument, visited: &visited)
            else { continue }
            let member = FileIndex.member(ofReachKey: key)
            found.steps.insert(member.hasPrefix("init(") ? String(key.prefix { $0 != " " }) + "." + member.filter { $0 != "=" } : member, at: 0)
            return found
        }
        return nil
    }

    /// A method recorded as `member` (`pick(context:day:)`) may take a call written `call`
    /// (`pick(day:)`): the call's labels stand in the method's, in order (a parameter it skips may have a
    /// default value, which the recorded name does not tell). `pick(day:isPassed:)` it cannot.
    public static func method(_ member: String, mayTake call: String) -> Bool {
        guard member.prefix(while: { $0 != "(" }) == call.prefix(while: { $0 != "(" }),
              let parameters = FileIndex.labels(ofMember: member)?.map(\.label), let arguments = FileIndex.labels(ofMember: call)?.map(\.label)
        else { return true }
        var remaining = parameters[...]
        for argument in arguments {
            guard let index = remaining.firstIndex(of: argument) else { return false }
            remaining = remaining[remaining.index(after: index)...]
        }
        return true
    }
}
