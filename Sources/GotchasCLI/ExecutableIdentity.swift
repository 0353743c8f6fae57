#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// The running executable's size and modification time, keyed into the result cache: a
/// rebuilt or upgraded binary whose version string did not change (every development build)
/// must not read results an older build's rules produced.
enum ExecutableIdentity {
    static let current: String = {
        #if os(Linux)
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
        #else
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        #endif
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "unknown executable" }
        let size = (attributes[.size] as? UInt).map { Int($0) } ?? (attributes[.size] as? Int) ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "executable \(size) \(modified)"
    }()
}
