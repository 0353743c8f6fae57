import Foundation
import GotchasCore
import GotchasLSP
import ServerTestSupport
import Testing

/// The server's message loop and its work have threads of their own (`ServerExecutors`).
/// Before, they ran on Swift's cooperative pool, one thread per core: in a test run on a
/// loaded 2-core machine, CPU-bound tests beside the server suites held both threads for
/// tens of seconds, and an `initialize` went unanswered that long (docs/reliability.md, "Under load").
@Suite struct SaturatedPoolTests {
    /// Every pool thread spins until the server's answer is in the mailbox (the reader is a
    /// thread of its own): the answer cannot wait for a free pool thread. The last spinner
    /// to start sends the request, so the pool is full when it goes.
    @Test func initializeIsAnsweredWhileEveryPoolThreadIsBusy() async throws {
        let client = TestClient()
        let width = ProcessInfo.processInfo.activeProcessorCount
        let started = StartCounter()
        let request = TestClient.framed(Message.request(id: .string("saturated"), method: "initialize",
                                                        params: ["processId": .null, "capabilities": [:]]).json)
        let input = client.serverInput
        let spinners = (0..<width).map { _ in
            Task.detached { () -> Bool in
                if started.increment() == width { input.write(Data(request)) }
                let deadline = ContinuousClock.now + .seconds(60)
                while !client.unclaimed().contains(where: { $0["id"] == "saturated" }) {
                    guard ContinuousClock.now < deadline else { return false }
                    usleep(1_000)  // blocks the thread, as CPU-bound work does
                }
                return true
            }
        }
        for spinner in spinners { #expect(await spinner.value, "the answer waited for a free pool thread") }
        let answer = try await client.next("initialize answered") { $0["id"] == "saturated" }
        #expect(answer["result", "capabilities"] != nil)
        #expect(try await client.shutdownAndExit() == 0)
    }
}

/// Counts the spinners that started.
final class StartCounter: @unchecked Sendable {
    // @unchecked Sendable: `count` is only read and written with `lock` held.
    private let lock = NSLock()
    private var count = 0

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
