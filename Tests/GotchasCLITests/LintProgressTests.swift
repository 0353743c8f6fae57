#if os(Linux)
import Foundation
import GotchasCLI
import GotchasRules
import Synchronization
import Testing

/// `lint`'s progress line: on a terminal's standard error only (a real pseudo-terminal here),
/// never with `--quiet`, on a `TERM=dumb` terminal or when standard error is not a terminal, never on standard output,
/// and erased at the end.
@Suite struct LintProgressTests {
    /// A pseudo-terminal pair: what the command writes to `terminal` is read back from `reader`.
    final class PseudoTerminal {
        let reader: Int32
        let terminal: Int32

        init() throws {
            // `posix_openpt` and friends are not imported from Glibc: the same by hand, with Linux's
            // ioctl numbers (`_IOW('T', 0x31, int)` unlocks, `_IOR('T', 0x30, unsigned)` names the pair).
            reader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard reader >= 0, ioctl(reader, 0x4004_5431, &unlock) == 0, ioctl(reader, 0x8004_5430, &number) == 0 else {
                throw CocoaError(.fileNoSuchFile)
            }
            terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard terminal >= 0 else { throw CocoaError(.fileNoSuchFile) }
            _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(terminal)
            close(reader)
        }

        /// Everything written so far.
        func readAvailable() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(reader, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Runs `lint` with standard error on `errorFD` (a terminal when `isatty` says so) and
    /// standard output captured; returns the exit status and standard output.
    func lint(_ arguments: [String], errorFD: Int32, environment: [String: String] = ["TERM": "xterm-256color"]) -> (Int32, String) {
        let output = Mutex("")
        var io = CommandIO(writeOutput: { text in output.withLock { $0 += text } },
                           writeError: { text in _ = text.utf8CString.withUnsafeBufferPointer { write(errorFD, $0.baseAddress, $0.count - 1) } },
                           readInput: { [] }, outputIsTerminal: false, environment: environment)
        io.errorIsTerminal = isatty(errorFD) == 1
        let status = LintCommand(linter: RuleCatalog.linter, io: io).run(arguments)
        return (status, output.withLock { $0 })
    }

    func tree() throws -> TemporaryTree {
        try TemporaryTree(warning: ["A.swift": flaggedView, "B.swift": "struct B {}\n", "C.swift": "struct C {}\n"])
    }

    @Test func aTerminalShowsProgressOverItselfAndErasesIt() throws {
        let terminal = try PseudoTerminal()
        let tree = try tree()
        let (status, output) = lint([tree.root, "--format", "json", "--no-cache"], errorFD: terminal.terminal)
        #expect(status == 1)
        let shown = terminal.readAvailable()
        #expect(shown.contains("\r\u{1B}[Klinted 0 of 3 files"), "the first line at once: \(shown.debugDescription)")
        #expect(shown.hasSuffix("\r\u{1B}[K"), "erased at the end: \(shown.debugDescription)")
        #expect(!output.contains("linted"), "nothing on standard output")
        #expect(output.contains("\"rule\":\"foreground-color\""))
    }

    @Test func quietADumbTerminalOrNotATerminalShowsNothing() throws {
        let terminal = try PseudoTerminal()
        let tree = try tree()
        _ = lint([tree.root, "--quiet", "--no-cache"], errorFD: terminal.terminal)
        #expect(!terminal.readAvailable().contains("linted"))

        // Emacs' compilation and shell buffers: pseudo-terminals that keep `\r` and escape codes as text.
        for environment in [["TERM": "xterm", "INSIDE_EMACS": "28.2,compile"], ["TERM": "dumb"], ["INSIDE_EMACS": "29.1,comint"]] {
            _ = lint([tree.root, "--no-cache"], errorFD: terminal.terminal, environment: environment)
            #expect(!terminal.readAvailable().contains("linted"), "\(environment)")
        }
        // Emacs' `term` draws like a terminal.
        _ = lint([tree.root, "--no-cache"], errorFD: terminal.terminal, environment: ["TERM": "eterm-color", "INSIDE_EMACS": "29.1,term:0.96"])
        #expect(terminal.readAvailable().contains("linted"))

        let pipe = Pipe()
        _ = lint([tree.root, "--no-cache"], errorFD: pipe.fileHandleForWriting.fileDescriptor)
        try pipe.fileHandleForWriting.close()
        let written = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!written.contains("linted") && !written.contains("\u{1B}[K"), "\(written.debugDescription)")
    }
}
#endif
