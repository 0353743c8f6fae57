#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import GotchasCLI
import GotchasLSP
import GotchasRules

let usage = """
    swiftui-gotchas — SwiftUI, Swift 6 concurrency, SwiftData and WidgetKit gotchas.

    USAGE:
      swiftui-gotchas lint [PATHS…] [options]   lint files (see `swiftui-gotchas lint --help`)
      swiftui-gotchas lsp [--log-file PATH]     run the language server on stdio
      swiftui-gotchas rules                     list every rule
      swiftui-gotchas explain ID                explain one rule
      swiftui-gotchas settings FILE…            show the configuration and deployment targets
                                                each file is linted with, and where they come from
      swiftui-gotchas generate-docs [DIR]       write docs/rules (one page per rule) and the
                                                configuration's JSON schema
      swiftui-gotchas --version

    """

let io = CommandIO.standard
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
let status: Int32
switch arguments.first {
case "lint":
    status = LintCommand(linter: RuleCatalog.linter, io: io).run(rest)
case "lsp":
    status = LSPCommand.run(arguments: rest)
case "rules":
    status = RulesCommand(rules: RuleCatalog.linter.descriptions, io: io).run(rest)
case "explain":
    status = ExplainCommand(rules: RuleCatalog.linter.descriptions, io: io).run(rest)
case "settings":
    status = SettingsCommand(rules: RuleCatalog.linter.descriptions, io: io).run(rest)
case "generate-docs":
    status = GenerateDocsCommand(rules: RuleCatalog.linter.descriptions, io: io).run(rest)
case "--version", "version":
    status = LintCommand(linter: RuleCatalog.linter, io: io).run(["--version"])
case "help", "--help", "-h", nil:
    io.writeOutput(usage)
    status = arguments.isEmpty ? 2 : 0
default:
    io.writeError("swiftui-gotchas: error: unknown command \"\(arguments[0])\"\n" + usage)
    status = 2
}
exit(status)
