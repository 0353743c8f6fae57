import Foundation
import GotchasCore

/// What a server sent and nobody claimed yet, and the tests waiting for some of it.
///
/// Waiting happens off Swift's cooperative pool: messages are delivered by the reader's own
/// thread, which hands each waiter what it claims, and a deadline is a Dispatch timer. A test
/// process runs CPU-bound tests on the pool's few threads beside the server tests; a waiter
/// that polled on the pool was not looked at for as long as they ran, and its deadline passed
/// meanwhile with the answer already there (docs/reliability.md, "Under load"). Here a message that
/// arrives before the deadline always wins, however long the waiting task then takes to resume.
public final class Mailbox: @unchecked Sendable {
    // @unchecked Sendable: `received`, `waiters` and `nextWaiter` are only touched with
    // `lock` held; continuations are resumed after it is released.
    private let lock = NSLock()
    private var received: [Received] = []
    private var waiters: [Waiter] = []
    private var nextWaiter = 0

    /// A message and when the reader thread got it (a latency measured from it does not
    /// include the time the waiting task took to be resumed).
    public struct Received: Sendable {
        public let message: JSON
        public let arrived: ContinuousClock.Instant
    }

    /// Takes what the waiter wants out of the messages, or nothing (then it waits for more).
    public typealias Claim = @Sendable (inout [Received]) -> [Received]?

    private struct Waiter {
        var id: Int
        var claim: Claim
        var continuation: CheckedContinuation<[Received], any Error>
    }

    public struct Timeout: Error, CustomStringConvertible {
        public var what: String
        public var received: [JSON]
        /// What arrived unclaimed, by kind, then the first and last few messages in full: a
        /// failure under load in CI must say whether the server went quiet or answered otherwise.
        public var description: String {
            var kinds: [String: Int] = [:]
            for message in received {
                let kind = message["method"]?.stringValue ?? (message["error"] != nil ? "error response" : "response")
                kinds[kind, default: 0] += 1
            }
            let counts = kinds.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            let shown = received.count <= 10 ? received : Array(received.prefix(3)) + Array(received.suffix(7))
            return "timed out waiting for \(what); \(received.count) unclaimed (\(counts)); "
                + "\(received.count <= 10 ? "all" : "first 3 and last 7"): \(shown.map { String($0.serializedString.prefix(300)) })"
        }
    }

    public init() {}

    /// A message arrived: it goes to the oldest waiter that claims it, or stays.
    public func deliver(_ message: JSON) {
        var ready: [(CheckedContinuation<[Received], any Error>, [Received])] = []
        lock.lock()
        received.append(Received(message: message, arrived: .now))
        var index = 0
        while index < waiters.count {
            if let claimed = waiters[index].claim(&received) {
                ready.append((waiters.remove(at: index).continuation, claimed))
            } else {
                index += 1
            }
        }
        lock.unlock()
        for (continuation, claimed) in ready { continuation.resume(returning: claimed) }
    }

    /// Waits until `claim` takes something, for at most `timeout` of wall-clock time.
    public func wait(for what: String, timeout: Duration, _ claim: @escaping Claim) async throws -> [Received] {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if let claimed = claim(&received) {
                lock.unlock()
                continuation.resume(returning: claimed)
                return
            }
            nextWaiter += 1
            let id = nextWaiter
            waiters.append(Waiter(id: id, claim: claim, continuation: continuation))
            lock.unlock()
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) { [weak self] in
                self?.expire(id, what: what)
            }
        }
    }

    private func expire(_ id: Int, what: String) {
        lock.lock()
        guard let index = waiters.firstIndex(where: { $0.id == id }) else {
            lock.unlock()
            return
        }
        let waiter = waiters.remove(at: index)
        let unclaimed = received.map(\.message)
        lock.unlock()
        waiter.continuation.resume(throwing: Timeout(what: what, received: unclaimed))
    }

    /// Everything not claimed yet.
    public func unclaimed() -> [JSON] {
        lock.lock()
        defer { lock.unlock() }
        return received.map(\.message)
    }

    /// Everything not claimed yet, removed.
    public func drain() -> [JSON] {
        lock.lock()
        defer { lock.unlock() }
        let all = received.map(\.message)
        received.removeAll()
        return all
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
