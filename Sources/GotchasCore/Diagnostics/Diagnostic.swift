/// Extra meaning a client can render (strike-through, fading).
public enum DiagnosticTag: String, Sendable, Codable {
    case deprecated
    case unnecessary
}

/// Another place that explains a diagnostic, possibly in another file.
public struct RelatedLocation: Sendable, Equatable {
    public var path: String
    public var range: Range<Int>
    public var message: String
    public init(path: String, range: Range<Int>, message: String) {
        self.path = path
        self.range = range
        self.message = message
    }
}

/// What a rule found, before the engine attaches its ID and configured severity.
public struct Finding: Sendable {
    public var message: String
    /// Byte range in the document; never empty for a real construct.
    public var range: Range<Int>
    public var fixes: [Fix]
    public var related: [RelatedLocation]
    /// Overrides the rule's configured severity (e.g. a louder level inside list rows).
    public var severityOverride: Severity?
    /// The level this finding's evidence earns when it is weaker than what the rule's default
    /// stands for (a rename nothing animates, a fallback that is new only when the value is nil).
    /// Applied only while the rule runs at its default: a severity the user configured for the
    /// rule wins (`RuleConfiguration.userConfigured`).
    public var loweredSeverity: Severity?
    /// Fixes the engine withheld (set by the engine, not by rules).
    public internal(set) var withheldFixes: [WithheldFix] = []

    public init(message: String, range: Range<Int>, fixes: [Fix] = [], related: [RelatedLocation] = [], severityOverride: Severity? = nil,
                loweredSeverity: Severity? = nil) {
        self.message = message
        self.range = range
        self.fixes = fixes
        self.related = related
        self.severityOverride = severityOverride
        self.loweredSeverity = loweredSeverity
    }
}

/// A reported problem: a finding with the rule's ID, severity and tags attached.
public struct Diagnostic: Sendable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var range: Range<Int>
    public var tags: [DiagnosticTag]
    public var related: [RelatedLocation]
    public var fixes: [Fix]
    /// Fixes the rule made that this code cannot use (platform minimums), with why.
    public var withheldFixes: [WithheldFix]

    public init(ruleID: String, severity: Severity, message: String, range: Range<Int>,
                tags: [DiagnosticTag] = [], related: [RelatedLocation] = [], fixes: [Fix] = [], withheldFixes: [WithheldFix] = []) {
        self.withheldFixes = withheldFixes
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.range = range
        self.tags = tags
        self.related = related
        self.fixes = fixes
    }

    public var safeFix: Fix? { fixes.first { $0.applicability == .safe } }
}

extension Diagnostic {
    /// The order every front end reports a file's diagnostics in: by start, rule ID, end.
    public static func inReportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.range.lowerBound, a.ruleID, a.range.upperBound) < (b.range.lowerBound, b.ruleID, b.range.upperBound)
    }
}
