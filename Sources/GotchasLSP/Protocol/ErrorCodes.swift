import GotchasCore

/// The error codes of JSON-RPC 2.0 and of LSP this server answers with.
public enum ErrorCode: Int, Sendable {
    // JSON-RPC 2.0
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    // LSP
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case serverCancelled = -32802
    case contentModified = -32801
    case requestCancelled = -32800
}

/// A JSON-RPC / LSP error returned in a response.
public struct ResponseError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public init(_ code: ErrorCode, message: String) { self.init(code: code.rawValue, message: message) }

    public var json: JSON { ["code": .int(code), "message": .string(message)] }

    // The codes as plain integers, for comparing with what arrives on the wire.
    public static let parseErrorCode = ErrorCode.parseError.rawValue
    public static let invalidRequestCode = ErrorCode.invalidRequest.rawValue
    public static let methodNotFoundCode = ErrorCode.methodNotFound.rawValue
    public static let invalidParamsCode = ErrorCode.invalidParams.rawValue
    public static let internalErrorCode = ErrorCode.internalError.rawValue
    public static let serverNotInitializedCode = ErrorCode.serverNotInitialized.rawValue
    public static let requestFailedCode = ErrorCode.requestFailed.rawValue
    public static let serverCancelledCode = ErrorCode.serverCancelled.rawValue
    public static let contentModifiedCode = ErrorCode.contentModified.rawValue
    public static let requestCancelledCode = ErrorCode.requestCancelled.rawValue

    public static func parseError(_ detail: String) -> ResponseError { .init(.parseError, message: "Parse error: \(detail)") }
    public static func invalidRequest(_ detail: String) -> ResponseError { .init(.invalidRequest, message: "Invalid request: \(detail)") }
    public static func methodNotFound(_ method: String) -> ResponseError { .init(.methodNotFound, message: "Unhandled method \(method)") }
    public static func invalidParams(_ detail: String) -> ResponseError { .init(.invalidParams, message: "Invalid params: \(detail)") }
    public static func internalError(_ detail: String) -> ResponseError { .init(.internalError, message: detail) }
    public static let serverNotInitialized = ResponseError(.serverNotInitialized, message: "Server not initialized")
    public static let requestCancelled = ResponseError(.requestCancelled, message: "Request cancelled")
    public static let contentModified = ResponseError(.contentModified, message: "Content modified: the document changed while the request ran")
    public static func requestFailed(_ detail: String) -> ResponseError { .init(.requestFailed, message: detail) }
}
