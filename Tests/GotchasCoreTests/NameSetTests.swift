import Testing
@testable import GotchasCore

/// `NameSet` stands in for `Set<String>` everywhere the model keeps names: it must answer as one.
@Suite struct NameSetTests {
    @Test func aNameSetAnswersAsASetOfTheSameNamesThroughARunOfEdits() {
        // Short and long names (inline and allocated strings), one accented in two spellings.
        let pool = ["count", "title", ".count", "Editor body", "a", "b", "formatter", "Feature.StateModel sortedMessages",
                    "caf\u{E9}", "cafe\u{301}", "", "zeta", "Alpha", "items"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var names = NameSet()
            var reference: Set<String> = []
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                let name = pool.randomElement(using: &generator)!
                switch Int.random(in: 0..<3, using: &generator) {
                case 0, 1: #expect(names.insert(name).inserted == reference.insert(name).inserted)
                default: #expect(names.remove(name) == reference.remove(name))
                }
            }
            #expect(names.names == reference.sorted())
            #expect(names.count == reference.count)
            #expect(pool.allSatisfy { names.contains($0) == reference.contains($0) })
            let other = Array(pool.shuffled(using: &generator).prefix(Int.random(in: 0...6, using: &generator)))
            #expect(names.union(NameSet(other)).names == reference.union(other).sorted())
            #expect(NameSet(reference) == names && NameSet(reference.shuffled() + reference) == names)
            #expect(names.compacted == names && names.compacted.names.capacity <= names.names.capacity)
            #expect(names.isSuperset(of: other) == reference.isSuperset(of: other))
        }
    }
}
