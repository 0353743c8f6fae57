#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// The settings that apply to a file: `.swiftui-gotchas.json` (nearest one up from the
/// file), overridden by the editor's settings (initializationOptions and
/// workspace/didChangeConfiguration, same keys). A configuration that fails to load
/// is reported once and the last good one stays in force. The deployment targets come
/// from the workspace's project settings files (`ProjectSettingsFiles`, kept current by
/// `WorkspaceIndexing`), replaced by the configuration's `"platforms"` when it has them.
struct ConfigurationStore: Sendable {
    /// What a document is linted with.
    struct Resolved: Sendable {
        var rules: RuleConfiguration
        /// The deployment targets in `rules.platforms`, with where they came from.
        var deploymentTargets: DeploymentTargets = .unknown
        var docsBaseURL: String
        /// False when the configuration's include/exclude leave the file out.
        var includesFile: Bool
        /// The configuration's `"baseline"`, resolved against its directory.
        var baselinePath: String?
    }

    let rules: [RuleDescription]
    let defaultDocsBaseURL: String
    private(set) var editorSettings = ConfigurationFile()
    /// The configuration files read (last good kept), looked up again on every lint.
    private var lookup: ConfigurationLookup
    /// The severities, options and deployment targets (from the workspace's Package.swift,
    /// project.pbxproj and xcconfig files).
    private var resolution: ConfigurationResolution
    var projectSettings: ProjectSettingsFiles { resolution.projectSettings }
    /// Bumped whenever anything changes, so cached lint results can be invalidated.
    private(set) var generation = 0
    /// The workspace folders: the editor's `include`/`exclude` are relative to the folder of
    /// the file (a configuration file's own are relative to its directory).
    var workspaceFolders: [String] = [] {
        didSet { if workspaceFolders != oldValue { generation += 1 } }
    }

    init(rules: [RuleDescription], defaultDocsBaseURL: String) {
        self.rules = rules
        self.defaultDocsBaseURL = defaultDocsBaseURL
        // No blocking retry on the message loop: `LanguageServer.reloadConfiguration` re-reads
        // a broken file once more a moment later instead.
        lookup = ConfigurationLookup(rules: rules, remembersNearestFile: false, retryDelay: nil)
        resolution = ConfigurationResolution(rules: rules)
    }

    /// Replaces the editor settings (initializationOptions, then each didChangeConfiguration).
    /// Accepts the keys at top level or under "swiftui-gotchas". An empty object from
    /// didChangeConfiguration (not `initialization`) means the client has no settings of
    /// ours (Eglot sends `{}` after connecting) and keeps the current ones; `{"swiftui-gotchas": {}}`
    /// clears them. Returns the problem to show when the settings are invalid (the old ones stay).
    mutating func setEditorSettings(_ json: JSON?, initialization: Bool = false) -> String? {
        guard var json, json != .null else { return nil }
        if !initialization, json == [:] { return nil }
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
        lookup.forget(path: path)
        generation += 1
        return load(path: path)
    }

    /// Something a lint depends on outside this store changed (a baseline was read).
    mutating func invalidate() { generation += 1 }

    /// Forgets everything read from disk (e.g. after a watched-files event).
    mutating func reloadAll() -> [String] {
        let paths = lookup.forgetAll()
        generation += 1
        return paths.compactMap { load(path: $0) }
    }

    /// Replaces every project settings file (after the workspace was scanned). Returns
    /// whether the deployment targets of some file may have changed.
    @discardableResult
    mutating func replaceProjectSettings(_ settings: ProjectSettingsFiles) -> Bool {
        guard settings != resolution.projectSettings else { return false }
        resolution.projectSettings = settings
        generation += 1
        return true
    }

    /// A project settings file was created or changed on disk (nil text: deleted).
    /// Returns whether anything the deployment targets are read from changed.
    @discardableResult
    mutating func updateProjectSettings(path: String, facts: SettingsFileFacts?) -> Bool {
        let changed = facts.map { resolution.projectSettings.update(path: path, facts: $0) } ?? resolution.projectSettings.remove(path: path)
        if changed { generation += 1 }
        return changed
    }

    /// Loads `path` unless already loaded; returns the problem to show, if any.
    @discardableResult
    mutating func load(path: String) -> String? {
        problem(lookup.load(path: path), path: path)
    }

    /// Unknown keys and rule IDs of configuration files read since the last
    /// `takeWarnings`: the rest of the file applies, so they are warnings, not problems.
    private var pendingWarnings: [String] = []
    /// Which file versions' warnings were already queued (a save may arrive both as
    /// didSave and as a watched-file change; each change is shown once).
    private var warnedVersions: Set<String> = []

    /// The warnings to show, once per change of a configuration file.
    mutating func takeWarnings() -> [String] {
        defer { pendingWarnings.removeAll() }
        return pendingWarnings
    }

    private mutating func problem(_ load: ConfigurationLookup.Load?, path: String) -> String? {
        if case .loaded(let file?)? = load, !file.warnings.isEmpty {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes?[.size] as? Int) ?? 0
            let warnings = file.warnings.map(\.description)
            if warnedVersions.insert("\(path)|\(modified)|\(size)|\(warnings)").inserted {
                pendingWarnings.append("swiftui-gotchas: \(path): the rest applies, but:\n" + warnings.joined(separator: "\n"))
            }
        }
        guard case .failed(let error)? = load else { return nil }
        let kept = lookup.file(atPath: path) == nil ? "defaults are used" : "the last good configuration stays in force"
        return "swiftui-gotchas: \(error) (\(kept))"
    }

    /// The configuration for a document; loads its configuration file on first use.
    /// Returns the problems met on the way (to show to the user).
    mutating func resolve(forPath path: String) -> (Resolved, problems: [String]) {
        // A document with a relative path (an untitled buffer) has no file and no project.
        let onDisk = path.hasPrefix("/") ? path : nil
        // Looked up every time: a configuration file created since applies at the next edit.
        let found = onDisk.map { lookup.find(forFile: $0) }
        let problems = found.flatMap { problem($0.load, path: $0.path ?? path) }.map { [$0] } ?? []
        let configPath = found?.path
        let file = found?.file
        if let known = resolved[path], known.configPath == configPath, known.generation == generation {
            return (known.resolved, problems)
        }
        let effective = (file ?? ConfigurationFile()).overlaid(with: editorSettings)
        // The editor's "platforms" over the file's (each names its source).
        let platformsFrom = editorSettings.platforms != nil ? editorSettings : file
        let (ruleConfiguration, targets) = resolution.resolve(forFile: onDisk, file: effective, platformsFrom: platformsFrom)
        let result = Resolved(
            rules: ruleConfiguration,
            deploymentTargets: targets,
            docsBaseURL: effective.docsBaseURL ?? defaultDocsBaseURL,
            includesFile: onDisk == nil || FileSelection(file: file, editor: editorSettings, editorBase: workspaceFolder(of: path))
                .includes(filePath: path),
            baselinePath: editorBaselinePath(forFile: onDisk) ?? effective.baselinePath)
        resolved[path] = (configPath, generation, result)
        return (result, problems)
    }

    /// The editor's `"baseline"` for the file at `path`, over the configuration file's: an
    /// absolute path as it is, a relative one against the file's workspace folder (as the
    /// editor's `include`/`exclude` are; the editor's settings have no directory of their own).
    /// nil when the editor names none, or a relative one for a file outside every folder.
    private func editorBaselinePath(forFile path: String?) -> String? {
        guard let baseline = editorSettings.baseline, let path else { return nil }
        if baseline.hasPrefix("/") { return URL(fileURLWithPath: baseline).standardizedFileURL.path }
        guard let folder = workspaceFolder(of: path) else { return nil }
        return URL(fileURLWithPath: baseline, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).standardizedFileURL.path
    }

    /// The innermost workspace folder holding `path`.
    private func workspaceFolder(of path: String) -> String? {
        StandardizedPath.innermostFolder(holding: path, among: workspaceFolders)
    }

    /// The last resolution per document path, valid while the configuration file found
    /// for it and the generation are the same (every lint of every edit asks).
    private var resolved: [String: (configPath: String?, generation: Int, resolved: Resolved)] = [:]
}
