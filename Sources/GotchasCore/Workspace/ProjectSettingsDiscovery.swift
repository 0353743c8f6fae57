#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds the project settings files (`ProjectSettings.kind(ofPath:)`: manifests, Xcode
/// projects, xcconfigs) that apply to the linted paths but lie outside them: in the
/// directories above each path (a package's `Package.swift` sits above the `Sources/…`
/// being linted), and the xcconfigs anywhere under an Xcode project's directory found
/// that way; for a path with no package or project above it, every project, spec and
/// xcconfig of its repository (one elsewhere may compile it: `sources: ../share/swift`). Those inside the linted directories (or workspace folders) come from their
/// `SourceTreeScan`. The I/O half of project settings, shared by the CLI and the server;
/// `ProjectSettingsFiles` reads the texts.
public enum ProjectSettingsDiscovery {
    /// The settings files scanned inside the linted directories and those above `paths`,
    /// read (standardized absolute paths, sorted; unreadable ones left out).
    public static func read(scanned: [String], above paths: [String]) -> [(path: String, text: String)] {
        let all = Set(scanned.map { URL(fileURLWithPath: $0).standardizedFileURL.path }).union(ancestors(of: paths))
        return all.sorted().compactMap { path in
            FileManager.default.contents(atPath: path).map { (path, String(decoding: $0, as: UTF8.self)) }
        }
    }

    public static func ancestors(of paths: [String]) -> [String] {
        let fileManager = FileManager.default
        var found: Set<String> = []
        var scannedProjects: Set<String> = []
        var packagesLookedUp: Set<String> = []
        var repositoriesScanned: Set<String> = []
        for path in paths {
            // The nearest directory with a Package.swift or an .xcodeproj ends the search.
            var directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
            var foundRoot = false
            defer {
                // No package or project above: a project elsewhere in the repository may compile the
                // folder (an XcodeGen target's `sources: ../share/swift`). Its projects are read.
                if !foundRoot, let repository = repositoryRoot(above: URL(fileURLWithPath: path).standardizedFileURL),
                   repositoriesScanned.insert(repository.path).inserted {
                    for settings in SourceTreeScan(root: repository.path).settingsFiles
                    where [.xcconfig, .xcodeProject, .xcodeGenSpec].contains(ProjectSettings.kind(ofPath: settings)) {
                        found.insert(URL(fileURLWithPath: settings).standardizedFileURL.path)
                    }
                }
            }
            for _ in 0..<12 {
                let contents = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
                var isPackageRoot = false
                var isProjectRoot = false
                // The name decides first: a directory above the paths may hold thousands of
                // entries (a home folder, /tmp), and building a URL per entry was most of a
                // warm run's time.
                for name in contents {
                    switch ProjectSettings.kind(ofPath: name) {
                    case .manifest?, .manifestVariant?, .xcconfig?:
                        found.insert(directory.appendingPathComponent(name).path)
                        isPackageRoot = isPackageRoot || name == "Package.swift"
                    case .tuistManifest?:
                        // A Tuist root (not an app's own `Project.swift` model file): the manifest
                        // and the helpers its targets are often declared in.
                        let manifest = directory.appendingPathComponent(name).path
                        guard name == "Project.swift", let data = fileManager.contents(atPath: manifest),
                              String(decoding: data, as: UTF8.self).contains("import ProjectDescription")
                        else { continue }
                        found.insert(manifest)
                        isProjectRoot = true
                        let helpers = directory.appendingPathComponent("Tuist").path
                        for settings in SourceTreeScan(root: helpers).settingsFiles where ProjectSettings.kind(ofPath: settings) == .tuistManifest {
                            found.insert(URL(fileURLWithPath: settings).standardizedFileURL.path)
                        }
                    case .xcodeGenSpec?:
                        // An XcodeGen root: the spec declares the targets (the generated project
                        // is often not in the repository).
                        let spec = directory.appendingPathComponent(name).path
                        guard let data = fileManager.contents(atPath: spec),
                              XcodeGenSpec(path: spec, text: String(decoding: data, as: UTF8.self)).isSpec
                        else { continue }
                        found.insert(spec)
                        isProjectRoot = true
                    default:
                        guard name.hasSuffix(".xcodeproj") else { continue }
                        let project = directory.appendingPathComponent(name).path + "/project.pbxproj"
                        if fileManager.fileExists(atPath: project) { found.insert(project) }
                        isProjectRoot = true
                    }
                }
                // The project's xcconfigs may sit in any folder of it (`Config/Base.xcconfig`), and
                // so may other projects, whose targets may compile the linted files (a file no
                // target of the projects read compiles gets no findings: all must be read).
                if isProjectRoot && !isPackageRoot && scannedProjects.insert(directory.path).inserted {
                    for settings in SourceTreeScan(root: directory.path).settingsFiles
                    where [.xcconfig, .xcodeProject].contains(ProjectSettings.kind(ofPath: settings)) {
                        found.insert(URL(fileURLWithPath: settings).standardizedFileURL.path)
                    }
                }
                if isPackageRoot && !isProjectRoot, packagesLookedUp.insert(directory.path).inserted,
                   let app = referencingProject(above: directory) {
                    found.insert(app)
                }
                if isPackageRoot || isProjectRoot { foundRoot = true }
                if isPackageRoot || isProjectRoot || directory.path == "/" { break }
                directory = directory.deletingLastPathComponent()
            }
        }
        return found.sorted()
    }

    /// The nearest directory above `path` (a file, or a linted folder) that holds a `.git` (the
    /// repository's root), within twelve levels; nil when there is none.
    static func repositoryRoot(above path: URL) -> URL? {
        var directory = path.deletingLastPathComponent()
        for _ in 0..<12 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) { return directory }
            if directory.path == "/" { return nil }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The `project.pbxproj` of the nearest Xcode project above the package at `package`
    /// that references it as a local package (`XCLocalSwiftPackageReference`): the app the
    /// package's code runs in, whose device family and orientations it takes.
    static func referencingProject(above package: URL) -> String? {
        let fileManager = FileManager.default
        var directory = package.deletingLastPathComponent()
        for _ in 0..<6 {
            let contents = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in contents.sorted() where name.hasSuffix(".xcodeproj") {
                let path = directory.appendingPathComponent(name).path + "/project.pbxproj"
                // Only a project that names a local package can reference this one.
                guard let data = fileManager.contents(atPath: path) else { continue }
                let text = String(decoding: data, as: UTF8.self)
                guard text.contains("XCLocalSwiftPackageReference") || text.contains("lastKnownFileType = wrapper;"),
                      XcodeProjectModel(path: path, text: text)?.localPackages.contains(package.path) == true else { continue }
                return path
            }
            if directory.path == "/" { break }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
