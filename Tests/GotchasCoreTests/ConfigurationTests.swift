import GotchasCore
import Testing

@Suite struct ConfigurationTests {
    let rules = [
        RuleDescription(id: "long-body", category: .bodyCost, severity: .info, seed: "002", summary: "s", rationale: "r",
                        options: [RuleOption(name: "max-lines", defaultValue: 200, summary: "m")], triggering: [], nonTriggering: []),
        RuleDescription(id: "any-view", category: .state, severity: .warning, seed: "003", summary: "s", rationale: "r", triggering: [], nonTriggering: []),
        RuleDescription(id: "prefer-observable", category: .modernAPI, severity: .hint, optIn: true, seed: "001", summary: "s", rationale: "r", triggering: [], nonTriggering: []),
    ]

    func parse(_ json: String) throws(ConfigurationError) -> ConfigurationFile {
        try ConfigurationFile.parse(Array(json.utf8), path: "/p/.swiftui-gotchas.json", rules: rules)
    }

    @Test func levelsOptionsAndGlobs() throws {
        let file = try parse("""
            {"rules": {"any-view": "off", "long-body": {"level": "warning", "max-lines": 120}, "prefer-observable": "info"},
             "include": ["Sources/**"], "exclude": ["Generated"]}
            """)
        let resolved = RuleConfiguration.resolve(rules: rules, file: file)
        #expect(resolved.severities == ["long-body": .warning, "prefer-observable": .info])
        #expect(resolved.options["long-body"]?["max-lines"] == 120)
        #expect(file.includes(filePath: "/p/Sources/App/V.swift"))
        #expect(!file.includes(filePath: "/p/Sources/Generated/V.swift"))
        #expect(!file.includes(filePath: "/p/Tests/V.swift"))
        #expect(file.warnings.isEmpty)
    }

    @Test func unknownKeysAndRuleIDsAreReportedWithPositions() throws {
        let file = try parse("{\n  \"rulez\": {},\n  \"rules\": {\"any-veiw\": \"off\"}\n}")
        #expect(file.warnings.count == 2)
        #expect(file.warnings[0].line == 2 && file.warnings[0].column == 3)
        #expect(file.warnings[0].message.contains("unknown key \"rulez\""))
        #expect(file.warnings[1].line == 3)
        #expect(file.warnings[1].message.contains("did you mean \"any-view\""))
    }

    @Test func invalidJSONIsAnErrorWithItsPosition() {
        #expect(throws: ConfigurationError.self) { try parse("{\"rules\": {\"any-view\": \"off\",}") }
        do {
            _ = try parse("{\n\"rules\": [1]\n}")
            Issue.record("expected an error")
        } catch {
            guard case .invalid(let issues) = error else { Issue.record("wrong error \(error)"); return }
            #expect(issues.first?.line == 2)
            #expect(issues.first?.message.contains("must be an object") == true)
        }
    }

    @Test func badLevelAndBadOptionAreErrors() {
        #expect(throws: ConfigurationError.self) { try parse("{\"rules\": {\"any-view\": \"loud\"}}") }
        #expect(throws: ConfigurationError.self) { try parse("{\"rules\": {\"long-body\": {\"max-lines\": -3}}}") }
        #expect(throws: ConfigurationError.self) { try parse("[]") }
    }

    @Test func selectionOverridesTheFile() throws {
        let file = try parse("{\"rules\": {\"any-view\": \"error\"}}")
        let selected = RuleConfiguration.resolve(rules: rules, file: file, selection: RuleSelection(select: ["any-view", "prefer-observable"]))
        #expect(selected.severities == ["any-view": .error, "prefer-observable": .hint])
        let ignored = RuleConfiguration.resolve(rules: rules, file: file, selection: RuleSelection(ignore: ["any-view"], allRules: true))
        #expect(ignored.severities == ["long-body": .info, "prefer-observable": .hint])
    }

    @Test(arguments: [("**/Generated/**", "A/Generated/x.swift", true), ("*.swift", "deep/er/x.swift", true),
                      ("Sources/*.swift", "Sources/a/x.swift", false), ("Sources/?.swift", "Sources/a.swift", true),
                      ("Generated", "Generated", true), ("Gen*", "Sources/GenX/y.swift", true), ("Tests/**", "Sources/x.swift", false)])
    func globs(pattern: String, path: String, matches: Bool) {
        #expect(Glob(pattern).matches(path) == matches)
    }
}
