import Foundation
import GotchasCore

/// Finds and loads the configuration for each file once per configuration file, and
/// the deployment targets in effect for it (project settings, then the configuration's
/// `"platforms"`, then `--platform`).
struct ConfigurationResolver {
    let rules: [RuleDescription]
    let selection: RuleSelection
    /// `--config`: one file for everything.
    let explicit: ConfigurationFile?
    /// `--platform`: replaces the configuration's and the project's deployment targets.
    let commandLinePlatforms: [Platform: OSVersion]
    /// The settings files found for the linted paths (`ProjectSettingsDiscovery`).
    var projectSettings = ProjectSettingsFiles() {
        didSet { projectTargetsByDirectory.removeAll() }
    }
    private var loaded: [String: ConfigurationFile] = [:]
    private var nearestByDirectory: [String: String?] = [:]
    /// The project's deployment targets by the directory of a file, as the path was given.
    private var projectTargetsByDirectory: [Substring: DeploymentTargets] = [:]
    /// Unknown keys/rules, reported once per configuration file.
    private(set) var warnings: [ConfigurationIssue] = []

    init(rules: [RuleDescription], selection: RuleSelection, explicitPath: String?,
         commandLinePlatforms: [Platform: OSVersion] = [:]) throws(CommandLineError) {
        self.rules = rules
        self.selection = selection
        self.commandLinePlatforms = commandLinePlatforms
        if let explicitPath {
            do {
                let file = try ConfigurationFile.load(path: explicitPath, rules: rules)
                explicit = file
                warnings = file.warnings
            } catch {
                throw .configuration(error.description)
            }
        } else {
            explicit = nil
        }
    }

    /// The configuration file that governs `path` (nil: defaults).
    mutating func file(for path: String) throws(CommandLineError) -> ConfigurationFile? {
        if let explicit { return explicit }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        let configPath: String?
        if let cached = nearestByDirectory[directory] {
            configPath = cached
        } else {
            configPath = ConfigurationFile.find(forFile: path)
            nearestByDirectory[directory] = configPath
        }
        guard let configPath else { return nil }
        if let file = loaded[configPath] { return file }
        do {
            let file = try ConfigurationFile.load(path: configPath, rules: rules)
            loaded[configPath] = file
            warnings += file.warnings
            return file
        } catch {
            throw .configuration(error.description)
        }
    }

    /// The rules, options and deployment targets for the file at `path` governed by `file`.
    mutating func ruleConfiguration(forPath path: String, file: ConfigurationFile?) -> RuleConfiguration {
        var configuration = RuleConfiguration.resolve(rules: rules, file: file, selection: selection)
        configuration.platforms = deploymentTargets(forPath: path, file: file).minimums
        return configuration
    }

    /// The deployment targets in effect for `path`, with where they came from.
    mutating func deploymentTargets(forPath path: String, file: ConfigurationFile?) -> DeploymentTargets {
        let directory = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
        let project: DeploymentTargets
        if let known = projectTargetsByDirectory[directory] {
            project = known
        } else {
            // Settings paths are standardized absolute paths; so is the file's here.
            project = projectSettings.deploymentTargets(forFile: URL(fileURLWithPath: path).standardizedFileURL.path)
            projectTargetsByDirectory[directory] = project
        }
        return project.inEffect(configuration: file, commandLine: commandLinePlatforms)
    }
}
