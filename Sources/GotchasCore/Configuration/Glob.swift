/// A path pattern from `include`/`exclude`: `*` and `?` within a path component,
/// `**` for any number of components. A pattern without `/` matches at any depth
/// (`Generated` ≡ `**/Generated`), and matching a directory matches what is under it.
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let components: [Substring]

    public init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        var parts = trimmed.split(separator: "/", omittingEmptySubsequences: true)
        if !trimmed.contains("/") { parts.insert("**", at: 0) }
        components = parts
    }

    public var description: String { pattern }

    /// `path` is relative to the configuration file's directory, `/`-separated.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        // A match of any leading run of components (a directory) counts.
        for end in stride(from: parts.count, through: 1, by: -1) where Self.match(components[...], parts[0..<end]) {
            return true
        }
        return false
    }

    /// `path` as a whole matches (no leading run of it): for a walk that decides every
    /// entry on its way down and so never needs a directory to stand for what is under it
    /// (`.gitignore` patterns, `IgnoreFile`).
    public func matchesWhole(_ path: String) -> Bool {
        Self.match(components[...], path.split(separator: "/", omittingEmptySubsequences: true)[...])
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
