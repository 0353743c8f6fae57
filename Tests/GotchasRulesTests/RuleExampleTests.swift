import GotchasCore
import GotchasRules
import Testing

/// Every rule's examples, run as tests: the examples in a rule's file are its spec.
@Suite struct RuleExampleTests {
    static let ids = RuleCatalog.all.map { $0.description.id }
    let linter = RuleCatalog.linter

    @Test(arguments: ids)
    func triggeringExamplesFlagExactlyTheMarkers(id: String) throws {
        let rule = try #require(linter.rule(withID: id))
        #expect(!rule.description.triggering.isEmpty, "\(id) has no triggering examples")
        for example in rule.description.triggering {
            let (code, expected) = example.strippedWithMarkers
            #expect(!expected.isEmpty, "\(id): triggering example has no ↓ marker:\n\(example.code)")
            let diagnostics = RuleHarness.lint(code, only: id, otherFiles: example.otherFiles, platforms: example.platforms)
            #expect(diagnostics.map(\.range.lowerBound) == expected,
                    "\(id): expected diagnostics at \(expected), got \(diagnostics.map { "\($0.range) \($0.message)" }) in:\n\(code)")
            for diagnostic in diagnostics {
                #expect(!diagnostic.range.isEmpty, "\(id): empty range")
                #expect(diagnostic.ruleID == id)
            }
        }
    }

    @Test(arguments: ids)
    func nonTriggeringExamplesStayQuiet(id: String) throws {
        let rule = try #require(linter.rule(withID: id))
        #expect(!rule.description.nonTriggering.isEmpty, "\(id) has no near-miss examples")
        for example in rule.description.nonTriggering {
            let diagnostics = RuleHarness.lint(example.code, only: id, otherFiles: example.otherFiles, platforms: example.platforms)
            #expect(diagnostics.isEmpty, "\(id) flagged a near miss: \(diagnostics.map(\.message)) in:\n\(example.code)")
        }
    }

    @Test(arguments: ids)
    func correctionsProduceTheAfterText(id: String) throws {
        let rule = try #require(linter.rule(withID: id))
        if rule.description.fix != nil {
            #expect(!rule.description.corrections.isEmpty, "\(id) has a fix but no before→after example")
        }
        for correction in rule.description.corrections {
            let before = RuleExample(correction.before).strippedWithMarkers.code
            let fixed = RuleHarness.fix(before, only: id, correction: correction, otherFiles: correction.otherFiles)
            #expect(fixed == correction.after, "\(id): fix of\n\(before)\nproduced\n\(fixed)\nexpected\n\(correction.after)")
            // The fixed code parses no worse than the original and no longer triggers a safe fix.
            let beforeErrors = ParsedFile(document: SourceDocument(path: "Before.swift", text: before)).syntaxErrorCount
            let afterErrors = ParsedFile(document: SourceDocument(path: "After.swift", text: fixed)).syntaxErrorCount
            #expect(afterErrors <= beforeErrors, "\(id): fix added syntax errors")
            if correction.applicability == .safe {
                let remaining = RuleHarness.lint(fixed, only: id, otherFiles: correction.otherFiles, platforms: correction.platforms).filter { $0.safeFix != nil }
                #expect(remaining.isEmpty, "\(id): still fixable after fix-all: \(remaining.map(\.message))")
                #expect(RuleHarness.fix(fixed, only: id, correction: correction, otherFiles: correction.otherFiles) == fixed, "\(id): fix-all is not idempotent")
            }
        }
    }

    static let idsWithRequirements = RuleCatalog.all.map { $0.description }.filter { $0.requires != nil }.map { $0.id }

    /// Below what a rule's advice needs the rule is silent; at it, it flags the same places:
    /// each triggering example (without its own `platforms`) is linted with the deployment
    /// targets one major version below, and at, the requirement on each platform it names.
    @Test(arguments: idsWithRequirements)
    func rulesAreSilentBelowWhatTheirAdviceNeeds(id: String) throws {
        let rule = try #require(linter.rule(withID: id)).description
        let requirement = try #require(rule.requires)
        for example in rule.triggering where example.platforms == nil {
            let (code, expected) = example.strippedWithMarkers
            for (platform, version) in requirement.versions.sorted(by: { $0.key < $1.key }) {
                let at = RuleHarness.lint(code, only: id, otherFiles: example.otherFiles, platforms: [platform: version])
                #expect(at.map(\.range.lowerBound) == expected, "\(id) at \(platform.rawValue) \(version): \(at.map(\.message))")
                guard version.major > 1 else { continue }
                let below = OSVersion(version.major - 1)
                let diagnostics = RuleHarness.lint(code, only: id, otherFiles: example.otherFiles, platforms: [platform: below])
                #expect(diagnostics.isEmpty, "\(id) flagged at \(platform.rawValue) \(below) (needs \(version)): \(diagnostics.map(\.message))")
            }
            // A platform without the API (no bottom bar on macOS): silent there.
            for platform in Platform.allCases where requirement.versions[platform] == nil {
                let diagnostics = RuleHarness.lint(code, only: id, otherFiles: example.otherFiles, platforms: [platform: OSVersion(99)])
                #expect(diagnostics.isEmpty, "\(id) flagged on \(platform.rawValue), which lacks what it advises")
            }
        }
    }

    /// Every rule with `requires` shows it in its own examples: one silent below the
    /// requirement, one flagged inside `if #available`/`@available` at that low minimum.
    @Test(arguments: idsWithRequirements)
    func rulesWithRequirementsHaveExamplesAtALowMinimum(id: String) throws {
        let rule = try #require(linter.rule(withID: id)).description
        #expect(rule.nonTriggering.contains { $0.platforms != nil }, "\(id): no near miss below its requirement")
        #expect(rule.triggering.contains { $0.platforms != nil && $0.code.contains("available(") },
                "\(id): no example flagged inside `if #available` at a low minimum")
    }

    @Test(arguments: ids)
    func metadataIsComplete(id: String) throws {
        let description = try #require(linter.rule(withID: id)).description
        #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "ID must be kebab-case")
        #expect(!description.summary.isEmpty && !description.rationale.isEmpty && !description.seed.isEmpty)
        #expect(Self.ids.filter { $0 == id }.count == 1, "duplicate ID \(id)")
    }
}

/// Lints and fixes example code with exactly one rule enabled.
enum RuleHarness {
    static let linter = RuleCatalog.linter

    /// `platforms`: the deployment targets (an example's `platforms`); nil: not known.
    static func configuration(only id: String, platforms: [Platform: OSVersion]? = nil) -> RuleConfiguration {
        var configuration = RuleConfiguration.resolve(rules: linter.descriptions, file: nil, selection: RuleSelection(select: [id], allRules: true))
        if let platforms { configuration.platforms = PlatformMinimums(deploymentTargets: platforms) }
        return configuration
    }

    /// `coversProject`: the example and `otherFiles` are the whole project, so a view nothing
    /// there builds is never built (`WorkspaceIndex.coversProject`).
    static func lint(_ code: String, only id: String, otherFiles: [String: String] = [:], platforms: [Platform: OSVersion]? = nil,
                     coversProject: Bool = false) -> [Diagnostic] {
        let document = SourceDocument(path: "Example.swift", text: code)
        let configuration = configuration(only: id, platforms: platforms)
        var workspace = workspace(for: document, otherFiles: otherFiles, configuration: configuration)
        workspace.coversProject = coversProject
        return linter.lint(document, configuration: configuration, workspace: workspace).diagnostics.filter { $0.ruleID == id }
    }

    /// Indexes the other files and the example itself, as the CLI's first pass does:
    /// `.swift` files are linted for their `FileIndex`, settings files (`Package.swift`,
    /// `*.xcconfig`, `project.pbxproj`) set the default isolation.
    /// Complete, as the CLI's finished index is (every linted file is in it); not the whole project:
    /// an example is a fragment, and code it does not show may build its views.
    static func workspace(for document: SourceDocument, otherFiles: [String: String], configuration: RuleConfiguration) -> WorkspaceIndex {
        var workspace = WorkspaceIndex(files: [])
        for (path, text) in otherFiles.sorted(by: { $0.key < $1.key }) {
            workspace.updateSettings(path: path, text: text)
            if path.hasSuffix(".swift") {
                workspace.update(linter.lint(SourceDocument(path: path, text: text), configuration: configuration).fileIndex)
            }
        }
        workspace.update(linter.lint(document, configuration: configuration).fileIndex)
        workspace.coversProject = false
        return workspace
    }

    static func fix(_ code: String, only id: String, correction: RuleCorrection, otherFiles: [String: String] = [:]) -> String {
        let document = SourceDocument(path: "Example.swift", text: code)
        let configuration = configuration(only: id, platforms: correction.platforms)
        let workspace = workspace(for: document, otherFiles: otherFiles, configuration: configuration)
        if let title = correction.fixTitle {
            let diagnostics = linter.lint(document, configuration: configuration, workspace: workspace).diagnostics
            guard let fix = diagnostics.lazy.flatMap(\.fixes).first(where: { $0.title == title }) else { return code }
            return String(decoding: FixApplier.apply(fix.edits, to: document.bytes).bytes, as: UTF8.self)
        }
        let outcome = FixAll(linter: linter, configuration: configuration, workspace: workspace)
            .apply(to: document, includeUnsafe: correction.applicability == .unsafe, only: id)
        return String(decoding: outcome.bytes, as: UTF8.self)
    }
}
