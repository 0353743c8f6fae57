#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import GotchasCore

/// Where the server's own log lines go: stderr or `--log-file`. Never stdout,
/// which carries the protocol only.
public struct ServerLog: Sendable {
    let fileDescriptor: Int32
    /// A log file keeps every line; stderr only real errors, because clients show each
    /// stderr line as one (Neovim's `:LspLog` says `[ERROR]`): informational lines go to
    /// the client as `window/logMessage` instead (`LanguageServer.logToClient`).
    let keepsEveryLine: Bool
    /// What `fileDescriptor` is, when the log owns it (OwnedDescriptor).
    private let owned: OwnedDescriptor?

    public init(fileDescriptor: Int32 = STDERR_FILENO) {
        self.init(fileDescriptor: fileDescriptor, keepsEveryLine: fileDescriptor != STDERR_FILENO)
    }

    init(fileDescriptor: Int32, keepsEveryLine: Bool) {
        self.fileDescriptor = fileDescriptor
        self.keepsEveryLine = keepsEveryLine
        owned = nil
    }

    /// A log that writes to `owned` and closes it with its last copy: the server's tasks may log
    /// after whoever made the log is gone.
    public init(owning owned: OwnedDescriptor, keepsEveryLine: Bool = true) {
        fileDescriptor = owned.value
        self.keepsEveryLine = keepsEveryLine
        self.owned = owned
    }

    /// Opens (appends to) a log file; falls back to stderr when it cannot be opened.
    public static func file(at path: String) -> ServerLog {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        return descriptor >= 0 ? ServerLog(owning: OwnedDescriptor(adopting: descriptor)) : ServerLog()
    }

    public func callAsFunction(_ message: String) {
        let line = "[swiftui-gotchas lsp] \(message)\n"
        _ = MessageWriter(fileDescriptor: fileDescriptor).write(raw: Array(line.utf8))
    }
}

/// Knobs for tests and embedding; the defaults are what `swiftui-gotchas lsp` uses.
public struct ServerOptions: Sendable {
    public var maximumBodySize = MessageFramer.defaultMaximumBodySize
    /// Added before every lint (tests use it to make edits outrun linting).
    public var lintDelay: Duration = .zero
    /// Lints running at once: one per core (read once; the count comes from /proc).
    public var maximumConcurrentLints = max(1, ProcessInfo.processInfo.activeProcessorCount)
    public var docsBaseURL = Product.rulesDocumentationURL
    /// The user's home directory, never indexed as a workspace folder (`WorkspaceRootPolicy`).
    public var homeDirectory = ProcessInfo.processInfo.environment["HOME"]
    /// Where the index walk stops (over all folders): beyond, the index stays incomplete.
    public var maximumIndexedFiles = 20_000
    public var maximumIndexedDirectories = 50_000
    /// Added before each step of the index walk and of a workspace pull's walk (tests use it to hold the walk up).
    public var indexWalkStepDelay: Duration = .zero
    /// How long work that reports progress waits for the client to accept its token (tests
    /// hold indexing on it: the client's answer then decides when the walk starts).
    public var progressTokenTimeout: Duration = .seconds(2)
    /// How long after a failed read of a changed configuration file it is read once more (an
    /// editor saving it may truncate it first; tests that rewrite it from a thread of their
    /// own widen it, so a loaded machine's scheduling cannot make the rewrite land later).
    public var configurationRetryDelay: Duration = .seconds(ConfigurationLookup.retryDelay)

    public init() {}
}
