#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

// The executable links FoundationEssentials, not Foundation, where the toolchain has it (Linux):
// Foundation's full library and its ICU data are ~6 MB of resident pages the language server
// would hold for a handful of string conveniences. The few it used live here instead.

extension StringProtocol {
    /// The text without whitespace (newlines included) at either end.
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }

    /// The last occurrence of `text`, searched from the end.
    public func lastRange(of text: some StringProtocol) -> Range<Index>? {
        ranges(of: text).last
    }
}

/// What went wrong with a file operation, in the system's words ("No such file or directory"),
/// for a message a user can act on.
public enum SystemErrorText {
public static func describe(_ error: any Error) -> String {
    #if canImport(FoundationEssentials)
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    if let cocoa = error as? CocoaError {
        if let posix = cocoa.userInfo["NSUnderlyingError"] as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        switch cocoa.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
        case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
        default: return "error \(cocoa.code.rawValue)"
        }
    }
    return String(describing: error)
    #else
    return (error as NSError).localizedDescription
    #endif
}
}

/// Writing to a file descriptor without Foundation's `FileHandle`.
public enum FileDescriptorOutput {
    /// Writes all of `bytes`, again where a signal interrupted the write; false when it fails
    /// (the reader went away).
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Writes `text` to the standard error.
    public static func writeToStandardError(_ text: String) {
        writeAll(Array(text.utf8), to: STDERR_FILENO)
    }
}

extension Double {
    /// The value rounded to `places` decimals, written out (`String(format: "%.1f")` without
    /// Foundation's full library).
    public func decimalText(places: Int) -> String {
        let scale = (0..<places).reduce(1) { product, _ in product * 10 }
        let scaled = Int((abs(self) * Double(scale)).rounded())
        let sign = self < 0 && scaled != 0 ? "-" : ""
        guard places > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % scale)
        return sign + String(scaled / scale) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}

extension StringProtocol {
    /// The last occurrence of `text`, ASCII letters compared without case (a protocol header's
    /// field name).
    public func lastRange(ofIgnoringASCIICase text: String) -> Range<Index>? {
        // Lowering ASCII letters only keeps every scalar's UTF-8 length, so offsets carry over.
        func lowered(_ scalars: some Sequence<Unicode.Scalar>) -> String {
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 })
            return String(result)
        }
        let haystack = lowered(unicodeScalars)
        guard let found = haystack.lastRange(of: lowered(text.unicodeScalars)) else { return nil }
        let start = haystack.utf8.distance(from: haystack.startIndex, to: found.lowerBound)
        let end = haystack.utf8.distance(from: haystack.startIndex, to: found.upperBound)
        return utf8.index(startIndex, offsetBy: start)..<utf8.index(startIndex, offsetBy: end)
    }
}

extension String {
    /// The text with spaces added at its end up to `width` characters (a table column).
    public func padded(toWidth width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}

/// What is at a path, links followed (`FileManager.fileExists(atPath:isDirectory:)` without
/// the `ObjCBool` that Foundation's full library has and FoundationEssentials has not).
public enum PathKind: Sendable, Equatable {
    /// `file`: a regular file; `other`: a device, a socket, a pipe.
    case missing, directory, file, other

    public static func of(_ path: String) -> PathKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .other
        }
    }
}

/// Reading a file descriptor without Foundation's `FileHandle`.
public enum FileDescriptorInput {
    /// Every byte until the end of input (or a read error).
    public static func readToEnd(_ fileDescriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }
}
