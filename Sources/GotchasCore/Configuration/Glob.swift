/// A path pattern from `include`/`exclude`: `*` and `?` within a path component,
/// `**` for any number of components. A pattern without `/` matches at any depth
/// (`Generated` ≡ `**/Generated`), and matching a directory matches what is under it.
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let components: [Substring]
    /// The same components, prepared once: matching was per call, per component, an
    /// array of Unicode scalars of the pattern's and the path's component (with a
    /// `.gitignore` of a hundred lines, 80 % of a warm `lint`'s instructions).
    private let compiled: [Component]

    /// One pattern component: `**`, a name without wildcards (compared by UTF-8 bytes,
    /// which are equal exactly when the scalars are), or one with `*`/`?`.
    enum Component: Sendable, Equatable {
        case anyDepth
        case literal([UInt8])
        case wildcard(scalars: [Unicode.Scalar], ascii: [UInt8]?)
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        var parts = trimmed.split(separator: "/", omittingEmptySubsequences: true)
        if !trimmed.contains("/") { parts.insert("**", at: 0) }
        components = parts
        let compiled: [Component] = parts.map { part in
            if part == "**" { return .anyDepth }
            let scalars = Array(part.unicodeScalars)
            guard scalars.contains(where: { $0 == "*" || $0 == "?" }) else { return .literal(Array(part.utf8)) }
            return .wildcard(scalars: scalars, ascii: part.utf8.allSatisfy { $0 < 0x80 } ? Array(part.utf8) : nil)
        }
        self.compiled = compiled
        // A whole match ends with the last component matching the last part (unless it is
        // `**`), so the part must end with what follows the last wildcard: checked first, it
        // rules out nearly every pattern of an ignore file for an entry (ASCII bytes at the
        // end of UTF-8 text are whole scalars, so a byte suffix is a scalar suffix).
        switch compiled.last {
        case .literal(let bytes)?: lastPartSuffix = bytes
        case .wildcard(_, let ascii?)?:
            lastPartSuffix = Array(ascii.reversed().prefix { $0 != UInt8(ascii: "*") && $0 != UInt8(ascii: "?") }.reversed())
        default: lastPartSuffix = []
        }
    }

    /// What the last path part must end with for a whole match (empty: no condition).
    private let lastPartSuffix: [UInt8]

    /// A path split once for many globs (an `IgnoreFile` asks all its patterns).
    public struct Path: Sendable {
        struct Part: Sendable {
            var utf8: [UInt8]
            var isASCII: Bool
        }
        let parts: [Part]

        public init(_ path: String) {
            let bytes = Array(path.utf8)
            if bytes.allSatisfy({ $0 < 0x80 }) {
                parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map { Part(utf8: Array($0), isASCII: true) }
                return
            }
            // By `Character`s, as `split` on the text: "/" and a combining mark after it are one.
            parts = path.split(separator: "/", omittingEmptySubsequences: true).map { part in
                let bytes = Array(part.utf8)
                return Part(utf8: bytes, isASCII: bytes.allSatisfy { $0 < 0x80 })
            }
        }
    }

    public var description: String { pattern }

    /// `path` is relative to the configuration file's directory, `/`-separated.
    public func matches(_ path: String) -> Bool {
        let parts = Path(path).parts
        // A match of any leading run of components (a directory) counts.
        for end in stride(from: parts.count, through: 1, by: -1) where Self.match(compiled[...], parts[0..<end]) {
            return true
        }
        return false
    }

    /// `matches` as first written: the meaning of the compiled match, for the tests.
    func matchesByScalars(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        for end in stride(from: parts.count, through: 1, by: -1) where Self.match(components[...], parts[0..<end]) {
            return true
        }
        return false
    }

    /// `path` as a whole matches (no leading run of it): for a walk that decides every
    /// entry on its way down and so never needs a directory to stand for what is under it
    /// (`.gitignore` patterns, `IgnoreFile`).
    public func matchesWhole(_ path: String) -> Bool { matchesWhole(Path(path)) }

    /// `matchesWhole` of a path split before.
    public func matchesWhole(_ path: Path) -> Bool {
        if !lastPartSuffix.isEmpty {
            guard let last = path.parts.last, last.utf8.count >= lastPartSuffix.count,
                  last.utf8.suffix(lastPartSuffix.count).elementsEqual(lastPartSuffix) else { return false }
        }
        return Self.match(compiled[...], path.parts[...])
    }

    /// `matchesWhole` as it was first written (a scalar array per component per call):
    /// the meaning of the compiled match, for the tests that compare them.
    func matchesWholeByScalars(_ path: String) -> Bool {
        Self.match(components[...], path.split(separator: "/", omittingEmptySubsequences: true)[...])
    }

    private static func match(_ pattern: ArraySlice<Component>, _ path: ArraySlice<Path.Part>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        guard case .anyDepth = head else {
            guard let part = path.first else { return false }
            switch head {
            case .anyDepth: return false  // handled below
            case .literal(let bytes):
                guard part.utf8 == bytes else { return false }
            case .wildcard(let scalars, let ascii):
                if let ascii, part.isASCII {
                    // ASCII on both sides: a byte is a scalar.
                    guard matchComponent(ascii[...], part.utf8[...]) else { return false }
                } else {
                    let text = Array(String(decoding: part.utf8, as: UTF8.self).unicodeScalars)
                    guard matchComponent(scalars[...], text[...]) else { return false }
                }
            }
            return match(pattern.dropFirst(), path.dropFirst())
        }
        let rest = pattern.dropFirst()
        var tail = path
        while true {
            if match(rest, tail) { return true }
            if tail.isEmpty { return false }
            tail = tail.dropFirst()
        }
    }

    /// `*` and `?` within one component, over bytes (both sides ASCII: a byte is a scalar).
    private static func matchComponent(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let head = pattern.first else { return text.isEmpty }
        switch head {
        case UInt8(ascii: "*"):
            var tail = text
            while true {
                if matchComponent(pattern.dropFirst(), tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        case UInt8(ascii: "?"):
            return !text.isEmpty && matchComponent(pattern.dropFirst(), text.dropFirst())
        default:
            return text.first == head && matchComponent(pattern.dropFirst(), text.dropFirst())
        }
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if match(rest, tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(Array(head.unicodeScalars)[...], Array(component.unicodeScalars)[...])
        else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchComponent(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let head = pattern.first else { return text.isEmpty }
        switch head {
        case "*":
            var tail = text
            while true {
                if matchComponent(pattern.dropFirst(), tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        case "?":
            return !text.isEmpty && matchComponent(pattern.dropFirst(), text.dropFirst())
        default:
            return text.first == head && matchComponent(pattern.dropFirst(), text.dropFirst())
        }
    }
}
