#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// The CLI's use of the shared configuration layer (`ConfigurationLookup`,
/// `ConfigurationResolution`): the nearest configuration file is remembered per
/// directory for the run, `--config` replaces it for every file, a broken one stops the
/// run, and `--select`/`--ignore` and `--platform` apply on top.
struct ConfigurationResolver {
    let selection: RuleSelection
    /// `--config`: one file for everything.
    let explicit: ConfigurationFile?
    /// `--platform`: replaces the configuration's and the project's deployment targets.
    let commandLinePlatforms: [Platform: OSVersion]
    private var lookup: ConfigurationLookup
    private var resolution: ConfigurationResolution
    /// Unknown keys/rules, reported once per configuration file.
    private(set) var warnings: [ConfigurationIssue] = []

    /// The settings files found for the linted paths (`ProjectSettingsDiscovery`).
    var projectSettings: ProjectSettingsFiles {
        get { resolution.projectSettings }
        set { resolution.projectSettings = newValue }
    }

    init(rules: [RuleDescription], selection: RuleSelection, explicitPath: String?,
         commandLinePlatforms: [Platform: OSVersion] = [:]) throws(CommandLineError) {
        self.selection = selection
        self.commandLinePlatforms = commandLinePlatforms
        lookup = ConfigurationLookup(rules: rules, remembersNearestFile: true)
        resolution = ConfigurationResolution(rules: rules)
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
        let found = lookup.find(forFile: path)
        switch found.load {
        case .failed(let error)?: throw .configuration(error.description)
        case .loaded(let file)?: warnings += file?.warnings ?? []
        case nil: break
        }
        return found.file
    }

    /// The rules, options and deployment targets for the file at `path` governed by `file`.
    mutating func ruleConfiguration(forPath path: String, file: ConfigurationFile?) -> RuleConfiguration {
        resolution.resolve(forFile: path, file: file, selection: selection, commandLine: commandLinePlatforms).rules
    }

    /// The deployment targets in effect for `path`, with where they came from.
    mutating func deploymentTargets(forPath path: String, file: ConfigurationFile?) -> DeploymentTargets {
        resolution.deploymentTargets(forFile: path, platformsFrom: file, commandLine: commandLinePlatforms)
    }
}
