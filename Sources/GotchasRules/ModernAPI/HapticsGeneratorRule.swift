import GotchasCore
import SwiftSyntax

/// In SwiftUI, haptics are declared: `.sensoryFeedback(.impact, trigger: value)` plays
/// when `value` changes, with no generator to create, prepare or keep alive.
struct HapticsGeneratorRule: CallRule {
    static let description = RuleDescription(
        id: "haptics-generator",
        category: .modernAPI,
        severity: .info,
        seed: "000 M1",
        summary: "A UIKit feedback generator created in a SwiftUI `View`/`ViewModifier`.",
        rationale: """
            `UIImpactFeedbackGenerator(style:).impactOccurred()` in a SwiftUI action creates a generator per \
            event, is never prepared (so the first haptic lags), and needs `#if os(iOS)`. \
            `.sensoryFeedback(.impact(weight: .medium), trigger: value)` plays the feedback when `value` \
            changes, with the lifecycle managed for you.
            """,
        notFlagged: [
            "UIKit classes and representable coordinators",
            "models, services and helpers",
            "files that do not import SwiftUI",
        ],
        severityReason: "info where the action that plays the haptic changes the view's state and nothing else changes it (that value is the trigger `.sensoryFeedback` needs); hint where no such value exists, so there is no trigger to hand over.",
        asks: [.declaration],
        useInstead: "the declarative replacement",
        // https://developer.apple.com/documentation/swiftui/view/sensoryfeedback(_:trigger:).md (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 26)
        requires: .os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10), visionOS: OSVersion(26)),
        triggers: ["FeedbackGenerator"],
        triggering: [
            RuleExample("""
                import SwiftUI
                @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 26, *)
                struct LikeButton: View {
                    @Binding var liked: Bool
                    var body: some View {
                        Button {
                            liked.toggle()
                            ↓UIImpactFeedbackGenerator(style: .medium).impactOccurred()
                        } label: {
                            Image(systemName: liked ? "heart.fill" : "heart")
                        }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(16)]),
            """
            import SwiftUI
            struct LikeButton: View {
                @Binding var liked: Bool
                var body: some View {
                    Button {
                        liked.toggle()
                        ↓UIImpactFeedbackGenerator(style: .medium).impactOccurred()
                    } label: {
                        Image(systemName: liked ? "heart.fill" : "heart")
                    }
                }
            }
            """,
            """
            import SwiftUI
            struct Checkout: View {
                private let generator = ↓UINotificationFeedbackGenerator()
                var body: some View { Button("Pay") { generator.notificationOccurred(.success) } }
            }
            """,
            """
            import SwiftUI
            struct ColorPicker2: View {
                var body: some View { Text("a").onTapGesture { tick() } }
            }
            extension ColorPicker2 {
                func tick() { ↓UISelectionFeedbackGenerator.init().selectionChanged() }
            }
            """,
            """
            import SwiftUI
            struct Pressable: ViewModifier {
                func body(content: Content) -> some View {
                    content.onTapGesture { ↓UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                import SwiftUI
                struct LikeButton: View {
                    @Binding var liked: Bool
                    var body: some View {
                        Button {
                            liked.toggle()
                            UIImpactFeedbackGenerator(style: .medium).impactOccurred()
                        } label: {
                            Image(systemName: liked ? "heart.fill" : "heart")
                        }
                    }
                }
                """, note: "deployment target iOS 16: what the advice needs does not exist there", platforms: [.iOS: OSVersion(16)]),
            RuleExample("""
                import UIKit
                final class LikeCell: UICollectionViewCell {
                    func like() { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                }
                """, note: "UIKit-only files"),
            RuleExample("""
                import SwiftUI
                final class CanvasView: UIView {
                    let feedback = UIImpactFeedbackGenerator(style: .rigid)
                }
                struct Canvas: UIViewRepresentable {
                    final class Coordinator: NSObject {}
                }
                """, note: "a UIKit view class living in a SwiftUI file"),
            RuleExample("""
                import SwiftUI
                struct LikeButton: View {
                    @State private var liked = false
                    var body: some View {
                        Button("Like") { liked.toggle() }.sensoryFeedback(.impact(weight: .medium), trigger: liked)
                    }
                }
                """, note: "the declarative replacement"),
            RuleExample("""
                import SwiftUI
                @Observable final class Checkout {
                    private let generator = UINotificationFeedbackGenerator()
                    func finish() { generator.notificationOccurred(.success) }
                }
                """, note: "a model in a SwiftUI file: no view to put `.sensoryFeedback` on"),
            RuleExample("""
                import SwiftUI
                enum Haptics {
                    static func tap() { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                }
                func playSuccess() { UINotificationFeedbackGenerator().notificationOccurred(.success) }
                """, note: "a shared helper and a top-level function, outside any view"),
        ])

    static let calledNames: Set<String> = generators.union(["init"])

    static let generators: Set<String> = ["UIImpactFeedbackGenerator", "UINotificationFeedbackGenerator", "UISelectionFeedbackGenerator"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        // Scoped by the enclosing `View`/`ViewModifier` type, not by `import SwiftUI`: a model,
        // a helper enum or a UIKit class in a SwiftUI file has no view to put `.sensoryFeedback` on.
        guard context.isInViewType else { return }
        // `UIImpactFeedbackGenerator()` or `UIImpactFeedbackGenerator.init()`.
        guard let type = call.constructedTypeName, Self.generators.contains(type) else { return }
        // `.sensoryFeedback` plays when a value changes: where the action that plays the haptic
        // also changes the view's state, that value is the trigger and the swap is direct. A
        // haptic with no state change beside it (a debug button, a tap on a static row) has no
        // trigger to hand over: the advice is weaker there.
        var sharedState: String?
        let trigger = Self.changedViewState(around: call, in: context, changedElsewhere: &sharedState)
        let general = "`\(type)` in SwiftUI code: use `.sensoryFeedback(_:trigger:)` on the view, which plays feedback when the trigger changes and manages the generator"
        report.append(Finding(
            message: trigger.map {
                "`\(type)` in SwiftUI code: use `.sensoryFeedback(_:trigger: \($0))` on the view, which plays feedback when `\($0)` (set here) changes and manages the generator"
            } ?? sharedState.map {
                general + " (`\($0)`, set here, also changes elsewhere, which would play it too: give the modifier a condition or a trigger of its own)"
            } ?? general + " (this code changes no state of the view that could be the trigger)",
            range: call.byteRange, loweredSeverity: trigger != nil ? nil : .hint))
    }

    /// Wrappers of view state a `.sensoryFeedback` trigger can read.
    static let stateWrappers: Set<String> = ["State", "Binding", "AppStorage", "SceneStorage", "FocusState"]

    /// The property of the enclosing view, held in view state, that the statements beside the call
    /// (its innermost block) assign or toggle (`liked.toggle()`, `self.index = tab.rawValue`,
    /// `status = .complete`) with no `await` between the two: the trigger to hand over, as it
    /// changes exactly when the haptic plays; nil when none. A value set in another branch, or
    /// before an awaited request whose outcome the haptic reports, changes at other moments.
    /// `changedElsewhere`: the first such property the view also changes elsewhere (not handed over).
    static func changedViewState(around call: FunctionCallExprSyntax, in context: RuleContext, changedElsewhere: inout String?) -> String? {
        guard let scope = call.ancestor(CodeBlockItemListSyntax.self).map(Syntax.init), let type = context.enclosingType else { return nil }
        let merged = context.type(named: type.name)
        let state = Set((type.properties + (merged?.properties ?? [])).filter { $0.wrapper.map(stateWrappers.contains) == true }.map(\.name))
        guard !state.isEmpty else { return nil }
        let tokens = Array(scope.tokens(viewMode: .sourceAccurate))
        let callStart = call.positionAfterSkippingLeadingTrivia
        for index in tokens.indices {
            let text = tokens[index].text
            let name = state.contains(text) ? text : String(text.dropFirst())
            guard state.contains(name), Self.isWrite(at: index, in: tokens) else { continue }
            let here = tokens[index].positionAfterSkippingLeadingTrivia
            let between = tokens.filter { token in
                let at = token.positionAfterSkippingLeadingTrivia
                return at > min(here, callStart) && at < max(here, callStart)
            }
            guard !between.contains(where: { $0.tokenKind == .keyword(.await) }) else { continue }
            // A value the view also changes elsewhere (another action, a sheet's `$flag` reset on
            // dismiss) would play the feedback then too: not this haptic's trigger.
            if changesElsewhere(name, outside: scope, call: call) {
                changedElsewhere = changedElsewhere ?? name
                continue
            }
            return name
        }
        return nil
    }

    /// The view's declaration (in this file) changes `name` outside `scope`: assigns or toggles it
    /// (`name = …`, `self.name += …`, `name.toggle()`), or hands out a binding to it (`$name`), which
    /// the receiver may write.
    static func changesElsewhere(_ name: String, outside scope: Syntax, call: FunctionCallExprSyntax) -> Bool {
        guard let declaration = WorkspaceRuleSupport.enclosingTypeDeclaration(Syntax(call)) else { return false }
        let tokens = Array(declaration.tokens(viewMode: .sourceAccurate))
        let inside = scope.range
        return tokens.indices.contains { index in
            let token = tokens[index]
            if token.text == "$" + name { return true }
            return token.text == name && !inside.contains(token.positionAfterSkippingLeadingTrivia)
                && token.parent?.is(DeclReferenceExprSyntax.self) == true && isWrite(at: index, in: tokens)
        }
    }

    /// The name at `index` is assigned (`=`, `+=`, …) or toggled (`.toggle()`) by the tokens after it.
    static func isWrite(at index: Int, in tokens: [TokenSyntax]) -> Bool {
        guard index + 1 < tokens.count else { return false }
        let next = tokens[index + 1]
        return next.tokenKind == .equal || ["+=", "-=", "*=", "/="].contains(next.text)
            || (next.tokenKind == .period && index + 2 < tokens.count && tokens[index + 2].text == "toggle")
    }
}
