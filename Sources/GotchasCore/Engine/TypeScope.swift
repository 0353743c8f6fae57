import SwiftSyntax

/// A stored or computed property of a type, as rules need it.
public struct PropertyInfo: Sendable, Codable, Hashable {
    // Stored in this order, not the initializer's, and the ranges as 32-bit offsets: the 8-byte fields
    // first and the flags last pack into 112 bytes instead of 136 (every type scope of every indexed file
    // holds its properties). A file is far below 4 GB (`ParserLimits`).
    public var name: String
    /// Attribute names such as `State`, `Binding`, `ObservedObject`.
    public var attributes: [String]
    /// The written type (`Int`, `[Item]`), if annotated.
    public var typeName: String?
    /// Byte range of the binding's name.
    public var nameRange: Range<Int> {
        get { Int(nameStart)..<Int(nameEnd) }
        set { (nameStart, nameEnd) = (UInt32(clamping: newValue.lowerBound), UInt32(clamping: newValue.upperBound)) }
    }
    /// The called name when the initial value is a call: `Foo` for `= Foo(…)`,
    /// `make` for `= make()`, `Foo` for `= Foo.shared` is not a call (nil).
    public var initializerCallee: String?
    /// The first attribute's argument text: `GardenStore.self` for `@Environment(GardenStore.self)`.
    public var wrapperArgument: String?
    /// The type named by a shared instance the initial value reads: `Store` for `= Store.shared`,
    /// `= Store.default` (a static member of a type written by name, which by convention holds an
    /// instance of that type).
    public var initializerSharedInstanceType: String?
    /// Byte range of the written type (or of the initial value when there is no annotation).
    public var typeRange: Range<Int>? {
        get { typeStart == Self.noOffset ? nil : Int(typeStart)..<Int(typeEnd) }
        set {
            guard let newValue else { (typeStart, typeEnd) = (Self.noOffset, Self.noOffset); return }
            (typeStart, typeEnd) = (UInt32(clamping: newValue.lowerBound), UInt32(clamping: newValue.upperBound))
        }
    }
    private var nameStart: UInt32 = 0
    private var nameEnd: UInt32 = 0
    private var typeStart: UInt32 = Self.noOffset
    private var typeEnd: UInt32 = Self.noOffset
    private static let noOffset = UInt32.max
    public var isStatic: Bool
    public var isLet: Bool
    public var isComputed: Bool
    public var isPrivate: Bool
    /// The initial value is an array literal (`let icons = [Icon.a, Icon.b]`): with `let`, a
    /// collection whose count never changes.
    public var initialValueIsArrayLiteral: Bool

    public init(name: String, attributes: [String], typeName: String?, isStatic: Bool, isLet: Bool, isComputed: Bool, isPrivate: Bool,
                nameRange: Range<Int>, initializerCallee: String? = nil, wrapperArgument: String? = nil, typeRange: Range<Int>? = nil,
                initialValueIsArrayLiteral: Bool = false, initializerSharedInstanceType: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.typeName = typeName
        self.initializerCallee = initializerCallee
        self.wrapperArgument = wrapperArgument
        self.initializerSharedInstanceType = initializerSharedInstanceType
        self.isStatic = isStatic
        self.isLet = isLet
        self.isComputed = isComputed
        self.isPrivate = isPrivate
        self.initialValueIsArrayLiteral = initialValueIsArrayLiteral
        // The ranges last: they are written through the packed offsets.
        self.nameRange = nameRange
        self.typeRange = typeRange
    }

    /// The type the property holds as far as syntax tells: the annotation without
    /// `?`/`!`, else the uppercase callee of its initial value (`Foo` for `= Foo()`), else the
    /// type an `@Environment(Foo.self)` names.
    public var inferredTypeName: String? {
        if let typeName { return TypeNames.strippingOptional(typeName) }
        if let callee = initializerCallee, callee.first?.isUppercase == true { return callee }
        // `@Environment(AppState.self) var app`: the environment holds an object of that type.
        if wrapper == "Environment", let argument = wrapperArgument, argument.hasSuffix(".self") {
            let type = String(argument.dropLast(".self".count))
            return type.first?.isUppercase == true ? type : nil
        }
        return nil
    }

    /// The type a reach question follows the property's members to: the type its initial value
    /// builds (`var formatter: Formatting = TorrentFormatter()` runs `TorrentFormatter`'s code
    /// unless a caller passes another), else `inferredTypeName`, else the type of a shared instance
    /// it starts as (`let manager = Manager.shared`). A member no file records for that type ends
    /// the question, so a static member of another type is no answer.
    public var reachTypeName: String? {
        if let callee = initializerCallee, callee.first?.isUppercase == true { return callee }
        return inferredTypeName ?? initializerSharedInstanceType
    }

    /// Its written type is a function (`() -> Void`, `((String) -> Void)?`): a closure it holds.
    public var holdsClosure: Bool { typeName?.contains("->") ?? false }

    /// A property whose change SwiftUI tracks, or plain stored input of a view.
    public var isStoredInstance: Bool { !isStatic && !isComputed }
    public var wrapper: String? { attributes.first }
}

/// What the engine knows about the type a node stands in.
public struct TypeScope: Sendable, Codable, Hashable {
    public enum Kind: String, Sendable, Codable, Hashable {
        case `struct`, `class`, `enum`, actor, `extension`, `protocol`
    }
    /// The simple name: `StateModel` for `extension Feature { final class StateModel }`,
    /// `Row` for `extension Feature.Row`.
    public var name: String
    /// The name with its enclosing types (`Feature.StateModel`): the key the file's and
    /// the workspace's types are stored under, so nested types of one name stay apart.
    public var qualifiedName: String
    public var kind: Kind
    public var inheritedTypes: [String]
    public var attributes: [String]
    public var properties: [PropertyInfo]
    /// Conforms to `View` or `ViewModifier` (directly, or through an extension in this file).
    public var isView: Bool
    public var nameRange: Range<Int>
    /// Names of the methods declared in the type's body (`hash`, `load`, …).
    public var methodNames: NameSet = []
    /// What the type's `init`s do besides storing values (the most of any of them).
    public var initializerWork: InitializerWork = .none
    /// Work an `init` does only when a caller turns on an off-by-default `Bool` flag
    /// (`init(auto: Bool = false) { if auto { … } }`), by the flag's argument label (`auto`):
    /// a call passing `auto: true` does it, one leaving the default does not.
    public var flagGatedWork: [String: InitializerWork] = [:]
    /// Some `init` of the type calls something (besides `super.init`/`self.init`) or
    /// runs a closure: constructing the type does work.
    public var hasInitializerBody: Bool { initializerWork != .none }

    /// How much an initializer's body does, as its tokens show.
    public enum InitializerWork: Int, Sendable, Codable, Hashable, Comparable {
        /// Stores values only (`self.x = x`, `super.init()`).
        case none
        /// Calls something whose cost the body does not show (`load()`, `Container.shared.store()`).
        case calls
        /// Starts work that is known to cost: a `Task`, or building a context, decoder, formatter,
        /// player or session (`heavyConstructions`).
        case startsWork

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Values that are cheap to make (`UUID()`, `Date()`, an empty collection, a geometry value): an
    /// initializer that only makes these stores values.
    public static let cheapConstructions: Set<String> = [
        "UUID", "Date", "Set", "Array", "Dictionary", "String", "Int", "Double", "CGFloat",
        "CGSize", "CGPoint", "CGRect", "Color", "PassthroughSubject", "CurrentValueSubject", "NSLock",
        "Int64", "Int32", "UInt", "UInt64", "UInt32", "Float", "Bool", "TimeInterval",
    ]

    /// Methods of a value that trim or case a string it is given (`name.trimmingPrefix("#")`):
    /// storing the result is storing a value.
    public static let cheapValueMethods: Set<String> = [
        "trimmingPrefix", "trimmingCharacters", "lowercased", "uppercased", "replacingOccurrences",
        "hasPrefix", "hasSuffix", "prefix", "suffix", "dropFirst", "dropLast",
    ]

    /// Types whose construction is work in itself: a store or context, a decoder, a formatter, a
    /// media player, a session, a file manager's look-up, a regular expression.
    public static let heavyConstructions: Set<String> = [
        "ModelContext", "ModelContainer", "NSPersistentContainer", "NSPersistentCloudKitContainer",
        "JSONDecoder", "PropertyListDecoder", "JSONSerialization", "Data", "FileManager", "URLSession",
        "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "RelativeDateTimeFormatter", "DateComponentsFormatter",
        "MeasurementFormatter", "ByteCountFormatter", "ListFormatter", "PersonNameComponentsFormatter", "DateIntervalFormatter",
        "NSRegularExpression", "Regex", "AVAudioPlayer", "AVPlayer", "AVAudioEngine", "CLLocationManager", "CMMotionManager",
    ]
    /// The declaration's body declares an `init` (an extension's `init` does not count): a
    /// struct then has no memberwise initializer.
    public var declaresInitializer: Bool = false
    /// The names the type's `init`s take as parameters (internal names: what the body sees).
    public var initializerParameters: NameSet = []

    /// A struct whose declaration declares no `init`: Swift synthesizes the memberwise one.
    public var hasMemberwiseInitializer: Bool { kind == .struct && !declaresInitializer }

    public func property(named name: String) -> PropertyInfo? { properties.first { $0.name == name } }

    /// This scope for its declaration moved by `delta` bytes.
    func moved(by delta: Int) -> TypeScope {
        delta == 0 ? self : mappingPositions { $0.lowerBound + delta..<$0.upperBound + delta }
    }

    /// This scope with every byte range emptied: what it says, wherever it stands.
    var withoutPositions: TypeScope { mappingPositions { _ in 0..<0 } }

    /// This scope with `transform` applied to every byte range it holds.
    private func mappingPositions(_ transform: (Range<Int>) -> Range<Int>) -> TypeScope {
        var scope = self
        scope.nameRange = transform(nameRange)
        for index in scope.properties.indices {
            scope.properties[index].nameRange = transform(scope.properties[index].nameRange)
            scope.properties[index].typeRange = scope.properties[index].typeRange.map(transform)
        }
        return scope
    }

    public func inherits(_ name: String) -> Bool {
        inheritedTypes.contains { $0 == name || $0.hasSuffix("." + name) }
    }

    static let viewProtocols: Set<String> = ["View", "SwiftUI.View", "ViewModifier", "SwiftUI.ViewModifier"]
    static let declarationKinds = SyntaxKindTable<Bool>([
        .structDecl: true, .classDecl: true, .enumDecl: true, .actorDecl: true, .protocolDecl: true, .extensionDecl: true,
    ])

    /// Every stored field (decoding a cached index).
    init(name: String, qualifiedName: String, kind: Kind, inheritedTypes: [String], attributes: [String], properties: [PropertyInfo],
         isView: Bool, nameRange: Range<Int>, methodNames: NameSet, initializerWork: InitializerWork,
         flagGatedWork: [String: InitializerWork] = [:], declaresInitializer: Bool, initializerParameters: NameSet) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.kind = kind
        self.inheritedTypes = inheritedTypes
        self.attributes = attributes
        self.properties = properties
        self.isView = isView
        self.nameRange = nameRange
        self.methodNames = methodNames
        self.initializerWork = initializerWork
        self.flagGatedWork = flagGatedWork
        self.declaresInitializer = declaresInitializer
        self.initializerParameters = initializerParameters
    }

    /// The suffix of a `methodNames` entry for a method a one-argument call can pick.
    public static let oneArgumentSuffix = "(_:)"

    /// `func f(_ x: T)`, or more parameters after it that all have defaults.
    static func takesOneUnlabeledArgument(_ function: FunctionDeclSyntax) -> Bool {
        let parameters = function.signature.parameterClause.parameters
        guard let first = parameters.first, first.firstName.tokenKind == .wildcard else { return false }
        return parameters.dropFirst().allSatisfy { $0.defaultValue != nil }
    }

    init(name: String, qualifiedName: String? = nil, kind: Kind, inheritedTypes: [String], attributes: [String],
         members: MemberBlockSyntax, nameRange: Range<Int>) {
        self.name = name
        self.qualifiedName = qualifiedName ?? name
        self.kind = kind
        self.inheritedTypes = inheritedTypes
        self.attributes = attributes
        self.isView = inheritedTypes.contains { Self.viewProtocols.contains($0) }
        self.nameRange = nameRange
        // One pass over the members (each `decl` and cast is a library call).
        var properties: [PropertyInfo] = []
        var methodNames: NameSet = []
        var initializerWork = InitializerWork.none
        var flagGatedWork: [String: InitializerWork] = [:]
        var declaresInitializer = false
        var initializerParameters: NameSet = []
        for (decl, isConditional) in Self.memberDeclarations(members.members) {
            if let variable = decl.as(VariableDeclSyntax.self) {
                properties += PropertyInfo.all(in: variable)
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                methodNames.insert(function.name.text)
                // A modifier of the project's `extension View` that a one-argument call can pick
                // (`func cornerRadius(_ radius: CornerRadius)`): `cornerRadius(_:)` beside its name, so a rule
                // tells it from one that needs more (`cornerRadius(_:corners:)`).
                if kind == .extension, name == "View", Self.takesOneUnlabeledArgument(function) {
                    methodNames.insert(function.name.text + Self.oneArgumentSuffix)
                }
            } else if !isConditional, let initializer = decl.as(InitializerDeclSyntax.self) {
                // An `init` inside `#if` is not a member here: the memberwise case is the conservative one.
                declaresInitializer = kind != .extension
                for parameter in initializer.signature.parameterClause.parameters {
                    initializerParameters.insert(parameter.localName)
                }
                if let body = initializer.body {
                    let work = Self.work(of: body, offFlags: Self.flagsOffByDefault(initializer))
                    initializerWork = max(initializerWork, work.always)
                    flagGatedWork.merge(work.gated, uniquingKeysWith: max)
                }
            }
        }
        // Kept by every version of the index: an array of exactly its count, not the spare
        // capacity its growth left (as `NameSet.compacted`).
        var exact: [PropertyInfo] = []
        exact.reserveCapacity(properties.count)
        exact.append(contentsOf: properties)
        self.properties = exact
        self.methodNames = methodNames.compacted
        self.initializerWork = initializerWork
        self.flagGatedWork = flagGatedWork
        self.declaresInitializer = declaresInitializer
        self.initializerParameters = initializerParameters.compacted
    }

    /// The member declarations, those inside `#if` blocks (any branch) included and marked.
    private static func memberDeclarations(_ members: MemberBlockItemListSyntax, conditional: Bool = false) -> [(DeclSyntax, Bool)] {
        members.flatMap { member -> [(DeclSyntax, Bool)] in
            guard let ifConfig = member.decl.as(IfConfigDeclSyntax.self) else { return [(member.decl, conditional)] }
            return ifConfig.clauses.flatMap { clause in
                clause.elements?.as(MemberBlockItemListSyntax.self).map { memberDeclarations($0, conditional: true) } ?? []
            }
        }
    }

    /// What an initializer body does: `.calls` when it calls something besides
    /// `super.init(…)`/`self.init(…)` or runs a closure, `.startsWork` when it starts a `Task`,
    /// or builds one of `heavyConstructions` (a `try` alone is a call).
    /// Two kinds of statement are not counted, since making a throwaway instance does not run
    /// them or they cost nothing until something is sent: an `if flag { … }` on a `Bool` parameter
    /// that defaults to `false` (`init(auto: Bool = false)`: callers opt in), and a Combine
    /// subscription (`publisher.map { … }.sink { … }.store(in: &subscriptions)`), whose closures run
    /// only when a value arrives.
    /// The work done on every call (`always`), and the work done only when a flag is on, by the
    /// flag's argument label (`gated`).
    private static func work(of body: CodeBlockSyntax, offFlags: [String: String]) -> (always: InitializerWork, gated: [String: InitializerWork]) {
        var work = InitializerWork.none
        var gated: [String: InitializerWork] = [:]
        for statement in body.statements {
            if isSubscription(statement.item) { continue }
            let statementWork = tokenWork(Array(statement.tokens(viewMode: .sourceAccurate)))
            if let label = gatingFlag(statement.item, among: offFlags) {
                if statementWork != .none { gated[label] = max(gated[label] ?? .none, statementWork) }
                continue
            }
            work = max(work, statementWork)
        }
        return (work, gated)
    }

    /// An initializer's `Bool` parameters whose default is `false`: internal name → argument label.
    private static func flagsOffByDefault(_ initializer: InitializerDeclSyntax) -> [String: String] {
        var flags: [String: String] = [:]
        for parameter in initializer.signature.parameterClause.parameters
        where parameter.type.trimmedDescription == "Bool"
            && parameter.defaultValue?.value.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false) {
            flags[parameter.localName] = parameter.firstName.text
        }
        return flags
    }

    /// The argument label of the flag an `if flag { … }` (no `else`, one condition, bare or in
    /// parentheses) tests, when the flag is one of `flags`.
    private static func gatingFlag(_ item: CodeBlockItemSyntax.Item, among flags: [String: String]) -> String? {
        guard !flags.isEmpty else { return nil }
        let expression = item.as(ExpressionStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
        guard let ifExpr = expression?.as(IfExprSyntax.self), ifExpr.elseBody == nil, ifExpr.conditions.count == 1,
              case .expression(var condition) = ifExpr.conditions.first?.condition else { return nil }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            condition = only.expression
        }
        return condition.as(DeclReferenceExprSyntax.self).flatMap { flags[$0.baseName.text] }
    }

    /// A Combine subscription statement: a chain ending in `.store(in:)`, or a `.sink`/`.assign`
    /// chain (possibly assigned to a property).
    private static func isSubscription(_ item: CodeBlockItemSyntax.Item) -> Bool {
        guard var expression = item.as(ExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression else { return false }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true, let value = sequence.elements.last {
            expression = value
        } else if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
            expression = infix.rightOperand
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil else { return false }
        switch member.declName.baseName.text {
        case "store": return call.arguments.first?.label?.text == "in"
        case "sink", "assign": return true
        default: return false
        }
    }

    /// What a statement's tokens show it does (`work(of:offFlags:)`).
    private static func tokenWork(_ tokens: [TokenSyntax]) -> InitializerWork {
        var work = InitializerWork.none
        for index in tokens.indices {
            let token = tokens[index]
            // `try` marks a call that can fail, not one that costs: it calls code (below) whose cost
            // is not shown, unless what it calls is known to (a `Task`, `heavyConstructions`).
            if index + 1 < tokens.count, tokens[index + 1].tokenKind == .leftParen || tokens[index + 1].tokenKind == .leftBrace
                || tokens[index + 1].tokenKind == .period {
                if token.text == "Task" { return .startsWork }
                if tokens[index + 1].tokenKind != .period, heavyConstructions.contains(token.text) { return .startsWork }
            }
            guard token.tokenKind == .leftParen || token.tokenKind == .leftBrace, index > 0 else { continue }
            if tokens[index - 1].text == "init" { continue }
            // `UUID()`, `Date()`: making a value, not calling code (what it is given still counts).
            if token.tokenKind == .leftParen, cheapConstructions.contains(tokens[index - 1].text),
               index < 2 || tokens[index - 2].tokenKind != .period { continue }
            if token.tokenKind == .leftParen, cheapValueMethods.contains(tokens[index - 1].text),
               index >= 2, tokens[index - 2].tokenKind == .period { continue }
            work = .calls
        }
        return work
    }

    public var isClass: Bool { kind == .class }
    /// Declared with `@Observable` or `@Model` (SwiftData models are observable).
    public var isObservableMacro: Bool { hasAttribute("Observable") || hasAttribute("Model") }
    public func hasAttribute(_ name: String) -> Bool {
        attributes.contains { $0 == name || $0.hasSuffix("." + name) }
    }
    /// Stored instance `var`s (what makes a value type's hash change when edited).
    public var storedVariables: [PropertyInfo] {
        properties.filter { $0.isStoredInstance && !$0.isLet }
    }

    /// Builds the scope for a type-like declaration, or nil for other nodes.
    public init?(_ node: Syntax) {
        // Most nodes asked about are other members: rule them out with one look-up
        // instead of six failed casts.
        guard Self.declarationKinds[node.kind] != nil else { return nil }
        if let decl = node.as(StructDeclSyntax.self) {
            self.init(name: decl.name.text, kind: .struct, inheritedTypes: decl.inheritanceClause?.typeNames ?? [],
                      attributes: decl.attributes.names, members: decl.memberBlock, nameRange: decl.name.byteRange)
        } else if let decl = node.as(ClassDeclSyntax.self) {
            self.init(name: decl.name.text, kind: .class, inheritedTypes: decl.inheritanceClause?.typeNames ?? [],
                      attributes: decl.attributes.names, members: decl.memberBlock, nameRange: decl.name.byteRange)
        } else if let decl = node.as(EnumDeclSyntax.self) {
            self.init(name: decl.name.text, kind: .enum, inheritedTypes: decl.inheritanceClause?.typeNames ?? [],
                      attributes: decl.attributes.names, members: decl.memberBlock, nameRange: decl.name.byteRange)
        } else if let decl = node.as(ActorDeclSyntax.self) {
            self.init(name: decl.name.text, kind: .actor, inheritedTypes: decl.inheritanceClause?.typeNames ?? [],
                      attributes: decl.attributes.names, members: decl.memberBlock, nameRange: decl.name.byteRange)
        } else if let decl = node.as(ProtocolDeclSyntax.self) {
            self.init(name: decl.name.text, kind: .protocol, inheritedTypes: decl.inheritanceClause?.typeNames ?? [],
                      attributes: decl.attributes.names, members: decl.memberBlock, nameRange: decl.name.byteRange)
        } else if let decl = node.as(ExtensionDeclSyntax.self) {
            // `extension Feature.Row` extends `Feature.Row`, simple name `Row`; a generic
            // argument (`extension Array<Item>`) is not part of the name.
            let written = decl.extendedType.trimmedText
            let qualified = TypeNames.withoutGenericArguments(written)
            self.init(name: TypeNames.simple(qualified) ?? written, qualifiedName: qualified, kind: .extension,
                      inheritedTypes: decl.inheritanceClause?.typeNames ?? [], attributes: decl.attributes.names,
                      members: decl.memberBlock, nameRange: decl.extendedType.byteRange)
        } else {
            return nil
        }
    }

    /// Adds what the same type's other declarations in the file say (an extension
    /// sees the struct's stored properties; a struct sees `extension S: View`).
    mutating func merge(_ other: TypeScope) {
        isView = isView || other.isView
        initializerWork = max(initializerWork, other.initializerWork)
        flagGatedWork.merge(other.flagGatedWork, uniquingKeysWith: max)
        declaresInitializer = declaresInitializer || other.declaresInitializer
        initializerParameters.formUnion(other.initializerParameters)
        methodNames.formUnion(other.methodNames)
        for property in other.properties where self.property(named: property.name) == nil {
            properties.append(property)
        }
        for name in other.inheritedTypes where !inheritedTypes.contains(name) { inheritedTypes.append(name) }
        for name in other.attributes where !attributes.contains(name) { attributes.append(name) }
    }
}

extension PropertyInfo {
    static func all(in variable: VariableDeclSyntax) -> [PropertyInfo] {
        let attributes = variable.attributes.names
        let isStatic = variable.modifiers.contains("static") || variable.modifiers.contains("class")
        let isLet = variable.bindingSpecifier.text == "let"
        return variable.bindings.compactMap { binding in
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
            let isComputed = binding.accessorBlock?.isComputed == true
            var info = PropertyInfo(name: identifier.identifier.text, attributes: attributes,
                                    typeName: binding.typeAnnotation?.type.trimmedText,
                                    isStatic: isStatic, isLet: isLet, isComputed: isComputed,
                                    isPrivate: variable.modifiers.isPrivate,
                                    nameRange: identifier.identifier.byteRange)
            if let value = binding.initializer?.value {
                info.initializerCallee = value.unwrapped.as(FunctionCallExprSyntax.self)?.calleeName
                info.typeRange = binding.typeAnnotation?.type.byteRange ?? value.byteRange
                info.initialValueIsArrayLiteral = value.unwrapped.is(ArrayExprSyntax.self)
                if let member = value.unwrapped.as(MemberAccessExprSyntax.self), member.declName.baseName.text.first?.isLowercase == true,
                   let base = member.base?.as(DeclReferenceExprSyntax.self), TypeNames.startsUppercase(base.baseName.text) {
                    info.initializerSharedInstanceType = base.baseName.text
                }
            } else {
                info.typeRange = binding.typeAnnotation?.type.byteRange
            }
            if let first = variable.attributes.first?.as(AttributeSyntax.self), let arguments = first.arguments {
                info.wrapperArgument = arguments.trimmedText
            }
            return info
        }
    }
}

/// Small helpers over written type names.
public enum TypeNames {
    /// `name.first?.isUppercase`, without building a `Character` for an ASCII start
    /// (the walk asks of every reference in a file).
    public static func startsUppercase(_ name: String) -> Bool {
        guard let byte = name.utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        return name.first?.isUppercase == true
    }

    /// `Foo` for `Foo?`, `Foo!`, `Optional<Foo>`.
    public static func strippingOptional(_ name: String) -> String {
        var text = name.trimmingWhitespace()
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") { text = String(text.dropFirst(9).dropLast()) }
        return text.trimmingWhitespace()
    }

    /// The element type of `[Foo]`, `Array<Foo>`, `Set<Foo>`, `[Foo]?`; nil otherwise.
    public static func element(of name: String) -> String? {
        let text = strippingOptional(name)
        if text.hasPrefix("["), text.hasSuffix("]"), !text.contains(":") {
            return strippingOptional(String(text.dropFirst().dropLast()))
        }
        for prefix in ["Array<", "Set<", "ContiguousArray<", "IdentifiedArrayOf<"] where text.hasPrefix(prefix) && text.hasSuffix(">") {
            return strippingOptional(String(text.dropFirst(prefix.count).dropLast()))
        }
        return nil
    }

    /// `Array` for `Array<Item>`, `Feature.Row` for `Feature.Row`; other spellings as written.
    public static func withoutGenericArguments(_ name: String) -> String {
        guard let open = name.firstIndex(of: "<"), name.hasSuffix(">") else { return name }
        return name[..<open].trimmingWhitespace()
    }

    /// The last component of a qualified name: `Foo` for `Module.Foo`; nil for generics and compositions.
    /// `simple` of a written type without its generic arguments: `BaseStateModel` of
    /// `BaseStateModel<Provider>`, `Model` of `Feature.Model<T>`.
    public static func simpleIgnoringArguments(_ written: String) -> String? {
        simple(String(written.prefix { $0 != "<" }))
    }

    public static func simple(_ name: String) -> String? {
        var text = strippingOptional(name)
        // `(any Item)?`, `any Item`: an existential's members are its protocol's (and extensions').
        if text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()).trimmingWhitespace() }
        for marker in ["any ", "some "] where text.hasPrefix(marker) { text = String(text.dropFirst(marker.count)).trimmingWhitespace() }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        return text.split(separator: ".").last.map(String.init)
    }
}
