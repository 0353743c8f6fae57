#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import GotchasCore

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
///
/// Work for the workspace as a whole (the index walk, a file re-read for the index, a
/// workspace pull) runs on a lane of its own (`workspace`, one thread), never on the threads
/// that lint open documents: a job there runs for seconds without suspending (the walk indexes
/// hundreds of files between two looks at the actor), and a document's lint queued behind it
/// on the same serial queue waited for all of it (a p95 of 815 ms per edit while a 1,096-file
/// project indexed; docs/performance.md).
public struct ServerExecutors: Sendable {
    let loop = LoopExecutor()
    private let work = WorkExecutor()
    private let workspaceWork = LowPriorityThreadExecutor(label: "swiftui-gotchas workspace")

    /// Where background work runs: open documents' lints and requests, or the whole workspace's.
    enum Lane: Sendable { case documents, workspace }

    public init() {}

    /// Starts `operation` with the message loop as its preferred executor.
    @discardableResult
    func onLoop<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> Task<T, Never> {
        if #available(macOS 15, *) { return Task.detached(executorPreference: loop.tasks, operation: operation) }
        return Task.detached(operation: operation)
    }

    /// The same, `delay` from now: a timer on the loop's own queue (the pool's timers wait for a
    /// free pool thread, and `DispatchQueue.global()` for a thread of the process-wide pool).
    func onLoop(after delay: Duration, _ operation: @escaping @Sendable () async -> Void) {
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        loop.queue.asyncAfter(deadline: .now() + seconds) { _ = self.onLoop(operation) }
    }

    /// Starts CPU-bound `operation` (parsing, linting, reading files) off the loop and off the
    /// pool, on the threads of `lane`.
    @discardableResult
    func background<T: Sendable>(_ lane: Lane = .documents, _ operation: @escaping @Sendable () async -> T) -> Task<T, Never> {
        if #available(macOS 15, *) {
            return Task.detached(executorPreference: lane == .documents ? work : workspaceWork, operation: operation)
        }
        return Task.detached(operation: operation)
    }
}

/// The message loop's thread: a serial queue, so one job at a time runs there, which is the
/// mutual exclusion an actor's executor must give. The actor's jobs come through this executor;
/// the nonisolated parts of the input task (its preferred task executor) through `tasks`, onto
/// the same queue.
final class LoopExecutor: SerialExecutor {
    fileprivate let queue = DispatchQueue(label: "swiftui-gotchas message loop", qos: .userInitiated)
    /// The same queue as a task executor (a separate object: a job that hops onto the actor from
    /// another task keeps its own task executor).
    let tasks: LoopTaskExecutor

    init() { tasks = LoopTaskExecutor(queue: queue) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let serial = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: serial) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}

/// The loop's queue as the input task's preferred task executor.
final class LoopTaskExecutor: Sendable {
    fileprivate let queue: DispatchQueue
    fileprivate init(queue: DispatchQueue) { self.queue = queue }
}

@available(macOS 15, *)
extension LoopTaskExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Threads for CPU-bound work, apart from the loop's, so the kernel shares the cores between
/// the two: one serial queue per core, taken in turn. Serial queues, not one concurrent queue:
/// libdispatch gives a serial queue a thread whenever it has work ("overcommit"), while a
/// concurrent queue waits for a thread of the process-wide pool that is as wide as the machine,
/// and in a test process `DispatchQueue.concurrentPerform` (the CLI's parallel lint) holds every
/// thread of that pool for seconds at a time: a server's first publish once waited over 90 s.
final class WorkExecutor: Sendable {
    private let queues: [DispatchQueue]
    private let next = Locked(0)

    init(width: Int = max(1, ProcessInfo.processInfo.activeProcessorCount), label: String = "swiftui-gotchas work") {
        queues = (0..<width).map { DispatchQueue(label: "\(label) \($0)", qos: .utility) }
    }

    fileprivate func nextQueue() -> DispatchQueue {
        queues[next.withLock { next in
            next = (next + 1) % queues.count
            return next
        }]
    }
}

@available(macOS 15, *)
extension WorkExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        nextQueue().async { job.runSynchronously(on: executor) }
    }
}

/// The workspace lane: one thread of its own that the kernel schedules after the others (nice 10
/// on Linux). On a busy machine the walk's parse and
/// the edited document's ran as equals, each getting half of a contended core: an edit while the
/// workspace indexed took twice what it took after (docs/performance.md). At nice 10 the kernel
/// gives the documents' threads about nine tenths of a core they share with the walk, which runs
/// whenever they leave time. A thread of its own, not a Dispatch queue's: a niced pool thread
/// would carry its priority into other queues' work, and only a privileged process may raise it again.
final class LowPriorityThreadExecutor: Sendable {
    private let jobs = BlockingJobQueue()

    init(label: String) {
        DedicatedThread.start(name: label) { [jobs] in
            Self.lowerThisThreadsPriority()
            // Runs until the executor goes away (`deinit` stops the queue).
            while let job = jobs.next() { job() }
        }
    }

    deinit { jobs.stop() }

    private static func lowerThisThreadsPriority() {
        #if os(Linux)
        guard let thread = CLibraryFunction.currentThreadID() else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread), 10)
        #endif
    }

    fileprivate func enqueue(_ run: @escaping () -> Void) { jobs.add(run) }
}

@available(macOS 15, *)
extension LowPriorityThreadExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        enqueue { job.runSynchronously(on: executor) }
    }
}
