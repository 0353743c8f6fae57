/// The catalog section a rule belongs to (used to group docs and `rules` output).
public enum RuleCategory: String, Sendable, CaseIterable {
    case animation = "Animation and transactions"
    case symbols = "SF Symbols and Text"
    case state = "State, ownership, identity"
    case bodyCost = "Body cost"
    case navigation = "Navigation, gestures, bars"
    case modernAPI = "Modern API"
    case swiftData = "SwiftData"
    case widgets = "Widgets"
    case concurrency = "Concurrency"
    case crossFile = "Cross-file"
}

/// A rule option (e.g. `long-body`'s `max-lines`), settable in the configuration file.
public struct RuleOption: Sendable {
    public var name: String
    public var defaultValue: Int
    public var summary: String
    public init(name: String, defaultValue: Int, summary: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// A code sample. In triggering examples, `↓` marks where each expected diagnostic
/// starts; the marker is removed before linting.
public struct RuleExample: Sendable, ExpressibleByStringLiteral {
    public var code: String
    /// Why this example is here (shown in docs for near misses).
    public var note: String?
    /// Other files of the same workspace, for rules that read declarations elsewhere.
    public var otherFiles: [String: String]
    /// The deployment targets the example is linted with (`[.iOS: OSVersion(16)]`); nil: none
    /// known, every rule applies. Shows what a rule's `requires` does at a low minimum.
    public var platforms: [Platform: OSVersion]?
    /// Where the example is written (so a failing example test points at it); nil for a
    /// bare string literal, which cannot say where it stands.
    public var filePath: String?
    public var line: Int?

    public init(_ code: String, note: String? = nil, otherFiles: [String: String] = [:], platforms: [Platform: OSVersion]? = nil,
                filePath: String = #filePath, line: Int = #line) {
        self.code = code
        self.note = note
        self.otherFiles = otherFiles
        self.platforms = platforms
        self.filePath = filePath
        self.line = line
    }
    public init(stringLiteral value: String) {
        self.init(value)
        (filePath, line) = (nil, nil)
    }

    public static let marker: Character = "↓"

    /// The code without markers, and the byte offsets where the markers stood.
    public var strippedWithMarkers: (code: String, offsets: [Int]) {
        var output = ""
        var offsets: [Int] = []
        var byteCount = 0
        for character in code {
            if character == Self.marker {
                offsets.append(byteCount)
            } else {
                output.append(character)
                byteCount += character.utf8.count
            }
        }
        return (output, offsets)
    }
}

/// Before→after for a fix. `fixTitle` picks one fix by title when a diagnostic
/// offers several (unsafe candidates); otherwise all safe fixes are applied to a fixpoint.
public struct RuleCorrection: Sendable {
    public var before: String
    public var after: String
    public var applicability: Applicability
    public var fixTitle: String?
    /// Other files of the same workspace (as in `RuleExample.otherFiles`).
    public var otherFiles: [String: String]
    /// The deployment targets the fix runs with (as in `RuleExample.platforms`): below a
    /// rule's `fixRequires` the fix is withheld and `after` equals `before`.
    public var platforms: [Platform: OSVersion]?
    public init(_ before: String, _ after: String, applicability: Applicability = .safe, fixTitle: String? = nil,
                otherFiles: [String: String] = [:], platforms: [Platform: OSVersion]? = nil) {
        self.before = before
        self.after = after
        self.applicability = applicability
        self.fixTitle = fixTitle
        self.otherFiles = otherFiles
        self.platforms = platforms
    }
}

/// Everything a user and the docs need to know about a rule, with its examples as data.
public struct RuleDescription: Sendable {
    /// Public kebab-case ID, exactly as in the catalog.
    public var id: String
    public var category: RuleCategory
    public var defaultSeverity: Severity
    public var isOptIn: Bool
    /// Seed reference as in the catalog, e.g. "001, A1".
    public var seed: String
    /// "What it flags": one or two sentences naming the code shape.
    public var summary: String
    /// "Why it matters": at most four sentences (150 words) on what goes wrong at run time,
    /// for whom, and what to write instead. No exceptions here: they are `notFlagged`.
    public var rationale: String
    /// "Not flagged": the near misses the rule leaves alone, a few words each.
    public var notFlagged: [String]
    /// "Fix": what the edit does, and when it is safe, unsafe or withheld; nil without a fix.
    public var fixSafety: String?
    /// "Severity": what earns the default level, and when a finding is reported lower or higher.
    public var severityReason: String
    /// "Asks the workspace": the questions about other files and project settings the rule
    /// records (`WorkspaceQueries`); a test lints the examples and compares.
    public var asks: [WorkspaceQuestion]
    /// "Use instead" for a rule without a correction: the note of the near miss that shows
    /// what to write (nil: the first near miss is shown, labeled "Not flagged").
    public var useInstead: String?
    /// Tags every diagnostic of this rule carries.
    public var tags: [DiagnosticTag]
    /// Applicability of the rule's fix, or nil when it has none.
    public var fix: Applicability?
    /// What the advice needs: where the minimum in effect is lower (or the code builds for
    /// a platform without the API), the rule is silent. Nil: any OS.
    public var requires: PlatformRequirement?
    /// What the rule's fixes need beyond `requires`: where it is not met the finding
    /// stays and its fixes are withheld (`Diagnostic.withheldFixes` says why).
    public var fixRequires: PlatformRequirement?
    /// Whether the rule also reports in preview code (`#Preview`, `PreviewProvider` types,
    /// "Preview Content"). Advice about run-time behaviour (identity, ownership, body cost)
    /// does not matter in a preview, so by default only rules about deprecated APIs
    /// (tagged `.deprecated`: the compiler warns there too) report in previews.
    public var flagsPreviewCode: Bool
    /// Substrings one of which must occur in a file for the rule to possibly fire.
    /// Empty means the rule always runs.
    public var triggers: [String]
    public var options: [RuleOption]
    public var triggering: [RuleExample]
    public var nonTriggering: [RuleExample]
    public var corrections: [RuleCorrection]

    public init(id: String, category: RuleCategory, severity: Severity, optIn: Bool = false, seed: String,
                summary: String, rationale: String, notFlagged: [String] = [], fixSafety: String? = nil,
                severityReason: String = "", asks: [WorkspaceQuestion] = [], useInstead: String? = nil,
                tags: [DiagnosticTag] = [], fix: Applicability? = nil,
                requires: PlatformRequirement? = nil, fixRequires: PlatformRequirement? = nil, flagsPreviewCode: Bool? = nil,
                triggers: [String] = [], options: [RuleOption] = [],
                triggering: [RuleExample], nonTriggering: [RuleExample], corrections: [RuleCorrection] = []) {
        self.id = id
        self.category = category
        self.defaultSeverity = severity
        self.isOptIn = optIn
        self.seed = seed
        self.summary = summary
        self.rationale = rationale
        self.notFlagged = notFlagged
        self.fixSafety = fixSafety
        self.severityReason = severityReason
        self.asks = asks
        self.useInstead = useInstead
        self.tags = tags
        self.fix = fix
        self.requires = requires
        self.fixRequires = fixRequires
        self.flagsPreviewCode = flagsPreviewCode ?? tags.contains(.deprecated)
        self.triggers = triggers
        self.options = options
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.corrections = corrections
    }
}

extension PlatformRequirement {
    /// "iOS 14, watchOS 10, visionOS 1 (not on macOS, tvOS)".
    public var userText: String {
        let missing = Platform.allCases.filter { versions[$0] == nil }
        return description + (missing.isEmpty ? "" : " (not on \(missing.map(\.rawValue).joined(separator: ", ")))")
    }

    /// "iOS 17": the shortest column form for `rules` (iOS when it is listed, else the first platform).
    public var shortText: String {
        if let iOS = versions[.iOS] { return "iOS \(iOS)" }
        return versions.sorted { $0.key < $1.key }.first.map { "\($0.key.rawValue) \($0.value)" } ?? "none"
    }
}
