import GotchasCore
import Testing

/// The one JSON writer: what the server, the CLI's JSON/SARIF output and the schema write.
@Suite struct JSONWriterTests {
    @Test func quotedEscapesEveryControlCharacterAndRoundTrips() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let text = "a\"b\\c é😀 " + controls
        let quoted = JSON.quoted(text)
        #expect(quoted.hasPrefix("\"a\\\"b\\\\c é😀 \\u0000\\u0001"))
        #expect(quoted.contains("\\b") == false)  // no short forms beyond \n \r \t
        #expect(quoted.contains("\\n") && quoted.contains("\\r") && quoted.contains("\\t") && quoted.contains("\\u001f"))
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 })
        #expect(try JSON.parse(quoted) == .string(text))
        #expect(quoted == JSON.string(text).serializedString)
    }

    @Test func plainTextIsOnlyQuoted() {
        #expect(JSON.quoted("swiftui-gotchas/foreground-color.md") == "\"swiftui-gotchas/foreground-color.md\"")
    }

    /// The schema used to turn newlines into spaces and pass other control characters
    /// through raw (invalid JSON); its descriptions now say exactly what the rule says.
    @Test func schemaDescriptionsKeepNewlinesAndEscapeControlCharacters() throws {
        let summary = "Line one\nline two\twith a \u{7} bell and \"quotes\"."
        let rule = RuleDescription(id: "odd-summary", category: .bodyCost, severity: .info, seed: "0", summary: summary, rationale: "r",
                                   options: [RuleOption(name: "max\u{1}", defaultValue: 1, summary: "a\nb")], triggering: [], nonTriggering: [])
        let schema = try JSON.parse(ConfigurationSchema.json(for: [rule]))
        let entry = schema["properties", "rules", "properties", "odd-summary"]
        #expect(entry?["description"] == .string(summary + " Default: info."))
        #expect(entry?["oneOf"]?.arrayValue?.last?["properties", "max\u{1}", "description"] == "a\nb")
    }
}
