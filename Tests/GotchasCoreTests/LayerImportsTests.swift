import Foundation
import Testing

/// docs/ARCHITECTURE.md's table of what each module may import, checked against the sources:
/// every target is compiled with the toolchain's SwiftSyntax on its include path, so only this
/// test notices a rule that imports SwiftParser or a front end that imports SwiftSyntax.
@Suite struct LayerImportsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Module → the modules it may import, from the table's rows "| `Module` | A, B | …".
    static func allowedImports() throws -> [String: Set<String>] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        var allowed: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3 else { continue }
            let module = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let names = cells[2] == "nothing" ? [] : cells[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            allowed[module] = Set(names)
        }
        return allowed
    }

    /// The modules a target's sources import (`import X`, `@preconcurrency import X`, `import struct X.Y`).
    static func imports(of module: String) throws -> [String: Set<String>] {
        let directory = repository.appendingPathComponent("Sources/\(module)")
        var found: [String: Set<String>] = [:]
        let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            // Only declarations at the start of a line: rule examples in (indented) string
            // literals import SwiftUI, UIKit and the like as text.
            for line in text.split(separator: "\n") where line.first == "@" || line.first == "i" {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                guard words.first == "import", words.count >= 2 else { continue }
                let path = words.count >= 3 && ["struct", "class", "enum", "protocol", "func", "var", "typealias"].contains(String(words[1])) ? words[2] : words[1]
                found[String(path.split(separator: ".")[0]), default: []].insert(file)
            }
        }
        return found
    }

    @Test func everyModuleImportsOnlyWhatTheArchitectureAllows() throws {
        let allowed = try Self.allowedImports()
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix(".") }
        #expect(Set(modules) == Set(allowed.keys), "modules in Sources/ vs rows of the table: \(Set(modules).symmetricDifference(allowed.keys).sorted())")
        for module in modules.sorted() {
            guard let permitted = allowed[module] else { continue }
            for (imported, files) in try Self.imports(of: module) where !permitted.contains(imported) {
                Issue.record("\(module) imports \(imported) (in \(files.sorted().joined(separator: ", "))), which docs/ARCHITECTURE.md does not allow")
            }
        }
    }

    /// The modules the executable links import Foundation only where FoundationEssentials does
    /// not exist (docs/ARCHITECTURE.md): `import Foundation` stands in the `#else` of
    /// `#if canImport(FoundationEssentials)`, so Linux links FoundationEssentials alone.
    @Test func theExecutablesModulesImportFoundationOnlyWithoutFoundationEssentials() throws {
        for module in ["GotchasCore", "GotchasRules", "GotchasCLI", "GotchasLSP", "swiftui-gotchas"] {
            let directory = Self.repository.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty)
            for file in files {
                let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for (index, line) in lines.enumerated() where line.hasPrefix("import Foundation") && line != "import FoundationEssentials" {
                    let guarded = index >= 3 && lines[index - 1] == "#else" && lines[index - 2] == "import FoundationEssentials"
                        && lines[index - 3] == "#if canImport(FoundationEssentials)"
                    #expect(guarded, "\(module)/\(file):\(index + 1) imports Foundation outside `#else` of `#if canImport(FoundationEssentials)`")
                }
            }
        }
    }

    /// The check can fail: the rules would break the invariant by importing the parser.
    @Test func theTableForbidsWhatTheInvariantsSay() throws {
        let allowed = try Self.allowedImports()
        #expect(allowed["GotchasRules"]?.contains("SwiftParser") == false)
        #expect(allowed["GotchasCLI"]?.contains("SwiftSyntax") == false)
        #expect(allowed["GotchasLSP"]?.contains("SwiftSyntax") == false)
        #expect(allowed["GotchasCore"]?.contains("GotchasCLI") == false)
    }
}
