import GotchasCore
import Testing

@Suite struct BaselineModelTests {
    @Test func textRoundTripsSortedAndParsingRejectsForeignText() throws {
        let baseline = Baseline([Baseline.Entry(ruleID: "b-rule", path: "Z.swift", fingerprint: "f1"),
                                 Baseline.Entry(ruleID: "a-rule", path: "A.swift", fingerprint: "f2")])
        #expect(baseline.text == "swiftui-gotchas baseline 1\na-rule\tA.swift\tf2\nb-rule\tZ.swift\tf1\n")
        #expect(try Baseline.parse(baseline.text.replacingOccurrences(of: "\n", with: "\r\n")) == baseline)
        #expect(throws: Baseline.ParseError.self) { try Baseline.parse("swiftui-gotchas baseline 2\n") }
        #expect(throws: Baseline.ParseError(line: 3, message: "expected rule<TAB>path<TAB>fingerprint, found \"x\ty\"")) {
            try Baseline.parse("swiftui-gotchas baseline 1\na\tb\tc\nx\ty\n")
        }
    }

    @Test func matcherUsesEachEntryOnceAndReportsTheUnused() {
        let entry = Baseline.Entry(ruleID: "r", path: "A.swift", fingerprint: "f")
        let other = Baseline.Entry(ruleID: "r", path: "B.swift", fingerprint: "f")
        var matcher = Baseline.Matcher(Baseline([entry, other]))
        let first = matcher.hides(entry)
        let second = matcher.hides(entry)
        #expect(first && !second)
        #expect(matcher.unused == [other])
    }

    @Test func fingerprintIgnoresLineNumbersAndIndentationButNotContext() {
        func fingerprint(_ text: String, flagging needle: String) -> String {
            let document = SourceDocument(path: "A.swift", text: text)
            let start = document.text.utf8.count - (document.text.components(separatedBy: needle).last!.utf8.count + needle.utf8.count)
            return Baseline.fingerprint(of: Diagnostic(ruleID: "r", severity: .warning, message: "m", range: start..<(start + 1)), in: document)
        }
        let original = fingerprint("a\nflag()\nb\n", flagging: "flag")
        #expect(fingerprint("x\ny\n\na\n   flag()\n\n\nb\n", flagging: "flag") == original)
        #expect(fingerprint("c\nflag()\nb\n", flagging: "flag") != original)
    }

    @Test func relativePathsClimbOutOfTheBaselineDirectory() {
        #expect(Baseline.relativePath("/r/Sources/A.swift", from: "/r") == "Sources/A.swift")
        #expect(Baseline.relativePath("/r/Sources/A.swift", from: "/r/ci") == "../Sources/A.swift")
        #expect(Baseline.relativePath("/r/A.swift", from: "/") == "r/A.swift")
    }
}
