extension SourceDocument {
    /// The range to delete to remove the code in `range` cleanly: whole lines
    /// (with their terminator) when the code stands alone on its lines; otherwise
    /// the code plus the spaces that follow it on the same line.
    public func deletionRange(removing range: Range<Int>) -> Range<Int> {
        let firstLine = lines.line(containing: range.lowerBound)
        let lastLine = lines.line(containing: max(range.lowerBound, range.upperBound - 1))
        let firstContent = lines.contentRange(ofLine: firstLine, in: bytes)
        let lastContent = lines.contentRange(ofLine: lastLine, in: bytes)
        func isBlank(_ slice: Range<Int>) -> Bool {
            slice.isEmpty || bytes[slice].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
        let before = firstContent.lowerBound..<max(firstContent.lowerBound, range.lowerBound)
        let after = min(range.upperBound, lastContent.upperBound)..<lastContent.upperBound
        if isBlank(before), isBlank(after) {
            let end = lastLine + 1 < lines.lineCount ? lines.lineStarts[lastLine + 1] : bytes.count
            return firstContent.lowerBound..<end
        }
        var end = range.upperBound
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return range.lowerBound..<end
    }
}
