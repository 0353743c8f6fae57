import Foundation
import GotchasCore
import GotchasCorpus
import SwiftParser
import SwiftSyntax
import Testing

/// `trimmedText` replaces SwiftSyntax's `trimmedDescription` everywhere (it is ~50×
/// cheaper), so it must agree with it on every node: comments and line breaks inside
/// and around nodes, string interpolation, and trees recovered from syntax errors
/// (where it also trims whitespace before a missing last token).
@Suite struct TrimmedTextTests {
    final class Collector: SyntaxAnyVisitor {
        var mismatches: [String] = []
        var checked = 0
        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            checked += 1
            var expected = node.trimmedDescription
            // The one difference: before a missing last token (a recovered syntax error),
            // `trimmedDescription` keeps the last present token's trailing whitespace.
            if node.lastToken(viewMode: .all)?.presence == .missing {
                while expected.last?.isWhitespace == true { expected.removeLast() }
            }
            if node.trimmedText != expected, mismatches.count < 5 {
                mismatches.append("\(node.kind): \(node.trimmedDescription.debugDescription) vs \(node.trimmedText.debugDescription)")
            }
            return .visitChildren
        }
    }

    static let sources: [String] = [
        "@State /* why */ private var x: [Int] = [] // trailing\n",
        "struct A: View { var body: some View { Text(\"a \\(b + /* c */ 1)\") } }\n",
        "extension Foo.Bar where T: Hashable {\n  // comment\n  func f() -> some View { EmptyView() }\n}\n",
        "let 🎉 = \"ü\"; func g(_ a: Int,\n       b: Int) {}\n",
        "struct Broken { var x: = ; func ( { if let { } \n",
        "#if DEBUG\n@available(iOS 17, *) struct P {}\n#endif\n",
    ] + SyntheticCorpus().files(targetLines: 1_500).map(\.text)

    @Test func agreesWithTrimmedDescriptionOnEveryNode() {
        let collector = Collector(viewMode: .sourceAccurate)
        for source in Self.sources { collector.walk(Parser.parse(source: source)) }
        #expect(collector.mismatches.isEmpty, "\(collector.mismatches)")
        #expect(collector.checked > 10_000)
    }
}
