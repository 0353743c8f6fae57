import Foundation
import GotchasLSP

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "lsp" {
    exit(LSPCommand.run(arguments: Array(CommandLine.arguments.dropFirst(2))))
}
print("todo")
