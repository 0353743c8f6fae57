#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one settings file says (a manifest's platforms and target paths, an Xcode project's or
/// xcconfig's deployment targets and SDKs). Built from the file's text; a manifest is parsed.
public struct SettingsFileFacts: Sendable, Equatable {
    var kind: ProjectSettings.FileKind
    /// What a manifest (`Package.swift`, `Package@swift-….swift`) says; nil for build settings.
    var manifest: PackageManifest?
    // Build settings (pbxproj, xcconfig).
    /// Every value each `*_DEPLOYMENT_TARGET` key is set to.
    var deploymentTargets: [Platform: Set<OSVersion>] = [:]
    /// Platforms named by `SDKROOT` and `SUPPORTED_PLATFORMS`.
    var sdkPlatforms: Set<Platform> = []
    /// A pbxproj's targets, their files and settings; nil when not readable (or not a pbxproj).
    var project: XcodeProjectModel?
    /// An xcconfig's assignments of the keys `XcodeBuildSettings` reads, in order.
    var xcconfigSettings: [XcodeBuildSettings.Setting] = []
    /// The xcconfigs an xcconfig `#include`s.
    var xcconfigIncludes: [String] = []

    public init?(path: String, text: String) {
        self.init(path: path, text: text, skippingLinesWithoutKeys: true)
    }

    /// `skippingLinesWithoutKeys: false` reads every line by `Character`s: the meaning of
    /// the shortcut, for the tests that compare them.
    init?(path: String, text: String, skippingLinesWithoutKeys: Bool) {
        guard let kind = ProjectSettings.kind(ofPath: path) else { return nil }
        self.kind = kind
        switch kind {
        case .manifest, .manifestVariant:
            manifest = PackageManifest(text: text)
        case .xcodeProject, .xcconfig:
            if kind == .xcodeProject {
                project = XcodeProjectModel(path: path, text: text)
            } else {
                (xcconfigSettings, xcconfigIncludes) = XcodeBuildSettings.xcconfig(path: path, text: text)
            }
            guard skippingLinesWithoutKeys else {
                readBuildSettings(Substring(text), xcconfig: kind == .xcconfig)
                break
            }
            // Only a line that names a key read here can set anything, and an ASCII line
            // names one only if its bytes hold the name (a non-ASCII line may spell it with
            // a canonically equivalent character, KELVIN SIGN for the K of SDKROOT: it is
            // read as before). A pbxproj has thousands of lines and a few dozen such.
            let lines = SettingsTextLines(text)
            for piece in lines where !piece.isASCII || lines.piece(piece, contains: Self.keyMarkers) {
                readBuildSettings(piece.text, xcconfig: kind == .xcconfig)
            }
        case .infoPlist:
            break  // no deployment target there (an Info.plist's `MinimumOSVersion` is generated)
        case .tuistManifest:
            isTuistManifest = text.contains("import ProjectDescription")
            if isTuistManifest { deploymentTargets = Self.tuistDeploymentTargets(in: text) }
        case .xcodeGenSpec:
            let spec = XcodeGenSpec(path: path, text: text)
            xcodeGenSpec = spec.isSpec ? spec : nil
        }
    }

    /// An XcodeGen spec's targets; nil for any other file (and another tool's `project.yml`).
    var xcodeGenSpec: XcodeGenSpec?

    /// True for a `Project.swift` or helper that imports `ProjectDescription` (a Tuist manifest).
    var isTuistManifest = false

    /// The versions a Tuist manifest declares: `.iOS("17.0")`, `.macOS(targetVersion: "13.0")`
    /// (`deploymentTarget:` of Tuist 3), and the labels of `.multiplatform(iOS: "16.0", macOS: "13.0")`.
    /// Read as text: the manifest is Swift that builds values, and these literals are what it
    /// passes — directly, or through a constant the same file declares (`let deploymentTarget =
    /// "16.0"` … `.iOS(deploymentTarget)`); a version computed at run time is not seen (the project
    /// then stays unconstrained for that platform).
    static func tuistDeploymentTargets(in text: String) -> [Platform: Set<OSVersion>] {
        var found: [Platform: Set<OSVersion>] = [:]
        let names: [(String, Platform)] = [("iOS", .iOS), ("macOS", .macOS), ("tvOS", .tvOS), ("watchOS", .watchOS), ("visionOS", .visionOS)]
        let lines = text.split(whereSeparator: \.isNewline).map { (line: Substring) -> Substring in
            line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line
        }
        let constants = versionConstants(in: lines)
        for line in lines {
            for (name, platform) in names {
                for pattern in [".\(name)(", ".\(name)(targetVersion: ", "\(name): "] {
                    var rest = line[...]
                    while let range = rest.firstRange(of: pattern) {
                        // `macOS: "` must not be the tail of another label (`minimumMacOS: "`).
                        let before = rest[..<range.lowerBound].last
                        rest = rest[range.upperBound...]
                        if pattern.hasSuffix(": "), let before, before.isLetter || before.isNumber || before == "_" { continue }
                        // A literal (`"16.0"`) or a constant's name (`deploymentTarget`).
                        let version = rest.first == "\""
                            ? OSVersion(String(rest.dropFirst().prefix { $0 != "\"" }))
                            : constants[String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })]
                        if let version { found[platform, default: []].insert(version) }
                    }
                }
            }
        }
        return found
    }

    /// `let name = "16.0"` (also `public`/`static`, with `: String`): constants a manifest names a
    /// version by.
    private static func versionConstants(in lines: [Substring]) -> [String: OSVersion] {
        var constants: [String: OSVersion] = [:]
        for line in lines where line.contains("let ") && line.contains("\"") {
            guard let letRange = line.firstRange(of: "let ") else { continue }
            let rest = line[letRange.upperBound...]
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            var tail = rest.dropFirst(name.count).drop { $0 == " " }
            if tail.hasPrefix(": String") { tail = tail.dropFirst(": String".count).drop { $0 == " " } }
            guard !name.isEmpty, tail.hasPrefix("= \"") else { continue }
            let literal = tail.dropFirst(3).prefix { $0 != "\"" }
            if let version = OSVersion(String(literal)) { constants[String(name)] = version }
        }
        return constants
    }

    /// Byte strings every key `readBuildSettings` reads contains one of.
    static let keyMarkers = [Array("_DEPLOYMENT_TARGET".utf8), Array("SDKROOT".utf8), Array("SUPPORTED_PLATFORMS".utf8)]

    /// `KEY = value;` lines of a pbxproj, `KEY = value` lines of an xcconfig.
    private mutating func readBuildSettings(_ text: Substring, xcconfig: Bool) {
        for (key, text) in Self.buildSettings(in: text, xcconfig: xcconfig) {
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

    /// The `(key, value)` of each `KEY = value;` line of a pbxproj or `KEY = value` line of an
    /// xcconfig (its `//` comments dropped): a condition's key counts as the key
    /// (`IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*]`) unless `keepingConditions`, the value unquoted.
    static func buildSettings(in text: Substring, xcconfig: Bool, keepingConditions: Bool = false) -> [(key: Substring, value: Substring)] {
        text.split(whereSeparator: \.isNewline).compactMap { rawLine in
            var line = Substring(rawLine)
            if xcconfig, let comment = line.firstRange(of: "//") { line = line[..<comment.lowerBound] }
            // The `=` outside a condition (`KEY[sdk=iphoneos*] = 15.0`).
            var bracketDepth = 0
            guard let equals = line.firstIndex(where: { character in
                if character == "[" { bracketDepth += 1 } else if character == "]" { bracketDepth -= 1 }
                return character == "=" && bracketDepth == 0
            }) else { return nil }
            var key = unquoted(line[..<equals])
            if !keepingConditions, let bracket = key.firstIndex(of: "[") { key = key[..<bracket] }
            var value = line[line.index(after: equals)...]
            while let last = value.last, last == ";" || last.isWhitespace { value.removeLast() }
            return (key, unquoted(value))
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

extension PackageManifest {
    /// The deployment targets of this manifest, found at `path`.
    func deploymentTargets(path manifest: String) -> DeploymentTargets {
        switch platforms {
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
}
