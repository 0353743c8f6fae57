import SwiftSyntax

/// Values by `SyntaxKind` without hashing: the walk looks one up for every node.
///
/// `SyntaxKind` is a resilient enum with no payloads, so its value in memory is its
/// case's tag, the same for the same case within a process. The table is filled from
/// real `SyntaxKind` values at run time and read with the tags of real values, so it
/// never assumes a particular numbering — only that equal tags mean equal cases, which
/// a test checks on every kind of a corpus. A layout other than 1 or 2 bytes falls back
/// to a dictionary.
struct SyntaxKindTable<Value> {
    private var byTag: [Value?]
    private var fallback: [SyntaxKind: Value]?

    init(_ entries: [SyntaxKind: Value]) {
        if Self.usesTags {
            // Sized by the largest tag in use (a few hundred), not the tag's range.
            let tags = entries.map { (Self.tag(of: $0.key), $0.value) }
            byTag = Array(repeating: nil, count: (tags.map(\.0).max() ?? -1) + 1)
            for (tag, value) in tags { byTag[tag] = value }
            fallback = nil
        } else {
            byTag = []
            fallback = entries
        }
    }

    subscript(kind: SyntaxKind) -> Value? {
        if let fallback { return fallback[kind] }
        let tag = Self.tag(of: kind)
        return tag < byTag.count ? byTag[tag] : nil
    }

    static var usesTags: Bool { MemoryLayout<SyntaxKind>.size == 1 || MemoryLayout<SyntaxKind>.size == 2 }

    /// The in-memory tag of `kind` (only meaningful when `usesTags`).
    static func tag(of kind: SyntaxKind) -> Int {
        withUnsafeBytes(of: kind) { bytes in
            bytes.count == 1 ? Int(bytes[0]) : Int(bytes.loadUnaligned(as: UInt16.self))
        }
    }
}

extension SyntaxKindTable: Sendable where Value: Sendable {}
