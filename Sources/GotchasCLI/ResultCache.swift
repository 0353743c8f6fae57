#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import GotchasCore

/// Lint results on disk, keyed by file content, configuration, rule set and tool
/// version, so an unchanged tree re-lints without parsing.
///
/// One file per entry, written to a temp file and renamed into place, so concurrent
/// runs never see half an entry; an entry that fails to decode (corrupt, truncated,
/// another version's format) is ignored and rewritten.
struct ResultCache: Sendable {
    let directory: String

    /// `$XDG_CACHE_HOME/swiftui-gotchas`, else `~/.cache/swiftui-gotchas`.
    static func defaultDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/swiftui-gotchas" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/swiftui-gotchas"
    }

    init?(directory: String) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return nil
        }
        self.directory = directory
    }

    /// The key of a file's result under a configuration. The path is part of it: the
    /// file's index and related locations name it, so a copy elsewhere is another entry.
    static func key(path: String, bytes: [UInt8], configuration: RuleConfiguration, ruleIDs: [String], extra: String = "") -> String {
        key(path: path, contentDigest: ContentHash(bytes).description,
            settings: settingsKey(configuration: configuration, ruleIDs: ruleIDs), extra: extra)
    }

    /// The key from the content's digest (`ContentHash(bytes).description`, which the
    /// stat index remembers, so an unchanged file is not read) and `settingsKey`, which
    /// files sharing a configuration share (sorting 67 severities per file was ~5 % of
    /// a warm run).
    static func key(path: String, contentDigest: String, settings: String, extra: String = "") -> String {
        var hash = ContentHash()
        hash.combine(contentDigest)
        hash.combine(path)
        hash.combine(settings)
        hash.combine(extra)
        return hash.description
    }

    /// What a result depends on besides the file: tool version and build, rule set, configuration.
    static func settingsKey(configuration: RuleConfiguration, ruleIDs: [String]) -> String {
        var hash = ContentHash()
        hash.combine(Product.version)
        hash.combine(ExecutableIdentity.current)
        hash.combine("index format \(FileIndex.encodingFormat)")
        hash.combine(ruleIDs.joined(separator: ","))
        for (id, severity) in configuration.severities.sorted(by: { $0.key < $1.key }) { hash.combine("\(id)=\(severity.rawValue)") }
        // A configured severity keeps findings the evidence would lower (`Finding.loweredSeverity`).
        hash.combine("configured " + configuration.userConfigured.sorted().joined(separator: ","))
        for (id, options) in configuration.options.sorted(by: { $0.key < $1.key }) {
            for (name, value) in options.sorted(by: { $0.key < $1.key }) { hash.combine("\(id).\(name)=\(value)") }
        }
        hash.combine("platforms \(configuration.platforms.cacheKey)")
        return hash.description
    }

    func load(key: String) -> [Diagnostic]? { loadEntry(key: key)?.diagnostics }

    /// Diagnostics and, when stored with them, the file's workspace index — still
    /// encoded: an unchanged tree needs only its digest, so decoding waits until needed.
    func loadEntry(key: String) -> (diagnostics: [Diagnostic], fileIndex: CachedFileIndex?)? {
        guard let data = FileManager.default.contents(atPath: path(for: key)),
              let entry = CacheEntryCoding.decode(Array(data)) else { return nil }
        guard !entry.extra.isEmpty else { return (entry.diagnostics, nil) }
        guard let cached = CachedFileIndex(stored: entry.extra) else { return nil }
        return (entry.diagnostics, cached)
    }

    func store(_ diagnostics: [Diagnostic], fileIndex: CachedFileIndex? = nil, key: String) {
        let extra = fileIndex?.stored ?? []
        let target = path(for: key)
        let temporary = target + ".\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(CacheEntryCoding.encode(diagnostics, extra: extra))) else { return }
        if rename(temporary, target) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    private func path(for key: String) -> String { directory + "/" + key + ".entry" }
}

/// A file's workspace index as the cache holds it: its digest (what workspace-dependent
/// results are keyed by), whether its rules asked the workspace anything, and its
/// encoding (`FileIndex.encoded()`), decoded only when the index must be rebuilt.
struct CachedFileIndex: Sendable {
    static let digestLength = 32
    /// True when some rule asked the workspace a question linting this file
    /// (`FileIndex.queries` is not empty): only then can a second pass change its result.
    let asksWorkspace: Bool
    private let encoded: [UInt8]?
    private let storedDigest: String?
    private let fresh: FileIndex?

    /// A fresh index; `encoding` computes its encoding and digest now (to store it),
    /// otherwise only if asked.
    init(fileIndex: FileIndex, encoding: Bool) {
        let encoded = encoding ? fileIndex.encoded() : nil
        self.encoded = encoded
        storedDigest = encoded.map { ContentHash($0).description }
        asksWorkspace = !fileIndex.queries.isEmpty
        fresh = fileIndex
    }

    init?(stored: [UInt8]) {
        guard stored.count > Self.digestLength + 1,
              let digest = String(validating: stored[0..<Self.digestLength], as: UTF8.self),
              stored[Self.digestLength] <= 1 else { return nil }
        storedDigest = digest
        asksWorkspace = stored[Self.digestLength] == 1
        encoded = Array(stored[(Self.digestLength + 1)...])
        fresh = nil
    }

    /// Hash of the encoding (deterministic: sorted, positions included).
    var digest: String { storedDigest ?? ContentHash(encoding).description }

    var stored: [UInt8] { Array(digest.utf8) + [asksWorkspace ? 1 : 0] + encoding }

    private var encoding: [UInt8] { encoded ?? fresh?.encoded() ?? [] }

    /// The index itself (decoding it when it came from disk).
    var fileIndex: FileIndex? { fresh ?? encoded.flatMap(FileIndex.init(encoded:)) }
}

/// A compact, self-checking binary encoding of diagnostics.
enum CacheEntryCoding {
    static let magic = Array("SGC6".utf8)  // SGC6: properties record whether their initial value is an array literal

    /// `extra` is an opaque blob stored after the diagnostics (the file's index).
    static func encode(_ diagnostics: [Diagnostic], extra: [UInt8] = []) -> [UInt8] {
        var writer = BinaryWriter()
        writer.int(diagnostics.count)
        for diagnostic in diagnostics {
            writer.string(diagnostic.ruleID)
            writer.string(diagnostic.severity.rawValue)
            writer.string(diagnostic.message)
            writer.range(diagnostic.range)
            writer.int(diagnostic.tags.count)
            for tag in diagnostic.tags { writer.string(tag.rawValue) }
            writer.int(diagnostic.related.count)
            for related in diagnostic.related {
                writer.string(related.path)
                writer.range(related.range)
                writer.string(related.message)
            }
            writer.int(diagnostic.fixes.count)
            for fix in diagnostic.fixes {
                writer.string(fix.title)
                writer.string(fix.applicability.rawValue)
                writer.int(fix.edits.count)
                for edit in fix.edits {
                    writer.range(edit.range)
                    writer.string(edit.replacement)
                }
            }
            writer.int(diagnostic.withheldFixes.count)
            for withheld in diagnostic.withheldFixes {
                writer.string(withheld.title)
                writer.string(withheld.reason)
            }
        }
        writer.blob(extra)
        return SealedPayload.seal(writer.bytes, magic: magic)
    }

    static func decode(_ bytes: [UInt8]) -> (diagnostics: [Diagnostic], extra: [UInt8])? {
        guard let payload = SealedPayload.open(bytes, magic: magic) else { return nil }
        var reader = BinaryReader(payload)
        guard let count = reader.int(), count < 1_000_000 else { return nil }
        var diagnostics: [Diagnostic] = []
        for _ in 0..<count {
            guard let ruleID = reader.string(), let severity = reader.string().flatMap(Severity.init(rawValue:)),
                  let message = reader.string(), let range = reader.range(), let tagCount = reader.int() else { return nil }
            var tags: [DiagnosticTag] = []
            for _ in 0..<tagCount {
                guard let tag = reader.string().flatMap(DiagnosticTag.init(rawValue:)) else { return nil }
                tags.append(tag)
            }
            guard let relatedCount = reader.int() else { return nil }
            var related: [RelatedLocation] = []
            for _ in 0..<relatedCount {
                guard let path = reader.string(), let range = reader.range(), let text = reader.string() else { return nil }
                related.append(RelatedLocation(path: path, range: range, message: text))
            }
            guard let fixCount = reader.int() else { return nil }
            var fixes: [Fix] = []
            for _ in 0..<fixCount {
                guard let title = reader.string(), let applicability = reader.string().flatMap(Applicability.init(rawValue:)),
                      let editCount = reader.int() else { return nil }
                var edits: [TextEdit] = []
                for _ in 0..<editCount {
                    guard let range = reader.range(), let replacement = reader.string() else { return nil }
                    edits.append(TextEdit(range: range, replacement: replacement))
                }
                fixes.append(Fix(title: title, applicability: applicability, edits: edits))
            }
            guard let withheldCount = reader.int() else { return nil }
            var withheld: [WithheldFix] = []
            for _ in 0..<withheldCount {
                guard let title = reader.string(), let reason = reader.string() else { return nil }
                withheld.append(WithheldFix(title: title, reason: reason))
            }
            diagnostics.append(Diagnostic(ruleID: ruleID, severity: severity, message: message, range: range,
                                          tags: tags, related: related, fixes: fixes, withheldFixes: withheld))
        }
        guard let extra = reader.blob(), reader.isAtEnd else { return nil }
        return (diagnostics, extra)
    }
}

/// The framing of every file the CLI caches: a format tag (`magic`), the digest of the
/// payload and the tag, then the payload. A file from another version, truncated or
/// corrupted by a crash mid-write opens as nil and is treated as absent.
enum SealedPayload {
    static func seal(_ payload: [UInt8], magic: [UInt8]) -> [UInt8] {
        magic + digest(of: payload, magic: magic) + payload
    }

    static func open(_ bytes: [UInt8], magic: [UInt8]) -> [UInt8]? {
        let headerLength = magic.count + 32
        guard bytes.count >= headerLength, Array(bytes[0..<magic.count]) == magic else { return nil }
        let payload = Array(bytes[headerLength...])
        guard Array(bytes[magic.count..<headerLength]) == digest(of: payload, magic: magic) else { return nil }
        return payload
    }

    private static func digest(of payload: [UInt8], magic: [UInt8]) -> [UInt8] {
        var hash = ContentHash(payload)
        hash.combine(magic)
        return Array(hash.description.utf8)
    }
}
