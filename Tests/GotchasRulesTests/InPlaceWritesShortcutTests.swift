import GotchasCorpus
import SwiftParser
import SwiftSyntax
import Testing
@testable import GotchasRules

/// `StateNonObservableClassRule.inPlaceWrites` skips a member whose bytes do not name the base
/// before walking its tokens: for every type and every name its members use, the answer equals the
/// token walk of every member.
@Suite struct InPlaceWritesShortcutTests {
    @Test func skippingMembersByTheirBytesFindsTheSameWrites() {
        let written = """
            struct Editor: View {
                @State var model = Model()
                @State var other: Other
                var body: some View { Text(model.title) }
                func rename() { model.title = "x"; self.model.count += 1; other.flag = model.flag == true }
                func compare() { _ = model.count == 2; let model = 3; _ = model }
                init() { model.title = "init" }
            }
            """
        let texts = [written] + SyntheticCorpus().files(targetLines: 3_000).map(\.text)
        var blocks = 0, found = 0
        for text in texts {
            for block in MemberBlocks.in(Parser.parse(source: text)) {
                blocks += 1
                let names = Set(block.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
                    if case .identifier(let name) = token.tokenKind { return name }
                    return nil
                })
                for name in names {
                    let quick = StateNonObservableClassRule.inPlaceWrites(of: name, in: block, among: nil)
                    let walked = StateNonObservableClassRule.inPlaceWrites(of: name, in: block, among: nil, skippingByBytes: false)
                    #expect(quick == walked, "\(name)")
                    found += quick.count
                }
            }
        }
        #expect(blocks > 50)
        #expect(found > 0)
        #expect(StateNonObservableClassRule.inPlaceWrites(of: "model", in: MemberBlocks.in(Parser.parse(source: written))[0], among: nil)
                == ["title", "count"])
    }
}

/// Every member block of a tree, outermost first.
private final class MemberBlocks: SyntaxVisitor {
    var blocks: [MemberBlockSyntax] = []
    static func `in`(_ tree: SourceFileSyntax) -> [MemberBlockSyntax] {
        let visitor = MemberBlocks(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor.blocks
    }
    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
        blocks.append(node)
        return .visitChildren
    }
}
