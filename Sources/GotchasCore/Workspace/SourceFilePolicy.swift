#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What a file must be to be linted (or indexed): readable, at most 16 MiB, free of NUL
/// bytes, valid UTF-8 and safe to parse (`ParserLimits`). The one read policy of both
/// front ends: the CLI reports a rejected file with its reason and skips it; the server
/// logs it and leaves it out of the workspace index. Editor buffers are the user's own
/// text and are linted as they are (`Linter` still refuses what `ParserLimits` finds
/// unsafe to parse).
public enum SourceFilePolicy {
    /// Larger files are reported and skipped rather than parsed.
    public static let maximumFileSize = 16 * 1024 * 1024

    /// Why a file is not linted; `description` is the message shown to the user.
    public enum Rejection: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadable(String)
        case tooLarge(Int)
        case binary
        case notUTF8
        case unparsable(String)

        public var description: String {
            switch self {
            case .unreadable(let reason): "cannot read file: \(reason)"
            case .tooLarge(let size): "skipped: \(size) bytes is over the \(SourceFilePolicy.maximumFileSize)-byte limit"
            case .binary: "skipped: binary file (contains NUL bytes)"
            case .notUTF8: "skipped: not valid UTF-8"
            case .unparsable(let reason): "skipped: \(reason)"
            }
        }
    }

    /// The bytes of the file at `path`, when it may be linted. An oversized regular file
    /// is rejected from its size, before it is read.
    public static func read(path: String) throws(Rejection) -> [UInt8] {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > maximumFileSize {
            throw .tooLarge(Int(info.st_size))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(SystemErrorText.describe(error))
        }
        return try check(Array(data))
    }

    /// The file at `path` as a document, when it may be linted.
    public static func document(atPath path: String) throws(Rejection) -> SourceDocument {
        SourceDocument(path: path, bytes: try read(path: path))
    }

    /// `bytes` (read from a file or stdin), when they may be linted.
    public static func check(_ bytes: [UInt8]) throws(Rejection) -> [UInt8] {
        if bytes.count > maximumFileSize { throw .tooLarge(bytes.count) }
        if bytes.contains(0) { throw .binary }
        if String(validating: bytes, as: UTF8.self) == nil { throw .notUTF8 }
        if let reason = ParserLimits.hazard(in: bytes) { throw .unparsable(reason) }
        return bytes
    }
}
