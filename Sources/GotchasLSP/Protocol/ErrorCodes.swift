import GotchasCore

/// A JSON-RPC / LSP error returned in a response.
public struct ResponseError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public var json: JSON { ["code": .int(code), "message": .string(message)] }

    // JSON-RPC 2.0
    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    // LSP
    public static let serverNotInitializedCode = -32002
    public static let requestFailedCode = -32803
    public static let serverCancelledCode = -32802
    public static let contentModifiedCode = -32801
    public static let requestCancelledCode = -32800

    public static func parseError(_ detail: String) -> ResponseError { .init(code: parseErrorCode, message: "Parse error: \(detail)") }
    public static func invalidRequest(_ detail: String) -> ResponseError { .init(code: invalidRequestCode, message: "Invalid request: \(detail)") }
    public static func methodNotFound(_ method: String) -> ResponseError { .init(code: methodNotFoundCode, message: "Unhandled method \(method)") }
    public static func invalidParams(_ detail: String) -> ResponseError { .init(code: invalidParamsCode, message: "Invalid params: \(detail)") }
    public static func internalError(_ detail: String) -> ResponseError { .init(code: internalErrorCode, message: detail) }
    public static let serverNotInitialized = ResponseError(code: serverNotInitializedCode, message: "Server not initialized")
    public static let requestCancelled = ResponseError(code: requestCancelledCode, message: "Request cancelled")
    public static let contentModified = ResponseError(code: contentModifiedCode, message: "Content modified: the document changed while the request ran")
    public static func requestFailed(_ detail: String) -> ResponseError { .init(code: requestFailedCode, message: detail) }
}
