#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One walk of a directory tree for the `.swift` files to lint and the project
/// settings files (`Package.swift` and its `Package@swift-…` variants, `*.xcconfig`,
/// `*.xcodeproj/project.pbxproj`; see `ProjectSettings.kind(ofPath:)`) on
/// the way: `readdir` with the entry type, so no `stat` per file. Shared by the CLI's
/// discovery and the server's workspace indexing, which differ only in `Options`.
///
/// The walk keeps its own stack of directories, so it can be run to the end at once
/// (`init(root:options:)`, the CLI) or a few directories at a time (`advance`, the
/// server: it reports progress between steps and stops when a newer build started).
/// Entries are visited in name order, so which files a bound keeps does not depend on
/// the file system's order.
public struct SourceTreeScan: Sendable {
    /// Directory names never descended into.
    public static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm", "node_modules"]

    /// What the walk leaves out besides `skippedDirectories`, and where it stops.
    public struct Options: Sendable {
        /// Leave out what `.gitignore` files ignore: those in the tree, each for its own
        /// subtree, and those above the root up to the enclosing git repository's top.
        /// Settings files are kept even when ignored (an ignored `.xcodeproj` gives its
        /// `project.pbxproj`): only `.swift` files are left out.
        public var respectsIgnoreFiles = false
        /// Do not enter directories whose name starts with `.` (the root itself is entered).
        public var skipsHiddenDirectories = false
        /// Leave out what the governing `.swiftui-gotchas.json` leaves out (its `exclude`
        /// prunes directories, its `include`/`exclude` drop files), with these settings over
        /// each file's (the editor's); nil: configurations are not read.
        public var configurationOverlay: ConfigurationFile?
        /// Stop once this many `.swift` files were found, or this many directories read.
        public var maximumSwiftFiles: Int?
        public var maximumDirectories: Int?

        public init(respectsIgnoreFiles: Bool = false, skipsHiddenDirectories: Bool = false,
                    configurationOverlay: ConfigurationFile? = nil, maximumSwiftFiles: Int? = nil, maximumDirectories: Int? = nil) {
            self.respectsIgnoreFiles = respectsIgnoreFiles
            self.skipsHiddenDirectories = skipsHiddenDirectories
            self.configurationOverlay = configurationOverlay
            self.maximumSwiftFiles = maximumSwiftFiles
            self.maximumDirectories = maximumDirectories
        }
    }

    /// Paths as `root` + relative path (so a relative root gives relative paths).
    public var swiftFiles: [String] = []
    public var settingsFiles: [String] = []
    /// Directories read so far (the root included).
    public private(set) var directoriesRead = 0
    /// True when a bound of `Options` stopped the walk before it saw the whole tree.
    public private(set) var stoppedAtBound = false
    /// True when nothing is left to read.
    public var isFinished: Bool { pending.isEmpty }

    public let options: Options

    /// An ignore file in force, and how to turn a path relative to the walk's root into
    /// one relative to the ignore file's directory: drop `strip` UTF-8 bytes, put `prefix` before.
    private struct ActiveIgnore: Sendable {
        var file: IgnoreFile
        var prefix: String
        var strip: Int

        func isIgnored(_ relative: String, isDirectory: Bool) -> Bool? {
            file.isIgnored(prefix + String(decoding: relative.utf8.dropFirst(strip), as: UTF8.self), isDirectory: isDirectory)
        }
    }

    /// A directory still to read.
    private struct Frame: Sendable {
        var path: String
        /// As reported (`root` + relative path; empty for the root `.`).
        var display: String
        /// Relative to the root (empty for the root).
        var relative: String
        /// Shallowest first.
        var ignores: [ActiveIgnore]
        /// What `include`/`exclude` select under the directory, when `configurationOverlay` is set.
        var selection: FileSelection?
    }

    private var pending: [Frame] = []

    /// Scans `root` to the end (or to a bound); symlinked files are included, symlinked
    /// directories not followed.
    public init(root: String, options: Options = Options()) {
        self.init(startingAt: root, options: options)
        while !isFinished { advance(directories: .max) }
    }

    /// A walk of `root` that has read nothing yet (`advance` reads on).
    public init(startingAt root: String, options: Options) {
        self.options = options
        let trimmed = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        let path = trimmed.isEmpty ? "." : trimmed
        let display = trimmed == "." ? "" : trimmed
        let ignores = options.respectsIgnoreFiles ? Self.ignoreFilesAbove(path) : []
        // The overlay's (editor's) lists are relative to the root walked: the workspace folder.
        let base = URL(fileURLWithPath: path).standardizedFileURL.path
        let selection = options.configurationOverlay.map { overlay in
            FileSelection(file: Self.governingConfiguration(ofDirectory: path), editor: overlay, editorBase: base)
        }
        pending = [Frame(path: path, display: display, relative: "", ignores: ignores, selection: selection)]
    }

    /// True for a settings file (`ProjectSettings.kind(ofPath:)` decides).
    public static func isSettingsFile(_ path: String) -> Bool { ProjectSettings.isSettingsFile(path) }

    /// Reads up to `count` more directories.
    public mutating func advance(directories count: Int) {
        var read = 0
        while read < count, let frame = pending.popLast() {
            if let maximum = options.maximumDirectories, directoriesRead >= maximum {
                stop()
                return
            }
            read += 1
            directoriesRead += 1
            visit(frame)
        }
    }

    private mutating func stop() {
        stoppedAtBound = true
        pending.removeAll()
    }

    private enum Kind { case directory, file, symlink }

    private mutating func visit(_ frame: Frame) {
        var entries: [(name: String, kind: Kind)] = []
        guard let handle = opendir(frame.path) else { return }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) { type = Self.typeByStat(frame.path + "/" + name) }
            switch type {
            case UInt8(DT_DIR): entries.append((name, .directory))
            case UInt8(DT_REG): entries.append((name, .file))
            case UInt8(DT_LNK): entries.append((name, .symlink))
            default: continue
            }
        }
        closedir(handle)
        entries.sort { $0.name < $1.name }

        // This directory's own ignore file and configuration govern its entries.
        var ignores = frame.ignores
        if options.respectsIgnoreFiles, entries.contains(where: { $0.name == IgnoreFile.fileName && $0.kind == .file }),
           let data = FileManager.default.contents(atPath: frame.path + "/" + IgnoreFile.fileName) {
            let strip = frame.relative.isEmpty ? 0 : frame.relative.utf8.count + 1
            ignores.append(ActiveIgnore(file: IgnoreFile(text: String(decoding: data, as: UTF8.self)), prefix: "", strip: strip))
        }
        var selection = frame.selection
        if selection != nil,
           entries.contains(where: { $0.name == ConfigurationFile.fileName && $0.kind == .file }),
           let file = try? ConfigurationFile.load(path: frame.path + "/" + ConfigurationFile.fileName, rules: []) {
            selection?.file = file
        }

        var directories: [Frame] = []
        for (name, kind) in entries {
            let full = frame.path + "/" + name
            let shown = frame.display.isEmpty ? name : frame.display + "/" + name
            let relative = frame.relative.isEmpty ? name : frame.relative + "/" + name
            let isDirectory = kind == .directory
            if Self.isIgnored(relative, isDirectory: isDirectory, by: ignores) {
                // An ignored settings file still says how the project builds: an XcodeGen or
                // Tuist project ignores `*.xcodeproj` (mastodon-ios tracks its project but
                // ignores the pattern), and without its deployment targets the rules would
                // advise APIs newer than the project's minimum. No `.swift` file is taken.
                noteIgnoredSettings(shown, full: full, kind: kind)
                continue
            }
            switch kind {
            case .directory:
                if Self.skippedDirectories.contains(name) { continue }
                if options.skipsHiddenDirectories && name.hasPrefix(".") { continue }
                if let selection, selection.excludes(directory: full) { continue }
                directories.append(Frame(path: full, display: shown, relative: relative, ignores: ignores, selection: selection))
            case .file:
                if name.hasSuffix(".swift") { addSwiftFile(shown, full: full, selection: selection) }
                if Self.isSettingsFile(shown) { settingsFiles.append(shown) }
            case .symlink:
                // A symlinked file is linted; a symlinked directory is not followed.
                if name.hasSuffix(".swift"), Self.typeByStat(full) == UInt8(DT_REG) {
                    addSwiftFile(shown, full: full, selection: selection)
                }
            }
            if isFinished && stoppedAtBound { return }
        }
        // Popped from the end: the first name is read next.
        pending.append(contentsOf: directories.reversed())
    }

    /// The settings file an ignored entry is or holds: the file itself, or an ignored
    /// `.xcodeproj` directory's `project.pbxproj` (not entered further).
    private mutating func noteIgnoredSettings(_ shown: String, full: String, kind: Kind) {
        switch kind {
        case .file:
            if Self.isSettingsFile(shown) { settingsFiles.append(shown) }
        case .directory:
            let project = shown + "/project.pbxproj"
            if shown.hasSuffix(".xcodeproj"), Self.isSettingsFile(project), Self.typeByStat(full + "/project.pbxproj") == UInt8(DT_REG) {
                settingsFiles.append(project)
            }
        case .symlink:
            break
        }
    }

    private mutating func addSwiftFile(_ shown: String, full: String, selection: FileSelection?) {
        if let selection, !selection.includes(filePath: full) { return }
        swiftFiles.append(shown)
        if let maximum = options.maximumSwiftFiles, swiftFiles.count >= maximum { stop() }
    }

    /// The deepest ignore file with an answer decides (git: a lower level overrides).
    private static func isIgnored(_ relative: String, isDirectory: Bool, by ignores: [ActiveIgnore]) -> Bool {
        for ignore in ignores.reversed() {
            if let answer = ignore.isIgnored(relative, isDirectory: isDirectory) { return answer }
        }
        return false
    }

    /// The `.gitignore` files between the top of the git repository enclosing `root` and
    /// `root`'s parent (a folder opened at `Sources/` still has its repository's rules);
    /// none when `root` is not inside a repository, or is its top.
    private static func ignoreFilesAbove(_ root: String) -> [ActiveIgnore] {
        let fileManager = FileManager.default
        var components = URL(fileURLWithPath: root).standardizedFileURL.pathComponents
        var above: [String] = []  // names from an ancestor down to the root
        var chain: [(directory: String, below: [String])] = []
        if fileManager.fileExists(atPath: root + "/.git") { return [] }
        while components.count > 1 {
            above.insert(components.removeLast(), at: 0)
            let directory = "/" + components.dropFirst().joined(separator: "/")  // components[0] is "/"
            chain.append((directory, above))
            if fileManager.fileExists(atPath: directory + "/.git") {
                // Shallowest first.
                return chain.reversed().compactMap { link in
                    guard let data = fileManager.contents(atPath: link.directory + "/" + IgnoreFile.fileName) else { return nil }
                    return ActiveIgnore(file: IgnoreFile(text: String(decoding: data, as: UTF8.self)),
                                        prefix: link.below.joined(separator: "/") + "/", strip: 0)
                }
            }
        }
        return []
    }

    /// The nearest `.swiftui-gotchas.json` at or above `directory`, read (nil: none, or unreadable).
    private static func governingConfiguration(ofDirectory directory: String) -> ConfigurationFile? {
        guard let path = ConfigurationFile.find(forFile: directory + "/" + ConfigurationFile.fileName) else { return nil }
        return try? ConfigurationFile.load(path: path, rules: [])
    }

    private static func typeByStat(_ path: String) -> UInt8 {
        switch PathKind.of(path) {
        case .directory: UInt8(DT_DIR)
        case .file: UInt8(DT_REG)
        case .missing, .other: UInt8(DT_UNKNOWN)
        }
    }
}
