#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// `swiftui-gotchas generate-docs [DIR]`: writes `docs/rules/<ID>.md` and the index.
public struct GenerateDocsCommand {
    let rules: [RuleDescription]
    let io: CommandIO

    public init(rules: [RuleDescription], io: CommandIO) {
        self.rules = rules
        self.io = io
    }

    /// Every generated file, by name within the rules directory.
    public static func pages(for rules: [RuleDescription]) -> [String: String] {
        var pages = ["README.md": RuleDocumentation.index(for: rules)]
        for rule in rules { pages[rule.id + ".md"] = RuleDocumentation.page(for: rule) }
        return pages
    }

    public func run(_ arguments: [String]) -> Int32 {
        let directory = arguments.first ?? "docs/rules"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (name, text) in Self.pages(for: rules) {
                try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
            }
        } catch {
            io.writeError("swiftui-gotchas: error: cannot write \(directory): \(SystemErrorText.describe(error))\n")
            return ExitStatus.failure
        }
        let schemaPath = URL(fileURLWithPath: directory).deletingLastPathComponent().appendingPathComponent(ConfigurationSchema.fileName).path
        do {
            try ConfigurationSchema.json(for: rules).write(toFile: schemaPath, atomically: true, encoding: .utf8)
        } catch {
            io.writeError("swiftui-gotchas: error: cannot write \(schemaPath): \(SystemErrorText.describe(error))\n")
            return ExitStatus.failure
        }
        io.writeOutput("Wrote \(rules.count + 1) files to \(directory) and \(schemaPath)\n")
        return ExitStatus.clean
    }
}
