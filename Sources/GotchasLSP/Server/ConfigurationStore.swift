import Foundation
import GotchasCore

/// The settings that apply to a file: `.swiftui-gotchas.json` (nearest one up from the
/// file), overridden by the editor's settings (initializationOptions and
/// workspace/didChangeConfiguration, same keys). A configuration that fails to load
/// is reported once and the last good one stays in force.
struct ConfigurationStore: Sendable {
    /// What a document is linted with.
    struct Resolved: Sendable {
        var rules: RuleConfiguration
        var docsBaseURL: String
        /// False when the configuration's include/exclude leave the file out.
        var includesFile: Bool
    }

    let rules: [RuleDescription]
    let defaultDocsBaseURL: String
    private(set) var editorSettings = ConfigurationFile()
    /// Last good configuration per file path (nil: the file does not exist or never loaded).
    private var files: [String: ConfigurationFile] = [:]
    private var loaded: Set<String> = []
    /// Bumped whenever anything changes, so cached lint results can be invalidated.
    private(set) var generation = 0

    init(rules: [RuleDescription], defaultDocsBaseURL: String) {
        self.rules = rules
        self.defaultDocsBaseURL = defaultDocsBaseURL
    }

    /// Replaces the editor settings. Accepts the keys at top level or under "swiftui-gotchas".
    /// Returns the problem to show when the settings are invalid (the old ones stay).
    mutating func setEditorSettings(_ json: JSON?) -> String? {
        guard var json, json != .null else { return nil }
        if let nested = json["swiftui-gotchas"] { json = nested }
        guard json != .null else { return nil }
        do {
            editorSettings = try ConfigurationFile.parse(json.serialized, path: "<editor settings>", rules: rules)
            generation += 1
            return editorSettings.warnings.isEmpty ? nil : editorSettings.warnings.map(\.description).joined(separator: "\n")
        } catch {
            return "swiftui-gotchas: editor settings ignored: \(error)"
        }
    }

    /// Forgets a configuration file so it is read again; returns the problem when the new
    /// contents are broken (the last good configuration stays in force).
    mutating func reload(path: String) -> String? {
        loaded.remove(path)
        generation += 1
        return load(path: path)
    }

    /// Forgets everything read from disk (e.g. after a watched-files event).
    mutating func reloadAll() -> [String] {
        let paths = loaded
        loaded.removeAll()
        generation += 1
        return paths.sorted().compactMap { load(path: $0) }
    }

    /// Loads `path` unless already loaded; returns the problem to show, if any.
    @discardableResult
    mutating func load(path: String) -> String? {
        guard !loaded.contains(path) else { return nil }
        loaded.insert(path)
        guard FileManager.default.fileExists(atPath: path) else {
            files[path] = nil
            return nil
        }
        do {
            files[path] = try ConfigurationFile.load(path: path, rules: rules)
            return nil
        } catch {
            let kept = files[path] == nil ? "defaults are used" : "the last good configuration stays in force"
            return "swiftui-gotchas: \(error) (\(kept))"
        }
    }

    /// The configuration for a document; loads its configuration file on first use.
    /// Returns the problems met on the way (to show to the user).
    mutating func resolve(forPath path: String) -> (Resolved, problems: [String]) {
        var problems: [String] = []
        var file: ConfigurationFile?
        if path.hasPrefix("/"), let configPath = ConfigurationFile.find(forFile: path) {
            if let problem = load(path: configPath) { problems.append(problem) }
            file = files[configPath]
        }
        let effective = (file ?? ConfigurationFile()).overlaid(with: editorSettings)
        let resolved = Resolved(
            rules: RuleConfiguration.resolve(rules: rules, file: effective),
            docsBaseURL: effective.docsBaseURL ?? defaultDocsBaseURL,
            includesFile: !path.hasPrefix("/") || effective.includes(filePath: path))
        return (resolved, problems)
    }
}
