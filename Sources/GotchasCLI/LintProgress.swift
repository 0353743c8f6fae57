#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore
#if canImport(Glibc)
import Glibc
#endif

/// How far a `lint` run is, shown on a terminal's standard error: "linted 120 of 521 files",
/// written over itself (`\r`) at most four times a second by a thread of its own, and erased
/// when the run ends, so what follows on the terminal starts on a clean line. Never on standard
/// output (the findings and machine formats are there); `LintCommand` makes none with `--quiet`
/// or when standard error is not a terminal.
final class LintProgress: Sendable {
    private let total: Int
    private let write: @Sendable (String) -> Void
    private let done = Locked(0)
    private let state = Locked(State())

    private struct State {
        var stopped = false
        var shown = -1
    }

    /// Starts showing progress over `total` files; the first line is written at once.
    init(total: Int, write: @escaping @Sendable (String) -> Void) {
        self.total = total
        self.write = write
        show()
        DedicatedThread.start(name: "swiftui-gotchas progress") { [self] in
            while !state.withLock({ $0.stopped }) {
                usleep(250_000)
                show()
            }
        }
    }

    /// One more file linted (any thread).
    func fileDone() { done.withLock { $0 += 1 } }

    /// Erases the line; nothing is written after this.
    func finish() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            write("\r\u{1B}[K")
        }
    }

    private func show() {
        let count = min(done.withLock { $0 }, total)
        state.withLock { state in
            // Written under the lock, so a tick never lands after `finish`'s erase.
            guard !state.stopped, count != state.shown else { return }
            state.shown = count
            write("\r\u{1B}[Klinted \(count) of \(total) file\(total == 1 ? "" : "s")")
        }
    }
}
