import Foundation
import GotchasCore
import Testing

@Suite struct FileIndexCodingTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples").path

    /// Every type scope of every indexed file holds its properties: the layout packs the flags
    /// after the 8-byte fields and keeps the ranges as 32-bit offsets (136 bytes before).
    @Test func aPropertyPacksIntoOneHundredTwelveBytesAndKeepsItsRanges() {
        #expect(MemoryLayout<PropertyInfo>.stride <= 112)
        var property = PropertyInfo(name: "x", attributes: [], typeName: nil, isStatic: false, isLet: true, isComputed: false,
                                    isPrivate: false, nameRange: 10..<11)
        #expect(property.nameRange == 10..<11 && property.typeRange == nil)
        property.typeRange = 14..<20
        #expect(property.typeRange == 14..<20)
        property.typeRange = nil
        #expect(property.typeRange == nil)
    }

    @Test func realIndexesRoundTrip() throws {
        let linter = Linter(rules: [])
        var checked = 0
        let enumerator = FileManager.default.enumerator(atPath: Self.examples)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), let data = FileManager.default.contents(atPath: Self.examples + "/" + relative) else { continue }
            let index = linter.lint(SourceDocument(path: relative, bytes: Array(data)), configuration: RuleConfiguration(severities: [:])).fileIndex
            let decoded = try #require(FileIndex(encoded: index.encoded()), "\(relative) did not decode")
            #expect(decoded.stableDescription == index.stableDescription, "\(relative)")
            #expect(decoded.environmentUses == index.environmentUses)
            checked += index.types.count
        }
        #expect(checked > 20)
    }

    @Test func everyStoredFieldIsEncoded() {
        // Adding a stored field to these types without encoding it would silently drop it from caches.
        let scope = FileIndex(path: "x")
        #expect(Mirror(reflecting: scope).children.count == 12)
        let linter = Linter(rules: [])
        let index = linter.lint(SourceDocument(path: "t.swift", text: "struct A { @State var x: Int = f() }"),
                                configuration: RuleConfiguration(severities: [:])).fileIndex
        let type = index.types["A"]!
        #expect(Mirror(reflecting: type).children.count == 13)
        // A property's two ranges are stored as four offsets (`nameRange`, `typeRange` encode them).
        #expect(Mirror(reflecting: type.properties[0]).children.count == 15)
    }

    @Test func sharedInstanceTypeRoundTrips() throws {
        let linter = Linter(rules: [])
        let index = linter.lint(SourceDocument(path: "t.swift", text: "final class Model { let manager = Manager.shared; let day = Date.now }"),
                                configuration: RuleConfiguration(severities: [:])).fileIndex
        let decoded = try #require(FileIndex(encoded: index.encoded()))
        let properties = try #require(decoded.types["Model"]?.properties)
        #expect(properties.map(\.initializerSharedInstanceType) == ["Manager", "Date"])
        #expect(properties.first?.reachTypeName == "Manager")
    }

    @Test func workBehindAFlagRoundTrips() throws {
        let linter = Linter(rules: [])
        let code = "final class Backlog { var n = 0; init(timeout: Double = 1, auto isAuto: Bool = false) { if isAuto { Task { await start() } } } }"
        let index = linter.lint(SourceDocument(path: "t.swift", text: code), configuration: RuleConfiguration(severities: [:])).fileIndex
        #expect(index.types["Backlog"]?.initializerWork == TypeScope.InitializerWork.none)
        #expect(index.types["Backlog"]?.flagGatedWork == ["auto": .startsWork], "keyed by the argument label")
        let decoded = try #require(FileIndex(encoded: index.encoded()))
        #expect(decoded.types["Backlog"]?.flagGatedWork == ["auto": .startsWork])
    }

    @Test func truncatedOrCorruptInputIsRejected() {
        let linter = Linter(rules: [])
        let index = linter.lint(SourceDocument(path: "t.swift", text: "final class A: ObservableObject { var x = 1 }"),
                                configuration: RuleConfiguration(severities: [:])).fileIndex
        let bytes = index.encoded()
        for length in 0..<bytes.count { #expect(FileIndex(encoded: Array(bytes[0..<length])) == nil) }
        #expect(FileIndex(encoded: bytes + [0]) == nil)
    }
}
