import Foundation
import GotchasCore

/// Finds and loads the configuration for each file once per configuration file.
struct ConfigurationResolver {
    let rules: [RuleDescription]
    let selection: RuleSelection
    /// `--config`: one file for everything.
    let explicit: ConfigurationFile?
    private var loaded: [String: ConfigurationFile] = [:]
    private var nearestByDirectory: [String: String?] = [:]
    /// Unknown keys/rules, reported once per configuration file.
    private(set) var warnings: [ConfigurationIssue] = []

    init(rules: [RuleDescription], selection: RuleSelection, explicitPath: String?) throws(CommandLineError) {
        self.rules = rules
        self.selection = selection
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

    func ruleConfiguration(for file: ConfigurationFile?) -> RuleConfiguration {
        RuleConfiguration.resolve(rules: rules, file: file, selection: selection)
    }
}
