import Foundation

/// The running executable's size and modification time, keyed into the result cache: a
/// rebuilt or upgraded binary whose version string did not change (every development build)
/// must not read results an older build's rules produced.
enum ExecutableIdentity {
    static let current: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "unknown executable" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "executable \(size) \(modified)"
    }()
}
