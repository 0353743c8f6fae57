#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The project settings files a front end collects and hands to the core as text:
/// Swift package manifests, Xcode project files and xcconfig files. The one decision of
/// what counts as one (the CLI's scan, the server's indexing and watched files use it).
extension ProjectSettings {
    /// The kinds of settings file, by name.
    public enum FileKind: Sendable, Equatable {
        /// `Package.swift`.
        case manifest
        /// `Package@swift-5.9.swift`: read only when there is no plain `Package.swift` beside it.
        case manifestVariant
        /// `Name.xcodeproj/project.pbxproj`.
        case xcodeProject
        /// `*.xcconfig`.
        case xcconfig
        /// `Info.plist` or `<Target>-Info.plist`: read only for the orientations an app supports
        /// (`UISupportedInterfaceOrientations`), which a project may keep there instead of in
        /// its build settings.
        case infoPlist
        /// A Tuist manifest: `Project.swift`, or a Swift file under `Tuist/ProjectDescriptionHelpers/`.
        /// Read only when it imports `ProjectDescription` (an app may name a source file
        /// `Project.swift`): the deployment targets its targets declare.
        case tuistManifest
        /// An XcodeGen spec, `project.yml` (or `project.yaml`, or named for one of several:
        /// `project-ios.yml`): read only when it has a top-level `targets:` key, for the deployment
        /// targets it declares. Where one folder holds several, `project.yml` is the one read, else the
        /// last by name.
        case xcodeGenSpec
    }

    /// The kind of settings file at `path`, or nil for any other file
    /// (`project.pbxproj` counts only inside an `.xcodeproj`).
    public static func kind(ofPath written: some StringProtocol) -> FileKind? {
        var path = String(written)
        return path.withUTF8 { bytes -> FileKind?? in
            // The last byte before any trailing `/` must end one of the names below ("t" of
            // `.swift`, "g" of `.xcconfig`, "j" of `project.pbxproj`, "l" of `project.yml`): for any text, as a
            // `Character` ending in one of those letters ends in its byte (`Info.plist` ends in "t" too). Nearly every name
            // a walk or a directory listing asks about is decided here (a directory above a
            // tree may hold thousands; splitting each path into components cost ~5 %).
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            guard end > 0 else { return .some(nil) }
            switch bytes[end - 1] {
            case UInt8(ascii: "t"), UInt8(ascii: "g"), UInt8(ascii: "j"), UInt8(ascii: "l"): break
            default: return .some(nil)
            }
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }  // by `Character`s
            var start = end
            while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
            func ends(_ suffix: StaticString, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
                text.count >= suffix.utf8CodeUnitCount
                    && memcmp(text.baseAddress! + (text.count - suffix.utf8CodeUnitCount), suffix.utf8Start, suffix.utf8CodeUnitCount) == 0
            }
            func equals(_ literal: StaticString, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
                text.count == literal.utf8CodeUnitCount && ends(literal, text)
            }
            if equals("Package.swift", name) { return .manifest }
            if equals("Project.swift", name) { return .tuistManifest }
            // `project.yml`, or a spec named for one of several (`project-ios.yml`: `xcodegen --spec`).
            if name.count >= 11, memcmp(name.baseAddress!, ("project" as StaticString).utf8Start, 7) == 0,
               ends(".yml", name) || ends(".yaml", name) { return .xcodeGenSpec }
            // A helper's folder is rare: its name decides by `Character`s (a relative path has no leading `/`).
            if ends(".swift", name), ByteSearch.contains(Array("ProjectDescriptionHelpers/".utf8), in: UnsafeBufferPointer(rebasing: bytes[0..<start])) {
                return nil
            }
            if name.count >= 14, memcmp(name.baseAddress!, ("Package@swift-" as StaticString).utf8Start, 14) == 0, ends(".swift", name) {
                return .manifestVariant
            }
            if ends(".xcconfig", name) { return .xcconfig }
            if equals("Info.plist", name) || ends("-Info.plist", name) { return .infoPlist }
            guard equals("project.pbxproj", name) else { return .some(nil) }
            var folderEnd = start
            while folderEnd > 0, bytes[folderEnd - 1] == UInt8(ascii: "/") { folderEnd -= 1 }
            var folderStart = folderEnd
            while folderStart > 0, bytes[folderStart - 1] != UInt8(ascii: "/") { folderStart -= 1 }
            return ends(".xcodeproj", UnsafeBufferPointer(rebasing: bytes[folderStart..<folderEnd])) ? .xcodeProject : .some(nil)
        } ?? kindByCharacters(ofPath: written)
    }

    /// The meaning of `kind(ofPath:)`, by `Character`s.
    static func kindByCharacters(ofPath path: some StringProtocol) -> FileKind? {
        let parts = path.split(separator: "/")
        guard let name = parts.last else { return nil }
        if name == "Package.swift" { return .manifest }
        if name.hasPrefix("Package@swift-") && name.hasSuffix(".swift") { return .manifestVariant }
        if name == "Project.swift" || (name.hasSuffix(".swift") && ("/" + path).contains(tuistHelpersFolder)) { return .tuistManifest }
        if name.hasPrefix("project") && (name.hasSuffix(".yml") || name.hasSuffix(".yaml")) { return .xcodeGenSpec }
        if name.hasSuffix(".xcconfig") { return .xcconfig }
        if name == "Info.plist" || name.hasSuffix("-Info.plist") { return .infoPlist }
        if name == "project.pbxproj" && parts.dropLast().last?.hasSuffix(".xcodeproj") == true { return .xcodeProject }
        return nil
    }

    /// Where a Tuist project keeps the Swift code its manifests share.
    static let tuistHelpersFolder = "/Tuist/ProjectDescriptionHelpers/"

    public static func isSettingsFile(_ path: some StringProtocol) -> Bool { kind(ofPath: path) != nil }

    /// What a file watcher must watch to see every settings file change, with `**/*.swift`
    /// (which covers the manifests): wider than `kind(ofPath:)`, which still decides.
    public static let watchedGlobPatterns = ["**/*.xcconfig", "**/project.pbxproj", "**/*Info.plist", "**/project*.yml", "**/project*.yaml"]
}
