import Foundation
import GotchasCLI
import GotchasCore
import GotchasCorpus
import GotchasRules

// swiftui-gotchas-bench [PATHS…]: one run, on the same files, of every figure the
// performance targets name. With no paths it lints a generated corpus.

let arguments = Array(CommandLine.arguments.dropFirst())
let clock = ContinuousClock()
let cores = ProcessInfo.processInfo.activeProcessorCount

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func measure(_ body: () -> Void) -> Double { seconds(clock.measure(body)) }

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

// MARK: 1. Bare parse, one thread
var parseTime = Double.infinity
for _ in 0..<2 {
    parseTime = min(parseTime, measure { for source in sources { _ = ParsedFile(document: source).tree } })
}
print(String(format: "1. parse only, 1 thread:          %7.3f s  (%.2f MB/s)", parseTime, Double(totalBytes) / 1e6 / parseTime))

// MARK: 2. Full lint (the real `lint` command, no cache), 1 thread and all cores
func lint(_ extra: [String], environment: [String: String] = [:]) -> Double {
    var io = silent
    io.environment = environment
    let command = LintCommand(linter: RuleCatalog.linter, io: io)
    return measure { _ = command.run(root + ["--format", "json"] + extra) }
}
let lintOne = min(lint(["--no-cache", "--jobs", "1"]), lint(["--no-cache", "--jobs", "1"]))
let lintAll = min(lint(["--no-cache"]), lint(["--no-cache"]))
print(String(format: "2. lint, 1 thread:                 %7.3f s  lint/parse = %.2f", lintOne, lintOne / parseTime))
print(String(format: "   lint, %d threads:                %7.3f s  1-core/all-cores = %.2fx", cores, lintAll, lintOne / lintAll))

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
