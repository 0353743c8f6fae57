#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// `swiftui-gotchas settings FILE…`: per file, the configuration file that applies and the
/// deployment targets in effect, each with where it came from — what `lint` uses, found
/// the same way (`ProjectSettingsDiscovery`, `ConfigurationResolver`).
///
/// ```
/// App/ContentView.swift
///   configuration: .swiftui-gotchas.json
///   targets: App, Share (App.xcodeproj/project.pbxproj)
///     App    iOS 16.0  from App.xcodeproj/project.pbxproj
///     Share  iOS 15.0  from App.xcodeproj/project.pbxproj, Config/Share.xcconfig
///   iOS 15.0  from App.xcodeproj/project.pbxproj, Config/Share.xcconfig (lowest of 15.0, 16.0)
/// ```
public struct SettingsCommand: Sendable {
    let rules: [RuleDescription]
    let io: CommandIO

    public init(rules: [RuleDescription], io: CommandIO) {
        self.rules = rules
        self.io = io
    }

    public static let usage = """
        USAGE: swiftui-gotchas settings FILE… [--config PATH] [--platform NAME=VERSION]…

        Prints, per file, the configuration file that applies, the Xcode targets that
        compile it (each with its own deployment targets), and the deployment targets in
        effect (from Package.swift, the Xcode project or its xcconfig files, the
        configuration's "platforms", or --platform), each with where it came from. A file
        no target of its Xcode project compiles is said to be in no target: lint reports
        nothing in it.
        --config and --platform act as they do for `lint`.
        """

    public func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            io.writeOutput(Self.usage + "\n")
            return ExitStatus.clean
        }
        do {
            io.writeOutput(try report(arguments))
            return ExitStatus.clean
        } catch {
            io.writeError("swiftui-gotchas: error: \(error)\n")
            return ExitStatus.failure
        }
    }

    func report(_ arguments: [String]) throws(CommandLineError) -> String {
        var paths: [String] = []
        var configPath: String?
        var platforms: [Platform: OSVersion] = [:]
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inline = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func value() throws(CommandLineError) -> String {
                if let inline { return inline }
                index += 1
                guard index < arguments.count else { throw .usage("\(argument) needs a value") }
                return arguments[index]
            }
            switch argument {
            case "--config": configPath = try value()
            case "--platform":
                let (platform, version) = try LintOptions.platform(try value())
                platforms[platform] = version
            default:
                if argument.hasPrefix("-") { throw .usage("unknown option \"\(argument)\" for settings") }
                paths.append(argument)
            }
            index += 1
        }
        guard !paths.isEmpty else { throw .usage("settings needs at least one file") }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw .io("\(path): no such file or directory")
        }
        var resolver = try ConfigurationResolver(rules: rules, selection: RuleSelection(), explicitPath: configPath,
                                                 commandLinePlatforms: platforms)
        resolver.projectSettings = ProjectSettingsFiles(ProjectSettingsDiscovery.read(scanned: [], above: paths))
        var output = ""
        for path in paths {
            let file = try resolver.file(for: path)
            let targets = resolver.deploymentTargets(forPath: path, file: file)
            output += path + "\n"
            output += "  configuration: " + (file?.path.map(Self.shown) ?? "none (defaults)") + "\n"
            output += Self.targetLines(for: targets.membership).map { "  " + $0 + "\n" }.joined()
            output += Self.lines(for: targets).map { "  " + $0 + "\n" }.joined()
        }
        return output
    }

    /// The Xcode targets that compile the file, each with its own deployment targets and
    /// where they were set; or that no target does. Nothing when membership was not read.
    static func targetLines(for membership: DeploymentTargets.Membership) -> [String] {
        switch membership {
        case .notRead:
            return []
        case .noTarget(let projects):
            return ["targets: none (no target of \(projects.map(shown).joined(separator: ", ")) compiles this file; lint reports nothing in it)"]
        case .targets(let targets):
            let rows = targets.map { target -> (String, String) in
                let platforms = target.minimums.platforms.map { $0.sorted() } ?? []
                let versions = platforms.map { platform in
                    target.minimums.versions[platform].map { "\(platform.rawValue) \($0.deploymentTargetText)" } ?? "\(platform.rawValue) (any version)"
                }
                let files = Set(target.setBy.values.joined()).sorted().map(shown)
                let summary = (versions.isEmpty ? "platforms not known" : versions.joined(separator: ", "))
                    + (files.isEmpty ? "" : "  from " + files.joined(separator: ", "))
                return (target.name, summary)
            }
            let width = rows.map(\.0.count).max() ?? 0
            let projects = Set(targets.map(\.project)).sorted().map(shown).joined(separator: ", ")
            return ["targets: " + targets.map(\.name).joined(separator: ", ") + " (\(projects))"]
                + rows.map { "  " + $0.0.padded(toWidth: width) + "  " + $0.1 }
        }
    }

    /// One line per platform built for: its minimum and where it came from.
    static func lines(for targets: DeploymentTargets) -> [String] {
        guard !targets.minimums.isUnknown else {
            switch targets.source {
            case .package(let manifest):
                return ["deployment targets: not known (\(targets.note ?? "not readable") in \(shown(manifest))); every rule applies"]
            case .tuistProject(let manifest):
                return ["deployment targets: not known (no deployment target written as a literal in \(shown(manifest)) or its helpers); every rule applies"]
            case .xcodeGenProject(let spec):
                return ["deployment targets: not known (no deployment target in \(shown(spec))); every rule applies"]
            default:
                return ["deployment targets: not known (no Package.swift, Xcode project, Tuist Project.swift, XcodeGen project.yml or xcconfig above the file); every rule applies"]
            }
        }
        let platforms = targets.minimums.platforms.map { $0.sorted() } ?? targets.minimums.versions.keys.sorted()
        guard !platforms.isEmpty else { return ["deployment targets: no platform"] }
        let rows = platforms.map { platform -> (String, String) in
            let minimum = targets.minimums.versions[platform].map { "\(platform.rawValue) \($0.deploymentTargetText)" }
                ?? "\(platform.rawValue) (any version)"
            return (minimum, origin(of: platform, in: targets))
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padded(toWidth: width) + "  " + $0.1 }
    }

    private static func origin(of platform: Platform, in targets: DeploymentTargets) -> String {
        let origin = targets.origins[platform]
        var text: String
        switch targets.source {
        case .commandLine: text = "from --platform"
        case .configurationFile(let path): text = "from \(shown(path)) (\"platforms\")"
        case .package(let manifest): text = "from \(shown(manifest))"
        case .xcodeProject(let directory), .xcconfig(let directory):
            let files = origin?.files ?? []
            text = "from " + (files.isEmpty ? shown(directory) : files.map(shown).joined(separator: ", "))
        case .tuistProject(let manifest), .xcodeGenProject(spec: let manifest):
            let files = origin?.files ?? []
            let tool = if case .tuistProject = targets.source { "Tuist" } else { "XcodeGen" }
            text = "from " + (files.isEmpty ? shown(manifest) : files.map(shown).joined(separator: ", ")) + " (\(tool))"
        case .none: text = ""
        }
        var notes: [String] = []
        if let values = origin?.values, values.count > 1 {
            notes.append("lowest of " + values.map(\.deploymentTargetText).joined(separator: ", "))
        }
        if let note = origin?.note { notes.append(note) }
        if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
        return text
    }

    /// A path relative to the current directory when it lies under it.
    static func shown(_ path: String) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard absolute.hasPrefix(current + "/") else { return path }
        return String(absolute.dropFirst(current.count + 1))
    }
}
