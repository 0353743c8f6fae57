#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A file descriptor that is closed when this object goes, and by nothing else.
///
/// A reader thread or a writer that may outlive whoever opened the descriptor owns one (the
/// descriptor itself, handed over, or a duplicate). Once an opener closes a descriptor, the kernel
/// hands its number to the next file opened, and a thread still reading or writing by that number
/// would read or write somebody else's file. In the test process that is another test's server
/// pipe: a server that had exited read the next test's `initialize` off its reused number, and that
/// test waited 90 s for an answer (docs/reliability.md, "Reused descriptors"). A duplicate keeps the
/// pipe itself, not a number: it reads end of file once the writers are gone, whatever the number
/// now names.
public final class OwnedDescriptor: Sendable {
    public let value: Int32

    /// Takes `fileDescriptor` over: nothing else may close it.
    public init(adopting fileDescriptor: Int32) { value = fileDescriptor }

    /// Duplicates `fileDescriptor`; nil if the process has no descriptor left (EMFILE).
    public init?(duplicating fileDescriptor: Int32) {
        let duplicate = dup(fileDescriptor)
        guard duplicate >= 0 else { return nil }
        value = duplicate
    }

    deinit { close(value) }
}
