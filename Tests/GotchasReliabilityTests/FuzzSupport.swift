import Foundation
import GotchasCorpus
import GotchasCore
import GotchasRules

/// Knobs for the fuzz tests. CI runs a small, fixed number of cases; a long run sets
///
///     SWIFTUI_GOTCHAS_FUZZ_ITERATIONS=100000   # cases per fuzz test (scales every loop)
///     SWIFTUI_GOTCHAS_FUZZ_SEED=1234           # reproduce a printed seed
///
/// (see docs/reliability.md and scripts/fuzz-long.sh).
enum Fuzz {
    static let environment = ProcessInfo.processInfo.environment

    /// Set when SWIFTUI_GOTCHAS_FUZZ_ITERATIONS asks for more than the CI default.
    static let requestedIterations: Int? = environment["SWIFTUI_GOTCHAS_FUZZ_ITERATIONS"].flatMap { Int($0) }

    static var isLong: Bool { requestedIterations != nil }

    /// `ci` cases in CI; the requested number in a long run.
    static func iterations(ci: Int) -> Int { requestedIterations.map { max($0, 1) } ?? ci }

    /// The base seed: fixed in CI so failures reproduce, overridable to explore.
    static let baseSeed: UInt64 = environment["SWIFTUI_GOTCHAS_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_F022

    /// A per-test seed derived from the base seed and the test's name; printed so a
    /// failure can be replayed with SWIFTUI_GOTCHAS_FUZZ_SEED.
    static func seed(_ test: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in test.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let seed = baseSeed ^ hash
        print("[fuzz] \(test): base seed \(baseSeed) (SWIFTUI_GOTCHAS_FUZZ_SEED), test seed \(seed), iterations \(requestedIterations.map(String.init) ?? "CI default")")
        return seed
    }

    /// Prints one summary line per fuzz test (counted into the closing report).
    static func report(_ test: String, cases: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        print("[fuzz] \(test): \(cases) cases in \(elapsed)")
    }
}

/// The fuzzers' seeded generator (GotchasCorpus's SplitMix64).
typealias FuzzRandom = SplitMix64

extension SplitMix64 {
    mutating func int(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }
}

/// Runs `work` on its own thread (8 MiB stack, like a main thread) and waits for it
/// without blocking the cooperative pool, so CPU-heavy fuzzing never starves the
/// async tests running beside it. Returns nil when `limit` passed first (a hang); the
/// thread is then left to finish on its own.
func withTimeLimit<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () -> T) async -> T? {
    let once = ResumeOnce<T?>()
    return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
        once.set(continuation)
        let thread = Thread { once.resume(work()) }
        thread.stackSize = 8 << 20
        thread.start()
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { once.resume(nil) }
    }
}

/// Off the cooperative pool, without a deadline.
func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withTimeLimit(.seconds(86_400), work)!
}

/// Resumes a continuation exactly once (the worker and the deadline race).
final class ResumeOnce<T: Sendable>: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Never>?
    private var early: T?
    private var done = false

    func set(_ continuation: CheckedContinuation<T, Never>) {
        lock.lock()
        if let early, !done {
            done = true
            lock.unlock()
            continuation.resume(returning: early)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func resume(_ value: T) {
        lock.lock()
        guard !done else { lock.unlock(); return }
        guard let continuation else { early = value; lock.unlock(); return }
        done = true
        self.continuation = nil
        lock.unlock()
        continuation.resume(returning: value)
    }
}

/// Every rule on, default options: the widest surface for fuzzing and fix safety.
let allRulesConfiguration = RuleConfiguration.resolve(rules: RuleCatalog.all.map { $0.description }, file: nil,
                                                      selection: RuleSelection(allRules: true))

/// A deterministic slice of the synthetic corpus plus the repository's Examples/.
enum SeedSources {
    static let examplesRoot: String = {
        // Tests/GotchasReliabilityTests/FuzzSupport.swift → repository root.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples").path
    }()

    /// The `.swift` files under Examples/, sorted, as (path, text).
    static let examples: [(path: String, text: String)] = {
        guard let enumerator = FileManager.default.enumerator(atPath: examplesRoot) else { return [] }
        var files: [(String, String)] = []
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            let path = examplesRoot + "/" + relative
            if let text = try? String(contentsOfFile: path, encoding: .utf8) { files.append((path, text)) }
        }
        return files.sorted { $0.0 < $1.0 }
    }()

    /// Every rule's examples (triggering, near misses, corrections' before and after).
    static let ruleExamples: [(name: String, text: String)] = RuleCatalog.all.flatMap { rule -> [(String, String)] in
        let description = rule.description
        var result: [(String, String)] = []
        for (index, example) in description.triggering.enumerated() {
            result.append(("\(description.id) triggering #\(index)", example.strippedWithMarkers.code))
        }
        for (index, example) in description.nonTriggering.enumerated() {
            result.append(("\(description.id) non-triggering #\(index)", example.code))
        }
        for (index, correction) in description.corrections.enumerated() {
            result.append(("\(description.id) correction #\(index) before", RuleExample(correction.before).strippedWithMarkers.code))
            result.append(("\(description.id) correction #\(index) after", correction.after))
        }
        return result
    }
}
