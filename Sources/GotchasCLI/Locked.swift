import Foundation

/// A value the lint's worker threads share, read and written only under its lock.
///
/// Not `Synchronization.Mutex`: on Linux it locks with raw futex calls, which the thread
/// sanitizer does not see, so every access made under it was reported as a data race
/// (docs/reliability.md, "Thread sanitizer"); and it needs macOS 15. `NSLock` is a pthread
/// mutex, which the sanitizer understands.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only read or written inside `withLock`, with `lock` held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
