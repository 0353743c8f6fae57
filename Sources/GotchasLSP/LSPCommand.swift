#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore
#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// `swiftui-gotchas lsp [--log-file PATH]`: serves LSP on stdin/stdout until `exit`
/// or end of input.
public enum LSPCommand {
    public static let usage = "usage: swiftui-gotchas lsp [--log-file PATH]"

    /// `arguments` are the ones after `lsp`. Returns the exit status.
    public static func run(arguments: [String]) -> Int32 {
        var logFile: String?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--log-file":
                guard index + 1 < arguments.count else {
                    FileDescriptorOutput.writeToStandardError("swiftui-gotchas lsp: --log-file needs a path\n\(usage)\n")
                    return 2
                }
                logFile = arguments[index + 1]
                index += 2
            case "--stdio":  // what some clients pass by habit
                index += 1
            case "-h", "--help":
                print(usage)
                return 0
            default:
                FileDescriptorOutput.writeToStandardError("swiftui-gotchas lsp: unknown argument \(arguments[index])\n\(usage)\n")
                return 2
            }
        }
        // A client that goes away must not kill us with SIGPIPE mid-write.
        signal(SIGPIPE, SIG_IGN)
        FreedMemory.keepArenas(atMost: 1)
        let log = logFile.map(ServerLog.file(at:)) ?? ServerLog()
        let server = LanguageServer(writer: MessageWriter(fileDescriptor: STDOUT_FILENO), log: log)
        let status = ExitStatusBox()
        let done = DispatchSemaphore(value: 0)
        let serving = server.start(input: InputReader.chunks(from: STDIN_FILENO))
        Task.detached {
            status.value = await serving.value
            done.signal()
        }
        done.wait()
        return status.value
    }
}

/// Carries the exit status from the server task to the blocked main thread.
// @unchecked Sendable: written exactly once by the server task before it signals the
// semaphore, and read only after `wait()` returns; the semaphore orders the two accesses.
private final class ExitStatusBox: @unchecked Sendable {
    var value: Int32 = 1
}
