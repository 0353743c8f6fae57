import Foundation
import GotchasCore

/// Reads a file's bytes and decides whether it can be linted.
enum SourceReader {
    /// Larger files are reported and skipped rather than parsed.
    static let maximumFileSize = 16 * 1024 * 1024

    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case tooLarge(Int)
        case binary
        case notUTF8
        case unparsable(String)

        var description: String {
            switch self {
            case .unreadable(let reason): "cannot read file: \(reason)"
            case .tooLarge(let size): "skipped: \(size) bytes is over the \(SourceReader.maximumFileSize)-byte limit"
            case .binary: "skipped: binary file (contains NUL bytes)"
            case .notUTF8: "skipped: not valid UTF-8"
            case .unparsable(let reason): "skipped: \(reason)"
            }
        }
    }

    static func read(path: String) throws(Failure) -> [UInt8] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable((error as NSError).localizedDescription)
        }
        return try validate(Array(data))
    }

    static func validate(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        if bytes.count > maximumFileSize { throw .tooLarge(bytes.count) }
        if bytes.contains(0) { throw .binary }
        if String(validating: bytes, as: UTF8.self) == nil { throw .notUTF8 }
        if let reason = ParserLimits.hazard(in: bytes) { throw .unparsable(reason) }
        return bytes
    }
}
