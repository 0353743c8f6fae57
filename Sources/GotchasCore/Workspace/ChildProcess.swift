#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A program started with `posix_spawn` and reaped with `waitpid` — `git` for
/// `lint --changed-since`, the linter for the benchmark. Not Foundation's `Process`: its
/// `waitUntilExit` noticed an exit up to ~40 ms late here, as long as a whole warm `lint`.
public struct ChildProcess: Sendable {
    /// Where the child's standard output goes.
    public enum StandardOutput: Sendable {
        /// Into a pipe `finish()` reads to the end.
        case captured
        /// To `/dev/null`.
        case discarded
    }

    /// `posix_spawn`'s error (an `errno` value: `ENOENT` when the program is not found).
    public struct SpawnError: Error, CustomStringConvertible {
        public let code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    public let pid: pid_t
    /// The read end of the output pipe (`captured` only).
    private let output: Int32?

    /// Starts `program` (looked up on PATH when it has no `/`) with `arguments`;
    /// `environment` (nil: this process's) is what the child sees, and its standard error
    /// is inherited unless `silencesStandardError`.
    public static func start(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
                             standardOutput: StandardOutput, silencesStandardError: Bool = false) throws(SpawnError) -> ChildProcess {
        var ends: [Int32] = [-1, -1]
        if standardOutput == .captured {
            guard pipe(&ends) == 0 else { throw SpawnError(code: errno) }
            // Not inherited by another child started meanwhile (the child's copy on 1 is dup2'd, so kept).
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch standardOutput {
        case .captured: posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        case .discarded: posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if silencesStandardError { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in argv + (envp ?? []) { free(pointer) } }
        var pid: pid_t = 0
        let spawned = envp.map { posix_spawnp(&pid, program, &actions, nil, argv, $0) }
            ?? posix_spawnp(&pid, program, &actions, nil, argv, environ)
        if standardOutput == .captured { close(ends[1]) }
        guard spawned == 0 else {
            if standardOutput == .captured { close(ends[0]) }
            throw SpawnError(code: spawned)
        }
        return ChildProcess(pid: pid, output: standardOutput == .captured ? ends[0] : nil)
    }

    /// Reads the captured output to the end, then reaps the child. Its exit status: the exit
    /// code, or 128 + the signal that killed it (as a shell says).
    public func finish() -> (status: Int32, output: [UInt8]) {
        var bytes: [UInt8] = []
        if let output {
            bytes = FileDescriptorInput.readToEnd(output)
            close(output)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitCode, bytes)
    }
}
