@testable import GotchasCore
import GotchasCorpus
import SwiftParser
import SwiftSyntax
import Testing

/// The walk looks up rules by `SyntaxKind` through in-memory tags, not hashing. That is
/// only right if equal tags mean equal kinds: checked on every kind a corpus produces.
@Suite struct SyntaxKindTableTests {
    final class Kinds: SyntaxAnyVisitor {
        var seen: [SyntaxKind] = []
        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            if !seen.contains(node.kind) { seen.append(node.kind) }
            return .visitChildren
        }
    }

    @Test func tagsIdentifyKindsAndTheTableFindsEachEntry() {
        let kinds = Kinds(viewMode: .all)
        for file in SyntheticCorpus().files(targetLines: 2_000) { kinds.walk(Parser.parse(source: file.text)) }
        kinds.walk(Parser.parse(source: "actor A { deinit {} }; protocol P {}; enum E { case a }; let x = { [1: 2] }; #if X\n#endif\nstruct B { var x: = }"))
        #expect(kinds.seen.count > 60)
        #expect(SyntaxKindTable<Int>.usesTags, "SyntaxKind is stored as a 1- or 2-byte tag in this toolchain")
        for a in kinds.seen {
            for b in kinds.seen {
                #expect((SyntaxKindTable<Int>.tag(of: a) == SyntaxKindTable<Int>.tag(of: b)) == (a == b), "\(a) / \(b)")
            }
        }
        let half = Dictionary(uniqueKeysWithValues: kinds.seen.enumerated().filter { $0.offset % 2 == 0 }.map { ($0.element, $0.offset) })
        let table = SyntaxKindTable(half)
        for (offset, kind) in kinds.seen.enumerated() {
            #expect(table[kind] == (offset % 2 == 0 ? offset : nil))
        }
    }
}
