import GotchasCore
import Testing
@testable import GotchasLSP

/// The typed edge: params decoded once from JSON, and one handler per method.
@Suite struct ProtocolEdgeTests {
    @Test func everyHandledMethodHasTheHandlerThatDeclaresIt() {
        let requests = [LSPMethod.initialize, LSPMethod.shutdown, LSPMethod.codeAction, LSPMethod.codeActionResolve,
                        LSPMethod.hover, LSPMethod.documentDiagnostic, LSPMethod.workspaceDiagnostic, LSPMethod.executeCommand]
        for method in requests { #expect(HandlerTable.request(method)?.method == method) }
        let notifications = [LSPMethod.exit, LSPMethod.cancelRequest, LSPMethod.setTrace, LSPMethod.initialized,
                             LSPMethod.didOpen, LSPMethod.didChange, LSPMethod.didClose, LSPMethod.didSave,
                             LSPMethod.didChangeConfiguration, LSPMethod.didChangeWatchedFiles, LSPMethod.didChangeWorkspaceFolders]
        for method in notifications { #expect(HandlerTable.notification(method)?.method == method) }
        #expect(HandlerTable.request(LSPMethod.didOpen) == nil)
        #expect(HandlerTable.notification(LSPMethod.hover) == nil)
        // Only these run before `initialized` and while shutting down.
        #expect(notifications.filter { HandlerTable.notification($0)?.handledInAnyPhase == true }
                == [LSPMethod.exit, LSPMethod.cancelRequest, LSPMethod.setTrace])
    }

    @Test func anInvalidContentChangeIsReportedOnlyWithTheChanges() throws {
        let params = try DidChangeParams(json: ["textDocument": ["uri": "file:///a.swift", "version": 3],
                                                "contentChanges": [["text": "x"], ["range": "nonsense", "text": "y"]]])
        #expect(params.uri == "file:///a.swift" && params.version == 3)
        #expect(params.contentChanges == .failure(.invalidChange("a content change has a malformed range")))
        let missingText = try DidChangeParams(json: ["textDocument": ["uri": "u"], "contentChanges": [["range": .null]]])
        #expect(missingText.contentChanges == .failure(.invalidChange("a content change has no \"text\"")))
        #expect(throws: ParamsError("didChange without textDocument.uri/contentChanges")) {
            try DidChangeParams(json: ["contentChanges": []])
        }
    }

    @Test func aNullRangeReplacesTheWholeText() throws {
        #expect(try TextDocumentContentChange(json: ["range": .null, "text": "all"]) == TextDocumentContentChange(range: nil, text: "all"))
        let ranged = try TextDocumentContentChange(json: ["range": ["start": ["line": 1, "character": 2], "end": ["line": 1, "character": 4]],
                                                          "text": "z"])
        #expect(ranged.range?.start == LineColumn(line: 1, column: 2) && ranged.range?.end == LineColumn(line: 1, column: 4))
    }

    @Test func requestParamsSayWhatTheyNeed() {
        #expect(throws: ParamsError("hover needs textDocument.uri and a position")) {
            try HoverParams(json: ["textDocument": ["uri": "u"], "position": ["line": -1, "character": 0]])
        }
        #expect(throws: ParamsError("codeAction needs textDocument.uri and range")) { try CodeActionParams(json: ["textDocument": ["uri": "u"]]) }
        #expect(throws: ParamsError("unknown command \"nope\"")) { try ExecuteCommandParams(json: ["command": "nope"]) }
        #expect(throws: ParamsError("initialize needs an InitializeParams object")) { try InitializeParams(json: [1]) }
    }

    @Test func aMalformedCodeActionRangeIsKeptForTheHandlerToAnswer() throws {
        let params = try CodeActionParams(json: ["textDocument": ["uri": "u"], "range": "nonsense",
                                                 "context": ["only": ["quickfix"], "diagnostics": [["data": ["ruleID": "r", "start": 1, "end": 2]]]]])
        #expect(params.range == nil)
        #expect(params.only == ["quickfix"])
        #expect(params.referenced.map(\.ruleID) == ["r"])
    }

    @Test func typedChangesApplyInOrderAndReportClampedRanges() throws {
        var store = DocumentStore()
        store.open(uri: "u", version: 1, text: "let a = 1\n")
        let outside = try #require(LSPRange(["start": ["line": 0, "character": 4], "end": ["line": 9, "character": 0]]))
        let report = try store.change(uri: "u", version: 2, changes: [
            TextDocumentContentChange(range: try #require(LSPRange(["start": ["line": 0, "character": 4], "end": ["line": 0, "character": 5]])),
                                      text: "bb"),
            TextDocumentContentChange(range: outside, text: "= 2\n"),
        ], encoding: .utf16)
        #expect(store["u"]?.document.text == "let = 2\n")
        #expect(report.clampedRanges == [#"{"end":{"character":0,"line":9},"start":{"character":4,"line":0}}"#])
        #expect(throws: DocumentStore.ChangeError.notOpen) { try store.change(uri: "other", version: 1, changes: [], encoding: .utf16) }
    }

    @Test func capabilitiesOfTheWrongTypeCountAsNotOffered() throws {
        let params = try InitializeParams(json: ["capabilities": [
            "general": ["positionEncodings": ["utf-32", 8]],
            "textDocument": ["diagnostic": .null, "codeAction": ["resolveSupport": ["properties": ["edit"]]],
                             "hover": ["contentFormat": "markdown"]],
            "window": ["workDoneProgress": "yes"],
        ]])
        #expect(params.capabilities.positionEncodings == ["utf-32"])
        let capabilities = ClientCapabilities(params.capabilities)
        #expect(capabilities.positionEncoding == .utf32)
        #expect(capabilities.resolvesEdits && !capabilities.pullDiagnostics && !capabilities.markdownHover && !capabilities.workDoneProgress)
    }

    @Test func resultsKeepTheirWireShape() {
        #expect(DocumentDiagnosticReport.full(resultID: nil, items: []).json.serializedString == #"{"items":[],"kind":"full","resultId":null}"#)
        let item = WorkspaceDiagnosticReport.Item(uri: "file:///a.swift", version: nil, report: .unchanged(resultID: "r"))
        #expect(item.json.serializedString == #"{"kind":"unchanged","resultId":"r","uri":"file:///a.swift","version":null}"#)
        #expect(CodeAction(title: "t", kind: "quickfix", command: ["command": "c"]).json.serializedString
                == #"{"command":{"command":"c"},"kind":"quickfix","title":"t"}"#)
        #expect((nil as HoverResult?).json == .null)
        let plain = ServerCapabilities(positionEncoding: .utf16, codeActionKinds: nil, commands: [], diagnosticIdentifier: nil).json
        #expect(plain["codeActionProvider"] == true && plain["diagnosticProvider"] == nil)
    }
}
