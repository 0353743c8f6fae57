#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `URL(fileURLWithPath:).standardizedFileURL.path` without building a URL when the answer
/// is the path itself: an absolute ASCII path with no empty, `.` or `..` component and no
/// `%` (what a walk hands out). Foundation's URL parses and validates the whole string,
/// ~35,000 instructions a call, and the configuration and deployment-target look-ups ask
/// once per directory of a tree. Anything else goes through URL (`StandardizedPathTests`
/// compares the two).
public enum StandardizedPath {
    public static func of(_ path: String) -> String {
        guard isClean(path) else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        return path.utf8.count > 1 && path.utf8.last == UInt8(ascii: "/") ? String(path.dropLast()) : path
    }

    /// The innermost of `folders` holding `path` (both standardized; a folder holds what
    /// lies below it). The server asks it for the workspace folder of a file.
    public static func innermostFolder(holding path: String, among folders: [String]) -> String? {
        let standardized = of(path)
        return folders.map(of)
            .filter { standardized.hasPrefix($0 == "/" ? "/" : $0 + "/") && standardized != $0 }
            .max { $0.utf8.count < $1.utf8.count }
    }

    static func isClean(_ path: String) -> Bool {
        var bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }  // one trailing slash
        guard !bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 || $0 < 0x20 }) else { return false }
        guard bytes.count > 1 else { return true }  // "/"
        for component in bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if component.isEmpty || component.elementsEqual([UInt8(ascii: ".")]) || component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                return false
            }
        }
        return true
    }
}
