#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// `swiftui-gotchas lint`: the CLI front end over the shared rule core.
public struct LintCommand: Sendable {
    let linter: Linter
    let io: CommandIO

    public init(linter: Linter, io: CommandIO) {
        self.linter = linter
        self.io = io
    }

    public func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            io.writeOutput(LintOptions.usage + "\n")
            return ExitStatus.clean
        }
        if arguments.contains("--version") {
            io.writeOutput(Product.version + "\n")
            return ExitStatus.clean
        }
        do {
            let options = try LintOptions.parse(arguments, rules: linter.descriptions)
            return try run(options)
        } catch {
            io.writeError("swiftui-gotchas: error: \(error)\n")
            return ExitStatus.failure
        }
    }

    func run(_ options: LintOptions) throws(CommandLineError) -> Int32 {
        var resolver = try ConfigurationResolver(rules: linter.descriptions, selection: options.selection, explicitPath: options.configPath,
                                                 commandLinePlatforms: options.platforms)
        var report: LintReport
        // Each file's baseline: `--baseline`, else its configuration's `"baseline"`.
        var baselineFor: [String: String] = [:]
        if let stdinPath = options.stdinFilename {
            resolver.projectSettings = ProjectSettingsFiles(ProjectSettingsDiscovery.read(scanned: [], above: [stdinPath]))
            let configFile = try resolver.file(for: stdinPath)
            let configuration = resolver.ruleConfiguration(forPath: stdinPath, file: configFile)
            baselineFor[stdinPath] = options.baselinePath ?? configFile?.baselinePath
            reportConfigurationWarnings(resolver.warnings)
            let bytes: [UInt8]
            do {
                bytes = try SourceFilePolicy.check(io.readInput())
            } catch {
                throw .io("\(stdinPath): \(error)")
            }
            let file = lint(SourceDocument(path: stdinPath, bytes: bytes), configuration: configuration, options: options)
            if options.fix {
                // A buffer has nowhere to be written: the fixed text goes to stdout.
                io.writeOutput(String(decoding: file.fixedBytes ?? bytes, as: UTF8.self))
                reportRejected([file])
                return file.diagnostics.contains { $0.severity >= .warning } ? ExitStatus.problems : ExitStatus.clean
            }
            report = LintReport(files: [file], problems: [])
        } else {
            report = try lintFiles(options, resolver: &resolver, baselineFor: &baselineFor)
        }
        if let written = options.writeBaselinePath { return try writeBaseline(report, to: written) }
        let hidden = try BaselineFilter.apply(to: &report, baselineFor: baselineFor)
        if let hidden, !options.quiet {
            io.writeError("\(hidden) finding\(hidden == 1 ? "" : "s") hidden by baseline\n")
        }
        return finish(report, options: options)
    }

    /// `--write-baseline`: records every finding (not reported), lists the old file's entries
    /// no finding matches any more, and exits 0 — unless a file could not be read, when
    /// nothing is written (its findings would be missing).
    private func writeBaseline(_ report: LintReport, to path: String) throws(CommandLineError) -> Int32 {
        for problem in report.problems {
            io.writeError("\(problem.path): error: \(problem.message)\n")
        }
        guard report.problems.isEmpty else {
            io.writeError("swiftui-gotchas: error: \(path) not written: some files could not be read\n")
            return ExitStatus.failure
        }
        let baseline = BaselineFilter.baseline(of: report, writtenTo: path)
        var stale: [Baseline.Entry] = []
        if FileManager.default.fileExists(atPath: path) {
            // An unreadable or foreign file is not overwritten: the path may be a typo.
            var old = Baseline.Matcher(try BaselineFilter.load(path))
            for entry in baseline.entries { _ = old.hides(entry) }
            stale = old.unused
        }
        do {
            try Data(baseline.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .io("\(path): cannot write baseline: \(SystemErrorText.describe(error))")
        }
        let count = baseline.entries.count
        io.writeError("Wrote \(count) entr\(count == 1 ? "y" : "ies") to \(path).\n")
        if !stale.isEmpty {
            io.writeError("\(stale.count) stale entr\(stale.count == 1 ? "y" : "ies") no longer found (fixed or changed), removed:\n")
            for entry in stale { io.writeError("  \(entry.ruleID)  \(entry.path)\n") }
        }
        return ExitStatus.clean
    }

    private func lintFiles(_ options: LintOptions, resolver: inout ConfigurationResolver,
                           baselineFor: inout [String: String]) throws(CommandLineError) -> LintReport {
        let roots = options.paths.isEmpty ? ["."] : options.paths
        // Asked first: a missing repository or revision fails before any linting.
        let changes = try options.changedSince.map { revision throws(CommandLineError) in
            try GitChanges.since(revision, in: Self.directory(of: roots[0]))
        }
        let scan = try FileDiscovery.scan(roots, respectingIgnoreFiles: !options.noIgnore)
        let found = scan.sources
        // Project settings first: each file's configuration includes its deployment targets.
        let settings = ProjectSettingsDiscovery.read(scanned: scan.settings, above: roots)
        resolver.projectSettings = ProjectSettingsFiles(settings)
        var work: [(path: String, configuration: RuleConfiguration)] = []
        for file in found {
            let configFile = try resolver.file(for: file.path)
            if !file.isExplicit, let configFile, !configFile.includes(filePath: file.path) { continue }
            work.append((file.path, resolver.ruleConfiguration(forPath: file.path, file: configFile)))
            baselineFor[file.path] = options.baselinePath ?? configFile?.baselinePath
        }
        reportConfigurationWarnings(resolver.warnings)
        // Files named one by one (a pre-commit hook's staged files) are not the whole project.
        let coversProject = !found.contains(where: \.isExplicit)
        let workers = options.jobs ?? ParallelMap.defaultWorkers
        var problems: [FileProblem] = []
        let files: [FileReport]
        // Each file's index, for `--changed-since` (encoded when it came from the cache).
        var indexes: [CachedFileIndex?] = []
        if options.fix || options.diff {
            let sources: [Result<SourceDocument, FileProblem>] = ParallelMap.map(work, workers: workers) { item in
                do throws(SourceFilePolicy.Rejection) {
                    return .success(try SourceFilePolicy.document(atPath: item.path))
                } catch {
                    return .failure(FileProblem(path: item.path, message: error.description))
                }
            }
            var inputs: [(document: SourceDocument, configuration: RuleConfiguration)] = []
            for (index, source) in sources.enumerated() {
                switch source {
                case .success(let document): inputs.append((document, work[index].configuration))
                case .failure(let problem): problems.append(problem)
                }
            }
            files = fixFiles(inputs, options: options, workers: workers, settings: settings, coversProject: coversProject)
                .compactMap { outcome in
                    switch outcome {
                    case .success(let file): return file
                    case .failure(let problem): problems.append(problem); return nil
                    }
                }
            indexes = files.map { file in file.fileIndex.map { CachedFileIndex(fileIndex: $0, encoding: false) } }
        } else {
            // The pipeline reads the files (through `SourceFilePolicy`), except those the
            // stat index vouches for whose text nothing needs.
            let cache = options.noCache ? nil : ResultCache.defaultDirectory(environment: io.environment).flatMap(ResultCache.init(directory:))
            var pipeline = WorkspaceLintPipeline(linter: linter, cache: cache, workers: workers, settings: settings)
            pipeline.reportsIndexes = changes != nil
            pipeline.coversProject = coversProject
            let stampsPath = cache.map { StatIndex.path(in: $0, roots: roots) }
            if let stampsPath, io.environment["SWIFTUI_GOTCHAS_STAT_INDEX"] != "0" { pipeline.stamps = StatIndex.load(from: stampsPath) }
            // Only for a person watching: a terminal on stderr, and no `--quiet`.
            if io.showsProgress, !options.quiet { pipeline.progress = LintProgress(total: work.count, write: io.writeError) }
            let output = pipeline.lint(work.map { .init(path: $0.path, configuration: $0.configuration) })
            pipeline.progress?.finish()
            files = output.files
            indexes = output.indexes
            problems += output.problems
            if let stampsPath, let next = output.stamps { next.store(to: stampsPath) }
        }
        guard let changes else { return LintReport(files: files, problems: problems.sorted { $0.path < $1.path }) }
        // Every file was linted (so cross-file findings are a full lint's); only the
        // changed files and their dependents are reported.
        // Normalized once per file, each directory resolved once (`PathNormalizer`).
        var normalizer = PathNormalizer()
        let normalizedPaths = files.map { normalizer.normalized($0.path) }
        let selectionFiles = files.indices.map { ChangedSinceSelection.File(normalizedPath: normalizedPaths[$0], index: indexes[$0]) }
        // Only the changed files' configurations are asked for (REV's version is indexed with it).
        let configurations = Dictionary(work.compactMap { item -> (String, RuleConfiguration)? in
            let path = normalizer.normalized(item.path)
            return changes.changed.contains(path) ? (path, item.configuration) : nil
        }, uniquingKeysWith: { first, _ in first })
        let selection = ChangedSinceSelection(files: selectionFiles, changes: changes, workers: workers) { [linter] path in
            // A deleted file's declarations are indexed under any file's configuration:
            // what a file declares does not depend on which rules run.
            guard let configuration = configurations[path] ?? work.first?.configuration,
                  let bytes = changes.text(atRevisionOf: path), let safe = try? SourceFilePolicy.check(bytes) else { return nil }
            return linter.lint(SourceDocument(path: path, bytes: safe), configuration: configuration).fileIndex
        }
        return LintReport(files: files.indices.filter { selection.includes(normalizedPath: normalizedPaths[$0]) }.map { files[$0] },
                          problems: problems.filter { problem in
                              let path = normalizer.normalized(problem.path)
                              return selection.includes(normalizedPath: path) || changes.changed.contains(path)
                          }.sorted { $0.path < $1.path })
    }

    /// The directory git is asked in for a lint root: the root itself, or a file's folder.
    private static func directory(of root: String) -> String {
        if [.file, .other].contains(PathKind.of(root)) {
            let parent = ProjectSettingsFiles.parent(of: root) ?? ""
            return parent.isEmpty ? "." : parent
        }
        return root
    }

    /// `--fix`/`--diff`: pass 1 fixes every file alone (collecting its index); pass 2
    /// fixes again, with the workspace index, the files where it answers some rule's
    /// question differently (see `WorkspaceQueries`).
    private func fixFiles(_ inputs: [(document: SourceDocument, configuration: RuleConfiguration)], options: LintOptions, workers: Int,
                          settings: [(path: String, text: String)], coversProject: Bool) -> [Result<FileReport, FileProblem>] {
        var outcomes = ParallelMap.map(inputs, workers: workers) { [self] input in
            lintAndWrite(input.document, configuration: input.configuration, options: options, workspace: .empty)
        }
        var workspace = WorkspaceIndex(files: outcomes.compactMap { try? $0.get().fileIndex })
        workspace.coversProject = coversProject
        for (path, text) in settings { workspace.updateSettings(path: path, text: text) }
        let again = inputs.indices.filter { index in
            guard case .success(let report) = outcomes[index] else { return false }
            return report.fileIndex.map { !$0.queries.rulesAnsweredDifferently(by: workspace, forFileAt: report.document.path).isEmpty } ?? false
        }
        let relinted = ParallelMap.map(again, workers: workers) { [self, workspace, outcomes] index -> Result<FileReport, FileProblem> in
            guard case .success(let first) = outcomes[index] else { return outcomes[index] }
            return relint(first, configuration: inputs[index].configuration, options: options, workspace: workspace)
        }
        for (index, outcome) in zip(again, relinted) { outcomes[index] = outcome }
        return outcomes
    }

    /// Pass 2: lints the reported text again with the workspace index. With `--fix` the
    /// file on disk already holds pass 1's fixes; with `--diff` the original is diffed again.
    private func relint(_ first: FileReport, configuration: RuleConfiguration, options: LintOptions,
                        workspace: WorkspaceIndex) -> Result<FileReport, FileProblem> {
        let result = lintAndWrite(first.document, configuration: configuration, options: options, workspace: workspace)
        guard options.fix, case .success(var report) = result else { return result }
        report.appliedFixCount += first.appliedFixCount
        report.rejectedFixes = first.rejectedFixes + report.rejectedFixes
        if report.fixedBytes == nil { report.fixedBytes = first.fixedBytes }
        return .success(report)
    }

    private func lintAndWrite(_ document: SourceDocument, configuration: RuleConfiguration, options: LintOptions,
                              workspace: WorkspaceIndex) -> Result<FileReport, FileProblem> {
        var report = lint(document, configuration: configuration, options: options, workspace: workspace)
        if options.fix, let fixed = report.fixedBytes {
            do {
                try AtomicFileWriter.write(fixed, to: document.path, expecting: document.bytes, roots: options.paths.isEmpty ? ["."] : options.paths)
            } catch {
                // Not written: report what is really in the file.
                report = lint(document, configuration: configuration, options: LintOptions(), workspace: workspace)
                return .failure(FileProblem(path: document.path, message: "\(error)"))
            }
        }
        return .success(report)
    }

    /// Lints one document; with `--fix`/`--diff` applies fixes first and reports what remains.
    func lint(_ document: SourceDocument, configuration: RuleConfiguration, options: LintOptions,
              workspace: WorkspaceIndex = .empty) -> FileReport {
        guard options.fix || options.diff else {
            let result = linter.lint(document, configuration: configuration, workspace: workspace)
            var file = FileReport(document: document, diagnostics: result.diagnostics)
            file.fileIndex = result.fileIndex
            return file
        }
        let outcome = FixAll(linter: linter, configuration: configuration, workspace: workspace)
            .apply(to: document, includeUnsafe: options.unsafeFixes)
        let fixedDocument = SourceDocument(path: document.path, bytes: outcome.bytes)
        let reported = options.diff ? document : fixedDocument
        let result = linter.lint(reported, configuration: configuration, workspace: workspace)
        var file = FileReport(document: reported, diagnostics: result.diagnostics)
        file.fileIndex = result.fileIndex
        file.appliedFixCount = outcome.applied.count
        file.rejectedFixes = outcome.rejected
        file.fixedBytes = outcome.changed ? outcome.bytes : nil
        return file
    }

    private func finish(_ report: LintReport, options: LintOptions) -> Int32 {
        for problem in report.problems {
            io.writeError("\(problem.path): error: \(problem.message)\n")
        }
        reportRejected(report.files)
        if options.diff {
            var wouldChange = false
            for file in report.files {
                guard let fixed = file.fixedBytes else { continue }
                wouldChange = true
                io.writeOutput(UnifiedDiff.make(old: file.document.text, new: String(decoding: fixed, as: UTF8.self), path: file.path))
            }
            if !options.quiet {
                let count = report.files.reduce(0) { $0 + $1.appliedFixCount }
                io.writeError("\(count) fix\(count == 1 ? "" : "es") would be applied\(NotAppliedFixes(report, unsafeApplied: options.unsafeFixes).suffix).\n")
            }
            return wouldChange ? ExitStatus.problems : (report.problems.isEmpty ? ExitStatus.clean : ExitStatus.failure)
        }
        io.writeOutput(formatter(for: options).format(report))
        if options.statistics {
            var table = ""
            for row in report.statistics {
                table += String(repeating: " ", count: max(0, 6 - String(row.count).count)) + "\(row.count)  \(row.ruleID)"
                table += row.fixable > 0 ? "  (\(row.fixable) fixable)\n" : "\n"
            }
            // Statistics go with the text report; machine formats keep stdout parseable.
            if options.format == .text { io.writeOutput(table) } else { io.writeError(table) }
        }
        if options.fix && !options.quiet {
            let applied = report.files.reduce(0) { $0 + $1.appliedFixCount }
            let changed = report.files.filter { $0.fixedBytes != nil }.count
            io.writeError("Applied \(applied) fix\(applied == 1 ? "" : "es") in \(changed) file\(changed == 1 ? "" : "s")"
                          + "\(NotAppliedFixes(report, unsafeApplied: options.unsafeFixes).suffix).\n")
        }
        // A file that could not be read is an I/O error: it outranks findings.
        if !report.problems.isEmpty { return ExitStatus.failure }
        guard let maxWarnings = options.maxWarnings else {
            return report.hasWarningsOrErrors ? ExitStatus.problems : ExitStatus.clean
        }
        // `--max-warnings N`: up to N warnings pass; an error still fails the run.
        let warnings = report.diagnostics.filter { $0.diagnostic.severity == .warning }.count
        if warnings > maxWarnings {
            io.writeError("\(warnings) warning\(warnings == 1 ? "" : "s") (more than --max-warnings \(maxWarnings))\n")
            return ExitStatus.problems
        }
        return report.diagnostics.contains { $0.diagnostic.severity == .error } ? ExitStatus.problems : ExitStatus.clean
    }

    /// Paths as CI systems link them (JUnit, GitLab, HTML): relative to the project directory.
    private var projectPath: ProjectPath { ProjectPath(projectDirectory: ProjectPath.directory(environment: io.environment)) }

    private func formatter(for options: LintOptions) -> any ReportFormatter {
        switch options.format {
        case .text: TextFormatter(useColor: io.useColor, quiet: options.quiet, showFixHint: !options.fix)
        case .json: JSONFormatter()
        case .sarif: SARIFFormatter(rules: linter.descriptions)
        case .github: GitHubFormatter()
        case .checkstyle: CheckstyleFormatter()
        case .junit: JUnitFormatter(paths: projectPath)
        case .gitlab: GitLabFormatter(paths: projectPath)
        case .html: HTMLFormatter(rules: linter.descriptions, paths: projectPath)
        }
    }

    private func reportConfigurationWarnings(_ warnings: [ConfigurationIssue]) {
        for warning in warnings { io.writeError("\(warning.path):\(warning.line):\(warning.column): warning: \(warning.message)\n") }
    }

    private func reportRejected(_ files: [FileReport]) {
        for file in files {
            for (ruleID, fix) in file.rejectedFixes {
                io.writeError("\(file.path): warning: fix \"\(fix.title)\" [\(ruleID)] was not applied: the result would not parse\n")
            }
        }
    }
}

/// The findings `--fix`/`--diff` left with a fix not applied, and why: withheld because the
/// code's minimum OS is lower than what the fix writes (grouped by reason), or unsafe
/// (only applied with `--unsafe-fixes`). Counted on the diagnostics that remain after fixing
/// (`--fix`) or of the original text (`--diff`: its safe fixes are the ones that would apply).
struct NotAppliedFixes {
    /// Reason ("needs iOS 17 (minimum iOS 15)") → findings, most frequent first.
    var withheld: [(reason: String, count: Int)]
    var unsafe: Int

    init(_ report: LintReport, unsafeApplied: Bool) {
        var byReason: [String: Int] = [:]
        var unsafe = 0
        for (_, diagnostic) in report.diagnostics {
            if diagnostic.fixes.isEmpty, let first = diagnostic.withheldFixes.first {
                byReason[first.reason, default: 0] += 1
            } else if !unsafeApplied, !diagnostic.fixes.isEmpty, diagnostic.safeFix == nil {
                unsafe += 1
            }
        }
        withheld = byReason.map { ($0.key, $0.value) }.sorted { ($0.count, $1.reason) > ($1.count, $0.reason) }
        self.unsafe = unsafe
    }

    var total: Int { withheld.reduce(unsafe) { $0 + $1.count } }

    /// "; 12 not applied: 9 need iOS 17 (minimum iOS 15), 3 unsafe (--unsafe-fixes)", or "" when none.
    var suffix: String {
        guard total > 0 else { return "" }
        var parts = withheld.map { group in
            // "needs iOS 17 …" reads "9 need iOS 17 …" for more than one.
            let reason = group.count > 1 && group.reason.hasPrefix("needs ") ? "need " + group.reason.dropFirst(6) : group.reason
            return "\(group.count) \(reason)"
        }
        if unsafe > 0 { parts.append("\(unsafe) unsafe (--unsafe-fixes)") }
        return "; \(total) not applied: " + parts.joined(separator: ", ")
    }
}
