#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// The CLI's use of `Baseline`: reads baseline files, names linted files relative to the
/// baseline's directory, and drops the findings a baseline hides.
enum BaselineFilter {
    /// Reads and parses a baseline file; unreadable or malformed stops the run (exit 2).
    static func load(_ path: String) throws(CommandLineError) -> Baseline {
        do {
            return try BaselineFile.load(path)
        } catch {
            throw .configuration(error.description)
        }
    }

    /// The entry of `diagnostic` in `file`, for a baseline at `baselinePath`.
    static func entry(_ diagnostic: Diagnostic, in file: FileReport, baselinePath: String) -> Baseline.Entry {
        BaselineFile.entry(diagnostic, in: file.document, baselinePath: baselinePath)
    }

    /// Every finding of `report`, as a baseline to be written at `path`.
    static func baseline(of report: LintReport, writtenTo path: String) -> Baseline {
        Baseline(report.diagnostics.map { entry($0.diagnostic, in: $0.file, baselinePath: path) })
    }

    /// Drops from `report` the findings hidden by each file's baseline (`baselineFor`: file
    /// path → baseline path). Returns how many were hidden, or nil when no file has a baseline.
    static func apply(to report: inout LintReport, baselineFor: [String: String]) throws(CommandLineError) -> Int? {
        var matchers: [String: Baseline.Matcher] = [:]
        var hidden = 0
        var used = false
        for index in report.files.indices {
            let file = report.files[index]
            guard let baselinePath = baselineFor[file.path] else { continue }
            used = true
            if matchers[baselinePath] == nil { matchers[baselinePath] = Baseline.Matcher(try load(baselinePath)) }
            let kept = BaselineFile.unhidden(file.diagnostics, in: file.document, baselinePath: baselinePath, matcher: &matchers[baselinePath]!)
            hidden += file.diagnostics.count - kept.count
            report.files[index].diagnostics = kept
        }
        return used ? hidden : nil
    }
}
