// `swift package lint-gotchas [--target NAME]… [LINT OPTIONS / PATHS…]` for packages that
// depend on swiftui-gotchas: SwiftPM builds the `swiftui-gotchas` executable for the host
// and this plugin runs its `lint` command, so findings print as usual and the command fails
// when any at warning or above remains (the tool's exit status becomes the plugin's).
import Foundation
import PackagePlugin

@main
struct LintGotchas: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passedThrough = extractor.remainingArguments

        // Writing fixes needs the package-directory write permission, and declaring it would
        // make SwiftPM ask for it on every plain lint: --fix stays with the binary itself.
        if let writing = passedThrough.first(where: { ["--fix", "--unsafe-fixes"].contains($0) }) {
            Diagnostics.error("""
                lint-gotchas only reports; for \(writing) run the binary SwiftPM built for this plugin: \
                \(try context.tool(named: "swiftui-gotchas").url.path) lint \(writing) …
                """)
            exit(2)
        }

        // Paths given on the command line are linted as given; otherwise the Swift source
        // directories of the package's targets (or of the --target ones).
        let givesPaths = passedThrough.contains { !$0.hasPrefix("-") && FileManager.default.fileExists(atPath: $0) }
        var paths: [String] = []
        if !givesPaths {
            let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
            paths = targets.compactMap { $0 as? SourceModuleTarget }.compactMap(swiftSourcesDirectory)
            guard !paths.isEmpty else {
                Diagnostics.warning("lint-gotchas: no target with Swift sources to lint")
                return
            }
        }

        let tool = try context.tool(named: "swiftui-gotchas")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + passedThrough + paths
        // The result cache goes under the plugin's own work directory: on macOS a plugin is
        // sandboxed and may not write to ~/.cache.
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = context.pluginWorkDirectoryURL.appendingPathComponent("cache").path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            exit(process.terminationReason == .exit ? process.terminationStatus : 2)
        }
    }
}

/// The deepest directory holding all of a target's Swift files (its sources directory, or a
/// folder inside it), nil without any: `Target.directoryURL` needs tools version 6.1, and
/// `directory` (a `Path`) is deprecated.
func swiftSourcesDirectory(_ module: SourceModuleTarget) -> String? {
    var common: [Substring]?
    for file in module.sourceFiles(withSuffix: "swift") {
        let parent = file.url.deletingLastPathComponent().path.split(separator: "/")
        common = common.map { zip($0, parent).prefix { $0 == $1 }.map(\.0) } ?? parent
    }
    return common.map { "/" + $0.joined(separator: "/") }
}
