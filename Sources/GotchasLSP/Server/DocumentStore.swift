#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// One document the client has open: its text as the client sees it and its version.
struct OpenDocument: Sendable {
    var uri: String
    var version: Int
    var document: SourceDocument
    /// Distinguishes a reopened document from the previous time it was open (result IDs).
    var openGeneration: Int
    /// Counts the changes applied since open (the client's `version` need not increase).
    var revision = 0
    /// The newest parse of this document known to the server (possibly of an earlier
    /// revision), kept so the next lint reparses incrementally.
    var parsed: ParsedRevision?
    /// The byte edits of every revision after `editLogStart`, oldest first: what turns a
    /// parse of an earlier revision into a parse of this one.
    var editLog: [RevisionEdits] = []
    /// Parses of revisions before this cannot be brought up to date (a full-text change or
    /// an overlong log came after them).
    var editLogStart = 0

    struct ParsedRevision: Sendable {
        var revision: Int
        var file: IncrementallyParsedFile
        var memo: LintMemo?
    }

    struct RevisionEdits: Sendable {
        var revision: Int
        var edits: [ByteEdit]
    }

    /// What an incremental reparse of this revision starts from, when anything.
    var parseBase: DocumentSnapshot.ParseBase? {
        guard let parsed else { return nil }
        let edits = editLog.lazy.filter { $0.revision > parsed.revision }.flatMap(\.edits)
        return DocumentSnapshot.ParseBase(file: parsed.file, edits: Array(edits), memo: parsed.memo)
    }

    /// Keeps `file` (a parse of `revision`) when it is newer than the one kept and can be
    /// brought up to date with the edit log; drops the edits it already includes.
    mutating func keepParse(_ file: IncrementallyParsedFile, memo: LintMemo?, revision: Int) {
        guard revision >= editLogStart, revision <= self.revision, revision > (parsed?.revision ?? -1) else { return }
        parsed = ParsedRevision(revision: revision, file: file, memo: memo)
        editLog.removeAll { $0.revision <= revision }
    }

    /// The log is for bringing a recent parse up to date; past this many bytes of
    /// edits a full parse is cheaper, and the log is dropped.
    static let maximumEditLogBytes = 256 * 1024

    /// Logs the edits that made the current revision; nil (a full-text change, or
    /// forgetting the parse) means no earlier parse can be brought up to date.
    mutating func record(_ edits: [ByteEdit]?) {
        guard let edits else {
            parsed = nil
            editLog.removeAll()
            editLogStart = revision
            return
        }
        editLog.append(RevisionEdits(revision: revision, edits: edits))
        let logged = editLog.reduce(0) { $0 + $1.edits.reduce(0) { $0 + $1.replacement.count + 16 } }
        if logged > Self.maximumEditLogBytes {
            parsed = nil
            editLog.removeAll()
            editLogStart = revision
        }
    }
}

/// The open documents, by the path their URI names (`key(of:)`): a client may spell one
/// document's URI in several ways (VS Code percent-encodes `( ) + @`, other clients do not;
/// escapes in either case; `file:///` or `file://localhost/`), and a request naming it in
/// another spelling must still find the open buffer, not read the disk. Each document
/// keeps the URI it was opened with (`OpenDocument.uri`): what the server sends back about
/// it — published diagnostics, workspace report items — is named with the client's own
/// spelling. Applies `didChange` content changes in order.
struct DocumentStore: Sendable {
    private(set) var documents: [String: OpenDocument] = [:]
    private var openCount = 0
    /// The document opened most recently (its parse is kept before its first change).
    private var lastOpened: String?

    /// What identifies a document: the decoded path of a `file:` URI, else the URI itself
    /// (an untitled buffer).
    static func key(of uri: String) -> String { FileURI.path(ofFileURI: uri) ?? uri }

    subscript(uri: String) -> OpenDocument? { documents[Self.key(of: uri)] }

    /// The open documents' URIs, as the client opened them.
    var uris: [String] { documents.values.map(\.uri).sorted() }

    /// Whether the file at `path` is open (under any spelling of its URI).
    func isOpen(path: String) -> Bool { documents[path] != nil }

    /// Opens (or reopens) a document; returns the one it replaces, which may have been opened
    /// under another spelling of the same URI.
    @discardableResult
    mutating func open(uri: String, version: Int, text: String) -> OpenDocument? {
        openCount += 1
        let key = Self.key(of: uri)
        lastOpened = key
        recentlyParsed.removeAll { $0 == key }
        let replaced = documents[key]
        documents[key] = OpenDocument(uri: uri, version: version,
                                      document: SourceDocument(path: Self.path(of: uri), text: text),
                                      openGeneration: openCount)
        return replaced
    }

    mutating func close(uri: String) -> OpenDocument? {
        let key = Self.key(of: uri)
        recentlyParsed.removeAll { $0 == key }
        return documents.removeValue(forKey: key)
    }

    /// Keeps a parse of `uri` at `revision` for later incremental reparses (ignored when
    /// the document was closed or reopened meanwhile, or a newer parse is kept).
    ///
    /// A syntax tree takes far more memory than its text (SwiftSyntax's arenas: about
    /// 1 MB for a 400-line file), so trees are kept only for the documents parsed most
    /// recently — the ones being edited; the others are parsed in full on their next change.
    mutating func keepParse(_ file: IncrementallyParsedFile, memo: LintMemo?, uri: String, openGeneration: Int, revision: Int) {
        let key = Self.key(of: uri)
        guard let open = documents[key], open.openGeneration == openGeneration else { return }
        // Kept for a document being edited (changed since it was opened), and for the one opened
        // last, the likeliest to be edited next: a tree is ~50× its text, and an editor restoring
        // 50 tabs would otherwise keep the trees of whichever 4 were linted last.
        guard open.revision > 0 || key == lastOpened else { return }
        documents[key]?.keepParse(file, memo: memo, revision: revision)
        recentlyParsed.removeAll { $0 == key }
        recentlyParsed.append(key)
        while recentlyParsed.count > Self.maximumKeptParses {
            documents[recentlyParsed.removeFirst()]?.record(nil)
        }
    }

    /// How many documents keep a syntax tree between changes.
    static let maximumKeptParses = 4
    /// Keys of the documents whose parse is kept, least recently parsed first.
    private var recentlyParsed: [String] = []

    /// What happened to one change: applied, or applied after clamping an out-of-range range.
    struct ChangeReport: Sendable {
        var clampedRanges: [String] = []
    }

    enum ChangeError: Error, Equatable { case notOpen, invalidChange(String) }

    /// Applies `changes` (each a full text or a range replacement) in order, then sets `version`.
    mutating func change(uri: String, version: Int?, changes: [TextDocumentContentChange], encoding: PositionEncoding) throws(ChangeError) -> ChangeReport {
        let key = Self.key(of: uri)
        guard var open = documents[key] else { throw .notOpen }
        var report = ChangeReport()
        var document = open.document
        let converter = PositionConverter(encoding: encoding)
        var edits: [ByteEdit]? = []
        for change in changes {
            guard let changed = change.range else {
                document = SourceDocument(path: document.path, text: change.text)
                edits = nil
                continue
            }
            let (range, clamped) = converter.byteRange(changed, in: document)
            if clamped { report.clampedRanges.append(changed.json.serializedString) }
            var bytes = document.bytes
            let replacement = Array(change.text.utf8)
            bytes.replaceSubrange(range, with: replacement)
            document = SourceDocument(path: document.path, bytes: bytes)
            edits?.append(ByteEdit(range: range, replacement: replacement))
        }
        open.document = document
        open.version = version ?? open.version + 1
        open.revision += 1
        open.record(edits)
        documents[key] = open
        return report
    }

    /// The file path of a `file://` URI (percent-decoded, whichever characters the client
    /// encoded); other schemes keep the URI.
    static func path(of uri: String) -> String { FileURI.path(ofFileURI: uri) ?? uri }

    static func uri(ofPath path: String) -> String { FileURI.reference(toPath: path) }
}
