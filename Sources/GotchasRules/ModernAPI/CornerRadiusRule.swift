import GotchasCore
import SwiftSyntax

/// `.cornerRadius(_:)` is deprecated; clip to a rounded rectangle shape instead.
struct CornerRadiusRule: CallRule {
    static let description = RuleDescription(
        id: "corner-radius",
        category: .modernAPI,
        severity: .info,
        seed: "002",
        summary: "`.cornerRadius(_:)` is deprecated; use `.clipShape(.rect(cornerRadius:))`.",
        rationale: """
            `cornerRadius(_:antialiased:)` is deprecated since iOS 17. `.clipShape(.rect(cornerRadius: r))` \
            clips the same way, works wherever `cornerRadius` does, and also takes `style: .continuous` and \
            per-corner radii.
            """,
        notFlagged: [
            "the project's own `cornerRadius` method",
            "a shape's `cornerRadius:` label",
            "UIKit's `layer.cornerRadius`",
        ],
        fixSafety: "Wraps the radius in `.clipShape(.rect(cornerRadius:))` (spelled `RoundedRectangle(cornerRadius:)` below iOS 17), as written; none for `antialiased:` (the advice keeps it with `FillStyle(antialiased: false)`). Unsafe: the shape's corners may not be the curve `cornerRadius` drew, so check the look.",
        severityReason: "a soft-deprecated rename: the old call keeps working.",
        asks: [.declaration],
        tags: [.deprecated],
        fix: .unsafe,
        triggering: [
            "Image(\"cover\")↓.cornerRadius(8)",
            RuleExample("Image(\"cover\")↓.cornerRadius(12)", note: "a number is SwiftUI's `CGFloat` radius, even where the project has its own overload",
                        otherFiles: ["Radius.swift": """
                            enum CornerRadius: CGFloat { case small = 4, large = 16 }
                            extension View { func cornerRadius(_ radius: CornerRadius) -> some View { clipShape(RoundedRectangle(cornerRadius: radius.rawValue)) } }
                            """]),
            """
            struct Card: View {
                var body: some View {
                    VStack {
                        Text(title)
                    }
                    .padding()
                    .background(.thinMaterial)
                    ↓.cornerRadius(isCompact ? 8 : 16)
                }
            }
            """,
            """
            extension View {
                func cardStyle() -> some View {
                    padding()↓.cornerRadius(12, antialiased: false)
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct SheetPopup {
                    func configurePopup(config: PopupConfig) -> PopupConfig { config.padding(8).cornerRadius(16) }
                }
                """, note: "the program's own builder method of that name (a popup configuration)",
                otherFiles: ["PopupConfig.swift": "struct PopupConfig { func padding(_ v: Double) -> Self { self }; func cornerRadius(_ r: Double) -> Self { self } }"]),
            RuleExample("Image(\"cover\").cornerRadius(.large)", note: "the project's own `cornerRadius(_:)` taking its own radius type (SwiftUI's takes a `CGFloat`)",
                        otherFiles: ["Radius.swift": """
                            enum CornerRadius: CGFloat { case small = 4, large = 16 }
                            extension View { func cornerRadius(_ radius: CornerRadius) -> some View { clipShape(RoundedRectangle(cornerRadius: radius.rawValue)) } }
                            """]),
            RuleExample("Image(\"cover\").clipShape(.rect(cornerRadius: 8))"),
            RuleExample("RoundedRectangle(cornerRadius: 8).fill(.blue)", note: "a shape's `cornerRadius:` label"),
            RuleExample("view.layer.cornerRadius = 8", note: "UIKit's layer property"),
            RuleExample("Image(\"cover\").cornerRadius(8, corners: [.topLeft, .topRight])",
                        note: "a custom extension with per-corner radii"),
            RuleExample("let cornerRadius: CGFloat = 8", note: "an identifier named like the modifier"),
        ],
        corrections: [
            RuleCorrection("Image(\"cover\").cornerRadius(8)", "Image(\"cover\").clipShape(.rect(cornerRadius: 8))", applicability: .unsafe),
            RuleCorrection("Image(\"cover\").cornerRadius(8)", "Image(\"cover\").clipShape(RoundedRectangle(cornerRadius: 8))",
                           applicability: .unsafe, platforms: [.iOS: OSVersion(14)]),
            RuleCorrection("""
                Text(title)
                    .padding()
                    .cornerRadius(isCompact ? 8 : 16) // card
                """, """
                Text(title)
                    .padding()
                    .clipShape(.rect(cornerRadius: isCompact ? 8 : 16)) // card
                """, applicability: .unsafe),
        ])

    static let calledNames: Set<String> = ["cornerRadius"]
    // No platform requirement: `Shape.rect(cornerRadius:style:)` is emitted into the client and
    // available from iOS 13, macOS 10.15, tvOS 13, watchOS 6 (Apple's documentation,
    // https://developer.apple.com/documentation/swiftui/shape/rect(cornerradius:style:)).

    /// The OS releases whose SDKs introduced `cornerRadius`'s deprecation and the `.rect` shorthand
    /// in their documentation; below them the advice names the shape's type.
    static let shapeShorthandEra = PlatformRequirement.os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10))

    /// `12`, `8.5`, `-4`: a number written out.
    static func isNumber(_ expression: ExprSyntax) -> Bool {
        let value = expression.unwrapped
        if value.is(IntegerLiteralExprSyntax.self) || value.is(FloatLiteralExprSyntax.self) { return true }
        if let prefix = value.as(PrefixOperatorExprSyntax.self) { return isNumber(prefix.expression) }
        return false
    }

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              call.trailingClosure == nil,
              let radius = call.arguments.first, radius.label == nil
        else { return }
        let labels = call.argumentLabels.dropFirst()
        guard labels.isEmpty || labels == ["antialiased"] else { return }
        // `config.cornerRadius(r)` on the program's own builder type: its method, not the modifier.
        if WorkspaceRuleSupport.callsProgramMethod(call, named: "cornerRadius", in: context) { return }
        // `.cornerRadius(.extraHuge)`, `.cornerRadius(Theme.radius.md)` where the project extends `View`
        // with its own one-argument `cornerRadius(_:)` (taking its own radius type): SwiftUI's takes a
        // `CGFloat`, so only a number written out is surely SwiftUI's; any other value may be the
        // project's. (`cornerRadius(_:corners:)` needs two: a one-argument call is SwiftUI's.)
        if !Self.isNumber(radius.expression),
           context.type(named: "View")?.methodNames.contains("cornerRadius" + TypeScope.oneArgumentSuffix) == true {
            return
        }
        // Where the project still runs below iOS 17 (or its peers), the shape is spelled as the type
        // (`RoundedRectangle(cornerRadius:)`): the same shape, plainly as old as the modifier it replaces.
        let shape = context.allows(Self.shapeShorthandEra) ? ".rect(cornerRadius:" : "RoundedRectangle(cornerRadius:"
        var fixes: [Fix] = []
        // `antialiased: false` has no `clipShape` spelling: only the one-argument form is rewritten.
        if call.arguments.count == 1, let rightParen = call.rightParen {
            // Unsafe: the default `.continuous` corner curve of the shape may differ from what
            // `cornerRadius` drew (antialiasing is the same: `clipShape` antialiases by default).
            fixes.append(Fix(title: "Replace with `.clipShape(\(shape)))`", applicability: .unsafe, edits: [
                TextEdit(range: member.declName.baseName.byteRange, replacement: "clipShape"),
                .insert(shape + " ", at: radius.expression.positionAfterSkippingLeadingTrivia.utf8Offset),
                .insert(")", at: rightParen.positionAfterSkippingLeadingTrivia.utf8Offset),
            ]))
        }
        // `antialiased: false` must be kept: `clipShape` antialiases unless its fill style says not to.
        let advice = labels.isEmpty
            ? "use `.clipShape(\(shape)))`"
            : "use `.clipShape(\(shape)), style: FillStyle(antialiased: false))` to keep the hard edge"
        report.append(Finding(
            message: "`.cornerRadius(_:)` is deprecated; \(advice)",
            range: call.rangeFromCalleeName, fixes: fixes))
    }
}
