import SwiftParser
import SwiftSyntax

/// One replacement in a document's bytes: `range` (UTF-8 offsets into the text *before*
/// this edit) replaced by `replacement`. A sequence of them describes how one
/// version of a document became the next.
public struct ByteEdit: Sendable, Equatable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }
}

/// A parsed file that can be reparsed incrementally: the tree plus what SwiftParser
/// needs to reuse its unchanged nodes (the lookahead ranges).
public struct IncrementallyParsedFile: Sendable {
    public let file: ParsedFile
    let result: IncrementalParseResult
    /// True when this tree came from reusing nodes in text with syntax errors, where
    /// SwiftParser can recover differently from a full parse: use it for speed, but
    /// confirm with `IncrementallyParsedFile(document:)` before trusting it for good.
    public let mayDifferFromFullParse: Bool

    /// Parses `document` from scratch, remembering what an incremental reparse needs.
    public init(document: SourceDocument) {
        let result = document.bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
        self.init(document: document, result: result)
    }

    private init(document: SourceDocument, result: IncrementalParseResult, mayDifferFromFullParse: Bool = false) {
        self.file = ParsedFile(document: document, tree: result.tree)
        self.result = result
        self.mayDifferFromFullParse = mayDifferFromFullParse
    }

    /// Parses `document`, which is this file's text after `edits` (applied in order, each
    /// in the coordinates of the text left by the previous one), reusing the syntax nodes
    /// the edits did not touch. With no edits and the same bytes, returns `self`.
    public func reparsed(_ document: SourceDocument, after edits: [ByteEdit]) -> IncrementallyParsedFile {
        if edits.isEmpty, document.bytes == file.document.bytes {
            return IncrementallyParsedFile(document: document, result: result, mayDifferFromFullParse: mayDifferFromFullParse)
        }
        let sourceEdits = edits.map {
            SourceEdit(range: AbsolutePosition(utf8Offset: $0.range.lowerBound)..<AbsolutePosition(utf8Offset: $0.range.upperBound),
                       replacement: $0.replacement)
        }
        let transition = IncrementalParseTransition(previousIncrementalParseResult: result,
                                                    edits: ConcurrentEdits(fromSequential: sourceEdits))
        let next = document.bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
        // Where the text has syntax errors, SwiftParser's node reuse can recover differently
        // from a full parse (seen in IncrementalParseTests: other unexpected-node runs), and
        // the diagnostics would then depend on the edit history: the caller confirms those.
        return IncrementallyParsedFile(document: document, result: next,
                                       mayDifferFromFullParse: next.tree.hasError || mayDifferFromFullParse)
    }
}
