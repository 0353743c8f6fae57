import Foundation
import GotchasCore

/// `swiftui-gotchas lint`: the CLI front end over the shared rule core.
public struct LintCommand: Sendable {
    public static let version = ToolVersion.current
    public static let documentationBaseURL = "https://github.com/swiftui-gotchas/swiftui-gotchas/blob/main/docs/rules"

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
            io.writeOutput(ToolVersion.current + "\n")
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
        var resolver = try ConfigurationResolver(rules: linter.descriptions, selection: options.selection, explicitPath: options.configPath)
        let report: LintReport
        if let stdinPath = options.stdinFilename {
            let configuration = resolver.ruleConfiguration(for: try resolver.file(for: stdinPath))
            reportConfigurationWarnings(resolver.warnings)
            let bytes: [UInt8]
            do {
                bytes = try SourceReader.validate(io.readInput())
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
            report = try lintFiles(options, resolver: &resolver)
        }
        return finish(report, options: options)
    }

    private func lintFiles(_ options: LintOptions, resolver: inout ConfigurationResolver) throws(CommandLineError) -> LintReport {
        let found = try FileDiscovery.files(in: options.paths.isEmpty ? ["."] : options.paths)
        var work: [(path: String, configuration: RuleConfiguration)] = []
        for file in found {
            let configFile = try resolver.file(for: file.path)
            if !file.isExplicit, let configFile, !configFile.includes(filePath: file.path) { continue }
            work.append((file.path, resolver.ruleConfiguration(for: configFile)))
        }
        reportConfigurationWarnings(resolver.warnings)
        let cache = options.noCache || options.fix || options.diff ? nil
            : ResultCache.defaultDirectory(environment: io.environment).flatMap(ResultCache.init(directory:))
        let ruleIDs = linter.rules.map { $0.description.id }
        let outcomes = ParallelMap.map(work, workers: options.jobs ?? ParallelMap.defaultWorkers) { [self] item -> Result<FileReport, FileProblem> in
            let bytes: [UInt8]
            do {
                bytes = try SourceReader.read(path: item.path)
            } catch let failure as SourceReader.Failure {
                return .failure(FileProblem(path: item.path, message: failure.description))
            } catch {
                return .failure(FileProblem(path: item.path, message: "\(error)"))
            }
            if let cache {
                let key = ResultCache.key(bytes: bytes, configuration: item.configuration, ruleIDs: ruleIDs)
                let document = SourceDocument(path: item.path, bytes: bytes)
                if let diagnostics = cache.load(key: key) { return .success(FileReport(document: document, diagnostics: diagnostics)) }
                let report = lint(document, configuration: item.configuration, options: options)
                cache.store(report.diagnostics, key: key)
                return .success(report)
            }
            var report = lint(SourceDocument(path: item.path, bytes: bytes), configuration: item.configuration, options: options)
            if options.fix, let fixed = report.fixedBytes {
                do {
                    try AtomicFileWriter.write(fixed, to: item.path, expecting: bytes, roots: options.paths.isEmpty ? ["."] : options.paths)
                } catch {
                    // Not written: report what is really in the file.
                    report = lint(SourceDocument(path: item.path, bytes: bytes), configuration: item.configuration, options: LintOptions())
                    return .failure(FileProblem(path: item.path, message: "\(error)"))
                }
            }
            return .success(report)
        }
        var files: [FileReport] = []
        var problems: [FileProblem] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let file): files.append(file)
            case .failure(let problem): problems.append(problem)
            }
        }
        return LintReport(files: files, problems: problems)
    }

    /// Lints one document; with `--fix`/`--diff` applies fixes first and reports what remains.
    func lint(_ document: SourceDocument, configuration: RuleConfiguration, options: LintOptions) -> FileReport {
        guard options.fix || options.diff else {
            return FileReport(document: document, diagnostics: linter.lint(document, configuration: configuration).diagnostics)
        }
        let outcome = FixAll(linter: linter, configuration: configuration).apply(to: document, includeUnsafe: options.unsafeFixes)
        let fixedDocument = SourceDocument(path: document.path, bytes: outcome.bytes)
        let reported = options.diff ? document : fixedDocument
        var file = FileReport(document: reported, diagnostics: linter.lint(reported, configuration: configuration).diagnostics)
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
                io.writeError("\(count) fix\(count == 1 ? "" : "es") would be applied.\n")
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
            io.writeError("Applied \(applied) fix\(applied == 1 ? "" : "es") in \(changed) file\(changed == 1 ? "" : "s").\n")
        }
        // A file that could not be read is an I/O error: it outranks findings.
        if !report.problems.isEmpty { return ExitStatus.failure }
        return report.hasWarningsOrErrors ? ExitStatus.problems : ExitStatus.clean
    }

    private func formatter(for options: LintOptions) -> any ReportFormatter {
        switch options.format {
        case .text: TextFormatter(useColor: io.useColor, quiet: options.quiet, showFixHint: !options.fix)
        case .json: JSONFormatter()
        case .sarif: SARIFFormatter(rules: linter.descriptions, version: ToolVersion.current, documentationBaseURL: Self.documentationBaseURL)
        case .github: GitHubFormatter()
        case .checkstyle: CheckstyleFormatter()
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
