#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A value threads share, read and written only under its lock.
///
/// Not `Synchronization.Mutex`: on Linux it locks with raw futex calls, which the thread
/// sanitizer does not see, so every access made under it was reported as a data race
/// (docs/reliability.md, "Thread sanitizer"); and it needs macOS 15. A pthread mutex (what
/// `NSLock` is, without Foundation's full library) is one the sanitizer understands.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only read or written inside `withLock`, with `mutex` held.
    private let mutex = PThreadMutex()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&value)
    }
}

/// A pthread mutex with a condition variable, at a stable address (they must not move).
final class PThreadMutex: @unchecked Sendable {
    // @unchecked Sendable: the mutex and condition are made for use from any thread; their
    // storage is allocated once and never moves or changes owner.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for `signal`, the mutex held on entry and again on return.
    func wait() { pthread_cond_wait(condition, mutex) }
    func signal() { pthread_cond_signal(condition) }
}

/// A first-in first-out queue of jobs that one thread takes, waiting while it is empty.
public final class BlockingJobQueue: @unchecked Sendable {
    // @unchecked Sendable: `waiting` and `stopped` are read and written only with `mutex` locked.
    private let mutex = PThreadMutex()
    private var waiting: [() -> Void] = []
    private var stopped = false

    public init() {}

    public func add(_ job: @escaping () -> Void) {
        mutex.lock()
        waiting.append(job)
        mutex.signal()
        mutex.unlock()
    }

    /// The next job, waiting for one; nil once stopped.
    public func next() -> (() -> Void)? {
        mutex.lock()
        defer { mutex.unlock() }
        while waiting.isEmpty && !stopped { mutex.wait() }
        return stopped ? nil : waiting.removeFirst()
    }

    public func stop() {
        mutex.lock()
        stopped = true
        mutex.signal()
        mutex.unlock()
    }
}

/// A thread of its own for a loop that blocks (reading input, a lane of work), apart from
/// Dispatch's and the concurrency pool's threads.
public enum DedicatedThread {
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        #if os(Linux)
        let context = Unmanaged.passRetained(ThreadBody(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let threadBody = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
            // The kernel keeps at most 15 bytes of a thread's name (what `top -H` and `perf` show).
            let setName = CLibraryFunction.named("pthread_setname_np", as: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32).self)
            _ = setName?(pthread_self(), String(decoding: threadBody.name.utf8.prefix(15), as: UTF8.self))
            threadBody.body()
            return nil
        }, context)
        precondition(started == 0, "cannot start the \(name) thread: \(String(cString: strerror(started)))")
        pthread_detach(thread)
        #else
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
        #endif
    }

    private final class ThreadBody {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
    }
}
