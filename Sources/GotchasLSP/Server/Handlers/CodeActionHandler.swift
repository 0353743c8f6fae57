import GotchasCore

/// `textDocument/codeAction`. For every diagnostic of ours that overlaps the requested
/// range (Neovim sends a zero-width cursor range, Eglot the word at point) or that the
/// client passes back in `context.diagnostics`:
/// - one quickfix per fix (the single safe fix is preferred);
/// - "Fix all `<ID>` problems in this file";
/// - "Disable `<ID>` for this line" / "… for this file";
/// - "Show documentation for `<ID>`" (a command).
/// Plus `source.fixAll.swiftui-gotchas` when the file has safe fixes. `context.only` filters
/// by kind. Fix-all edits are left to `codeAction/resolve` when the client resolves edits.
enum CodeActionHandler: DocumentRequestHandler {
    static let method = LSPMethod.codeAction
    typealias Params = CodeActionParams
    typealias Result = CodeActionList

    static func run(_ params: CodeActionParams, snapshot: DocumentSnapshot) -> Answer<CodeActionList> {
        guard let range = params.range else { return .failure(.invalidParams("malformed range")) }
        let requested = snapshot.converter.byteRange(range, in: snapshot.document).range
        let builder = CodeActionBuilder(snapshot: snapshot, only: params.only)
        return .success(CodeActionList(actions: builder.actions(for: requested, referenced: params.referenced)))
    }
}

/// Builds the code actions for one snapshot. Runs off the message loop.
struct CodeActionBuilder: Sendable {
    enum Kind {
        static let quickFix = "quickfix"
    }

    let snapshot: DocumentSnapshot
    /// `context.only`; nil means every kind.
    let only: [String]?

    func wants(_ kind: String) -> Bool {
        guard let only else { return true }
        return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }

    func actions(for requested: Range<Int>, referenced: [DiagnosticReference]) -> [CodeAction] {
        let result = snapshot.lint()
        let applicable = result.diagnostics.filter { diagnostic in
            Self.overlaps(diagnostic.range, requested) || referenced.contains { $0.refers(to: diagnostic) }
        }
        var actions: [CodeAction] = []
        if wants(Kind.quickFix) {
            for diagnostic in applicable {
                let lspDiagnostic = snapshot.lspDiagnostic(diagnostic)
                let safeCount = diagnostic.fixes.count { $0.applicability == .safe }
                for fix in diagnostic.fixes {
                    // An unsafe fix is offered one at a time: say so, since "Fix all" leaves it out.
                    let title = fix.applicability == .unsafe ? fix.title + " (unsafe: not applied by fix-all)" : fix.title
                    actions.append(CodeAction(title: title, kind: Kind.quickFix, diagnostics: [lspDiagnostic],
                                              edit: snapshot.workspaceEdit(fix.edits),
                                              isPreferred: fix.applicability == .safe && safeCount == 1))
                }
            }
            var seenRules: Set<String> = []
            for diagnostic in applicable where seenRules.insert(diagnostic.ruleID).inserted {
                let ruleID = diagnostic.ruleID
                let related = applicable.filter { $0.ruleID == ruleID }.map(snapshot.lspDiagnostic)
                if result.diagnostics.contains(where: { $0.ruleID == ruleID && $0.safeFix != nil }) {
                    actions.append(fixAll(title: "Fix all `\(ruleID)` problems in this file", kind: Kind.quickFix,
                                          ruleID: ruleID, diagnostics: related))
                }
                if let edit = DisableComment.line(for: diagnostic, in: snapshot.document, suppressions: result.suppressions) {
                    actions.append(CodeAction(title: "Disable `\(ruleID)` for this line", kind: Kind.quickFix,
                                              diagnostics: related, edit: snapshot.workspaceEdit([edit])))
                }
                let fileEdit = DisableComment.file(ruleID: ruleID, in: snapshot.document, suppressions: result.suppressions)
                actions.append(CodeAction(title: "Disable `\(ruleID)` for this file", kind: Kind.quickFix,
                                          diagnostics: related, edit: snapshot.workspaceEdit([fileEdit])))
                let documentation = "Show documentation for `\(ruleID)`"
                actions.append(CodeAction(title: documentation, kind: Kind.quickFix, diagnostics: related,
                                          command: ExecuteCommand.showDocumentation.command(title: documentation,
                                                                                            arguments: [.string(ruleID), .string(snapshot.uri)])))
            }
        }
        if wants(LanguageServer.fixAllKind), result.diagnostics.contains(where: { $0.safeFix != nil }) {
            actions.append(fixAll(title: "Fix all swiftui-gotchas problems in this file", kind: LanguageServer.fixAllKind,
                                  ruleID: nil, diagnostics: []))
        }
        return actions
    }

    /// Overlap that counts a zero-width cursor touching a diagnostic (either end).
    static func overlaps(_ diagnostic: Range<Int>, _ requested: Range<Int>) -> Bool {
        if requested.isEmpty || diagnostic.isEmpty {
            return diagnostic.lowerBound <= requested.upperBound && requested.lowerBound <= diagnostic.upperBound
        }
        return diagnostic.overlaps(requested)
    }

    /// A fix-all action: resolved lazily when the client resolves edits, computed now otherwise.
    func fixAll(title: String, kind: String, ruleID: String?, diagnostics: [JSON]) -> CodeAction {
        var action = CodeAction(title: title, kind: kind, diagnostics: diagnostics)
        let request = FixAllRequest(uri: snapshot.uri, version: snapshot.version, ruleID: ruleID)
        if snapshot.capabilities.resolvesEdits {
            action.data = request.json
        } else {
            action.edit = request.workspaceEdit(in: snapshot)
        }
        return action
    }
}

/// What a fix-all action or command fixes: one rule, or every safe fix.
struct FixAllRequest: Sendable {
    static let marker = "swiftui-gotchas.fixAll"
    var uri: String
    var version: Int?
    var ruleID: String?

    init(uri: String, version: Int?, ruleID: String?) {
        self.uri = uri
        self.version = version
        self.ruleID = ruleID
    }

    init?(_ json: JSON?) {
        guard json?["action"]?.stringValue == Self.marker, let uri = json?["uri"]?.stringValue else { return nil }
        self.uri = uri
        version = json?["version"]?.intValue
        ruleID = json?["ruleID"]?.stringValue
    }

    var json: JSON {
        ["action": .string(Self.marker), "uri": .string(uri), "version": version.map(JSON.int) ?? .null,
         "ruleID": ruleID.map(JSON.string) ?? .null]
    }

    /// Safe fixes to a fixpoint (FixAll), as one minimal edit.
    func workspaceEdit(in snapshot: DocumentSnapshot) -> JSON {
        let outcome = FixAll(linter: snapshot.linter, configuration: snapshot.configuration.rules)
            .apply(to: snapshot.document, only: ruleID)
        let edits = minimalEdit(from: snapshot.document.bytes, to: outcome.bytes).map { [$0] } ?? []
        return snapshot.workspaceEdit(edits)
    }
}

/// Inserting or extending `// swiftui-gotchas:disable-next-line` and `disable-file` comments.
enum DisableComment {
    /// Extends a `disable-next-line` comment on the line above, or inserts one with the
    /// line's indentation.
    static func line(for diagnostic: Diagnostic, in document: SourceDocument, suppressions: Suppressions) -> TextEdit? {
        let line = document.lines.line(containing: diagnostic.range.lowerBound)
        if let existing = suppressions.comments.first(where: { $0.directive == .disableNextLine && $0.line == line - 1 }) {
            return extend(existing, with: diagnostic.ruleID, in: document)
        }
        let start = document.lines.lineStarts[line]
        let comment = "\(document.indentation(ofLine: line))// \(Suppressions.prefix)\(Suppressions.Directive.disableNextLine.rawValue) \(diagnostic.ruleID)"
        return .insert(comment + document.lineTerminator, at: start)
    }

    static func file(ruleID: String, in document: SourceDocument, suppressions: Suppressions) -> TextEdit {
        if let existing = suppressions.comments.first(where: { $0.directive == .disableFile }),
           let edit = extend(existing, with: ruleID, in: document) {
            return edit
        }
        return .insert("// \(Suppressions.prefix)\(Suppressions.Directive.disableFile.rawValue) \(ruleID)" + document.lineTerminator, at: 0)
    }

    /// Inserts `, ID` after the last rule ID of an existing comment.
    static func extend(_ comment: Suppressions.Comment, with ruleID: String, in document: SourceDocument) -> TextEdit? {
        guard !comment.ruleIDs.contains(ruleID), let last = comment.ruleIDs.last else { return nil }
        let text = document.text(in: comment.range)
        guard let directive = text.firstRange(of: comment.directive.rawValue) else { return nil }
        var searchStart = directive.upperBound
        var end: String.Index?
        for id in comment.ruleIDs {
            guard let found = text[searchStart...].firstRange(of: id) else { return nil }
            searchStart = found.upperBound
            if id == last { end = found.upperBound }
        }
        guard let end else { return nil }
        return .insert(", \(ruleID)", at: comment.range.lowerBound + text[..<end].utf8.count)
    }
}
