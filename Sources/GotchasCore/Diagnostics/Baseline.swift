/// Findings a team has accepted for now (`lint --write-baseline`), so a run reports only
/// new ones (`lint --baseline`). Pure: the caller reads and writes the file.
///
/// An entry is keyed by rule, file path (relative to the baseline file's directory) and a
/// fingerprint of the flagged code — never by line number, so an edit above a finding, or
/// the finding moving within its file, keeps it hidden. Entries form a multiset: each one
/// hides at most one finding, so a second copy of a baselined finding is reported.
///
/// The file is text, one entry a line, sorted, so a diff shows exactly what was added or fixed:
/// ```
/// swiftui-gotchas baseline 1
/// foreground-color<TAB>Sources/App/Greeting.swift<TAB>3f2a…
/// ```
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Hashable, Comparable {
        public var ruleID: String
        public var path: String
        public var fingerprint: String

        public init(ruleID: String, path: String, fingerprint: String) {
            (self.ruleID, self.path, self.fingerprint) = (ruleID, path, fingerprint)
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.path, a.ruleID, a.fingerprint) < (b.path, b.ruleID, b.fingerprint)
        }
    }

    /// The first line; the number is the format's version.
    public static let header = "swiftui-gotchas baseline 1"

    /// Sorted; an entry appears once per finding it hides.
    public private(set) var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries.sorted()
    }

    /// The file's text: the header, then one `rule<TAB>path<TAB>fingerprint` line per entry.
    public var text: String {
        entries.reduce(Self.header + "\n") { $0 + "\($1.ruleID)\t\($1.path)\t\($1.fingerprint)\n" }
    }

    /// Why a baseline file could not be used; `line` is 1-based.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// Reads a baseline file's text (`\n` or `\r\n` lines; blank lines are ignored).
    public static func parse(_ text: String) throws(ParseError) -> Baseline {
        // "\r\n" is one Character, so both terminators are named.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        guard let first = lines.first, first == header else {
            throw ParseError(line: 1, message: "not a swiftui-gotchas baseline (expected the first line \"\(header)\"; write one with --write-baseline)")
        }
        var entries: [Entry] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, fields.allSatisfy({ !$0.isEmpty }) else {
                throw ParseError(line: index + 1, message: "expected rule<TAB>path<TAB>fingerprint, found \"\(line)\"")
            }
            entries.append(Entry(ruleID: String(fields[0]), path: String(fields[1]), fingerprint: String(fields[2])))
        }
        return Baseline(entries)
    }

    /// The fingerprint of a finding: the flagged line's text and the nearest non-blank line
    /// before and after it, each trimmed with inner whitespace runs collapsed, hashed. The
    /// context tells apart the same line in two places; line numbers play no part.
    public static func fingerprint(of diagnostic: Diagnostic, in document: SourceDocument) -> String {
        let lineCount = document.lines.lineCount
        let line = document.lines.line(containing: min(diagnostic.range.lowerBound, document.bytes.count))
        func normalized(_ line: Int) -> String {
            document.lineText(line).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        }
        func nearestNonBlank(from start: Int, step: Int) -> String {
            var index = start
            while index >= 0 && index < lineCount {
                let text = normalized(index)
                if !text.isEmpty { return text }
                index += step
            }
            return ""
        }
        var hash = ContentHash()
        hash.combine(nearestNonBlank(from: line - 1, step: -1))
        hash.combine(normalized(line))
        hash.combine(nearestNonBlank(from: line + 1, step: 1))
        return hash.description
    }

    /// `path` (absolute, standardized) relative to `directory` (absolute, standardized),
    /// with `..` where it lies outside: how entries name files.
    public static func relativePath(_ path: String, from directory: String) -> String {
        let target = path.split(separator: "/")
        let base = directory.split(separator: "/")
        var common = 0
        while common < target.count - 1, common < base.count, target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...].map(String.init)).joined(separator: "/")
    }

    /// Matches findings against the entries, each entry at most once.
    public struct Matcher: Sendable {
        private var remaining: [Entry: Int] = [:]

        public init(_ baseline: Baseline) {
            for entry in baseline.entries { remaining[entry, default: 0] += 1 }
        }

        /// Whether an unused entry hides this finding (using it up).
        public mutating func hides(_ entry: Entry) -> Bool {
            guard let count = remaining[entry], count > 0 else { return false }
            remaining[entry] = count - 1
            return true
        }

        /// The entries no finding used: fixed (or changed) since the baseline was written.
        public var unused: [Entry] {
            remaining.flatMap { entry, count in Array(repeating: entry, count: count) }.sorted()
        }
    }
}
