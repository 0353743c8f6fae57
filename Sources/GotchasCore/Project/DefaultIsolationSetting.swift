/// Reads project settings from the text of project files (the front ends do the I/O):
/// default isolation here, deployment targets in `Project/DeploymentTargets.swift`.
public enum ProjectSettings {
    /// True/false for a settings file (`Package.swift`, `*.xcconfig`, `project.pbxproj`)
    /// that does/does not set default `MainActor` isolation; nil for any other file.
    public static func defaultIsolationIsMainActor(path: String, text: String) -> Bool? {
        guard let kind = kind(ofPath: path) else { return nil }
        let needle: String
        switch kind {
        case .manifest, .manifestVariant: needle = "defaultIsolation(MainActor.self)"
        case .xcconfig, .xcodeProject: needle = "SWIFT_DEFAULT_ACTOR_ISOLATION=MainActor"
        case .infoPlist, .tuistManifest, .xcodeGenSpec: return false  // settings files that set no isolation read here
        }
        // An ASCII text is searched by bytes: `String.contains` went through Foundation's
        // UTF-16 search, ~30 M instructions for the two pbxprojs of a warm run.
        var ascii: [UInt8] = []
        ascii.reserveCapacity(text.utf8.count)
        if squeezeASCII(text.utf8, into: &ascii) {
            return ascii.withUnsafeBufferPointer { ByteSearch.contains(Array(needle.utf8), in: $0) }
        }
        return squeezedByLines(text).contains(needle)
    }

    /// The text with line comments dropped and whitespace removed (`//` in Swift and
    /// xcconfig), by `Character`s: the meaning of the squeeze, and the path of the
    /// non-ASCII lines of `squeezedByLines`.
    static func squeezedByCharacters(_ text: Substring) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { line -> String in
            if let range = line.firstRange(of: "//") { return String(line[..<range.lowerBound]) }
            return String(line)
        }
        return lines.joined(separator: "\n").filter { !$0.isWhitespace }
    }

    /// `squeezedByCharacters` of the whole text, line by line: ASCII lines by bytes, the
    /// others by `Character`s (`SettingsTextLines` says why the pieces read the same alone;
    /// the squeeze drops every line break, so the result is the pieces' results joined).
    static func squeezedByLines(_ text: String) -> String {
        let lines = SettingsTextLines(text)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.utf8.count)
        for piece in lines {
            if piece.isASCII {
                squeezeASCII(lines.utf8[piece.bytes], into: &bytes)
            } else {
                bytes += squeezedByCharacters(piece.text).utf8
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same text as the `Character` path above for an ASCII text — line comments
    /// dropped, whitespace removed — from its bytes (a project.pbxproj is often hundreds
    /// of KB, and `Character.isWhitespace` was ~6 % of a warm `lint`); nil otherwise.
    static func squeezedASCII(_ text: String) -> String? {
        var bytes: [UInt8] = []
        guard squeezeASCII(text.utf8, into: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the squeeze of ASCII `text` to `bytes`; false (stopping there) at a
    /// non-ASCII byte.
    @discardableResult
    static func squeezeASCII(_ text: some Sequence<UInt8>, into bytes: inout [UInt8]) -> Bool {
        let start = bytes.count
        var inComment = false
        var previousSlash = false
        for byte in text {
            guard byte < 0x80 else { return false }
            // ASCII newlines (`Character.isNewline`): \n, \v, \f, \r.
            if byte >= 0x0A && byte <= 0x0D {
                inComment = false
                previousSlash = false
                continue
            }
            if inComment { continue }
            if byte == UInt8(ascii: "/") {
                if previousSlash {
                    if bytes.count > start { bytes.removeLast() }
                    inComment = true
                    previousSlash = false
                    continue
                }
                previousSlash = true
            } else {
                previousSlash = false
            }
            // The rest of ASCII whitespace: space and tab (newlines are handled above).
            if byte == 0x20 || byte == 0x09 { continue }
            bytes.append(byte)
        }
        return true
    }
}

