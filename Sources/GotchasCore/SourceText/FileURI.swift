/// The one way a path becomes a URI: the server's `file://` URIs for files the client has
/// not opened (related locations, workspace diagnostics) and SARIF's artifact locations.
/// Every byte but RFC 3986's unreserved characters and `/` is percent-encoded, as VS Code
/// encodes the URIs it sends, so the two spell one file alike.
public enum FileURI {
    /// `file:///a%20b/C.swift` for an absolute path; a relative path stays a relative
    /// reference (`Sources/A.swift`, without a leading `./`), which SARIF consumers
    /// resolve against the checkout.
    public static func reference(toPath path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        let encoded = percentEncoded(trimmed)
        return trimmed.hasPrefix("/") ? "file://" + encoded : encoded
    }

    private static func percentEncoded(_ path: Substring) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.append(byte)
            default:
                result += [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
