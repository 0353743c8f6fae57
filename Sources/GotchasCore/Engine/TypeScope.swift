import SwiftSyntax

/// A stored or computed property of a type, as rules need it.
public struct PropertyInfo: Sendable {
    public var name: String
    /// Attribute names such as `State`, `Binding`, `ObservedObject`.
    public var attributes: [String]
    /// The written type (`Int`, `[Item]`), if annotated.
    public var typeName: String?
    public var isStatic: Bool
    public var isLet: Bool
    public var isComputed: Bool
    public var isPrivate: Bool
    /// Byte range of the binding's name.
    public var nameRange: Range<Int>

    /// A property whose change SwiftUI tracks, or plain stored input of a view.
    public var isStoredInstance: Bool { !isStatic && !isComputed }
    public var wrapper: String? { attributes.first }
}

/// What the engine knows about the type a node stands in.
public struct TypeScope: Sendable {
    public enum Kind: String, Sendable {
        case `struct`, `class`, `enum`, actor, `extension`, `protocol`
    }
    public var name: String
    public var kind: Kind
    public var inheritedTypes: [String]
    public var attributes: [String]
    public var properties: [PropertyInfo]
    /// Conforms to `View` or `ViewModifier` (directly, or through an extension in this file).
    public var isView: Bool
    public var nameRange: Range<Int>

    public func property(named name: String) -> PropertyInfo? { properties.first { $0.name == name } }

    public func inherits(_ name: String) -> Bool {
        inheritedTypes.contains { $0 == name || $0.hasSuffix("." + name) }
    }

    static let viewProtocols: Set<String> = ["View", "SwiftUI.View", "ViewModifier", "SwiftUI.ViewModifier"]

    init(name: String, kind: Kind, inheritedTypes: [String], attributes: [String], members: MemberBlockSyntax, nameRange: Range<Int>) {
        self.name = name
        self.kind = kind
        self.inheritedTypes = inheritedTypes
        self.attributes = attributes
        self.properties = members.members.flatMap { member -> [PropertyInfo] in
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { return [] }
            return PropertyInfo.all(in: variable)
        }
        self.isView = inheritedTypes.contains { Self.viewProtocols.contains($0) }
        self.nameRange = nameRange
    }

    /// Builds the scope for a type-like declaration, or nil for other nodes.
    public init?(_ node: Syntax) {
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
            self.init(name: decl.extendedType.trimmedDescription, kind: .extension,
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
            var isComputed = false
            if let accessors = binding.accessorBlock {
                switch accessors.accessors {
                case .getter:
                    isComputed = true
                case .accessors(let list):
                    isComputed = list.contains { ["get", "_read"].contains($0.accessorSpecifier.text) }
                @unknown default:
                    isComputed = true
                }
            }
            return PropertyInfo(name: identifier.identifier.text, attributes: attributes,
                                typeName: binding.typeAnnotation?.type.trimmedDescription,
                                isStatic: isStatic, isLet: isLet, isComputed: isComputed,
                                isPrivate: variable.modifiers.isPrivate,
                                nameRange: identifier.identifier.byteRange)
        }
    }
}
