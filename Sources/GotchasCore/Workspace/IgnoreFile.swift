/// The patterns of one `.gitignore`, for the walk (`SourceTreeScan`) to leave out what the
/// project itself does not track (generated code, vendored checkouts, build output). The
/// common part of git's format, honestly: comments (`#`), blank lines, negation (`!`),
/// a trailing `/` (directories only), a `/` at the start or in the middle (anchored to the
/// file's directory; otherwise the pattern matches a name at any depth), `*`, `?` and `**`
/// (Core's `Glob`), `\#` and `\!` for a literal first character. Character classes
/// (`[abc]`) and other backslash escapes are not understood: such a line is left out
/// (`unsupportedLines`), so it never ignores a file by accident.
///
/// As in git: the last pattern that matches decides; a deeper `.gitignore` overrides a
/// shallower one (`SourceTreeScan` asks the deepest first); a file under an ignored
/// directory cannot be re-included (the walk never enters the directory).
public struct IgnoreFile: Sendable, Equatable {
    public static let fileName = ".gitignore"

    struct Pattern: Sendable, Equatable {
        var glob: Glob
        var negated: Bool
        var directoryOnly: Bool
    }

    private(set) var patterns: [Pattern] = []
    /// Lines with syntax this matcher does not understand (left out).
    public private(set) var unsupportedLines: [String] = []

    public init(text: String) {
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(raw)
            while line.last == " " || line.last == "\t" { line.removeLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            var negated = false
            if line.hasPrefix("!") {
                negated = true
                line.removeFirst()
            } else if line.hasPrefix("\\#") || line.hasPrefix("\\!") {
                line.removeFirst()
            }
            var directoryOnly = false
            while line.hasSuffix("/") {
                directoryOnly = true
                line.removeLast()
            }
            guard !line.isEmpty, !line.contains("["), !line.contains("\\") else {
                unsupportedLines.append(String(raw))
                continue
            }
            // `dir/**` is what is inside `dir`, not `dir` itself (a `!dir/keep` can re-include).
            if line.hasSuffix("/**") { line += "/*" }
            // `Glob` matches a pattern without `/` at any depth and anchors one with a `/`
            // (a leading `/` only anchors), as git does once the trailing `/` is gone.
            patterns.append(Pattern(glob: Glob(String(line)), negated: negated, directoryOnly: directoryOnly))
        }
    }

    /// What this file says about the entry at `path` (relative to the file's directory,
    /// `/`-separated): true ignored, false re-included by a `!` pattern, nil nothing matches
    /// (a shallower file's answer stands).
    public func isIgnored(_ path: String, isDirectory: Bool) -> Bool? {
        guard !patterns.isEmpty else { return nil }
        let split = Glob.Path(path)  // once for every pattern
        for pattern in patterns.reversed() where isDirectory || !pattern.directoryOnly {
            if pattern.glob.matchesWhole(split) { return !pattern.negated }
        }
        return nil
    }

    /// `isIgnored` over the globs' first matcher, for the tests that compare them.
    func isIgnoredByScalars(_ path: String, isDirectory: Bool) -> Bool? {
        for pattern in patterns.reversed() where isDirectory || !pattern.directoryOnly {
            if pattern.glob.matchesWholeByScalars(path) { return !pattern.negated }
        }
        return nil
    }
}
