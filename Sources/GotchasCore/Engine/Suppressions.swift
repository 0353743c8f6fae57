#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import SwiftSyntax

/// `// swiftui-gotchas:disable-next-line ID[, ID…]`, a trailing
/// `// swiftui-gotchas:disable-line ID`, and `// swiftui-gotchas:disable-file ID`
/// (any of them with `all`). Only comments count: the same text in a string
/// literal suppresses nothing.
public struct Suppressions: Sendable {
    public static let prefix = "swiftui-gotchas:"

    public enum Directive: String, Sendable, CaseIterable {
        case disableNextLine = "disable-next-line"
        case disableLine = "disable-line"
        case disableFile = "disable-file"
    }

    /// One parsed comment.
    public struct Comment: Sendable {
        public var directive: Directive
        public var ruleIDs: [String]
        /// Zero-based line of the comment.
        public var line: Int
        /// Byte range of the whole `// …` comment.
        public var range: Range<Int>
    }

    public private(set) var comments: [Comment] = []
    private var byLine: [Int: Set<String>] = [:]
    private var fileWide: Set<String> = []

    /// No suppression comments at all.
    public init() {}

    public init(document: SourceDocument, tree: SourceFileSyntax) {
        let needle = Array(Self.prefix.utf8)
        for start in ByteSearch.occurrences(of: needle, in: document.bytes) {
            guard let comment = Self.comment(at: start, in: document, tree: tree) else { continue }
            comments.append(comment)
            let ids = Set(comment.ruleIDs)
            switch comment.directive {
            case .disableFile: fileWide.formUnion(ids)
            case .disableLine: byLine[comment.line, default: []].formUnion(ids)
            case .disableNextLine: byLine[comment.line + 1, default: []].formUnion(ids)
            }
        }
    }

    /// True when `ruleID` is disabled on `line` (zero-based) or in the whole file.
    public func suppresses(_ ruleID: String, onLine line: Int) -> Bool {
        if fileWide.contains(ruleID) || fileWide.contains("all") { return true }
        guard let ids = byLine[line] else { return false }
        return ids.contains(ruleID) || ids.contains("all")
    }

    /// True when the whole file is off for every rule.
    public var disablesEverything: Bool { fileWide.contains("all") }

    private static func comment(at offset: Int, in document: SourceDocument, tree: SourceFileSyntax) -> Comment? {
        let line = document.lines.line(containing: offset)
        let lineRange = document.lines.contentRange(ofLine: line, in: document.bytes)
        // The directive must sit in a `//` comment: find the `//` that starts it on this line.
        let before = document.text(in: lineRange.lowerBound..<offset)
        guard let slashes = before.lastRange(of: "//"),
              before[slashes.upperBound...].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "/" })
        else { return nil }
        let commentStart = lineRange.lowerBound + before[..<slashes.lowerBound].utf8.count
        guard isInTrivia(offset: commentStart, tree: tree) else { return nil }
        let rest = document.text(in: (offset + prefix.utf8.count)..<lineRange.upperBound)
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        guard let first = words.first, let directive = Directive(rawValue: first) else { return nil }
        // IDs run until the first word that is not an ID (a trailing explanation may follow `--`).
        let ids = words.dropFirst().prefix { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } && $0 != "--" }
        guard !ids.isEmpty else { return nil }
        return Comment(directive: directive, ruleIDs: Array(ids), line: line, range: commentStart..<lineRange.upperBound)
    }

    private static func isInTrivia(offset: Int, tree: SourceFileSyntax) -> Bool {
        guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return true }
        let textStart = token.positionAfterSkippingLeadingTrivia.utf8Offset
        let textEnd = token.endPositionBeforeTrailingTrivia.utf8Offset
        return offset < textStart || offset >= textEnd
    }
}

/// Substring search over bytes.
public enum ByteSearch {
    /// Start offsets of every occurrence of `needle` in `haystack`.
    public static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard let first = needle.first, needle.count <= haystack.count else { return [] }
        var result: [Int] = []
        haystack.withUnsafeBufferPointer { buffer in
            var index = 0
            let last = buffer.count - needle.count
            while index <= last {
                if buffer[index] == first, matches(needle, in: buffer, at: index) { result.append(index) }
                index += 1
            }
        }
        return result
    }

    /// True when `needle` occurs anywhere in `haystack`.
    /// (`memchr` on the needle's least common byte, then `memcmp`: the linter asks this for
    /// every rule's triggers on every lint, and most triggers are absent, so each question
    /// scans the whole file.)
    public static func contains(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count, let base = haystack.baseAddress else { return false }
        let anchor = needle.indices.min { commonness(needle[$0]) < commonness(needle[$1]) } ?? 0
        let anchorByte = Int32(needle[anchor])
        return needle.withUnsafeBufferPointer { pattern in
            // The anchor can sit at haystack offsets anchor ... count - needle.count + anchor.
            var from = anchor
            let limit = haystack.count - needle.count + anchor
            while from <= limit {
                guard let hit = memchr(base + from, anchorByte, limit - from + 1) else { return false }
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + (at - anchor), pattern.baseAddress!, pattern.count) == 0 { return true }
                from = at + 1
            }
            return false
        }
    }

    /// A rough rank of how often a byte occurs in Swift source (higher: more often).
    private static func commonness(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\n"): 4
        case UInt8(ascii: "e"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "o"), UInt8(ascii: "i"), UInt8(ascii: "n"),
             UInt8(ascii: "s"), UInt8(ascii: "r"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"): 3
        case UInt8(ascii: "a")...UInt8(ascii: "z"): 2
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): 1
        default: 0
        }
    }

    private static func matches(_ needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var offset = 1
        while offset < needle.count {
            if buffer[index + offset] != needle[offset] { return false }
            offset += 1
        }
        return true
    }
}
