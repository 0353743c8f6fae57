#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Writes fixed sources without ever leaving a half-written file: temp file in the
/// same directory, same permissions, then rename over the original.
enum AtomicFileWriter {
    enum Failure: Error, CustomStringConvertible {
        case changedOnDisk
        case outsideRoots(target: String)
        case io(String)

        var description: String {
            switch self {
            case .changedOnDisk: "not written: the file changed on disk while it was being linted"
            case .outsideRoots(let target): "not written: it is a symlink to \(target), outside the linted paths"
            case .io(let reason): "not written: \(reason)"
            }
        }
    }

    /// Replaces `path` with `bytes` if its content is still `expected`. When `roots` is
    /// given, a path that resolves (through symlinks) outside every root is not written.
    static func write(_ bytes: [UInt8], to path: String, expecting expected: [UInt8], roots: [String]? = nil) throws(Failure) {
        let fileManager = FileManager.default
        // Write through a symlink to its target, so the link itself survives.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if let roots {
            let resolvedRoots = roots.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().standardizedFileURL.path }
            guard resolvedRoots.contains(where: { target == $0 || target.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
                throw .outsideRoots(target: target)
            }
        }
        guard let current = fileManager.contents(atPath: target), Array(current) == expected else { throw .changedOnDisk }
        let attributes = (try? fileManager.attributesOfItem(atPath: target)) ?? [:]
        let directory = URL(fileURLWithPath: target).deletingLastPathComponent().path
        let temporary = directory + "/.\(URL(fileURLWithPath: target).lastPathComponent).swiftui-gotchas-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard fileManager.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw .io("cannot create a temporary file in \(directory)")
        }
        if let permissions = attributes[.posixPermissions] {
            try? fileManager.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary)
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? fileManager.removeItem(atPath: temporary)
            throw .io(reason)
        }
    }
}
