import Foundation

/// Runs a function over every element on `workers` threads, keeping the input order.
enum ParallelMap {
    static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    static func map<Input: Sendable, Output: Sendable>(_ inputs: [Input], workers: Int = defaultWorkers,
                                                       _ transform: @Sendable (Input) -> Output) -> [Output] {
        let slots = Slots<Output>(count: inputs.count)
        let workerCount = max(1, min(workers, inputs.count))
        // Each worker pulls the next index, so one slow file does not idle a core.
        DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
            while let index = slots.claimNext() {
                slots.set(index, transform(inputs[index]))
            }
        }
        return slots.values()
    }

    /// Result slots written by many threads, each index exactly once.
    ///
    /// @unchecked Sendable: every access to `storage` and `next` goes through
    /// `lock`, so concurrent workers never race; `values()` runs after they finish.
    private final class Slots<Value>: @unchecked Sendable {
        private var storage: [Value?]
        private var next = 0
        private let lock = NSLock()

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func claimNext() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < storage.count else { return nil }
            next += 1
            return next - 1
        }

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
