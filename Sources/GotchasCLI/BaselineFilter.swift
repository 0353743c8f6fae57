import Foundation
import GotchasCore

/// The CLI's use of `Baseline`: reads baseline files, names linted files relative to the
/// baseline's directory, and drops the findings a baseline hides.
enum BaselineFilter {
    /// Reads and parses a baseline file; unreadable or malformed stops the run (exit 2).
    static func load(_ path: String) throws(CommandLineError) -> Baseline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .configuration("\(path): cannot read baseline: \((error as NSError).localizedDescription)")
        }
        do {
            return try Baseline.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw .configuration("\(path):\(error.line): invalid baseline: \(error.message)")
        }
    }

    /// The entry of `diagnostic` in `file`, for a baseline at `baselinePath`.
    static func entry(_ diagnostic: Diagnostic, in file: FileReport, baselinePath: String) -> Baseline.Entry {
        let directory = URL(fileURLWithPath: absolute(baselinePath)).deletingLastPathComponent().path
        return Baseline.Entry(ruleID: diagnostic.ruleID, path: Baseline.relativePath(absolute(file.path), from: directory),
                              fingerprint: Baseline.fingerprint(of: diagnostic, in: file.document))
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
            let kept = file.diagnostics.filter { diagnostic in
                !matchers[baselinePath]!.hides(entry(diagnostic, in: file, baselinePath: baselinePath))
            }
            hidden += file.diagnostics.count - kept.count
            report.files[index].diagnostics = kept
        }
        return used ? hidden : nil
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
