#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a file is linted with: the rules' severities and options from its configuration
/// (`RuleConfiguration.resolve`), and the deployment targets in effect for it — the
/// project's (`ProjectSettingsFiles`, remembered per directory), replaced by the
/// configuration's `"platforms"`, replaced by the command line's. The one resolution of
/// both front ends: the CLI adds `--select`/`--ignore` and `--platform`, the server the
/// editor's settings over the file's.
public struct ConfigurationResolution: Sendable {
    public let rules: [RuleDescription]
    /// The project settings files known (the CLI's scan, the server's workspace).
    public var projectSettings = ProjectSettingsFiles() {
        didSet { projectTargetsByDirectory.removeAll() }
    }
    /// The project's deployment targets by the directory of a file, as its path was given,
    /// where they do not depend on the file's targets.
    private var projectTargetsByDirectory: [Substring: DeploymentTargets] = [:]
    /// The last severities and options resolved, with what they were resolved from: files
    /// under one configuration (nearly always all of them) resolve it once, not once per
    /// file (67 rules into a dictionary per file was ~8 % of a warm `lint`).
    private var lastRules: (file: ConfigurationFile?, selection: RuleSelection, rules: RuleConfiguration)?

    public init(rules: [RuleDescription]) {
        self.rules = rules
    }

    /// The resolved configuration of the file at `path` (nil: a buffer with no file, so
    /// no project), governed by `file`. `platformsFrom` is the configuration whose
    /// `"platforms"` apply (by default `file`'s).
    public mutating func resolve(forFile path: String?, file: ConfigurationFile?, selection: RuleSelection = RuleSelection(),
                                 platformsFrom: ConfigurationFile?? = .none,
                                 commandLine: [Platform: OSVersion]? = nil) -> (rules: RuleConfiguration, deploymentTargets: DeploymentTargets) {
        let targets = deploymentTargets(forFile: path, platformsFrom: platformsFrom ?? file, commandLine: commandLine)
        var configuration: RuleConfiguration
        if let lastRules, lastRules.selection == selection, lastRules.file == file {
            configuration = lastRules.rules
        } else {
            configuration = RuleConfiguration.resolve(rules: rules, file: file, selection: selection)
            lastRules = (file, selection, configuration)
        }
        configuration.platforms = targets.minimums
        // No target of its project compiles the file: nothing it says reaches a build.
        if targets.isInNoTarget { configuration.severities = [:] }
        return (configuration, targets)
    }

    /// The deployment targets in effect for the file at `path`, with where they came from.
    public mutating func deploymentTargets(forFile path: String?, platformsFrom configuration: ConfigurationFile?,
                                           commandLine: [Platform: OSVersion]?) -> DeploymentTargets {
        let project = path.map { projectDeploymentTargets(forFile: $0) } ?? .unknown
        return project.inEffect(configuration: configuration, commandLine: commandLine)
    }

    /// What the project's settings files say for the file at `path` (relative: to the
    /// current directory).
    public mutating func projectDeploymentTargets(forFile path: String) -> DeploymentTargets {
        // The last "/" byte (`lastIndex(of:)` on the text compares `Character`s, ~9,000
        // instructions a path).
        let directory = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? ""
        if let known = projectTargetsByDirectory[directory] { return known }
        // Settings paths are standardized absolute paths; so is the file's here.
        let targets = projectSettings.deploymentTargets(forFile: StandardizedPath.of(path))
        // Target membership is per file: two files of a directory may be in different targets.
        if targets.membership == .notRead { projectTargetsByDirectory[directory] = targets }
        return targets
    }
}
