/// Command-line style choices on top of the configuration file.
public struct RuleSelection: Sendable, Equatable {
    /// Only these rules (opt-in ones included) when set.
    public var select: [String]?
    public var ignore: [String]
    /// Also enable opt-in rules.
    public var allRules: Bool

    public init(select: [String]? = nil, ignore: [String] = [], allRules: Bool = false) {
        self.select = select
        self.ignore = ignore
        self.allRules = allRules
    }
}

/// The rules that run on a file, at which severity, with which options.
public struct RuleConfiguration: Sendable, Equatable {
    /// Enabled rules only.
    public var severities: [String: Severity]
    /// Rules whose severity the configuration file sets: their findings keep that severity, never
    /// the lower one a finding's weaker evidence earns (`Finding.loweredSeverity`).
    public var userConfigured: Set<String>
    public var options: [String: [String: Int]]
    /// The deployment targets that apply to the file (`ProjectSettings`, the configuration
    /// file's `"platforms"`, `--platform`): rules whose advice needs more are silent.
    public var platforms: PlatformMinimums

    public init(severities: [String: Severity], options: [String: [String: Int]] = [:], platforms: PlatformMinimums = .unknown,
                userConfigured: Set<String> = []) {
        self.severities = severities
        self.userConfigured = userConfigured
        self.options = options
        self.platforms = platforms
    }

    /// Defaults (non-opt-in rules at their default severity), then the file, then the selection.
    public static func resolve(rules: [RuleDescription], file: ConfigurationFile?, selection: RuleSelection = RuleSelection()) -> RuleConfiguration {
        var severities: [String: Severity] = [:]
        var userConfigured: Set<String> = []
        for rule in rules {
            var level: RuleLevel = rule.isOptIn && !selection.allRules ? .off : .on(rule.defaultSeverity)
            if let configured = file?.ruleLevels[rule.id] { level = configured }
            if let select = selection.select {
                if select.contains(rule.id) {
                    if case .off = level { level = .on(file?.ruleLevels[rule.id].flatMap { if case .on(let s) = $0 { s } else { nil } } ?? rule.defaultSeverity) }
                } else {
                    level = .off
                }
            }
            if selection.ignore.contains(rule.id) { level = .off }
            if case .on(let severity) = level {
                severities[rule.id] = severity
                if case .on = file?.ruleLevels[rule.id] { userConfigured.insert(rule.id) }
            }
        }
        return RuleConfiguration(severities: severities, options: file?.ruleOptions ?? [:], userConfigured: userConfigured)
    }
}
