import GotchasCore
import SwiftSyntax

/// `UIScreen.main.bounds` is the screen, not the space a view has: wrong in split view,
/// Stage Manager, slide-over, external displays and on visionOS; `UIScreen.main` is
/// deprecated.
struct UIScreenBoundsRule: Rule {
    static let description = RuleDescription(
        id: "uiscreen-bounds",
        category: .modernAPI,
        severity: .warning,
        seed: "002",
        summary: "`UIScreen.main.bounds` used for layout.",
        rationale: """
            `UIScreen.main` is deprecated (iOS 16) and its `bounds` are the whole screen's, not the \
            space the view is given: layouts built on it break in iPad split view, Stage Manager, \
            slide-over, on external displays and on visionOS, and do not update on rotation. Size \
            views relative to their container with `containerRelativeFrame`, or read the proposed \
            size with `GeometryReader`/`onGeometryChange`.
            """,
        triggers: ["UIScreen"],
        triggering: [
            """
            struct Banner: View {
                var body: some View {
                    Image("hero")
                        .frame(width: ↓UIScreen.main.bounds.width, height: ↓UIScreen.main.bounds.height / 3)
                }
            }
            """,
            """
            struct Carousel: View {
                var body: some View {
                    ScrollView(.horizontal) {
                        HStack {
                            ForEach(cards) { card in
                                CardView(card: card)
                                    .frame(width: ↓UIScreen.main.bounds.size.width - 40)
                            }
                        }
                    }
                }
            }
            """,
            """
            final class Layout {
                let columns = Int(↓UIScreen.main.bounds.size.width / 120)
            }
            """,
        ],
        nonTriggering: [
            RuleExample("let scale = UIScreen.main.scale", note: "other screen properties"),
            RuleExample("""
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    let window = UIWindow(frame: UIScreen.main.bounds)
                    return true
                }
                """, note: "UIKit window setup in an app delegate"),
            RuleExample("let bounds = window.windowScene?.screen.bounds", note: "a specific scene's screen"),
            RuleExample("""
                Image("hero").containerRelativeFrame(.horizontal) // UIScreen.main.bounds
                Text("UIScreen.main.bounds")
                """, note: "comments and strings"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.memberAccessExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let member = node.cast(MemberAccessExprSyntax.self)
        guard member.declName.baseName.text == "bounds",
              let base = member.base?.dottedName, base == "UIScreen.main" || base == "UIKit.UIScreen.main"
        else { return }
        // `UIWindow(frame: UIScreen.main.bounds)`: UIKit app-delegate window setup, not view layout.
        if let argument = member.parent?.as(LabeledExprSyntax.self), argument.label?.text == "frame",
           argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName == "UIWindow" {
            return
        }
        // Below iOS 17 (or its peers) `containerRelativeFrame` does not exist: advise only `GeometryReader`.
        let advice = context.allows(Self.containerRelativeFrame) ? "use `containerRelativeFrame` or `GeometryReader`" : "use `GeometryReader`"
        report.append(Finding(
            message: "`UIScreen.main.bounds` is the screen's size, not the view's (wrong in split view, Stage Manager, external displays) and `UIScreen.main` is deprecated; \(advice)",
            range: member.byteRange))
    }

    // https://developer.apple.com/documentation/swiftui/view/containerrelativeframe(_:alignment:).md
    // (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)
    static let containerRelativeFrame = PlatformRequirement.os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10))
}
