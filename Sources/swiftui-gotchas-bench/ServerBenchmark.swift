import Foundation
import GotchasCorpus

/// Latency and memory of the language server, measured through the real server loop:
/// the `swiftui-gotchas lsp` binary next to this one, spawned with pipes, driven by a
/// minimal LSP client (initialize with UTF-16, push diagnostics).
///
/// 4. For a 2,000-line and a 200-line view file: open, wait for the first publish, then
///    200 typing-like didChange edits (single characters, backspaces, pasted lines at
///    different places), each timed from writing the notification to reading the
///    publishDiagnostics for that version.
/// 5. A fresh server with 50 open documents (200–600 lines each): peak (VmHWM) and
///    current (VmRSS) resident memory once every document has been published.
struct ServerBenchmark {
    let corpus: SyntheticCorpus
    var editCount = 200
    var memoryDocuments = 50

    func run() -> String {
        guard let server = Self.serverExecutable() else {
            return "4–5. server: no swiftui-gotchas binary next to the bench (build it: swift build -c release --product swiftui-gotchas)"
        }
        var lines: [String] = []
        do {
            let connection = try ServerConnection(executable: server)
            try connection.initialize()
            for size in [2_000, 200] {
                let latencies = try typingLatencies(connection, lines: size)
                lines.append(String(format: "4. server didChange→publish, %5d-line file, %d edits: p50 %6.2f ms  p95 %6.2f ms  max %6.2f ms",
                                    size, latencies.count, Self.percentile(latencies, 0.50), Self.percentile(latencies, 0.95),
                                    latencies.max() ?? 0))
            }
            try connection.shutdown()
        } catch {
            lines.append("4. server latency: failed: \(error)")
        }
        lines.append(Self.memoryLine(server: server, documents: generatedDocuments(), label: "\(memoryDocuments) open documents"))
        return lines.joined(separator: "\n")
    }

    /// The generated view files of figure 5 (200–600 lines each).
    func generatedDocuments() -> [(uri: String, text: String)] {
        (0..<memoryDocuments).map { index in
            let size = 200 + (index * 397) % 401  // 200…600 lines, spread
            return (uri: "file:///bench/memory/Screen\(index).swift", text: corpus.viewFile(lines: size, index: index))
        }
    }

    /// Figure 5 for any documents: a fresh server, `documents` opened from a second thread
    /// while this one reads (as an editor restoring its tabs: a client that stops reading
    /// blocks the server's writes), and once every one has been published, VmHWM (peak)
    /// and VmRSS of the real `lsp` process.
    static func memory(server: String, documents: [(uri: String, text: String)], workspace: String? = nil) throws
        -> (peak: Double, current: Double, idle: Double) {
        let connection = try ServerConnection(executable: server)
        try connection.initialize(rootURI: workspace)
        let idle = Self.memory(of: connection.pid)
        let sender = Thread { for document in documents { connection.open(uri: document.uri, text: document.text) } }
        sender.start()
        var waiting = Set(documents.map(\.uri))
        while !waiting.isEmpty {
            _ = try connection.waitFor("publishDiagnostics for \(waiting.count) documents") { message in
                guard message["method"] as? String == "textDocument/publishDiagnostics",
                      let uri = (message["params"] as? [String: Any])?["uri"] as? String else { return false }
                return waiting.remove(uri) != nil
            }
        }
        if workspace != nil {
            // The index of the whole folder is built in the background: measured once it ended.
            // (The server logs "indexed N files of M workspace folder(s)" when it is done.)
            _ = try connection.waitFor("the end of indexing", timeout: .seconds(300)) { message in
                message["method"] as? String == "window/logMessage"
                    && ((message["params"] as? [String: Any])?["message"] as? String)?.hasPrefix("indexed ") == true
            }
            // The open documents are linted again with the finished index (quietly: nothing to
            // wait for when their findings stay): measured once those re-lints have settled and
            // the server returned the memory they freed, which it logs. A server that does not
            // say so (an older binary) is given 20 s.
            _ = try? connection.waitFor("the re-lints after indexing to settle", timeout: .seconds(20)) { message in
                message["method"] as? String == "window/logMessage"
                    && ((message["params"] as? [String: Any])?["message"] as? String)?.hasPrefix("settled after indexing") == true
            }
        }
        let loaded = Self.memory(of: connection.pid)
        try connection.shutdown()
        return (loaded.peak, loaded.current, idle.current)
    }

    static func memoryLine(server: String, documents: [(uri: String, text: String)], label: String, workspace: String? = nil) -> String {
        do {
            let figures = try memory(server: server, documents: documents, workspace: workspace)
            return String(format: "5. server memory, %@: peak (VmHWM) %.1f MB, now (VmRSS) %.1f MB (idle after initialize: %.1f MB)",
                          label, figures.peak, figures.current, figures.idle)
        } catch {
            return "5. server memory, \(label): failed: \(error)"
        }
    }

    /// Opens a `lines`-line view, then types into it; returns the latencies in milliseconds.
    private func typingLatencies(_ connection: ServerConnection, lines size: Int) throws -> [Double] {
        let uri = "file:///bench/latency/Screen\(size).swift"
        var editor = Editor(text: corpus.viewFile(lines: size, index: size), seed: UInt64(size))
        var version = 1
        connection.open(uri: uri, text: editor.text)
        _ = try connection.waitForPublish(uri: uri, version: version)
        var latencies: [Double] = []
        while latencies.count < editCount {
            for change in editor.nextBurst() where latencies.count < editCount {
                version += 1
                let sent = ContinuousClock.now
                connection.change(uri: uri, version: version, change: change)
                let received = try connection.waitForPublish(uri: uri, version: version)
                latencies.append(Double((received - sent).components.attoseconds) / 1e15 + Double((received - sent).components.seconds) * 1e3)
            }
        }
        connection.close(uri: uri)
        return latencies
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1  // nearest-rank
        return sorted[max(0, min(sorted.count - 1, rank))]
    }

    /// VmHWM and VmRSS from /proc/<pid>/status, in MB (10^6 bytes); zeros where unavailable.
    static func memory(of pid: Int32) -> (peak: Double, current: Double) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
            return kilobytes * 1024 / 1e6
        }
        return (field("VmHWM"), field("VmRSS"))
    }

    static func serverExecutable() -> String? {
        let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let candidate = own.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swiftui-gotchas").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }
}

/// A client-side copy of the text that produces typing-like LSP content changes:
/// words typed a character at a time at the end of some line, backspaces, and pasted
/// lines, at different places in the file. Positions are UTF-16 (the text is ASCII).
struct Editor {
    private(set) var lines: [String]
    private var random: BenchRandom
    private static let words = [".padding(8)", ".bold()", " // TODO: tidy", ".foregroundColor(.red)", ".opacity(0.5)", " + 1"]
    private static let pastes = ["Text(\"Pasted\")", "Divider()", "Spacer(minLength: 4)", "Text(\"\\(count)\").font(.caption)"]

    init(text: String, seed: UInt64) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        random = BenchRandom(seed: seed)
    }

    var text: String { lines.joined(separator: "\n") }

    /// The next few edits, each one content change (a JSON object as Foundation values).
    mutating func nextBurst() -> [[String: Any]] {
        let line = pickLine()
        switch random.next(upTo: 10) {
        case 0...5:  // type a word at the end of the line, maybe backspace some of it
            var changes: [[String: Any]] = []
            let word = Self.words[random.next(upTo: Self.words.count)]
            for character in word { changes.append(insert(String(character), line: line, column: lines[line].count)) }
            for _ in 0..<random.next(upTo: 4) {
                let end = lines[line].count
                guard end > 0 else { break }
                changes.append(replace(line: line, from: end - 1, to: end, with: ""))
            }
            return changes
        case 6...8:  // paste a line after this one, with its indentation
            let indentation = String(lines[line].prefix { $0 == " " })
            let paste = "\n" + indentation + Self.pastes[random.next(upTo: Self.pastes.count)]
            return [insert(paste, line: line, column: lines[line].count)]
        default:  // delete a whole line (a cut)
            guard line + 1 < lines.count else { return [] }
            return [replaceLines(line, line + 1)]
        }
    }

    /// A line in the middle of some body (skips the first lines with the imports).
    private mutating func pickLine() -> Int { 2 + random.next(upTo: max(1, lines.count - 3)) }

    private mutating func insert(_ text: String, line: Int, column: Int) -> [String: Any] {
        replace(line: line, from: column, to: column, with: text)
    }

    private mutating func replace(line: Int, from start: Int, to end: Int, with text: String) -> [String: Any] {
        let old = lines[line]
        let prefix = String(old.prefix(start))
        let suffix = String(old.dropFirst(end))
        let inserted = (prefix + text + suffix).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.replaceSubrange(line...line, with: inserted)
        return Self.change(line, start, line, end, text)
    }

    /// Removes line `first` entirely (its text and its line break).
    private mutating func replaceLines(_ first: Int, _ next: Int) -> [String: Any] {
        lines.remove(at: first)
        return Self.change(first, 0, next, 0, "")
    }

    private static func change(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int, _ text: String) -> [String: Any] {
        ["range": ["start": ["line": startLine, "character": startCharacter], "end": ["line": endLine, "character": endCharacter]],
         "text": text]
    }
}

struct BenchRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed ^ 0x9E37_79B9_7F4A_7C15 }
    mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

/// A blocking LSP client over the server's stdin/stdout. Single-threaded: messages are
/// read only while waiting for something, and each is timestamped as soon as its frame
/// is complete (before decoding).
// @unchecked Sendable: one thread writes notifications (only `input` is touched) while
// another reads (`output`, `buffer`); requests and reads otherwise stay on one thread.
final class ServerConnection: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible { var description: String }

    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 0
    var pid: Int32 { process.processIdentifier }

    init(executable: String) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["lsp"] + (ProcessInfo.processInfo.environment["SWIFTUI_GOTCHAS_BENCH_SERVER_LOG"].map { ["--log-file", $0] } ?? [])
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// With `rootURI` the server indexes that folder (and reports the walk as work-done
    /// progress; the creation request is left unanswered: the server goes on after 2 s).
    /// `workDoneProgress: false`: the client does not offer progress, so indexing starts at once.
    func initialize(rootURI: String? = nil, workDoneProgress: Bool = true) throws {
        var capabilities: [String: Any] = ["general": ["positionEncodings": ["utf-16"]],
                                           "textDocument": ["publishDiagnostics": ["relatedInformation": true]]]
        if rootURI != nil, workDoneProgress { capabilities["window"] = ["workDoneProgress": true] }
        let id = request("initialize", [
            "processId": Int(ProcessInfo.processInfo.processIdentifier),
            "rootUri": rootURI.map { $0 as Any } ?? NSNull(),
            "capabilities": capabilities,
        ])
        _ = try waitFor("initialize response") { $0["id"] as? Int == id }
        notify("initialized", [:])
    }

    func open(uri: String, text: String) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text]])
    }

    func change(uri: String, version: Int, change: [String: Any]) {
        notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": [change]])
    }

    func close(uri: String) {
        notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// The instant the publishDiagnostics for `uri` at `version` was read.
    /// `observing` sees every message read meanwhile.
    func waitForPublish(uri: String, version: Int, observing: ([String: Any]) -> Void = { _ in }) throws -> ContinuousClock.Instant {
        try waitFor("publishDiagnostics \(uri) v\(version)") { message in
            observing(message)
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                  let params = message["params"] as? [String: Any], params["uri"] as? String == uri else { return false }
            return params["version"] as? Int == version
        }
    }

    func shutdown() throws {
        let id = request("shutdown", NSNull())
        _ = try waitFor("shutdown response") { $0["id"] as? Int == id }
        notify("exit", NSNull())
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    // MARK: Wire

    private func request(_ method: String, _ params: Any) -> Int {
        nextID += 1
        write(["jsonrpc": "2.0", "id": nextID, "method": method, "params": params])
        return nextID
    }

    private func notify(_ method: String, _ params: Any) {
        write(["jsonrpc": "2.0", "method": method, "params": params])
    }

    private func write(_ message: [String: Any]) {
        let body = try! JSONSerialization.data(withJSONObject: message)
        input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Reads messages until one matches; returns when its frame was complete.
    func waitFor(_ what: String, timeout: Duration = .seconds(60),
                         _ matches: ([String: Any]) -> Bool) throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while true {
            guard let (body, instant) = try nextBody(until: deadline) else {
                throw Failure(description: "timed out waiting for \(what); last message: \(last.prefix(300))")
            }
            if let message = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any], matches(message) {
                return instant
            }
            last = String(decoding: body, as: UTF8.self)
        }
    }

    private func nextBody(until deadline: ContinuousClock.Instant) throws -> ([UInt8], ContinuousClock.Instant)? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let headerEnd = find(separator) {
                let header = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
                guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                      let length = Int(lengthLine.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else {
                    throw Failure(description: "bad header \(header.debugDescription)")
                }
                let bodyStart = headerEnd + separator.count
                if buffer.count >= bodyStart + length {
                    let instant = ContinuousClock.now
                    let body = Array(buffer[bodyStart..<(bodyStart + length)])
                    buffer.removeFirst(bodyStart + length)
                    return (body, instant)
                }
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return nil }
            var descriptor = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(Double(remaining.components.seconds) * 1000 + 1, 60_000))
            if poll(&descriptor, 1, milliseconds) == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(output.fileHandleForReading.fileDescriptor, $0.baseAddress, 1 << 16) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "the server closed its output (exit status \(process.isRunning ? "running" : "\(process.terminationStatus)"))") }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    private func find(_ separator: [UInt8]) -> Int? {
        guard buffer.count >= separator.count else { return nil }
        var index = 0
        while index + separator.count <= buffer.count {
            if buffer[index] == separator[0], Array(buffer[index..<(index + separator.count)]) == separator { return index }
            index += 1
        }
        return nil
    }
}
