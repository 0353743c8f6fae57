import GotchasCore
import Testing

@Suite struct ByteSearchTests {
    /// `contains` agrees with a naive search, for needles at the ends, overlapping, absent.
    @Test func containsAgreesWithNaiveSearch() {
        var random = TestRandom(seed: 3)
        let alphabet = Array("ab .(\nZé".utf8)
        for _ in 0..<2_000 {
            let haystack = (0..<random.next(upTo: 40)).map { _ in alphabet[random.next(upTo: alphabet.count)] }
            let needle = (0..<random.next(upTo: 5)).map { _ in alphabet[random.next(upTo: alphabet.count)] }
            let naive = needle.isEmpty || (needle.count <= haystack.count
                && (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle })
            #expect(haystack.withUnsafeBufferPointer { ByteSearch.contains(needle, in: $0) } == naive, "\(haystack) \(needle)")
        }
    }
}
