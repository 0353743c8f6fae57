#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The I/O half of baselines, shared by `lint` (`--baseline`, the configuration's
/// `"baseline"`) and the server (the configuration's `"baseline"`): reading the file,
/// naming a linted file relative to the baseline's directory, and dropping the findings it
/// hides. `Baseline` itself stays pure.
public enum BaselineFile {
    /// Why a baseline could not be used; `description` is the message both front ends show.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Reads and parses the baseline at `path`.
    public static func load(_ path: String) throws(Problem) -> Baseline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Problem(description: "\(path): cannot read baseline: \(SystemErrorText.describe(error))")
        }
        do {
            return try Baseline.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw Problem(description: "\(path):\(error.line): invalid baseline: \(error.message)")
        }
    }

    /// The entry of `diagnostic` in `document`, for a baseline at `baselinePath`.
    public static func entry(_ diagnostic: Diagnostic, in document: SourceDocument, baselinePath: String) -> Baseline.Entry {
        let directory = URL(fileURLWithPath: absolute(baselinePath)).deletingLastPathComponent().path
        return Baseline.Entry(ruleID: diagnostic.ruleID, path: Baseline.relativePath(absolute(document.path), from: directory),
                              fingerprint: Baseline.fingerprint(of: diagnostic, in: document))
    }

    /// The findings of `document` that `matcher` (of the baseline at `baselinePath`) does not
    /// hide, using up the entries that hide the others.
    public static func unhidden(_ diagnostics: [Diagnostic], in document: SourceDocument, baselinePath: String,
                                matcher: inout Baseline.Matcher) -> [Diagnostic] {
        diagnostics.filter { !matcher.hides(entry($0, in: document, baselinePath: baselinePath)) }
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
