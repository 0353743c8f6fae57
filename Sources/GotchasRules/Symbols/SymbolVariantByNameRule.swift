import GotchasCore
import SwiftSyntax

/// Picking `"x.fill"` vs `"x"` by string swaps the symbol: SwiftUI sees a new image, and
/// a symbol effect on it starts over on the new one. `.symbolVariant(.fill)` keeps one
/// symbol and changes its variant (a replace content transition animates either way).
struct SymbolVariantByNameRule: CallRule {
    static let description = RuleDescription(
        id: "symbol-variant-by-name",
        category: .symbols,
        severity: .warning,
        seed: "S2",
        summary: "Choosing `\"x.fill\"` vs `\"x\"` by name; use one symbol and `.symbolVariant(.fill)`.",
        rationale: """
            Choosing the symbol name (`isDone ? "star.fill" : "star"`) makes each state a different image: \
            a symbol effect on it (`.symbolEffect`) sees a new image rather than a new variant, the two \
            names are kept in step by hand, and a typo shows nothing at run time. Render one symbol and \
            apply `.symbolVariant(isDone ? .fill : .none)`.
            """,
        notFlagged: [
            "a `let` input no caller passes: fixed for the view",
            "two unrelated symbols",
            "menu content (`.contextMenu`, a `Menu`'s items, `.swipeActions`)",
        ],
        fixSafety: "Written when both names are literals differing only by `.fill`, after any `Image`-only methods (`.resizable()`). Safe in view-building code; unsafe where an `Image` is required (a property returning `Image`, `Text(Image(…))`).",
        severityReason: "warning where the name changes with state and a symbol effect (`.symbolEffect` on it or on a view containing it) animates it across the swap; hint otherwise, a style change: an effect active on the name's own condition starts with the swap, a replace content transition on the symbol (`.contentTransition(.symbolEffect(.replace))`) animates between names too, an animation alone cross-fades either way, and `.animation(.none)` turns it off. A `let` input counts as changing when a caller passes it.",
        asks: [.declaration, .initializerLabels, .menuContentOnly],
        fix: .safe,
        // https://developer.apple.com/documentation/swiftui/view/symbolvariant(_:).md (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1)
        requires: .os(iOS: OSVersion(15), macOS: OSVersion(12), tvOS: OSVersion(15), watchOS: OSVersion(8)),
        triggers: [".fill"],
        triggering: [
            RuleExample("""
                struct PinToggle: View {
                    @State private var localPin: Bool?
                    private var isPinned: Bool { localPin ?? false }
                    var body: some View {
                        Button { localPin = !isPinned } label: {
                            Image(systemName: ↓isPinned ? "pin.fill" : "pin")
                        }
                    }
                }
                """, note: "a computed property of the view that reads its state"),
            RuleExample("""
                struct PinButton: View {
                    let isPinned: Bool
                    var body: some View {
                        Image(systemName: ↓isPinned ? "pin.fill" : "pin")
                    }
                }
                """, note: "a `let` input a parent passes: re-created with a new value on each tap, the image swaps (a hint: nothing animates it)",
                otherFiles: ["Row.swift": "struct Row: View { @State private var pinned = false; var body: some View { Button { pinned.toggle() } label: { PinButton(isPinned: pinned) } } }"]),
            RuleExample("""
                struct AvailableExample: View {
                    @State private var isDone = false
                    var body: some View {
                        if #available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *) {
                            Image(systemName: ↓isDone ? "checkmark.circle.fill" : "checkmark.circle")
                        }
                    }
                }
                """, note: "inside `if #available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(14)]),
            "Image(systemName: ↓isDone ? \"checkmark.circle.fill\" : \"checkmark.circle\")",
            """
            var body: some View {
                VStack {
                    if showsIcon {
                        Image(systemName:
                            ↓item.isFavorite
                                ? "heart"
                                : "heart.fill")
                            .font(.title)
                    }
                }
            }
            """,
            "Label(\"Done\", systemImage: ↓done ? \"app.fill\" : \"app\")",
            "Image(systemName: ↓\"\\(name).fill\")",
            "Image(systemName: ↓symbol + \".fill\")",
            "Label(title, systemImage: ↓\"\\(icon).fill\")",
            "Image(systemName: ↓\"heart\\(isLiked ? \".fill\" : \"\")\")",
            "Label(\"Like\", systemImage: ↓\"heart\" + (isLiked ? \".fill\" : \"\"))",
            RuleExample("""
                Menu {
                    Button("Sort") { sort() }
                } label: {
                    Image(systemName: ↓isFiltered ? "line.3.horizontal.decrease.circle.fill" : "line.3.horizontal.decrease.circle")
                }
                """, note: "a `Menu`'s label is drawn in the view, where the symbol can morph"),
        ],
        nonTriggering: [
            RuleExample("""
                Image(systemName: isDone ? "checkmark.circle.fill" : "checkmark.circle")
                """, note: "deployment target iOS 14: what the advice needs does not exist there", platforms: [.iOS: OSVersion(14)]),
            RuleExample("Image(systemName: isOn ? \"star.fill\" : \"heart\")", note: "two unrelated symbols"),
            RuleExample("""
                Text(status.content)
                    .contextMenu {
                        Button { toggleBookmark() } label: {
                            Label("Bookmark", systemImage: isBookmarked ? "bookmark.fill" : "bookmark")
                        }
                    }
                """, note: "menu content is drawn by the system and rebuilt when it opens: nothing morphs"),
            RuleExample("""
                Menu("Options") {
                    Label("Pin", systemImage: isPinned ? "pin.fill" : "pin")
                }
                """, note: "a `Menu`'s content"),
            RuleExample("""
                struct Row: View {
                    let isPinned: Bool
                    var body: some View {
                        Image(systemName: isPinned ? "pin.fill" : "pin")
                    }
                }
                """, note: "a `let` input no caller in the workspace passes: fixed for this view, nothing swaps while it lives"),
            RuleExample("""
                struct MessageView: View {
                    @State private var isLiked = false
                    var body: some View {
                        Text("Hi").contextMenu { menu }
                    }
                    private var menu: some View {
                        Button { isLiked.toggle() } label: {
                            Label("Like", systemImage: isLiked ? "star.fill" : "star")
                        }
                    }
                }
                """, note: "a member used only as menu content"),
            RuleExample("""
                struct RowMenu: View {
                    @Environment(Store.self) private var store
                    var body: some View {
                        Label("Bookmark", systemImage: store.isBookmarked ? "bookmark.fill" : "bookmark")
                    }
                }
                """, note: "a view type built only inside menu content (in another file)", otherFiles: [
                    "Row.swift": "struct Row: View { var body: some View { Text(\"x\").contextMenu { RowMenu() } } }",
                    "Store.swift": "@Observable final class Store { var isBookmarked = false }",
                ]),
            RuleExample("Image(systemName: \"star.fill\")", note: "a constant name"),
            RuleExample("Image(systemName: \"star\").symbolVariant(isOn ? .fill : .none)"),
            RuleExample("Image(systemName: isOn ? \"wifi\" : \"wifi.slash\")", note: "a different symbol, not the fill variant"),
            RuleExample("let s = isOn ? \"star.fill\" : \"star\"", note: "not passed to an image (yet)"),
            RuleExample("Text(isOn ? \"a.fill\" : \"a\")", note: "not a symbol name argument"),
        ],
        corrections: [
            RuleCorrection("var body: some View { Image(systemName: isDone ? \"checkmark.circle.fill\" : \"checkmark.circle\") }",
                           "var body: some View { Image(systemName: \"checkmark.circle\").symbolVariant(isDone ? .fill : .none) }"),
            RuleCorrection("""
                var body: some View {
                    Image(systemName: a == b ? "star" : "star.fill") // keep me
                        .font(.title)
                }
                """, """
                var body: some View {
                    Image(systemName: "star").symbolVariant(a == b ? .none : .fill) // keep me
                        .font(.title)
                }
                """),
            RuleCorrection("var body: some View { Label(\"Done\", systemImage: done ? \"app.fill\" : \"app\") }",
                           "var body: some View { Label(\"Done\", systemImage: \"app\").symbolVariant(done ? .fill : .none) }"),
            RuleCorrection("var body: some View { Button(\"Bookmark\", systemImage: done ? \"bookmark.fill\" : \"bookmark\") {} }",
                           "var body: some View { Button(\"Bookmark\", systemImage: \"bookmark\") {}.symbolVariant(done ? .fill : .none) }"),
            RuleCorrection("var body: some View { Toggle(\"Pin\", systemImage: done ? \"pin.fill\" : \"pin\", isOn: .constant(done)) }",
                           "var body: some View { Toggle(\"Pin\", systemImage: \"pin\", isOn: .constant(done)).symbolVariant(done ? .fill : .none) }"),
            RuleCorrection("let label = Text(Image(systemName: on ? \"star.fill\" : \"star\"))",
                           "let label = Text(Image(systemName: \"star\").symbolVariant(on ? .fill : .none))", applicability: .unsafe),
            RuleCorrection("""
                var body: some View {
                    Image(systemName: on ? "star.fill" : "star")
                        .resizable()
                        .frame(width: 20, height: 20)
                }
                """, """
                var body: some View {
                    Image(systemName: "star")
                        .resizable().symbolVariant(on ? .fill : .none)
                        .frame(width: 20, height: 20)
                }
                """),
            RuleCorrection("""
                var icon: Image {
                    Image(systemName: on ? "star.fill" : "star")
                }
                """, """
                var icon: Image {
                    Image(systemName: "star").symbolVariant(on ? .fill : .none)
                }
                """, applicability: .unsafe),
            RuleCorrection("""
                var body: some View {
                    Image(systemName: on ? "star.fill" : "star").tinted()
                }
                """, """
                var body: some View {
                    Image(systemName: "star").symbolVariant(on ? .fill : .none).tinted()
                }
                """, applicability: .unsafe, otherFiles: [
                    "Image+Tint.swift": "extension Image { func tinted() -> some View { foregroundStyle(.tint) } }",
                ]),
        ])

    static let calledNames: Set<String> = ["Image", "Label", "Button", "Toggle"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        let label: String
        switch callee {
        case "Image": label = "systemName"
        // `Button("Bookmark", systemImage: …) { … }`, `Toggle("Wi-Fi", systemImage: …, isOn: $on)`: a label's symbol.
        case "Label", "Button", "Toggle": label = "systemImage"
        default: return
        }
        // Only a name that changes while the view lives can swap the image under the user: one
        // chosen by a `let` input or a row's element is fixed for that view. Nothing morphs in
        // what the system draws as a menu.
        guard let argument = call.argument(labeled: label) else { return }
        // The workspace is asked only about a name that has one of the shapes below.
        let flags = {
            (WorkspaceRuleSupport.readsChangingState(argument.expression, in: context) || Self.readsPassedInput(argument.expression, in: context))
                && !WorkspaceRuleSupport.isDrawnAsMenu(context)
        }
        let expression = argument.expression
        // A warning only where something animates the symbol: otherwise the swap is instant either
        // way, and one symbol with a variant is a matter of style.
        let isAnimated = Self.animatesSymbol(call, nameCondition: Self.condition(of: argument.expression))
        let message = isAnimated
            ? "Choosing the symbol by name (`.fill` or not) swaps the image, so the symbol effect here starts over "
                + "on a new image instead of changing its variant; use one symbol and `.symbolVariant(condition ? .fill : .none)`"
            : "Choosing the symbol by name (`.fill` or not) names each state by hand; one symbol with "
                + "`.symbolVariant(condition ? .fill : .none)` says the same with one name"
        let lowered: Severity? = isAnimated ? nil : .hint

        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if let ternaryIndex = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) {
                guard ternaryIndex == elements.count - 2, ternaryIndex > 0,
                      let ternary = elements[ternaryIndex].as(UnresolvedTernaryExprSyntax.self),
                      let thenName = ternary.thenExpression.stringLiteralValue,
                      let elseName = elements[elements.count - 1].stringLiteralValue
                else { return }
                let variant: (base: String, whenTrue: String, whenFalse: String)
                if thenName == elseName + ".fill" {
                    variant = (elseName, ".fill", ".none")
                } else if elseName == thenName + ".fill" {
                    variant = (thenName, ".none", ".fill")
                } else {
                    return
                }
                guard flags() else { return }
                let condition = context.document.text(in: elements[0].positionAfterSkippingLeadingTrivia.utf8Offset
                    ..< elements[ternaryIndex - 1].endPositionBeforeTrailingTrivia.utf8Offset)
                let placement = Self.variantPlacement(after: call, in: context)
                let fix = Fix(title: "Use `.symbolVariant(_:)`", applicability: placement.applicability, edits: [
                    TextEdit(range: expression.byteRange, replacement: "\"\(variant.base)\""),
                    .insert(".symbolVariant(\(condition) ? \(variant.whenTrue) : \(variant.whenFalse))",
                            at: placement.call.endPositionBeforeTrailingTrivia.utf8Offset),
                ])
                report.append(Finding(message: message, range: expression.byteRange, fixes: [fix], loweredSeverity: lowered))
                return
            }
            // `name + ".fill"`, `"heart" + (isLiked ? ".fill" : "")`
            if elements.count >= 3, let last = elements.last,
               last.stringLiteralValue?.hasPrefix(".fill") == true || Self.togglesFillSuffix(last),
               elements[elements.count - 2].as(BinaryOperatorExprSyntax.self)?.operator.text == "+", flags() {
                report.append(Finding(message: message, range: expression.byteRange, loweredSeverity: lowered))
            }
            return
        }
        // `"heart\(isLiked ? ".fill" : "")"`
        if let literal = expression.as(StringLiteralExprSyntax.self),
           literal.segments.contains(where: { segment in
               segment.as(ExpressionSegmentSyntax.self)?.expressions.first.map { Self.togglesFillSuffix($0.expression) } == true
           }), flags() {
            report.append(Finding(message: message, range: expression.byteRange, loweredSeverity: lowered))
            return
        }
        // `"\(name).fill"`
        if let literal = expression.as(StringLiteralExprSyntax.self),
           literal.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) }),
           let last = literal.segments.last?.as(StringSegmentSyntax.self), last.content.text.hasPrefix(".fill"), flags() {
            report.append(Finding(message: message, range: expression.byteRange, loweredSeverity: lowered))
        }
    }

    /// A symbol effect animates the symbol: `.symbolEffect(…)` applied to it or to a view that
    /// contains it, and no `.animation(.none)`/`.animation(nil)` on it turns animation off. A
    /// replace content transition (`.contentTransition(.symbolEffect(.replace))`) animates between
    /// two names as between two variants, and an animation alone (`withAnimation`,
    /// `.animation(_:value:)`) cross-fades either way: no morph is lost there.
    /// An effect active on the name's own condition (`.symbolEffect(.pulse, isActive: isOn)` with
    /// `isOn ? "x.fill" : "x"`) starts and stops with the swap: nothing runs across it. A replace
    /// transition on the symbol itself animates the swap by design.
    static func animatesSymbol(_ call: FunctionCallExprSyntax, nameCondition: String? = nil) -> Bool {
        let chain = call.modifiersAppliedAfter
        if chain.contains(where: { $0.modifierName == "animation" && isNoAnimation($0.arguments.first?.expression) }) { return false }
        if chain.contains(where: { $0.modifierName == "contentTransition" && $0.arguments.first?.expression.trimmedDescription.contains("symbolEffect") == true }) {
            return false
        }
        func runsAcrossSwap(_ effect: FunctionCallExprSyntax) -> Bool {
            guard effect.modifierName == "symbolEffect" else { return false }
            guard let active = effect.argument(labeled: "isActive")?.expression.trimmedDescription, let nameCondition else { return true }
            let flag = active.hasPrefix("!") ? String(active.dropFirst()) : active
            return flag.filter { !$0.isWhitespace } != nameCondition.filter { !$0.isWhitespace }
        }
        if chain.contains(where: runsAcrossSwap) { return true }
        // A container's `.symbolEffect` applies to the symbols inside it (`HStack { Image(…) }.symbolEffect(…)`):
        // asked of each view built around this one, up to the member that holds it. An effect on a
        // sibling (another image in the same toolbar) does not touch this symbol.
        var current = Syntax(call).parent
        while let node = current, !node.is(MemberBlockItemSyntax.self) {
            if let container = node.as(FunctionCallExprSyntax.self), container.modifiersAppliedAfter.contains(where: runsAcrossSwap) { return true }
            current = node.parent
        }
        return false
    }

    /// The condition that picks the name in `cond ? "star.fill" : "star"`, as written; nil for other shapes.
    static func condition(of name: ExprSyntax) -> String? {
        guard let elements = name.as(SequenceExprSyntax.self).map({ Array($0.elements) }),
              let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), index > 0
        else { return nil }
        return elements[..<index].map(\.trimmedDescription).joined(separator: " ")
    }

    /// `.none` or `nil`: `.animation(.none, value: x)` turns animation off for the view.
    static func isNoAnimation(_ expression: ExprSyntax?) -> Bool {
        guard let expression else { return false }
        if expression.is(NilLiteralExprSyntax.self) { return true }
        guard let access = expression.as(MemberAccessExprSyntax.self) else { return false }
        return access.base == nil && access.declName.baseName.text == "none"
    }

    /// The name reads a plain stored input of the view (`let isPinned: Bool`) that callers pass:
    /// a parent re-creating the view with a new value changes it while the view keeps its
    /// identity. Not narrowed while the callers are unknown (the index is incomplete, or the
    /// type's own initializer may take it under another label).
    static func readsPassedInput(_ code: ExprSyntax, in context: RuleContext) -> Bool {
        guard let type = context.enclosingView else { return false }
        let inputs = code.referencedNames.filter { name in
            type.properties.contains { $0.name == name && $0.isStoredInstance && $0.wrapper == nil }
        }
        guard !inputs.isEmpty else { return false }
        if type.declaresInitializer { return true }
        guard let labels = context.initializerLabels(passedTo: type.name) else { return true }
        return inputs.contains { labels.contains($0) }
    }


    /// Where `.symbolVariant(…)` goes (after the `Image` call or its last `Image`-returning
    /// method) and whether that is sure to compile: the chain continues only with known
    /// view modifiers and stands as a statement of view-building code, where `some View`
    /// is what is wanted. Anywhere else (`var icon: Image { … }`, `Text(Image(…))`, a method of
    /// the project's `extension Image`) the fix is unsafe.
    static func variantPlacement(after call: FunctionCallExprSyntax, in context: RuleContext) -> (call: FunctionCallExprSyntax, applicability: Applicability) {
        let chain = call.modifiersAppliedAfter
        let imagePrefix = chain.prefix { WorkspaceRuleSupport.imageMethods.contains($0.modifierName ?? "") }
        let placement = imagePrefix.last ?? call
        let rest = chain.dropFirst(imagePrefix.count)
        let outermost = Syntax(chain.last ?? call)
        let isViewStatement = context.isInRenderPath && outermost.parent?.is(CodeBlockItemSyntax.self) == true
        let continuesWithViewModifiers = rest.allSatisfy { WorkspaceRuleSupport.viewModifiers.contains($0.modifierName ?? "") }
        return (placement, isViewStatement && continuesWithViewModifiers ? .safe : .unsafe)
    }

    /// `cond ? ".fill" : ""` (either order, in parentheses or not): a name suffix that
    /// switches between the symbol and its fill variant.
    static func togglesFillSuffix(_ expression: ExprSyntax) -> Bool {
        var expression = expression
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            expression = only.expression
        }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, let ternary = elements[elements.count - 2].as(UnresolvedTernaryExprSyntax.self),
              let thenName = ternary.thenExpression.stringLiteralValue, let elseName = elements[elements.count - 1].stringLiteralValue
        else { return false }
        return Set([thenName, elseName]) == [".fill", ""]
    }
}

