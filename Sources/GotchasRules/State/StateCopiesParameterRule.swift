import GotchasCore
import SwiftSyntax

/// `_x = State(initialValue: p)` runs only when the view's identity is created; later
/// values of `p` from the parent are ignored.
struct StateCopiesParameterRule: CallRule {
    static let description = RuleDescription(
        id: "state-copies-parameter",
        category: .state,
        severity: .warning,
        seed: "001, 004 §2, 000 G2",
        summary: "`@State` seeded from a value-type init parameter (`_x = State(initialValue: p)`).",
        rationale: """
            SwiftUI keeps `@State` storage for the view's identity and uses the initial value only the first \
            time. When the parent later passes a different value, the initializer runs again but the state \
            keeps the old copy, so the view shows stale data. Take a `@Binding` or a plain `let` if the \
            parent owns the value; for a draft that must restart, give the view `.id(p)` at the call site or \
            react with `.onChange(of: p)`.
            """,
        notFlagged: [
            "a draft with a way back (a closure or `Binding` that commits it)",
            "a value the view edits and saves, or hands on",
            "a starting mode of the view's own navigation",
            "the parameter also kept as is",
            "a new value built from the parameter",
        ],
        severityReason: "warning: the view ignores the parent's later values; info where the view's code in another file (an extension) edits the copy, a draft it owns.",
        asks: [.declaration, .elementEdits],
        useInstead: "the recommended shape: a binding",
        triggers: ["State("],
        triggering: [
            RuleExample("""
                struct Filter: View {
                    enum Scope { case all, unread }
                    @State private var scope: Scope
                    init(scope: Scope) { _scope = ↓State(initialValue: scope) }
                    var body: some View { Text(scope == .all ? "All" : "Unread") }
                }
                """, note: "an enum the view declares, but only shown: the parent's later value is ignored"),
            """
            struct ScoreView: View {
                @State private var score: Int
                init(score: Int) {
                    _score = ↓State(initialValue: score)
                }
                var body: some View { Text("\\(score)") }
            }
            """,
            """
            struct NameField: View {
                @State private var draft: String
                @State private var tags: [String]
                init(name: String, tags list: [String]) {
                    self._draft = ↓State(wrappedValue: name)
                    _tags = ↓State(initialValue: list)
                }
                var body: some View { TextField("Name", text: $draft) }
            }
            """,
            """
            struct Point { var x = 0.0 }
            struct Editor: View {
                @State private var origin: Point
                @State private var title: String
                init(item: Item, origin: Point) {
                    _origin = ↓State(initialValue: origin)
                    _title = ↓State(initialValue: item.title)
                }
                var body: some View { Text(title) }
            }
            extension Editor {
                struct Item { var title: String }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct VocabDetails: View {
                    @State private var entry: VocabEntry
                    init(entry: VocabEntry) { _entry = State(initialValue: entry) }
                    var body: some View {
                        TextField("Note", text: $entry.note)
                        Button("Save") { VocabStore.shared.update(entry) }
                    }
                }
                """, note: "a draft the view edits and saves itself", otherFiles: ["Vocab.swift": "struct VocabEntry { var note = \"\" }"]),
            RuleExample("""
                struct MangaScreen: View {
                    @State private var openAction: OpenAction?
                    init(openAction: OpenAction?) { _openAction = State(initialValue: openAction) }
                    var body: some View {
                        Text("Manga").onAppear {
                            if let openAction { perform(openAction) }
                            openAction = nil
                        }
                    }
                }
                """, note: "a one-shot command consumed on appear and cleared", otherFiles: ["Action.swift": "enum OpenAction { case read }"]),
            RuleExample("""
                struct ItemListScreen: View {
                    @State private var model: ItemListModel
                    init(model: ItemListModel) { _model = State(initialValue: model) }
                    var body: some View { Text("x") }
                }
                @Observable final class ItemListModel {}
                """, note: "seeding an owned @Observable model (seed 002 worked example)"),
            RuleExample("""
                struct Screen: View {
                    @State private var model: Model
                    init(id: Int) { _model = State(initialValue: Model(id: id)) }
                    var body: some View { Text("x") }
                }
                """, note: "a new value built from the parameter, not a copy of it"),
            RuleExample("""
                struct Counter: View {
                    @State private var count: Int
                    init() { _count = State(initialValue: 0) }
                    var body: some View { Text("\\(count)") }
                }
                """, note: "a constant"),
            RuleExample("""
                struct Screen: View {
                    @State private var store: Store
                    init(store: Store) { _store = State(initialValue: store) }
                    var body: some View { Text("x") }
                }
                """, note: "a type of unknown kind: it may be a class the view takes ownership of"),
            RuleExample("""
                final class Cache {
                    var limit: Int
                    init(limit: Int) { self.limit = limit; _ = State(initialValue: limit) }
                }
                """, note: "not a View"),
            RuleExample("""
                enum Filter { case home, local }
                private struct FilterTab: View {
                    @State private var filter: Filter
                    init(initialFilter: Filter) { _filter = State(initialValue: initialFilter) }
                    var body: some View { Text("x") }
                }
                """, note: "a parameter named as an initial value: a deliberate seed"),
            RuleExample("""
                struct Row: View {
                    @Binding var score: Int
                    init(score: Binding<Int>) { _score = score }
                    var body: some View { Text("\\(score)") }
                }
                """, note: "the recommended shape: a binding"),
            RuleExample("""
                struct Browser: View {
                    let initialPath: String
                    @State private var currentPath: String
                    init(path: String) {
                        self.initialPath = path
                        _currentPath = State(initialValue: path)
                    }
                    var body: some View { Text(currentPath) }
                }
                """, note: "the starting value kept apart from where the user has browsed to"),
            RuleExample("""
                struct FilterEditor: View {
                    @State private var selection: Filter
                    init(selection: Filter) { _selection = State(initialValue: selection) }
                    var body: some View {
                        Picker("Filter", selection: $selection) { Text("All").tag(Filter.all) }
                        ResultsList(filter: selection)
                    }
                }
                """, note: "an edited selection handed on to another view of the app",
                otherFiles: ["ResultsList.swift": "enum Filter { case all }\nstruct ResultsList: View { let filter: Filter; var body: some View { Text(\"\\(filter)\") } }"]),
            RuleExample("""
                typealias OnLanguageSelected = (String) -> Void
                struct LanguagePicker: View {
                    @State private var selected: String
                    private let onSelect: OnLanguageSelected
                    init(selected: String, onSelect: @escaping OnLanguageSelected) {
                        _selected = State(initialValue: selected)
                        self.onSelect = onSelect
                    }
                    var body: some View { Text(selected) }
                }
                """, note: "an owned draft with a way back: an escaping closure commits the choice"),
            RuleExample("""
                struct NameEditor: View {
                    @State private var draft: String
                    var onSave: ((String) -> Void)?
                    init(name: String, onSave: ((String) -> Void)? = nil) {
                        _draft = State(initialValue: name)
                        self.onSave = onSave
                    }
                    var body: some View { TextField("Name", text: $draft) }
                }
                """, note: "an owned draft with a way back: an optional save closure"),
            RuleExample("""
                struct TitleEditor: View {
                    @State private var draft: String
                    @Binding var committed: String
                    init(title: String, committed: Binding<String>) {
                        _draft = State(initialValue: title)
                        _committed = committed
                    }
                    var body: some View { TextField("Title", text: $draft).onSubmit { committed = draft } }
                }
                """, note: "an owned draft with a way back: a binding the edit is committed to"),
            RuleExample("""
                struct SubscriptionContainerView: View {
                    enum Screen { case subscribe, restore, email }
                    @State private var screen: Screen
                    init(startingAt start: Screen) { _screen = State(initialValue: start) }
                    var body: some View {
                        switch screen {
                        case .subscribe: SubscribeView(screen: $screen)
                        case .restore: RestoreView(screen: $screen)
                        case .email: EmailView()
                        }
                    }
                }
                """, note: "the parameter seeds the view's own navigation, an enum it declares and then drives itself"),
        ])

    static let calledNames: Set<String> = ["State"]

    static let valueTypes: Set<String> = [
        "String", "Substring", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "CGFloat", "Bool", "Date", "UUID", "URL", "Decimal", "Data", "Character",
        "CGPoint", "CGSize", "CGRect", "Color", "TimeInterval", "IndexPath", "DateComponents",
    ]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              callee == "State" || callee == "SwiftUI.State",
              call.arguments.count == 1,
              let argument = call.arguments.first, argument.label?.text == "initialValue" || argument.label?.text == "wrappedValue",
              context.enclosingView != nil,
              let frame = context.enclosingFunction, frame.kind == .initializer,
              let initializer = frame.node.as(InitializerDeclSyntax.self)
        else { return }
        // `p` or `p.field`: the root names an init parameter.
        var expression = argument.expression.unwrapped
        while let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            expression = base.unwrapped
        }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let parameter = initializer.signature.parameterClause.parameters.first(where: { $0.localName == name })
        else { return }
        // `init(initialFilter:)`, `defaultValue`: the name says the seed is deliberate.
        let external = parameter.firstName.text
        if [name, external].contains(where: { $0.hasPrefix("initial") || $0.hasPrefix("default") }) { return }
        // A field of a value-type parameter is a copy too; of a class, we cannot tell.
        guard Self.isValueType(parameter.type, in: context) else { return }
        // A save/cancel editor: the init also takes a way back (a closure or a `Binding` that
        // commits the value), so the state is an owned draft on purpose, not a stale copy.
        if initializer.signature.parameterClause.parameters.contains(where: { WorkspaceRuleSupport.isWayBack($0.type) }) { return }
        // A starting mode of the view's own navigation (DuckDuckGo's `SubscriptionContainerView`:
        // `init(currentView: CurrentViewType)` picks the first screen, then the screens switch it
        // through `$currentViewType`): the state's type is an enum the view declares, and the view
        // itself drives it. A parent passing a later value is not what this state is for. The
        // seed's gotcha — a copied `String`/`Int` shown or edited with no way back — stays flagged.
        if let target = Self.stateName(assignedBy: call), Self.isOwnModeDrivenByView(parameter.type, state: target, initializer: initializer) { return }
        // The view owns the value: it changes it and hands it on itself when something happens
        // (saves the edited draft through a service, consumes a one-shot command on appear and
        // clears it). A copy only shown, or edited with nowhere to go, is the stale one.
        if let target = Self.stateName(assignedBy: call), let members = initializer.parent?.parent?.parent?.as(MemberBlockSyntax.self),
           WorkspaceRuleSupport.writes(target, in: members, mutating: Self.mutatingMembers),
           Self.isReadWhenSomethingHappens(target, in: members) {
            return
        }
        // The init also keeps the parameter itself (`self.initialPath = path`): the view tells the
        // starting value from where it has got to since, so the state is a working copy on purpose.
        if Self.storesParameterApart(name, in: initializer) { return }
        // Handed on: the state goes to another screen or view of the app, which is where it is used.
        if let target = Self.stateName(assignedBy: call), let members = initializer.parent?.parent?.parent?.as(MemberBlockSyntax.self),
           Self.isHandedOn(target, in: members, context: context) {
            return
        }
        // The view's code in another file (an extension) edits the copy: a draft the view owns,
        // whose way back this file does not show.
        if let target = Self.stateName(assignedBy: call), let view = context.enclosingType,
           let editing = context.filesChanging(view.qualifiedName + "." + target).first(where: { $0 != context.path }) {
            report.append(Finding(
                message: "`@State` copies the init parameter `\(name)` once, and the view edits the copy \(WorkspaceRuleSupport.place([editing], from: context)): "
                    + "a draft, which a new value from the parent does not reach; if it should, take a `@Binding`, or reset with `.id(…)`",
                range: call.byteRange, loweredSeverity: .info))
            return
        }
        report.append(Finding(
            message: "`@State` copies the init parameter `\(name)` once: when the parent passes a new value the view keeps the old one; take a `@Binding`/`let`, or reset with `.id(…)` or `.onChange(of:)`",
            range: call.byteRange))
    }

    /// Mutating calls that change a copied value in place.
    static let mutatingMembers: Set<String> = ["append", "insert", "remove", "removeAll", "toggle", "sort", "formUnion", "subtract"]

    /// `name` is read in code that runs on an event: a method of the type, or a closure run later
    /// (`Button { save(draft) }`, `.onAppear { … }`, `.task { }`), outside any `init`.
    static func isReadWhenSomethingHappens(_ name: String, in members: MemberBlockSyntax) -> Bool {
        for member in members.members where !member.decl.is(InitializerDeclSyntax.self) {
            for token in member.decl.tokens(viewMode: .sourceAccurate) where token.text == name {
                guard token.parent?.is(DeclReferenceExprSyntax.self) == true else { continue }
                var current = token.parent
                while let node = current, node.id != member.id {
                    if node.is(FunctionDeclSyntax.self) { return true }
                    if let closure = node.as(ClosureExprSyntax.self), ClosureRole.of(closure) == .deferred { return true }
                    current = node.parent
                }
            }
        }
        return false
    }

    /// The init assigns the parameter `name` itself to a stored property (`self.initialPath = path`),
    /// not only to the state's storage.
    static func storesParameterApart(_ name: String, in initializer: InitializerDeclSyntax) -> Bool {
        guard let body = initializer.body else { return false }
        for statement in body.statements {
            guard let sequence = statement.item.as(SequenceExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self)
            else { continue }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                  elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text == name else { continue }
            let target = elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            if let target, !target.hasPrefix("_") { return true }
        }
        return false
    }

    /// `name` or `$name`, outside an `init`, is an argument of a call to a view type the workspace
    /// declares (`Detail(selection: selection)`) or of `NavigationLink(value:)`.
    static func isHandedOn(_ name: String, in members: MemberBlockSyntax, context: RuleContext) -> Bool {
        for member in members.members where !member.decl.is(InitializerDeclSyntax.self) {
            for token in member.decl.tokens(viewMode: .sourceAccurate) where token.text == name || token.text == "$" + name {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                      let argument = reference.parent?.as(LabeledExprSyntax.self),
                      let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                      let callee = call.calleeName, callee.first?.isUppercase == true
                else { continue }
                if callee == "NavigationLink", argument.label?.text == "value" { return true }
                if context.type(named: callee)?.isView == true { return true }
            }
        }
        return false
    }

    /// `score` for `_score = State(…)` / `self._score = State(…)`.
    static func stateName(assignedBy call: FunctionCallExprSyntax) -> String? {
        guard let sequence = call.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == call.id else { return nil }
        let target = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard let target, target.hasPrefix("_") else { return nil }
        return String(target.dropFirst())
    }

    /// The parameter's type is an enum declared inside the view, and a member other than an
    /// `init` hands `$state` on or assigns `state`.
    static func isOwnModeDrivenByView(_ type: TypeSyntax, state: String, initializer: InitializerDeclSyntax) -> Bool {
        guard let typeName = type.as(IdentifierTypeSyntax.self)?.name.text,
              let members = initializer.parent?.parent?.as(MemberBlockItemListSyntax.self),
              members.contains(where: { $0.decl.as(EnumDeclSyntax.self)?.name.text == typeName })
        else { return false }
        return members.contains { member in
            guard !member.decl.is(InitializerDeclSyntax.self) else { return false }
            let tokens = Array(member.decl.tokens(viewMode: .sourceAccurate))
            return tokens.indices.contains { index in
                tokens[index].text == "$" + state
                    || (tokens[index].text == state && index + 1 < tokens.count && tokens[index + 1].tokenKind == .equal)
            }
        }
    }


    /// String, Int, Bool, … arrays and optionals of them, and structs/enums declared in the workspace.
    static func isValueType(_ type: TypeSyntax, in context: RuleContext) -> Bool {
        if let optional = type.as(OptionalTypeSyntax.self) { return isValueType(optional.wrappedType, in: context) }
        if let array = type.as(ArrayTypeSyntax.self) { return isValueType(array.element, in: context) }
        if let dictionary = type.as(DictionaryTypeSyntax.self) { return isValueType(dictionary.value, in: context) }
        if type.is(TupleTypeSyntax.self) { return true }
        var name = type.trimmedText
        if let member = type.as(MemberTypeSyntax.self) { name = member.name.text }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            if ["Array", "Set", "Optional"].contains(identifier.name.text),
               let argument = identifier.genericArgumentClause?.arguments.first {
                return argument.argument.as(TypeSyntax.self).map { isValueType($0, in: context) } ?? false
            }
            name = identifier.name.text
        }
        if valueTypes.contains(name) { return true }
        guard let declared = context.type(named: name) else { return false }
        return (declared.kind == .struct || declared.kind == .enum) && !declared.isView
    }
}
