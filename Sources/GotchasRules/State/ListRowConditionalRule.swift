import GotchasCore
import SwiftSyntax

/// `List`/`Table` gather every row's views up front; an `if` filter or `AnyView` in
/// the row closure forces building each row to count its views.
struct ListRowConditionalRule: Rule {
    static let description = RuleDescription(
        id: "list-row-conditional",
        category: .state,
        severity: .info,
        seed: "003 r17",
        summary: "An `if` without `else`, or `AnyView`, directly in the row closure of a `List`/`ForEach` in a list (also a `ForEach` in a view property its type shows in a list).",
        rationale: """
            `List` and `Table` collect every row's identity and view count before showing any. A row that \
            yields a constant number of views is counted without being built; an `if` filter (zero or one \
            view) or an `AnyView` forces SwiftUI to run every row's closure up front, which hitches long \
            lists. Filter the data in the model and give `ForEach` only the rows to show.
            """,
        notFlagged: [
            "`if`/`else` (one view either way)",
            "an `if` that hides a `Section`",
            "a constant handful of rows, or data never changed",
            "an `if case` on the element's kind",
            "a `ForEach` in a stack, not a list",
        ],
        severityReason: "a cost that shows on long lists.",
        asks: [.declaration],
        useInstead: "the recommended shape: filtered in the model",
        triggers: ["List", "ForEach", "Table", "Form"],
        triggering: [
            """
            var body: some View {
                List(items) { item in
                    ↓if item.isVisible {
                        Row(item: item)
                    }
                }
            }
            """,
            """
            var body: some View {
                List {
                    Section("Done") {
                        ForEach(tasks) { task in
                            ↓if let date = task.completedAt {
                                DoneRow(task: task, date: date)
                            }
                        }
                    }
                }
            }
            """,
            """
            var body: some View {
                Form {
                    ForEach(fields) { field in
                        ↓AnyView(field.editor)
                    }
                }
            }
            """,
            """
            var body: some View {
                List(selection: $selection) {
                    ForEach(accounts) { account in
                        ↓if account.isActive {
                            AccountRow(account: account)
                        } else if account.isPending {
                            PendingRow(account: account)
                        }
                    }
                }
            }
            """,
            RuleExample("""
                struct ChatView: View {
                    @State private var messages: [Message] = []
                    private var history: some View {
                        ForEach(messages) { message in
                            MessageRow(message: message)
                            ↓if message.isFirstUnread { UnreadDivider() }
                        }
                    }
                    var body: some View {
                        List { history.listRowSeparator(.hidden) }
                    }
                }
                """, note: "rows of a property its own type shows in a `List`"),
        ],
        nonTriggering: [
            RuleExample("""
                List {
                    ForEach(Filter.allCases, id: \\.self) { filter in
                        if filter.isAvailable { Text(filter.title) }
                    }
                }
                """, note: "a constant handful of rows"),
            RuleExample("""
                List {
                    ForEach(groups, id: \\.title) { group in
                        if !group.items.isEmpty {
                            Section(group.title) { ForEach(group.items) { Text($0.name) } }
                        }
                    }
                }
                """, note: "the `if` hides a section"),
            RuleExample("""
                List {
                    ForEach(mutedItems) { item in
                        if case .hashtag(let tag) = item { HashtagRow(tag: tag) }
                    }
                }
                """, note: "a match on the element's kind: a list of one kind passes it on every row"),
            RuleExample("""
                struct WalletPicker: View {
                    static let wallets: [Wallet] = [.cash, .card, .bank]
                    var body: some View {
                        List(Self.wallets) { wallet in
                            if wallet.isInstalled { WalletRow(wallet: wallet) }
                        }
                    }
                }
                """, note: "a `static let` handful the code never changes"),
            RuleExample("""
                List(items) { item in
                    if item.isDone { DoneRow(item: item) } else { Row(item: item) }
                }
                """, note: "if/else: one view per row either way"),
            RuleExample("""
                List(visibleItems) { item in Row(item: item) }
                """, note: "the recommended shape: filtered in the model"),
            RuleExample("""
                List {
                    if showHeader { Header() }
                    ForEach(items) { Row(item: $0) }
                }
                """, note: "static list content, not a row closure"),
            RuleExample("""
                List(groups) { group in
                    Section(group.name) {
                        ForEach(group.items) { item in Row(item: item) }
                    }
                }
                """, note: "sections and nested ForEach"),
            RuleExample("""
                VStack {
                    ForEach(items) { item in
                        if item.isVisible { Row(item: item) }
                    }
                }
                """, note: "a ForEach in a stack, not a list"),
            RuleExample("""
                struct ChatView: View {
                    @State private var messages: [Message] = []
                    private var history: some View {
                        ForEach(messages) { message in
                            if message.isFirstUnread { UnreadDivider() }
                        }
                    }
                    var body: some View {
                        List { Header() }
                        ScrollView { LazyVStack { history } }
                    }
                }
                """, note: "a property its type shows in a stack, not a list"),
            RuleExample("""
                List(items) { item in
                    HStack {
                        if item.isStarred { Image(systemName: "star") }
                        Text(item.name)
                    }
                }
                """, note: "an if inside the row's own layout"),
            RuleExample("""
                Form {
                    Picker("First tab", selection: $first) {
                        ForEach(Tab.allCases) { tab in
                            if tab != second { tab.label.tag(tab) }
                        }
                    }
                }
                """, note: "a Picker's options inside a Form, not list rows"),
            RuleExample("""
                List(items) { item in
                    Row(item: item).onTapGesture { if item.isEnabled { open(item) } }
                }
                """, note: "an if in an action closure"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.ifExpr, .functionCallExpr]
    static let callees: Set<String>? = ["AnyView"]

    static let lists: Set<String> = ["List", "Table", "Form", "OutlineGroup"]
    static let listStructure: Set<String> = ["Section", "Group", "ForEach", "DisclosureGroup", "OutlineGroup"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard context.execution != .deferred, let row = context.innermostContainer,
              Self.isRowClosure(row, context: context),
              let item = (node.parent?.as(ExpressionStmtSyntax.self).map(Syntax.init) ?? node).parent?.as(CodeBlockItemSyntax.self),
              item.parent?.parent?.id == row.closure.id
        else { return }
        // A constant handful of rows (`Kind.allCases`, a literal or a local `let` of one) costs
        // nothing to build up front.
        if let data = row.call?.arguments.first, data.label == nil,
           Self.isConstantHandful(data.expression, in: row.closure) || UnchangingData.holds(data.expression, in: context) { return }
        if let ifExpr = node.as(IfExprSyntax.self) {
            guard ifExpr.canProduceNothing else { return }
            // `if case .hashtag = item`: a match on the element's kind, which a list of one kind
            // always passes; not the seed's filter.
            if ifExpr.conditions.contains(where: { $0.condition.is(MatchingPatternConditionSyntax.self) }) { return }
            // An `if` around a `Section` costs a section, not a row: sections are built up front anyway.
            if Self.wrapsOnlySections(ifExpr) { return }
            report.append(Finding(
                message: "An `if` without `else` in a list's row closure makes the row count unknown, so SwiftUI builds every row up front; filter the data in the model instead",
                range: ifExpr.ifKeyword.byteRange.lowerBound..<ifExpr.conditions.endPositionBeforeTrailingTrivia.utf8Offset))
        } else if let call = node.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedText == "AnyView" {
            report.append(Finding(
                message: "`AnyView` in a list's row closure hides the row's structure, so SwiftUI builds every row up front to count it; use a concrete view (`@ViewBuilder`, `switch`)",
                range: call.byteRange))
        }
    }

    /// `Kind.allCases`, an array literal, or a name bound in the enclosing code to an array literal.
    static func isConstantHandful(_ expression: ExprSyntax, in closure: ClosureExprSyntax) -> Bool {
        let expression = expression.unwrapped
        if expression.is(ArrayExprSyntax.self) { return true }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "allCases" { return true }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        var current = Syntax(closure).parent
        while let node = current {
            if let items = node.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.text == "let" else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        return binding.initializer?.value.unwrapped.is(ArrayExprSyntax.self) == true
                    }
                }
            }
            current = node.parent
        }
        return false
    }

    /// Every statement of the `if` body is a `Section { … }`.
    static func wrapsOnlySections(_ ifExpr: IfExprSyntax) -> Bool {
        !ifExpr.body.statements.isEmpty && ifExpr.body.statements.allSatisfy { item in
            var expression = item.item.as(ExprSyntax.self)?.unwrapped
            while let call = expression?.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                expression = member.base?.unwrapped  // `.listRowBackground(…)` and other modifiers of the section
            }
            return expression?.as(FunctionCallExprSyntax.self)?.calleeName == "Section"
        }
    }

    /// The member (computed property or method) around `node` is used, in its own type's
    /// declaration, as content of a list: a statement of a `List`/`Form`/`Table` closure, or of
    /// list structure (`Section { … }`) inside one, possibly with modifiers.
    static func isListContentOfItsType(_ node: Syntax) -> Bool {
        var current = node.parent
        var member: String?
        while let parent = current {
            if member == nil {
                if let variable = parent.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                   let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    member = name
                } else if let function = parent.as(FunctionDeclSyntax.self) {
                    member = function.name.text
                } else if parent.is(ClosureExprSyntax.self) == false, parent.isProtocol(DeclGroupSyntax.self) {
                    return false
                }
            } else if let type = parent.asProtocol(DeclGroupSyntax.self), let member {
                return type.memberBlock.tokens(viewMode: .sourceAccurate).contains { token in
                    token.text == member && token.parent?.is(DeclReferenceExprSyntax.self) == true
                        && standsAsListContent(token.parent!)
                }
            }
            current = parent.parent
        }
        return false
    }

    /// `reference` (possibly `self.x`, with modifiers) is a statement of a list's content
    /// closure, with only list structure between.
    private static func standsAsListContent(_ reference: Syntax) -> Bool {
        var node = reference
        while let parent = node.parent {
            if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == node.id || access.declName.id == node.id {
                node = parent  // `self.history`, `history.listRowInsets(…)`'s callee
            } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
                node = parent  // a modifier's call
            } else {
                break
            }
        }
        guard let item = node.parent?.as(CodeBlockItemSyntax.self),
              let closure = item.parent?.parent?.as(ClosureExprSyntax.self),
              let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
              let name = call.calleeName
        else { return false }
        if lists.contains(name) { return true }
        return listStructure.contains(name) && name != "ForEach" && standsAsListContent(Syntax(call))
    }

    /// `List(data) { row }`, or `ForEach { row }` inside a list.
    private static func isRowClosure(_ frame: ContainerFrame, context: RuleContext) -> Bool {
        guard frame.label == nil, let call = frame.call else { return false }
        switch frame.name {
        case "ForEach":
            // The ForEach must be list rows: between it and the list only list structure
            // (a `Picker`'s or `Menu`'s ForEach in a Form builds options, not rows).
            for outer in context.containers.dropLast().reversed() {
                if lists.contains(outer.name) { return true }
                guard listStructure.contains(outer.name) else { return false }
            }
            // No list around it here: a view property or method of the type whose rows a list
            // of the same type shows (`List { history }`) is list rows one call away.
            return isListContentOfItsType(Syntax(call))
        case "List", "OutlineGroup":
            return call.arguments.first.map { $0.label == nil } ?? false
        default:
            return false
        }
    }
}
