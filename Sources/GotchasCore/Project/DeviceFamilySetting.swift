#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an Xcode project or xcconfig says about the devices and orientations an app runs in:
/// `TARGETED_DEVICE_FAMILY` (1 iPhone, 2 iPad, 3 TV, 4 Watch, 7 Vision) and the generated
/// Info.plist's `INFOPLIST_KEY_UISupportedInterfaceOrientations[_iPhone]`, or a physical
/// `Info.plist`'s `UISupportedInterfaceOrientations[~iphone]`. An app that runs only
/// on iPhone and only in portrait is never in split view, slide-over or Stage Manager, and never
/// rotates: its screen is its window (`uiscreen-bounds` asks).
public struct DeviceFamilySetting: Sendable, Equatable {
    /// Every device family value set (`"1"`, `"2"`, …); empty when none is.
    public var families: Set<String> = []
    /// Every orientation named (`UIInterfaceOrientationPortrait`, …); nil when no key sets them
    /// here (a binary Info.plist is not read, so not known).
    public var orientations: Set<String>?
    /// The local packages a readable Xcode project references (their code runs in its apps).
    public var localPackages: [String] = []
    /// `UIRequiresFullScreen` is set (`INFOPLIST_KEY_UIRequiresFullScreen = YES`): on iPad the app
    /// is never in split view or slide-over, and Stage Manager gives it the whole screen.
    public var requiresFullScreen = false
    /// The orientations named for iPad (the generic key and its `_iPad`/`~ipad` variant); nil when none is.
    public var padOrientations: Set<String>?

    /// The setting of a settings file's text; nil for a file that is not an Xcode project or
    /// xcconfig (a package has no device family).
    public init?(path: String, text: String) {
        guard let kind = ProjectSettings.kind(ofPath: path) else { return nil }
        if kind == .infoPlist {
            orientations = Self.plistOrientations(text)
            return
        }
        guard kind == .xcodeProject || kind == .xcconfig else { return nil }
        if kind == .xcodeProject, let project = XcodeProjectModel(path: path, text: text) {
            self = DeviceFamilySetting(project: project)
            return
        }
        // Only the few lines naming a key read here (a pbxproj has thousands; the server reads
        // settings files on its message loop), found by bytes as `SettingsFileFacts` finds its own.
        let pieces = SettingsTextLines(text)
        for piece in pieces where !piece.isASCII || pieces.piece(piece, contains: Self.keyMarkers) {
            for (key, value) in SettingsFileFacts.buildSettings(in: piece.text, xcconfig: kind == .xcconfig) {
                switch key {
                case "TARGETED_DEVICE_FAMILY":
                    families.formUnion(value.split(separator: ",").map { $0.trimmingWhitespace() })
                case "INFOPLIST_KEY_UISupportedInterfaceOrientations", "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone":
                    orientations = (orientations ?? []).union(value.split(separator: " ").map(String.init))
                    if key == "INFOPLIST_KEY_UISupportedInterfaceOrientations" {
                        padOrientations = (padOrientations ?? []).union(value.split(separator: " ").map(String.init))
                    }
                case "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad":
                    padOrientations = (padOrientations ?? []).union(value.split(separator: " ").map(String.init))
                case "INFOPLIST_KEY_UIRequiresFullScreen":
                    requiresFullScreen = requiresFullScreen || value == "YES"
                default:
                    continue
                }
            }
        }
    }

    /// The strings of an XML property list's `UISupportedInterfaceOrientations` (and its
    /// `~iphone` variant) arrays; nil when neither key is there (a binary plist: not read).
    /// `~ipad` is not read: an iPhone-only app never runs it.
    static func plistOrientations(_ text: String) -> Set<String>? {
        var found: Set<String>?
        for key in ["<key>UISupportedInterfaceOrientations</key>", "<key>UISupportedInterfaceOrientations~iphone</key>"] {
            guard let keyRange = text.firstRange(of: key) else { continue }
            let rest = text[keyRange.upperBound...]
            guard let open = rest.firstRange(of: "<array>"), rest[..<open.lowerBound].allSatisfy(\.isWhitespace),
                  let close = rest[open.upperBound...].firstRange(of: "</array>")
            else { continue }
            var values = found ?? []
            var scan = rest[open.upperBound..<close.lowerBound]
            while let start = scan.firstRange(of: "<string>"), let end = scan[start.upperBound...].firstRange(of: "</string>") {
                values.insert(scan[start.upperBound..<end.lowerBound].trimmingWhitespace())
                scan = scan[end.upperBound...]
            }
            found = values
        }
        return found
    }

    static let keyMarkers = [Array("TARGETED_DEVICE_FAMILY".utf8), Array("UISupportedInterfaceOrientations".utf8), Array("UIRequiresFullScreen".utf8)]

    /// True when the files together say iPhone only (a watch target beside it does not count)
    /// and name only portrait orientations.
    /// True when the app's window is always the whole screen, in portrait: iPhone only and portrait
    /// only (`isPhonePortraitOnly`), or iPhone and iPad with `UIRequiresFullScreen` and only portrait
    /// named for iPad too (`uiscreen-bounds` asks: the screen is the window there).
    public static func fillsScreenInPortraitOnly(_ settings: some Collection<DeviceFamilySetting>) -> Bool {
        if isPhonePortraitOnly(settings) { return true }
        // A watch's or a TV's screen is always the app's: only iPhone and iPad windows can be smaller.
        let families = settings.reduce(into: Set<String>()) { $0.formUnion($1.families) }.subtracting(["3", "4"])
        guard !families.isEmpty, families.isSubset(of: ["1", "2"]), settings.contains(where: \.requiresFullScreen) else { return false }
        let portrait = { (named: Set<String>) in !named.isEmpty && named.allSatisfy { $0.hasPrefix("UIInterfaceOrientationPortrait") } }
        let phone = settings.compactMap(\.orientations)
        let pad = settings.compactMap(\.padOrientations)
        return !phone.isEmpty && phone.allSatisfy(portrait) && (!families.contains("2") || (!pad.isEmpty && pad.allSatisfy(portrait)))
    }

    /// True when the app's window is always the whole screen, in any orientation: iPhone only (no
    /// split view, slide-over or Stage Manager there; the screen's bounds follow rotation), or
    /// iPhone and iPad with `UIRequiresFullScreen`. A size read from the screen when it is needed is
    /// then the window's; one stored once still misses a rotation.
    public static func windowIsAlwaysTheScreen(_ settings: some Collection<DeviceFamilySetting>) -> Bool {
        let families = settings.reduce(into: Set<String>()) { $0.formUnion($1.families) }.subtracting(["3", "4"])
        if families == ["1"] { return true }
        return !families.isEmpty && families.isSubset(of: ["1", "2"]) && settings.contains(where: \.requiresFullScreen)
    }

    public static func isPhonePortraitOnly(_ settings: some Collection<DeviceFamilySetting>) -> Bool {
        let families = settings.reduce(into: Set<String>()) { $0.formUnion($1.families) }.subtracting(["4"])
        let named = settings.compactMap(\.orientations)
        guard families == ["1"], !named.isEmpty else { return false }
        return named.allSatisfy { orientations in
            !orientations.isEmpty && orientations.allSatisfy { $0.hasPrefix("UIInterfaceOrientationPortrait") }
        }
    }
}
