import Foundation

/// Finds the project files that can set default `MainActor` isolation
/// (`Package.swift`, `*.xcconfig`, `*.xcodeproj/project.pbxproj`) in the directories
/// above each linted path (a package's `Package.swift` sits above the `Sources/…`
/// being linted). Those inside the linted directories come from `FileDiscovery.scan`.
enum ProjectSettingsDiscovery {
    static func ancestors(of paths: [String]) -> [String] {
        let fileManager = FileManager.default
        var found: Set<String> = []
        for path in paths {
            // The nearest directory with a Package.swift or an .xcodeproj ends the search.
            var directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
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
}
