/// JSON Schema (draft-07) for `.swiftui-gotchas.json`, generated from the rules so
/// editors complete rule IDs, levels and options. A test keeps it and the parser in step.
public enum ConfigurationSchema {
    public static let fileName = "swiftui-gotchas.schema.json"

    public static func json(for rules: [RuleDescription]) -> String {
        let levels = RuleLevel.names.map(JSON.quoted).joined(separator: ", ")
        var ruleProperties: [String] = []
        for rule in rules.sorted(by: { $0.id < $1.id }) {
            let description = JSON.quoted("\(rule.summary) Default: \(rule.defaultSeverity.rawValue)\(rule.isOptIn ? " (opt-in)" : "").")
            var objectProperties = ["\"level\": { \"$ref\": \"#/definitions/level\" }"]
            for option in rule.options {
                objectProperties.append("\(JSON.quoted(option.name)): { \"type\": \"integer\", \"minimum\": 0, \"default\": \(option.defaultValue), \"description\": \(JSON.quoted(option.summary)) }")
            }
            ruleProperties.append("""
                        \(JSON.quoted(rule.id)): {
                          "description": \(description),
                          "oneOf": [
                            { "$ref": "#/definitions/level" },
                            { "type": "object", "additionalProperties": false, "properties": { \(objectProperties.joined(separator: ", ")) } }
                          ]
                        }
                """)
        }
        let examples: [Platform: String] = [.iOS: "16.0", .macOS: "13.0", .tvOS: "16.0", .watchOS: "9.0", .visionOS: "1.0"]
        let platformProperties = Platform.allCases.map { platform in
            let pattern = JSON.quoted(#"^[0-9]+(\.[0-9]+){0,2}$"#)
            let description = JSON.quoted("Lowest \(platform.rawValue) version the files are built for, such as \"\(examples[platform] ?? "1.0")\".")
            return "        \"\(platform.rawValue)\": { \"type\": \"string\", \"pattern\": \(pattern), \"description\": \(description) }"
        }.joined(separator: ",\n")
        return """
            {
              "$schema": "http://json-schema.org/draft-07/schema#",
              "$id": "\(Product.documentationURL)/\(fileName)",
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
                "docs-base-url": { "description": "Base URL of the rule pages linked from editor diagnostics (<base>/<rule-id>.md).", "type": "string" },
                "platforms": {
                  "description": "Deployment targets of the files this configuration governs, replacing what Package.swift or the Xcode project says: built for exactly the platforms named, from these versions. Rules whose advice needs a newer OS stay silent.",
                  "type": "object",
                  "minProperties": 1,
                  "additionalProperties": false,
                  "properties": {
            \(platformProperties)
                  }
                },
                "baseline": { "description": "Path (relative to this file) of a baseline written by `lint --write-baseline`: lint reports only findings not recorded in it.", "type": "string", "minLength": 1 }
              }
            }

            """
    }
}
