import Foundation
import GotchasCore
import GotchasCorpus

/// `swiftui-gotchas-bench --tree PATH`: the figures of warm and PR runs on a real tree, in
/// one run, all through the real binaries:
/// - the floor: `swiftui-gotchas --version` (process start: dyld, the Swift runtime and the
///   toolchain's SwiftSyntax libraries, nothing linted), best of 5;
/// - `lint PATH --format json` cold (an empty `XDG_CACHE_HOME`, best of 2) and warm (the
///   unchanged tree again, 5 runs: median and best), and cold / warm;
/// - the server's peak resident memory (VmHWM of the real `lsp` process) with the tree's 50
///   largest files that import SwiftUI open (largest first, then by path: the same files
///   every run) — without a folder, and with the tree as the workspace folder, measured once
///   its index is built — and with the generated view files of figure 5.
struct TreeReport {
    let tree: String
    let linter: String
    /// Runs the linter binary with arguments and extra environment; wall and CPU seconds.
    let spawn: ([String], [String: String]) -> (wall: Double, cpu: Double)
    var coldRuns = 2
    var warmRuns = 5
    var openFiles = 50

    init(tree: String, linter: String, run: @escaping ([String], [String: String]) -> (wall: Double, cpu: Double)) {
        self.tree = tree
        self.linter = linter
        spawn = run
    }

    func run() -> String {
        var lines: [String] = []
        let files = swiftFiles(in: [tree])
        lines.append("tree: \(tree) (\(files.count) .swift files, as the bench finds them; lint applies .gitignore)")

        let floor = (0..<5).map { _ in spawn(["--version"], [:]) }
        let floorWall = floor.map(\.wall).min() ?? 0
        lines.append(String(format: "floor: swiftui-gotchas --version            %7.3f s wall, %7.3f s CPU (best of 5)",
                            floorWall, floor.map(\.cpu).min() ?? 0))

        let lintArguments = ["lint", tree, "--format", "json"]
        var cold = (wall: Double.infinity, cpu: Double.infinity)
        var cacheHome = ""
        for attempt in 0..<coldRuns {
            if !cacheHome.isEmpty { try? FileManager.default.removeItem(atPath: cacheHome) }
            cacheHome = FileManager.default.temporaryDirectory
                .appendingPathComponent("swiftui-gotchas-bench-tree-\(ProcessInfo.processInfo.processIdentifier)-\(attempt)").path
            let run = spawn(lintArguments, ["XDG_CACHE_HOME": cacheHome])
            cold = (min(cold.wall, run.wall), min(cold.cpu, run.cpu))
        }
        // The stat index trusts only files older than 2 s at the run that read them.
        Thread.sleep(forTimeInterval: 2.1)
        let warm = (0..<warmRuns).map { _ in spawn(lintArguments, ["XDG_CACHE_HOME": cacheHome]) }
        try? FileManager.default.removeItem(atPath: cacheHome)
        let walls = warm.map(\.wall).sorted(), cpus = warm.map(\.cpu).sorted()
        let median = walls[walls.count / 2], best = walls[0]
        lines.append(String(format: "cold lint (empty cache):                    %7.3f s wall, %7.3f s CPU (best of %d)",
                            cold.wall, cold.cpu, coldRuns))
        lines.append(String(format: "warm lint (unchanged tree):                 %7.3f s wall median, %.3f s best, %.3f s CPU median (%d runs)",
                            median, best, cpus[cpus.count / 2], warmRuns))
        lines.append(String(format: "cold / warm:                                %7.1fx (median warm), %.1fx (best warm); warm above the floor %.3f s",
                            cold.wall / median, cold.wall / best, median - floorWall))

        if let server = ServerBenchmark.serverExecutable() {
            let views = largestViews(files)
            lines.append(ServerBenchmark.memoryLine(server: server, documents: views,
                                                    label: "\(openFiles) largest SwiftUI files of the tree, no folder"))
            let folder = FileURI.reference(toPath: URL(fileURLWithPath: tree).standardizedFileURL.path)
            lines.append(ServerBenchmark.memoryLine(server: server, documents: views,
                                                    label: "the same, the tree as workspace folder (indexed)", workspace: folder))
            lines.append(ServerBenchmark.memoryLine(server: server, documents: ServerBenchmark(corpus: SyntheticCorpus()).generatedDocuments(),
                                                    label: "50 generated view files"))
        }
        lines.append("SwiftLint: not measured here (not installable: no registry package, and its build needs Swift packages"
                     + " that cannot be fetched); the issue's 0.251 s warm for IceCubesApp was on another machine")
        return lines.joined(separator: "\n")
    }

    /// The `openFiles` largest files that import SwiftUI, largest first (ties by path).
    func largestViews(_ files: [String]) -> [(uri: String, text: String)] {
        let views: [(path: String, text: String, size: Int)] = files.compactMap { path in
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            guard text.split(separator: "\n").contains(where: { $0.hasPrefix("import SwiftUI") }) else { return nil }
            return (path, text, data.count)
        }
        return views.sorted { ($0.size, $1.path) > ($1.size, $0.path) }.prefix(openFiles).map { view in
            (FileURI.reference(toPath: URL(fileURLWithPath: view.path).standardizedFileURL.path), view.text)
        }
    }
}
