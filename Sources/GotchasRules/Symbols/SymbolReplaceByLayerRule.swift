import GotchasCore
import SwiftSyntax

/// `.replace.byLayer` snaps between paired symbols; `.replace.magic` draws the morph.
struct SymbolReplaceByLayerRule: Rule {
    static let description = RuleDescription(
        id: "symbol-replace-by-layer",
        category: .symbols,
        severity: .info,
        seed: "000, S4",
        summary: "`.replace.byLayer` in a symbol content transition or effect.",
        rationale: """
            Between paired symbols (`app` and `checkmark.app`), `.replace.byLayer` swaps layers and snaps; \
            `.replace.magic(fallback:)` draws the morph and falls back to a plain replace elsewhere. Pair it \
            with a non-bouncy curve so overshoot does not cause scale artifacts.
            """,
        notFlagged: [
            "`byLayer` on another effect",
            "strings and look-alike names",
        ],
        fixSafety: "Writes `.replace.magic(fallback: .replace)`, keeping a direction (`.replace.downUp`) as the fallback. Unsafe: it needs iOS 18 / macOS 15.",
        severityReason: "a better transition exists.",
        fix: .unsafe,
        // https://developer.apple.com/documentation/symbols/replacesymboleffect/magic(fallback:).md (iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2)
        requires: .os(iOS: OSVersion(18), macOS: OSVersion(15), tvOS: OSVersion(18), watchOS: OSVersion(11), visionOS: OSVersion(2)),
        triggers: ["byLayer"],
        triggering: [
            RuleExample("""
                @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
                struct AvailableExample: View {
                    var body: some View {
                        Image(systemName: isDone ? "checkmark.app" : "app")
                            .contentTransition(.symbolEffect(↓.replace.byLayer))
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(17)]),
            """
            Image(systemName: isDone ? "checkmark.app" : "app")
                .contentTransition(.symbolEffect(↓.replace.byLayer))
            """,
            """
            var body: some View {
                Button { toggle() } label: {
                    Image(systemName: icon)
                        .contentTransition(.symbolEffect(↓.replace.downUp.byLayer, options: .nonRepeating))
                }
            }
            """,
            "Image(systemName: name).symbolEffect(↓ReplaceSymbolEffect.replace.byLayer, value: name)",
        ],
        nonTriggering: [
            RuleExample("""
                Image(systemName: isDone ? "checkmark.app" : "app")
                    .contentTransition(.symbolEffect(.replace.byLayer))
                """, note: "deployment target iOS 17: what the advice needs does not exist there", platforms: [.iOS: OSVersion(17)]),
            RuleExample("Image(systemName: name).contentTransition(.symbolEffect(.replace))"),
            RuleExample("Image(systemName: name).contentTransition(.symbolEffect(.replace.magic(fallback: .replace)))"),
            RuleExample("Image(systemName: name).symbolEffect(.bounce.byLayer, value: count)", note: "byLayer on another effect"),
            RuleExample("Text(\".replace.byLayer\")", note: "inside a string"),
            RuleExample("let byLayer = true", note: "a variable with the name"),
        ],
        corrections: [
            RuleCorrection(
                "Image(systemName: name).contentTransition(.symbolEffect(.replace.byLayer))",
                "Image(systemName: name).contentTransition(.symbolEffect(.replace.magic(fallback: .replace)))",
                applicability: .unsafe),
            RuleCorrection("""
                Image(systemName: name)
                    .contentTransition(.symbolEffect(.replace.downUp.byLayer, options: .speed(2))) // morph
                """, """
                Image(systemName: name)
                    .contentTransition(.symbolEffect(.replace.magic(fallback: .replace.downUp), options: .speed(2))) // morph
                """, applicability: .unsafe),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.memberAccessExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let access = node.cast(MemberAccessExprSyntax.self)
        guard access.declName.baseName.text == "byLayer", let base = access.base,
              let path = base.dottedName
        else { return }
        // `.replace`, `.replace.downUp`, `ReplaceSymbolEffect.replace.offUp`
        let components = path.split(separator: ".").map(String.init)
        guard let replaceIndex = components.firstIndex(of: "replace"),
              replaceIndex == 0 || (replaceIndex == 1 && components[0] == "ReplaceSymbolEffect"),
              components.count - replaceIndex <= 2
        else { return }
        let fallback = base.trimmedText
        let replacement: String
        if fallback.hasPrefix("ReplaceSymbolEffect.") {
            replacement = "ReplaceSymbolEffect.replace.magic(fallback: .\(fallback.dropFirst("ReplaceSymbolEffect.".count)))"
        } else {
            replacement = ".replace.magic(fallback: \(fallback))"
        }
        let fix = Fix(title: "Use `.replace.magic(fallback:)` (iOS 18+)", applicability: .unsafe,
                      edits: [TextEdit(range: access.byteRange, replacement: replacement)])
        report.append(Finding(
            message: "`.replace.byLayer` snaps between paired symbols; `.replace.magic(fallback: .replace)` draws the morph (iOS 18+)",
            range: access.byteRange, fixes: [fix]))
    }
}
