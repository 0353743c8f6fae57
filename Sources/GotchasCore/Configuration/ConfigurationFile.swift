#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A problem found in a configuration file, with where it is.
public struct ConfigurationIssue: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// 1-based line and column (column in UTF-8 bytes); 0 when not tied to a place.
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String {
        line > 0 ? "\(path):\(line):\(column): \(message)" : "\(path): \(message)"
    }
}

/// Why a configuration could not be used.
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid([ConfigurationIssue])

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read configuration: \(reason)"
        case .invalid(let issues): issues.map { "invalid configuration: \($0)" }.joined(separator: "\n")
        }
    }
}

/// The contents of a `.swiftui-gotchas.json` (or the same keys from an editor).
///
/// ```json
/// { "rules": { "any-view": "off", "long-body": { "level": "info", "max-lines": 150 },
///              "prefer-observable": "hint" },
///   "include": ["Sources/**"], "exclude": ["**/Generated/**"],
///   "platforms": { "iOS": "16.0", "macOS": "13.0" } }
/// ```
/// Setting a level for an opt-in rule enables it.
public struct ConfigurationFile: Sendable, Equatable {
    public static let fileName = ".swiftui-gotchas.json"
    public static let topLevelKeys = ["rules", "include", "exclude", "docs-base-url", "platforms", "baseline"]

    /// Where the file is; `include`/`exclude` are relative to its directory.
    public var path: String?
    public var ruleLevels: [String: RuleLevel] = [:]
    public var ruleOptions: [String: [String: Int]] = [:]
    public var include: [Glob] = []
    public var exclude: [Glob] = []
    /// Base URL of the rule documentation pages (`<base>/<ID>.md`), for editors.
    public var docsBaseURL: String?
    /// `"platforms": {"iOS": "16.0", "macOS": "13.0"}`: the deployment targets of the files
    /// it governs, replacing what the project says (built for exactly these platforms).
    public var platforms: [Platform: OSVersion]?
    /// `"baseline": "path"`: the baseline file (`lint --write-baseline`) whose findings `lint`
    /// hides for the files this configuration governs, as written (relative to `directory`).
    public var baseline: String?
    /// Unknown keys and rule IDs: reported, not fatal.
    public var warnings: [ConfigurationIssue] = []

    public init() {}

    public var directory: String? {
        path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    }

    /// `baseline` resolved against the configuration file's directory.
    public var baselinePath: String? {
        guard let baseline else { return nil }
        guard !baseline.hasPrefix("/"), let directory else { return baseline }
        return URL(fileURLWithPath: baseline, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).standardizedFileURL.path
    }

    /// Reads and validates a configuration file.
    public static func load(path: String, rules: [RuleDescription]) throws(ConfigurationError) -> ConfigurationFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: SystemErrorText.describe(error))
        }
        return try parse(Array(data), path: path, rules: rules)
    }

    /// Parses configuration JSON. Type errors and bad levels are errors; unknown
    /// keys and rule IDs become `warnings`.
    public static func parse(_ bytes: [UInt8], path: String, rules: [RuleDescription]) throws(ConfigurationError) -> ConfigurationFile {
        let lines = LineTable(bytes)
        func issue(_ offset: Int, _ message: String) -> ConfigurationIssue {
            let position = lines.lineColumn(ofByte: offset, in: bytes, encoding: .utf8)
            return ConfigurationIssue(path: path, line: position.line + 1, column: position.column + 1, message: message)
        }
        let root: JSONNode
        do {
            root = try JSONDocument.parse(bytes)
        } catch {
            throw .invalid([issue(error.offset, "not valid JSON: \(error.message)")])
        }
        guard case .object(let members) = root.value else {
            throw .invalid([issue(root.offset, "expected an object at the top level, found \(root.value.typeName)")])
        }
        var file = ConfigurationFile()
        file.path = path
        var errors: [ConfigurationIssue] = []
        let byID = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        func strings(_ member: JSONMember) -> [String] {
            guard case .array(let elements) = member.node.value else {
                errors.append(issue(member.node.offset, "\"\(member.key)\" must be an array of strings, found \(member.node.value.typeName)"))
                return []
            }
            return elements.compactMap { element in
                guard case .string(let text) = element.value else {
                    errors.append(issue(element.offset, "\"\(member.key)\" entries must be strings, found \(element.value.typeName)"))
                    return nil
                }
                return text
            }
        }

        func level(_ node: JSONNode, rule: String) -> RuleLevel? {
            guard case .string(let name) = node.value, let level = RuleLevel(name: name) else {
                errors.append(issue(node.offset, "level for \"\(rule)\" must be one of \(RuleLevel.names.joined(separator: ", "))"))
                return nil
            }
            return level
        }

        for member in members {
            switch member.key {
            case "rules":
                guard case .object(let ruleMembers) = member.node.value else {
                    errors.append(issue(member.node.offset, "\"rules\" must be an object mapping rule IDs to levels, found \(member.node.value.typeName)"))
                    continue
                }
                for rule in ruleMembers {
                    guard let description = byID[rule.key] else {
                        let hint = RuleIDSuggestion.closest(to: rule.key, in: rules.map(\.id)).map { " (did you mean \"\($0)\"?)" } ?? ""
                        file.warnings.append(issue(rule.keyOffset, "unknown rule ID \"\(rule.key)\"\(hint)"))
                        continue
                    }
                    switch rule.node.value {
                    case .string:
                        if let level = level(rule.node, rule: rule.key) { file.ruleLevels[rule.key] = level }
                    case .object(let settings):
                        for setting in settings {
                            if setting.key == "level" {
                                if let level = level(setting.node, rule: rule.key) { file.ruleLevels[rule.key] = level }
                            } else if description.options.contains(where: { $0.name == setting.key }) {
                                guard case .integer(let value) = setting.node.value, value >= 0 else {
                                    errors.append(issue(setting.node.offset, "option \"\(setting.key)\" of \"\(rule.key)\" must be a non-negative integer"))
                                    continue
                                }
                                file.ruleOptions[rule.key, default: [:]][setting.key] = value
                            } else {
                                let known = (["level"] + description.options.map(\.name)).joined(separator: ", ")
                                file.warnings.append(issue(setting.keyOffset, "unknown setting \"\(setting.key)\" for \"\(rule.key)\" (known: \(known))"))
                            }
                        }
                    default:
                        errors.append(issue(rule.node.offset, "\"\(rule.key)\" must be a level string or an object with \"level\" and options"))
                    }
                }
            case "include":
                file.include = strings(member).map(Glob.init)
            case "exclude":
                file.exclude = strings(member).map(Glob.init)
            case "docs-base-url":
                guard case .string(let url) = member.node.value else {
                    errors.append(issue(member.node.offset, "\"docs-base-url\" must be a string"))
                    continue
                }
                file.docsBaseURL = url
            case "baseline":
                guard case .string(let baseline) = member.node.value, !baseline.isEmpty else {
                    errors.append(issue(member.node.offset, "\"baseline\" must be the path of a baseline file (written by `lint --write-baseline`), relative to this configuration file"))
                    continue
                }
                file.baseline = baseline
            case "platforms":
                guard case .object(let entries) = member.node.value else {
                    errors.append(issue(member.node.offset, "\"platforms\" must be an object mapping platforms to versions, such as {\"iOS\": \"16.0\"}, found \(member.node.value.typeName)"))
                    continue
                }
                var platforms: [Platform: OSVersion] = [:]
                for entry in entries {
                    guard let platform = Platform(configurationName: entry.key) else {
                        let known = Platform.allCases.map(\.rawValue).joined(separator: ", ")
                        errors.append(issue(entry.keyOffset, "unknown platform \"\(entry.key)\" in \"platforms\" (known: \(known))"))
                        continue
                    }
                    guard case .string(let text) = entry.node.value, let version = OSVersion(text) else {
                        errors.append(issue(entry.node.offset, "version for \"\(entry.key)\" must be a string such as \"16.0\""))
                        continue
                    }
                    if platforms[platform] != nil {
                        errors.append(issue(entry.keyOffset, "\"\(entry.key)\" names \(platform.rawValue) a second time in \"platforms\""))
                    }
                    platforms[platform] = version
                }
                if entries.isEmpty {
                    errors.append(issue(member.node.offset, "\"platforms\" must name at least one platform (leave the key out to use the project's deployment targets)"))
                }
                file.platforms = platforms
            default:
                file.warnings.append(issue(member.keyOffset, "unknown key \"\(member.key)\" (known: \(topLevelKeys.joined(separator: ", ")))"))
            }
        }
        if !errors.isEmpty { throw .invalid(errors) }
        return file
    }

    /// The nearest `.swiftui-gotchas.json` in the directory of `filePath` or above.
    public static func find(forFile filePath: String) -> String? {
        var directory = URL(fileURLWithPath: filePath).standardizedFileURL.deletingLastPathComponent()
        let fileManager = FileManager.default
        while true {
            let candidate = directory.appendingPathComponent(fileName).path
            if fileManager.fileExists(atPath: candidate) { return candidate }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }

    /// This configuration with `other`'s settings on top (editor settings over a file).
    public func overlaid(with other: ConfigurationFile) -> ConfigurationFile {
        var result = self
        result.ruleLevels.merge(other.ruleLevels) { _, new in new }
        for (rule, options) in other.ruleOptions { result.ruleOptions[rule, default: [:]].merge(options) { _, new in new } }
        if !other.include.isEmpty { result.include = other.include }
        if !other.exclude.isEmpty { result.exclude = other.exclude }
        result.docsBaseURL = other.docsBaseURL ?? docsBaseURL
        result.platforms = other.platforms ?? platforms
        result.warnings += other.warnings
        return result
    }

    /// Whether a file at `filePath` is linted under this configuration.
    public func includes(filePath: String) -> Bool {
        guard include.isEmpty == false || exclude.isEmpty == false else { return true }
        let relative = relativePath(of: filePath)
        if exclude.contains(where: { $0.matches(relative) }) { return false }
        return include.isEmpty || include.contains { $0.matches(relative) }
    }

    /// Whether `exclude` leaves out everything under the directory at `path` (a glob that
    /// matches a directory matches what is under it), so a walk need not enter it.
    public func excludes(directory path: String) -> Bool {
        guard !exclude.isEmpty else { return false }
        let relative = relativePath(of: path)
        return exclude.contains { $0.matches(relative) }
    }

    private func relativePath(of filePath: String) -> String {
        let absolute = URL(fileURLWithPath: filePath).standardizedFileURL.path
        guard let directory, absolute.hasPrefix(directory + "/") else { return absolute }
        return String(absolute.dropFirst(directory.count + 1))
    }
}

/// "Did you mean …?" for mistyped rule IDs.
public enum RuleIDSuggestion {
    public static func closest(to key: String, in ids: [String]) -> String? {
        let scored = ids.map { ($0, EditDistance.between($0, key)) }.min { $0.1 < $1.1 }
        guard let (id, distance) = scored, distance <= max(2, key.count / 4) else { return nil }
        return id
    }
}

enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
