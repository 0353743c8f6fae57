/// Whether a fix may be applied without a human looking at it.
public enum Applicability: String, Sendable, Codable {
    /// Keeps behaviour; applied by fix-all and `lint --fix`.
    case safe
    /// May change behaviour or needs a choice; offered as a code action only
    /// (or applied by `lint --fix --unsafe-fixes`).
    case unsafe
}

/// Replace the bytes in `range` with `replacement`.
public struct TextEdit: Sendable, Equatable, Hashable {
    public var range: Range<Int>
    public var replacement: String
    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
    public static func insert(_ text: String, at offset: Int) -> TextEdit {
        TextEdit(range: offset..<offset, replacement: text)
    }
    public static func delete(_ range: Range<Int>) -> TextEdit {
        TextEdit(range: range, replacement: "")
    }
}

/// A titled set of non-overlapping edits that resolves one diagnostic.
public struct Fix: Sendable, Equatable {
    public var title: String
    public var applicability: Applicability
    public var edits: [TextEdit]
    /// What the fixed code needs beyond the rule's own requirements (an API newer than
    /// the one replaced); the engine withholds the fix where the minimum in effect is lower.
    public var requires: PlatformRequirement?
    public init(title: String, applicability: Applicability, edits: [TextEdit], requires: PlatformRequirement? = nil) {
        self.title = title
        self.applicability = applicability
        self.requires = requires
        self.edits = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    /// The byte range this fix touches, from its first to its last edit.
    public var span: Range<Int> {
        guard let first = edits.first else { return 0..<0 }
        return first.range.lowerBound..<(edits.map(\.range.upperBound).max() ?? first.range.upperBound)
    }
}

/// A fix the engine did not offer because the code cannot use what it writes: shown in
/// `lint --fix`'s summary ("9 need iOS 17 (minimum iOS 15)").
public struct WithheldFix: Sendable, Equatable, Hashable {
    public var title: String
    /// "needs iOS 17 (minimum iOS 15)", "not on macOS".
    public var reason: String
    public init(title: String, reason: String) {
        self.title = title
        self.reason = reason
    }
}
