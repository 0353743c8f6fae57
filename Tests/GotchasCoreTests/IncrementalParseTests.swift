import GotchasCore
import SwiftSyntax
import GotchasCorpus
import Testing

/// Incremental reparsing must give exactly the tree a full parse gives.
@Suite struct IncrementalParseTests {
    static let source = """
        import SwiftUI

        struct GardenView: View {
            @State private var count = 0
            let items: [String]

            var body: some View {
                VStack(alignment: .leading) {
                    Text("\\(count) plants").font(.headline)
                    ForEach(items, id: \\.self) { item in
                        Text(item)
                            .padding(.vertical, 4)
                    }
                    Button("Add") { count += 1 }
                }
                .navigationTitle("Garden")
            }
        }

        """

    /// Typing-like fragments, including ones that break and repair the syntax.
    static let fragments = ["a", "{", "}", "(", ")", "\n", " ", ".padding()", "Text(\"x\")", "let y = 2\n", "\"", "//", "é", "😀", ""]

    @Test func reparsingAfterRandomEditsEqualsAFullParse() {
        var random = TestRandom(seed: 42)
        var bytes = Array(Self.source.utf8)
        var parsed = IncrementallyParsedFile(document: SourceDocument(path: "/t.swift", bytes: bytes))
        for step in 0..<300 {
            // One to three sequential edits per step, like one didChange with several content changes.
            var edits: [ByteEdit] = []
            for _ in 0...random.next(upTo: 2) {
                let start = Self.boundary(random.next(upTo: bytes.count + 1), in: bytes)
                let end = Self.boundary(min(bytes.count, start + random.next(upTo: 6)), in: bytes)
                let replacement = Array(Self.fragments[random.next(upTo: Self.fragments.count)].utf8)
                bytes.replaceSubrange(start..<end, with: replacement)
                edits.append(ByteEdit(range: start..<end, replacement: replacement))
            }
            let document = SourceDocument(path: "/t.swift", bytes: bytes)
            parsed = parsed.reparsed(document, after: edits)
            let full = ParsedFile(document: document)
            #expect(parsed.file.tree.description == document.text, "step \(step)")
            // Any difference from a full parse is flagged (only possible in text with errors)…
            if parsed.file.tree.debugDescription != full.tree.debugDescription {
                #expect(parsed.mayDifferFromFullParse, "unflagged divergence at step \(step)")
                #expect(full.tree.hasError, "divergence without syntax errors at step \(step)")
            }
            // …and a flagged tree is replaced by the full parse, as the server does.
            if parsed.mayDifferFromFullParse { parsed = IncrementallyParsedFile(document: document) }
            #expect(parsed.file.tree.debugDescription == full.tree.debugDescription || parsed.mayDifferFromFullParse, "step \(step)")
        }
    }

    @Test func noEditsKeepsTheTree() {
        let document = SourceDocument(path: "/t.swift", text: Self.source)
        let parsed = IncrementallyParsedFile(document: document)
        #expect(parsed.reparsed(document, after: []).file.tree.id == parsed.file.tree.id)
    }

    /// Moves an offset back to the start of a UTF-8 character.
    static func boundary(_ offset: Int, in bytes: [UInt8]) -> Int {
        var offset = offset
        while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        return offset
    }
}

typealias TestRandom = SplitMix64
