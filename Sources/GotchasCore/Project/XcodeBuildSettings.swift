#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Build settings as Xcode layers them, for the few keys read here (deployment targets,
/// `SDKROOT`, `SUPPORTED_PLATFORMS`, `TARGETED_DEVICE_FAMILY`, the generated Info.plist's
/// orientations): per build configuration the project's xcconfig, the project's settings,
/// the target's xcconfig and the target's settings, each level over those below it
/// (`$(inherited)` is the value below); a condition `KEY[sdk=macosx*]` applies only when
/// building for that SDK.
enum XcodeBuildSettings {
    /// One assignment.
    struct Setting: Sendable, Equatable {
        var key: String
        /// `sdk=macosx*` of `KEY[sdk=macosx*]` (several joined by `][`); nil when unconditional.
        var condition: String?
        var value: String

        /// nil for a key not read here.
        init?(key written: String, value: String) {
            var key = Substring(written)
            var condition: String?
            if let bracket = key.firstIndex(of: "[") {
                condition = String(key[key.index(after: bracket)...].dropLast(key.hasSuffix("]") ? 1 : 0))
                key = key[..<bracket]
            }
            guard XcodeBuildSettings.isRead(key) else { return nil }
            self.key = String(key)
            self.condition = condition
            self.value = value
        }

        /// Whether it applies when building for `platform` (nil: asked without one, so only
        /// an unconditional setting applies). Only `sdk=` conditions are read; one on the
        /// architecture or configuration applies to some builds only, and is passed over.
        func applies(to platform: Platform?) -> Bool {
            guard let condition else { return true }
            guard let platform else { return false }
            return condition.split(separator: "][").allSatisfy { part in
                guard part.hasPrefix("sdk=") else { return false }
                let pattern = part.dropFirst(4)
                let prefix = pattern.hasSuffix("*") ? pattern.dropLast() : pattern
                return XcodeBuildSettings.sdkNames[platform, default: []].contains { $0.hasPrefix(prefix) || prefix.hasPrefix($0) }
            }
        }
    }

    /// A level of settings.
    enum Layer: Sendable, Equatable {
        /// A build configuration's own settings in `file` (the pbxproj), at `level` ("project", "target").
        case settings([Setting], file: String, level: String)
        /// A `baseConfigurationReference`: the xcconfig at this path.
        case xcconfig(path: String)
    }

    static let readKeys: Set<Substring> = [
        "IPHONEOS_DEPLOYMENT_TARGET", "MACOSX_DEPLOYMENT_TARGET", "TVOS_DEPLOYMENT_TARGET", "WATCHOS_DEPLOYMENT_TARGET",
        "XROS_DEPLOYMENT_TARGET", "SDKROOT", "SUPPORTED_PLATFORMS", "TARGETED_DEVICE_FAMILY",
        "INFOPLIST_KEY_UISupportedInterfaceOrientations", "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone",
        "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad", "INFOPLIST_KEY_UIRequiresFullScreen", "SUPPORTS_MACCATALYST",
    ]
    static func isRead(_ key: Substring) -> Bool { readKeys.contains(key) }

    static let sdkNames: [Platform: [Substring]] = [
        .iOS: ["iphoneos", "iphonesimulator"], .macOS: ["macosx"], .tvOS: ["appletvos", "appletvsimulator"],
        .watchOS: ["watchos", "watchsimulator"], .visionOS: ["xros", "xrsimulator"],
    ]

    /// The value of `key` building for `platform` over `layers`, and the file of the level
    /// that set it (nil, nil when no level does). `xcconfigs` gives an xcconfig's settings
    /// (its `#include`s below its own), or nil when it was not read.
    static func value(of key: String, for platform: Platform?, layers: [Layer],
                      xcconfigs: (String) -> [(setting: Setting, file: String)]?) -> (value: String, setBy: String)? {
        var current: (value: String, setBy: String)?
        func apply(_ setting: Setting, file: String) {
            guard setting.key == key, setting.applies(to: platform) else { return }
            let inherited = current?.value ?? ""
            var value = setting.value
            for spelling in ["$(inherited)", "${inherited}", "$inherited"] where value.contains(spelling) {
                value = value.replacing(spelling, with: inherited)
            }
            current = (value.trimmingWhitespace(), file)
        }
        for layer in layers {
            switch layer {
            case .settings(let settings, let file, _):
                // Unconditional first, then a matching condition over it (Xcode prefers the
                // more specific assignment at one level).
                for setting in settings where setting.condition == nil { apply(setting, file: file) }
                for setting in settings where setting.condition != nil { apply(setting, file: file) }
            case .xcconfig(let path):
                for (setting, file) in xcconfigs(path) ?? [] { apply(setting, file: file) }
            }
        }
        return current
    }

    /// The settings an xcconfig's text assigns (read keys only), in order, and the paths
    /// it `#include`s (resolved against its directory).
    static func xcconfig(path: String, text: String) -> (settings: [Setting], includes: [String]) {
        var settings: [Setting] = []
        var includes: [String] = []
        let lines = SettingsTextLines(text)
        let markers = readKeys.map { Array($0.utf8) } + [Array("#include".utf8)]
        for piece in lines where !piece.isASCII || lines.piece(piece, contains: markers) {
            let line = piece.text.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#include") {
                let rest = line.dropFirst("#include".count).drop { $0 == "?" || $0 == " " || $0 == "\t" }
                guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { continue }
                let included = String(rest[rest.index(after: rest.startIndex)..<close])
                includes.append(XcodeProjectModel.joined(ProjectSettingsFiles.parent(of: path) ?? "", included))
                continue
            }
            for (key, value) in SettingsFileFacts.buildSettings(in: piece.text, xcconfig: true, keepingConditions: true) {
                if let setting = Setting(key: String(key), value: String(value)) { settings.append(setting) }
            }
        }
        return (settings, includes)
    }
}
