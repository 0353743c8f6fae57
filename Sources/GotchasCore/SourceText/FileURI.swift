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

    /// The path a `file:` URI names, percent-decoded; nil for another scheme. Clients spell
    /// one file differently (VS Code encodes `( ) + @ :`, others leave them), and the spec
    /// says to assume no one encoding, so URIs are compared by this path, never as text.
    /// Accepts `file:///p`, `file://localhost/p` and `file:/p`.
    public static func path(ofFileURI uri: String) -> String? {
        guard uri.utf8.count >= 5, uri.prefix(5).lowercased() == "file:" else { return nil }
        var rest = Substring(uri.dropFirst(5))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            // The authority: empty or `localhost` for a local file.
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            let authority = rest[..<slash].lowercased()
            guard authority.isEmpty || authority == "localhost" else { return nil }
            rest = rest[slash...]
        }
        guard rest.hasPrefix("/") else { return nil }
        // Query and fragment are not part of the path.
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        return percentDecoded(rest)
    }

    private static func percentDecoded(_ text: Substring) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
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
