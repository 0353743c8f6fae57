import GotchasCore
import GotchasRules
import GotchasCorpus
import ServerTestSupport
import Testing
@testable import GotchasLSP

/// The server reparses incrementally from the last kept parse; the diagnostics must be
/// exactly those of a full parse, whatever the order in which parses come back.
@Suite struct IncrementalLintTests {
    static let source = """
        import SwiftUI

        struct GardenView: View {
            @State var count = 0
            let items: [String]

            var body: some View {
                VStack(alignment: .leading) {
                    Text("\\(count) plants 🌱").foregroundColor(.red)
                    ForEach(items.indices, id: \\.self) { index in
                        Text(items[index])
                            .padding(.vertical, 4)
                    }
                    Button("Add") { count += 1 }
                    Text("Total").animation(.easeInOut)
                }
                .navigationTitle("Garden")
            }
        }

        """

    static let fragments = ["a", "{", "}", "(", ")", "\n", " ", ".padding()", ".foregroundColor(.blue)", "Text(\"x\")",
                            "@State var flag = false\n", "\"", "//", "é", "😀", ""]

    static let configuration = ConfigurationStore(rules: RuleCatalog.linter.descriptions, defaultDocsBaseURL: "https://x")

    /// A random ranged change in UTF-16 positions, at UTF-8 character boundaries.
    static func randomChange(in document: SourceDocument, _ random: inout TestRandom) -> JSON {
        let bytes = document.bytes
        func boundary(_ offset: Int) -> Int {
            var offset = offset
            while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
        let start = boundary(random.next(upTo: bytes.count + 1))
        let end = boundary(min(bytes.count, start + random.next(upTo: 8)))
        func position(_ offset: Int) -> JSON {
            let position = document.lineColumn(ofByte: offset, encoding: .utf16)
            return ["line": .int(position.line), "character": .int(position.column)]
        }
        return ["range": ["start": position(start), "end": position(end)],
                "text": .string(fragments[random.next(upTo: fragments.count)])]
    }

    static func summary(_ result: LintResult) -> [String] {
        result.diagnostics.map { "\($0.ruleID) \($0.range) \($0.severity) \($0.message)" }
    }

    /// Drives DocumentStore and DocumentSnapshot as the server does, with parses kept out
    /// of order (late, stale, dropped) and occasional full-text changes.
    @Test func randomEditsLintLikeAFullParse() throws {
        var random = TestRandom(seed: 7)
        var store = DocumentStore()
        var configuration = Self.configuration
        let uri = "file:///garden.swift"
        store.open(uri: uri, version: 1, text: Self.source)
        var pending: [(revision: Int, parsed: IncrementallyParsedFile, memo: LintMemo?)] = []
        var incrementalLints = 0
        for step in 0..<250 {
            var changes: [JSON] = []
            var document = try #require(store[uri]).document
            for _ in 0...random.next(upTo: 2) {
                let change = Self.randomChange(in: document, &random)
                changes.append(change)
                // Keep `document` in step so the next change's positions refer to the text after this one.
                var scratch = DocumentStore()
                scratch.open(uri: uri, version: 0, text: document.text)
                _ = try scratch.change(uri: uri, version: 1, changes: [try TextDocumentContentChange(json: change)], encoding: .utf16)
                document = try #require(scratch[uri]).document
            }
            if random.next(upTo: 40) == 0 { changes.append(["text": .string(document.text)]) }
            _ = try store.change(uri: uri, version: step + 2, changes: changes.map { try TextDocumentContentChange(json: $0) }, encoding: .utf16)
            let open = try #require(store[uri])
            #expect(open.document.bytes == document.bytes)

            // Lint this revision now, from whatever parse is kept.
            let (resolved, _) = configuration.resolve(forPath: "garden.swift")
            let snapshot = DocumentSnapshot(uri: uri, version: open.version, document: open.document, configuration: resolved,
                                            capabilities: ClientCapabilities(), linter: RuleCatalog.linter, cachedLint: nil,
                                            revision: open.revision, parseBase: open.parseBase)
            if snapshot.parseBase != nil { incrementalLints += 1 }
            var (result, parsed, memo) = snapshot.parseAndLint()
            let full = RuleCatalog.linter.lint(open.document, configuration: resolved.rules)
            #expect(parsed?.file.tree.description == open.document.text, "step \(step)")
            if parsed?.mayDifferFromFullParse == true {
                // The server confirms such a parse with a full one and keeps that.
                result = snapshot.lint()
                parsed = IncrementallyParsedFile(document: open.document)
                memo = nil
            }
            #expect(Self.summary(result) == Self.summary(full), "step \(step)")

            // Hand the parse back now, later (after more edits) or never.
            if let parsed { pending.append((open.revision, parsed, memo)) }
            switch random.next(upTo: 4) {
            case 0: pending.removeAll()
            case 1: break
            default:
                for (revision, parsed, memo) in pending.shuffled(using: &random) {
                    store.keepParse(parsed, memo: memo, uri: uri, openGeneration: open.openGeneration, revision: revision)
                }
                pending.removeAll()
            }
        }
        #expect(incrementalLints > 100)
    }

    /// Through the real loop: after many edits, the published diagnostics equal those of
    /// the same text opened fresh.
    @Test func publishedDiagnosticsAfterEditsMatchAFreshOpen() async throws {
        let client = TestClient()
        _ = try await client.initialize(capabilities: ["general": ["positionEncodings": ["utf-16"]]])
        let uri = "file:///edited.swift"
        await client.open(uri, Self.source)
        _ = try await client.publishedDiagnostics(for: uri, version: 1)
        var random = TestRandom(seed: 11)
        var document = SourceDocument(path: "/edited.swift", text: Self.source)
        for version in 2...80 {
            let change = Self.randomChange(in: document, &random)
            var scratch = DocumentStore()
            scratch.open(uri: uri, version: 0, text: document.text)
            _ = try scratch.change(uri: uri, version: 1, changes: [try TextDocumentContentChange(json: change)], encoding: .utf16)
            document = try #require(scratch[uri]).document
            await client.change(uri, version: version, [change])
            // Wait for every other version only, so some edits outrun linting.
            if version % 2 == 0, version < 80 { _ = try await client.publishedDiagnostics(for: uri, version: version) }
        }
        var edited = try await client.publishedDiagnostics(for: uri, version: 80)
        let freshURI = "file:///fresh.swift"
        await client.open(freshURI, document.text)
        let fresh = try await client.publishedDiagnostics(for: freshURI, version: 1)
        func strip(_ published: JSON) -> [JSON] {
            (published["params", "diagnostics"]?.arrayValue ?? []).map { [$0["code"] ?? .null, $0["range"] ?? .null, $0["message"] ?? .null] }
        }
        // A reparse in broken text is published at once and confirmed by a full parse, which
        // republishes the same version exactly when the diagnostics differ: then it must come
        // (however long a loaded machine takes), and it must match the fresh open.
        if strip(edited) != strip(fresh) {
            edited = try await client.publishedDiagnostics(for: uri, version: 80)
        }
        #expect(strip(edited) == strip(fresh))
        #expect(try await client.shutdownAndExit() == 0)
    }
}

typealias TestRandom = SplitMix64
