import Foundation

/// Finds the `.swift` files to lint under the given paths, and the project settings
/// files (`Package.swift`, `*.xcconfig`, `*.xcodeproj/project.pbxproj`) on the way, in
/// one walk of the tree: `readdir` with the entry type, so no `stat` per file.
struct FileDiscovery {
    /// Directory names never descended into.
    static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm"]

    struct Found {
        var path: String
        /// Named on the command line (configured excludes do not apply).
        var isExplicit: Bool
    }

    struct Scan {
        /// Sorted per root, without duplicates.
        var sources: [Found] = []
        /// Settings files inside the roots.
        var settings: [String] = []
    }

    /// Files under `paths`. Symlinked directories are not followed.
    static func scan(_ paths: [String]) throws(CommandLineError) -> Scan {
        var scan = Scan()
        var seen: Set<String> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .io("\(path): no such file or directory")
            }
            if !isDirectory.boolValue {
                if seen.insert(path).inserted { scan.sources.append(Found(path: path, isExplicit: true)) }
                continue
            }
            var collected: [String] = []
            let root = path == "." || path == "./" ? "" : (path.hasSuffix("/") ? String(path.dropLast()) : path)
            walk(root.isEmpty ? "." : root, display: root, into: &collected, settings: &scan.settings)
            for file in collected.sorted() where seen.insert(file).inserted {
                scan.sources.append(Found(path: file, isExplicit: false))
            }
        }
        return scan
    }

    /// The `.swift` files under `paths` (tests and callers that need only those).
    static func files(in paths: [String]) throws(CommandLineError) -> [Found] { try scan(paths).sources }

    private static func walk(_ directory: String, display: String, into files: inout [String], settings: inout [String]) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        let isProject = directory.hasSuffix(".xcodeproj")
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let full = directory + "/" + name
            let shown = display.isEmpty ? name : display + "/" + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) { type = typeByStat(full) }
            switch type {
            case UInt8(DT_DIR):
                if !skippedDirectories.contains(name) { walk(full, display: shown, into: &files, settings: &settings) }
            case UInt8(DT_REG):
                if name.hasSuffix(".swift") { files.append(shown) }
                if name == "Package.swift" || name.hasSuffix(".xcconfig") || (isProject && name == "project.pbxproj") {
                    settings.append(shown)
                }
            case UInt8(DT_LNK):
                // A symlinked file is linted; a symlinked directory is not followed.
                if name.hasSuffix(".swift"), typeByStat(full) == UInt8(DT_REG) { files.append(shown) }
            default:
                continue
            }
        }
    }

    private static func typeByStat(_ path: String) -> UInt8 {
        var info = stat()
        guard stat(path, &info) == 0 else { return UInt8(DT_UNKNOWN) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return UInt8(DT_DIR)
        case S_IFREG: return UInt8(DT_REG)
        default: return UInt8(DT_UNKNOWN)
        }
    }
}
