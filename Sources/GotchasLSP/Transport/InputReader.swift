import Foundation

/// Reads a file descriptor on its own thread (blocking `read`) and delivers the chunks
/// as an `AsyncStream`, so the message loop never blocks on input. The stream finishes
/// at end of file or on a read error.
public enum InputReader {
    public static func chunks(from fileDescriptor: Int32, chunkSize: Int = 64 * 1024) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            let thread = Thread {
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
            }
            thread.name = "swiftui-gotchas stdin"
            thread.start()
        }
    }
}
