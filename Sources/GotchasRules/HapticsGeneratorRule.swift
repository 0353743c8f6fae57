import GotchasCore
import SwiftSyntax

/// In SwiftUI, haptics are declared: `.sensoryFeedback(.impact, trigger: value)` plays
/// when `value` changes, with no generator to create, prepare or keep alive.
struct HapticsGeneratorRule: Rule {
    static let description = RuleDescription(
        id: "haptics-generator",
        category: .modernAPI,
        severity: .info,
        seed: "000 M1",
        summary: "A UIKit feedback generator created in a SwiftUI file.",
        rationale: """
            `UIImpactFeedbackGenerator(style:).impactOccurred()` from a SwiftUI action creates a \
            generator per event, is never prepared (so the first haptic lags), and needs \
            `#if os(iOS)` for other platforms. `.sensoryFeedback(.impact(weight: .medium), trigger: value)` \
            (iOS 17) plays the feedback when `value` changes, with the lifecycle managed for you. \
            UIKit classes in the same file (`UIView`/`UIViewController` subclasses) are not flagged.
            """,
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
            @Observable final class Checkout {
                private let generator = ↓UINotificationFeedbackGenerator()
                func finish() { generator.notificationOccurred(.success) }
            }
            """,
            """
            import SwiftUI
            extension Picker {
                func tick() { ↓UISelectionFeedbackGenerator.init().selectionChanged() }
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
                    // UIImpactFeedbackGenerator() was here
                    var body: some View {
                        Button("Like") { liked.toggle() }.sensoryFeedback(.impact(weight: .medium), trigger: liked)
                    }
                }
                """, note: "the declarative replacement; comments"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let callees: Set<String>? = generators.union(["init"])

    static let generators: Set<String> = ["UIImpactFeedbackGenerator", "UINotificationFeedbackGenerator", "UISelectionFeedbackGenerator"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard context.importsSwiftUI else { return }
        let call = node.cast(FunctionCallExprSyntax.self)
        let type: String
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            type = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                  let base = member.base?.as(DeclReferenceExprSyntax.self) {
            type = base.baseName.text
        } else {
            return
        }
        guard Self.generators.contains(type) else { return }
        // UIKit classes in a SwiftUI file (a UIView subclass, a representable's view) keep UIKit haptics.
        if context.typeStack.contains(where: { type in type.kind == .class && type.inheritedTypes.contains { $0.hasPrefix("UI") } }) {
            return
        }
        report.append(Finding(
            message: "`\(type)` in SwiftUI code: use `.sensoryFeedback(_:trigger:)` on the view, which plays feedback when the trigger changes and manages the generator",
            range: call.byteRange))
    }
}
