import Foundation

/// Runs a function over every element on all cores, keeping the input order.
enum ParallelMap {
    static func map<Input: Sendable, Output: Sendable>(_ inputs: [Input], _ transform: @Sendable (Input) -> Output) -> [Output] {
        let slots = Slots<Output>(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            slots.set(index, transform(inputs[index]))
        }
        return slots.values()
    }

    /// Result slots written by many threads, each index exactly once.
    ///
    /// @unchecked Sendable: every access to `storage` goes through `lock`, so
    /// concurrent writers never race; `values()` is read after all writers finished.
    private final class Slots<Value>: @unchecked Sendable {
        private var storage: [Value?]
        private let lock = NSLock()

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Value) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }

        func values() -> [Value] {
            lock.lock()
            defer { lock.unlock() }
            return storage.map { $0! }
        }
    }
}
