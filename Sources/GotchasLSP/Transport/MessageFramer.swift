import GotchasCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Splits a byte stream into JSON-RPC message bodies using `Content-Length` framing.
///
/// Feed it whatever `read` returned: a partial header, several messages at once, or
/// one large body in many pieces. Headers other than `Content-Length` (e.g.
/// `Content-Type`) are accepted and ignored.
public struct MessageFramer: Sendable {
    /// The largest body accepted (64 MiB). A larger `Content-Length` is rejected
    /// before anything is allocated for it.
    public static let defaultMaximumBodySize = 64 * 1024 * 1024
    /// Headers longer than this without a blank line are not a header.
    static let maximumHeaderSize = 64 * 1024

    public enum FramingError: Error, Sendable, Equatable, CustomStringConvertible {
        case missingContentLength(header: String)
        case invalidContentLength(String)
        case bodyTooLarge(length: Int, limit: Int)
        case headerTooLarge

        public var description: String {
            switch self {
            case .missingContentLength(let header): "message header has no Content-Length: \(header.debugDescription)"
            case .invalidContentLength(let value): "invalid Content-Length \(value.debugDescription)"
            case .bodyTooLarge(let length, let limit): "Content-Length \(length) exceeds the limit of \(limit) bytes"
            case .headerTooLarge: "message header is longer than \(MessageFramer.maximumHeaderSize) bytes"
            }
        }

        /// Whether the stream can continue after this error (the body can be skipped).
        public var canSkipBody: Bool { if case .bodyTooLarge = self { true } else { false } }
    }

    public enum Event: Sendable, Equatable {
        case body([UInt8])
        case error(FramingError)
    }

    public let maximumBodySize: Int
    private var buffer: [UInt8] = []
    /// Read position in `buffer`; consumed bytes are dropped lazily.
    private var cursor = 0
    /// The body length once a header has been read.
    private var pendingLength: Int?
    /// Bytes of a rejected body still to be skipped.
    private var skipping = 0

    public init(maximumBodySize: Int = MessageFramer.defaultMaximumBodySize) {
        self.maximumBodySize = maximumBodySize
    }

    /// Appends `bytes` and returns every complete message (and framing error) now available.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Event] {
        buffer.append(contentsOf: bytes)
        var events: [Event] = []
        while true {
            if skipping > 0 {
                let available = min(skipping, buffer.count - cursor)
                cursor += available
                skipping -= available
                if skipping > 0 { break }
            }
            if let length = pendingLength {
                guard buffer.count - cursor >= length else { break }
                events.append(.body(Array(buffer[cursor..<(cursor + length)])))
                cursor += length
                pendingLength = nil
                continue
            }
            guard let headerEnd = findHeaderEnd() else {
                if buffer.count - cursor > Self.maximumHeaderSize {
                    events.append(.error(.headerTooLarge))
                    cursor = buffer.count
                }
                break
            }
            let header = String(decoding: buffer[cursor..<headerEnd.start], as: UTF8.self)
            cursor = headerEnd.end
            switch Self.contentLength(in: header) {
            case .success(let length):
                if length > maximumBodySize {
                    events.append(.error(.bodyTooLarge(length: length, limit: maximumBodySize)))
                    skipping = length
                } else {
                    pendingLength = length
                }
            case .failure(let error):
                events.append(.error(error))
            }
        }
        compact()
        return events
    }

    /// Bytes received but not yet part of a complete message.
    public var bufferedByteCount: Int { buffer.count - cursor }

    private mutating func compact() {
        if cursor == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count < 1 << 20)
            cursor = 0
        } else if cursor > 1 << 16 && cursor * 2 > buffer.count {
            buffer.removeFirst(cursor)
            cursor = 0
        }
    }

    /// The blank line ending the header: `\r\n\r\n` (or a bare `\n\n`, which some clients send).
    private func findHeaderEnd() -> (start: Int, end: Int)? {
        var index = cursor
        while index < buffer.count {
            if buffer[index] == UInt8(ascii: "\n") {
                if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "\n") { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == UInt8(ascii: "\r"), buffer[index + 2] == UInt8(ascii: "\n") {
                    return (index > cursor && buffer[index - 1] == UInt8(ascii: "\r") ? index - 1 : index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    /// The value of the header block's last `Content-Length` field. A field is also
    /// recognised after junk on its line, and the last one wins: after a truncated or
    /// mis-sized message, the junk and the next real header end up in one block, and the
    /// real header is the one that resynchronises the stream.
    static func contentLength(in header: String) -> Result<Int, FramingError> {
        var found: Result<Int, FramingError>?
        for line in header.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let name = line.lastRange(ofIgnoringASCIICase: "content-length") else { continue }
            let rest = line[name.upperBound...].drop { $0 == " " || $0 == "\t" }
            guard rest.first == ":" else { continue }
            let value = rest.dropFirst().trimmingWhitespace()
            guard let length = Int(value), length >= 0 else {
                found = .failure(.invalidContentLength(value))
                continue
            }
            found = .success(length)
        }
        return found ?? .failure(.missingContentLength(header: header))
    }

    /// Frames one body for writing.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

private extension Substring {
    func trimmingCharacters(in characters: String) -> String {
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
