#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore
#if canImport(Glibc)
import Glibc
#endif

/// The process's streams and environment, injectable so commands can be tested in-process.
public struct CommandIO: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    public var readInput: @Sendable () -> [UInt8]
    public var outputIsTerminal: Bool
    /// Standard error is a terminal: `lint` shows its progress there.
    public var errorIsTerminal: Bool = false
    public var environment: [String: String]

    /// Whether `lint` shows its progress line: on a terminal that draws `\r` and erase codes.
    /// Emacs' compilation and shell buffers are pseudo-terminals that do not (`INSIDE_EMACS`
    /// ends in `,compile` or `,comint`; shell buffers also say `TERM=dumb`): the line's codes
    /// stayed in the buffer as text around the findings, and `next-error` found none of them.
    public var showsProgress: Bool {
        guard errorIsTerminal, environment["TERM"] != "dumb" else { return false }
        let emacsBuffer = environment["INSIDE_EMACS"]?.split(separator: ",").dropFirst() ?? []
        return !emacsBuffer.contains { $0 == "compile" || $0 == "comint" }
    }

    public init(writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
                readInput: @escaping @Sendable () -> [UInt8], outputIsTerminal: Bool, environment: [String: String]) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readInput = readInput
        self.outputIsTerminal = outputIsTerminal
        self.environment = environment
    }

    /// The real standard streams.
    public static var standard: CommandIO {
        var io = CommandIO(
            writeOutput: { FileDescriptorOutput.writeAll(Array($0.utf8), to: STDOUT_FILENO) },
            writeError: { FileDescriptorOutput.writeToStandardError($0) },
            readInput: { FileDescriptorInput.readToEnd(STDIN_FILENO) },
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            environment: ProcessInfo.processInfo.environment)
        io.errorIsTerminal = isatty(STDERR_FILENO) == 1
        return io
    }

    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
    var useColor: Bool { outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty }
}
