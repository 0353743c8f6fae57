import GotchasCore
import SwiftSyntax
import Testing

/// Reports the platform minimums in effect at every `probe()` call, and offers one fix that
/// needs iOS 17 (`Fix.requires`) and one that needs nothing.
private struct AvailabilityProbe: Rule {
    static let description = RuleDescription(
        id: "availability-probe", category: .state, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        fix: .safe, triggers: ["probe"], triggering: [], nonTriggering: [])
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard call.calleeName == "probe" else { return }
        let modern = Fix(title: "modern", applicability: .safe, edits: [TextEdit(range: call.calledExpression.byteRange, replacement: "modern")],
                         requires: .os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10)))
        let plain = Fix(title: "plain", applicability: .unsafe, edits: [TextEdit(range: call.calledExpression.byteRange, replacement: "plain")])
        report.append(Finding(message: context.availability.description, range: call.byteRange, fixes: [modern, plain]))
    }
}

/// A rule whose advice needs iOS 17 and whose fix needs iOS 26 (as `safe-area-inset-bottom`'s).
private struct RequiringProbe: Rule {
    static let description = RuleDescription(
        id: "requiring-probe", category: .state, severity: .warning, seed: "test", summary: "probe", rationale: "test",
        fix: .safe, requires: .os(iOS: OSVersion(17), macOS: nil, tvOS: OSVersion(17), watchOS: OSVersion(10)),
        fixRequires: .os(iOS: OSVersion(26), macOS: OSVersion(26), tvOS: OSVersion(26), watchOS: OSVersion(26), visionOS: OSVersion(26)),
        triggers: ["probe"], triggering: [], nonTriggering: [])
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard call.calleeName == "probe" else { return }
        report.append(Finding(message: "requiring", range: call.byteRange,
                              fixes: [Fix(title: "bar", applicability: .safe, edits: [TextEdit(range: call.calledExpression.byteRange, replacement: "bar")])]))
    }
}

/// What `AvailabilitySyntax` reads from code, seen through `RuleContext.availability` (the
/// rules' only view of it), and what the engine does with `requires`/`fixRequires`/`Fix.requires`.
@Suite struct AvailabilityTests {
    let linter = Linter(rules: [AvailabilityProbe.self, RequiringProbe.self])

    func diagnostics(_ code: String, _ targets: [Platform: OSVersion]?, rule: String = "availability-probe") -> [Diagnostic] {
        var configuration = RuleConfiguration.resolve(rules: linter.descriptions, file: nil)
        if let targets { configuration.platforms = PlatformMinimums(deploymentTargets: targets) }
        return linter.lint(SourceDocument(path: "t.swift", text: code), configuration: configuration).diagnostics.filter { $0.ruleID == rule }
    }

    /// The minimums at each `probe()`, in order.
    func minimums(_ code: String, _ targets: [Platform: OSVersion]? = [.iOS: OSVersion(15), .macOS: OSVersion(12)]) -> [String] {
        diagnostics(code, targets).map(\.message)
    }

    @Test func availableRaisesNamedPlatformsOnlyAndStarAddsNothing() {
        #expect(minimums("""
            func f() {
                probe()
                if #available(iOS 17, *) { probe() }
                if #available(iOS 17, macOS 14.2, *) { probe() } else { probe() }
                if #available(iOS 13, *) { probe() }
            }
            """) == ["iOS 15, macOS 12", "iOS 17, macOS 12", "iOS 17, macOS 14.2", "iOS 15, macOS 12", "iOS 15, macOS 12"])
    }

    @Test func applicationExtensionNamesAreTheirPlatform() {
        #expect(minimums("func f() { if #available(iOSApplicationExtension 17, *) { probe() } }") == ["iOS 17, macOS 12"])
    }

    @Test func unavailableRaisesTheElseBranch() {
        #expect(minimums("""
            func f() {
                if #unavailable(iOS 17) { probe() } else { probe() }
                guard #unavailable(iOS 16) else { probe(); return }
            }
            """) == ["iOS 15", "iOS 17, macOS 12", "iOS 16, macOS 12"], "the fallback runs only on iOS below 17")
    }

    @Test func aFallbackEveryMinimumAlreadyPassesRunsNowhere() {
        #expect(minimums("""
            func f() {
                if #available(iOS 14, macOS 11, *) { probe() } else { probe() }
                if #available(iOS 16, *) { probe() } else { probe() }
            }
            """) == ["iOS 15, macOS 12", "iOS 16, macOS 12", "iOS 15"], "no rule runs in the first fallback")
    }

    @Test func guardAvailableRaisesTheRestOfItsBlockButNotItsElse() {
        #expect(minimums("""
            func f() {
                guard #available(iOS 17, *) else { probe(); return }
                probe()
                do { probe() }
            }
            func g() { probe() }
            """) == ["iOS 15", "iOS 17, macOS 12", "iOS 17, macOS 12", "iOS 15, macOS 12"], "the else runs only on iOS below 17")
    }

    @Test func availableAttributesRaiseTheirDeclaration() {
        #expect(minimums("""
            @available(iOS 17, *)
            struct A { func f() { probe() } }
            struct B {
                @available(iOS, introduced: 16)
                func f() { probe() }
                @available(macOS, unavailable)
                func g() { probe() }
                func h() { probe() }
            }
            """) == ["iOS 17, macOS 12", "iOS 16, macOS 12", "iOS 15", "iOS 15, macOS 12"])
    }

    @Test func ifOsClausesNarrowAndElseTakesTheRest() {
        #expect(minimums("""
            #if os(iOS)
            let a = probe()
            #elseif os(macOS)
            let b = probe()
            #else
            let c = probe()
            #endif
            """, [.iOS: OSVersion(15), .macOS: OSVersion(12), .watchOS: OSVersion(9)]) == ["iOS 15", "macOS 12", "watchOS 9"])
    }

    @Test func canImportUIKitAndDebugConjunctions() {
        // `canImport(UIKit)`: iOS, tvOS, visionOS; `DEBUG && os(iOS)` narrows to iOS, but its
        // `#else` learns nothing (DEBUG may be false on iOS too).
        #expect(minimums("""
            #if canImport(UIKit)
            let a = probe()
            #endif
            #if DEBUG && os(iOS)
            let b = probe()
            #else
            let c = probe()
            #endif
            """, [.iOS: OSVersion(15), .macOS: OSVersion(12)]) == ["iOS 15", "iOS 15", "iOS 15, macOS 12"])
    }

    @Test func unknownDeploymentTargetsConstrainNothing() {
        #expect(minimums("func f() { probe() }", nil) == ["not known (every rule applies)"])
        #expect(diagnostics("func f() { probe() }", nil, rule: "requiring-probe").count == 1)
    }

    @Test func aRuleIsSilentBelowItsRequirementAndOnAPlatformWithoutIt() {
        #expect(diagnostics("func f() { probe() }", [.iOS: OSVersion(16)], rule: "requiring-probe").isEmpty)
        #expect(diagnostics("func f() { if #available(iOS 17, *) { probe() } }", [.iOS: OSVersion(16)], rule: "requiring-probe").count == 1)
        #expect(diagnostics("func f() { probe() }", [.iOS: OSVersion(17), .macOS: OSVersion(14)], rule: "requiring-probe").isEmpty)
        #expect(diagnostics("#if os(iOS)\nlet a = probe()\n#endif", [.iOS: OSVersion(17), .macOS: OSVersion(14)], rule: "requiring-probe").count == 1)
    }

    @Test func fixRequiresWithholdsTheFixButKeepsTheFinding() throws {
        let withheld = try #require(diagnostics("func f() { probe() }", [.iOS: OSVersion(18)], rule: "requiring-probe").first)
        #expect(withheld.fixes.isEmpty)
        #expect(withheld.withheldFixes == [WithheldFix(title: "bar", reason: "needs iOS 26 (minimum iOS 18)")])
        let offered = try #require(diagnostics("func f() { if #available(iOS 26, *) { probe() } }", [.iOS: OSVersion(18)], rule: "requiring-probe").first)
        #expect(offered.fixes.map(\.title) == ["bar"] && offered.withheldFixes.isEmpty)
    }

    @Test func aFixsOwnRequirementWithholdsOnlyThatFix() throws {
        let low = try #require(diagnostics("func f() { probe() }", [.iOS: OSVersion(15)]).first)
        #expect(low.fixes.map(\.title) == ["plain"])
        #expect(low.withheldFixes.map(\.reason) == ["needs iOS 17 (minimum iOS 15)"])
        let high = try #require(diagnostics("func f() { probe() }", [.iOS: OSVersion(17)]).first)
        #expect(high.fixes.map(\.title) == ["modern", "plain"] && high.withheldFixes.isEmpty)
        // FixAll applies only what is offered.
        var configuration = RuleConfiguration.resolve(rules: linter.descriptions, file: nil)
        configuration.platforms = PlatformMinimums(deploymentTargets: [.iOS: OSVersion(15)])
        let outcome = FixAll(linter: linter, configuration: configuration, workspace: .empty)
            .apply(to: SourceDocument(path: "t.swift", text: "func f() { probe() }"), includeUnsafe: false)
        #expect(!outcome.changed)
    }
}

/// What a user reads when a fix is withheld: one reason for all platforms that fall short.
@Suite struct ShortfallTextTests {
    @Test func severalPlatformsFallingShortReadAsOneReason() {
        let minimums = PlatformMinimums(deploymentTargets: [.iOS: OSVersion(15), .watchOS: OSVersion(8), .macOS: OSVersion(14)])
        let requirement = PlatformRequirement.os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10))
        #expect(minimums.shortfall(of: requirement) == "needs iOS 17, watchOS 10 (minimum iOS 15, watchOS 8)")
        let iOSOnly = PlatformRequirement([.iOS: OSVersion(14)])
        #expect(minimums.shortfall(of: iOSOnly) == "not on macOS, watchOS")
        #expect(PlatformMinimums(deploymentTargets: [.iOS: OSVersion(13), .macOS: OSVersion(13)]).shortfall(of: iOSOnly) == "needs iOS 14 (minimum iOS 13); not on macOS")
        #expect(PlatformMinimums.unknown.shortfall(of: iOSOnly) == nil)
        #expect(PlatformMinimums.unknown.narrowed(to: [.macOS]).shortfall(of: iOSOnly) == "not on macOS")
    }
}
