#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GotchasCore

/// Engine diagnostics and edits as LSP objects, in the snapshot's position encoding.
extension DocumentSnapshot {
    static let source = Product.name

    func lspDiagnostics(_ result: LintResult) -> [JSON] {
        isConfigurationFile ? configurationDiagnostics() : result.diagnostics.map(lspDiagnostic)
    }

    func lspDiagnostic(_ diagnostic: Diagnostic) -> JSON {
        var object: [String: JSON] = [
            "range": converter.visibleRange(diagnostic.range, in: document),
            "severity": .int(Self.severityCode(diagnostic.severity)),
            "code": .string(diagnostic.ruleID),
            "codeDescription": ["href": .string(documentationURL(for: diagnostic.ruleID))],
            "source": .string(Self.source),
            "message": .string(diagnostic.message),
            "data": DiagnosticReference(diagnostic, version: version).json,
        ]
        if !diagnostic.tags.isEmpty {
            object["tags"] = .array(diagnostic.tags.map { .int(($0 == .unnecessary ? LSPDiagnosticTag.unnecessary : .deprecated).rawValue) })
        }
        if capabilities.relatedInformation, !diagnostic.related.isEmpty {
            object["relatedInformation"] = .array(diagnostic.related.compactMap(relatedInformation))
        }
        return .object(object)
    }

    static func severityCode(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .info: 3
        case .hint: 4
        }
    }

    private func relatedInformation(_ related: RelatedLocation) -> JSON? {
        let other: SourceDocument
        let uri: String
        if related.path == document.path {
            other = document
            uri = self.uri
        } else {
            guard let data = FileManager.default.contents(atPath: related.path) else { return nil }
            other = SourceDocument(path: related.path, bytes: Array(data))
            uri = DocumentStore.uri(ofPath: related.path)
        }
        return ["location": ["uri": .string(uri), "range": converter.range(related.range, in: other)],
                "message": .string(related.message)]
    }

    func lspTextEdits(_ edits: [TextEdit]) -> [JSON] {
        edits.map { ["range": converter.range($0.range, in: document), "newText": .string($0.replacement)] }
    }

    /// A WorkspaceEdit for this document: versioned `documentChanges` when the client supports them.
    func workspaceEdit(_ edits: [TextEdit]) -> JSON {
        if capabilities.documentChanges {
            return ["documentChanges": [[
                "textDocument": ["uri": .string(uri), "version": version.map(JSON.int) ?? .null],
                "edits": .array(lspTextEdits(edits)),
            ]]]
        }
        return ["changes": .object([uri: .array(lspTextEdits(edits))])]
    }
}

/// The `data` of a published diagnostic: enough to find it again in a later request.
struct DiagnosticReference: Sendable, Equatable {
    var ruleID: String
    var range: Range<Int>
    var version: Int?

    init(_ diagnostic: Diagnostic, version: Int?) {
        ruleID = diagnostic.ruleID
        range = diagnostic.range
        self.version = version
    }

    init?(_ json: JSON?) {
        guard let ruleID = json?["ruleID"]?.stringValue, let start = json?["start"]?.intValue,
              let end = json?["end"]?.intValue, start <= end else { return nil }
        self.ruleID = ruleID
        range = start..<end
        version = json?["version"]?.intValue
    }

    var json: JSON {
        ["ruleID": .string(ruleID), "start": .int(range.lowerBound), "end": .int(range.upperBound),
         "version": version.map(JSON.int) ?? .null]
    }

    func refers(to diagnostic: Diagnostic) -> Bool { diagnostic.ruleID == ruleID && diagnostic.range == range }
}

/// The single edit that turns `old` into `new`: their common prefix and suffix kept,
/// both cut at UTF-8 character boundaries. nil when they are equal.
func minimalEdit(from old: [UInt8], to new: [UInt8]) -> TextEdit? {
    guard old != new else { return nil }
    var prefix = 0
    let limit = min(old.count, new.count)
    while prefix < limit, old[prefix] == new[prefix] { prefix += 1 }
    while prefix > 0, prefix < old.count, old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
    var suffix = 0
    while suffix < limit - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    while suffix > 0, old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
    let replacement = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
    return TextEdit(range: prefix..<(old.count - suffix), replacement: replacement)
}
