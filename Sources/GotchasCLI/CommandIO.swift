import Foundation

/// The process's streams and environment, injectable so commands can be tested in-process.
public struct CommandIO: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    public var readInput: @Sendable () -> [UInt8]
    public var outputIsTerminal: Bool
    /// Standard error is a terminal: `lint` shows its progress there.
    public var errorIsTerminal: Bool = false
    public var environment: [String: String]

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
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            readInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            environment: ProcessInfo.processInfo.environment)
        io.errorIsTerminal = isatty(STDERR_FILENO) == 1
        return io
    }

    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
    var useColor: Bool { outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty }
}
