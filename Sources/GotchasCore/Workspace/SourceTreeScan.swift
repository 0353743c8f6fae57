import Foundation

/// One walk of a directory tree for the `.swift` files to lint and the project
/// settings files (`Package.swift` and its `Package@swift-…` variants, `*.xcconfig`,
/// `*.xcodeproj/project.pbxproj`; see `ProjectSettings.kind(ofPath:)`) on
/// the way: `readdir` with the entry type, so no `stat` per file. Shared by the CLI's
/// discovery and the server's workspace indexing.
public struct SourceTreeScan: Sendable {
    /// Directory names never descended into.
    public static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm", "node_modules"]

    /// Paths as `root` + relative path (so a relative root gives relative paths).
    public var swiftFiles: [String] = []
    public var settingsFiles: [String] = []

    /// Scans `root`; symlinked files are included, symlinked directories not followed.
    public init(root: String) {
        let trimmed = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        let display = trimmed == "." ? "" : trimmed
        walk(trimmed.isEmpty ? "." : trimmed, display: display)
    }

    /// True for a settings file (`ProjectSettings.kind(ofPath:)` decides).
    public static func isSettingsFile(_ path: String) -> Bool { ProjectSettings.isSettingsFile(path) }

    private mutating func walk(_ directory: String, display: String) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let full = directory + "/" + name
            let shown = display.isEmpty ? name : display + "/" + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) { type = Self.typeByStat(full) }
            switch type {
            case UInt8(DT_DIR):
                if !Self.skippedDirectories.contains(name) { walk(full, display: shown) }
            case UInt8(DT_REG):
                if name.hasSuffix(".swift") { swiftFiles.append(shown) }
                if Self.isSettingsFile(shown) { settingsFiles.append(shown) }
            case UInt8(DT_LNK):
                // A symlinked file is linted; a symlinked directory is not followed.
                if name.hasSuffix(".swift"), Self.typeByStat(full) == UInt8(DT_REG) { swiftFiles.append(shown) }
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
