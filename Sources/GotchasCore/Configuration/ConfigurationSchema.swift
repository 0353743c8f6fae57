import Foundation
/// JSON Schema (draft-07) for `.swiftui-gotchas.json`, generated from the rules so
/// editors complete rule IDs, levels and options. A test keeps it and the parser in step.
public enum ConfigurationSchema {
    public static let fileName = "swiftui-gotchas.schema.json"

    public static func json(for rules: [RuleDescription]) -> String {
        let levels = RuleLevel.names.map { "\"\($0)\"" }.joined(separator: ", ")
        var ruleProperties: [String] = []
        for rule in rules.sorted(by: { $0.id < $1.id }) {
            let description = escape("\(rule.summary) Default: \(rule.defaultSeverity.rawValue)\(rule.isOptIn ? " (opt-in)" : "").")
            var objectProperties = ["\"level\": { \"$ref\": \"#/definitions/level\" }"]
            for option in rule.options {
                objectProperties.append("\"\(option.name)\": { \"type\": \"integer\", \"minimum\": 0, \"default\": \(option.defaultValue), \"description\": \"\(escape(option.summary))\" }")
            }
            ruleProperties.append("""
                        "\(rule.id)": {
                          "description": "\(description)",
                          "oneOf": [
                            { "$ref": "#/definitions/level" },
                            { "type": "object", "additionalProperties": false, "properties": { \(objectProperties.joined(separator: ", ")) } }
                          ]
                        }
                """)
        }
        return """
            {
              "$schema": "http://json-schema.org/draft-07/schema#",
              "$id": "https://github.com/swiftui-gotchas/swiftui-gotchas/blob/main/docs/\(fileName)",
              "title": "swiftui-gotchas configuration (.swiftui-gotchas.json)",
              "type": "object",
              "additionalProperties": false,
              "definitions": {
                "level": { "type": "string", "enum": [\(levels)] }
              },
              "properties": {
                "rules": {
                  "description": "Rule ID to level (off, hint, info, warning, error), or to an object with a level and the rule's options. A level on an opt-in rule enables it.",
                  "type": "object",
                  "additionalProperties": false,
                  "properties": {
            \(ruleProperties.joined(separator: ",\n"))
                  }
                },
                "include": { "description": "Globs (relative to this file) of files to lint; default all.", "type": "array", "items": { "type": "string" } },
                "exclude": { "description": "Globs (relative to this file) of files not to lint.", "type": "array", "items": { "type": "string" } },
                "docs-base-url": { "description": "Base URL of the rule pages linked from editor diagnostics (<base>/<rule-id>.md).", "type": "string" }
              }
            }

            """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: " ")
    }
}
