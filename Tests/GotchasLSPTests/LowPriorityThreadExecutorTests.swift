import GotchasCore
import Foundation
@testable import GotchasLSP
import Testing

/// The workspace lane's thread: its jobs run there, and the kernel schedules it after the
/// documents' threads.
@Suite struct LowPriorityThreadExecutorTests {
    @Test func jobsRunOnItsOwnThreadAtALowerPriority() async throws {
        guard #available(macOS 15, *) else { return }
        let executor = LowPriorityThreadExecutor(label: "test workspace lane")
        var seen: [(thread: Int32, nice: Int32)] = []
        for _ in 0..<5 {
            seen.append(await Task.detached(executorPreference: executor) { (Self.threadID(), Self.niceOfThisThread()) }.value)
        }
        #if os(Linux)
        #expect(Set(seen.map(\.thread)).count == 1, "one thread of its own")
        #expect(seen.allSatisfy { $0.nice == 10 })
        #expect(Self.niceOfThisThread() != 10, "the test's own thread keeps its priority")
        #endif
    }

    static func threadID() -> Int32 { CLibraryFunction.currentThreadID() ?? 0 }

    static func niceOfThisThread() -> Int32 {
        #if os(Linux)
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(threadID()))
        #else
        return 0
        #endif
    }
}
