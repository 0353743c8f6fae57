import Foundation
import GotchasCore
import GotchasLSP

public func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> JSON {
    ["start": ["line": .int(startLine), "character": .int(startCharacter)],
     "end": ["line": .int(endLine), "character": .int(endCharacter)]]
}

public func position(_ line: Int, _ character: Int) -> JSON { ["line": .int(line), "character": .int(character)] }

/// A temporary directory removed at deinit.
public final class TemporaryDirectory: Sendable {
    public let path: String
    public init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("gotchas-lsp-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    public func write(_ relative: String, _ text: String) -> String {
        let file = path + "/" + relative
        try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        return file
    }

    public func uri(_ relative: String) -> String { URL(fileURLWithPath: path + "/" + relative).absoluteString }
}

/// Resident set size of this process in bytes (Linux), for memory-bound checks.
public func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        return digits.map { $0 * 1024 }
    }
    return nil
}

extension ServerOptions {
    /// For a test that answers `window/workDoneProgress/create` itself and then waits for
    /// `$/progress`: the server waits that long for the answer (a loaded machine may take more
    /// than the real 2 s to send it, and the work would then go on without progress).
    public func waitingForProgressAnswers() -> ServerOptions {
        var options = self
        options.progressTokenTimeout = .seconds(600)
        return options
    }
}
