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
        #expect(text.contains("Wrong:\n    x()\n") && text.contains("Right (offered as an unsafe fix):\n    y()\n"))
        #expect(text.contains("Applies from iOS 15, macOS 12"))
        let hover = explanation.hoverMarkdown(message: "m", documentationURL: "https://d/demo.md")
        #expect(hover.contains("Wrong:\n```swift\nx()\n```") && hover.contains("Right (offered as an unsafe fix):\n```swift\ny()\n```"))
        let plain = explanation.hoverPlainText(message: "m", documentationURL: "https://d/demo.md")
        #expect(plain.contains("Wrong:\n    x()\n") && plain.contains("Right (offered as an unsafe fix):\n    y()\n"))
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
}
