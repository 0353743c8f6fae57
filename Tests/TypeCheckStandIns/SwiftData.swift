// Test-only stand-in for Apple's SwiftData module, used by the type-check oracle
// (Tests/GotchasRulesTests/TypeCheckOracle.swift). Signatures are modelled on Apple's public
// SwiftData interface; there is no behaviour. This is NOT Apple's code, and it is incomplete by
// design: no `@Model` macro (macros need a compiler plugin), only the container and context
// types the rules' corrections touch, with their isolation (`mainContext` is `@MainActor`).

@_exported import Foundation

public protocol PersistentModel: AnyObject, Hashable, Identifiable {}

/// Apple's models get identity from their persistent ID; the stand-in's from the object.
extension PersistentModel {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var id: ObjectIdentifier { ObjectIdentifier(self) }
}

public struct ModelConfiguration: Hashable, Sendable {
    public init(isStoredInMemoryOnly: Bool = false) {}
    public init(_ name: String? = nil, groupContainer: GroupContainer = .automatic) {}
    public struct GroupContainer: Hashable, Sendable {
        public static let automatic = GroupContainer()
        public static let none = GroupContainer()
        public static func identifier(_ groupName: String) -> GroupContainer { GroupContainer() }
    }
}

public final class ModelContainer: Sendable {
    public init(for forTypes: any PersistentModel.Type..., configurations: ModelConfiguration...) throws {}
    @MainActor public var mainContext: ModelContext { ModelContext(self) }
}

public class ModelContext {
    public init(_ container: ModelContainer) {}
    public var hasChanges: Bool { false }
    public func insert<T: PersistentModel>(_ model: T) {}
    public func delete<T: PersistentModel>(_ model: T) {}
    public func save() throws {}
}
