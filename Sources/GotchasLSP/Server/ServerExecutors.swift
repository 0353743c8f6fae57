import Foundation

/// Where the server's code runs.
///
/// Swift's cooperative pool has one thread per core, and a job on it runs until it
/// suspends. Work that parses for seconds without suspending (a lint, a workspace pull,
/// and in a test process other tests) holds every job queued behind it, the message loop's
/// included: an `initialize` sent while both of a 2-core machine's pool threads were busy
/// went unanswered for 45 s (docs/ARCHITECTURE.md, "Threads"). So the message loop has a
/// thread of its own (`loop`: the actor's executor, and the preferred executor of the task
/// that reads the input, so what that task awaits resumes there too), and parsing runs on
/// `work`'s threads. The pool is left with the short hops between them (timers).
public struct ServerExecutors: Sendable {
    let loop = LoopExecutor()
    private let work = WorkExecutor()

    public init() {}

    /// Starts `operation` with the message loop as its preferred executor.
    @discardableResult
    func onLoop<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> Task<T, Never> {
        if #available(macOS 15, *) { return Task.detached(executorPreference: loop, operation: operation) }
        return Task.detached(operation: operation)
    }

    /// The same, `delay` from now (a Dispatch timer: the pool's timers wait for a free pool thread).
    func onLoop(after delay: Duration, _ operation: @escaping @Sendable () async -> Void) {
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { _ = self.onLoop(operation) }
    }

    /// Starts CPU-bound `operation` (parsing, linting, reading files) off the loop and off the pool.
    @discardableResult
    func background<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> Task<T, Never> {
        if #available(macOS 15, *) { return Task.detached(executorPreference: work, operation: operation) }
        return Task.detached(operation: operation)
    }
}

/// The message loop's thread: a serial queue, so one job at a time runs there, which is the
/// mutual exclusion an actor's executor must give.
final class LoopExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "swiftui-gotchas message loop", qos: .userInitiated)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let serial = asUnownedSerialExecutor()
        if #available(macOS 15, *) {
            // Nonisolated code of the loop's task runs here too (its preferred executor); the
            // queue is serial, so it never runs beside the actor's own jobs.
            let preferred = asUnownedTaskExecutor()
            queue.async { job.runSynchronously(isolatedTo: serial, taskExecutor: preferred) }
        } else {
            queue.async { job.runSynchronously(on: serial) }
        }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}

@available(macOS 15, *)
extension LoopExecutor: TaskExecutor {}

/// Threads for CPU-bound work: a concurrent queue, as wide as the machine (libdispatch's
/// width), apart from the loop's thread, so the kernel shares the cores between the two.
final class WorkExecutor: Sendable {
    fileprivate let queue = DispatchQueue(label: "swiftui-gotchas work", qos: .utility, attributes: .concurrent)
}

@available(macOS 15, *)
extension WorkExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
