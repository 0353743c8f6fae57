#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import GotchasCore

/// What `stat` says about a file: enough to notice that it changed without reading it.
/// ctime is part of it (as in git): restoring an old mtime (`touch -d`) after an edit of
/// the same size still moves ctime, which no user process can set.
struct FileStamp: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64  // nanoseconds since 1970
    var changed: Int64   // ctime, nanoseconds since 1970

    /// nil when the file cannot be stat'ed (then it is read, and its problem reported).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
    }
}

/// The stat-first shortcut of the result cache: path → (stamp, content digest) from the
/// last run over the same paths, so a warm run that finds a file's stamp unchanged takes
/// its digest (`ContentHash` of the bytes, what cache keys are made of) without reading
/// it. A different stamp, or none, means: read and hash, as without the index.
///
/// The racy-timestamp problem (git's "racily clean" entries): a file changed again within
/// the filesystem's timestamp granularity of the moment it was read keeps its stamp. So a
/// digest is remembered only for a file whose mtime and ctime are at least
/// `racyMargin` older than the start of the run that read it (stamps are taken before
/// reading, so a change during the read shows as a different stamp next time); a file
/// written just before the run is read and hashed again next time.
struct StatIndex: Sendable {
    struct Entry: Sendable, Equatable {
        var stamp: FileStamp
        var digest: String
    }

    /// Coarser than any common filesystem's timestamps (FAT: 2 s; ext3, HFS+: 1 s; ext4 and
    /// tmpfs: the kernel's coarse clock, milliseconds).
    static let racyMargin: Int64 = 2_000_000_000

    private(set) var entries: [String: Entry] = [:]
    /// When the run that uses this index started (nanoseconds since 1970).
    let runStart: Int64

    init(entries: [String: Entry] = [:], runStart: Int64 = StatIndex.now()) {
        self.entries = entries
        self.runStart = runStart
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The remembered digest when `stamp` is the one it was remembered with.
    func trustedDigest(path: String, stamp: FileStamp) -> String? {
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return entry.digest
    }

    /// Whether a file with `stamp`, read by this run, may be trusted by the next one.
    func isSettled(_ stamp: FileStamp) -> Bool {
        max(stamp.modified, stamp.changed) < runStart - Self.racyMargin
    }

    /// The index the next run starts from: `read` (stamp before reading, digest of what was
    /// read) where settled, and the trusted entries this run used; nothing else (files gone
    /// or no longer linted drop out).
    func next(trusted: [String: Entry], read: [String: Entry]) -> StatIndex {
        var entries = trusted
        for (path, entry) in read where isSettled(entry.stamp) { entries[path] = entry }
        return StatIndex(entries: entries, runStart: runStart)
    }

    // MARK: Storage

    static let magic = Array("SGS1".utf8)

    /// One index per set of linted paths (and working directory: paths may be relative).
    static func path(in cache: ResultCache, roots: [String]) -> String {
        var hash = ContentHash()
        hash.combine(FileManager.default.currentDirectoryPath)
        for root in roots { hash.combine(root) }
        return cache.directory + "/stamps-" + hash.description + ".index"
    }

    /// The stored index, or an empty one when missing, corrupt or of another format.
    static func load(from path: String) -> StatIndex {
        guard let data = FileManager.default.contents(atPath: path), let entries = decode(Array(data)) else { return StatIndex() }
        return StatIndex(entries: entries)
    }

    /// Written to a temp file and renamed, like cache entries: concurrent runs never see half.
    func store(to path: String) {
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(encoded())) else { return }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.int(entries.count)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.string(path)
            writer.string(entry.digest)
            var stamp: [UInt8] = []
            for value in [Int64(bitPattern: entry.stamp.device), Int64(bitPattern: entry.stamp.inode),
                          entry.stamp.size, entry.stamp.modified, entry.stamp.changed] {
                withUnsafeBytes(of: value.littleEndian) { stamp += $0 }
            }
            writer.blob(stamp)
        }
        return SealedPayload.seal(writer.bytes, magic: Self.magic)
    }

    static func decode(_ bytes: [UInt8]) -> [String: Entry]? {
        guard let payload = SealedPayload.open(bytes, magic: magic) else { return nil }
        var reader = BinaryReader(payload)
        guard let count = reader.int(), count >= 0, count < 10_000_000 else { return nil }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let digest = reader.string() else { return nil }
            guard let raw = reader.blob(), raw.count == 40 else { return nil }
            let values = (0..<5).map { field in
                Int64(littleEndian: raw.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: field * 8, as: Int64.self) })
            }
            let stamp = FileStamp(device: UInt64(bitPattern: values[0]), inode: UInt64(bitPattern: values[1]),
                                  size: values[2], modified: values[3], changed: values[4])
            entries[path] = Entry(stamp: stamp, digest: digest)
        }
        guard reader.isAtEnd else { return nil }
        return entries
    }
}
