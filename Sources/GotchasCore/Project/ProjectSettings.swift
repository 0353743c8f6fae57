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
    }

    /// The kind of settings file at `path`, or nil for any other file
    /// (`project.pbxproj` counts only inside an `.xcodeproj`).
    public static func kind(ofPath path: some StringProtocol) -> FileKind? {
        let parts = path.split(separator: "/")
        guard let name = parts.last else { return nil }
        if name == "Package.swift" { return .manifest }
        if name.hasPrefix("Package@swift-") && name.hasSuffix(".swift") { return .manifestVariant }
        if name.hasSuffix(".xcconfig") { return .xcconfig }
        if name == "project.pbxproj" && parts.dropLast().last?.hasSuffix(".xcodeproj") == true { return .xcodeProject }
        return nil
    }

    public static func isSettingsFile(_ path: some StringProtocol) -> Bool { kind(ofPath: path) != nil }

    /// What a file watcher must watch to see every settings file change, with `**/*.swift`
    /// (which covers the manifests): wider than `kind(ofPath:)`, which still decides.
    public static let watchedGlobPatterns = ["**/*.xcconfig", "**/project.pbxproj"]
}
