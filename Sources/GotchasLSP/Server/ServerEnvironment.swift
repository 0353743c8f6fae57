import GotchasCore

/// What a server is given and never changes: where it writes and logs, its options and
/// rules, its threads, and its session (which starts every pull result ID, `PullResultID`:
/// a restarted server's IDs never match the old one's).
struct ServerEnvironment: Sendable {
    let writer: MessageWriter
    let log: ServerLog
    let options: ServerOptions
    let linter: Linter
    let executors = ServerExecutors()
    let session = String(UInt32.random(in: 0...UInt32.max), radix: 36)
}
