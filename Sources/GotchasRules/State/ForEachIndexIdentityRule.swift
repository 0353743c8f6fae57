import GotchasCore
import SwiftSyntax

/// Identifying `ForEach` rows by index ties a row's identity to its position: an
/// insertion or deletion above shifts every later index, so rows swap their state,
/// reload images and animate the wrong rows.
struct ForEachIndexIdentityRule: CallRule {
    static let description = RuleDescription(
        id: "foreach-index-identity",
        category: .state,
        severity: .warning,
        seed: "001, 003 r1, 004 §3",
        summary: "`ForEach` identified by index (`0..<xs.count`, `xs.indices`, `id: \\.offset`); identify rows by the element's id.",
        rationale: """
            `ForEach(0..<items.count)`, `ForEach(items.indices)` and `id: \\.offset` identify each row by \
            its position. An insertion, deletion or move above a row shifts every later index: rows keep the \
            wrong `@State`, focus and images move to other items, and animations go to the wrong place. \
            Identify by the element: `ForEach(items)`, or `ForEach(Array(items.enumerated()), id: \
            \\.element.id)` when you need the index.
            """,
        notFlagged: [
            "constant ranges and data that never changes",
            "preview and sample data",
            "rows that hold nothing of their item (text, images, buttons)",
            "data only appended to, or replaced whole under rows that hold no state",
            "menu content",
            "rows that take their element's identity with `.id(items[i].key)`",
        ],
        fixSafety: "Replaces `id: \\.offset` with `id: \\.element.id` when the element is known to be `Identifiable` or to have an `id`. Unsafe: rows change identity, which is the point.",
        severityReason: "warning where positions move (`.onDelete`/`.onMove`, or code that inserts, removes or reorders) and rows hold state, or where rows bind by index into a list some code replaces or shrinks; info where rows that hold none are deleted, moved or removed by code (only their animation goes wrong), and where a list replaced whole is shown by rows whose view holds `@State` (whether the new list's items differ is not shown).",
        asks: [.declaration, .viewTreeHoldsState, .menuContentOnly, .reachedHazard, .elementEdits, .memberUsers],
        fix: .unsafe,
        triggering: [
            """
            List {
                ↓ForEach(0..<posts.count, id: \\.self) { index in
                    PostRow(post: posts[index])
                }
            }
            """,
            "↓ForEach(items.indices, id: \\.self) { i in Toggle(items[i].name, isOn: $items[i].isOn) }",
            RuleExample("↓ForEach(items.indices, id: \\.self) { i in Toggle(items[i].name, isOn: $items[i].isOn).id(i) }",
                        note: "`.id(i)` is the index again, not the element's identity"),
            RuleExample("↓ForEach(names.indices, id: \\.self) { i in Text(names[i]) }.onDelete { names.remove(atOffsets: $0) }",
                        note: "text rows the user deletes"),
            """
            VStack {
                if showAll {
                    ↓ForEach(Array(model.items.enumerated()), id: \\.offset) { index, item in
                        Row(index: index, item: item)
                    }
                }
            }
            """,
            "↓ForEach((0..<rows.count - 1)) { Text(\"\\($0)\") }",
            RuleExample("""
                struct MovementEditor: View {
                    @Binding var modes: [MovementMode]
                    var body: some View {
                        ↓ForEach(Array(modes.enumerated()), id: \\.0) { index, mode in
                            TextField(mode.name, text: $modes[index].speed)
                        }
                        .onDelete { modes.remove(atOffsets: $0) }
                    }
                }
                """, note: "`\\.0` is the offset of `enumerated()`'s pairs; the user deletes rows that hold text fields"),
            RuleExample("""
                struct Board: View {
                    @Query var cards: [Card]
                    @State private var showDone = false
                    var visibleCards: [Card] { cards.filter { showDone || !$0.isDone } }
                    var body: some View {
                        List {
                            ↓ForEach(Array(visibleCards.enumerated()), id: \\.offset) { index, card in
                                CardRow(card: card)
                            }
                        }
                    }
                }
                struct CardRow: View {
                    let card: Card
                    @State private var isExpanded = false
                    var body: some View { Text(card.title) }
                }
                """, note: "a computed filter whose membership changes with the data and `showDone`; the rows hold `@State`"),
            RuleExample("""
                struct Log: View {
                    @State private var lines: [String]
                    init(text: String) { lines = text.components(separatedBy: "\\n") }
                    var body: some View {
                        ↓ForEach(lines.indices, id: \\.self) { line in LogLine(text: lines[line]) }
                        Button("Drop first") { lines.removeFirst() }
                    }
                }
                """, note: "`@State` seeded in `init`, then changed before its end: later rows shift"),
            RuleExample("""
                struct Feed: View {
                    @State var posts: [Post] = []
                    var body: some View {
                        ↓ForEach(0..<posts.count, id: \\.self) { index in PostRow(post: posts[index]) }
                        Button("Newest first") { posts.sort { $0.date > $1.date } }
                    }
                }
                """, note: "the seed's shape (001): reordering the array gives every row another post"),
            RuleExample("""
                struct IconPicker: View {
                    let viewModel: WelcomeViewModel
                    var body: some View { ↓ForEach(0..<viewModel.icons.count, id: \\.self) { IconCell(viewModel.icons[$0].name) } }
                    func hide(_ index: Int) { viewModel.icons.remove(at: index) }
                }
                """, note: "a model's array the view removes from", otherFiles: ["WelcomeViewModel.swift": "final class WelcomeViewModel { var icons: [Icon] = [.classic] }"]),
            RuleExample("""
                struct ShortcutList: View {
                    @StateObject private var model = ShortcutsModel()
                    var body: some View {
                        List {
                            ↓ForEach(model.shortcuts.indices, id: \\.self) { index in
                                Toggle(model.shortcuts[index].name, isOn: $model.shortcuts[index].isOn)
                            }
                        }
                    }
                }
                """, note: "rows bind by index into a list the model (in another file) replaces whole: a shorter list leaves a binding past its end", otherFiles: [
                    "ShortcutsModel.swift": """
                        final class ShortcutsModel: ObservableObject {
                            @Published var shortcuts: [Shortcut] = []
                            func reload() { shortcuts = Shortcut.loadAll() }
                        }
                        """,
                ]),
            RuleExample("""
                struct BlockList: View {
                    @State private var blocked: [String] = []
                    var body: some View {
                        List {
                            ↓ForEach(0..<blocked.count, id: \\.self) { index in
                                HStack {
                                    Image(systemName: "minus.circle").onTapGesture { blocked.remove(at: index) }
                                    Text(blocked[index])
                                }
                            }
                        }
                    }
                }
                """, note: "rows that hold nothing, removed by a tap in the row: info, only their animation goes wrong"),
            RuleExample("""
                struct NearbyFiles: View {
                    @State private var files: [URL] = []
                    var body: some View {
                        ↓ForEach(files.indices, id: \\.self) { index in FileCard(url: files[index]) }
                            .onAppear { files = FileCard.load() }
                    }
                }
                """, note: "a list replaced whole, rows holding `@State`: info (whether the new list's items differ is not shown)",
                otherFiles: ["FileCard.swift": "struct FileCard: View { let url: URL; @State private var isExpanded = false; var body: some View { Text(\"\") } }"]),
            """
            extension Grid {
                @ViewBuilder var cells: some View {
                    ↓ForEach(cells.indices) { index in Cell(cells[index]) }
                }
                func shuffle() { cells.shuffle() }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct Carousel: View {
                    @State private var banners: [Banner] = []
                    var body: some View {
                        ForEach(banners.indices, id: \\.self) { index in
                            let banner = banners[index]
                            BannerCard(banner: banner)
                                .id(banner.id)
                        }
                        .onDelete { banners.remove(atOffsets: $0) }
                    }
                }
                """, note: "the row takes its element's identity through a local it derives from the index"),
            RuleExample("""
                struct CourseDetails: View {
                    let extra: [CourseTab]
                    private var tabs: [CourseTab] { [.progress, .scores] + extra }
                    var body: some View {
                        TabView {
                            ForEach(Array(tabs.enumerated()), id: \\.offset) { index, tab in TabContent(tab: tab).tag(index) }
                        }
                    }
                }
                """, note: "the view's own computed `tabs`: another type's `tabs`, replaced in another file, is not it", otherFiles: [
                    "TabContent.swift": """
                        struct TabContent: View {
                            let tab: CourseTab
                            @State private var scrolled = false
                            var body: some View { Text("") }
                        }
                        """,
                    "SyncInteractor.swift": "final class SyncInteractor { var tabs: [CourseTab] = []; func reset() { tabs = [] } }",
                ]),
            RuleExample("""
                struct AccountSwitcher: View {
                    @State private var accounts: [Account] = []
                    var body: some View {
                        ForEach(accounts.indices, id: \\.self) { index in
                            AccountAvatar(account: accounts[index])
                                .zIndex(-Double(index))
                                .id(accounts[index].publicKey)
                            Divider().opacity(index == accounts.count - 1 ? 0 : 1)
                        }
                        .onDelete { accounts.remove(atOffsets: $0) }
                    }
                }
                """, note: "each row takes its element's identity; the index only orders the fan-out (a divider beside it holds nothing)",
                otherFiles: ["AccountAvatar.swift": "struct AccountAvatar: View { let account: Account; @State private var image: Image?; var body: some View { Text(\"\") } }"]),
            RuleExample("""
                struct Inspector: View {
                    @State private var scalars: [Unicode.Scalar] = []
                    var body: some View {
                        ForEach(scalars.indices, id: \\.self) { i in ScalarRow(scalar: scalars[i]) }
                            .onChange(of: character) { scalars = Array(character.unicodeScalars) }
                    }
                }
                """, note: "data replaced whole: every row stays at its index"),
            RuleExample("""
                struct NearbyNames: View {
                    @State private var files: [URL] = []
                    var body: some View {
                        ForEach(files.indices, id: \\.self) { index in FileName(url: files[index]) }
                            .onAppear { files = FileName.load() }
                    }
                }
                """, note: "a list replaced whole, rows whose view holds no state",
                otherFiles: ["FileName.swift": "struct FileName: View { let url: URL; var body: some View { Text(url.lastPathComponent) } }"]),
            RuleExample("""
                struct ShortcutGallery: View {
                    @StateObject private var model = ShortcutsModel()
                    var body: some View {
                        ForEach(model.gallery.indices, id: \\.self) { index in
                            Toggle(model.gallery[index].name, isOn: .constant(model.gallery[index].isInstalled))
                        }
                    }
                }
                """, note: "a list replaced whole, rows binding nothing into it by index", otherFiles: [
                    "ShortcutsModel.swift": """
                        final class ShortcutsModel: ObservableObject {
                            @Published var gallery: [Shortcut] = []
                            func reload() { gallery = Shortcut.loadGallery() }
                        }
                        """,
                ]),
            RuleExample("""
                struct Console: View {
                    @State private var lines: [String] = []
                    var body: some View {
                        ForEach(lines.indices, id: \\.self) { i in LogLine(text: lines[i]) }
                        Button("Log") { lines.append("tick") }
                        Button("Clear") { lines.removeAll() }
                    }
                }
                """, note: "appended to and emptied: no row moves to another index"),
            RuleExample("ForEach(0..<5) { Text(\"\\($0)\") }", note: "a constant range"),
            RuleExample("ForEach(1...3, id: \\.self) { Text(\"\\($0)\") }", note: "a constant range"),
            RuleExample("ForEach(posts) { post in PostRow(post: post) }", note: "identified by the element"),
            RuleExample("ForEach(Array(items.enumerated()), id: \\.element.id) { index, item in Row(item) }",
                        note: "enumerated, identified by the element's id"),
            RuleExample("let n = items.indices.count", note: "not a ForEach"),
            RuleExample("ForEach(Array(entry.lines.enumerated()), id: \\.offset) { _, line in Text(line).font(.caption) }",
                        note: "rows that are only text: nothing in them keeps another item's state"),
            RuleExample("for index in items.indices { print(index) }", note: "a loop, not a view"),
            RuleExample("Text(\"ForEach(0..<xs.count)\")", note: "inside a string"),
            RuleExample("// ForEach(xs.indices) { … }", note: "inside a comment"),
            RuleExample("ForEach(Array([\"a\", \"b\"].enumerated()), id: \\.offset) { index, name in Text(name) }",
                        note: "an array literal does not change"),
            RuleExample("""
                struct Legend: View {
                    static let colors: [String] = ["red", "green"]
                    var body: some View {
                        ForEach(Self.colors.indices, id: \\.self) { i in Text(Self.colors[i]) }
                        ForEach(Array(Item.samples.enumerated()), id: \\.offset) { _, item in Text(item.name) }
                    }
                }
                """, note: "`static let` constants and sample data do not change",
                otherFiles: ["Item.swift": "struct Item { var name: String; static let samples = [Item(name: \"a\")] }"]),
            RuleExample("""
                struct IconUnlock: View {
                    let viewModel: WelcomeViewModel
                    var body: some View {
                        VStack {
                            let icons = viewModel.icons
                            ForEach(0..<icons.count, id: \\.self) { index in Image(icons[index].name) }
                        }
                    }
                }
                """, note: "a `let` model property initialised with an array literal, read through a local",
                otherFiles: ["WelcomeViewModel.swift": "final class WelcomeViewModel { let icons: [Icon] = [.classic, .dark, .round] }"]),
            RuleExample("""
                struct ReadOnlyTextView: View {
                    @State private var lines: [String]
                    init(text: String) { lines = text.components(separatedBy: "\\n") }
                    var body: some View {
                        ForEach(lines.indices, id: \\.self) { line in Text(lines[line]) }
                            .contextMenu { Button("Copy") { copy(lines.joined()) } }
                    }
                }
                """, note: "`@State` set once in `init` and never assigned elsewhere: a fixed count"),
            RuleExample("""
                #Preview {
                    List { ForEach(rows.indices, id: \\.self) { i in Text(rows[i]) } }
                }
                """, note: "preview data"),
        ],
        corrections: [
            RuleCorrection("""
                struct Feed: View {
                    @State var items: [Post]
                    var body: some View {
                        ForEach(Array(items.enumerated()), id: \\.offset) { index, item in
                            Row(index: index, item: item)
                        }
                        Button("Hide first") { items.removeFirst() }
                    }
                }
                """, """
                struct Feed: View {
                    @State var items: [Post]
                    var body: some View {
                        ForEach(Array(items.enumerated()), id: \\.element.id) { index, item in
                            Row(index: index, item: item)
                        }
                        Button("Hide first") { items.removeFirst() }
                    }
                }
                """, applicability: .unsafe, fixTitle: "Identify rows by `\\.element.id`",
                otherFiles: ["Post.swift": "struct Post: Identifiable { let id: UUID }"]),
        ])

    static let calledNames: Set<String> = ["ForEach"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard let data = call.arguments.first, data.label == nil else { return }
        var fixes: [Fix] = []
        var collection = Self.indexedCollection(data.expression.unwrapped)
        if let id = call.argument(labeled: "id"), let keyPath = id.expression.as(KeyPathExprSyntax.self),
           keyPath.components.count == 1,
           let component = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text,
           // `\.offset`, or `\.0` of `enumerated()`'s `(offset:, element:)` pairs.
           component == "offset" || (component == "0" && Self.enumeratedCollection(data.expression.unwrapped) != nil) {
            let enumerated = Self.enumeratedCollection(data.expression.unwrapped)
            collection = collection ?? enumerated ?? data.expression
            // `\.element.id` compiles only when the element has an `id`: offered when that is known.
            if let enumerated, Self.elementHasID(enumerated, in: context) {
                fixes.append(Fix(title: "Identify rows by `\\.element.id`", applicability: .unsafe,
                                 edits: [TextEdit(range: keyPath.byteRange, replacement: "\\.element.id")]))
            }
        }
        guard let collection, !UnchangingData.holds(collection, in: context), !WorkspaceRuleSupport.isDrawnAsMenu(context) else { return }
        // The row gives itself its element's identity (`.id(items[i].key)`): when positions shift, a
        // row whose element changed is a new view, so no state follows the wrong item (the index
        // is there for the layout: offsets, z-order).
        if Self.rowCarriesElementID(call, in: context) { return }
        // Positions move only when items are inserted, removed or reordered before others: the user
        // deletes or moves rows (`.onDelete`/`.onMove`), or the view's own code does
        // (`cards.remove(at: i)`). Data replaced whole, or only appended to, keeps every row at
        // its index (a character's scalars, a command path rebuilt whole).
        // Only rows that hold something of their item can keep the wrong one's: state, focus, an
        // editor's text, a loaded image. Rows that hold nothing just redraw; a range without `id:`
        // is still flagged (it stops updating when the count changes).
        let rowsHoldState = call.argument(labeled: "id") == nil || Self.rowsHoldState(call, in: context)
        let editable = Self.isEditable(call)
        let shifts = editable ? .shifted : Self.positionShifts(collection, in: context)
        if shifts == .none {
            // Replaced whole, rows keep their positions. A row binding into the data by its index
            // (`$model.items[i]`) can outlive a shorter replacement: its binding reads past the end.
            guard let name = Self.collectionName(collection) else { return }
            let bindsByIndex = Self.rowsBindByIndex(call, into: name)
            guard let statefulRow = bindsByIndex ? "" : Self.rowTypeHoldingState(call, in: context) else { return }
            let shrinking = Self.filesShrinking(name, of: collection, in: context)
            guard !shrinking.isEmpty else { return }
            let place = WorkspaceRuleSupport.place(shrinking, from: context)
            if bindsByIndex {
                report.append(Finding(
                    message: "`ForEach` identified by index, with rows binding into `\(name)` by index (`$…\(name)[i]`); "
                        + "a list named `\(name)` is replaced or shrunk \(place), and when it gets shorter "
                        + "a row's binding can read past its end (index out of range) and rows keep their position's state; "
                        + "identify rows by the element (`ForEach($items)` or `id: \\.element.id`)",
                    range: call.rangeThroughArguments, fixes: fixes))
            } else {
                // A row view the workspace shows holding `@State`: a new list whose items differ at a
                // position hands that row's state to another item. Whether they differ is not shown.
                report.append(Finding(
                    message: "`ForEach` identified by index over `\(name)`, which is replaced \(place); its rows (`\(statefulRow)`) "
                        + "hold `@State`, which stays at its position when the new list's items differ, so a row can show "
                        + "another item's state; identify rows by the element (`ForEach(items)` or `id: \\.element.id`)",
                    range: call.rangeThroughArguments, fixes: fixes, loweredSeverity: .info))
            }
            return
        }
        if !rowsHoldState {
            // Unseen (a snippet with no type around it): rows that hold nothing are left alone.
            guard shifts == .shifted else { return }
            // Rows are deleted, moved or removed by code, but they hold nothing of their item: only
            // the animation of the rows after the change is wrong.
            report.append(Finding(
                message: "`ForEach` identified by index: removing or moving an item shifts every later row's identity; "
                    + "these rows hold no state, so only their animation goes wrong; identify rows by the element "
                    + "(`ForEach(items)` or `id: \\.element.id`)",
                range: call.rangeThroughArguments, fixes: fixes, loweredSeverity: .info))
            return
        }
        report.append(Finding(
            message: "`ForEach` identified by index: inserting or removing an item shifts every later row's identity, "
                + "so rows keep the wrong state and animate wrongly; identify rows by the element "
                + "(`ForEach(items)` or `id: \\.element.id`)",
            range: call.rangeThroughArguments, fixes: fixes))
    }

    /// The row gives itself its element's identity: a statement of the row whose outermost modifier
    /// chain has `.id(x)`, where `x` reads through the row's parameter (`items[i].key`,
    /// `pair.element.id`, not the bare index); the row's other statements (a divider) build nothing
    /// that holds state.
    static func rowCarriesElementID(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let closure = call.trailingClosure ?? call.argument(labeled: "content")?.expression.as(ClosureExprSyntax.self),
              !closure.statements.isEmpty
        else { return false }
        let parameter: String
        if let shorthand = closure.signature?.parameterClause?.as(ClosureShorthandParameterListSyntax.self), let first = shorthand.first {
            parameter = first.name.text
        } else if let clause = closure.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self), let first = clause.parameters.first {
            parameter = first.localName
        } else {
            parameter = "$0"
        }
        // Locals the row derives from its parameter (`let banner = banners[index]`) are its element too.
        var element: Set<String> = [parameter]
        for statement in closure.statements {
            guard let variable = statement.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                   binding.initializer?.value.tokens(viewMode: .sourceAccurate).contains(where: { element.contains($0.text) }) == true {
                    element.insert(name)
                }
            }
        }
        func carriesID(_ statement: CodeBlockItemSyntax) -> Bool {
            guard var expression = statement.item.as(ExprSyntax.self) else { return false }
            while let modifier = expression.as(FunctionCallExprSyntax.self), let base = modifier.calledExpression.as(MemberAccessExprSyntax.self)?.base {
                if modifier.modifierName == "id", modifier.arguments.count == 1, let argument = modifier.arguments.first, argument.label == nil,
                   argument.expression.is(MemberAccessExprSyntax.self),
                   argument.expression.tokens(viewMode: .sourceAccurate).contains(where: { element.contains($0.text) }) {
                    return true
                }
                expression = base
            }
            return false
        }
        let carrying = closure.statements.filter(carriesID)
        guard !carrying.isEmpty else { return false }
        return closure.statements.filter { !carriesID($0) && !$0.item.is(VariableDeclSyntax.self) }.allSatisfy { statement in
            WorkspaceRuleSupport.calledTypeNames(in: statement).allSatisfy { WorkspaceRuleSupport.holdsNoState($0, in: context) }
        }
    }

    /// The rows keep something of their item across updates: they bind into the data
    /// (`$items[i]`), build a system view with state of its own (`TextField`, `AsyncImage`, …), or
    /// build a view type whose tree holds `@State`/`@StateObject` (the workspace's view-containment
    /// graph; a type no file declares, a package's image view, may hold state).
    private static func rowsHoldState(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let closure = call.trailingClosure ?? call.argument(labeled: "content")?.expression.as(ClosureExprSyntax.self) else { return false }
        // `$items[i]`: the row binds into the data.
        if closure.tokens(viewMode: .sourceAccurate).contains(where: { $0.text.hasPrefix("$") && $0.parent?.is(DeclReferenceExprSyntax.self) == true }) {
            return true
        }
        // A type the workspace does not declare (`TextField`, `AsyncImage`, a package's image view)
        // is not known to hold nothing: `viewTreeHoldsState` answers nil, taken as holding state.
        return WorkspaceRuleSupport.calledTypeNames(in: closure).contains { !WorkspaceRuleSupport.holdsNoState($0, in: context) }
    }

    /// A view type the rows build whose tree the workspace shows holding `@State`/`@StateObject`
    /// (not one it does not know: an undeclared type answers nil).
    private static func rowTypeHoldingState(_ call: FunctionCallExprSyntax, in context: RuleContext) -> String? {
        guard let closure = call.trailingClosure ?? call.argument(labeled: "content")?.expression.as(ClosureExprSyntax.self) else { return nil }
        return WorkspaceRuleSupport.calledTypeNames(in: closure).first { name in
            !statelessSystemViews.contains(name) && context.viewTreeHoldsState(rootedAt: name) == true
        }
    }

    /// System views that hold nothing of the item they show beyond what they are given.
    static let statelessSystemViews: Set<String> = [
        "Text", "Image", "Label", "HStack", "VStack", "ZStack", "LazyHStack", "LazyVStack", "Spacer", "Divider", "Color",
        "Group", "Section", "Button", "NavigationLink", "Link", "Circle", "Rectangle", "RoundedRectangle", "Capsule",
        "GridRow", "ViewThatFits", "AnyView", "EmptyView", "ProgressView", "Gauge", "ShareLink",
    ]

    /// What the code says of how the indexed collection changes.
    enum PositionShifts { case shifted, none, unseen }

    /// Members of `Array` that move items to other positions: inserting or removing before the
    /// end, reordering. `append`, `removeLast`, `popLast` and `removeAll()` keep every remaining row
    /// at its index.
    static let shiftingMembers: Set<String> = [
        "insert", "remove", "removeFirst", "removeSubrange", "replaceSubrange", "move", "swapAt", "sort", "shuffle",
        "reverse", "partition", "removeAll",
    ]

    /// `.shifted` when code in this file calls a shifting member on the collection's property
    /// (`cards.remove(at: i)`, `self.items.move(…)`, `removeAll(where:)`); `.unseen` when there is
    /// no enclosing type to hold it (a snippet: the data is unknown, judged by the syntax alone);
    /// `.none` otherwise — among it a model's array changed only in the model's own file, which
    /// this question does not follow (precision first).
    static func positionShifts(_ collection: ExprSyntax, in context: RuleContext) -> PositionShifts {
        guard context.enclosingType != nil else { return .unseen }
        let expression = UnchangingData.localValue(of: collection.unwrapped) ?? collection.unwrapped
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? expression.selfMemberName
                ?? expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return .none }
        let tokens = Array(context.tree.tokens(viewMode: .sourceAccurate))
        for index in tokens.indices where tokens[index].text == name && index + 3 < tokens.count {
            guard tokens[index + 1].tokenKind == .period, shiftingMembers.contains(tokens[index + 2].text) else { continue }
            // `removeAll()` empties the collection: nothing is left to take another row's state.
            if tokens[index + 2].text == "removeAll", tokens[index + 3].tokenKind == .leftParen,
               index + 4 < tokens.count, tokens[index + 4].tokenKind == .rightParen { continue }
            return .shifted
        }
        // A computed property of the view that filters or sorts the app's data (`cards.filter {
        // showDone || !$0.isDone }` over a `@Query`): its membership and order change with that data
        // and state, so rows move between indices (asks the workspace model what the member reaches).
        if let view = context.enclosingType, expression.is(DeclReferenceExprSyntax.self) || expression.selfMemberName != nil,
           view.property(named: name).map(\.isComputed) ?? true,
           let reached = context.reachedHazard(from: .member(owner: view.qualifiedName, name: name), kinds: [.collectionWork]),
           reached.hazard.detail != "reduce" {
            return .shifted
        }
        return .none
    }

    /// The files that replace or shrink a collection named `name`. For a member of a value whose type
    /// the workspace declares (`viewState.items`, `viewState: RequestViewState`), only the files whose
    /// code can reach that type's member (its declaration and extensions, the files that use the
    /// member on it, this one): a list of the same name in an unrelated type is another list.
    static func filesShrinking(_ name: String, of collection: ExprSyntax, in context: RuleContext) -> [String] {
        let shrinking = context.filesShrinking(name)
        let expression = UnchangingData.localValue(of: collection.unwrapped) ?? collection.unwrapped
        // The view's own property (`tabs`, `self.tabs`): another type's `tabs` replaced elsewhere is
        // not it. A computed one is never replaced (it is derived again); the view's `@State` only by
        // its own code, in its files. (An input — a `let` the parent passes — is the parent's list,
        // replaced where the parent's code is: the name stays the evidence.)
        if !shrinking.isEmpty, expression.is(DeclReferenceExprSyntax.self) || expression.selfMemberName != nil,
           let type = context.enclosingType, let property = type.property(named: name), !property.isStatic {
            if property.isComputed { return [] }
            if property.wrapper == "State" || property.wrapper == "SwiftUI.State" {
                let own = Set([context.path] + (context.declaration(of: type.name).map { [$0.path] } ?? []))
                return shrinking.filter(own.contains)
            }
        }
        guard !shrinking.isEmpty, let member = expression.as(MemberAccessExprSyntax.self), expression.selfMemberName == nil,
              let base = member.base?.as(DeclReferenceExprSyntax.self),
              let held = WorkspaceRuleSupport.valueTypeName(of: base, in: context),
              let declaration = context.declaration(of: held),
              let users = context.filesUsing(member: name, of: declaration.scope.qualifiedName)
        else { return shrinking }
        let reaching = Set(users).union([declaration.path, context.path])
        return shrinking.filter(reaching.contains)
    }

    /// The name of the indexed collection: `items` of `items`, `self.items`, `model.items` (a local
    /// `let` judged by what it holds).
    static func collectionName(_ collection: ExprSyntax) -> String? {
        let expression = UnchangingData.localValue(of: collection.unwrapped) ?? collection.unwrapped
        return expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? expression.selfMemberName
            ?? expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// The row binds into the collection by its index: `$items[i]`, `$model.items[i].isOn`.
    static func rowsBindByIndex(_ call: FunctionCallExprSyntax, into name: String) -> Bool {
        guard let closure = call.trailingClosure ?? call.argument(labeled: "content")?.expression.as(ClosureExprSyntax.self) else { return false }
        let tokens = Array(closure.tokens(viewMode: .sourceAccurate))
        for index in tokens.indices {
            guard case .identifier(let text) = tokens[index].tokenKind, text.hasPrefix("$"), text.count > 1 else { continue }
            var last = String(text.dropFirst())
            var next = index + 1
            while next + 1 < tokens.count, tokens[next].tokenKind == .period, case .identifier(let member) = tokens[next + 1].tokenKind {
                last = member
                next += 2
            }
            if last == name, next < tokens.count, tokens[next].tokenKind == .leftSquare { return true }
        }
        return false
    }

    /// `.onDelete`/`.onMove` on the `ForEach`: the user reorders and removes rows.
    private static func isEditable(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base.map(Syntax.init) == node,
              let next = member.parent?.as(FunctionCallExprSyntax.self) {
            if ["onDelete", "onMove"].contains(member.declName.baseName.text) { return true }
            node = Syntax(next)
        }
        return false
    }

    /// The collection indexed: `xs` of `xs.indices` or of a range whose bound reads
    /// `.count`/`.endIndex` (`0..<xs.count - 1`); nil when the data is not indexed.
    private static func indexedCollection(_ expression: ExprSyntax) -> ExprSyntax? {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.text == "indices" ? member.base : nil
        }
        guard let sequence = expression.as(SequenceExprSyntax.self),
              sequence.elements.contains(where: { ["..<", "..."].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text) })
        else { return nil }
        for element in sequence.elements {
            if let member = element.as(MemberAccessExprSyntax.self), let base = member.base,
               ["count", "endIndex"].contains(member.declName.baseName.text) {
                return base
            }
        }
        return nil
    }

    /// `xs` of `Array(xs.enumerated())` or `xs.enumerated()`.
    private static func enumeratedCollection(_ expression: ExprSyntax) -> ExprSyntax? {
        var expression = expression
        if let array = expression.as(FunctionCallExprSyntax.self), array.calleeName == "Array", array.arguments.count == 1,
           let only = array.arguments.first, only.label == nil {
            expression = only.expression.unwrapped
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "enumerated"
        else { return nil }
        return member.base
    }

    /// True when the elements of `collection` (a property of the enclosing type written
    /// `[Element]`) are of a type known to be `Identifiable` or to have an `id`.
    private static func elementHasID(_ collection: ExprSyntax, in context: RuleContext) -> Bool {
        var name: String?
        if let reference = collection.unwrapped.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = collection.unwrapped.as(MemberAccessExprSyntax.self),
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            name = member.declName.baseName.text
        }
        guard let name, let written = context.enclosingType?.property(named: name)?.typeName,
              let element = TypeNames.element(of: written)
        else { return false }
        guard let type = context.type(named: element) else { return false }
        return type.inherits("Identifiable") || type.property(named: "id")?.isStatic == false
    }
}
