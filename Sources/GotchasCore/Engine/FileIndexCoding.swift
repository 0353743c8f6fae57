/// A compact binary form of `FileIndex` for caches: varints and length-prefixed UTF-8,
/// fields in a fixed order. About a hundred times faster than `JSONEncoder` here, which
/// matters because a cold lint stores one per file. A test round-trips real indexes and
/// fails when a field is added to the indexed types without being added here.
extension FileIndex {
    /// Bumped with every change of the layout below; caches key their entries by it, so an
    /// entry written by an older layout is never decoded as this one.
    public static let encodingFormat = 23

    public func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.string(path)
        writer.int(types.count)
        for (name, scope) in types.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            scope.encode(into: &writer)
        }
        writer.int(environmentUses.count)
        for use in environmentUses {
            writer.string(use.kind.rawValue)
            writer.string(use.typeName)
            writer.string(use.path)
            writer.range(use.range)
        }
        writer.int(intentControls.count)
        for control in intentControls {
            writer.string(control.typeName)
            writer.string(control.path)
            writer.range(control.range)
        }
        writer.int(references.count)
        for (owner, names) in references.sorted(by: { $0.key < $1.key }) {
            writer.string(owner)
            writer.strings(names.sorted())
        }
        writer.int(initializerLabels.count)
        for (name, labels) in initializerLabels.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            writer.strings(labels.sorted())
        }
        for map in [memberUses, memberReach, builtViews] {
            writer.int(map.count)
            for (owner, names) in map.sorted(by: { $0.key < $1.key }) {
                writer.string(owner)
                writer.strings(names.sorted())
            }
        }
        writer.int(reachHazards.count)
        for (key, hazards) in reachHazards.sorted(by: { $0.key < $1.key }) {
            writer.string(key)
            writer.int(hazards.count)
            for hazard in hazards {
                writer.string(hazard.kind.rawValue)
                writer.string(hazard.detail)
                writer.string(hazard.member)
                writer.string(hazard.site.rawValue)
                writer.range(hazard.range)
                writer.int(hazard.argument.map { $0 + 1 } ?? 0)
            }
        }
        writer.strings(elementEdits.sorted())
        queries.encode(into: &writer)
        return writer.bytes
    }

    public init?(encoded bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        guard let path = reader.string(), let typeCount = reader.count() else { return nil }
        var types: [String: TypeScope] = [:]
        for _ in 0..<typeCount {
            guard let name = reader.string(), let scope = TypeScope(from: &reader) else { return nil }
            types[name] = scope
        }
        guard let useCount = reader.count() else { return nil }
        var uses: [EnvironmentUse] = []
        for _ in 0..<useCount {
            guard let kind = reader.string().flatMap(EnvironmentUse.Kind.init(rawValue:)), let typeName = reader.string(),
                  let usePath = reader.string(), let range = reader.range() else { return nil }
            uses.append(EnvironmentUse(kind: kind, typeName: typeName, path: usePath, range: range))
        }
        guard let controlCount = reader.count() else { return nil }
        var controls: [IntentControlUse] = []
        for _ in 0..<controlCount {
            guard let typeName = reader.string(), let controlPath = reader.string(), let range = reader.range() else { return nil }
            controls.append(IntentControlUse(typeName: typeName, path: controlPath, range: range))
        }
        guard let referenceCount = reader.count() else { return nil }
        var references: [String: NameSet] = [:]
        for _ in 0..<referenceCount {
            guard let owner = reader.string(), let names = reader.strings() else { return nil }
            references[owner] = NameSet(names)
        }
        guard let labelCount = reader.count() else { return nil }
        var initializerLabels: [String: NameSet] = [:]
        for _ in 0..<labelCount {
            guard let name = reader.string(), let labels = reader.strings() else { return nil }
            initializerLabels[name] = NameSet(labels)
        }
        var nameMaps: [[String: NameSet]] = []
        for _ in 0..<3 {
            guard let count = reader.count() else { return nil }
            var map: [String: NameSet] = [:]
            for _ in 0..<count {
                guard let owner = reader.string(), let names = reader.strings() else { return nil }
                map[owner] = NameSet(names)
            }
            nameMaps.append(map)
        }
        let (memberUses, memberReach, builtViews) = (nameMaps[0], nameMaps[1], nameMaps[2])
        guard let hazardKeyCount = reader.count() else { return nil }
        var reachHazards: [String: [ReachHazard]] = [:]
        for _ in 0..<hazardKeyCount {
            guard let key = reader.string(), let count = reader.count() else { return nil }
            var hazards: [ReachHazard] = []
            for _ in 0..<count {
                guard let kind = reader.string().flatMap(ReachHazard.Kind.init(rawValue:)), let detail = reader.string(),
                      let member = reader.string(), let site = reader.string().flatMap(ReachHazard.Site.init(rawValue:)),
                      let range = reader.range(), let argument = reader.count() else { return nil }
                hazards.append(ReachHazard(kind: kind, detail: detail, member: member, site: site, range: range,
                                           argument: argument == 0 ? nil : argument - 1))
            }
            reachHazards[key] = hazards
        }
        guard let elementEdits = reader.strings(), let queries = WorkspaceQueries(from: &reader), reader.isAtEnd else { return nil }
        self.init(path: path, types: types, environmentUses: uses, intentControls: controls,
                  references: references, initializerLabels: initializerLabels, memberUses: memberUses,
                  memberReach: memberReach, reachHazards: reachHazards, elementEdits: Set(elementEdits), builtViews: builtViews, queries: queries)
    }
}

extension TypeScope {
    /// The number of stored fields `encode(into:)` writes (checked by a test).
    static let encodedFieldCount = 13

    func encode(into writer: inout BinaryWriter) {
        writer.string(name)
        writer.string(qualifiedName)
        writer.string(kind.rawValue)
        writer.strings(inheritedTypes)
        writer.strings(attributes)
        writer.int(properties.count)
        for property in properties { property.encode(into: &writer) }
        writer.bool(isView)
        writer.range(nameRange)
        writer.strings(methodNames.sorted())
        writer.int(initializerWork.rawValue)
        // `label=work` pairs, sorted: a dictionary written as strings.
        writer.strings(flagGatedWork.map { "\($0.key)=\($0.value.rawValue)" }.sorted())
        writer.bool(declaresInitializer)
        writer.strings(initializerParameters.sorted())
    }

    /// `label=work` pairs back into the dictionary (an entry that does not parse is left out).
    private static func flagGatedWork(decoding pairs: [String]) -> [String: InitializerWork] {
        var work: [String: InitializerWork] = [:]
        for pair in pairs {
            guard let separator = pair.lastIndex(of: "="), let raw = Int(pair[pair.index(after: separator)...]),
                  let level = InitializerWork(rawValue: raw) else { continue }
            work[String(pair[..<separator])] = level
        }
        return work
    }

    init?(from reader: inout BinaryReader) {
        guard let name = reader.string(), let qualifiedName = reader.string(), let kind = reader.string().flatMap(Kind.init(rawValue:)),
              let inherited = reader.strings(), let attributes = reader.strings(), let propertyCount = reader.count()
        else { return nil }
        var properties: [PropertyInfo] = []
        for _ in 0..<propertyCount {
            guard let property = PropertyInfo(from: &reader) else { return nil }
            properties.append(property)
        }
        guard let isView = reader.bool(), let nameRange = reader.range(), let methods = reader.strings(),
              let work = reader.int().flatMap(InitializerWork.init(rawValue:)), let gated = reader.strings(), let declaresInitializer = reader.bool(),
              let initializerParameters = reader.strings() else { return nil }
        self.init(name: name, qualifiedName: qualifiedName, kind: kind, inheritedTypes: inherited, attributes: attributes,
                  properties: properties, isView: isView, nameRange: nameRange, methodNames: NameSet(methods),
                  initializerWork: work, flagGatedWork: Self.flagGatedWork(decoding: gated), declaresInitializer: declaresInitializer,
                  initializerParameters: NameSet(initializerParameters))
    }
}

extension PropertyInfo {
    static let encodedFieldCount = 12

    func encode(into writer: inout BinaryWriter) {
        writer.string(name)
        writer.strings(attributes)
        writer.optionalString(typeName)
        writer.bool(isStatic)
        writer.bool(isLet)
        writer.bool(isComputed)
        writer.bool(isPrivate)
        writer.range(nameRange)
        writer.optionalString(initializerCallee)
        writer.optionalString(wrapperArgument)
        writer.bool(typeRange != nil)
        if let typeRange { writer.range(typeRange) }
        writer.bool(initialValueIsArrayLiteral)
        writer.optionalString(initializerSharedInstanceType)
    }

    init?(from reader: inout BinaryReader) {
        guard let name = reader.string(), let attributes = reader.strings(), let typeName = reader.optionalString(),
              let isStatic = reader.bool(), let isLet = reader.bool(), let isComputed = reader.bool(), let isPrivate = reader.bool(),
              let nameRange = reader.range(), let callee = reader.optionalString(), let wrapperArgument = reader.optionalString(),
              let hasTypeRange = reader.bool() else { return nil }
        var typeRange: Range<Int>?
        if hasTypeRange {
            guard let range = reader.range() else { return nil }
            typeRange = range
        }
        guard let initialValueIsArrayLiteral = reader.bool(), let sharedInstanceType = reader.optionalString() else { return nil }
        self.init(name: name, attributes: attributes, typeName: typeName, isStatic: isStatic, isLet: isLet, isComputed: isComputed,
                  isPrivate: isPrivate, nameRange: nameRange, initializerCallee: callee, wrapperArgument: wrapperArgument,
                  typeRange: typeRange, initialValueIsArrayLiteral: initialValueIsArrayLiteral,
                  initializerSharedInstanceType: sharedInstanceType)
    }
}

/// Varints and length-prefixed UTF-8, for the caches' binary formats.
public struct BinaryWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    public init() {}

    public mutating func int(_ value: Int) {
        var remaining = UInt64(max(0, value))
        repeat {
            let byte = UInt8(remaining & 0x7F)
            remaining >>= 7
            bytes.append(remaining == 0 ? byte : byte | 0x80)
        } while remaining != 0
    }
    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }
    public mutating func string(_ text: String) {
        let utf8 = Array(text.utf8)
        int(utf8.count)
        bytes += utf8
    }
    public mutating func optionalString(_ text: String?) {
        bool(text != nil)
        if let text { string(text) }
    }
    public mutating func strings(_ list: [String]) {
        int(list.count)
        for text in list { string(text) }
    }
    public mutating func range(_ range: Range<Int>) {
        int(range.lowerBound)
        int(range.count)
    }
    public mutating func blob(_ data: [UInt8]) {
        int(data.count)
        bytes += data
    }
}

/// Reads what `BinaryWriter` wrote; every read returns nil on malformed input.
public struct BinaryReader: Sendable {
    let bytes: [UInt8]
    var index = 0
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public var isAtEnd: Bool { index == bytes.count }

    public mutating func int() -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count, shift < 63 {
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value <= UInt64(Int.max) ? Int(value) : nil }
            shift += 7
        }
        return nil
    }
    /// A count that cannot exceed the bytes left (guards against huge allocations).
    public mutating func count() -> Int? {
        guard let value = int(), value <= bytes.count - index else { return nil }
        return value
    }
    public mutating func bool() -> Bool? {
        guard index < bytes.count, bytes[index] <= 1 else { return nil }
        defer { index += 1 }
        return bytes[index] == 1
    }
    public mutating func string() -> String? {
        guard let length = count() else { return nil }
        defer { index += length }
        return String(validating: bytes[index..<index + length], as: UTF8.self)
    }
    public mutating func optionalString() -> String?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let text = string() else { return nil }
        return .some(text)
    }
    public mutating func strings() -> [String]? {
        guard let count = count() else { return nil }
        var list: [String] = []
        for _ in 0..<count {
            guard let text = string() else { return nil }
            list.append(text)
        }
        return list
    }
    public mutating func range() -> Range<Int>? {
        guard let lower = int(), let count = int(), lower <= Int.max - count else { return nil }
        return lower..<lower + count
    }
    public mutating func blob() -> [UInt8]? {
        guard let length = count() else { return nil }
        defer { index += length }
        return Array(bytes[index..<index + length])
    }
}
