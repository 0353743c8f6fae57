@testable import GotchasCore
import Testing

/// The byte scan that guides which trees `lint` keeps: whole keywords only, the name
/// after them, dotted extension names in parts.
@Suite struct DeclaredTypeNamesTests {
    @Test func findsTheNameAfterEachDeclarationKeyword() {
        let text = """
            struct Plant: View {}
            final class  Store {}
            extension Garden.Bed: Hashable {}
            enum\tKind { case a }
            actor Loader {}
            protocol Named {}
            let structure = 1; let subclass = 2; let enumerated = true
            // enum Commented
            """
        let names = DeclaredTypeNames.scan(Array(text.utf8))
        #expect(names.isSuperset(of: ["Plant", "Store", "Garden.Bed", "Garden", "Bed", "Kind", "Loader", "Named", "Commented"]))
        #expect(!names.contains("ure") && !names.contains("="), "keywords inside other words are not keywords")
        #expect(DeclaredTypeNames.scan(Array("struct".utf8)).isEmpty)
        #expect(DeclaredTypeNames.scan([]).isEmpty)
    }
}

@Suite struct IdentifierBytesTests {
    @Test func identifierBytesAreLettersDigitsUnderscoreAndNonASCII() {
        for value in 0...255 {
            let byte = UInt8(value)
            let scalar = Unicode.Scalar(byte)
            let expected = value >= 0x80 || scalar == "_" || (scalar.properties.isASCIIHexDigit && scalar.value < 0x3A)
                || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            #expect(IdentifierBytes.contains(byte) == expected, "byte \(value)")
        }
    }
}
