import Foundation
import GotchasCore
import GotchasCorpus

// swiftui-gotchas-bench [PATHS…]: one run, on the same files, of every figure the
// performance targets name. With no paths it lints a generated corpus.

var arguments = Array(CommandLine.arguments.dropFirst())
// `--tree PATH`: only the figures of warm and PR runs on a real tree (below).
var tree: String?
if let flag = arguments.firstIndex(of: "--tree"), flag + 1 < arguments.count {
    tree = arguments[flag + 1]
    arguments = [arguments[flag + 1]]
}
// `--write-corpus DIR`: only write the synthetic corpus (to profile or lint it by hand).
if arguments.first == "--write-corpus", arguments.count == 2 {
    for file in SyntheticCorpus().files() {
        let path = arguments[1] + "/" + file.path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    exit(0)
}
// `--write-memory-documents DIR`: only write the 50 documents the memory figures open (to profile
// the server with them by hand: `scripts/server-memory-probe.py`).
if arguments.first == "--write-memory-documents", arguments.count == 2 {
    for document in ServerBenchmark(corpus: SyntheticCorpus()).generatedDocuments() {
        let path = arguments[1] + "/" + (document.uri as NSString).lastPathComponent
        try FileManager.default.createDirectory(atPath: arguments[1], withIntermediateDirectories: true)
        try document.text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    exit(0)
}
// `--parse-only PATHS…`: the floor of figure 1, run as a child process like `lint`.
// All files are read first, then parsed one after the other, as `lint --jobs 1` does
// (reading and parsing file by file lets glibc trim each freed tree back to the
// kernel, and the floor would pay page faults that lint does not).
if arguments.first == "--parse-only" {
    let documents = swiftFiles(in: Array(arguments.dropFirst())).compactMap { path in
        FileManager.default.contents(atPath: path).map { SourceDocument(path: path, bytes: Array($0)) }
    }
    for document in documents { _ = ParsedFile(safeDocument: document).tree }
    exit(0)
}
// `--server-indexing [--tree PATH] [--baseline-bin PATH] [--runs N]`: figure 6 alone, the
// server edited while it indexes a real-sized tree (PATH, or an app-shaped synthetic tree of
// 1,100 files), side by side with a previous binary when given one (A B A B).
if let flag = CommandLine.arguments.firstIndex(of: "--server-indexing") {
    let options = Array(CommandLine.arguments[flag...])
    func value(_ name: String) -> String? { options.firstIndex(of: name).flatMap { $0 + 1 < options.count ? options[$0 + 1] : nil } }
    guard let server = ServerBenchmark.serverExecutable() else {
        print("no swiftui-gotchas binary next to the bench (build it: swift build -c release --product swiftui-gotchas)")
        exit(2)
    }
    let corpus = SyntheticCorpus()
    var treePath = value("--tree")
    var written: String?
    if treePath == nil {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-gotchas-bench-tree-\(ProcessInfo.processInfo.processIdentifier)").path
        try IndexingBenchmark.writeSyntheticTree(corpus, files: 1_100, to: directory)
        treePath = directory
        written = directory
    }
    let root = StandardizedPath.of(treePath!)
    var benchmark = IndexingBenchmark(tree: root, files: swiftFiles(in: [root]).count, corpus: corpus)
    if let runs = value("--runs").flatMap(Int.init) { benchmark.runs = max(1, runs) }
    print(benchmark.report(server: server, baseline: value("--baseline-bin")))
    if let written { try? FileManager.default.removeItem(atPath: written) }
    exit(0)
}
// `--server-memory --tree PATH [--server BIN]`: only the memory figure of `--server-indexing` (50
// generated documents open in a server indexing PATH, read once its re-lints settled), for quick A/Bs.
if let flag = CommandLine.arguments.firstIndex(of: "--server-memory") {
    let options = Array(CommandLine.arguments[flag...])
    func value(_ name: String) -> String? { options.firstIndex(of: name).flatMap { $0 + 1 < options.count ? options[$0 + 1] : nil } }
    guard let tree = value("--tree"), let server = value("--server") ?? ServerBenchmark.serverExecutable() else {
        print("usage: swiftui-gotchas-bench --server-memory --tree PATH [--server BIN]")
        exit(2)
    }
    let documents = ServerBenchmark(corpus: SyntheticCorpus()).generatedDocuments()
    print(ServerBenchmark.memoryLine(server: server, documents: documents, label: "50 documents, \(tree) indexed",
                                     workspace: FileURI.reference(toPath: StandardizedPath.of(tree))))
    exit(0)
}
// `--server-only`: figures 4–5 alone (they use their own generated files).
if arguments.first == "--server-only" {
    print(ServerBenchmark(corpus: SyntheticCorpus()).run())
    exit(0)
}
let clock = ContinuousClock()
let cores = ProcessInfo.processInfo.activeProcessorCount

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func measure(_ body: () -> Void) -> Double { seconds(clock.measure(body)) }

// MARK: Corpus
let root: [String]
var temporaryRoot: String?
if arguments.isEmpty {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-gotchas-bench-\(ProcessInfo.processInfo.processIdentifier)").path
    for file in SyntheticCorpus().files() {
        let path = directory + "/" + file.path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    root = [directory]
    temporaryRoot = directory
} else {
    root = arguments
}

let sources = swiftFiles(in: root).compactMap { path in FileManager.default.contents(atPath: path).map { SourceDocument(path: path, bytes: Array($0)) } }
let totalBytes = sources.reduce(0) { $0 + $1.bytes.count }
let totalLines = sources.reduce(0) { $0 + $1.lines.lineCount }
print("corpus: \(sources.count) files, \(totalLines) lines, \(String(format: "%.1f", Double(totalBytes) / 1_048_576)) MiB\(arguments.isEmpty ? " (synthetic, generated)" : "")")
print("cores: \(cores)")

// MARK: 1–3. Each figure is a child process, as a user or CI runs it, timed by its own
// CPU time (user + system, from the kernel's accounting of children) and wall time.
// Parse and 1-thread lint alternate, three times, best of each: machine load disturbs
// the ratio least that way.
guard let linterBinary = ServerBenchmark.serverExecutable() else {
    print("no swiftui-gotchas binary next to the bench (build it: swift build -c release --product swiftui-gotchas)")
    exit(2)
}

#if os(Linux)
let childrenUsage = RUSAGE_CHILDREN.rawValue
#else
let childrenUsage = RUSAGE_CHILDREN
#endif

/// Runs `executable` with `arguments` (stdout discarded) and returns its wall and CPU seconds
/// (Core's `ChildProcess`: `posix_spawn`, so the exit is seen when it happens).
func child(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) -> (wall: Double, cpu: Double) {
    let childEnvironment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    var before = rusage()
    getrusage(childrenUsage, &before)
    let wall = measure {
        do {
            _ = try ChildProcess.start(executable, arguments, environment: childEnvironment, standardOutput: .discarded).finish()
        } catch {
            print("cannot run \(executable): \(error)")
            exit(2)
        }
    }
    var after = rusage()
    getrusage(childrenUsage, &after)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    let cpu = seconds(after.ru_utime) - seconds(before.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_stime)
    return (wall, cpu)
}
func lint(_ extra: [String], environment: [String: String] = [:]) -> (wall: Double, cpu: Double) {
    child(linterBinary, ["lint"] + root + ["--format", "json"] + extra, environment: environment)
}
if let tree {
    print(TreeReport(tree: tree, linter: linterBinary, run: { child(linterBinary, $0, environment: $1) }).run())
    exit(0)
}
var parse = (wall: Double.infinity, cpu: Double.infinity)
var lintOne = (wall: Double.infinity, cpu: Double.infinity)
for _ in 0..<3 {
    let parsed = child(Bundle.main.executableURL?.path ?? CommandLine.arguments[0], ["--parse-only"] + root)
    parse = (min(parse.wall, parsed.wall), min(parse.cpu, parsed.cpu))
    let linted = lint(["--no-cache", "--jobs", "1"])
    lintOne = (min(lintOne.wall, linted.wall), min(lintOne.cpu, linted.cpu))
}
let lintAll = min(lint(["--no-cache"]).wall, lint(["--no-cache"]).wall)
print(String(format: "1. parse only, 1 thread:          %7.3f s wall, %7.3f s CPU  (%.2f MB/s CPU)", parse.wall, parse.cpu, Double(totalBytes) / 1e6 / parse.cpu))
print(String(format: "2. lint, 1 thread:                 %7.3f s wall, %7.3f s CPU  lint/parse = %.2f (CPU), %.2f (wall)",
             lintOne.wall, lintOne.cpu, lintOne.cpu / parse.cpu, lintOne.wall / parse.wall))
print(String(format: "   lint, %d threads:                %7.3f s wall             1-core/all-cores = %.2fx (wall)", cores, lintAll, lintOne.wall / lintAll))

// What this machine allows: the parse floor split into one process per core, run one
// after the other and then all at once. Nothing is shared between them, so their
// speed-up is the ceiling for any parallel lint here (virtual cores are often less
// than whole cores).
let files = swiftFiles(in: root).sorted()
let shares = (0..<cores).map { core in stride(from: core, to: files.count, by: cores).map { files[$0] } }
let parser = Bundle.main.executableURL?.path ?? CommandLine.arguments[0]
var oneAfterAnother = Double.infinity, allAtOnce = Double.infinity
for _ in 0..<2 {
    oneAfterAnother = min(oneAfterAnother, shares.reduce(0) { $0 + child(parser, ["--parse-only"] + $1).wall })
    allAtOnce = min(allAtOnce, measure {
        let processes = shares.map { share in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: parser)
            process.arguments = ["--parse-only"] + share
            try? process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
    })
}
print(String(format: "   machine ceiling: %d parse processes, one after another %.3f s, all at once %.3f s = %.2fx", cores,
             oneAfterAnother, allAtOnce, oneAfterAnother / allAtOnce))

// MARK: 3. Warm re-lint from the result cache (unchanged files)
let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-gotchas-bench-cache-\(ProcessInfo.processInfo.processIdentifier)").path
let cold = lint([], environment: ["XDG_CACHE_HOME": cacheHome]).wall
let warm = min(lint([], environment: ["XDG_CACHE_HOME": cacheHome]).wall, lint([], environment: ["XDG_CACHE_HOME": cacheHome]).wall)
print(String(format: "3. cold lint (filling the cache):  %7.3f s", cold))
print(String(format: "   warm re-lint (cache hits):      %7.3f s  cold/warm = %.1fx", warm, cold / warm))
try? FileManager.default.removeItem(atPath: cacheHome)

// MARK: 4–5. Server latency and memory
let serverReport = ServerBenchmark(corpus: SyntheticCorpus()).run()
print(serverReport)

if let temporaryRoot { try? FileManager.default.removeItem(atPath: temporaryRoot) }

/// The `.swift` files under `roots` (files named directly, or found in directories).
func swiftFiles(in roots: [String]) -> [String] {
    var paths: [String] = []
    for base in roots {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base, isDirectory: &isDirectory) else { continue }
        if !isDirectory.boolValue { paths.append(base); continue }
        let enumerator = FileManager.default.enumerator(atPath: base)
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".swift"), !relative.contains(".build/") { paths.append(base + "/" + relative) }
        }
    }
    return paths
}
