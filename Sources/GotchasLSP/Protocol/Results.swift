import GotchasCore

/// A request's answer: its result, or the error it is answered with.
typealias Answer<Value> = Swift.Result<Value, ResponseError>

/// A method's result, typed for the handler that computes it and turned into the
/// message's `JSON` once, by the dispatcher (`LanguageServer.respond`). Each result below
/// has the one `json` conversion of its method, so the wire shape of a method lives here.
protocol LSPResult: Sendable {
    var json: JSON { get }
}

/// `null` when there is nothing to say (hover over a clean range).
extension Optional: LSPResult where Wrapped: LSPResult {
    var json: JSON { self?.json ?? .null }
}

/// `shutdown` and `workspace/executeCommand`: answered with `null`.
struct NullResult: LSPResult {
    var json: JSON { .null }
}

// MARK: - Lifecycle

/// `initialize`: what the server offers, given what the client can do.
struct InitializeResult: LSPResult {
    var capabilities: ServerCapabilities
    var serverName = Product.name
    var serverVersion = Product.version

    var json: JSON {
        ["capabilities": capabilities.json, "serverInfo": ["name": .string(serverName), "version": .string(serverVersion)]]
    }
}

struct ServerCapabilities: Sendable {
    var positionEncoding: PositionEncoding
    /// The code action kinds, announced with resolve support when the client takes
    /// `CodeAction` literals; nil announces plain `true`.
    var codeActionKinds: [String]?
    var commands: [String]
    /// The pull-diagnostics identifier, for a client that pulls; nil offers no `diagnosticProvider`.
    var diagnosticIdentifier: String?

    var json: JSON {
        var object: [String: JSON] = [
            "positionEncoding": .string(positionEncoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": .int(TextDocumentSyncKind.incremental.rawValue), "save": ["includeText": false]],
            "codeActionProvider": codeActionKinds.map { ["codeActionKinds": .array($0.map(JSON.string)), "resolveProvider": true] } ?? true,
            "hoverProvider": true,
            "executeCommandProvider": ["commands": .array(commands.map(JSON.string))],
            "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
        ]
        if let diagnosticIdentifier {
            object["diagnosticProvider"] = ["identifier": .string(diagnosticIdentifier), "interFileDependencies": true, "workspaceDiagnostics": true]
        }
        return .object(object)
    }
}

// MARK: - Language features

/// `textDocument/hover`: Markdown (or plain text) over the flagged range.
struct HoverResult: LSPResult {
    var markdown: Bool
    var value: String
    /// The range, already in the client's position encoding.
    var range: JSON

    var json: JSON {
        ["contents": ["kind": .string(markdown ? "markdown" : "plaintext"), "value": .string(value)], "range": range]
    }
}

/// One `CodeAction` literal. Fields the action does not have are left out.
struct CodeAction: Sendable {
    var title: String
    var kind: String
    /// The LSP diagnostics it fixes; left out when empty.
    var diagnostics: [JSON] = []
    var edit: JSON?
    var command: JSON?
    var isPreferred = false
    /// Where `codeAction/resolve` finds what to compute (`FixAllRequest.json`).
    var data: JSON?

    var json: JSON {
        var object: [String: JSON] = ["title": .string(title), "kind": .string(kind)]
        if !diagnostics.isEmpty { object["diagnostics"] = .array(diagnostics) }
        if let edit { object["edit"] = edit }
        if let command { object["command"] = command }
        if isPreferred { object["isPreferred"] = true }
        if let data { object["data"] = data }
        return .object(object)
    }
}

/// `textDocument/codeAction`.
struct CodeActionList: LSPResult {
    var actions: [CodeAction]
    var json: JSON { .array(actions.map(\.json)) }
}

/// `codeAction/resolve`: the client's action as it sent it (fields the server does not
/// know are kept), with the edit filled in when the server computed one.
struct ResolvedCodeAction: LSPResult {
    var fields: [String: JSON]
    var json: JSON { .object(fields) }
}

/// `textDocument/diagnostic`: the diagnostics, or `unchanged` when the client holds
/// the current result ID.
enum DocumentDiagnosticReport: LSPResult {
    case full(resultID: String?, items: [JSON])
    case unchanged(resultID: String)

    var json: JSON {
        switch self {
        case .full(let resultID, let items):
            ["kind": "full", "resultId": resultID.map(JSON.string) ?? .null, "items": .array(items)]
        case .unchanged(let resultID):
            ["kind": "unchanged", "resultId": .string(resultID)]
        }
    }
}

/// `workspace/diagnostic`: one report per file, each naming its document.
struct WorkspaceDiagnosticReport: LSPResult {
    struct Item: Sendable {
        var uri: String
        /// The open document's version; nil (`null`) for a file read from disk.
        var version: Int?
        var report: DocumentDiagnosticReport

        var json: JSON {
            guard case .object(var object) = report.json else { return report.json }
            object["uri"] = .string(uri)
            object["version"] = version.map(JSON.int) ?? .null
            return .object(object)
        }
    }

    var items: [Item]
    var json: JSON { ["items": .array(items.map(\.json))] }
}
