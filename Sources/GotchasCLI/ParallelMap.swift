#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import GotchasCore

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
    private final class Slots<Value: Sendable>: Sendable {
        private let state: Locked<(storage: [Value?], next: Int)>

        init(count: Int) { state = Locked((Array(repeating: nil, count: count), 0)) }

        func claimNext() -> Int? {
            state.withLock { state in
                guard state.next < state.storage.count else { return nil }
                state.next += 1
                return state.next - 1
            }
        }

        func set(_ index: Int, _ value: Value) {
            state.withLock { $0.storage[index] = value }
        }

        /// Every slot's value, once the workers are done.
        func values() -> [Value] {
            state.withLock { $0.storage.map { $0! } }
        }
    }
}
