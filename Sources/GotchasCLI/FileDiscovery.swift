#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import GotchasCore

/// Finds the `.swift` files to lint under the given paths, and the project settings
/// files on the way (one `SourceTreeScan` per directory).
struct FileDiscovery {
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

    /// Files under `paths`. Symlinked directories are not followed. A directory's walk
    /// leaves out what its `.gitignore` files (and those above it in its git repository)
    /// ignore, unless `respectingIgnoreFiles` is false (`--no-ignore`): `lint .` should not
    /// report on generated or vendored code the project does not track, as Ruff does.
    /// A file named on the command line is linted whatever ignores it.
    static func scan(_ paths: [String], respectingIgnoreFiles: Bool = true) throws(CommandLineError) -> Scan {
        var scan = Scan()
        var seen: Set<String> = []
        for path in paths {
            let kind = PathKind.of(path)
            guard kind != .missing else {
                throw .io("\(path): no such file or directory")
            }
            if kind != .directory {
                if seen.insert(path).inserted { scan.sources.append(Found(path: path, isExplicit: true)) }
                continue
            }
            let tree = SourceTreeScan(root: path, options: SourceTreeScan.Options(respectsIgnoreFiles: respectingIgnoreFiles))
            scan.settings += tree.settingsFiles
            for file in tree.swiftFiles.sorted() where seen.insert(file).inserted {
                scan.sources.append(Found(path: file, isExplicit: false))
            }
        }
        return scan
    }

    /// The `.swift` files under `paths` (tests and callers that need only those).
    static func files(in paths: [String], respectingIgnoreFiles: Bool = true) throws(CommandLineError) -> [Found] {
        try scan(paths, respectingIgnoreFiles: respectingIgnoreFiles).sources
    }
}
