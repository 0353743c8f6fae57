import GotchasCore
import SwiftSyntax

/// Networking belongs in a model or service the view talks to, not in the view.
struct URLSessionInViewRule: Rule {
    static let description = RuleDescription(
        id: "url-session-in-view",
        category: .modernAPI,
        severity: .warning,
        seed: "002 red flags",
        summary: "`URLSession` used inside a `View`.",
        rationale: """
            A view that calls `URLSession` owns networking it cannot test, cancel or share: the request \
            restarts when the view's identity changes, loading and error state become ad-hoc `@State`, and \
            previews hit the network. Put the request in an `@Observable` model or an injected service, and \
            call it from `.task { await model.load() }`.
            """,
        notFlagged: [
            "models and services",
            "type annotations and nested non-view types",
            "toolbar content",
        ],
        severityReason: "warning for networking the view starts when it appears (`.onAppear`, directly or through its method) or in its `init`: nothing cancels it when the view goes; info elsewhere: inside `.task { }` or a method only `.task { }` calls (already cancelled with the view), or started by the user (a button's action, a refresh), where a model is tidier, not a fix.",
        useInstead: "models and services",
        // `.task { }` in the advice: https://developer.apple.com/tutorials/data/documentation/swiftui/view/task(name:priority:file:line:_:).md (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1)
        requires: .os(iOS: OSVersion(15), macOS: OSVersion(12), tvOS: OSVersion(15), watchOS: OSVersion(8)),
        triggers: ["URLSession"],
        triggering: [
            RuleExample("""
                @available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *)
                struct Avatar: View {
                    let url: URL
                    @State private var image: UIImage?
                    var body: some View {
                        Image(uiImage: image ?? UIImage())
                            .task {
                                let (data, _) = try! await ↓URLSession.shared.data(from: url)
                                image = UIImage(data: data)
                            }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs (info: the view's one request, in `.task`)", platforms: [.iOS: OSVersion(14)]),
            RuleExample("""
                struct Avatar: View {
                    let url: URL
                    @State private var image: UIImage?
                    var body: some View {
                        Image(uiImage: image ?? UIImage())
                            .onAppear {
                                ↓URLSession.shared.dataTask(with: url) { data, _, _ in
                                    image = data.flatMap(UIImage.init(data:))
                                }.resume()
                            }
                    }
                }
                """, note: "a request outside `.task`: nothing cancels it"),
            RuleExample("""
                struct CommunityView: View {
                    private let session: Session
                    init() {
                        let configuration = ↓URLSessionConfiguration.default
                        configuration.urlCache = URLCache(memoryCapacity: 20_000_000, diskCapacity: 0)
                        session = Session(configuration: configuration)
                    }
                    var body: some View { Text("Models") }
                }
                """, note: "a session and its cache set up again with every view value (info)"),

            """
            struct Feed: View {
                var body: some View { List(posts) { PostRow(post: $0) } }
            }
            extension Feed {
                func load() async throws {
                    let session = ↓URLSession(configuration: .ephemeral)
                    posts = try await decode(session.data(from: endpoint).0)
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct Avatar: View {
                    let url: URL
                    @State private var image: UIImage?
                    var body: some View {
                        Image(uiImage: image ?? UIImage())
                            .task {
                                let (data, _) = try! await URLSession.shared.data(from: url)
                                image = UIImage(data: data)
                            }
                    }
                }
                """, note: "deployment target iOS 14: what the advice needs does not exist there", platforms: [.iOS: OSVersion(14)]),
            RuleExample("""
                @Observable final class FeedModel {
                    var posts: [Post] = []
                    func load() async throws {
                        let (data, _) = try await URLSession.shared.data(from: endpoint)
                        posts = try JSONDecoder().decode([Post].self, from: data)
                    }
                }
                """, note: "models and services"),
            RuleExample("""
                struct Feed: View {
                    let session: URLSession
                    final class Loader {
                        func load() { URLSession.shared.dataTask(with: url).resume() }
                    }
                    var body: some View { Text("URLSession") }
                }
                """, note: "a type annotation, a nested non-view type, a string"),
            RuleExample("""
                struct SavePhotoToolbarItem: ToolbarContent {
                    let url: URL
                    var body: some ToolbarContent {
                        ToolbarItem { Button("Save") { Task { _ = try? await URLSession.shared.data(from: url) } } }
                    }
                }
                """, note: "toolbar content, not a `View`"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.declReferenceExpr]

    /// The code stands in the closure of a `.task { }` modifier (its innermost closure).
    static func standsInTask(_ node: Syntax) -> Bool {
        closureModifiers(around: node).first == "task"
    }

    /// The modifier each closure around `node` is given to (nil for a closure of anything else),
    /// innermost first, up to the member holding it.
    static func closureModifiers(around node: Syntax) -> [String?] {
        var names: [String?] = []
        var current = node.parent
        while let parent = current, !parent.is(MemberBlockItemSyntax.self) {
            if parent.is(ClosureExprSyntax.self) { names.append(parent.parent?.as(FunctionCallExprSyntax.self)?.modifierName) }
            current = parent.parent
        }
        return names
    }

    /// How many times the type declaration around `node` names `URLSession` in an expression.
    static func usesOfURLSession(around node: Syntax) -> Int {
        guard let declaration = WorkspaceRuleSupport.enclosingTypeDeclaration(node) else { return 0 }
        return declaration.tokens(viewMode: .sourceAccurate).filter { $0.text == "URLSession" && $0.parent?.is(DeclReferenceExprSyntax.self) == true }.count
    }

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let reference = node.cast(DeclReferenceExprSyntax.self)
        guard reference.baseName.text == "URLSession" || reference.baseName.text == "URLSessionConfiguration",
              let view = context.enclosingView else { return }
        // Report the whole use: `URLSession.shared.data(from: url)`, `URLSession(configuration:)`.
        var use = Syntax(reference)
        while let parent = use.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == use.id {
                use = parent
            } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.id {
                use = parent
            } else {
                break
            }
        }
        // A session set up in the view's `init` or a stored property (`URLSessionConfiguration.default`,
        // `URLSession(configuration:)`): made again, with its cache, for every view value the parent makes.
        let isSessionMade = reference.baseName.text == "URLSessionConfiguration"
            || use.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id
        let inStoredProperty = context.enclosingFunction.map { frame in
            frame.kind == .property && frame.node.as(VariableDeclSyntax.self).map { variable in
                !variable.modifiers.contains("static") && variable.bindings.allSatisfy { $0.accessorBlock == nil }
            } == true
        } ?? false
        if isSessionMade, use.ancestor(InitializerDeclSyntax.self) != nil || inStoredProperty {
            report.append(Finding(
                message: "`\(view.name)` sets up its own networking session (`\(reference.baseName.text)`) each time a view value is made, "
                    + "on every render of its parent; keep the session in a model or service and hand the view what it fetched",
                range: use.byteRange, loweredSeverity: .info))
            return
        }
        guard reference.baseName.text == "URLSession" else { return }
        // The view's only request, made in `.task { }`: cancelled with the view already; moving it to
        // a model is tidier (testable, shared), not a fix.
        if Self.standsInTask(use), Self.usesOfURLSession(around: use) == 1 {
            report.append(Finding(
                message: "`\(view.name)` makes its one request with `URLSession` in `.task { }`; a model or service would make it testable and keep previews off the network",
                range: use.byteRange, loweredSeverity: .info))
            return
        }
        // In a method of the view that only `.task { }` closures call: the request is already
        // structured and cancelled with the view; a model is tidier, not a fix.
        if let method = use.ancestor(FunctionDeclSyntax.self), Self.isCalledOnlyFromTask(method) {
            report.append(Finding(
                message: "`\(view.name)` makes requests with `URLSession` in `\(method.name.text)`, which only `.task { }` calls; a model or service would make them testable and keep previews off the network",
                range: use.byteRange, loweredSeverity: .info))
            return
        }
        // Started when the view appears (`.onAppear`, directly or through a method it calls) or
        // when it is created (its `init`): nothing cancels the request when the view goes, and it
        // starts again each time. Elsewhere (a button's action, a refresh, a project's `.task`
        // wrapper) the user or the structure starts it: a model is tidier, not a fix.
        // A session made (`URLSession(configuration:)`) sends nothing: only a request starts work.
        let startsOnAppear = !isSessionMade && (Self.standsInModifierClosure(use, named: Self.lifecycleModifiers)
            || use.ancestor(InitializerDeclSyntax.self) != nil
            || use.ancestor(FunctionDeclSyntax.self).map { Self.isCalled(from: Self.lifecycleModifiers, method: $0) } == true)
        report.append(Finding(
            message: startsOnAppear
                ? "`\(view.name)` does networking with `URLSession` when it appears, and nothing cancels the request when it goes; move the request into a model or service and call it from `.task { }`"
                : "`\(view.name)` does networking with `URLSession`; a model or service would make it testable and keep previews off the network",
            range: use.byteRange, loweredSeverity: startsOnAppear ? nil : .info))
    }

    static let lifecycleModifiers: Set<String> = ["onAppear"]

    /// Some closure around `node` (up to its member) is the closure of a modifier in `names`
    /// (`.onAppear { Task { … } }`).
    static func standsInModifierClosure(_ node: Syntax, named names: Set<String>) -> Bool {
        closureModifiers(around: node).contains { $0.map(names.contains) == true }
    }

    /// The type declaring `method` calls it from a closure of a modifier in `names`.
    static func isCalled(from names: Set<String>, method: FunctionDeclSyntax) -> Bool {
        guard let declaration = WorkspaceRuleSupport.enclosingTypeDeclaration(Syntax(method)) else { return false }
        let name = method.name.text
        return declaration.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == name && token.parent?.is(DeclReferenceExprSyntax.self) == true && standsInModifierClosure(Syntax(token), named: names)
        }
    }

    /// The type declaring `method` calls it (`load()`, `self.load()`, `await load()`) at least once,
    /// and every call stands in a `.task { }` closure.
    static func isCalledOnlyFromTask(_ method: FunctionDeclSyntax) -> Bool {
        guard let declaration = WorkspaceRuleSupport.enclosingTypeDeclaration(Syntax(method)) else { return false }
        let name = method.name.text
        var calls = 0
        for token in declaration.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard var callee = token.parent?.as(DeclReferenceExprSyntax.self).map(ExprSyntax.init) else { continue }
            if let member = callee.parent?.as(MemberAccessExprSyntax.self), member.declName.id == callee.id {
                guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { continue }
                callee = ExprSyntax(member)
            }
            guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id else {
                return false  // passed as a value (`action: load`): called from anywhere
            }
            guard standsInTask(Syntax(call)) else { return false }
            calls += 1
        }
        return calls > 0
    }
}
