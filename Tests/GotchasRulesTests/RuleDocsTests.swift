import Foundation
import GotchasCore
import GotchasRules
import Testing

/// Every rule's user docs answer the same questions, briefly, for the user (what `explain`,
/// hover, `docs/rules` and the HTML report show), and the questions a rule says it asks the
/// workspace are the ones it records.
@Suite struct RuleDocsTests {
    static let ids = RuleCatalog.all.map { $0.description.id }
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// How rules were developed, which belongs in `docs/precision.md`, never in product text:
    /// the before-stop hook's words, and the names of apps rules were checked on.
    static var tuningWords: Regex<AnyRegexOutput> { try! Regex(
        #"(?i)held-out|tuning (half|set|apps)|test (half|set)|(earlier|previous) sessions?|precision\.md|wrong findings|library-heavy|\(issue [0-9]+\)|\bissue [0-9]+\b"#) }
    static var appNames: Regex<AnyRegexOutput> { try! Regex(#"IceCubes|CotEditor|pocket-casts|element-x|DuckDuckGo|Mastodon|QuickToDo|CodeEdit|isowords|\bUTM\b"#) }

    static func description(_ id: String) throws -> RuleDescription {
        try #require(RuleCatalog.linter.rule(withID: id)).description
    }

    /// Words, split at white space.
    static func wordCount(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

    /// Sentences: a `.`, `!` or `?` that ends the text or is followed by a space and a capital,
    /// outside code spans and quotations (`x.y`, "No object found.").
    static func sentenceCount(_ text: String) -> Int {
        var prose = ""
        var inCode = false, inQuote = false
        for character in text {
            if character == "`" { inCode.toggle(); prose.append("x"); continue }
            if character == "\"" && !inCode { inQuote.toggle(); prose.append("x"); continue }
            prose.append(inCode || inQuote ? "x" : character)
        }
        return prose.matches(of: try! Regex(#"[.!?](?=\s+[A-Z(]|\s*$)"#)).count
    }

    @Test(arguments: ids)
    func everyRuleHasEachSectionInFewWords(id: String) throws {
        let rule = try Self.description(id)
        #expect(!rule.summary.isEmpty && Self.sentenceCount(rule.summary) <= 2, "\(id): What it flags must be one or two sentences")
        #expect(Self.wordCount(rule.rationale) <= 150, "\(id): Why it matters has \(Self.wordCount(rule.rationale)) words (at most 150)")
        #expect((1...4).contains(Self.sentenceCount(rule.rationale)), "\(id): Why it matters has \(Self.sentenceCount(rule.rationale)) sentences (at most 4)")
        #expect(!rule.notFlagged.isEmpty, "\(id): no Not flagged bullets")
        for bullet in rule.notFlagged {
            #expect(Self.wordCount(bullet) <= 14, "\(id): a Not flagged bullet is a few words, not \(Self.wordCount(bullet)): \(bullet)")
        }
        #expect((rule.fix == nil) == (rule.fixSafety == nil), "\(id): a rule with a fix says what it does and when it is safe; one without says nothing")
        if let fixSafety = rule.fixSafety { #expect(Self.wordCount(fixSafety) <= 80, "\(id): Fix is \(Self.wordCount(fixSafety)) words") }
        #expect(!rule.severityReason.isEmpty, "\(id): no Severity section")
        let explanation = RuleExplanation(rule)
        #expect(explanation.shownWrong != nil && explanation.shownRight != nil, "\(id): no example pair")
        if let note = rule.useInstead { #expect(explanation.recommendedNearMiss != nil, "\(id): no near miss has the note \(note)") }
        let text = explanation.plainText
        for title in [RuleExplanation.whatItFlagsTitle, RuleExplanation.whyTitle, RuleExplanation.exampleTitle, RuleExplanation.notFlaggedTitle,
                      RuleExplanation.fixTitle, RuleExplanation.severityTitle, RuleExplanation.asksTitle, RuleExplanation.needsTitle] {
            #expect(text.contains("\n\(title):\n"), "\(id): explain has no \(title) section")
            #expect(RuleDocumentation.page(for: rule).contains("## \(title)\n"), "\(id): docs page has no \(title) section")
        }
        #expect(text.contains("\n    \(rule.defaultSeverity.rawValue) (default"), "\(id): the docs do not state the severity")
    }

    /// All the rule's prose and example notes, as the user reads them.
    static func productText(of rule: RuleDescription) -> [String] {
        [rule.summary, rule.rationale, rule.severityReason] + rule.notFlagged + [rule.fixSafety].compactMap { $0 }
            + (rule.triggering + rule.nonTriggering).compactMap(\.note) + rule.options.map(\.summary)
    }

    @Test(arguments: ids)
    func ruleTextSpeaksOfTheCodeNotOfHowTheRuleWasTuned(id: String) throws {
        let rule = try Self.description(id)
        for text in Self.productText(of: rule) {
            #expect(text.firstMatch(of: Self.tuningWords) == nil, "\(id): tuning words in product text: \(text)")
            #expect(text.firstMatch(of: Self.appNames) == nil, "\(id): an app's name in product text: \(text)")
        }
        let hover = RuleExplanation(rule).hoverMarkdown(message: "m", documentationURL: "u")
        #expect(hover.firstMatch(of: Self.tuningWords) == nil && hover.firstMatch(of: Self.appNames) == nil)
    }

    /// Messages are built in code, so the whole of `Sources/` is read (the before-stop hook's
    /// check), and the generated pages too.
    @Test func noSourceFileOrRulePageSpeaksOfTuning() throws {
        var hits: [String] = []
        for folder in ["Sources", "docs/rules"] {
            let root = Self.repository.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            for case let url as URL in files where ["swift", "md"].contains(url.pathExtension) {
                let text = try String(contentsOf: url, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.firstMatch(of: Self.tuningWords) != nil {
                    hits.append("\(folder)/\(url.lastPathComponent):\(number + 1): \(line)")
                }
            }
        }
        #expect(hits.isEmpty, "product text speaks of tuning:\n\(hits.joined(separator: "\n"))")
    }

    @Test func theCountersCount() {
        #expect(Self.sentenceCount("One `a.b` here. Two \"Not found.\" there! Three (x.y) and done.") == 3)
        #expect(Self.sentenceCount("No period at the end") == 0)
        #expect(Self.wordCount("a  b\nc") == 3)
        #expect("see docs/precision.md".firstMatch(of: Self.tuningWords) != nil)
        #expect("Back on by default (issue 21)".firstMatch(of: Self.tuningWords) != nil)
        #expect("on a held-out app".firstMatch(of: Self.tuningWords) != nil)
        #expect("the code being tested settles".firstMatch(of: Self.tuningWords) == nil)
    }

    /// "Asks the workspace" is what the rule records: each example, near miss and correction
    /// is linted with its other files, and the kinds of question recorded for the rule must be
    /// the ones its description lists.
    @Test(arguments: ids)
    func asksTheWorkspaceListsTheRecordedQuestions(id: String) throws {
        let rule = try Self.description(id)
        var recorded: Set<WorkspaceQuestion> = []
        let samples = (rule.triggering + rule.nonTriggering).map { ($0.strippedWithMarkers.code, $0.otherFiles, $0.platforms) }
            + rule.corrections.map { (RuleExample($0.before).strippedWithMarkers.code, $0.otherFiles, $0.platforms) }
        for (code, otherFiles, platforms) in samples {
            let document = SourceDocument(path: "Example.swift", text: code)
            let configuration = RuleHarness.configuration(only: id, platforms: platforms)
            let workspace = RuleHarness.workspace(for: document, otherFiles: otherFiles, configuration: configuration)
            let result = RuleHarness.linter.lint(document, configuration: configuration, workspace: workspace)
            recorded.formUnion((result.fileIndex.queries.byRule[id] ?? []).map(\.question))
        }
        // The engine's own question for every warning (code nothing runs), which the severity section says.
        recorded.remove(.usedInFile)
        #expect(Set(rule.asks) == recorded, "\(id): asks \(Set(rule.asks).sorted()) but its examples record \(recorded.sorted())")
    }
}
