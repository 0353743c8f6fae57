/// A failure of the command itself (exit status 2), with a message a user can act on.
public enum CommandLineError: Error, CustomStringConvertible, Equatable {
    case usage(String)
    case unknownRule(String, suggestion: String?)
    case configuration(String)
    case io(String)

    public var description: String {
        switch self {
        case .usage(let message): "\(message)\nRun `swiftui-gotchas help` for usage."
        case .unknownRule(let id, let suggestion):
            "unknown rule ID \"\(id)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "") + "; `swiftui-gotchas rules` lists them"
        case .configuration(let message): message
        case .io(let message): message
        }
    }
}

/// Exit statuses of every command.
public enum ExitStatus {
    /// Nothing at warning or above remains.
    public static let clean: Int32 = 0
    /// Diagnostics at warning or above remain (or `--diff` would change files).
    public static let problems: Int32 = 1
    /// Usage, configuration or I/O error.
    public static let failure: Int32 = 2
}
