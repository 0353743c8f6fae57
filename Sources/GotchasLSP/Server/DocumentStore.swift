import Foundation
import GotchasCore

/// One document the client has open: its text as the client sees it and its version.
struct OpenDocument: Sendable {
    var uri: String
    var version: Int
    var document: SourceDocument
    /// Distinguishes a reopened document from the previous time it was open (result IDs).
    var openGeneration: Int
}

/// The open documents, by URI. Applies `didChange` content changes in order.
struct DocumentStore: Sendable {
    private(set) var documents: [String: OpenDocument] = [:]
    private var openCount = 0

    subscript(uri: String) -> OpenDocument? { documents[uri] }

    var uris: [String] { documents.keys.sorted() }

    mutating func open(uri: String, version: Int, text: String) {
        openCount += 1
        documents[uri] = OpenDocument(uri: uri, version: version,
                                      document: SourceDocument(path: Self.path(of: uri), text: text),
                                      openGeneration: openCount)
    }

    mutating func close(uri: String) -> OpenDocument? { documents.removeValue(forKey: uri) }

    /// What happened to one change: applied, or applied after clamping an out-of-range range.
    struct ChangeReport: Sendable {
        var clampedRanges: [String] = []
    }

    enum ChangeError: Error { case notOpen, invalidChange(String) }

    /// Applies `changes` (each a full text or a range replacement) in order, then sets `version`.
    mutating func change(uri: String, version: Int?, changes: [JSON], encoding: PositionEncoding) throws(ChangeError) -> ChangeReport {
        guard var open = documents[uri] else { throw .notOpen }
        var report = ChangeReport()
        var document = open.document
        let converter = PositionConverter(encoding: encoding)
        for change in changes {
            guard let text = change["text"]?.stringValue else { throw .invalidChange("a content change has no \"text\"") }
            guard let rangeJSON = change["range"], rangeJSON != .null else {
                document = SourceDocument(path: document.path, text: text)
                continue
            }
            guard let (range, clamped) = converter.byteRange(rangeJSON, in: document) else {
                throw .invalidChange("a content change has a malformed range")
            }
            if clamped { report.clampedRanges.append(rangeJSON.serializedString) }
            var bytes = document.bytes
            bytes.replaceSubrange(range, with: Array(text.utf8))
            document = SourceDocument(path: document.path, bytes: bytes)
        }
        open.document = document
        open.version = version ?? open.version + 1
        documents[uri] = open
        return report
    }

    /// The file path of a `file://` URI (percent-decoded); other schemes keep the URI.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL else { return uri }
        return url.path
    }

    static func uri(ofPath path: String) -> String { URL(fileURLWithPath: path).absoluteString }
}
