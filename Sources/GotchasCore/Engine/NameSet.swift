/// A set of names held as one sorted array without duplicates: what a file's index keeps per
/// type and per member (`FileIndex.memberUses`, `memberReach`, `references`, …), and the paths
/// the workspace index keeps per name (`WorkspaceIndex`'s `memberUsePaths`, `dependentPaths`, …).
///
/// A `Set<String>` is a hash table: a header, a bitmap and at least a quarter of its buckets
/// empty, one allocation per set. The index holds tens of thousands of small sets, written once
/// (by the walk, or as a file is indexed) and then mostly read, so a sorted array holds the same names in
/// about half the bytes (names of up to 15 UTF-8 bytes are stored inline either way). Look-ups
/// are a binary search; iteration is in sorted order, so `sorted()` costs nothing extra and
/// the order never depends on `Hasher`.
public struct NameSet: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral {
    /// The names, sorted (`<`), each once.
    public private(set) var names: [String]

    public init() { names = [] }

    public init(arrayLiteral names: String...) { self.init(names) }

    public init<Names: Sequence>(_ names: Names) where Names.Element == String {
        var sorted = names.sorted()
        var kept = 0
        for index in sorted.indices where kept == 0 || sorted[kept - 1] != sorted[index] {
            sorted.swapAt(kept, index)
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        self.names = sorted
    }

    /// Names already sorted and unique (a merge of two `NameSet`s).
    private init(sortedUnique names: [String]) { self.names = names }

    public var count: Int { names.count }
    public var isEmpty: Bool { names.isEmpty }
    public func makeIterator() -> IndexingIterator<[String]> { names.makeIterator() }
    public var underestimatedCount: Int { names.count }

    /// The index of `name`, or where it would be inserted.
    private func position(of name: String) -> (index: Int, found: Bool) {
        var low = 0, high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle] < name { low = middle + 1 } else { high = middle }
        }
        return (low, low < names.count && names[low] == name)
    }

    public func contains(_ name: String) -> Bool { position(of: name).found }

    @discardableResult
    public mutating func insert(_ name: String) -> (inserted: Bool, memberAfterInsert: String) {
        let (index, found) = position(of: name)
        if found { return (false, names[index]) }
        names.insert(name, at: index)
        return (true, name)
    }

    @discardableResult
    public mutating func remove(_ name: String) -> String? {
        let (index, found) = position(of: name)
        return found ? names.remove(at: index) : nil
    }

    /// Both sets' names (one pass over both sorted arrays).
    public func union(_ other: NameSet) -> NameSet {
        if other.isEmpty { return self }
        if isEmpty { return other }
        var merged: [String] = []
        merged.reserveCapacity(names.count + other.names.count)
        var left = 0, right = 0
        while left < names.count, right < other.names.count {
            let a = names[left], b = other.names[right]
            if a < b { merged.append(a); left += 1 } else if b < a { merged.append(b); right += 1 } else { merged.append(a); left += 1; right += 1 }
        }
        merged += names[left...]
        merged += other.names[right...]
        return NameSet(sortedUnique: merged)
    }

    public mutating func formUnion(_ other: NameSet) { self = union(other) }

    /// The same names in an array of exactly their count: one built name by name (the walk's
    /// `insert`s) keeps the spare capacity its growth left, up to as much again.
    public var compacted: NameSet {
        guard names.capacity > names.count else { return self }
        var exact: [String] = []
        exact.reserveCapacity(names.count)
        exact.append(contentsOf: names)
        return NameSet(sortedUnique: exact)
    }

    public func isSuperset<Names: Sequence>(of other: Names) -> Bool where Names.Element == String {
        other.allSatisfy(contains)
    }
}

extension NameSet: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([String].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(names)
    }
}

extension NameSet: CustomStringConvertible {
    public var description: String { names.description }
}
