import Foundation
import GotchasCore
import GotchasCorpus

/// What a user feels right after opening a project: the server indexes a real-sized tree in
/// the background while they type in a 2,000-line SwiftUI file.
///
/// One run: a fresh `lsp` process is initialized with the tree as its root; at once a
/// 2,000-line view (`SyntheticCorpus.viewFile`, opened under the tree, never written to disk)
/// is opened and edited as `Editor` types, each edit sent as soon as the previous edit's
/// `publishDiagnostics` arrived. An edit sent before the server logged the end of indexing
/// ("indexed N files…") counts as "while indexing"; then `editsAfter` edits are made "after".
///
/// Both phases make the same kind of edit: rounds of `editsAfter` edits, each round starting from
/// the file as opened (the edit that restores it is not counted). Random cuts take braces with
/// them, and a broken file reparses more of itself: a server that indexed longer would otherwise
/// be timed on a more broken file than one that indexed fast. The "after" phase is one such round,
/// the same for every binary. Each latency is a ratio to that file's bare parse, timed in this process in the
/// same run (median of 5), so a slower machine moves both. Then a second fresh server indexes the
/// tree with 50 documents open (`ServerBenchmark.memory`): its resident memory once indexing ended.
///
/// With a baseline binary the two run in turn, A B A B, so a regression shows as a ratio of
/// figures taken minutes apart on the same machine.
struct IndexingBenchmark {
    let tree: String
    let files: Int
    let corpus: SyntheticCorpus
    var editsAfter = 100
    var documentLines = 2_000
    var runs = 2

    struct Run {
        var parse: Double
        var whileIndexing: [Double]
        var after: [Double]
        var indexingSeconds: Double
        var residentWith50: Double
        var peakWith50: Double

        var p95WhileIndexing: Double { ServerBenchmark.percentile(whileIndexing, 0.95) }
        var p95After: Double { ServerBenchmark.percentile(after, 0.95) }
        var p50After: Double { ServerBenchmark.percentile(after, 0.50) }
    }

    func report(server: String, baseline: String?) -> String {
        var lines = ["6. server while the workspace indexes: \(files) files under \(tree); a \(documentLines)-line view edited as each edit's diagnostics arrive",
                     "   run  binary     parse ms | while indexing: edits  p95 ms  ×parse | after: p50 ms  p95 ms  ×parse | indexing s | 50 docs RSS MB (peak)"]
        var ours: [Run] = []
        var theirs: [Run] = []
        for number in 1...runs {
            for (label, binary) in [("this", server)] + (baseline.map { [("baseline", $0)] } ?? []) {
                do {
                    let run = try measure(server: binary)
                    if label == "this" { ours.append(run) } else { theirs.append(run) }
                    lines.append(Self.row(number: number, label: label, run))
                } catch {
                    lines.append("   \(number)    \(label): failed: \(error)")
                }
            }
        }
        lines.append(Self.summary("this", ours))
        if baseline != nil {
            lines.append(Self.summary("baseline", theirs))
            // Pair by pair (A_i / B_i), then the median of the pairs: pairing cancels the drift of a shared machine.
            func ratio(_ figure: (Run) -> Double) -> String {
                let pairs = zip(ours, theirs).map { figure($0) / max(figure($1), 1e-9) }
                return String(format: "%.2f", Self.median(pairs))
            }
            lines.append("   this/baseline (median of the pairs): p95 while indexing ×\(ratio { $0.p95WhileIndexing / $0.parse }), "
                         + "p95 after ×\(ratio { $0.p95After / $0.parse }), RSS with 50 documents ×\(ratio(\.residentWith50))")
        }
        lines.append("   budgets: p95 while indexing ≤ 0.30× parse, p95 after ≤ 0.20× parse, RSS with 50 documents ≤ 70 MB")
        return lines.joined(separator: "\n")
    }

    private static func row(number: Int, label: String, _ run: Run) -> String {
        String(format: "   %d    %-9@ %7.1f  |            %5d  %6.1f  %5.2f× |       %6.1f  %6.1f  %5.2f× |   %6.1f   | %6.1f (%.1f)",
               number, label, run.parse, run.whileIndexing.count, run.p95WhileIndexing, run.p95WhileIndexing / run.parse,
               run.p50After, run.p95After, run.p95After / run.parse, run.indexingSeconds, run.residentWith50, run.peakWith50)
    }

    private static func summary(_ label: String, _ runs: [Run]) -> String {
        guard !runs.isEmpty else { return "   \(label): no run finished" }
        return String(format: "   %@ (median of %d runs): p95 while indexing %.2f× parse, p95 after %.2f× parse, RSS with 50 documents %.1f MB",
                      label, runs.count, median(runs.map { $0.p95WhileIndexing / $0.parse }),
                      median(runs.map { $0.p95After / $0.parse }), median(runs.map(\.residentWith50)))
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    private var treeURI: String { FileURI.reference(toPath: tree) }

    /// One run against `server`.
    func measure(server: String) throws -> Run {
        let text = corpus.viewFile(lines: documentLines, index: documentLines)
        let parse = Self.parseMilliseconds(text)
        let uri = FileURI.reference(toPath: tree + "/BenchEdited/EditedScreen.swift")
        var editor = Editor(text: text, seed: UInt64(documentLines))
        let connection = try ServerConnection(executable: server)
        let started = ContinuousClock.now
        try connection.initialize(rootURI: treeURI, workDoneProgress: false)
        var indexedAt: ContinuousClock.Instant?
        // Every message read is looked at for the end of indexing, whatever the wait is for.
        func noteIndexingEnd(_ message: [String: Any]) {
            guard indexedAt == nil, message["method"] as? String == "window/logMessage",
                  ((message["params"] as? [String: Any])?["message"] as? String)?.hasPrefix("indexed ") == true else { return }
            indexedAt = ContinuousClock.now
        }
        var version = 1
        connection.open(uri: uri, text: editor.text)
        _ = try connection.waitForPublish(uri: uri, version: version, observing: noteIndexingEnd)
        /// Sends one edit and returns its didChange→publish time in milliseconds.
        func edit(_ change: [String: Any]) throws -> Double {
            version += 1
            let sent = ContinuousClock.now
            connection.change(uri: uri, version: version, change: change)
            let received = try connection.waitForPublish(uri: uri, version: version, observing: noteIndexingEnd)
            return Double((received - sent).components.attoseconds) / 1e15 + Double((received - sent).components.seconds) * 1e3
        }
        /// One round: the text set back to the file as opened (not timed; nothing to restore
        /// the first time), then up to `editsAfter` edits while `going()` holds.
        var restore = false
        func round(while going: () -> Bool) throws -> [Double] {
            if restore { _ = try edit(["text": text]) }
            restore = true
            editor = Editor(text: text, seed: UInt64(documentLines))
            var times: [Double] = []
            while times.count < editsAfter, going() {
                for change in editor.nextBurst() where times.count < editsAfter && going() { times.append(try edit(change)) }
            }
            return times
        }
        var whileIndexing: [Double] = []
        while indexedAt == nil {
            whileIndexing += try round { indexedAt == nil }
            if indexedAt == nil, ContinuousClock.now - started > .seconds(300) {
                throw ServerConnection.Failure(description: "indexing did not end within 300 s")
            }
        }
        let after = try round { true }
        connection.close(uri: uri)
        try connection.shutdown()
        let indexing = indexedAt.map { $0 - started } ?? .zero
        let documents = ServerBenchmark(corpus: corpus).generatedDocuments()
        let memory = try ServerBenchmark.memory(server: server, documents: documents, workspace: treeURI)
        return Run(parse: parse, whileIndexing: whileIndexing, after: after,
                   indexingSeconds: Double(indexing.components.seconds) + Double(indexing.components.attoseconds) / 1e18,
                   residentWith50: memory.current, peakWith50: memory.peak)
    }

    /// The bare parse of `text` in this process: the median of 5, in milliseconds.
    static func parseMilliseconds(_ text: String) -> Double {
        let document = SourceDocument(path: "/bench/Parsed.swift", bytes: Array(text.utf8))
        let clock = ContinuousClock()
        let times = (0..<5).map { _ in
            let duration = clock.measure { _ = ParsedFile(safeDocument: document).tree }
            return Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3
        }
        return median(times)
    }

    /// Writes the app-shaped synthetic tree (`SyntheticCorpus.appTree`) under `directory`.
    static func writeSyntheticTree(_ corpus: SyntheticCorpus, files: Int, to directory: String) throws {
        for file in corpus.appTree(files: files) {
            let path = directory + "/" + file.path
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
