// Test-only stand-in for Apple's AppIntents module, used by the type-check oracle
// (Tests/GotchasRulesTests/TypeCheckOracle.swift). Signatures are modelled on Apple's public
// AppIntents interface; there is no behaviour. This is NOT Apple's code, and it is incomplete by
// design: `AppIntent` with its `title` and `perform()` requirements and the plain result.

@_exported import Foundation

/// On Apple platforms this is Foundation's; swift-corelibs-foundation has none.
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Sendable {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: DefaultStringInterpolation) {}
}

public protocol IntentResult: Sendable {}

public struct IntentResultContainer: IntentResult {}

extension IntentResult where Self == IntentResultContainer {
    public static func result() -> IntentResultContainer { IntentResultContainer() }
}

public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    static var title: LocalizedStringResource { get }
    init()
    func perform() async throws -> PerformResult
}
