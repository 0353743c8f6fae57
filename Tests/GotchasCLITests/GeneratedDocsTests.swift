import Foundation
import GotchasCLI
import GotchasCore
import GotchasRules
import Testing

/// `docs/rules/` is generated from the rules; this fails when it is out of date.
@Suite struct GeneratedDocsTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/rules").path

    @Test func docsRulesMatchTheRules() throws {
        let expected = GenerateDocsCommand.pages(for: RuleCatalog.linter.descriptions)
        let hint = "run `swift run swiftui-gotchas generate-docs docs/rules`"
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            let committed = try? String(contentsOfFile: Self.directory + "/" + name, encoding: .utf8)
            #expect(committed == text, "docs/rules/\(name) is out of date: \(hint)")
        }
        let present = Set((try? FileManager.default.contentsOfDirectory(atPath: Self.directory)) ?? [])
        #expect(present.subtracting(expected.keys).sorted() == [], "stale pages in docs/rules: \(hint)")
    }
}

/// The JSON Schema of `.swiftui-gotchas.json` agrees with the parser.
@Suite struct ConfigurationSchemaTests {
    static let schemaPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/swiftui-gotchas.schema.json").path
    let rules = RuleCatalog.linter.descriptions

    func schema() throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: Self.schemaPath), "docs/swiftui-gotchas.schema.json is missing")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func committedSchemaIsUpToDateAndValidJSON() throws {
        let committed = try? String(contentsOfFile: Self.schemaPath, encoding: .utf8)
        #expect(committed == ConfigurationSchema.json(for: rules), "run `swift run swiftui-gotchas generate-docs docs/rules`")
        _ = try schema()
    }

    @Test func schemaTopLevelKeysAreExactlyWhatTheParserAccepts() throws {
        let properties = try #require(try schema()["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(ConfigurationFile.topLevelKeys))
    }

    @Test func everySchemaRuleAndOptionParsesWithoutWarnings() throws {
        let properties = try #require(try schema()["properties"] as? [String: Any])
        let ruleSchemas = try #require((properties["rules"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(ruleSchemas.keys) == Set(rules.map(\.id)))
        let levels = try #require(((try schema()["definitions"] as? [String: Any])?["level"] as? [String: Any])?["enum"] as? [String])
        for (id, value) in ruleSchemas {
            let object = try #require(((value as? [String: Any])?["oneOf"] as? [[String: Any]])?.last?["properties"] as? [String: Any])
            var settings = ["\"level\": \"\(levels[id.count % levels.count])\""]
            for name in object.keys where name != "level" { settings.append("\"\(name)\": 7") }
            let json = "{\"rules\": {\"\(id)\": {\(settings.joined(separator: ", "))}}, \"include\": [\"a\"], \"exclude\": [\"b\"], \"docs-base-url\": \"x\"}"
            let file = try ConfigurationFile.parse(Array(json.utf8), path: "c.json", rules: rules)
            #expect(file.warnings.isEmpty, "\(id): \(file.warnings)")
        }
        for level in levels { #expect(RuleLevel(name: level) != nil) }
    }

    @Test func somethingOutsideTheSchemaIsReported() throws {
        let file = try ConfigurationFile.parse(Array("{\"rules\": {\"foreground-color\": {\"max-lines\": 3}}, \"color\": true}".utf8), path: "c.json", rules: rules)
        #expect(file.warnings.count == 2)
    }
}
