import GotchasCore
import SwiftSyntax

/// `.foregroundColor(_:)` is deprecated; `.foregroundStyle(_:)` takes any
/// `ShapeStyle` (gradients, hierarchical styles) and is the supported spelling.
struct ForegroundColorRule: CallRule {
    static let description = RuleDescription(
        id: "foreground-color",
        category: .modernAPI,
        severity: .info,
        seed: "002",
        summary: "`.foregroundColor(_:)` is deprecated; use `.foregroundStyle(_:)`.",
        rationale: """
            `foregroundColor` is deprecated since iOS 17 and only takes a `Color`. `foregroundStyle` takes \
            any `ShapeStyle` (`.secondary`, gradients, `.tint`), and new SwiftUI APIs are built around it.
            """,
        notFlagged: [
            "`AttributeContainer`'s `.foregroundColor`",
            "the project's own method of that name",
            "property reads and declarations",
            "a `Text` joined with `+` before iOS 17",
        ],
        fixSafety: "Renames the call and keeps the argument; an implicit member a `ShapeStyle` would read differently (`.primary`, `.accentColor`, a project's `extension Color` member such as `.brand` or a redefined `.red`) is written `Color.x` (`SwiftUI.Color.x` in a file that imports a module that may declare its own `Color`). Unsafe when the argument may be an optional `Color`, or when a `Text` must stay a `Text` before iOS 17; not offered for `nil`.",
        severityReason: "a soft-deprecated rename: the old call keeps working.",
        asks: [.declaration],
        tags: [.deprecated],
        fix: .safe,
        // https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:).md (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1); `Text.foregroundStyle` returning `Text` is iOS 17 (https://developer.apple.com/documentation/swiftui/text/foregroundstyle(_:).md)
        requires: .os(iOS: OSVersion(15), macOS: OSVersion(12), tvOS: OSVersion(15), watchOS: OSVersion(8)),
        triggering: [
            RuleExample("""
                struct AvailableExample: View {
                    var body: some View {
                        if #available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *) {
                            Text("Hi")↓.foregroundColor(.red)
                        }
                    }
                }
                """, note: "inside `if #available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(14)]),
            "Text(\"Hi\")↓.foregroundColor(.red)",
            """
            VStack {
                Image(systemName: "star")
                    .font(.title)
                    ↓.foregroundColor(isOn ? .yellow : .gray)
            }
            """,
            "let label = Label(\"x\", systemImage: \"y\")↓.foregroundColor(Color.accentColor)",
            RuleExample("""
                Text("Hi")
                #if DEBUG
                    ↓.foregroundColor(.red)
                #endif
                """, note: "the first modifier inside a postfix `#if` applies to the view before it"),
        ],
        nonTriggering: [
            RuleExample("""
                var body: some View {
                    Text("Expires in ").foregroundColor(.secondary) + Text(date, style: .relative).foregroundColor(.primary)
                }
                """, note: "`Text` joined with `+` at iOS 16: `foregroundStyle` returns a `Text` only from iOS 17", platforms: [.iOS: OSVersion(16)]),
            RuleExample("AttributedString(\"Translate\", attributes: .foregroundColor(.cyan))",
                        note: "an implicit member: `AttributeContainer`'s static builder, not the view modifier (there is no `foregroundStyle` attribute)"),
            RuleExample("let attributes = AttributeContainer.font(.body).foregroundColor(.primary)",
                        note: "an attribute of attributed text, not the view modifier"),
            RuleExample("let id = AttributedString(proposalID, attributes: .init().foregroundColor(.secondary))",
                        note: "an attribute container made by an implicit `.init()`, not the view modifier"),
            RuleExample("""
                final class LineNumberView: NSView {
                    func foregroundColor(_ weight: Weight) -> NSColor { .labelColor }
                    override func draw(_ rect: NSRect) {
                        context.setFillColor(self.foregroundColor(.bold).cgColor)
                    }
                }
                """, note: "the type's own method of that name"),
            RuleExample("""
                Text("Hi").foregroundColor(.red)
                """, note: "deployment target iOS 14: what the advice needs does not exist there", platforms: [.iOS: OSVersion(14)]),
            RuleExample("Text(\"Hi\").foregroundStyle(.red)"),
            RuleExample("let foregroundColor = Color.red", note: "a variable that merely has the name"),
            RuleExample("func foregroundColor(_ c: Color) -> Self { self }", note: "a declaration, not a call"),
            RuleExample("view.foregroundColor", note: "a property read, not a call"),
        ],
        corrections: [
            RuleCorrection("var body: some View { Text(\"Hi\").foregroundColor(.red) }", "var body: some View { Text(\"Hi\").foregroundStyle(.red) }"),
            RuleCorrection("""
                var body: some View {
                    Text("Hi")
                        .foregroundColor(.red) // keep me
                }
                """, """
                var body: some View {
                    Text("Hi")
                        .foregroundStyle(.red) // keep me
                }
                """),
            RuleCorrection("Image(systemName: \"star\").foregroundColor(.brand)", "Image(systemName: \"star\").foregroundStyle(Color.brand)",
                           otherFiles: ["Color+Brand.swift": "import SwiftUI\nextension Color { static let brand = Color(\"Brand\") }"]),
            RuleCorrection("Image(systemName: \"star\").foregroundColor(.red)", "Image(systemName: \"star\").foregroundStyle(Color.red)",
                           otherFiles: ["Color+Brand.swift": "import SwiftUI\nextension Color { static let red = Color(\"BrandRed\") }"]),
            RuleCorrection("Image(systemName: \"star\").foregroundColor(.secondary)", "Image(systemName: \"star\").foregroundStyle(Color.secondary)"),
            // `.init(…)` resolved against `Color?` before; against the generic style it needs `Color`.
            RuleCorrection("Image(systemName: \"star\").foregroundColor(.init(white: 0.5))", "Image(systemName: \"star\").foregroundStyle(Color.init(white: 0.5))"),
            RuleCorrection("Image(systemName: \"star\").foregroundColor(on ? .yellow : .accentColor.opacity(0.5))",
                           "Image(systemName: \"star\").foregroundStyle(on ? Color.yellow : Color.accentColor.opacity(0.5))"),
            RuleCorrection("""
                struct Badge: View {
                    var color: Color?
                    var body: some View { Image(systemName: "star").foregroundColor(color) }
                }
                """, """
                struct Badge: View {
                    var color: Color?
                    var body: some View { Image(systemName: "star").foregroundStyle(color) }
                }
                """, applicability: .unsafe),
            RuleCorrection("let title = Text(\"a\").foregroundColor(.red) + Text(\"b\")",
                           "let title = Text(\"a\").foregroundStyle(.red) + Text(\"b\")", applicability: .unsafe),
        ])

    static let calledNames: Set<String> = ["foregroundColor"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              // `attributes: .foregroundColor(.cyan)`: an implicit member is a static builder of the
              // contextual type (`AttributeContainer`), never the view modifier, which needs a view
              // (in `view #if os(iOS) .foregroundColor(.red) #endif` the view is the one before the `#if`).
              member.base != nil || call.isModifierInPostfixIfConfig,
              call.arguments.count == 1, call.arguments.first?.label == nil,
              // `AttributeContainer.font(…).foregroundColor(.primary)`: an attribute of attributed text,
              // not the deprecated view modifier (there is no `foregroundStyle` attribute to rename to).
              !Self.isAttributeContainerChain(call),
              // `self.foregroundColor(.bold)` in a type with a method of that name (an `NSView`'s
              // colour helper): its own method, not the view modifier.
              !Self.callsOwnMethod(call, in: context)
        else { return }
        // `Text("a").foregroundColor(.red) + Text("b")`: before iOS 17 `foregroundStyle` returns
        // `some View`, which `+` cannot join; the advice cannot be followed there.
        if Self.isTextConcatenationOperand(call), !context.allows(Self.textStyleRequirement) { return }
        var fixes: [Fix] = []
        if let argument = call.arguments.first?.expression, let rewrite = Self.argumentRewrite(argument, in: context) {
            var applicability = rewrite.applicability
            if !Self.staysAView(call, in: context) { applicability = .unsafe }
            fixes.append(Fix(title: "Replace with `.foregroundStyle(_:)`", applicability: applicability,
                             edits: [TextEdit(range: member.declName.baseName.byteRange, replacement: "foregroundStyle")] + rewrite.edits))
        }
        report.append(Finding(
            message: "`.foregroundColor(_:)` is deprecated; use `.foregroundStyle(_:)`, which takes any ShapeStyle",
            range: call.rangeFromCalleeName, fixes: fixes))
    }

    /// The call has no receiver or `self`, and the enclosing type (over all its declarations) declares
    /// a method named `foregroundColor`, or is not a view (`self` of a view is the modifier's receiver).
    static func callsOwnMethod(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        guard member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
              let type = context.enclosingType
        else { return false }
        if type.methodNames.contains("foregroundColor") || context.typeFact(.hasMethod("foregroundColor"), of: type.name) {
            return true
        }
        return member.base != nil && !context.isInViewType && type.kind != .extension
    }

    /// The chain is rooted at `AttributeContainer` (`AttributeContainer().foregroundColor(…)`,
    /// `AttributeContainer.font(…).foregroundColor(…)`) or at an implicit member (`.init()`).
    static func isAttributeContainerChain(_ call: FunctionCallExprSyntax) -> Bool {
        var current: ExprSyntax? = ExprSyntax(call)
        while let expression = current?.unwrapped {
            if let call = expression.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let member = expression.as(MemberAccessExprSyntax.self) {
                // `.init().foregroundColor(…)` as `attributes:`: rooted at an implicit member of a
                // contextual type (`AttributeContainer`), never at a view — unless it is the first
                // modifier inside a postfix `#if`, applied to the view before it.
                guard let base = member.base ?? member.parent?.as(FunctionCallExprSyntax.self)?.modifierReceiver else { return true }
                current = base
            } else {
                return expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "AttributeContainer"
            }
        }
        return false
    }

    /// `Color` statics that `ShapeStyle` also has as `Color`s (`extension ShapeStyle where Self == Color`):
    /// as implicit members they mean the same after the rename. Not `.primary`/`.secondary`
    /// (there they are `HierarchicalShapeStyle`s, relative to the enclosing foreground style)
    /// nor `.accentColor` or the project's own statics (no such `ShapeStyle` member).
    static let shapeStyleColors: Set<String> = [
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown",
        "white", "gray", "black", "clear",
    ]

    /// The project's own `extension Color` declares a static `name` (a brand `red`): that is what
    /// `.red` means as a `Color`, but as an implicit member of the generic style after the rename it
    /// would be `ShapeStyle`'s `red`, and the colour would change. Asks the workspace.
    static func projectColorDeclares(_ name: String, in context: RuleContext) -> Bool {
        context.typeFact(.hasStaticProperty(name), of: "Color")
    }

    /// The edits that keep the argument's meaning as a `ShapeStyle`, and how sure that is;
    /// nil when `foregroundStyle` cannot take it (`nil`, `.none`: "no color" has no style).
    static func argumentRewrite(_ argument: ExprSyntax, in context: RuleContext) -> (edits: [TextEdit], applicability: Applicability)? {
        let expression = argument.unwrapped
        if expression.is(NilLiteralExprSyntax.self) { return nil }
        // `cond ? a : b`: each branch on its own, written as a `Color` (an implicit member in a
        // branch is resolved against the generic style; `Color.x` leaves nothing to infer).
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count >= 3, let ternary = elements[elements.count - 2].as(UnresolvedTernaryExprSyntax.self),
                  !elements.dropLast(2).contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                  let then = colorRewrite(ternary.thenExpression, alwaysQualify: true, in: context),
                  let otherwise = colorRewrite(elements[elements.count - 1], alwaysQualify: true, in: context)
            else { return nil }
            return (then.edits + otherwise.edits, then.applicability == .safe && otherwise.applicability == .safe ? .safe : .unsafe)
        }
        return colorRewrite(expression, alwaysQualify: false, in: context)
    }

    /// One `Color` expression: an implicit member chain gets `Color` in front of its root
    /// unless it is a lone member `ShapeStyle` has too; `Color…` stays; a stored property
    /// declared `Color` stays; anything else may be a `Color?` (unsafe).
    private static func colorRewrite(_ expression: ExprSyntax, alwaysQualify: Bool, in context: RuleContext) -> (edits: [TextEdit], applicability: Applicability)? {
        let expression = expression.unwrapped
        if expression.is(NilLiteralExprSyntax.self) { return nil }
        var root = expression
        while true {
            if let member = root.as(MemberAccessExprSyntax.self), let base = member.base {
                root = base
            } else if let call = root.as(FunctionCallExprSyntax.self) {
                root = call.calledExpression
            } else {
                break
            }
        }
        if let implicit = root.as(MemberAccessExprSyntax.self), implicit.base == nil {
            let name = implicit.declName.baseName.text
            if name == "none" || name == "some" { return nil }  // `Color?`'s own members
            if !alwaysQualify, root.id == expression.id, shapeStyleColors.contains(name), !projectColorDeclares(name, in: context) { return ([], .safe) }
            return ([.insert(colorTypeName(in: context), at: implicit.period.positionAfterSkippingLeadingTrivia.utf8Offset)], .safe)
        }
        if root.as(DeclReferenceExprSyntax.self)?.baseName.text == "Color" { return ([], .safe) }
        if let reference = expression.as(DeclReferenceExprSyntax.self),
           let written = context.enclosingType?.property(named: reference.baseName.text)?.typeName {
            if written == "Color" || written == "SwiftUI.Color" { return ([], .safe) }
        }
        return ([], .unsafe)
    }

    /// How the fix writes the type: `Color`, or `SwiftUI.Color` where another `Color` may be in scope
    /// (the file imports a module that is not Apple's, such as a syntax highlighter declaring
    /// `typealias Color = NSColor`, or a type of the project is named `Color`): a bare `Color` would
    /// be ambiguous there, while the implicit member was not.
    static func colorTypeName(in context: RuleContext) -> String {
        let foreign = context.imports.contains { !appleModules.contains($0) && !$0.contains(".") }
        return foreign || [.struct, .class, .enum].contains(where: { context.typeFact(.isKind($0), of: "Color") }) ? "SwiftUI.Color" : "Color"
    }

    /// Apple's modules a SwiftUI file imports; none declares a type named `Color` but SwiftUI.
    static let appleModules: Set<String> = [
        "SwiftUI", "Foundation", "UIKit", "AppKit", "Cocoa", "Combine", "Observation", "SwiftData", "CoreData", "WidgetKit",
        "ActivityKit", "AppIntents", "Intents", "MapKit", "Charts", "PhotosUI", "Photos", "AVKit", "AVFoundation", "StoreKit",
        "CoreLocation", "CloudKit", "UniformTypeIdentifiers", "Swift", "Dispatch", "CoreGraphics", "CoreImage", "QuartzCore",
        "WebKit", "SafariServices", "UserNotifications", "Security", "CryptoKit", "Network", "HealthKit", "GameKit",
        "SpriteKit", "SceneKit", "RealityKit", "ARKit", "Vision", "NaturalLanguage", "CoreML", "Accessibility",
        "LocalAuthentication", "EventKit", "Contacts", "ContactsUI", "TipKit", "MessageUI", "QuickLook", "QuickLookThumbnailing",
        "Darwin", "os", "OSLog", "CoreText", "ImageIO", "CoreMotion", "CoreBluetooth", "AuthenticationServices",
        "LinkPresentation", "PencilKit", "PDFKit", "BackgroundTasks", "CoreSpotlight", "Speech", "MediaPlayer", "MusicKit",
        "CoreHaptics", "CoreTransferable", "GroupActivities", "ServiceManagement", "ScreenCaptureKit", "Metal", "MetalKit",
        "XCTest", "Testing", "SystemConfiguration", "CoreServices", "Carbon", "IOKit", "CoreMedia", "CoreAudio", "AudioToolbox",
        "CoreNFC", "WatchKit", "WatchConnectivity", "ClockKit", "StoreKitTest", "DeveloperToolsSupport", "Symbols", "Translation",
    ]

    static let textStyleRequirement = PlatformRequirement.os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10))

    /// `Text.foregroundColor` returns `Text`; `Text.foregroundStyle` only from iOS 17 (before,
    /// `some View`). A `Text` chain is sure to compile only as a statement of view-building
    /// code (where `some View` is wanted) or where iOS 17 is the minimum; other receivers
    /// return `some View` from both.
    static func staysAView(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard call.modifierChainRoot?.as(FunctionCallExprSyntax.self)?.calleeName == "Text" else { return true }
        // Proved, not merely allowed: unknown minimums constrain the advice, not the fix.
        let availability = context.availability
        if let platforms = availability.platforms, platforms.allSatisfy({ platform in
            guard let needed = textStyleRequirement.versions[platform], let minimum = availability.versions[platform] else { return false }
            return minimum >= needed
        }) { return true }
        // `Text(…).foregroundColor(.secondary).italic()`: after the rename `.italic()` applies to
        // `some View`, which has it only from iOS 16.
        if call.modifiersAppliedAfter.contains(where: { textOnlyBeforeIOS16.contains($0.calleeName ?? "") }) { return false }
        let outermost = Syntax(call.modifiersAppliedAfter.last ?? call)
        return context.isInRenderPath && outermost.parent?.is(CodeBlockItemSyntax.self) == true
    }

    /// The `Text` chain the call ends (with the modifiers after it) is an operand of `+`.
    /// A chain on a `Text` variable counts when another operand of the sum is a `Text(…)` chain.
    static func isTextConcatenationOperand(_ call: FunctionCallExprSyntax) -> Bool {
        let outermost = Syntax(call.modifiersAppliedAfter.last ?? call)
        guard let list = outermost.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == outermost.id }),
              [index - 1, index + 1].contains(where: { at in
                  elements.indices.contains(at) && elements[at].as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
              })
        else { return false }
        func isTextChain(_ expression: ExprSyntax) -> Bool {
            expression.as(FunctionCallExprSyntax.self)?.modifierChainRoot?.as(FunctionCallExprSyntax.self)?.calleeName == "Text"
        }
        return isTextChain(ExprSyntax(call)) || elements.contains { !$0.is(BinaryOperatorExprSyntax.self) && isTextChain($0) }
    }

    /// `Text` methods that `View` has only from iOS 16 / macOS 13 (or later).
    static let textOnlyBeforeIOS16: Set<String> = [
        "italic", "bold", "fontWeight", "fontDesign", "fontWidth", "underline", "strikethrough", "kerning",
        "tracking", "baselineOffset", "monospacedDigit", "monospaced", "textScale", "typesettingLanguage",
    ]
}

