/// How loudly a diagnostic is reported. Ordered from quietest to loudest.
public enum Severity: String, Sendable, CaseIterable, Comparable, Codable {
    case hint
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .hint: 0
        case .info: 1
        case .warning: 2
        case .error: 3
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A configured rule level: a severity, or `off`.
public enum RuleLevel: Sendable, Equatable {
    case off
    case on(Severity)

    public init?(name: String) {
        if name == "off" { self = .off } else if let severity = Severity(rawValue: name) { self = .on(severity) } else { return nil }
    }

    public static let names = ["off"] + Severity.allCases.map(\.rawValue)
}
