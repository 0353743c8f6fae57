import GotchasCore
import Testing

/// The one explanation model: what `explain`, hover and the docs pages show is chosen here.
@Suite struct RuleExplanationTests {
    static let rule = RuleDescription(
        id: "demo", category: .bodyCost, severity: .warning, seed: "0", summary: "Flags x.", rationale: "Because.",
        requires: .os(iOS: OSVersion("15.0"), macOS: OSVersion("12.0"), tvOS: nil, watchOS: nil, visionOS: nil),
        triggering: [RuleExample("old ↓x", platforms: [.iOS: OSVersion("13.0")!]), RuleExample("↓x()", note: "Call")],
        nonTriggering: [RuleExample("y", platforms: [.iOS: OSVersion("13.0")!]), "z"],
        corrections: [RuleCorrection("↓x()", "y()", applicability: .unsafe, platforms: [.iOS: OSVersion("16.0")!])])

    @Test func modelStripsMarkersAndPicksTheExamplesForAnyDeploymentTarget() throws {
        let explanation = RuleExplanation(Self.rule)
        #expect(explanation.representativeFlagged?.code == "x()")
        #expect(explanation.representativeNotFlagged?.code == "z")
        #expect(explanation.flagged.map { $0.code } == ["old x", "x()"])
        #expect(explanation.flagged[0].note == "Deployment target iOS 13")
        #expect(explanation.corrections.first?.before == "x()")
        #expect(explanation.corrections.first?.deploymentTarget == "iOS 16")
        #expect(explanation.requirements == ["Applies from iOS 15, macOS 12 (not on tvOS, watchOS, visionOS)."])
    }

    @Test func renderersShowTheSameChoices() {
        let explanation = RuleExplanation(Self.rule)
        let text = explanation.plainText
        #expect(text.contains("Example:\n    x()\n") && text.contains("Use instead (offered as an unsafe fix):\n    y()\n"))
        #expect(text.contains("Applies from iOS 15, macOS 12"))
        let hover = explanation.hoverMarkdown(message: "m", documentationURL: "https://d/demo.md")
        #expect(hover.contains("Example:\n```swift\nx()\n```") && hover.contains("Use instead (offered as an unsafe fix):\n```swift\ny()\n```"))
        let plain = explanation.hoverPlainText(message: "m", documentationURL: "https://d/demo.md")
        #expect(plain.contains("Example:\n    x()\n") && plain.contains("Use instead (offered as an unsafe fix):\n    y()\n"))
        #expect(!plain.contains("```") && plain.hasSuffix("Documentation: https://d/demo.md"))
        // Without a correction, the near miss is code the rule leaves alone, not advice.
        var uncorrected = Self.rule
        uncorrected.corrections = []
        #expect(RuleExplanation(uncorrected).plainText.contains("Not flagged:\n    z\n"))
        #expect(RuleExplanation(uncorrected).hoverMarkdown(message: "m", documentationURL: "u").contains("Not flagged:\n```swift\nz\n```"))
        #expect(!hover.contains("↓") && hover.hasSuffix("[Documentation](https://d/demo.md)"))
        let page = RuleDocumentation.page(for: Self.rule)
        #expect(page.contains("Deployment target iOS 13:\n\n```swift\nold x\n```") && page.contains("Call:\n\n```swift\nx()\n```"))
        #expect(page.contains("Before (unsafe: offered as a code action and by `--fix --unsafe-fixes`; deployment target iOS 16):\n\n```swift\nx()\n```"))
    }

    /// The fixed sections in order, the example pair after "Why it matters"; a near miss the rule
    /// names as `useInstead` is "Use instead", not "Not flagged".
    @Test func sectionsComeInTheFixedOrder() {
        var rule = Self.rule
        rule.corrections = []
        rule.useInstead = "the recommended shape"
        rule.nonTriggering.append(RuleExample("w", note: "the recommended shape"))
        rule.notFlagged = ["a near miss"]
        rule.severityReason = "what earns it."
        rule.asks = [.viewTreeHoldsState, .declaration]
        let text = RuleExplanation(rule).plainText
        let titles = ["What it flags:", "Why it matters:", "Example:", "Use instead:", "Not flagged:", "Fix:", "Severity:", "Asks the workspace:", "Needs:"]
        let positions = titles.compactMap { text.range(of: "\n\($0)\n")?.lowerBound }
        #expect(positions.count == titles.count && positions == positions.sorted(), "\(text)")
        #expect(text.contains("Use instead:\n    w\n") && text.contains("    - a near miss\n"))
        #expect(text.contains("    warning (default): what earns it. \(RuleExplanation.unusedCodeText) The configuration file can set another level.\n"))
        #expect(text.contains("    How types named here are declared in other files; whether a view's tree holds state.\n"))
        #expect(text.contains("Fix:\n    None:"))
        let hover = RuleExplanation(rule).hoverMarkdown(message: "m", documentationURL: "u")
        #expect(!hover.contains("a near miss") && !hover.contains("Severity"), "hover shows the why and one pair, not the rest")
    }
}

