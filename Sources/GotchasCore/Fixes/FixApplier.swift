/// Applies text edits to UTF-8 bytes.
public enum FixApplier {
    /// Applies `edits` in one pass. Edits must not overlap; an edit that overlaps an
    /// earlier one (in offset order) is skipped and returned in `skipped`. Two
    /// insertions at the same offset are kept in the order given.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> (bytes: [UInt8], skipped: [TextEdit]) {
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }.map(\.element)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var cursor = 0
        var skipped: [TextEdit] = []
        for edit in ordered {
            let lower = edit.range.lowerBound
            let upper = edit.range.upperBound
            guard lower >= cursor, upper <= bytes.count, lower <= upper else {
                skipped.append(edit)
                continue
            }
            output.append(contentsOf: bytes[cursor..<lower])
            output.append(contentsOf: edit.replacement.utf8)
            cursor = upper
        }
        output.append(contentsOf: bytes[min(cursor, bytes.count)...])
        return (output, skipped)
    }

    /// Chooses whole fixes whose edits do not overlap any fix chosen before them,
    /// in the order given. Returns the chosen fixes.
    public static func nonOverlapping(_ fixes: [Fix]) -> [Fix] {
        var taken: [Range<Int>] = []
        var chosen: [Fix] = []
        for fix in fixes {
            let clashes = fix.edits.contains { edit in
                taken.contains { other in
                    edit.range.overlaps(other)
                        || (edit.range.isEmpty && other.contains(edit.range.lowerBound) && other.lowerBound != edit.range.lowerBound)
                        || (other.isEmpty && edit.range.contains(other.lowerBound) && edit.range.lowerBound != other.lowerBound)
                        || (edit.range == other)
                }
            }
            if clashes { continue }
            taken.append(contentsOf: fix.edits.map(\.range))
            chosen.append(fix)
        }
        return chosen
    }
}
