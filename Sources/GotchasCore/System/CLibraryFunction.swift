#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A C library function the C library's Swift module does not export (`malloc_trim`, `mallopt`,
/// `gettid`), looked up at run time as the process resolves it; nil where the C library has no
/// such function (macOS has none of these).
public enum CLibraryFunction {
    public static func named<Function>(_ name: String, as type: Function.Type) -> Function? {
        #if os(Linux)
        // RTLD_DEFAULT (a null handle): the symbol as the process resolves it.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
        #else
        return nil
        #endif
    }

    /// The calling thread's kernel ID (`gettid`), for per-thread scheduling calls; nil off Linux.
    public static func currentThreadID() -> Int32? {
        named("gettid", as: (@convention(c) () -> Int32).self).map { $0() }
    }
}
