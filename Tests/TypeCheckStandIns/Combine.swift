// Test-only stand-in for Apple's Combine module, used by the type-check oracle
// (Tests/GotchasRulesTests/TypeCheckOracle.swift). Signatures are modelled on Apple's public
// Combine interface; there is no behaviour (bodies are placeholders). This is NOT Apple's code,
// and it is incomplete by design: only what SwiftUI's `ObservableObject`/`@Published` need.
// SwiftUI re-exports it, as Apple's SwiftUI re-exports Combine.

public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
    public func send() {}
}

public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where ObjectWillChangePublisher.Failure == Never
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

@propertyWrapper
public struct Published<Value> {
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
    }
    private var value: Value
    public init(wrappedValue: Value) { value = wrappedValue }
    public init(initialValue: Value) { value = initialValue }
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }
    public var projectedValue: Publisher {
        get { Publisher() }
        set {}
    }
}
