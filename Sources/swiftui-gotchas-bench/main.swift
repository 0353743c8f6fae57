import Foundation
import GotchasCLI
import GotchasCore
import GotchasCorpus
import GotchasRules

// swiftui-gotchas-bench [PATHS…]: one run, on the same files, of every figure the
// performance targets name. With no paths it lints a generated corpus.

var arguments = Array(CommandLine.arguments.dropFirst())
// `--write-corpus DIR`: only write the synthetic corpus (to profile or lint it by hand).
if arguments.first == "--write-corpus", arguments.count == 2 {
    for file in SyntheticCorpus().files() {
        let path = arguments[1] + "/" + file.path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    exit(0)
}
let clock = ContinuousClock()
let cores = ProcessInfo.processInfo.activeProcessorCount

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func measure(_ body: () -> Void) -> Double { seconds(clock.measure(body)) }

/// CPU time of the whole process: for single-threaded work it is what the work
/// costs, and far less disturbed than wall time by other load on the machine.
func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// (wall, cpu) seconds of `body`.
func measureBoth(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    let cpuStart = cpuSeconds()
    let wall = measure(body)
    return (wall, cpuSeconds() - cpuStart)
}

let silent = CommandIO(writeOutput: { _ in }, writeError: { _ in }, readInput: { [] }, outputIsTerminal: false, environment: [:])

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

var paths: [String] = []
for base in root {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: base, isDirectory: &isDirectory) else { continue }
    if !isDirectory.boolValue { paths.append(base); continue }
    let enumerator = FileManager.default.enumerator(atPath: base)
    while let relative = enumerator?.nextObject() as? String {
        if relative.hasSuffix(".swift"), !relative.contains(".build/") { paths.append(base + "/" + relative) }
    }
}
let sources = paths.compactMap { path in FileManager.default.contents(atPath: path).map { SourceDocument(path: path, bytes: Array($0)) } }
let totalBytes = sources.reduce(0) { $0 + $1.bytes.count }
let totalLines = sources.reduce(0) { $0 + $1.lines.lineCount }
print("corpus: \(sources.count) files, \(totalLines) lines, \(String(format: "%.1f", Double(totalBytes) / 1_048_576)) MiB\(arguments.isEmpty ? " (synthetic, generated)" : "")")
print("cores: \(cores)")

// MARK: 1–2. Bare parse and full lint, interleaved so both see the same machine load
func lint(_ extra: [String], environment: [String: String] = [:]) -> Double {
    lintBoth(extra, environment: environment).wall
}
func lintBoth(_ extra: [String], environment: [String: String] = [:]) -> (wall: Double, cpu: Double) {
    var io = silent
    io.environment = environment
    let command = LintCommand(linter: RuleCatalog.linter, io: io)
    return measureBoth { _ = command.run(root + ["--format", "json"] + extra) }
}
var parse = (wall: Double.infinity, cpu: Double.infinity)
var lintOne = (wall: Double.infinity, cpu: Double.infinity)
for _ in 0..<2 {
    let parsed = measureBoth { for source in sources { _ = ParsedFile(document: source).tree } }
    parse = (min(parse.wall, parsed.wall), min(parse.cpu, parsed.cpu))
    let linted = lintBoth(["--no-cache", "--jobs", "1"])
    lintOne = (min(lintOne.wall, linted.wall), min(lintOne.cpu, linted.cpu))
}
let lintAll = min(lint(["--no-cache"]), lint(["--no-cache"]))
print(String(format: "1. parse only, 1 thread:          %7.3f s wall, %7.3f s CPU  (%.2f MB/s CPU)", parse.wall, parse.cpu, Double(totalBytes) / 1e6 / parse.cpu))
print(String(format: "2. lint, 1 thread:                 %7.3f s wall, %7.3f s CPU  lint/parse = %.2f (CPU), %.2f (wall)",
             lintOne.wall, lintOne.cpu, lintOne.cpu / parse.cpu, lintOne.wall / parse.wall))
print(String(format: "   lint, %d threads:                %7.3f s wall             1-core/all-cores = %.2fx (wall)", cores, lintAll, lintOne.wall / lintAll))

// MARK: 3. Warm re-lint from the result cache (unchanged files)
let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-gotchas-bench-cache-\(ProcessInfo.processInfo.processIdentifier)").path
let cold = lint([], environment: ["XDG_CACHE_HOME": cacheHome])
let warm = min(lint([], environment: ["XDG_CACHE_HOME": cacheHome]), lint([], environment: ["XDG_CACHE_HOME": cacheHome]))
print(String(format: "3. cold lint (filling the cache):  %7.3f s", cold))
print(String(format: "   warm re-lint (cache hits):      %7.3f s  cold/warm = %.1fx", warm, cold / warm))
try? FileManager.default.removeItem(atPath: cacheHome)

// MARK: 4–5. Server latency and memory
let serverReport = ServerBenchmark(corpus: SyntheticCorpus()).run()
print(serverReport)

if let temporaryRoot { try? FileManager.default.removeItem(atPath: temporaryRoot) }
