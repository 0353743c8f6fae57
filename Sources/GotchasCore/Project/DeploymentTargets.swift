#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The deployment targets that apply to a Swift file, and where each came from (for
/// `swiftui-gotchas settings` and the server's log). Built by
/// `ProjectSettingsFiles.deploymentTargets(forFile:)` from the project, then replaced by
/// the configuration file's `"platforms"` or `--platform` when those are set
/// (`inEffect(configuration:commandLine:)`).
public struct DeploymentTargets: Sendable, Equatable {
    /// What decided the minimums.
    public enum Source: Sendable, Equatable {
        /// No package, Xcode project or xcconfig above the file: nothing is constrained.
        case none
        /// The nearest enclosing package's manifest.
        case package(manifest: String)
        /// The Xcode project(s) in this directory (`*.xcodeproj/project.pbxproj` and the
        /// xcconfig files under the directory).
        case xcodeProject(directory: String)
        /// xcconfig files with no Xcode project above them, under this directory.
        case xcconfig(directory: String)
        /// A Tuist project's `Project.swift` in this directory, with the manifests' shared
        /// helpers (`Tuist/ProjectDescriptionHelpers`): the lowest its targets declare.
        case tuistProject(manifest: String)
        /// An XcodeGen spec (`project.yml`) in this directory: the lowest its targets and its
        /// `options` declare.
        case xcodeGenProject(spec: String)
        /// `"platforms"` of this configuration file (or `<editor settings>`).
        case configurationFile(path: String)
        /// `lint --platform`.
        case commandLine
    }

    /// Where one platform's minimum came from.
    public struct Origin: Sendable, Equatable {
        /// The settings files that set it (empty for the command line).
        public var files: [String]
        /// Every distinct value those files set, ascending: several when targets disagree
        /// (the lowest is in effect: the file may be built into any of them).
        public var values: [OSVersion]
        /// How it was decided, when not simply written down: "SwiftPM default for tools
        /// version 5.9", "in SUPPORTED_PLATFORMS, no deployment target".
        public var note: String?

        public init(files: [String], values: [OSVersion], note: String? = nil) {
            self.files = files
            self.values = values
            self.note = note
        }
    }

    /// Which targets of an Xcode project compile the file, when its membership was read.
    public enum Membership: Sendable, Equatable {
        /// Not read: a package, no project, or a project whose membership is not readable.
        case notRead
        /// Compiled by these targets: the minimums are the lowest over them.
        case targets([ProjectTarget])
        /// Under an Xcode project (these pbxproj files) that compiles it in no target.
        case noTarget(projects: [String])
    }

    public var minimums: PlatformMinimums
    public var source: Source
    /// Which targets the minimums were taken from; kept when the configuration or the
    /// command line replaces the minimums (a file in no target is still not built).
    public var membership: Membership = .notRead
    /// True when the file's project compiles it in no target: nothing is reported for it.
    public var isInNoTarget: Bool { if case .noTarget = membership { true } else { false } }
    /// Per platform built for.
    public var origins: [Platform: Origin]
    /// Why nothing is known although a project was found (a `platforms:` that is not a
    /// list this reader understands), for display.
    public var note: String?

    public init(minimums: PlatformMinimums, source: Source, origins: [Platform: Origin] = [:], note: String? = nil) {
        self.minimums = minimums
        self.source = source
        self.origins = origins
        self.note = note
    }

    public static let unknown = DeploymentTargets(minimums: .unknown, source: .none)

    /// Set outright (the configuration's `"platforms"`, `--platform`): built for exactly
    /// the platforms named, from the versions given.
    public init(configured versions: [Platform: OSVersion], source: Source) {
        let file: [String]
        if case .configurationFile(let path) = source { file = [path] } else { file = [] }
        self.init(minimums: PlatformMinimums(deploymentTargets: versions), source: source,
                  origins: versions.mapValues { Origin(files: file, values: [$0]) })
    }

    /// What applies to the file: `--platform` replaces the configuration file's
    /// `"platforms"`, which replaces what the project says. Replacing is whole, not per
    /// platform: `"platforms": {"iOS": "16.0"}` means built for iOS only.
    public func inEffect(configuration: ConfigurationFile?, commandLine: [Platform: OSVersion]?) -> DeploymentTargets {
        var replaced: DeploymentTargets
        if let commandLine, !commandLine.isEmpty {
            replaced = DeploymentTargets(configured: commandLine, source: .commandLine)
        } else if let configuration, let platforms = configuration.platforms {
            replaced = DeploymentTargets(configured: platforms, source: .configurationFile(path: configuration.path ?? ConfigurationFile.fileName))
        } else {
            return self
        }
        replaced.membership = membership
        return replaced
    }
}

extension OSVersion {
    /// `15.0`, `10.15`, `10.15.4`: as deployment targets are written (at least major.minor).
    public var deploymentTargetText: String { patch != 0 ? "\(major).\(minor).\(patch)" : "\(major).\(minor)" }
}

/// The project settings files of a workspace (path → parsed facts), and which of them
/// apply to a Swift file. A value: the front ends read the files (CLI: the scan and the
/// directories above the linted paths; server: the workspace folders, kept current from
/// watched files) and hand the text in; nothing here touches the disk.
///
/// Paths are compared as text, so the front end gives settings files and Swift files in
/// the same form (standardized absolute paths).
///
/// A file's project is found by walking up from its directory: the first directory with a
/// `Package.swift` (a file under `Packages/Foo/Sources/…` belongs to
/// `Packages/Foo/Package.swift`) or an `*.xcodeproj` wins; the manifest first when a
/// directory has both. Without either, xcconfig files that have no Xcode project above them
/// stand in for the project (XcodeGen/Tuist checkouts commit those but not the project).
public struct ProjectSettingsFiles: Sendable, Equatable {
    private var facts: [String: SettingsFileFacts] = [:]
    /// Derived from `facts` on every change (settings files are few).
    private var layout = Layout()

    public init() {}

    public init(_ files: some Sequence<(path: String, text: String)>) {
        for (path, text) in files { facts[path] = SettingsFileFacts(path: path, text: text) }
        layout = Layout(facts)
    }

    public var paths: [String] { facts.keys.sorted() }
    public var isEmpty: Bool { facts.isEmpty }

    /// Records (or replaces) a settings file; a path that is not one changes nothing.
    /// Returns whether anything this layer reads changed.
    @discardableResult
    public mutating func update(path: String, text: String) -> Bool {
        guard let new = SettingsFileFacts(path: path, text: text) else { return false }
        return update(path: path, facts: new)
    }

    /// Records what was read from a settings file (reading parses a manifest: a front end
    /// whose loop must not parse reads it elsewhere and hands over the facts).
    @discardableResult
    public mutating func update(path: String, facts new: SettingsFileFacts) -> Bool {
        guard facts[path] != new else { return false }
        facts[path] = new
        layout = Layout(facts)
        return true
    }

    @discardableResult
    public mutating func remove(path: String) -> Bool {
        guard facts.removeValue(forKey: path) != nil else { return false }
        layout = Layout(facts)
        return true
    }

    /// The deployment targets the project sets for the Swift file at `path`.
    public func deploymentTargets(forFile path: String) -> DeploymentTargets {
        var directory = Self.parent(of: path)
        var underPackage = false
        while let current = directory {
            if let manifestPath = layout.manifests[current] {
                if let manifest = facts[manifestPath]?.manifest, manifest.builds(relativePath: Self.relative(path, to: current)) {
                    return manifest.deploymentTargets(path: manifestPath)
                }
                // A package whose manifest sits beside the Xcode project (a root `Package.swift`
                // for tools or a library the app also ships) does not own the app's folders: the
                // project's membership still decides there.
                underPackage = underPackage || layout.xcodeProjectTargets[current] == nil
            }
            if let targets = layout.xcodeProjectTargets[current] {
                return xcodeTargets(forFile: path, projectDirectory: current, underPackage: underPackage) ?? targets
            }
            if let targets = layout.tuistProjectTargets[current] { return targets }
            if let project = layout.xcodeGenProjects[current] { return project.deploymentTargets(forFile: path) }
            directory = Self.parent(of: current)
        }
        // A file a project elsewhere compiles (`../Shared/…`).
        let compiling = layout.targets(compiling: path)
        if !compiling.isEmpty { return ProjectTarget.deploymentTargets(of: compiling, source: .xcodeProject(directory: XcodeProjectModel.folder(ofProject: compiling[0].project))) }
        // Or an XcodeGen spec elsewhere whose targets' `sources:` name its folder (`../share/swift`).
        let generated = layout.xcodeGenProjects.sorted { $0.key < $1.key }
            .map { (spec: $0.value.path, targets: $0.value.targets(compiling: path)) }.filter { !$0.targets.isEmpty }
        if let first = generated.first {
            return ProjectTarget.deploymentTargets(of: generated.flatMap(\.targets), source: .xcodeGenProject(spec: first.spec))
        }
        directory = Self.parent(of: path)
        while let current = directory {
            if let targets = layout.orphanXcconfigTargets[current] { return targets }
            directory = Self.parent(of: current)
        }
        return .unknown
    }

    /// The deployment targets of the file at `path` under the Xcode project(s) of
    /// `projectDirectory`, from the targets of any readable project that compile it; a file
    /// none compiles is in no target when every project here has readable membership and
    /// the file lies in no package. nil: not known that way (today's project-wide lowest applies).
    private func xcodeTargets(forFile path: String, projectDirectory: String, underPackage: Bool) -> DeploymentTargets? {
        let compiling = layout.targets(compiling: path)
        if !compiling.isEmpty { return ProjectTarget.deploymentTargets(of: compiling, source: .xcodeProject(directory: projectDirectory)) }
        let projects = layout.xcodeProjects[projectDirectory] ?? []
        guard !underPackage, !projects.isEmpty,
              projects.allSatisfy({ facts[$0]?.project?.membershipIsComplete == true }),
              !layout.localPackages.contains(where: { path.hasPrefix($0 + "/") })
        else { return nil }
        var result = layout.xcodeProjectTargets[projectDirectory] ?? DeploymentTargets(minimums: .unknown, source: .xcodeProject(directory: projectDirectory))
        result.membership = .noTarget(projects: projects)
        return result
    }

    /// Xcode build settings merged over files (pbxproj targets and configurations, and
    /// xcconfigs): per platform the lowest deployment target; the platforms built for are
    /// the union of `SDKROOT`/`SUPPORTED_PLATFORMS`, or the platforms with a deployment
    /// target when those name none.
    fileprivate static func buildSettingsTargets(_ files: [String], source: DeploymentTargets.Source,
                                                 facts: [String: SettingsFileFacts]) -> DeploymentTargets {
        var values: [Platform: Set<OSVersion>] = [:]
        var setters: [Platform: [String]] = [:]
        var named: Set<Platform> = []
        for path in files.sorted() {
            guard let file = facts[path] else { continue }
            for (platform, versions) in file.deploymentTargets {
                values[platform, default: []].formUnion(versions)
                setters[platform, default: []].append(path)
            }
            named.formUnion(file.sdkPlatforms)
        }
        let built = named.isEmpty ? Set(values.keys) : named
        // Settings that name no platform at all (an xcconfig of other build settings) say
        // nothing about where the code builds: no constraint, not "no platform".
        guard !built.isEmpty else { return DeploymentTargets(minimums: .unknown, source: source, origins: [:]) }
        var origins: [Platform: DeploymentTargets.Origin] = [:]
        var lowest: [Platform: OSVersion] = [:]
        for platform in built {
            let seen = (values[platform] ?? []).sorted()
            lowest[platform] = seen.first
            let note = seen.isEmpty ? "in SDKROOT/SUPPORTED_PLATFORMS, no deployment target" : nil
            origins[platform] = .init(files: setters[platform] ?? files.filter { facts[$0]?.sdkPlatforms.contains(platform) == true }.sorted(),
                                      values: seen, note: note)
        }
        return DeploymentTargets(minimums: PlatformMinimums(platforms: built, versions: lowest), source: source, origins: origins)
    }

    /// `path` relative to its ancestor `directory` (`/a/b/c.swift` in `/a` → `b/c.swift`).
    static func relative(_ path: String, to directory: String) -> String {
        if directory.isEmpty { return path }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `/a/b/c.swift` → `/a/b` → `/a` → `/` → nil; `a/b.swift` → `a` → `` → nil.
    public static func parent(of path: String) -> String? {
        guard !path.isEmpty, path != "/" else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Where the settings files are, by directory.
    private struct Layout: Sendable, Equatable {
        /// Directory → its manifest (plain `Package.swift` over a variant).
        var manifests: [String: String] = [:]
        /// Directory holding `*.xcodeproj` → their `project.pbxproj` paths.
        var xcodeProjects: [String: [String]] = [:]
        /// Directory holding `*.xcodeproj` → the xcconfigs whose nearest project it is.
        var xcconfigsByProject: [String: [String]] = [:]
        /// Every ancestor directory of an xcconfig without a project above it → those xcconfigs.
        var orphanXcconfigsUnder: [String: [String]] = [:]
        /// What `buildSettingsTargets` gives for each directory above.
        var xcodeProjectTargets: [String: DeploymentTargets] = [:]
        var orphanXcconfigTargets: [String: DeploymentTargets] = [:]
        /// Directory holding a Tuist `Project.swift` → the lowest its manifests declare.
        var tuistProjectTargets: [String: DeploymentTargets] = [:]
        /// Directory holding an XcodeGen `project.yml` → its targets, resolved.
        var xcodeGenProjects: [String: XcodeGenProject] = [:]
        /// Every readable project's targets, resolved, beside the project read.
        var readProjects: [(model: XcodeProjectModel, targets: [ProjectTarget])] = []
        /// Directories of the local packages the readable projects reference.
        var localPackages: [String] = []

        static func == (lhs: Layout, rhs: Layout) -> Bool {
            lhs.manifests == rhs.manifests && lhs.xcodeProjects == rhs.xcodeProjects && lhs.xcconfigsByProject == rhs.xcconfigsByProject
                && lhs.orphanXcconfigsUnder == rhs.orphanXcconfigsUnder && lhs.xcodeProjectTargets == rhs.xcodeProjectTargets
                && lhs.orphanXcconfigTargets == rhs.orphanXcconfigTargets && lhs.localPackages == rhs.localPackages
                && lhs.tuistProjectTargets == rhs.tuistProjectTargets && lhs.xcodeGenProjects == rhs.xcodeGenProjects
                && lhs.readProjects.map(\.targets) == rhs.readProjects.map(\.targets) && lhs.readProjects.map(\.model) == rhs.readProjects.map(\.model)
        }

        /// The resolved targets of every readable project that compile the file at `path`.
        func targets(compiling path: String) -> [ProjectTarget] {
            readProjects.flatMap { project in project.model.targetIndices(compiling: path).map { project.targets[$0] } }
        }

        init() {}

        init(_ facts: [String: SettingsFileFacts]) {
            for (path, file) in facts.sorted(by: { $0.key < $1.key }) {
                switch file.kind {
                case .manifest:
                    manifests[ProjectSettingsFiles.parent(of: path) ?? ""] = path
                case .manifestVariant:
                    // Only without a plain manifest (which sorts first: `.` < `@`).
                    let directory = ProjectSettingsFiles.parent(of: path) ?? ""
                    if manifests[directory] == nil { manifests[directory] = path }
                case .xcodeProject:
                    xcodeProjects[XcodeProjectModel.folder(ofProject: path), default: []].append(path)
                case .xcconfig, .infoPlist, .tuistManifest, .xcodeGenSpec:
                    break
                }
            }
            // A Tuist `Project.swift` with the helpers of every `Tuist/ProjectDescriptionHelpers`
            // at or above its directory (the manifests' shared code, where targets are often built).
            let tuist = facts.filter { $0.value.kind == .tuistManifest && $0.value.isTuistManifest }
            for (path, _) in tuist where URL(fileURLWithPath: path).lastPathComponent == "Project.swift" {
                let directory = ProjectSettingsFiles.parent(of: path) ?? ""
                let helpers = tuist.keys.filter { helper in
                    guard let marker = helper.firstRange(of: ProjectSettings.tuistHelpersFolder) else { return false }
                    let root = String(helper[..<marker.lowerBound])
                    return directory == root || directory.hasPrefix(root + "/")
                }
                tuistProjectTargets[directory] = ProjectSettingsFiles.buildSettingsTargets(
                    [path] + helpers, source: .tuistProject(manifest: path), facts: facts)
            }
            for (path, file) in facts.sorted(by: { $0.key < $1.key }) where file.kind == .xcconfig {
                var directory = ProjectSettingsFiles.parent(of: path)
                var owner: String?
                while let current = directory {
                    if xcodeProjects[current] != nil { owner = current; break }
                    directory = ProjectSettingsFiles.parent(of: current)
                }
                if let owner {
                    xcconfigsByProject[owner, default: []].append(path)
                } else {
                    var ancestor = ProjectSettingsFiles.parent(of: path)
                    while let current = ancestor {
                        orphanXcconfigsUnder[current, default: []].append(path)
                        ancestor = ProjectSettingsFiles.parent(of: current)
                    }
                }
            }
            // Each readable project's targets resolved once, over the xcconfigs read.
            func xcconfigSettings(_ path: String) -> [(setting: XcodeBuildSettings.Setting, file: String)]? {
                var seen: Set<String> = []
                func settings(_ path: String) -> [(setting: XcodeBuildSettings.Setting, file: String)]? {
                    guard seen.insert(path).inserted, let file = facts[path], file.kind == .xcconfig else { return nil }
                    // An `#include` sits under the including file's own assignments.
                    return file.xcconfigIncludes.flatMap { settings($0) ?? [] } + file.xcconfigSettings.map { ($0, path) }
                }
                return settings(path)
            }
            for (path, file) in facts.sorted(by: { $0.key < $1.key }) {
                if let spec = file.xcodeGenSpec {
                    xcodeGenProjects[ProjectSettingsFiles.parent(of: path) ?? ""] = XcodeGenProject(spec: spec, path: path, xcconfigs: xcconfigSettings)
                }
                guard let project = file.project else { continue }
                readProjects.append((project, project.targets.map { ProjectTarget($0, project: path, xcconfigs: xcconfigSettings) }))
                localPackages += project.localPackages
            }
            // Merged once here, not once per directory of Swift files that asks (~8 % of a
            // warm `lint` over a 500-directory Xcode project).
            for (directory, projects) in xcodeProjects {
                xcodeProjectTargets[directory] = ProjectSettingsFiles.buildSettingsTargets(
                    projects + (xcconfigsByProject[directory] ?? []), source: .xcodeProject(directory: directory), facts: facts)
            }
            for (directory, orphans) in orphanXcconfigsUnder {
                orphanXcconfigTargets[directory] = ProjectSettingsFiles.buildSettingsTargets(
                    orphans, source: .xcconfig(directory: directory), facts: facts)
            }
        }
    }
}

/// An XcodeGen spec with its targets resolved over the xcconfigs it names.
struct XcodeGenProject: Sendable, Equatable {
    var spec: XcodeGenSpec
    var path: String
    var targets: [ProjectTarget]

    init(spec: XcodeGenSpec, path: String, xcconfigs: (String) -> [(setting: XcodeBuildSettings.Setting, file: String)]?) {
        self.spec = spec
        self.path = path
        targets = spec.targets.map { ProjectTarget($0.model, project: path, xcconfigs: xcconfigs) }
    }

    /// The targets whose sources hold the file (none when no target names it).
    func targets(compiling file: String) -> [ProjectTarget] {
        guard let names = spec.targetNames(compiling: file) else { return [] }
        return targets.filter { names.contains($0.name) }
    }

    /// From the targets whose sources hold the file; from all of them, without naming any,
    /// when none does.
    func deploymentTargets(forFile file: String) -> DeploymentTargets {
        guard let names = spec.targetNames(compiling: file) else {
            var result = ProjectTarget.deploymentTargets(of: targets, source: .xcodeGenProject(spec: path))
            result.membership = .notRead
            return result
        }
        return ProjectTarget.deploymentTargets(of: targets.filter { names.contains($0.name) }, source: .xcodeGenProject(spec: path))
    }
}
