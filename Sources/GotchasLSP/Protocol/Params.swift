import GotchasCore

/// Why a message's params are not what its method needs. Requests answer it as
/// InvalidParams; notifications log it and are ignored.
struct ParamsError: Error, Sendable, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A method's params, decoded once at the protocol edge from the message's `JSON`:
/// handlers see typed fields, never the raw JSON.
protocol LSPParams: Sendable {
    init(json: JSON) throws(ParamsError)
}

/// Params of a request about one open document (the dispatcher finds its snapshot).
protocol TextDocumentParams: LSPParams {
    var uri: String { get }
}

/// A method without params (or whose params the server does not read).
struct NoParams: LSPParams {
    init(json: JSON) {}
}

/// An LSP `Range` as the client sent it (before clamping to the text).
struct LSPRange: Sendable, Equatable {
    var start: LineColumn
    var end: LineColumn

    /// nil when either end is not a position (missing, negative, not a number).
    init?(_ json: JSON?) {
        guard let start = PositionConverter.lineColumn(json?["start"]), let end = PositionConverter.lineColumn(json?["end"]) else { return nil }
        self.start = start
        self.end = end
    }

    var json: JSON {
        ["start": ["line": .int(start.line), "character": .int(start.column)],
         "end": ["line": .int(end.line), "character": .int(end.column)]]
    }
}

/// `textDocument.uri`: the one field most params start with.
private func textDocumentURI(_ json: JSON) -> String? { json["textDocument", "uri"]?.stringValue }

/// The paths of `[{uri}]` (workspace folders).
private func folderPaths(_ json: JSON?) -> [String] {
    (json?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue.map(DocumentStore.path(of:)) }
}

// MARK: - Lifecycle

struct InitializeParams: LSPParams {
    var capabilities: OfferedCapabilities
    /// nil when the client named no folder (no `workspaceFolders`, `rootUri` or `rootPath`).
    var workspaceFolders: [String]?
    var trace: String?
    var initializationOptions: JSON?
    var clientName: String?

    init(json: JSON) throws(ParamsError) {
        guard json.objectValue != nil else { throw ParamsError("initialize needs an InitializeParams object") }
        capabilities = OfferedCapabilities(json["capabilities"])
        if let folders = json["workspaceFolders"]?.arrayValue {
            workspaceFolders = folderPaths(.array(folders))
        } else if let root = json["rootUri"]?.stringValue {
            workspaceFolders = [DocumentStore.path(of: root)]
        } else if let root = json["rootPath"]?.stringValue {
            workspaceFolders = [root]
        }
        trace = json["trace"]?.stringValue
        initializationOptions = json["initializationOptions"]
        clientName = json["clientInfo", "name"]?.stringValue
    }
}

/// The parts of the client's `ClientCapabilities` the server reads, as the client sent
/// them (`ClientCapabilities` in Server/ reduces them to the questions the server asks).
/// A capability that is missing or not of its type counts as not offered.
struct OfferedCapabilities: Sendable, Equatable {
    /// `general.positionEncodings`.
    var positionEncodings: [String] = []
    /// `textDocument.diagnostic` is present (and not null): the client pulls diagnostics.
    var diagnostic = false
    var diagnosticRelatedInformation = false
    var codeActionLiteralSupport = false
    /// `textDocument.codeAction.resolveSupport.properties`.
    var codeActionResolveProperties: [String] = []
    /// `textDocument.hover.contentFormat`.
    var hoverContentFormats: [String] = []
    var showDocument = false
    var workDoneProgress = false
    var didChangeWatchedFilesDynamicRegistration = false
    /// `workspace.didChangeWatchedFiles.relativePatternSupport`: a watcher may be a `RelativePattern`.
    var didChangeWatchedFilesRelativePatterns = false
    var documentChanges = false
    var applyEdit = false
    var diagnosticRefresh = false

    init() {}

    init(_ json: JSON?) {
        func strings(_ value: JSON?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }
        positionEncodings = strings(json?["general", "positionEncodings"])
        let text = json?["textDocument"]
        diagnostic = text?["diagnostic"] != nil && text?["diagnostic"] != .null
        diagnosticRelatedInformation = text?["publishDiagnostics", "relatedInformation"]?.boolValue ?? false
        codeActionLiteralSupport = text?["codeAction", "codeActionLiteralSupport"] != nil
        codeActionResolveProperties = strings(text?["codeAction", "resolveSupport", "properties"])
        hoverContentFormats = strings(text?["hover", "contentFormat"])
        showDocument = json?["window", "showDocument", "support"]?.boolValue ?? false
        workDoneProgress = json?["window", "workDoneProgress"]?.boolValue ?? false
        didChangeWatchedFilesDynamicRegistration = json?["workspace", "didChangeWatchedFiles", "dynamicRegistration"]?.boolValue ?? false
        didChangeWatchedFilesRelativePatterns = json?["workspace", "didChangeWatchedFiles", "relativePatternSupport"]?.boolValue ?? false
        documentChanges = json?["workspace", "workspaceEdit", "documentChanges"]?.boolValue ?? false
        applyEdit = json?["workspace", "applyEdit"]?.boolValue ?? false
        diagnosticRefresh = json?["workspace", "diagnostics", "refreshSupport"]?.boolValue ?? false
    }
}

struct CancelParams: LSPParams {
    var id: RequestID
    init(json: JSON) throws(ParamsError) {
        guard let raw = json["id"], let id = RequestID(raw) else { throw ParamsError("$/cancelRequest without a request ID") }
        self.id = id
    }
}

struct SetTraceParams: LSPParams {
    static let values = ["off", "messages", "verbose"]
    var value: String
    init(json: JSON) throws(ParamsError) {
        guard let value = json["value"]?.stringValue, Self.values.contains(value) else { throw ParamsError("$/setTrace without a valid value") }
        self.value = value
    }
}

// MARK: - Document synchronization

struct DidOpenParams: LSPParams {
    var uri: String
    var version: Int
    var text: String
    init(json: JSON) throws(ParamsError) {
        guard let item = json["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
            throw ParamsError("didOpen without textDocument.uri/text")
        }
        self.uri = uri
        version = item["version"]?.intValue ?? 0
        self.text = text
    }
}

/// One `TextDocumentContentChangeEvent`: the full text (no range), or a range replacement.
struct TextDocumentContentChange: Sendable, Equatable {
    var range: LSPRange?
    var text: String

    init(range: LSPRange?, text: String) {
        self.range = range
        self.text = text
    }

    init(json: JSON) throws(DocumentStore.ChangeError) {
        guard let text = json["text"]?.stringValue else { throw .invalidChange("a content change has no \"text\"") }
        self.text = text
        guard let rangeJSON = json["range"], rangeJSON != .null else { return }
        guard let range = LSPRange(rangeJSON) else { throw .invalidChange("a content change has a malformed range") }
        self.range = range
    }
}

struct DidChangeParams: LSPParams {
    var uri: String
    var version: Int?
    /// The changes, or why they cannot be applied (reported only for an open document:
    /// a change to a document that is not open is ignored whatever it holds).
    var contentChanges: Result<[TextDocumentContentChange], DocumentStore.ChangeError>

    init(json: JSON) throws(ParamsError) {
        guard let uri = textDocumentURI(json), let changes = json["contentChanges"]?.arrayValue else {
            throw ParamsError("didChange without textDocument.uri/contentChanges")
        }
        self.uri = uri
        version = json["textDocument", "version"]?.intValue
        do throws(DocumentStore.ChangeError) {
            var decoded: [TextDocumentContentChange] = []
            for change in changes { decoded.append(try TextDocumentContentChange(json: change)) }
            contentChanges = .success(decoded)
        } catch {
            contentChanges = .failure(error)
        }
    }
}

/// didClose and didSave: the document only.
struct TextDocumentIdentifierParams: TextDocumentParams {
    var uri: String
    init(json: JSON) throws(ParamsError) {
        guard let uri = textDocumentURI(json) else { throw ParamsError("missing textDocument.uri") }
        self.uri = uri
    }
}

// MARK: - Workspace

struct DidChangeConfigurationParams: LSPParams {
    var settings: JSON?
    init(json: JSON) { settings = json["settings"] }
}

struct DidChangeWatchedFilesParams: LSPParams {
    struct Change: Sendable, Equatable {
        var path: String
        var type: FileChangeType?
    }
    var changes: [Change]
    init(json: JSON) {
        changes = (json["changes"]?.arrayValue ?? []).compactMap { change in
            guard let uri = change["uri"]?.stringValue else { return nil }
            return Change(path: DocumentStore.path(of: uri), type: change["type"]?.intValue.flatMap(FileChangeType.init(rawValue:)))
        }
    }
}

struct DidChangeWorkspaceFoldersParams: LSPParams {
    var added: [String]
    var removed: [String]
    init(json: JSON) {
        added = folderPaths(json["event"]?["added"])
        removed = folderPaths(json["event"]?["removed"])
    }
}

// MARK: - Language features

struct HoverParams: TextDocumentParams {
    var uri: String
    var position: LineColumn
    init(json: JSON) throws(ParamsError) {
        guard let uri = textDocumentURI(json), let position = PositionConverter.lineColumn(json["position"]) else {
            throw ParamsError("hover needs textDocument.uri and a position")
        }
        self.uri = uri
        self.position = position
    }
}

struct CodeActionParams: TextDocumentParams {
    var uri: String
    /// nil when the client sent a range that is not one (answered "malformed range").
    var range: LSPRange?
    /// `context.only`; nil means every kind.
    var only: [String]?
    /// Our diagnostics the client passed back in `context.diagnostics`.
    var referenced: [DiagnosticReference]

    init(json: JSON) throws(ParamsError) {
        guard let uri = textDocumentURI(json), let range = json["range"] else {
            throw ParamsError("codeAction needs textDocument.uri and range")
        }
        self.uri = uri
        self.range = LSPRange(range)
        let context = json["context"]
        only = context?["only"]?.arrayValue?.compactMap(\.stringValue)
        referenced = (context?["diagnostics"]?.arrayValue ?? []).compactMap { DiagnosticReference($0["data"]) }
    }
}

struct CodeActionResolveParams: LSPParams {
    /// The action as the client sent it (answered back with the fields it had).
    var action: [String: JSON]
    /// What to compute: an action of ours without an edit yet; nil for any other action.
    var fixAll: FixAllRequest?
    init(json: JSON) throws(ParamsError) {
        guard case .object(let action) = json else { throw ParamsError("codeAction/resolve needs a CodeAction") }
        self.action = action
        fixAll = action["edit"] == nil ? FixAllRequest(action["data"]) : nil
    }
}

struct DocumentDiagnosticParams: TextDocumentParams {
    var uri: String
    var previousResultID: String?
    init(json: JSON) throws(ParamsError) {
        guard let uri = textDocumentURI(json) else { throw ParamsError("textDocument/diagnostic needs textDocument.uri") }
        self.uri = uri
        previousResultID = json["previousResultId"]?.stringValue
    }
}

struct WorkspaceDiagnosticParams: LSPParams {
    /// Result IDs the client holds, by the path of the URI (percent-decoded: clients encode
    /// different characters, and the spec says to assume no one encoding).
    var previousResultIDsByPath: [String: String]
    var workDoneToken: JSON?
    init(json: JSON) {
        var previous: [String: String] = [:]
        for entry in json["previousResultIds"]?.arrayValue ?? [] {
            if let uri = entry["uri"]?.stringValue, let value = entry["value"]?.stringValue { previous[DocumentStore.path(of: uri)] = value }
        }
        previousResultIDsByPath = previous
        workDoneToken = json["workDoneToken"]
    }
}

struct ExecuteCommandParams: LSPParams {
    var command: ExecuteCommand
    var arguments: [JSON]
    init(json: JSON) throws(ParamsError) {
        guard let name = json["command"]?.stringValue, let command = ExecuteCommand(rawValue: name) else {
            throw ParamsError("unknown command \(json["command"]?.serializedString ?? "null")")
        }
        self.command = command
        arguments = json["arguments"]?.arrayValue ?? []
    }
}
