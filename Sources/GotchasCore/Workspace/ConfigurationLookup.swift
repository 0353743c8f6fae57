#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Which `.swiftui-gotchas.json` governs a file (the nearest one in its directory or
/// above) and what it says, each configuration file loaded once. Shared by both front
/// ends, which differ in caching and in how they report a problem: the CLI remembers
/// the nearest file per directory for the run and stops on a broken one; the server
/// looks again on every lint (a configuration file created since applies at the next
/// edit), shows the problem and keeps the last good contents in force.
public struct ConfigurationLookup: Sendable {
    /// A file's governing configuration.
    public struct Found: Sendable {
        /// The configuration file's path (nil: none; defaults apply).
        public var path: String?
        /// Its contents; after a failed load, the last good ones (nil: defaults).
        public var file: ConfigurationFile?
        /// Set when this look-up loaded the file (`Load`), nil when it was loaded before.
        public var load: Load?
    }

    /// The outcome of reading a configuration file.
    public enum Load: Sendable {
        /// Read and valid (nil: the file does not exist); its `warnings` are new.
        case loaded(ConfigurationFile?)
        /// Unreadable or invalid; whatever was good before stays in force.
        case failed(ConfigurationError)
    }

    public let rules: [RuleDescription]
    /// Remember the nearest configuration file per directory (the CLI: one run sees one tree).
    public let remembersNearestFile: Bool
    private var nearestByDirectory: [String: String?] = [:]
    /// The same answers by standardized directory, for every directory a walk up passed.
    private var nearestByStandardizedDirectory: [String: String?] = [:]
    /// Last good contents per configuration file path (none: missing or never valid).
    private var files: [String: ConfigurationFile] = [:]
    private var loaded: Set<String> = []

    /// How long to wait before reading a broken configuration file once more (nil: not
    /// again). The CLI waits; the server must not block its message loop, so it passes nil
    /// and re-reads later itself (`LanguageServer.reloadConfiguration`).
    let retryDelay: TimeInterval?

    public init(rules: [RuleDescription], remembersNearestFile: Bool, retryDelay: TimeInterval? = ConfigurationLookup.retryDelay) {
        self.rules = rules
        self.remembersNearestFile = remembersNearestFile
        self.retryDelay = retryDelay
    }

    /// The configuration governing the file at `path`, loading it on first use.
    public mutating func find(forFile path: String) -> Found {
        guard let configPath = nearestFile(forFile: path) else { return Found(path: nil, file: nil, load: nil) }
        let load = self.load(path: configPath)
        return Found(path: configPath, file: files[configPath], load: load)
    }

    /// The nearest `.swiftui-gotchas.json` in the directory of `path` or above.
    public mutating func nearestFile(forFile path: String) -> String? {
        guard remembersNearestFile else { return ConfigurationFile.find(forFile: path) }
        // Keyed by the directory as written (a URL per file cost a warm run ~10 %); two
        // spellings of one directory are two keys with the same answer.
        let directory = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
        if let known = nearestByDirectory[directory] { return known }
        let found = nearestFile(inStandardizedDirectory: Self.standardizedDirectory(ofFile: path))
        nearestByDirectory[directory] = found
        return found
    }

    /// `URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path`,
    /// where `find` starts.
    static func standardizedDirectory(ofFile path: String) -> String {
        let standardized = StandardizedPath.of(path)
        guard StandardizedPath.isClean(path), let slash = standardized.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            return URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        }
        return slash == standardized.startIndex ? "/" : String(standardized[..<slash])
    }

    /// `ConfigurationFile.find`'s walk up, asking the disk once per directory per run: the
    /// answer of every directory passed is remembered, so a new directory costs one look
    /// in it, not one per level above it (~10 % of a warm `lint` over 550 directories).
    /// `directory` is standardized and absolute, as `find` walks it.
    private mutating func nearestFile(inStandardizedDirectory directory: String) -> String? {
        var passed: [String] = []
        var current = directory
        var answer: String?
        while true {
            if let known = nearestByStandardizedDirectory[current] {
                answer = known
                break
            }
            passed.append(current)
            let candidate = (current.hasSuffix("/") ? current : current + "/") + ConfigurationFile.fileName
            if FileManager.default.fileExists(atPath: candidate) {
                answer = candidate
                break
            }
            guard current != "/", let slash = current.lastIndex(of: "/") else { break }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
        for directory in passed { nearestByStandardizedDirectory[directory] = .some(answer) }
        return answer
    }

    /// Reads the configuration file at `path` unless it was read already (nil then).
    public mutating func load(path: String) -> Load? {
        guard loaded.insert(path).inserted else { return nil }
        guard FileManager.default.fileExists(atPath: path) else {
            files[path] = nil
            return .loaded(nil)
        }
        do {
            let file = try Self.read(path: path, rules: rules, retryingAfter: retryDelay)
            files[path] = file
            return .loaded(file)
        } catch {
            return .failed(error)
        }
    }

    /// How long to wait before reading a broken configuration file again.
    public static let retryDelay: TimeInterval = 0.05

    /// An editor saving the file may truncate it and write it again: read in between, it
    /// is empty or cut off for a moment. So a file that fails to load is read once more,
    /// shortly after, before the failure counts (only a failure pays for the wait).
    private static func read(path: String, rules: [RuleDescription], retryingAfter delay: TimeInterval?) throws(ConfigurationError) -> ConfigurationFile {
        do {
            return try ConfigurationFile.load(path: path, rules: rules)
        } catch {
            guard let delay else { throw error }
            usleep(UInt32(delay * 1_000_000))
            return try ConfigurationFile.load(path: path, rules: rules)
        }
    }

    /// The last good contents of the configuration file at `path`.
    public func file(atPath path: String) -> ConfigurationFile? { files[path] }

    /// Forgets that `path` was read, so the next look-up reads it again.
    public mutating func forget(path: String) { loaded.remove(path) }

    /// Forgets every file read (and every nearest file remembered); returns their paths, sorted.
    public mutating func forgetAll() -> [String] {
        let paths = loaded.sorted()
        loaded.removeAll()
        nearestByDirectory.removeAll()
        nearestByStandardizedDirectory.removeAll()
        return paths
    }
}
