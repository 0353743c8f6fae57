#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One Xcode target's settings as Xcode resolves them (`XcodeBuildSettings`): the platforms
/// it builds for and, per platform, the lowest deployment target over its build
/// configurations (Debug, Release, …), with the files whose level set it.
public struct ProjectTarget: Sendable, Equatable {
    public var name: String
    /// The `project.pbxproj` that declares it.
    public var project: String
    public var minimums: PlatformMinimums
    /// Per platform, the settings files whose level set the deployment target in effect.
    public var setBy: [Platform: [String]]
    /// `TARGETED_DEVICE_FAMILY` values over its configurations.
    var families: Set<String>
    /// Orientations of the generated Info.plist; nil when no level sets them.
    var orientations: Set<String>?
    var padOrientations: Set<String>?
    var requiresFullScreen = false
    var isApplication: Bool

    /// `xcconfigs` gives an xcconfig's settings (its `#include`s first), nil when not read.
    init(_ target: XcodeProjectModel.Target, project: String,
         xcconfigs: (String) -> [(setting: XcodeBuildSettings.Setting, file: String)]?) {
        name = target.name
        self.project = project
        isApplication = target.isApplication
        var platforms: Set<Platform> = []
        var versions: [Platform: OSVersion] = [:]
        var setBy: [Platform: Set<String>] = [:]
        var families: Set<String> = []
        var orientations: Set<String>?
        var padOrientations: Set<String>?
        var requiresFullScreen = false
        for configuration in target.configurations {
            func value(_ key: String, _ platform: Platform?) -> (value: String, setBy: String)? {
                XcodeBuildSettings.value(of: key, for: platform, layers: configuration.layers, xcconfigs: xcconfigs)
            }
            let named = (value("SUPPORTED_PLATFORMS", nil) ?? value("SDKROOT", nil))?.value
                .split(separator: " ").compactMap(SettingsFileFacts.sdkPlatform) ?? []
            var built = Set(named)
            if built.isEmpty {
                // No SDK named at any level: the platforms given a deployment target.
                built = Set(SettingsFileFacts.deploymentTargetKeys.compactMap { key, platform in value(key, platform) == nil ? nil : platform })
            }
            platforms.formUnion(built)
            for (key, platform) in SettingsFileFacts.deploymentTargetKeys where built.contains(platform) {
                guard let found = value(key, platform), let version = OSVersion(found.value) else { continue }
                if let lowest = versions[platform], lowest <= version {
                    if lowest == version { setBy[platform, default: []].insert(found.setBy) }
                    continue
                }
                versions[platform] = version
                setBy[platform] = [found.setBy]
            }
            if let family = value("TARGETED_DEVICE_FAMILY", .iOS)?.value {
                var named = Set(family.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty })
                // `6` (Mac Catalyst) stays in the list when Catalyst is turned off again: it builds only with it on.
                if value("SUPPORTS_MACCATALYST", .iOS)?.value != "YES" { named.remove("6") }
                families.formUnion(named)
            } else if built == [.iOS] {
                // Unset for an iOS-only build: Xcode's default is iPhone (`1`). An xcconfig that
                // sets it is read as a settings file of its own, and its families are added.
                families.insert("1")
            }
            for key in ["INFOPLIST_KEY_UISupportedInterfaceOrientations", "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone"] {
                if let named = value(key, .iOS)?.value {
                    orientations = (orientations ?? []).union(named.split(separator: " ").map(String.init))
                }
            }
            for key in ["INFOPLIST_KEY_UISupportedInterfaceOrientations", "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad"] {
                if let named = value(key, .iOS)?.value {
                    padOrientations = (padOrientations ?? []).union(named.split(separator: " ").map(String.init))
                }
            }
            if value("INFOPLIST_KEY_UIRequiresFullScreen", .iOS)?.value == "YES" { requiresFullScreen = true }
        }
        minimums = platforms.isEmpty ? .unknown : PlatformMinimums(platforms: platforms, versions: versions)
        self.setBy = setBy.mapValues { $0.sorted() }
        self.families = families
        self.orientations = orientations
        self.padOrientations = padOrientations
        self.requiresFullScreen = requiresFullScreen
    }

    /// The deployment targets of a file these targets compile: the platforms any of them
    /// builds for, each from the lowest version among them (the file is built into each).
    static func deploymentTargets(of targets: [ProjectTarget], source: DeploymentTargets.Source) -> DeploymentTargets {
        var platforms: Set<Platform> = []
        var values: [Platform: Set<OSVersion>] = [:]
        var files: [Platform: Set<String>] = [:]
        for target in targets {
            platforms.formUnion(target.minimums.platforms ?? [])
            for (platform, version) in target.minimums.versions {
                values[platform, default: []].insert(version)
                files[platform, default: []].formUnion(target.setBy[platform] ?? [])
            }
        }
        var result = DeploymentTargets(minimums: .unknown, source: source)
        if !platforms.isEmpty {
            result.minimums = PlatformMinimums(platforms: platforms, versions: values.compactMapValues { $0.min() })
            for platform in platforms {
                let seen = (values[platform] ?? []).sorted()
                result.origins[platform] = .init(files: (files[platform] ?? []).sorted(), values: seen,
                                                 note: seen.isEmpty ? "in SDKROOT/SUPPORTED_PLATFORMS, no deployment target" : nil)
            }
        }
        result.membership = .targets(targets)
        return result
    }
}

extension DeviceFamilySetting {
    /// The device families and orientations of a project's apps (all its targets when it has
    /// no app), each target resolved over its own levels: a project-level default every
    /// target overrides says nothing. xcconfigs are not read here (each is a setting of its own).
    init(project: XcodeProjectModel) {
        let resolved = project.targets.map { ProjectTarget($0, project: project.path, xcconfigs: { _ in nil }) }
        localPackages = project.localPackages
        let apps = resolved.filter(\.isApplication)
        let shown = apps.isEmpty ? resolved : apps
        for target in shown {
            families.formUnion(target.families)
            if let named = target.orientations { orientations = (orientations ?? []).union(named) }
            if let named = target.padOrientations { padOrientations = (padOrientations ?? []).union(named) }
        }
        // Every iPhone or iPad app requires the full screen (one that does not may be in split view;
        // a TV app always has the whole screen).
        let handheld = shown.filter { !$0.families.isDisjoint(with: ["1", "2"]) }
        requiresFullScreen = !handheld.isEmpty && handheld.allSatisfy(\.requiresFullScreen)
    }
}
