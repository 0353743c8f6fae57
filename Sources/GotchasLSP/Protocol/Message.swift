import GotchasCore

/// A JSON-RPC request ID: a number or a string.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case string(String)

    public init?(_ json: JSON) {
        switch json {
        case .int(let value): self = .int(value)
        case .double: if let value = json.intValue { self = .int(value) } else { return nil }
        case .string(let value): self = .string(value)
        default: return nil
        }
    }

    public var json: JSON {
        switch self {
        case .int(let value): .int(value)
        case .string(let value): .string(value)
        }
    }

    public var description: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): "\"\(value)\""
        }
    }
}

/// One decoded JSON-RPC message.
public enum Message: Sendable, Equatable {
    case request(id: RequestID, method: String, params: JSON)
    case notification(method: String, params: JSON)
    case response(id: RequestID?, result: JSON?, error: JSON?)

    /// Classifies a parsed body; returns the error to answer with when it is not a valid message
    /// (with the ID when one could be read).
    public static func decode(_ json: JSON) -> Result<Message, InvalidMessage> {
        guard case .object(let object) = json else {
            return .failure(InvalidMessage(id: nil, error: .invalidRequest("a message must be a JSON object")))
        }
        let rawID = object["id"]
        let id = rawID.flatMap(RequestID.init)
        if let rawID, id == nil, rawID != .null {
            return .failure(InvalidMessage(id: nil, error: .invalidRequest("\"id\" must be a number or a string")))
        }
        if let method = object["method"] {
            guard case .string(let name) = method else {
                return .failure(InvalidMessage(id: id, error: .invalidRequest("\"method\" must be a string")))
            }
            let params = object["params"] ?? .null
            switch params {
            case .object, .array, .null: break
            default: return .failure(InvalidMessage(id: id, error: .invalidRequest("\"params\" must be an object or an array")))
            }
            if let id { return .success(.request(id: id, method: name, params: params)) }
            return .success(.notification(method: name, params: params))
        }
        if object["result"] != nil || object["error"] != nil {
            return .success(.response(id: id, result: object["result"], error: object["error"]))
        }
        return .failure(InvalidMessage(id: id, error: .invalidRequest("neither a request, a notification nor a response")))
    }

    public var json: JSON {
        switch self {
        case .request(let id, let method, let params):
            var object: [String: JSON] = ["jsonrpc": "2.0", "id": id.json, "method": .string(method)]
            if params != .null { object["params"] = params }
            return .object(object)
        case .notification(let method, let params):
            var object: [String: JSON] = ["jsonrpc": "2.0", "method": .string(method)]
            if params != .null { object["params"] = params }
            return .object(object)
        case .response(let id, let result, let error):
            var object: [String: JSON] = ["jsonrpc": "2.0", "id": id?.json ?? .null]
            if let error { object["error"] = error } else { object["result"] = result ?? .null }
            return .object(object)
        }
    }

    public static func success(id: RequestID, _ result: JSON) -> Message { .response(id: id, result: result, error: nil) }
    public static func failure(id: RequestID?, _ error: ResponseError) -> Message { .response(id: id, result: nil, error: error.json) }
}

/// A body that parsed as JSON but is not a JSON-RPC message.
public struct InvalidMessage: Error, Sendable, Equatable {
    public var id: RequestID?
    public var error: ResponseError
}
