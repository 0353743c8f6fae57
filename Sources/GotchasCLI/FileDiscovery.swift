import Foundation

/// Finds the `.swift` files to lint under the given paths.
struct FileDiscovery {
    /// Directory names never descended into.
    static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm"]

    struct Found {
        var path: String
        /// Named on the command line (configured excludes do not apply).
        var isExplicit: Bool
    }

    /// Files under `paths`, sorted, without duplicates. Symlinked directories are not followed.
    static func files(in paths: [String]) throws(CommandLineError) -> [Found] {
        let fileManager = FileManager.default
        var found: [Found] = []
        var seen: Set<String> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .io("\(path): no such file or directory")
            }
            if !isDirectory.boolValue {
                if seen.insert(path).inserted { found.append(Found(path: path, isExplicit: true)) }
                continue
            }
            let root = URL(fileURLWithPath: path)
            guard let enumerator = fileManager.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey],
                                                          options: [], errorHandler: { _, _ in true })
            else { throw .io("\(path): cannot list directory") }
            var collected: [String] = []
            for case let url as URL in enumerator {
                let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
                if values?.isDirectory == true {
                    if skippedDirectories.contains(url.lastPathComponent) { enumerator.skipDescendants() }
                    continue
                }
                guard url.pathExtension == "swift" else { continue }
                if values?.isSymbolicLink == true {
                    var targetIsDirectory: ObjCBool = false
                    if fileManager.fileExists(atPath: url.path, isDirectory: &targetIsDirectory), targetIsDirectory.boolValue { continue }
                }
                collected.append(displayPath(url, root: root, given: path))
            }
            for file in collected.sorted() where seen.insert(file).inserted {
                found.append(Found(path: file, isExplicit: false))
            }
        }
        return found
    }

    /// `given/relative/path.swift`, keeping the user's spelling of the root.
    private static func displayPath(_ url: URL, root: URL, given: String) -> String {
        let rootPath = root.standardizedFileURL.path
        let filePath = url.standardizedFileURL.path
        guard filePath.hasPrefix(rootPath + "/") else { return filePath }
        let relative = String(filePath.dropFirst(rootPath.count + 1))
        if given == "." || given == "./" { return relative }
        return given.hasSuffix("/") ? given + relative : given + "/" + relative
    }
}
