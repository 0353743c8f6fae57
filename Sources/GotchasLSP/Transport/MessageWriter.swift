import Foundation

/// Writes framed messages to a file descriptor. Only the server actor writes, so
/// writes are already serialized; a write to a closed pipe is dropped (EPIPE), never fatal.
public struct MessageWriter: Sendable {
    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    public func write(_ message: Message) {
        write(raw: MessageFramer.frame(message.json.serialized))
    }

    @discardableResult
    public func write(raw bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
