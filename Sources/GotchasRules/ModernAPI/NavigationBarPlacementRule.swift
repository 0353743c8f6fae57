import GotchasCore
import SwiftSyntax

/// `.navigationBarLeading`/`.navigationBarTrailing` toolbar placements are deprecated;
/// `.topBarLeading`/`.topBarTrailing` are the same placements under their current names.
struct NavigationBarPlacementRule: Rule {
    static let description = RuleDescription(
        id: "navigation-bar-placement",
        category: .modernAPI,
        severity: .info,
        seed: "002",
        summary: "`.navigationBarLeading`/`.navigationBarTrailing` placements are deprecated; use `.topBarLeading`/`.topBarTrailing`.",
        rationale: """
            The `navigationBarLeading`/`navigationBarTrailing` toolbar placements are deprecated since iOS \
            17. `.topBarLeading` and `.topBarTrailing` mean the same position and also work where the top \
            bar is not a navigation bar.
            """,
        notFlagged: [
            "`#if os(macOS)` code",
            "comments, strings and other identifiers",
        ],
        fixSafety: "Renames the placement. Safe.",
        severityReason: "a soft-deprecated rename: the old placement keeps working.",
        tags: [.deprecated],
        fix: .safe,
        // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/topbarleading.md: `@backDeployed(before: iOS 17.0, tvOS 17.0)`, available iOS 14, tvOS 14, watchOS 10, visionOS 1; not on macOS
        requires: .os(iOS: OSVersion(14), macOS: nil, tvOS: OSVersion(14), watchOS: OSVersion(10)),
        triggers: ["navigationBarLeading", "navigationBarTrailing"],
        triggering: [
            RuleExample("""
                @available(iOS 14, tvOS 14, watchOS 10, visionOS 1, *)
                struct Inbox: View {
                    var body: some View {
                        List(messages) { Row(message: $0) }
                            .toolbar {
                                ToolbarItem(placement: ↓.navigationBarTrailing) {
                                    Button("Compose") { compose() }
                                }
                                ToolbarItemGroup(placement: ↓.navigationBarLeading) { EditButton() }
                            }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(13)]),
            """
            struct Inbox: View {
                var body: some View {
                    List(messages) { Row(message: $0) }
                        .toolbar {
                            ToolbarItem(placement: ↓.navigationBarTrailing) {
                                Button("Compose") { compose() }
                            }
                            ToolbarItemGroup(placement: ↓.navigationBarLeading) { EditButton() }
                        }
                }
            }
            """,
            "let placement: ToolbarItemPlacement = isLeading ? ↓.navigationBarLeading : ToolbarItemPlacement↓.navigationBarTrailing",
        ],
        nonTriggering: [
            RuleExample("""
                #if os(macOS)
                let placement = ToolbarItemPlacement.navigationBarLeading
                #endif
                """, note: "in `#if os(macOS)` code: macOS has no top bar placements"),
            RuleExample("""
                struct Inbox: View {
                    var body: some View {
                        List(messages) { Row(message: $0) }
                            .toolbar {
                                ToolbarItem(placement: .navigationBarTrailing) {
                                    Button("Compose") { compose() }
                                }
                                ToolbarItemGroup(placement: .navigationBarLeading) { EditButton() }
                            }
                    }
                }
                """, note: "deployment target iOS 13: what the advice needs does not exist there", platforms: [.iOS: OSVersion(13)]),
            RuleExample("ToolbarItem(placement: .topBarTrailing) { EditButton() }"),
            RuleExample("""
                // .navigationBarTrailing is deprecated
                let navigationBarTrailing = "text"
                Text(".navigationBarLeading")
                """, note: "comments, strings, identifiers"),
            RuleExample("""
                enum Slot { case navigationBarLeading }
                """, note: "a declaration that merely has the name"),
        ],
        corrections: [
            RuleCorrection("ToolbarItem(placement: .navigationBarTrailing) { EditButton() }",
                           "ToolbarItem(placement: .topBarTrailing) { EditButton() }"),
            RuleCorrection("ToolbarItemGroup(placement: ToolbarItemPlacement.navigationBarLeading /* edit */) { EditButton() }",
                           "ToolbarItemGroup(placement: ToolbarItemPlacement.topBarLeading /* edit */) { EditButton() }"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.memberAccessExpr]

    static let replacements = ["navigationBarLeading": "topBarLeading", "navigationBarTrailing": "topBarTrailing"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let member = node.cast(MemberAccessExprSyntax.self)
        let name = member.declName.baseName
        guard member.declName.argumentNames == nil, let replacement = Self.replacements[name.text] else { return }
        if let base = member.base {
            guard let baseName = base.dottedName, baseName == "ToolbarItemPlacement" || baseName == "SwiftUI.ToolbarItemPlacement"
            else { return }
        }
        // Safe: the same placement under its new name (back-deployed to iOS 14); where the new
        // name is missing (watchOS before 10, macOS) the rule is silent (`requires`), so no
        // fix is ever offered there.
        let fix = Fix(title: "Replace with `.\(replacement)`", applicability: .safe,
                      edits: [TextEdit(range: name.byteRange, replacement: replacement)])
        report.append(Finding(
            message: "`.\(name.text)` is deprecated; use `.\(replacement)`",
            range: member.period.positionAfterSkippingLeadingTrivia.utf8Offset..<name.endPositionBeforeTrailingTrivia.utf8Offset,
            fixes: [fix]))
    }
}
