import GotchasCore
import SwiftSyntax

/// `navigationDestination(for:)` belongs with the `NavigationStack`, declared once on
/// its root content. Inside a lazy container's rows it may not be loaded when a value
/// is pushed; in a view that pushes another instance of itself it is re-registered on
/// every push.
struct NavigationDestinationPlacementRule: CallRule {
    static let description = RuleDescription(
        id: "navigation-destination-placement",
        category: .navigation,
        severity: .warning,
        seed: "000 G4",
        summary: "`.navigationDestination(for:)` inside list/lazy-stack rows, or in a view that pushes itself.",
        rationale: """
            SwiftUI resolves a pushed value against the destinations registered on the stack. One inside a \
            `List`, `ForEach` or lazy stack row is registered only while that row is loaded, and one in a \
            view that pushes itself is registered again on every push, so navigation becomes unreliable. \
            Declare each `navigationDestination(for:)` once, on the root content of the `NavigationStack`.
            """,
        notFlagged: [
            "on the stack's root content",
            "`navigationDestination(isPresented:)` and `(item:)`",
            "a stack nested in the row",
            "a view that pushes another view type",
        ],
        severityReason: "pushes fail or resolve to the wrong destination.",
        useInstead: "on the stack's root content, outside the rows",
        triggering: [
            """
            struct Library: View {
                let books: [Book]
                var body: some View {
                    NavigationStack {
                        List {
                            ForEach(books) { book in
                                NavigationLink(book.title, value: book)
                                    ↓.navigationDestination(for: Book.self) { BookDetail(book: $0) }
                            }
                        }
                    }
                }
            }
            """,
            """
            struct Feed: View {
                let posts: [Post]
                var body: some View {
                    ScrollView {
                        LazyVStack {
                            ForEach(posts) { post in
                                PostRow(post: post)
                            }
                            ↓.navigationDestination(
                                for: Post.self
                            ) { post in PostDetail(post: post) }
                        }
                    }
                }
            }
            """,
            """
            struct FolderView: View {
                let folder: Folder
                var body: some View {
                    List(folder.children) { child in
                        NavigationLink(child.name, value: child)
                    }
                    ↓.navigationDestination(for: Folder.self) { child in
                        FolderView(folder: child)
                            .navigationTitle(child.name)
                    }
                }
            }
            """,
            """
            struct Thread: View {
                let message: Message
                var body: some View { content }
            }
            extension Thread {
                @ViewBuilder var content: some View {
                    VStack {
                        Text(message.text)
                    }
                    ↓.navigationDestination(for: Message.self) { Thread(message: $0) }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct Library: View {
                    let books: [Book]
                    var body: some View {
                        NavigationStack {
                            List(books) { book in
                                NavigationLink(book.title, value: book)
                            }
                            .navigationDestination(for: Book.self) { BookDetail(book: $0) }
                        }
                    }
                }
                """, note: "on the stack's root content, outside the rows"),
            RuleExample("""
                struct Row: View {
                    @State private var showDetail = false
                    let item: Item
                    var body: some View {
                        ForEach(item.parts) { part in
                            Text(part.name)
                                .navigationDestination(isPresented: $showDetail) { PartDetail(part: part) }
                        }
                    }
                }
                """, note: "`navigationDestination(isPresented:)`/`(item:)` are not type registrations"),
            RuleExample("""
                struct Tabs: View {
                    var body: some View {
                        List {
                            NavigationStack {
                                Home()
                                    .navigationDestination(for: Route.self) { RouteView(route: $0) }
                            }
                        }
                    }
                }
                """, note: "the root content of a stack nested in the container"),
            RuleExample("""
                struct FolderView: View {
                    let folder: Folder
                    var body: some View {
                        List(folder.children) { NavigationLink($0.name, value: $0) }
                            .navigationDestination(for: File.self) { FileView(file: $0) }
                    }
                }
                """, note: "pushes a different view type"),
            RuleExample("let navigationDestination = \"ForEach\"", note: "an identifier named like the modifier"),
        ])

    static let calledNames: Set<String> = ["navigationDestination"]

    /// Containers whose rows are built lazily.
    static let rowContainers: Set<String> = ["ForEach", "List", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Table", "OutlineGroup"]
    /// Content closures that start a new navigation root.
    static let navigationRoots: Set<String> = ["NavigationStack", "NavigationSplitView", "sheet", "fullScreenCover", "popover"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(MemberAccessExprSyntax.self),
              call.argument(labeled: "for") != nil
        else { return }
        if let row = context.containers.lastIndex(where: { Self.rowContainers.contains($0.name) }),
           !context.containers[row...].contains(where: { Self.navigationRoots.contains($0.name) }) {
            let name = context.containers[row].name
            report.append(Finding(
                message: "`.navigationDestination(for:)` inside `\(name)` content is only registered while that row is loaded; declare it once on the NavigationStack's root content",
                range: call.rangeFromCalleeName))
            return
        }
        if let view = context.enclosingView, pushesItself(view.name, call) {
            report.append(Finding(
                message: "`\(view.name)` registers `.navigationDestination(for:)` and pushes another `\(view.name)`, so every push registers it again; declare the destination once on the NavigationStack's root",
                range: call.rangeFromCalleeName))
        }
    }

    /// True when the destination closure's result is (a modifier chain on) `name(…)`.
    private func pushesItself(_ name: String, _ call: FunctionCallExprSyntax) -> Bool {
        guard let closure = call.closureArguments.first(where: { $0.label == nil || $0.label == "destination" })?.closure,
              closure.statements.count == 1,
              let expression = closure.statements.first?.item.as(ExprSyntax.self)?.unwrapped,
              expression.is(FunctionCallExprSyntax.self)
        else { return false }
        return expression.chainRoot.as(DeclReferenceExprSyntax.self)?.baseName.text == name
    }
}
