import GotchasCorpus
import Testing
@testable import GotchasCore

/// The index keeps the `init` keys of each type (`ReachMaps.initializerKeysByOwner`) current file by
/// file, so a call's labels are matched without scanning every file: after random adds, updates
/// and removals, every answer equals that of an index built afresh from the same files, and the
/// one a slow scan of every file's keys gives.
@Suite struct InitializerReachShortcutTests {
    static let initializers = ["init(markdown:)", "init(markdown:fallback=:)", "init(_:)", "init(message:)",
                               "init(markdown:options:)", "init(stringValue:parseMarkdown=:)", "init()"]
    static let calls = ["init(markdown:)", "init(markdown:fallback:)", "init(_:)", "init(message:)", "init(stringValue:)",
                        "init(markdown:options:)", "init()", "init(fallback:)"]
    static let owners = ["Text", "RichText"]

    static func file(_ path: String, _ random: inout SplitMix64) -> FileIndex {
        var hazards: [String: [ReachHazard]] = [:]
        for _ in 0..<random.next(upTo: 3) {
            let key = owners[random.next(upTo: owners.count)] + " " + initializers[random.next(upTo: initializers.count)]
            hazards[key, default: []].append(ReachHazard(kind: .formatter, detail: ReachHazard.markdownParsing,
                                                         member: FileIndex.member(ofReachKey: key), site: .code, range: 0..<1))
        }
        return FileIndex(path: path, reachHazards: hazards)
    }

    /// The slow path: every file's keys of `owner` (not the kept map), matched to the call's labels.
    static func slowAnswer(_ files: [String: FileIndex], owner: String, call: String) -> Bool {
        let keys = Set(files.values.flatMap(\.reachHazards.keys)).filter { $0.hasPrefix(owner + " init(") }
        return keys.filter { FileIndex.initializer(FileIndex.member(ofReachKey: $0), accepts: call) }.count == 1
    }

    @Test func keptKeysAnswerAsAFreshIndexAndASlowScan() {
        var random = SplitMix64(seed: 27)
        var found = 0
        for _ in 0..<60 {
            var files: [String: FileIndex] = [:]
            var index = WorkspaceIndex(files: [])
            for _ in 0..<20 {
                let path = "/w/F\(random.next(upTo: 6)).swift"
                if random.next(upTo: 4) == 0 {
                    files[path] = nil
                    index.remove(path: path)
                } else {
                    let file = Self.file(path, &random)
                    files[path] = file
                    index.update(file)
                }
                let fresh = WorkspaceIndex(files: Array(files.values))
                for owner in Self.owners {
                    for call in Self.calls {
                        let target = ReachTarget.member(owner: owner, name: call)
                        let kept = index.reachedHazard(from: target, kinds: [.formatter])
                        #expect(kept == fresh.reachedHazard(from: target, kinds: [.formatter]), "\(owner) \(call)")
                        #expect((kept != nil) == Self.slowAnswer(files, owner: owner, call: call), "\(owner) \(call)")
                        if kept != nil { found += 1 }
                    }
                }
            }
        }
        #expect(found > 100)
    }
}
