import Foundation
import GotchasCore

/// Runs `swiftc -typecheck` on Swift sources against test-only stand-ins for Apple's modules
/// (`Tests/TypeCheckStandIns/`: SwiftUI, Combine, SwiftData, AppIntents — signatures modelled on
/// Apple's public interfaces, no behaviour, incomplete by design). Re-parsing fixed code only
/// proves it is Swift; this proves it type-checks: names resolve, overloads and generic
/// constraints are met, closures have the arity and `@Sendable`-ness the API wants, actor
/// isolation holds. It cannot prove availability: the stand-ins carry no `@available(iOS …)`, so
/// an API too new for a deployment target passes here (the rules' `requires:` data covers that).
///
/// Use from any test in this target, for example a "the naive fix must be withheld" fixture:
///
///     let naive = TypeCheckOracle.snippet("Text(\"a\").task { try await load() }",
///                                         members: "func load() async throws {}")
///     #expect(try await !TypeCheckOracle.typeCheck(files: ["Naive.swift": naive]).isEmpty)  // does not compile
///     #expect(try await TypeCheckOracle.typeCheck(files: ["Fixed.swift": engineOutput]).isEmpty)
///
/// `typeCheck` throws `TypeCheckOracle.Unavailable` when it cannot run at all (no `swiftc` on
/// PATH, the stand-ins do not build); a test should let that fail it, not skip silently.
/// Invocations from concurrent tests share a pool of `ProcessInfo.activeProcessorCount` slots.
enum TypeCheckOracle {
    enum LanguageMode: String, Sendable, CaseIterable { case swift5 = "5", swift6 = "6" }
    enum DefaultIsolation: String, Sendable { case nonisolated, mainActor = "MainActor" }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// The stand-in modules, in dependency order (each may import the ones before it).
    static let standInModules = ["Combine", "SwiftUI", "SwiftData", "AppIntents"]

    /// Type-checks `files` (name → source; names end in `.swift`) as one module, with the
    /// stand-ins importable. Returns swiftc's error lines (`File.swift:3:5: error: …`), empty
    /// when everything type-checks. Warnings (deprecations included) are not errors; with
    /// `warnings`, warning lines are returned too (a probe that marks a declaration deprecated
    /// to show which one a spelling resolves to).
    static func typeCheck(files: [String: String], languageMode: LanguageMode = .swift6,
                          defaultIsolation: DefaultIsolation = .nonisolated, warnings: Bool = false) async throws -> [String] {
        let modules = try await StandIns.shared.directory()
        let directory = try temporaryDirectory("check")
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let output = try await run(arguments: [
            "-typecheck", "-parse-as-library", "-swift-version", languageMode.rawValue,
            "-default-isolation", defaultIsolation.rawValue, "-diagnostic-style", "llvm",
            "-I", modules.path,
        ] + paths)
        return output.text.split(separator: "\n").map(String.init)
            .filter { $0.contains(": error: ") || (warnings && $0.contains(": warning: ")) }
            .map { $0.replacingOccurrences(of: directory.path + "/", with: "") }
    }

    /// A rule fixture as the rules write them, made into a file swiftc accepts: `imports` are
    /// added when the code imports nothing (fixtures leave `import SwiftUI` out); an expression
    /// (`Text("a").task { … }`) becomes the body of a view, and members (`var body: some View`,
    /// `@State var …`) become members of one. `members` are added to that view — the names a
    /// fragment uses (`@State private var query = ""`, `func load() async {}`). Top-level code
    /// (declarations) is kept as it is. `wrapper`, when given, replaces the view: `◊` marks
    /// where the code goes (for fragments that are not views, such as toolbar items).
    static func snippet(_ code: String, imports: [String] = ["SwiftUI"], members: String = "", wrapper: String? = nil) -> String {
        let importLines = code.contains("import ") ? "" : imports.map { "import \($0)\n" }.joined()
        let body: String
        switch FixtureShape(code) {
        case .declarations:
            body = code
        case .members:
            // A fragment without a `body` (`var icon: Image { … }`) still needs one to be a view.
            let viewBody = code.contains("var body") || members.contains("var body") ? "" : "\nvar body: some View { EmptyView() }"
            body = (wrapper ?? "struct Fixture: View {\n◊\n}").replacingOccurrences(of: "◊", with: members + "\n" + code + viewBody)
        case .expression:
            let view = wrapper ?? "struct Fixture: View {\n\(members)\nvar body: some View {\n◊\n}\n}"
            body = view.replacingOccurrences(of: "◊", with: code)
        }
        return importLines + body + "\n"
    }

    /// What a fixture's code is, judged by how it starts (after comments, attributes and
    /// modifiers: `private struct` is a declaration, `private var` a member).
    enum FixtureShape: Equatable {
        case declarations, members, expression

        init(_ code: String) {
            let modifiers: Set<Substring> = ["private", "fileprivate", "internal", "public", "package", "open",
                                             "nonisolated", "final"]
            let words = code.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == "{" })
                .lazy.filter { !$0.hasPrefix("@") && !$0.hasPrefix("//") && !modifiers.contains($0) }
            let memberStarts: Set<Substring> = ["var", "let", "func", "init", "subscript", "static"]
            let declarationStarts: Set<Substring> = ["struct", "class", "enum", "extension", "protocol",
                                                     "actor", "import", "typealias"]
            guard let first = words.first else { self = .declarations; return }
            if declarationStarts.contains(first) { self = .declarations }
            else if memberStarts.contains(first) { self = .members }
            else { self = .expression }
        }
    }

    // MARK: Running swiftc

    /// `swiftc` from PATH, found the way Package.swift finds the toolchain.
    static var swiftc: String? {
        for entry in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(entry) + "/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    struct Output { var status: Int32; var text: String }

    static func run(arguments: [String]) async throws -> Output {
        guard let swiftc else {
            throw Unavailable(description: "the type-check oracle needs `swiftc` on PATH (none found in \(ProcessInfo.processInfo.environment["PATH"] ?? "<no PATH>"))")
        }
        await ProcessSlots.shared.acquire()
        defer { Task { await ProcessSlots.shared.release() } }
        // Output goes to a file, not a pipe: a pipe that fills while we wait would block swiftc.
        let log = try temporaryDirectory("log").appendingPathComponent("output.txt")
        defer { try? FileManager.default.removeItem(at: log.deletingLastPathComponent()) }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = arguments
        // swiftc leaves an empty `TemporaryDirectory.XXXXXX` in $TMPDIR on every run (about
        // 500 per `swift test`): give it this run's own directory, removed below.
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = log.deletingLastPathComponent().path
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try handle.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return Output(status: status, text: text)
    }

    static func temporaryDirectory(_ purpose: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("swiftui-gotchas-oracle-\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The stand-ins' sources: `Tests/TypeCheckStandIns/`, outside every SwiftPM target.
    static let standInSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TypeCheckStandIns")

    /// Builds the stand-in modules once per test process, into one temporary directory.
    actor StandIns {
        static let shared = StandIns()
        private var built: Task<URL, Error>?

        func directory() async throws -> URL {
            if let built { return try await built.value }
            let task = Task { try await Self.build() }
            built = task
            return try await task.value
        }

        /// Built modules are kept under a name derived from the stand-ins' text and the
        /// compiler, so later runs reuse them (and runs leave no new directory behind); a
        /// build goes to a fresh directory that is renamed into place only when complete.
        private static func build() async throws -> URL {
            var hash = ContentHash()
            for module in standInModules {
                hash.combine(module)
                hash.combine((try? Data(contentsOf: standInSources.appendingPathComponent("\(module).swift"))).map { [UInt8]($0) } ?? [])
            }
            hash.combine(swiftc.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } ?? "")
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-gotchas-oracle-standins-\(hash)")
            if standInModules.allSatisfy({ FileManager.default.fileExists(atPath: kept.appendingPathComponent("\($0).swiftmodule").path) }) {
                return kept
            }
            let directory = try temporaryDirectory("modules")
            for module in standInModules {
                let source = standInSources.appendingPathComponent("\(module).swift").path
                // Swift 5 mode: the stand-ins' bodies are placeholders whose own isolation does not
                // matter; their interfaces (attributes, `@Sendable`, `@MainActor`) are what fixtures see.
                let output = try await run(arguments: [
                    "-emit-module", "-parse-as-library", "-swift-version", "5", "-module-name", module,
                    "-I", directory.path, "-o", directory.appendingPathComponent("\(module).swiftmodule").path, source,
                ])
                guard output.status == 0 else {
                    throw Unavailable(description: "the stand-in module \(module) (\(source)) does not build:\n\(output.text)")
                }
            }
            // Another test process may have put the same build in place meanwhile: either is fine.
            if (try? FileManager.default.moveItem(at: directory, to: kept)) != nil { return kept }
            return directory
        }
    }

    /// At most one swiftc per core, however many tests ask at once.
    actor ProcessSlots {
        static let shared = ProcessSlots(count: max(1, ProcessInfo.processInfo.activeProcessorCount))
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(count: Int) { free = count }

        func acquire() async {
            if free > 0 { free -= 1; return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
    }
}
