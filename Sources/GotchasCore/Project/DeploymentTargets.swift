import Foundation

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

    public var minimums: PlatformMinimums
    public var source: Source
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
        if let commandLine, !commandLine.isEmpty { return DeploymentTargets(configured: commandLine, source: .commandLine) }
        if let configuration, let platforms = configuration.platforms {
            return DeploymentTargets(configured: platforms, source: .configurationFile(path: configuration.path ?? ConfigurationFile.fileName))
        }
        return self
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
        while let current = directory {
            if let manifest = layout.manifests[current], let facts = facts[manifest],
               facts.packageBuilds(relativePath: Self.relative(path, to: current)) {
                return facts.packageTargets(manifest: manifest)
            }
            if let projects = layout.xcodeProjects[current] {
                let files = projects + (layout.xcconfigsByProject[current] ?? [])
                return buildSettingsTargets(files, source: .xcodeProject(directory: current))
            }
            directory = Self.parent(of: current)
        }
        directory = Self.parent(of: path)
        while let current = directory {
            if let orphans = layout.orphanXcconfigsUnder[current] {
                return buildSettingsTargets(orphans, source: .xcconfig(directory: current))
            }
            directory = Self.parent(of: current)
        }
        return .unknown
    }

    /// Xcode build settings merged over files (pbxproj targets and configurations, and
    /// xcconfigs): per platform the lowest deployment target; the platforms built for are
    /// the union of `SDKROOT`/`SUPPORTED_PLATFORMS`, or the platforms with a deployment
    /// target when those name none.
    private func buildSettingsTargets(_ files: [String], source: DeploymentTargets.Source) -> DeploymentTargets {
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
    static func parent(of path: String) -> String? {
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
                    // …/Directory/App.xcodeproj/project.pbxproj: the project's directory.
                    let bundle = ProjectSettingsFiles.parent(of: path) ?? ""
                    xcodeProjects[ProjectSettingsFiles.parent(of: bundle) ?? "", default: []].append(path)
                case .xcconfig:
                    break
                }
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
        }
    }
}

/// What one settings file says about deployment targets.
struct SettingsFileFacts: Sendable, Equatable {
    var kind: ProjectSettings.FileKind
    // Manifests.
    var toolsVersion: OSVersion?
    var manifestPlatforms: ManifestPlatforms = .notDeclared
    /// Custom target directories (`path: "…"` arguments), relative to the package.
    var targetPaths: [String] = []
    // Build settings (pbxproj, xcconfig).
    /// Every value each `*_DEPLOYMENT_TARGET` key is set to.
    var deploymentTargets: [Platform: Set<OSVersion>] = [:]
    /// Platforms named by `SDKROOT` and `SUPPORTED_PLATFORMS`.
    var sdkPlatforms: Set<Platform> = []

    init?(path: String, text: String) {
        guard let kind = ProjectSettings.kind(ofPath: path) else { return nil }
        self.kind = kind
        switch kind {
        case .manifest, .manifestVariant:
            toolsVersion = ManifestReader.toolsVersion(text)
            manifestPlatforms = ManifestReader.platforms(ManifestReader.code(text))
            targetPaths = Self.customTargetPaths(String(ManifestReader.code(text)))
        case .xcodeProject, .xcconfig:
            readBuildSettings(text, xcconfig: kind == .xcconfig)
        }
    }

    /// `platforms:` of a manifest.
    enum ManifestPlatforms: Sendable, Equatable {
        case notDeclared
        /// Listed platforms; a version this reader cannot read is nil (any version).
        case declared([Platform: OSVersion?])
        /// Written in a way this reader does not follow (computed, conditional).
        case unreadable
    }

    /// SwiftPM builds only files under a target's directory: `Sources/`, `Tests/`, `Plugins/`
    /// by default (`Snippets/` too), or a target's `path:`. A Swift file elsewhere beside a
    /// manifest (an `Examples/` app next to a library) is not part of the package.
    func packageBuilds(relativePath: String) -> Bool {
        let first = relativePath.split(separator: "/").first.map(String.init) ?? ""
        if ["Sources", "Tests", "Plugins", "Snippets"].contains(first) { return true }
        return targetPaths.contains { path in
            let directory = path.hasSuffix("/") ? String(path.dropLast()) : path
            return directory == "." || directory.isEmpty || relativePath == directory || relativePath.hasPrefix(directory + "/")
        }
    }

    /// The string arguments labelled `path:` in a manifest's code (comments removed).
    static func customTargetPaths(_ code: String) -> [String] {
        var paths: [String] = []
        var rest = Substring(code)
        while let label = rest.range(of: "path:") {
            rest = rest[label.upperBound...]
            let value = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard value.first == "\"" else { continue }
            let literal = value.dropFirst().prefix { $0 != "\"" && $0 != "\n" }
            paths.append(String(literal))
        }
        return paths
    }

    /// The deployment targets of a manifest at `manifest`.
    func packageTargets(manifest: String) -> DeploymentTargets {
        switch manifestPlatforms {
        case .declared(let listed):
            // Listed = built for. SwiftPM gives an unlisted platform its low default
            // (iOS 12, macOS 10.13 today), below SwiftUI's own minimum (iOS 13, macOS
            // 10.15): SwiftUI code that is not guarded there would not build, so a package
            // that lists platforms is, for SwiftUI code, built for those only.
            let versions = listed.compactMapValues { $0 }
            let origins = listed.mapValues { version in
                DeploymentTargets.Origin(files: [manifest], values: version.map { [$0] } ?? [],
                                         note: version == nil ? "listed in platforms:, version not readable" : nil)
            }
            return DeploymentTargets(minimums: PlatformMinimums(platforms: Set(listed.keys), versions: versions),
                                     source: .package(manifest: manifest), origins: origins)
        case .notDeclared:
            let defaults = SwiftPMDefaults.deploymentTargets(toolsVersion: toolsVersion)
            let tools = toolsVersion.map { "tools version \($0.deploymentTargetText)" } ?? "an unknown tools version"
            let origins = defaults.mapValues {
                DeploymentTargets.Origin(files: [manifest], values: [$0], note: "SwiftPM default for \(tools); no platforms:")
            }
            return DeploymentTargets(minimums: PlatformMinimums(deploymentTargets: defaults), source: .package(manifest: manifest), origins: origins)
        case .unreadable:
            return DeploymentTargets(minimums: .unknown, source: .package(manifest: manifest),
                                     note: "platforms: is not a list of platforms this reader understands")
        }
    }

    /// `KEY = value;` lines of a pbxproj, `KEY = value` lines of an xcconfig.
    private mutating func readBuildSettings(_ text: String, xcconfig: Bool) {
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if xcconfig, let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            // The `=` outside a condition (`KEY[sdk=iphoneos*] = 15.0`).
            var bracketDepth = 0
            guard let equals = line.firstIndex(where: { character in
                if character == "[" { bracketDepth += 1 } else if character == "]" { bracketDepth -= 1 }
                return character == "=" && bracketDepth == 0
            }) else { continue }
            var key = Self.unquoted(line[..<equals])
            // `IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*]`: a conditional value counts too.
            if let bracket = key.firstIndex(of: "[") { key = key[..<bracket] }
            var value = line[line.index(after: equals)...]
            while let last = value.last, last == ";" || last.isWhitespace { value.removeLast() }
            let text = Self.unquoted(value)
            if let platform = Self.deploymentTargetKeys[String(key)] {
                // `$(inherited)`, `$(RECOMMENDED_…)`: not a version, skipped.
                if let version = OSVersion(text) { deploymentTargets[platform, default: []].insert(version) }
            } else if key == "SDKROOT" || key == "SUPPORTED_PLATFORMS" {
                for name in text.split(separator: " ") {
                    if let platform = Self.sdkPlatform(name) { sdkPlatforms.insert(platform) }
                }
            }
        }
    }

    static let deploymentTargetKeys: [String: Platform] = [
        "IPHONEOS_DEPLOYMENT_TARGET": .iOS, "MACOSX_DEPLOYMENT_TARGET": .macOS, "TVOS_DEPLOYMENT_TARGET": .tvOS,
        "WATCHOS_DEPLOYMENT_TARGET": .watchOS, "XROS_DEPLOYMENT_TARGET": .visionOS,
    ]

    /// An SDK name (`iphoneos`, `iphonesimulator17.0`, `xros`); nil for `auto`, `$(…)`, others.
    static func sdkPlatform(_ name: Substring) -> Platform? {
        let prefixes: [(String, Platform)] = [
            ("iphoneos", .iOS), ("iphonesimulator", .iOS), ("macosx", .macOS), ("appletvos", .tvOS),
            ("appletvsimulator", .tvOS), ("watchos", .watchOS), ("watchsimulator", .watchOS),
            ("xros", .visionOS), ("xrsimulator", .visionOS),
        ]
        return prefixes.first { name.hasPrefix($0.0) }?.1
    }

    private static func unquoted(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        return text
    }
}

/// SwiftPM's deployment targets for a package that does not list `platforms:`.
///
/// SwiftPM gives every platform a package does not declare its `oldestSupportedVersion`
/// (swiftlang/swift-package-manager, `Sources/PackageModel/Platform.swift`: `Platform.iOS
/// = Platform(name: "ios", oldestSupportedVersion: "12.0")`, macOS 10.13, tvOS 12.0,
/// watchOS 4.0, visionOS 1.0; `PackageBuilder` fills in the undeclared platforms from it).
/// The value belongs to the toolchain that builds the package, not to the manifest; the
/// tools version says the oldest toolchain that may, so these are the defaults of that
/// toolchain's SwiftPM: before 5.7 macOS 10.10, iOS 9.0, tvOS 9.0, watchOS 2.0 (the same
/// file in SwiftPM 5.0–5.6); 5.7–5.8 (Xcode 14) macOS 10.13, iOS 11.0, tvOS 11.0, watchOS
/// 4.0; 5.9 and later as above. All are below SwiftUI's own minimum, so SwiftUI code in such
/// a package builds only under `@available`, which raises the minimum where it is written.
enum SwiftPMDefaults {
    static func deploymentTargets(toolsVersion: OSVersion?) -> [Platform: OSVersion] {
        let tools = toolsVersion ?? OSVersion(5, 9)
        if tools < OSVersion(5, 7) {
            return [.macOS: OSVersion(10, 10), .iOS: OSVersion(9), .tvOS: OSVersion(9), .watchOS: OSVersion(2), .visionOS: OSVersion(1)]
        }
        if tools < OSVersion(5, 9) {
            return [.macOS: OSVersion(10, 13), .iOS: OSVersion(11), .tvOS: OSVersion(11), .watchOS: OSVersion(4), .visionOS: OSVersion(1)]
        }
        return [.macOS: OSVersion(10, 13), .iOS: OSVersion(12), .tvOS: OSVersion(12), .watchOS: OSVersion(4), .visionOS: OSVersion(1)]
    }
}

/// Reads `platforms:` from a manifest's text without running it: the common spellings
/// (`.iOS(.v15)`, `.macOS(.v10_15)`, `.macOS("12.0")`, `SupportedPlatform.iOS(.v15)`), as an
/// argument of `Package(…)`, through a `let` it names, or assigned to `package.platforms`.
enum ManifestReader {
    /// `// swift-tools-version:5.9` (or `: 6.0`, `5.9.0;…`) on the first line.
    static func toolsVersion(_ text: String) -> OSVersion? {
        guard let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first,
              let marker = first.lowercased().range(of: "swift-tools-version:") else { return nil }
        let rest = first.lowercased()[marker.upperBound...].drop { $0 == " " }
        return OSVersion(rest.prefix { $0.isNumber || $0 == "." })
    }

    /// The text with comments blanked (`//…`, nested `/*…*/`), string literals kept.
    static func code(_ text: String) -> [Character] {
        let characters = Array(text)
        var output: [Character] = []
        output.reserveCapacity(characters.count)
        var index = 0
        func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
        while index < characters.count {
            let character = characters[index]
            if character == "/", at(1) == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            if character == "/", at(1) == "*" {
                var depth = 0
                repeat {
                    if characters[index] == "/", at(1) == "*" { depth += 1; index += 2; continue }
                    if characters[index] == "*", at(1) == "/" { depth -= 1; index += 2; continue }
                    index += 1
                } while depth > 0 && index < characters.count
                output.append(" ")
                continue
            }
            if character == "\"" {
                let multiline = at(1) == "\"" && at(2) == "\""
                let start = index
                index += multiline ? 3 : 1
                while index < characters.count {
                    if characters[index] == "\\" { index += 2; continue }
                    if multiline, characters[index] == "\"", at(1) == "\"", at(2) == "\"" { index += 3; break }
                    if !multiline, characters[index] == "\"" || characters[index] == "\n" { index += 1; break }
                    index += 1
                }
                output.append(contentsOf: characters[start..<min(index, characters.count)])
                continue
            }
            output.append(character)
            index += 1
        }
        return output
    }

    static func platforms(_ code: [Character]) -> SettingsFileFacts.ManifestPlatforms {
        guard let value = platformsExpression(code) else { return .notDeclared }
        var expression = trimmed(value)
        if expression == Array("nil") { return .notDeclared }
        // `platforms: platforms` → `let platforms: [SupportedPlatform] = [ … ]`.
        if let first = expression.first, first.isLetter || first == "_",
           expression.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            guard let declared = initializer(of: String(expression), in: code) else { return .unreadable }
            expression = trimmed(declared)
        }
        guard expression.first == "[", expression.last == "]" else { return .unreadable }
        var listed: [Platform: OSVersion?] = [:]
        for entry in topLevelSplit(Array(expression.dropFirst().dropLast()), separator: ",") {
            var entry = trimmed(entry)
            if entry.isEmpty { continue }
            if entry.starts(with: "SupportedPlatform") { entry.removeFirst("SupportedPlatform".count) }
            guard entry.first == ".", let open = entry.firstIndex(of: "("), entry.last == ")" else { return .unreadable }
            let name = String(entry[1..<open])
            // macCatalyst, driverKit, custom(…): not one of the platforms rules reason about.
            guard ["iOS", "macOS", "tvOS", "watchOS", "visionOS"].contains(name), let platform = Platform(availabilityName: name) else { continue }
            let argument = String(trimmed(Array(entry[(open + 1)..<(entry.count - 1)])))
            listed[platform] = version(argument)
        }
        return .declared(listed)
    }

    /// `.v15` → 15.0, `.v10_15` → 10.15, `"12.0"` → 12.0.
    static func version(_ argument: String) -> OSVersion? {
        if argument.hasPrefix(".v") { return OSVersion(String(argument.dropFirst(2).map { $0 == "_" ? "." : $0 })) }
        if argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") { return OSVersion(argument.dropFirst().dropLast()) }
        return nil
    }

    /// The expression given as `platforms:` to `Package(…)`, or assigned to `.platforms`.
    private static func platformsExpression(_ code: [Character]) -> [Character]? {
        let label = Array("platforms")
        var index = 0
        while let found = find(label, in: code, from: index) {
            index = found + label.count
            guard found == 0 || !isIdentifier(code[found - 1]) || code[found - 1] == "." else { continue }
            guard index >= code.count || !isIdentifier(code[index]) else { continue }
            var after = index
            while after < code.count, code[after].isWhitespace { after += 1 }
            guard after < code.count else { break }
            if code[after] == ":", found > 0, isPackageArgument(code, at: found) {
                return expression(in: code, from: after + 1)
            }
            if code[after] == "=", after + 1 < code.count, code[after + 1] != "=", found > 0, code[found - 1] == "." {
                return expression(in: code, from: after + 1)
            }
        }
        return nil
    }

    /// Whether the label at `index` is an argument of a `Package(` call directly
    /// (not of `.when(platforms:)` or another call inside it).
    private static func isPackageArgument(_ code: [Character], at index: Int) -> Bool {
        var depth = 0
        var position = index - 1
        while position >= 0 {
            switch code[position] {
            case ")", "]", "}": depth += 1
            case "(", "[", "{":
                if depth > 0 { depth -= 1; break }
                guard code[position] == "(" else { return false }
                var end = position
                while end > 0, code[end - 1].isWhitespace { end -= 1 }
                var start = end
                while start > 0, isIdentifier(code[start - 1]) { start -= 1 }
                return String(code[start..<end]) == "Package"
            default: break
            }
            position -= 1
        }
        return false
    }

    /// The initializer of `let name = …` / `let name: T = …`, up to the end of its expression.
    private static func initializer(of name: String, in code: [Character]) -> [Character]? {
        for keyword in ["let", "var"] {
            let pattern = Array("\(keyword) \(name)")
            var index = 0
            while let found = find(pattern, in: code, from: index) {
                index = found + pattern.count
                guard index < code.count, !isIdentifier(code[index]) else { continue }
                var position = index
                // Skip a type annotation: up to the `=` at depth 0.
                var depth = 0
                while position < code.count {
                    let character = code[position]
                    if "([{".contains(character) { depth += 1 }
                    if ")]}".contains(character) { depth -= 1 }
                    if character == "=", depth == 0 { break }
                    if character == "\n", depth == 0 { return nil }
                    position += 1
                }
                guard position < code.count else { return nil }
                return expression(in: code, from: position + 1)
            }
        }
        return nil
    }

    /// From `start`, up to a `,` or `)` at depth 0 (or a line end at depth 0 after a
    /// complete bracket, for assignments).
    private static func expression(in code: [Character], from start: Int) -> [Character] {
        var depth = 0
        var index = start
        var inString = false
        while index < code.count {
            let character = code[index]
            if inString {
                if character == "\\" { index += 2; continue }
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                if depth == 0 { break }
                depth -= 1
                if depth == 0, character == "]", startsWithBracket(code, start) { index += 1; break }
            } else if character == ",", depth == 0 {
                break
            } else if character == "\n", depth == 0, !trimmed(Array(code[start..<index])).isEmpty {
                break
            }
            index += 1
        }
        return Array(code[start..<min(index, code.count)])
    }

    private static func startsWithBracket(_ code: [Character], _ start: Int) -> Bool {
        var index = start
        while index < code.count, code[index].isWhitespace { index += 1 }
        return index < code.count && code[index] == "["
    }

    private static func topLevelSplit(_ code: [Character], separator: Character) -> [[Character]] {
        var parts: [[Character]] = [[]]
        var depth = 0
        var inString = false
        for character in code {
            if inString {
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            } else if character == separator, depth == 0 {
                parts.append([])
                continue
            }
            parts[parts.count - 1].append(character)
        }
        return parts
    }

    private static func trimmed(_ code: [Character]) -> [Character] {
        var slice = code[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return Array(slice)
    }

    private static func find(_ pattern: [Character], in code: [Character], from start: Int) -> Int? {
        guard !pattern.isEmpty, code.count >= pattern.count, start <= code.count - pattern.count else { return nil }
        for index in start...(code.count - pattern.count) where code[index] == pattern[0] {
            if code[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
        }
        return nil
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
