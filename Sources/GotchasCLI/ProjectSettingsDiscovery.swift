import Foundation

/// Finds the project files that can set default `MainActor` isolation
/// (`Package.swift`, `*.xcconfig`, `*.xcodeproj/project.pbxproj`): inside the linted
/// directories, and in the directories above each linted path (a package's
/// `Package.swift` sits above the `Sources/…` being linted).
enum ProjectSettingsDiscovery {
    static func files(around paths: [String]) -> [String] {
        let fileManager = FileManager.default
        var found: Set<String> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let absolute = URL(fileURLWithPath: path).standardizedFileURL
            if isDirectory.boolValue, let enumerator = fileManager.enumerator(at: absolute, includingPropertiesForKeys: [.isDirectoryKey],
                                                                              options: [], errorHandler: { _, _ in true }) {
                for case let url as URL in enumerator {
                    if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                        if FileDiscovery.skippedDirectories.contains(url.lastPathComponent) { enumerator.skipDescendants() }
                        continue
                    }
                    if isSettingsFile(url) { found.insert(url.path) }
                }
            }
            // Ancestors: the nearest directory with a Package.swift or an .xcodeproj ends the search.
            var directory = isDirectory.boolValue ? absolute.deletingLastPathComponent() : absolute.deletingLastPathComponent()
            for _ in 0..<12 {
                let contents = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
                var isProjectRoot = false
                for name in contents {
                    if name == "Package.swift" || name.hasSuffix(".xcconfig") {
                        found.insert(directory.appendingPathComponent(name).path)
                        isProjectRoot = isProjectRoot || name == "Package.swift"
                    } else if name.hasSuffix(".xcodeproj") {
                        let project = directory.appendingPathComponent(name).appendingPathComponent("project.pbxproj").path
                        if fileManager.fileExists(atPath: project) { found.insert(project) }
                        isProjectRoot = true
                    }
                }
                if isProjectRoot || directory.path == "/" { break }
                directory = directory.deletingLastPathComponent()
            }
        }
        return found.sorted()
    }

    private static func isSettingsFile(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        return name == "Package.swift" || url.pathExtension == "xcconfig"
            || (name == "project.pbxproj" && url.deletingLastPathComponent().pathExtension == "xcodeproj")
    }
}
