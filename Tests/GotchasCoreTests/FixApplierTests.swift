import GotchasCore
import Testing

@Suite struct FixApplierTests {
    @Test func appliesNonOverlappingEditsInOnePass() {
        let bytes = Array("abcdef".utf8)
        let result = FixApplier.apply([TextEdit(range: 4..<5, replacement: "E"), .insert("<", at: 0), .delete(1..<3)], to: bytes)
        #expect(String(decoding: result.bytes, as: UTF8.self) == "<adEf")
        #expect(result.skipped.isEmpty)
    }

    @Test func skipsAnEditThatOverlapsAnEarlierOne() {
        let result = FixApplier.apply([TextEdit(range: 0..<3, replacement: "X"), TextEdit(range: 2..<4, replacement: "Y")], to: Array("abcdef".utf8))
        #expect(String(decoding: result.bytes, as: UTF8.self) == "Xdef")
        #expect(result.skipped == [TextEdit(range: 2..<4, replacement: "Y")])
    }

    @Test func skipsEditsPastTheEnd() {
        let result = FixApplier.apply([TextEdit(range: 2..<40, replacement: "X")], to: Array("abc".utf8))
        #expect(String(decoding: result.bytes, as: UTF8.self) == "abc")
        #expect(result.skipped.count == 1)
    }

    @Test func choosesWholeFixesThatDoNotOverlap() {
        let first = Fix(title: "a", applicability: .safe, edits: [TextEdit(range: 0..<2, replacement: "")])
        let clashing = Fix(title: "b", applicability: .safe, edits: [TextEdit(range: 5..<6, replacement: ""), TextEdit(range: 1..<3, replacement: "")])
        let separate = Fix(title: "c", applicability: .safe, edits: [TextEdit(range: 3..<4, replacement: "")])
        #expect(FixApplier.nonOverlapping([first, clashing, separate]).map(\.title) == ["a", "c"])
    }
}
