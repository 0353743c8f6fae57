import GotchasCore

/// `swiftui-gotchas lint` arguments.
public struct LintOptions: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable { case text, json, sarif, github, checkstyle, junit, gitlab, html }

    public var paths: [String] = []
    public var stdinFilename: String?
    public var format: Format = .text
    public var fix = false
    public var unsafeFixes = false
    public var diff = false
    public var selection = RuleSelection()
    public var configPath: String?
    public var quiet = false
    public var statistics = false
    public var noCache = false
    /// `--no-ignore`: walk directories without leaving out what `.gitignore` files ignore.
    public var noIgnore = false
    /// Worker threads; defaults to every core.
    public var jobs: Int?
    /// `--platform iOS=16.0` (repeatable): the deployment targets of every file, replacing
    /// the configuration's `"platforms"` and the project's settings.
    public var platforms: [Platform: OSVersion] = [:]
    /// `--max-warnings N`: more than N warnings fail the run; N or fewer do not.
    public var maxWarnings: Int?
    /// `--baseline FILE`: hide the findings recorded in FILE (replaces the configuration's).
    public var baselinePath: String?
    /// `--write-baseline FILE`: record every finding in FILE instead of reporting them.
    public var writeBaselinePath: String?
    /// `--changed-since REV`: report only the files git says changed since REV and the
    /// files whose cross-file findings depend on them.
    public var changedSince: String?

    public init() {}

    public static let usage = """
        USAGE: swiftui-gotchas lint [PATHS…] [options]

        Lints .swift files (directories recursively; no path = current directory).

        OPTIONS:
          --stdin-filename PATH   lint standard input as if it were PATH
          --format FORMAT         text (default), json, sarif, github, checkstyle, junit,
                                  gitlab (Code Quality), html (one self-contained page)
          --fix                   apply safe fixes (written atomically)
          --unsafe-fixes          with --fix or --diff, also apply unsafe fixes
          --diff                  print the fixes as a unified diff; write nothing
          --select ID[,ID…]       only these rules (opt-in rules included)
          --ignore ID[,ID…]       not these rules
          --all-rules             also enable the opt-in rules
          --config PATH           use this configuration file for every file
          --platform NAME=VERSION deployment target of every file (repeatable: iOS=16.0,
                                  macOS=13.0); replaces the project's and the configuration's
          --quiet                 print diagnostics only (no summary)
          --statistics            print the number of diagnostics per rule
          --no-cache              do not read or write the result cache
          --no-ignore             also lint what .gitignore files ignore (directories are
                                  walked respecting them by default; named files always lint)
          --jobs N                lint on N threads (default: every core)
          --max-warnings N        exit 1 only when more than N warnings (or any error) remain
          --baseline FILE         report only findings not recorded in FILE (default: the
                                  configuration's "baseline")
          --write-baseline FILE   record today's findings in FILE (exit 0); stale entries
                                  of the old FILE are listed
          --changed-since REV     report only the .swift files changed since the git
                                  revision REV (added, modified, renamed, untracked) and
                                  the files whose cross-file findings depend on them
          --version               print the version

        EXIT STATUS: 0 no warning or error remains, 1 some do, 2 usage/configuration/I/O error.
        """

    /// Parses arguments after `lint`. Rule IDs are checked against `rules`.
    public static func parse(_ arguments: [String], rules: [RuleDescription]) throws(CommandLineError) -> LintOptions {
        var options = LintOptions()
        var index = 0
        func value(for flag: String) throws(CommandLineError) -> String {
            index += 1
            guard index < arguments.count else { throw .usage("\(flag) needs a value") }
            return arguments[index]
        }
        func ids(_ text: String) throws(CommandLineError) -> [String] {
            let list = text.split(separator: ",").map { String($0).trimmingSpaces }
            for id in list where !rules.contains(where: { $0.id == id }) {
                throw .unknownRule(id, suggestion: RuleIDSuggestion.closest(to: id, in: rules.map(\.id)))
            }
            return list
        }
        while index < arguments.count {
            let argument = arguments[index]
            var flag = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func next() throws(CommandLineError) -> String {
                if let inlineValue { return inlineValue }
                return try value(for: flag)
            }
            switch flag {
            case "--stdin-filename": options.stdinFilename = try next()
            case "--format":
                let name = try next()
                guard let format = Format(rawValue: name) else {
                    throw .usage("unknown format \"\(name)\"; use one of \(Format.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.format = format
            case "--fix": options.fix = true
            case "--unsafe-fixes": options.unsafeFixes = true
            case "--diff": options.diff = true
            case "--select": options.selection.select = (options.selection.select ?? []) + (try ids(try next()))
            case "--ignore": options.selection.ignore += try ids(try next())
            case "--all-rules": options.selection.allRules = true
            case "--config": options.configPath = try next()
            case "--platform":
                let (platform, version) = try platform(try next())
                options.platforms[platform] = version
            case "--quiet", "-q": options.quiet = true
            case "--statistics": options.statistics = true
            case "--no-cache": options.noCache = true
            case "--no-ignore": options.noIgnore = true
            case "--jobs", "-j":
                let text = try next()
                guard let jobs = Int(text), jobs > 0 else { throw .usage("--jobs needs a positive number, got \"\(text)\"") }
                options.jobs = jobs
            case "--max-warnings":
                let text = try next()
                guard let limit = Int(text), limit >= 0 else { throw .usage("--max-warnings needs a number of warnings (0 or more), got \"\(text)\"") }
                options.maxWarnings = limit
            case "--baseline": options.baselinePath = try next()
            case "--write-baseline": options.writeBaselinePath = try next()
            case "--changed-since": options.changedSince = try next()
            case "--":
                options.paths += arguments[(index + 1)...]
                index = arguments.count
                continue
            default:
                if argument.hasPrefix("-") && argument != "-" { throw .usage("unknown option \"\(argument)\"") }
                options.paths.append(argument)
            }
            index += 1
        }
        if options.stdinFilename != nil && !options.paths.isEmpty {
            throw .usage("--stdin-filename lints standard input; do not also pass paths")
        }
        if options.fix && options.diff { throw .usage("use either --fix or --diff, not both") }
        if options.writeBaselinePath != nil {
            if options.baselinePath != nil { throw .usage("use either --baseline or --write-baseline, not both (--write-baseline records every finding)") }
            if options.fix || options.diff { throw .usage("--write-baseline records findings; do not also pass --fix or --diff") }
            if options.stdinFilename != nil { throw .usage("--write-baseline records the findings of files; it does not read standard input") }
        }
        if options.changedSince != nil {
            if options.stdinFilename != nil { throw .usage("--changed-since selects files from git; it does not read standard input") }
            if options.writeBaselinePath != nil { throw .usage("--write-baseline records every finding; do not also pass --changed-since") }
            // Fixing would write files whose findings are not reported.
            if options.fix || options.diff { throw .usage("--changed-since reports findings; to fix, pass the changed files as paths with --fix or --diff") }
        }
        return options
    }
}

extension LintOptions {
    /// `iOS=16.0` of `--platform`.
    static func platform(_ text: String) throws(CommandLineError) -> (Platform, OSVersion) {
        let known = Platform.allCases.map(\.rawValue).joined(separator: ", ")
        guard let equals = text.firstIndex(of: "=") else {
            throw .usage("--platform needs NAME=VERSION, such as iOS=16.0; got \"\(text)\"")
        }
        let name = String(text[..<equals])
        let versionText = text[text.index(after: equals)...]
        guard let platform = Platform(configurationName: name) else {
            throw .usage("--platform: unknown platform \"\(name)\"; use one of \(known)")
        }
        guard let version = OSVersion(versionText) else {
            throw .usage("--platform \(text): \"\(versionText)\" is not a version such as 16.0")
        }
        return (platform, version)
    }
}

extension String {
    /// Without leading and trailing spaces (`--select a, b`); other whitespace is kept.
    var trimmingSpaces: String {
        var result = Substring(self)
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return String(result)
    }
}
