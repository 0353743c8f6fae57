#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import GotchasCore

/// Reads a file descriptor on its own thread (blocking `read`) and delivers the chunks
/// as an `AsyncStream`, so the message loop never blocks on input. The stream finishes
/// at end of file or on a read error.
///
/// The thread reads a descriptor of its own, closed when the thread ends: the caller may close
/// its own at any time (OwnedDescriptor).
public enum InputReader {
    /// Reads a duplicate of `fileDescriptor` (taken before this returns), or, without a
    /// descriptor to spare, `fileDescriptor` itself.
    public static func chunks(from fileDescriptor: Int32, chunkSize: Int = 64 * 1024) -> AsyncStream<[UInt8]> {
        chunks(reading: OwnedDescriptor(duplicating: fileDescriptor), or: fileDescriptor, chunkSize: chunkSize)
    }

    /// Reads `owned`, and closes it at the end.
    public static func chunks(reading owned: OwnedDescriptor, chunkSize: Int = 64 * 1024) -> AsyncStream<[UInt8]> {
        chunks(reading: owned, or: owned.value, chunkSize: chunkSize)
    }

    private static func chunks(reading owned: OwnedDescriptor?, or fallback: Int32, chunkSize: Int) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            DedicatedThread.start(name: "swiftui-gotchas stdin") {
                let fileDescriptor = owned?.value ?? fallback
                var buffer = [UInt8](repeating: 0, count: chunkSize)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, chunkSize) }
                    if count > 0 {
                        continuation.yield(Array(buffer[0..<count]))
                    } else if count < 0 && errno == EINTR {
                        continue
                    } else {
                        break
                    }
                }
                continuation.finish()
                withExtendedLifetime(owned) {}  // closed only now, when nothing reads it any more
            }
        }
    }
}
