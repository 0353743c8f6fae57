import GotchasCore
import SwiftSyntax

/// `id: \.self` makes the whole value the identity: editing any field of a struct
/// with `var`s gives the row a new identity.
struct ForEachIDSelfMutableRule: CallRule {
    static let description = RuleDescription(
        id: "foreach-id-self-mutable",
        category: .crossFile,
        severity: .hint,
        seed: "004 §3",
        summary: "`ForEach(xs, id: \\.self)` (or `\\.hashValue`) over a workspace struct with `var` properties whose elements the file edits in place.",
        rationale: """
            With `id: \\.self` a row's identity is the element's hash. Editing any stored `var` of the \
            struct changes the hash, so SwiftUI sees one row removed and another inserted: row `@State` \
            resets, focus and text selection are lost, and the edit animates as delete and insert. Give the \
            type a stable `id` (`Identifiable`, `let id: UUID`) and drop `id: \\.self`.
            """,
        notFlagged: [
            "another key path, or identity from `id`",
            "strings, enums, immutable structs, ranges",
            "a hand-written hash over a stable key",
            "a collection only replaced whole",
            "`List(…, id: \\.self, selection:)` selecting elements",
            "preview-only code (`if XCODE_RUNNING_FOR_PREVIEWS …`)",
            "a private collection another file's same-named property edits",
        ],
        severityReason: "shown only where code edits elements in place (`ForEach($xs)`, `$xs[i]`, `xs[i].field = …`).",
        asks: [.declaration, .elementEdits],
        useInstead: "identity from `id`",
        triggers: ["\\.self", "\\.hashValue"],
        triggering: [
            RuleExample("""
                struct PlantList: View {
                    @EnvironmentObject var store: GardenStore
                    var body: some View {
                        List {
                            ForEach(store.plants, ↓id: \\.self) { plant in Text(plant.name) }
                        }
                    }
                    func rename(at index: Int, to name: String) { store.plants[index].name = name }
                }
                """, otherFiles: ["GardenStore.swift": """
                    final class GardenStore: ObservableObject { @Published var plants: [Plant] = [] }
                    struct Plant: Hashable { let id: UUID; var name: String }
                    """]),
            RuleExample("""
                struct Tags: View {
                    @Binding var tags: [Tag]
                    var body: some View {
                        List(tags.sorted(by: { $0.name < $1.name }), ↓id: \\.self) { tag in Text(tag.name) }
                        TextField("First", text: $tags[0].name)
                    }
                }
                struct Tag: Hashable { var name: String }
                """),
            RuleExample("""
                struct Checklist: View {
                    @State private var tasks: [Task] = []
                    var body: some View {
                        ForEach(tasks, ↓id: \\.self) { task in Text(task.title) }
                            .onTapGesture { tasks[0].isDone.toggle() }
                    }
                }
                struct Task: Hashable { var title: String; var isDone = false }
                """),
            RuleExample("""
                struct Checklist: View {
                    @State private var tasks: [Task] = []
                    var body: some View {
                        ForEach(tasks, ↓id: \\.hashValue) { task in Text(task.title) }
                            .onTapGesture { tasks[0].isDone.toggle() }
                    }
                }
                struct Task: Hashable { var title: String; var isDone = false }
                """, note: "`\\.hashValue` is the whole value's hash, like `\\.self`"),
            RuleExample("""
                struct ContactList: View {
                    @ObservedObject var book: AddressBook
                    var body: some View {
                        List(book.contacts, ↓id: \\.self) { Text($0.name) }
                    }
                }
                struct Contact: Hashable { let id: UUID; var name: String }
                """, note: "another file replaces elements in place", otherFiles: [
                    "AddressBook.swift": """
                        final class AddressBook: ObservableObject {
                            @Published var contacts: [Contact] = []
                            func rename(_ contact: Contact, to name: String) {
                                guard let i = contacts.firstIndex(of: contact) else { return }
                                var updated = contact
                                updated.name = name
                                contacts[i] = updated
                            }
                        }
                        """,
                ]),
        ],
        nonTriggering: [
            RuleExample("""
                struct Tags: View {
                    let tags: [Tag]
                    var body: some View { ForEach(tags, id: \\.name) { Text($0.name) } }
                }
                struct Tag: Hashable { var name: String }
                """, note: "another key path"),
            RuleExample("""
                struct Names: View {
                    let names: [String]
                    let kinds: [Kind]
                    let points: [Point]
                    var body: some View {
                        ForEach(names, id: \\.self) { Text($0) }
                        ForEach(kinds, id: \\.self) { Text("\\($0)") }
                        ForEach(points, id: \\.self) { Text("\\($0.x)") }
                        ForEach(0..<5, id: \\.self) { Text("\\($0)") }
                    }
                }
                enum Kind: Hashable { case a, b }
                struct Point: Hashable { let x: Int; let y: Int; var sum: Int { x + y } }
                """, note: "String, enums, immutable structs, ranges"),
            RuleExample("""
                struct PlantList: View {
                    let plants: [Plant]
                    var body: some View { ForEach(plants) { Text($0.name) } }
                }
                struct Plant: Identifiable, Hashable { let id: UUID; var name: String }
                """, note: "identity from `id`"),
            RuleExample("""
                struct Rows: View {
                    let rows: [Row]
                    var body: some View { ForEach(rows, id: \\.self) { Text($0.title) } }
                }
                struct Row: Hashable {
                    let key: UUID
                    var title: String
                    func hash(into hasher: inout Hasher) { hasher.combine(key) }
                    static func == (a: Row, b: Row) -> Bool { a.key == b.key }
                }
                """, note: "a hand-written hash over a stable key"),
            RuleExample("""
                struct Feed: View {
                    @State private var posts: [Post] = []
                    var body: some View {
                        List(posts, id: \\.self) { Text($0.title) }
                            .task { posts = await load() }
                            .refreshable { posts = await load() }
                    }
                }
                struct Post: Hashable { var title: String }
                """, note: "a collection only assigned whole: no element is edited in place, so no row's hash changes under it"),
            RuleExample("""
                struct Sidebar: View {
                    @State private var tags: [Tag] = []
                    @State private var selection: Tag?
                    var body: some View {
                        List(tags, id: \\.self, selection: $selection) { Text($0.name) }
                        TextField("Tag", text: $tags[0].name)
                    }
                }
                struct Tag: Hashable { var name: String }
                """, note: "`List(…, id: \\.self, selection:)` whose selection type is the element type: selection needs the element as the ID"),
        ])

    static let calledNames: Set<String> = ["ForEach", "List"]
    /// The evidence of in-place edits may sit in another declaration of the file (an
    /// extension of the view, the store declared next to it).
    static let readsOtherDeclarations = true
    static let passthroughMethods: Set<String> = ["sorted", "filter", "reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self),
              let idArgument = call.argument(labeled: "id"),
              let keyPath = idArgument.expression.as(KeyPathExprSyntax.self), keyPath.root == nil,
              keyPath.components.count == 1, let component = keyPath.components.first?.trimmedText,
              // `\.hashValue` is the same identity as `\.self`: the whole value's hash.
              component == ".self" || component == ".hashValue",
              var data = call.arguments.first?.expression, call.arguments.first?.label == nil
        else { return }
        // `xs.sorted()`, `xs.filter { }` keep the element type.
        while let inner = data.as(FunctionCallExprSyntax.self), let member = inner.calledExpression.as(MemberAccessExprSyntax.self),
              Self.passthroughMethods.contains(member.declName.baseName.text), let base = member.base {
            data = base
        }
        guard let collection = WorkspaceRuleSupport.typeName(of: data, in: context),
              let element = TypeNames.element(of: collection).flatMap(TypeNames.simple),
              let declaration = context.declaration(of: element, ifKind: .struct),
              // A hand-written `hash(into:)` may hash only a stable key.
              !declaration.scope.methodNames.contains("hash"),
              let field = declaration.scope.storedVariables.first,
              // `List(tags, id: \.self, selection: $selected)` with `selected: Tag?` or `Set<Tag>`:
              // selection needs the element itself as the ID, so `\.self` is the only spelling.
              !Self.selectsElements(call, element: element, in: context),
              // Only evidence that elements change in place makes a changing hash likely: a
              // collection only ever assigned whole (`posts = await load()`) gives new rows anyway.
              let collectionName = data.unwrapped.dottedName?.split(separator: ".").last.map(String.init)
        else { return }
        // Code that runs only in Xcode's previews: no user edits anything there.
        if Self.isPreviewOnlyBranch(Syntax(call)) { return }
        // The evidence may be in this file or in any other (a store replacing `items[i] = updated`).
        // A private property of this type is edited elsewhere only through a binding this file hands
        // on (`$items`): without one, another file's `items[i] = …` is another type's `items`.
        let reachableElsewhere = !(WorkspaceRuleSupport.enclosingProperty(named: collectionName, in: context)?.isPrivate ?? false)
            || context.tree.tokens(viewMode: .sourceAccurate).contains { $0.text == "$" + collectionName }
        let editors = context.tree.editsElementsInPlace(of: collectionName) ? [context.path]
            : reachableElsewhere ? context.filesEditingElements(of: collectionName).filter { $0 != context.path } : []
        guard !editors.isEmpty else { return }
        let editing = editors == [context.path] ? "this file edits" : "code \(WorkspaceRuleSupport.place(editors, from: context)) edits"
        report.append(Finding(
            message: "`id: \\\(component)` makes each `\(element)`'s hash its identity, and \(editing) `\(collectionName)`'s elements in place (`\(element)`, declared \(WorkspaceRuleSupport.place([declaration.path], from: context)), has `var \(field.name)`): an edit gives the row a new identity (row state resets, focus is lost); identify rows by a stable `id`",
            range: idArgument.byteRange,
            related: [WorkspaceRuleSupport.related(declaration, "`\(element)` is declared here")]))
    }

    /// The code stands in an `if` whose condition reads `XCODE_RUNNING_FOR_PREVIEWS` (the environment
    /// variable Xcode sets for previews): the branch runs only in a preview.
    static func isPreviewOnlyBranch(_ node: Syntax) -> Bool {
        var current = node
        while let parent = current.parent {
            if let ifExpr = parent.as(IfExprSyntax.self), current.id == ifExpr.body.id,
               ifExpr.conditions.tokens(viewMode: .sourceAccurate).contains(where: { $0.text.contains("XCODE_RUNNING_FOR_PREVIEWS") }) {
                return true
            }
            if parent.is(MemberBlockItemSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// A `selection:` whose binding holds the element (or a set / optional of it), or whose
    /// type is unknown (maybe the element: stay quiet).
    static func selectsElements(_ call: FunctionCallExprSyntax, element: String, in context: RuleContext) -> Bool {
        guard let selection = call.argument(labeled: "selection")?.expression else { return false }
        var text = selection.trimmedText
        if text.hasPrefix("$") { text.removeFirst() }
        var parts = text.split(separator: ".").map(String.init)
        if parts.first == "self" { parts.removeFirst() }
        guard let first = parts.first, var property = WorkspaceRuleSupport.enclosingProperty(named: first, in: context) else { return true }
        for part in parts.dropFirst() {
            guard let holder = property.inferredTypeName.flatMap(TypeNames.simple), let next = context.type(named: holder)?.property(named: part)
            else { return true }
            property = next
        }
        guard let written = property.typeName ?? property.inferredTypeName else { return true }
        let held = TypeNames.element(of: written) ?? TypeNames.strippingOptional(written)
        return TypeNames.simple(held) == element
    }
}
