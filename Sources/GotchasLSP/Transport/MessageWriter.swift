#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes framed messages to a file descriptor. Only the server actor writes, so
/// writes are already serialized; a write to a closed pipe is dropped (EPIPE), never fatal.
public struct MessageWriter: Sendable {
    public let fileDescriptor: Int32
    /// What `fileDescriptor` is, when the writer owns it.
    private let owned: OwnedDescriptor?

    /// Writes to `fileDescriptor` itself, which must stay open as long as the writer is used
    /// (standard output, a log file that lives as long as the process).
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        owned = nil
    }

    /// Writes to `owned`, closed with the last copy of this writer: for a writer that may
    /// outlive whoever made the descriptor (OwnedDescriptor).
    public init(owning owned: OwnedDescriptor) {
        self.owned = owned
        fileDescriptor = owned.value
    }

    public func write(_ message: Message) {
        write(raw: MessageFramer.frame(message.json.serialized))
    }

    @discardableResult
    public func write(raw bytes: [UInt8]) -> Bool {
        FileDescriptorOutput.writeAll(bytes, to: fileDescriptor)
    }
}
