/// A yes-or-no fact about the type a written name means at one place in a file: the question
/// `RuleContext.typeFact(_:of:)` records. It carries what the file itself says of the name (its
/// own declarations the name may mean, and the type the use stands in), so its answer is a
/// function of the workspace alone, and that answer is all the rule reads: `@State var title:
/// String` asks "is `String` a class here", which no `extension String` anywhere changes, where
/// asking for the declaration would make every such extension a reason to lint the file again.
public struct TypeFactQuestion: Sendable, Hashable, Codable {
    public enum Fact: Sendable, Hashable, Codable {
        /// The type is a class, a struct, … (`TypeScope.Kind`).
        case isKind(TypeScope.Kind)
        /// The type conforms to `View` or `ViewModifier`.
        case isView
        /// The name means a type the file or the workspace declares (an extension counts).
        case isDeclared
        /// The type declares a method of this name.
        case hasMethod(String)
        /// The type declares a static property of this name.
        case hasStaticProperty(String)

        var member: String {
            switch self {
            case .hasMethod(let name), .hasStaticProperty(let name): name
            case .isKind, .isView, .isDeclared: ""
            }
        }

        func holds(for shape: TypeShape) -> Bool {
            switch self {
            case .isKind(let kind): shape.kind == kind
            case .isView: shape.isView
            case .isDeclared: true
            case .hasMethod: shape.hasMethod
            case .hasStaticProperty: shape.memberProperty == .static
            }
        }
    }

    public var fact: Fact
    /// The name as written (`Store`, `Feature.Store`).
    public var name: String
    /// The qualified name of the type the use stands in ("" at the top level).
    public var scope: String
    /// The file's own declarations the name may mean, by qualified name.
    public var local: [TypeShape]

    /// Whether the fact holds of the type `name` means, with `workspace`'s declarations in other
    /// files: `RuleContext.resolve(typeNamed:)`'s choice and merge, on shapes.
    public func answer(by workspace: WorkspaceIndex, forFileAt path: String) -> Bool {
        let remote = workspace.declarations(matching: name, excluding: path).map { TypeShape($0.scope, member: fact.member) }
        let candidates = Set(remote.map(\.qualifiedName) + local.map(\.qualifiedName))
        guard let chosen = TypeMatching.chosen(name, among: candidates, from: scope),
              let shape = TypeMatching.merged(local: local.first { $0.qualifiedName == chosen },
                                              remote: remote.first { $0.qualifiedName == chosen })
        else { return false }
        return fact.holds(for: shape)
    }
}

/// What a `TypeFactQuestion` reads of one declaration: its kind, view-ness and one member's facts.
public struct TypeShape: Sendable, Hashable, Codable, MergeableType {
    public enum MemberProperty: Sendable, Hashable, Codable {
        case instance, `static`
    }

    public var qualifiedName: String
    public var kind: TypeScope.Kind
    public var isView: Bool
    /// A property named as the member asked about (nil when none, or no member was asked).
    public var memberProperty: MemberProperty?
    /// A method named as the member asked about.
    public var hasMethod: Bool

    public init(_ scope: TypeScope, member: String) {
        qualifiedName = scope.qualifiedName
        kind = scope.kind
        isView = scope.isView
        let property = member.isEmpty ? nil : scope.property(named: member)
        memberProperty = property.map { $0.isStatic ? .static : .instance }
        hasMethod = !member.isEmpty && scope.methodNames.contains(member)
    }

    init(qualifiedName: String, kind: TypeScope.Kind, isView: Bool, memberProperty: MemberProperty?, hasMethod: Bool) {
        self.qualifiedName = qualifiedName
        self.kind = kind
        self.isView = isView
        self.memberProperty = memberProperty
        self.hasMethod = hasMethod
    }

    /// As `TypeScope.merge`: conformances and methods add up, a property keeps its first declaration.
    mutating func merge(_ other: TypeShape) {
        isView = isView || other.isView
        memberProperty = memberProperty ?? other.memberProperty
        hasMethod = hasMethod || other.hasMethod
    }
}

/// A type's facts that merge across its declaration and extensions (`TypeScope`, `TypeShape`).
protocol MergeableType {
    var kind: TypeScope.Kind { get }
    mutating func merge(_ other: Self)
}

extension TypeScope: MergeableType {}

extension TypeMatching {
    /// What a use sees of a type this file (`local`) and other files (`remote`) both may declare:
    /// an extension here adds to the declaration elsewhere, a declaration here takes an extension
    /// elsewhere in, and of two declarations this file's wins (the compiler would reject one).
    static func merged<Type: MergeableType>(local: Type?, remote: Type?) -> Type? {
        guard var local else { return remote }
        if local.kind == .extension, var remote {
            remote.merge(local)
            return remote
        }
        if let remote, remote.kind == .extension { local.merge(remote) }
        return local
    }
}

extension TypeFactQuestion {
    /// `k:class|Store|Feature.List|Feature.Store:struct:0:-:0` — the fact, the name, the scope,
    /// then each local shape (`qualified:kind:view:property:method`). Names hold no `|`, `,` or `:`.
    var key: String {
        let fact: String
        switch self.fact {
        case .isKind(let kind): fact = "k:" + kind.rawValue
        case .isView: fact = "v"
        case .isDeclared: fact = "d"
        case .hasMethod(let member): fact = "m:" + member
        case .hasStaticProperty(let member): fact = "s:" + member
        }
        let shapes = local.map { shape in
            let property = switch shape.memberProperty { case nil: "-"; case .instance: "i"; case .static: "s" }
            return [shape.qualifiedName, shape.kind.rawValue, shape.isView ? "1" : "0", property, shape.hasMethod ? "1" : "0"].joined(separator: ":")
        }
        return [fact, name, scope, shapes.joined(separator: ",")].joined(separator: "|")
    }

    init?(key: String) {
        let parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 else { return nil }
        let factParts = parts[0].split(separator: ":", maxSplits: 1).map(String.init)
        switch (factParts.first, factParts.count) {
        case ("k", 2): guard let kind = TypeScope.Kind(rawValue: factParts[1]) else { return nil }; fact = .isKind(kind)
        case ("v", 1): fact = .isView
        case ("d", 1): fact = .isDeclared
        case ("m", 2): fact = .hasMethod(factParts[1])
        case ("s", 2): fact = .hasStaticProperty(factParts[1])
        default: return nil
        }
        name = parts[1]
        scope = parts[2]
        var local: [TypeShape] = []
        for encoded in parts[3].split(separator: ",") {
            let fields = encoded.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let kind = TypeScope.Kind(rawValue: fields[1]) else { return nil }
            let property: TypeShape.MemberProperty?
            switch fields[3] {
            case "-": property = nil
            case "i": property = .instance
            case "s": property = .static
            default: return nil
            }
            local.append(TypeShape(qualifiedName: fields[0], kind: kind, isView: fields[2] == "1", memberProperty: property, hasMethod: fields[4] == "1"))
        }
        self.local = local
    }
}
