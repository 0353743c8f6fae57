import GotchasCore
import Testing

/// A rule-free check of suppression parsing, then end-to-end through the engine.
@Suite struct SuppressionTests {
    func suppressions(_ code: String) -> Suppressions {
        let file = ParsedFile(document: SourceDocument(path: "s.swift", text: code))
        return Suppressions(document: file.document, tree: file.tree)
    }

    @Test func nextLineLineAndFileDirectives() {
        let s = suppressions("""
            // swiftui-gotchas:disable-next-line any-view, foreground-color
            let a = 1
            let b = 2 // swiftui-gotchas:disable-line work-in-body
            // swiftui-gotchas:disable-file print-changes
            """)
        #expect(s.suppresses("any-view", onLine: 1))
        #expect(s.suppresses("foreground-color", onLine: 1))
        #expect(!s.suppresses("any-view", onLine: 2))
        #expect(s.suppresses("work-in-body", onLine: 2))
        #expect(!s.suppresses("work-in-body", onLine: 1))
        #expect(s.suppresses("print-changes", onLine: 0))
        #expect(s.suppresses("print-changes", onLine: 40))
    }

    @Test func allDisablesEveryRule() {
        let s = suppressions("let a = 1 // swiftui-gotchas:disable-line all")
        #expect(s.suppresses("anything", onLine: 0))
        #expect(suppressions("// swiftui-gotchas:disable-file all\n").disablesEverything)
    }

    @Test func textInsideAStringLiteralIsNotADirective() {
        let s = suppressions("let a = \"// swiftui-gotchas:disable-file all\"\nlet b = \" // swiftui-gotchas:disable-line x\"")
        #expect(!s.disablesEverything)
        #expect(!s.suppresses("x", onLine: 1))
        #expect(s.comments.isEmpty)
    }

    @Test func unknownDirectiveIsIgnored() {
        #expect(suppressions("// swiftui-gotchas:enable-line x\nlet a = 1").comments.isEmpty)
    }

    @Test func blockCommentsAndDocCommentsCount() {
        let s = suppressions("/// swiftui-gotchas:disable-next-line x\nlet a = 1")
        #expect(s.suppresses("x", onLine: 1))
    }
}
