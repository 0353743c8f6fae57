import GotchasCore

/// An open `.swiftui-gotchas.json` is not Swift: instead of a lint, its diagnostics are
/// the problems the CLI reports for it (errors, and unknown keys and rule IDs as
/// warnings), read from the editor's text so they follow the typing.
extension DocumentSnapshot {
    var isConfigurationFile: Bool {
        document.path == ConfigurationFile.fileName || document.path.hasSuffix("/" + ConfigurationFile.fileName)
    }

    func configurationDiagnostics() -> [JSON] {
        do {
            let file = try ConfigurationFile.parse(document.bytes, path: document.path, rules: linter.descriptions)
            return file.warnings.map { configurationDiagnostic($0, severity: .warning) }
        } catch {
            guard case .invalid(let issues) = error else { return [] }  // parsing the text reads no file
            return issues.map { configurationDiagnostic($0, severity: .error) }
        }
    }

    private func configurationDiagnostic(_ issue: ConfigurationIssue, severity: Severity) -> JSON {
        let start = byteOffset(line: issue.line, column: issue.column)
        return [
            "range": converter.range(start..<tokenEnd(from: start), in: document),
            "severity": .int(Self.severityCode(severity)),
            "source": .string(Self.source),
            "message": .string(issue.message),
        ]
    }

    /// The issue's 1-based line and UTF-8 column as a byte offset (the start for none).
    private func byteOffset(line: Int, column: Int) -> Int {
        let starts = document.lines.lineStarts
        guard line > 0, line <= starts.count else { return 0 }
        return min(starts[line - 1] + max(column - 1, 0), document.bytes.count)
    }

    /// The end of the key or value at `start`: a quoted string through its closing
    /// quote, else up to the next delimiter (at least one byte, so the editor shows it).
    private func tokenEnd(from start: Int) -> Int {
        let bytes = document.bytes
        guard start < bytes.count else { return start }
        var index = start + 1
        if bytes[start] == UInt8(ascii: "\"") {
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != 0x0A {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(index + 1, bytes.count)
        }
        while index < bytes.count, !Array(",:}] \t\r\n".utf8).contains(bytes[index]) { index += 1 }
        return index
    }
}
