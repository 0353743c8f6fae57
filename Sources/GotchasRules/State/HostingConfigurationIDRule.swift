import GotchasCore
import SwiftSyntax

/// Collection and table cells are reused; without `.id(item.id)` on the hosted root,
/// SwiftUI state of the previous item carries into the next one shown in that cell.
struct HostingConfigurationIDRule: CallRule {
    static let description = RuleDescription(
        id: "hosting-configuration-id",
        category: .state,
        severity: .info,
        seed: "003 cells",
        summary: "`UIHostingConfiguration { Root(item) }` built from a cell's per-item data, whose root view has no `.id(…)`.",
        rationale: """
            UIKit reuses cells, and the SwiftUI tree inside a reused cell keeps its identity: `@State` from \
            the previous item (expanded, scroll position, a loaded image) shows up for the next one. Give \
            the root `.id(item.id)` so a different item gets a fresh tree, and keep user-visible state in \
            the model, keyed by stable IDs.
            """,
        notFlagged: [
            "a root with `.id(…)`",
            "a tree that holds no state",
            "a root not built from the cell's item",
            "several roots",
            "a cell dequeued under a reuse identifier made from its item",
        ],
        severityReason: "shown only where the root's tree holds state.",
        asks: [.viewTreeHoldsState],
        useInstead: "a root with `.id(…)`",
        triggering: [
            RuleExample("""
                let registration = UICollectionView.CellRegistration<UICollectionViewCell, Message> { cell, indexPath, message in
                    cell.contentConfiguration = ↓UIHostingConfiguration {
                        MessageRow(message: message)
                    }
                    .margins(.all, 0)
                }
                """, otherFiles: rowViews),
            RuleExample("""
                dataSource = UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, id in
                    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                    guard let item = store.item(for: id) else { return cell }
                    cell.contentConfiguration = ↓UIHostingConfiguration { ItemRow(item: item, isLast: indexPath.row == count - 1) }
                    return cell
                }
                """, note: "`ItemRow` holds no state, but the `ItemBadge` it builds does", otherFiles: rowViews),
            RuleExample("""
                final class ProfileCell: UICollectionViewCell {
                    func configure(with profile: Profile) {
                        contentConfiguration = ↓UIHostingConfiguration { ProfileCard(profile: profile) }
                    }
                }
                """, note: "`ProfileCard` builds a `TextField`, which keeps its editing state", otherFiles: rowViews),
            RuleExample("""
                func configure(_ cell: UICollectionViewCell, with item: Item) {
                    cell.contentConfiguration = ↓UIHostingConfiguration { ItemCard(item: item).padding(8) }
                }
                """, otherFiles: rowViews),
        ],
        nonTriggering: [
            RuleExample("""
                func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    let note = notes[indexPath.item]
                    let reuseID = note.identifier
                    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: reuseID)
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: reuseID, for: indexPath)
                    cell.contentConfiguration = UIHostingConfiguration { ItemCard(item: note) }
                    return cell
                }
                """, note: "one reuse identifier per item: a cell is only ever reused for the same item", otherFiles: rowViews),
            RuleExample("""
                let registration = UICollectionView.CellRegistration<UICollectionViewCell, Post> { cell, indexPath, post in
                    cell.contentConfiguration = UIHostingConfiguration { PostRow(post: post) }
                }
                """, note: "the whole tree of `PostRow` holds no state: nothing carries over to the next item", otherFiles: rowViews),
            RuleExample("""
                let registration = UICollectionView.CellRegistration<UICollectionViewCell, Post> { cell, indexPath, post in
                    cell.contentConfiguration = UIHostingConfiguration { ForeignRow(post: post) }
                }
                """, note: "a root the workspace does not declare: what its tree holds is unknown"),
            RuleExample("""
                cell.contentConfiguration = UIHostingConfiguration {
                    MessageRow(message: message)
                        .id(message.id)
                }
                """, note: "a root with `.id(…)`"),
            RuleExample("""
                cell.contentConfiguration = UIHostingConfiguration { LoadingRow() }
                """, note: "a root without per-item input"),
            RuleExample("""
                cell.contentConfiguration = UIHostingConfiguration {
                    Text(title)
                    Text(subtitle)
                }
                """, note: "several roots: not judged"),
            RuleExample("""
                cell.contentConfiguration = UIHostingConfiguration {
                    MessageRow(message: message)
                }
                """, note: "no cell provider, registration or cell configuration method around it: the input may not be per item"),
            RuleExample("""
                enum Placeholders {
                    static func noNetwork(retry: @escaping () -> Void) -> UIContentConfiguration {
                        UIHostingConfiguration { NoNetworkView(retry: retry) }
                    }
                }
                let typingRegistration = UICollectionView.CellRegistration<UICollectionViewCell, ID> { cell, indexPath, id in
                    cell.contentConfiguration = UIHostingConfiguration { TypingIndicatorView(members: self.typingMembers) }
                }
                """, note: "single-purpose or placeholder cells: built from the screen's data, not from the cell's item or index path"),
        ])

    /// Row views for the examples: some hold state (directly, below, in a system view), `PostRow` none.
    static let rowViews: [String: String] = [
        "Rows.swift": """
            struct MessageRow: View { let message: Message; @State private var expanded = false; var body: some View { Text(message.text) } }
            struct ItemRow: View { let item: Item; let isLast: Bool; var body: some View { HStack { Text(item.name); ItemBadge() } } }
            struct ItemBadge: View { @State private var pressed = false; var body: some View { Image(systemName: "star") } }
            struct ItemCard: View { let item: Item; @StateObject private var loader = ImageLoader(); var body: some View { Text(item.name) } }
            struct ProfileCard: View { let profile: Profile; var body: some View { TextField("Note", text: .constant(profile.note)) } }
            struct PostRow: View { let post: Post; var body: some View { VStack { Text(post.title); PostMeta(post: post) } } }
            struct PostMeta: View { let post: Post; var body: some View { Text(post.author) } }
            """,
    ]

    static let calledNames: Set<String> = ["UIHostingConfiguration"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self),
              let closure = call.trailingClosure,
              let root = closure.statements.soleExpression,
              !root.chainModifiers.contains(where: { $0.modifierName == "id" }),
              let view = root.modifierChainRoot?.as(FunctionCallExprSyntax.self),
              view.arguments.contains(where: { !Self.isConstant($0.expression) }),
              // Only a view built from the cell's own item changes with reuse; a placeholder or
              // single-purpose cell (loading, typing indicator, "no results") shows one view.
              case let perItem = Self.perItemNames(around: call), !perItem.isEmpty,
              view.arguments.tokens(viewMode: .sourceAccurate).contains(where: { token in
                  if case .identifier(let name) = token.tokenKind { return perItem.contains(name) }
                  return false
              }),
              // Only a tree that holds state can carry any over: a root whose views keep none
              // (all data from the item, images keyed by their source) is rebuilt right anyway,
              // and an `.id` would only rebuild it on every reuse. Unknown trees stay quiet.
              let rootName = view.calleeName,
              context.viewTreeHoldsState(rootedAt: rootName) == true,
              // A cell dequeued under a reuse identifier made from the item (`note.identifier`) is
              // only ever reused for that item: no other item's state can show in it.
              !Self.dequeuesPerItemCell(around: call, perItem: perItem)
        else { return }
        report.append(Finding(
            message: "Reused cells keep the hosted SwiftUI state: this root view is built from the cell's item but has no `.id(…)`, so state of the previous item shows for the next; add `.id(…)` with the item's stable ID",
            range: call.byteRange.lowerBound..<call.calledExpression.endPositionBeforeTrailingTrivia.utf8Offset))
    }

    /// The enclosing function dequeues its cell with a reuse identifier that reads a per-item name
    /// (`dequeueReusableCell(withReuseIdentifier: cellReuseID, …)` with `let cellReuseID = note.identifier`).
    static func dequeuesPerItemCell(around call: FunctionCallExprSyntax, perItem: Set<String>) -> Bool {
        guard let function = call.ancestor(FunctionDeclSyntax.self), let body = function.body else { return false }
        return body.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "dequeueReusableCell" || token.text == "dequeueConfiguredReusableCell",
                  let dequeue = token.ancestor(FunctionCallExprSyntax.self),
                  let identifier = dequeue.argument(labeled: "withReuseIdentifier") ?? dequeue.argument(labeled: "withIdentifier")
            else { return false }
            return identifier.expression.tokens(viewMode: .sourceAccurate).contains { token in
                if case .identifier(let name) = token.tokenKind { return perItem.contains(name) }
                return false
            }
        }
    }

    private static func isConstant(_ expression: ExprSyntax) -> Bool {
        expression.is(StringLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
            || (expression.as(MemberAccessExprSyntax.self)?.base == nil && expression.is(MemberAccessExprSyntax.self))
    }

    /// The names that hold the cell's item where the configuration is built: the item and
    /// index path of the innermost cell provider or registration closure (`{ cell, indexPath,
    /// item in }`, `{ collectionView, indexPath, id in }`: every parameter but the first), or
    /// the non-cell parameters of a cell's configuration method (`configure(with item:)` in a
    /// `…Cell` type, `configure(_ cell: …Cell, with item:)`, `cellForRowAt indexPath`); and the
    /// locals declared from them on the way (`let item = items[indexPath.row]`).
    static func perItemNames(around call: FunctionCallExprSyntax) -> Set<String> {
        var names: Set<String> = []
        var blocks: [CodeBlockItemListSyntax] = []
        var current = call.parent
        while let node = current {
            if let block = node.as(CodeBlockItemListSyntax.self) { blocks.append(block) }
            if let closure = node.as(ClosureExprSyntax.self) {
                let parameters = closure.parameterNames
                if parameters.count >= 3 || parameters.contains("indexPath") {
                    names.formUnion(parameters.dropFirst().filter { $0 != "_" })
                    break
                }
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                names.formUnion(cellMethodItemParameters(function))
                break
            }
            if node.is(MemberBlockSyntax.self) || node.is(InitializerDeclSyntax.self) { break }
            current = node.parent
        }
        guard !names.isEmpty else { return [] }
        // Locals derived from the item, outermost block first so a chain of them is followed.
        for block in blocks.reversed() {
            for item in block {
                let bound: [(String, Syntax)]
                if let variable = item.item.as(VariableDeclSyntax.self) {
                    bound = variable.bindings.compactMap { binding in
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else { return nil }
                        return (name, Syntax(value))
                    }
                } else if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                    bound = guardStatement.conditions.compactMap { condition in
                        guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                              let value = binding.initializer?.value else { return nil }
                        return (name, Syntax(value))
                    }
                } else {
                    continue
                }
                for (name, value) in bound where value.tokens(viewMode: .sourceAccurate).contains(where: { token in
                    if case .identifier(let used) = token.tokenKind { return names.contains(used) }
                    return false
                }) {
                    names.insert(name)
                }
            }
        }
        return names
    }

    /// A cell configuration method's parameters that are not the cell or its container view.
    private static func cellMethodItemParameters(_ function: FunctionDeclSyntax) -> [String] {
        let parameters = function.signature.parameterClause.parameters
        func isCellOrContainer(_ type: String) -> Bool {
            let simple = TypeNames.simple(type) ?? type
            return simple.hasSuffix("Cell") || simple == "UITableView" || simple == "UICollectionView"
        }
        let labels = parameters.map(\.firstName.text)
        let takesCell = parameters.contains { isCellOrContainer($0.type.trimmedText) }
        let inCell = function.ancestor(ClassDeclSyntax.self)?.inheritanceClause?.typeNames.contains { isCellOrContainer($0) } == true
        let isDataSourceMethod = labels.contains("cellForRowAt") || labels.contains("cellForItemAt")
        guard takesCell || inCell || isDataSourceMethod else { return [] }
        return parameters.compactMap { parameter in
            guard !isCellOrContainer(parameter.type.trimmedText) else { return nil }
            let name = parameter.localName
            return name == "_" ? nil : name
        }
    }
}
