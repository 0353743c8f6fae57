import GotchasCore
import SwiftSyntax

/// Dimming a symbol with a constant `.opacity` reads as broken; the hierarchical
/// rendering mode reads as "secondary".
struct SymbolOpacityDisabledRule: CallRule {
    static let description = RuleDescription(
        id: "symbol-opacity-disabled",
        category: .symbols,
        severity: .hint,
        seed: "000, S5",
        summary: "`Image(systemName:)` dimmed with a constant `.opacity(<1)`.",
        rationale: """
            A constant `.opacity(0.5)` on an SF Symbol in a row or tile makes it look greyed out or broken, \
            and blends it with what is behind. `.symbolRenderingMode(.hierarchical)`, or a \
            `.secondary`/`.tertiary` style, conveys "secondary" or "disabled" with the symbol's own layers.
            """,
        notFlagged: [
            "a lone symbol dimmed once",
            "a symbol with one layer (`xmark`, `plus`, …)",
            "opacity driven by state",
            "asset images and whole containers",
            "a glyph overlaid on other content (a play button on a thumbnail)",
        ],
        severityReason: "shown only in `ForEach`, `List` or lazy-grid content, where the dim marks an item's state.",
        useInstead: "the recommended shape",
        // https://developer.apple.com/documentation/swiftui/view/symbolrenderingmode(_:).md (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1)
        requires: .os(iOS: OSVersion(15), macOS: OSVersion(12), tvOS: OSVersion(15), watchOS: OSVersion(8)),
        triggers: ["systemName"],
        triggering: [
            RuleExample("""
                struct AvailableExample: View {
                    var body: some View {
                        if #available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *) {
                            ForEach(rooms) { _ in Image(systemName: "lock")↓.opacity(0.5) }
                        }
                    }
                }
                """, note: "inside `if #available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(14)]),
            "List(rooms) { _ in Image(systemName: \"lock\")↓.opacity(0.5) }",
            """
            var body: some View {
                LazyVGrid(columns: columns) {
                    ForEach(days) { day in
                        HStack {
                            Image(systemName: "calendar")
                                .font(.title2)
                                .foregroundStyle(.secondary)
                                ↓.opacity(0.4)
                            Text(day.title)
                        }
                    }
                }
            }
            """,
            """
            ForEach(pastDays) { day in
                Image(systemName: day.symbol).resizable().scaledToFit()↓.opacity(0.30)
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                ForEach(files) { _ in Image(systemName: "xmark.circle.fill").symbolRenderingMode(.hierarchical).foregroundStyle(.gray).opacity(0.9) }
                """, note: "already hierarchical: the opacity is a translucency on top"),
            RuleExample("""
                ForEach(rooms) { _ in Image(systemName: "lock").opacity(0.5) }
                """, note: "deployment target iOS 14: what the advice needs does not exist there", platforms: [.iOS: OSVersion(14)]),
            RuleExample("""
                VStack {
                    Image(systemName: "tray").font(.system(size: 64)).opacity(0.3)
                    Text("No messages")
                }
                """, note: "a lone empty-state illustration dimmed once: a design choice, not an item's state"),
            RuleExample("""
                ForEach(videos) { video in
                    Thumbnail(video)
                        .overlay(alignment: .center) {
                            Image(systemName: "play.rectangle").resizable().frame(width: 60, height: 60).opacity(0.8)
                        }
                }
                """, note: "a translucent glyph over a thumbnail, so the picture shows through: not a dimmed state"),
            RuleExample("Image(systemName: \"lock\").opacity(isLocked ? 0.5 : 1)", note: "opacity driven by state, e.g. animated"),
            RuleExample("Image(systemName: \"lock\").opacity(0)", note: "hidden, not dimmed"),
            RuleExample("Image(systemName: \"lock\").opacity(1)"),
            RuleExample("Image(\"photo\").opacity(0.5)", note: "an asset image, not a symbol"),
            RuleExample("HStack { Image(systemName: \"lock\") }.opacity(0.5)", note: "a container dimmed as a whole"),
            RuleExample("Image(systemName: \"lock\").symbolRenderingMode(.hierarchical)", note: "the recommended shape"),
            RuleExample("Image(systemName: \"lock\").foregroundStyle(.red.opacity(0.5))", note: "a style's opacity"),
            RuleExample("""
                VStack {
                    Image(systemName: "ellipsis").opacity(0.4)
                    Image(systemName: "star.fill").opacity(0.5)
                }
                """, note: "a single-layer symbol dimmed on purpose: hierarchical rendering would not dim it"),
        ])

    static let calledNames: Set<String> = ["opacity"]
    static let itemContainers: Set<String> = ["ForEach", "List", "LazyVGrid", "LazyHGrid", "Table", "OutlineGroup"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.modifierReceiver != nil, call.arguments.count == 1,
              let value = call.arguments.first?.expression.unwrapped.numericLiteralValue, value > 0, value < 1,
              let root = call.modifierChainRoot?.as(FunctionCallExprSyntax.self),
              root.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Image",
              let symbol = root.argument(labeled: "systemName")
        else { return }
        // One layer: `.symbolRenderingMode(.hierarchical)` keeps it at full strength, so the advice
        // does not dim it; the constant opacity is a deliberately dimmer mark (a "more" ellipsis).
        if let name = symbol.expression.stringLiteralValue, Self.isSingleLayer(name) { return }
        // Tiles and rows, where a dim marks one item's state; a lone symbol dimmed once is design.
        guard context.isInside(Self.itemContainers) else { return }
        // Drawn over other content (`.overlay { Image(systemName: "play.fill").opacity(0.8) }` on a
        // thumbnail): the translucency lets the picture show through; it is not a dimmed state.
        if Self.isOverlayContent(call) { return }
        // The symbol already draws its layers hierarchically (or as a palette): the advice is taken,
        // and the constant opacity on top is a deliberate translucency.
        if Self.chainSetsRenderingMode(from: call) { return }
        report.append(Finding(
            message: "A constant `.opacity` makes an SF Symbol look greyed out or broken; use `.symbolRenderingMode(.hierarchical)` or a `.secondary` style to read as secondary",
            range: call.rangeFromCalleeName))
    }

    /// A `.symbolRenderingMode(…)` stands in the modifier chain `call` is part of, before or after it.
    static func chainSetsRenderingMode(from call: FunctionCallExprSyntax) -> Bool {
        var outermost = call
        while let access = outermost.parent?.as(MemberAccessExprSyntax.self), let outer = access.parent?.as(FunctionCallExprSyntax.self),
              outer.calledExpression.id == access.id {
            outermost = outer
        }
        var current: FunctionCallExprSyntax? = outermost
        while let modifier = current {
            if modifier.calleeName == "symbolRenderingMode" { return true }
            current = modifier.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(FunctionCallExprSyntax.self)
        }
        return false
    }

    /// The call is inside the content of an `.overlay(…)` / `.overlay { … }` modifier (not its
    /// receiver), below the nearest row container.
    static func isOverlayContent(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call)
        while let parent = current.parent {
            if let outer = parent.as(FunctionCallExprSyntax.self), current.id != Syntax(outer.calledExpression).id {
                if outer.calleeName == "overlay" { return true }
                if let name = outer.calleeName, itemContainers.contains(name) { return false }
            }
            if parent.is(MemberBlockSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// Symbols drawn as one layer (with or without `.fill`); an enclosed or badged variant
    /// (`plus.circle`, `xmark.square.fill`) has a second layer and is not here.
    static let singleLayerSymbols: Set<String> = [
        "ellipsis", "ellipsis.vertical", "plus", "minus", "xmark", "checkmark", "multiply", "divide", "equal",
        "circle", "square", "star", "heart", "line.3.horizontal", "line.horizontal.3", "play", "pause", "stop",
        "chevron.left", "chevron.right", "chevron.up", "chevron.down", "chevron.forward", "chevron.backward",
        "arrow.left", "arrow.right", "arrow.up", "arrow.down", "arrow.forward", "arrow.backward",
    ]

    static func isSingleLayer(_ name: String) -> Bool {
        let base = name.hasSuffix(".fill") ? String(name.dropLast(".fill".count)) : name
        return singleLayerSymbols.contains(base)
    }
}
