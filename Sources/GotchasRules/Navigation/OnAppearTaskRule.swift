import GotchasCore
import SwiftSyntax

/// `.onAppear { Task { … } }` starts unstructured work that nothing cancels: it keeps
/// running after the view disappears and starts again on every appearance.
/// `.task { … }` is tied to the view's lifetime and cancelled on disappear.
struct OnAppearTaskRule: CallRule {
    static let description = RuleDescription(
        id: "onappear-task",
        category: .navigation,
        severity: .warning,
        seed: "001, 002",
        summary: "`.onAppear { Task { … } }`; use `.task { … }`.",
        rationale: """
            An `onAppear` that only starts a `Task` creates work that outlives the view: navigating away \
            does not cancel it, it can write into a view that is gone, and each appearance starts another \
            copy. `.task { … }` runs the same code, is cancelled when the view disappears, and `.task(id:)` \
            restarts it when an input changes.
            """,
        notFlagged: [
            "synchronous work in `onAppear`, also deferred in a `Task` that never awaits",
            "a `Task` beside other statements",
            "`Task.detached`",
            "a view shown only while state says so (a load-more trigger)",
            "an app's or a scene's content: setup that must outlive a window",
            "a load guarded by its object's own state, where the object outlives the view",
        ],
        fixSafety: "Moves the body into `.task { }` (a `Task(priority:)` becomes `.task(priority:)`). Safe where the view cleans up in `.onDisappear` or the task loops; unsafe for a one-shot task, which may be meant to finish after the user leaves (a payment). Not offered when the closure has a signature (`{ @MainActor in … }`), a comment would be lost, the body throws an error it does not catch, or the `Task` stands behind an `if`.",
        severityReason: "warning where uncancelled work shows after the view is gone: the same view cleans up in `.onDisappear` (the task's later writes race it) or the task loops; info for a one-shot task that ends on its own.",
        asks: [.declaration],
        fix: .safe,
        // https://developer.apple.com/tutorials/data/documentation/swiftui/view/task(name:priority:file:line:_:).md (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1)
        requires: .os(iOS: OSVersion(15), macOS: OSVersion(12), tvOS: OSVersion(15), watchOS: OSVersion(8)),
        triggering: [
            RuleExample("""
                struct AudioRow: View {
                    let item: AudioItem
                    @State private var size = ""
                    var body: some View {
                        Text(size)↓.onAppear(perform: loadSize)
                    }
                    func loadSize() {
                        Task { size = await item.fileSize() }
                    }
                }
                """, note: "a method named as the action, which only starts a `Task`"),
            RuleExample("""
                struct ProfileView: View {
                    @StateObject private var viewModel = ProfileViewModel()
                    var body: some View {
                        Text(viewModel.name)
                            ↓.onAppear { fetchUser() }
                    }
                    private func fetchUser() {
                        Task { await viewModel.fetchUser() }
                    }
                }
                """, note: "one call away: the view's method only starts a `Task` (info: a one-shot load)"),
            RuleExample("""
                struct Feed: View {
                    @ObservedObject var model: FeedModel
                    let thumbnails: ThumbnailCache
                    var body: some View {
                        List {
                            ForEach(model.posts) { post in
                                PostRow(post: post)↓.onAppear { Task { await thumbnails.load(for: post) } }
                            }
                        }
                    }
                }
                """, note: "a row's own work (it names the row's element): cancelled with the row by `.task`"),
            RuleExample("""
                struct NotificationSettings: View {
                    @State private var disabled = false
                    var body: some View {
                        Form { Toggle("Badge", isOn: .constant(true)) }
                        #if !DEBUG
                        ↓.onAppear {
                            Task { disabled = await NotificationManager.areNotificationsDisabled() }
                        }
                        #endif
                    }
                }
                """, note: "a modifier inside `#if`: it applies to the view before it"),
            RuleExample("""
                @available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *)
                struct AvailableExample: View {
                    var body: some View {
                        List(posts) { PostRow(post: $0) }
                            ↓.onAppear {
                                Task {
                                    await load()
                                }
                            }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(14)]),
            """
            var body: some View {
                List(posts) { PostRow(post: $0) }
                    ↓.onAppear {
                        Task {
                            await load()
                        }
                    }
            }
            """,
            "Text(\"a\")↓.onAppear { Task { @MainActor in await model.refresh() } }",
            RuleExample("""
                struct AuthorCard: View {
                    @State private var subscriptions: [Subscription] = []
                    var body: some View {
                        Text(author.name)
                            ↓.onAppear { Task { subscriptions.append(await relay.subscribe(author)) } }
                            .onDisappear { subscriptions.removeAll() }
                    }
                }
                """, note: "a warning: the task's write after its `await` races the cleanup in `.onDisappear`"),
            RuleExample("""
                var body: some View {
                    List(plugins) { PluginRow(plugin: $0) }
                        ↓.onAppear {
                            if plugins.isEmpty {
                                Task { await refresh() }
                            }
                        }
                }
                """, note: "a `Task` behind a check: `.task { if plugins.isEmpty { await refresh() } }`"),
            RuleExample("""
                struct Submissions: View {
                    @State private var model: SubmissionsModel = .init()
                    var body: some View {
                        List(model.items) { Text($0.title) }
                            ↓.onAppear {
                                if model.status == .idle {
                                    Task { await model.fetch() }
                                }
                            }
                    }
                }
                """, note: "the object's own state guards the load, but the view makes the object: it goes with the view, and `.task` is what ends the load with it"),
            """
            extension Feed {
                @ViewBuilder var content: some View {
                    if isReady {
                        Rows()↓.onAppear(perform: {
                            Task(priority: .background) { await prefetch() }
                        })
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct HomeView: View {
                    @State var viewModel: HomeViewModel
                    var body: some View {
                        List(viewModel.sections) { Text($0.title) }
                            .onAppear {
                                if viewModel.loadingState == .idle {
                                    Task { await viewModel.load() }
                                }
                            }
                    }
                }
                """, note: "the object's own loading state guards its load: it runs once, and `.task` would cancel a load the object never restarts"),
            RuleExample("""
                struct VehicleCard: View {
                    @State private var refreshTask: Task<Void, Never>?
                    var body: some View {
                        Text("Status")
                            .onAppear { Task { await refreshStatus() } }
                            .onDisappear { refreshTask?.cancel() }
                    }
                    func refreshStatus() async {
                        refreshTask = Task { await model.refresh() }
                        await refreshTask?.value
                    }
                }
                """, note: "the view cancels its work itself in `.onDisappear`"),
            RuleExample("""
                struct ProfileView: View {
                    @StateObject private var viewModel = ProfileViewModel()
                    var body: some View {
                        Text(viewModel.name)
                            .onAppear { refresh() }
                    }
                    private func refresh() {
                        viewModel.markSeen()
                        Task { await viewModel.fetchUser() }
                    }
                }
                """, note: "the method does more than start a task: moving it to `.task` is not the same code"),
            RuleExample("""
                struct Feed: View {
                    @ObservedObject var model: FeedModel
                    var body: some View {
                        List {
                            ForEach(model.posts) { post in
                                PostRow(post: post).onAppear { Task { await model.loadNextPage() } }
                            }
                        }
                    }
                }
                """, note: "a row starting the list's next page: `.task` would cancel the load when the row scrolls away"),
            RuleExample("""
                struct Catalog: View {
                    @ObservedObject var viewModel: CatalogModel
                    var body: some View {
                        ScrollView {
                            LazyVStack {
                                ForEach(Array(viewModel.courses.enumerated()), id: \\.offset) { index, course in
                                    CourseCell(course: course).onAppear { Task { await viewModel.loadPage(after: index) } }
                                }
                            }
                        }
                    }
                }
                """, note: "the same over the list's positions (`Array(….enumerated())`): the row's index only says where the page starts"),
            RuleExample("""
                struct GistList: View {
                    @StateObject private var viewModel = GistListModel()
                    var body: some View {
                        List {
                            ForEach(viewModel.gists) { gist in
                                GistRow(gist: gist)
                                    .onAppear { Task { await viewModel.fetchMoreIfNeeded(currentID: gist.id) } }
                            }
                        }
                    }
                }
                """, note: "a row telling the list's owner where the user has scrolled to: `.task` would cancel the page load when the row scrolls away"),
            RuleExample("""
                struct CommentList: View {
                    @ObservedObject var commentViewModel: CommentViewModel
                    var body: some View {
                        let comments = commentViewModel.comments
                        LazyVStack {
                            ForEach(comments, id: \\.id) { comment in
                                Text(comment.body)
                                    .onAppear { Task { await commentViewModel.fetchMoreIfNeeded(currentID: comment.id) } }
                            }
                        }
                    }
                }
                """, note: "the same, with the list read into a local first"),
            RuleExample("""
                struct ChatList: View {
                    @Environment(ChatManager.self) var chats
                    var body: some View {
                        List {
                            ForEach(chats.conversations) { ChatRow(chat: $0) }
                            if chats.hasMore { loadMoreRow }
                        }
                    }
                    private var loadMoreRow: some View {
                        ProgressView().onAppear { Task { await chats.loadMore() } }
                    }
                }
                """, note: "a load-more row built only while the model's state allows it: `.task` would cancel the load the row's removal follows"),
            RuleExample("""
                struct Inbox: View {
                    @ObservedObject var model: InboxModel
                    var body: some View {
                        let showsMore = !model.isLoading && model.cursor != nil
                        if showsMore {
                            ProgressView().onAppear { Task { await model.loadMore() } }
                        }
                    }
                }
                """, note: "behind a local computed from observed state"),
            RuleExample("""
                Text("Inbox").onAppear {
                    if needsLoad { Task { await load() } } else { markSeen() }
                }
                """, note: "a `Task` on one branch of an `if`/`else`"),
            RuleExample("""
                struct Feed: View {
                    @State private var isLoadingMore = false
                    var body: some View {
                        List(items) { Row($0) }
                        if !isLoadingMore {
                            Color.clear.frame(height: 1).onAppear { Task { await loadMore() } }
                        }
                    }
                }
                """, note: "a load-more trigger hidden while loading: `.task` would cancel the load when `loadMore` sets the flag"),
            RuleExample("""
                var body: some View {
                    List(posts) { PostRow(post: $0) }
                        .onAppear {
                            Task {
                                await load()
                            }
                        }
                }
                """, note: "deployment target iOS 14: what the advice needs does not exist there", platforms: [.iOS: OSVersion(14)]),
            RuleExample("Text(\"a\").onAppear { isVisible = true }", note: "synchronous work"),
            RuleExample("""
                Text("a").onAppear {
                    analytics.log("shown")
                    Task { await load() }
                }
                """, note: "a Task alongside other work"),
            RuleExample("Text(\"a\").task { await load() }", note: "already `.task`"),
            RuleExample("Text(\"a\").onAppear { Task { if let samples { self.samples = samples } } }",
                        note: "a task that never awaits only defers a state write: nothing to cancel"),
            RuleExample("Text(\"a\").onAppear { Task.detached { await load() } }", note: "a detached task is a deliberate choice"),
            RuleExample("Text(\"a\").onAppear(perform: refresh)", note: "a function reference"),
            RuleExample("""
                struct NotesApp: App {
                    var body: some Scene {
                        WindowGroup {
                            MainView().onAppear { Task { await initialize() } }
                        }
                    }
                }
                """, note: "an app's scene content: setup for the app, which `.task` would cancel with the window"),
        ],
        corrections: [
            RuleCorrection("""
                var body: some View {
                    List(posts) { PostRow(post: $0) }
                        .onAppear {
                            Task {
                                // fetch
                                await load()
                            }
                        }
                        .padding()
                }
                """, """
                var body: some View {
                    List(posts) { PostRow(post: $0) }
                        .task {
                            // fetch
                            await load()
                        }
                        .padding()
                }
                """, applicability: .unsafe),
            RuleCorrection("Text(\"a\").onAppear { Task { await load() } }", "Text(\"a\").task { await load() }", applicability: .unsafe),
            RuleCorrection("Text(\"a\").onAppear { Task(priority: .low) { await load() } }",
                           "Text(\"a\").task(priority: .low) { await load() }", applicability: .unsafe),
            RuleCorrection("""
                Text("a").onAppear {
                    Task {
                        do { try await load() } catch { print(error) }
                        let cached = try? await cache.read()
                        _ = cached
                    }
                }
                """, """
                Text("a").task {
                    do { try await load() } catch { print(error) }
                    let cached = try? await cache.read()
                    _ = cached
                }
                """, applicability: .unsafe),
        ])

    static let calledNames: Set<String> = ["onAppear"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil || call.isModifierInPostfixIfConfig,
              let (task, helper, onAppear, statement) = Self.startedTask(by: call),
              task.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task",
              let body = task.trailingClosure, task.additionalTrailingClosures.isEmpty,
              task.arguments.allSatisfy({ $0.label?.text == "priority" })
        else { return }
        // Present only while changing state allows it: `.task` ends when the view goes, which the
        // work itself may cause (a load-more trigger hidden while loading). `Task { }` outlives that.
        if Self.isShownWhileStateAllows(call, in: context) { return }
        // A row's `.onAppear` starting work that is not the row's own (it never names the row's
        // element: the next page of the whole list): `.task` would cancel it when the row scrolls away.
        if Self.startsListWorkFromARow(call, task: body, in: context) { return }
        // An `App`'s or a `Scene`'s scene content: setup for the app, which `.task` would cancel with its window.
        if let type = context.enclosingType, let merged = Optional(context.type(named: type.name) ?? type),
           ["App", "Scene"].contains(where: { type.inherits($0) || merged.inherits($0) }) {
            return
        }
        // No `await` in the task: it only defers synchronous work (a state write out of the view
        // update) and runs to its end at once; there is nothing for `.task` to cancel.
        if !body.statements.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.await) }) { return }
        // `if model.loadingState == .idle { Task { await model.load() } }`: the object's own state guards
        // its work, which runs once however often the view appears, and belongs to an object that
        // may outlive the view (`.task` would cancel a load the object then never restarts).
        if Self.isGuardedByTheObjectsState(task: task, body: body, in: context) { return }

        var fixes: [Fix] = []
        // `if allItems.isEmpty { Task { … } }`: the same work, behind a check `.task` can make too
        // (`.task { if allItems.isEmpty { … } }`); no fix is offered for that rewrite.
        // A warning where outliving the view shows: the view cleans up in `.onDisappear` (which the
        // task's later writes race), or the task loops until cancelled. A one-shot load that ends
        // on its own is info: moving it to `.task` is tidier, not a fix.
        let chain = (call.modifiersAppliedAfter.last ?? call).modifiersThroughSelf
        // `.onDisappear { refreshTask?.cancel() }`: the view cancels its work itself when it goes.
        if chain.contains(where: { $0.modifierName == "onDisappear" && Self.cancelsSomething($0) }) { return }
        let outlivesCleanup = chain.contains { $0.modifierName == "onDisappear" }
            || body.statements.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.while) || $0.tokenKind == .keyword(.repeat) }
            || Self.hasForAwait(body)
        if let helper {
            // `.onAppear { fetchUser() }` where the view's `fetchUser()` only starts a `Task`: the same
            // work one call away. No fix: the method may have other callers.
            report.append(Finding(
                message: (onAppear == nil ? "`.onAppear(perform: \(helper.name.text))`" : "`.onAppear { \(helper.name.text)() }`")
                    + " starts work that is never cancelled and restarts on every appearance: "
                    + "`\(helper.name.text)()` (line \(context.document.lines.line(containing: helper.positionAfterSkippingLeadingTrivia.utf8Offset) + 1)) only starts a `Task`; "
                    + "make it `async` and call it from `.task { await … }`, which is cancelled when the view disappears",
                range: call.rangeFromCalleeName, loweredSeverity: outlivesCleanup ? nil : .info))
            return
        }
        // Safe only where cancelling on disappear is what the code wants (it cleans up there, or
        // loops): a one-shot task (a payment, a save) may be meant to finish after the user leaves.
        if let onAppear, let statement, statement.is(FunctionCallExprSyntax.self),
           let fix = Self.fix(call: call, member: member, onAppear: onAppear, task: task, body: body, context: context,
                              applicability: outlivesCleanup ? .safe : .unsafe) {
            fixes.append(fix)
        }
        report.append(Finding(
            message: "`.onAppear { Task { … } }` starts work that is never cancelled and restarts on every appearance; "
                + "use `.task { … }`, which is cancelled when the view disappears",
            range: call.rangeFromCalleeName, fixes: fixes, loweredSeverity: outlivesCleanup ? nil : .info))
    }

    /// The task stands in an `if` whose condition reads a member of an object (`viewModel.state`)
    /// whose method the task calls (`viewModel.load()`), an object the view does not make itself
    /// (one it makes, `@State var viewModel = Model()`, goes with the view: nothing is left to finish
    /// the load for).
    static func isGuardedByTheObjectsState(task: FunctionCallExprSyntax, body: ClosureExprSyntax, in context: RuleContext) -> Bool {
        var called: Set<String> = []
        for token in body.statements.tokens(viewMode: .sourceAccurate) where token.tokenKind == .period {
            guard let access = token.parent?.as(MemberAccessExprSyntax.self), access.parent?.is(FunctionCallExprSyntax.self) == true,
                  let base = access.base?.trimmedDescription, !base.isEmpty, base != "self" else { continue }
            called.insert(base.hasPrefix("self.") ? String(base.dropFirst(5)) : base)
        }
        guard !called.isEmpty else { return false }
        var node = Syntax(task).parent
        while let current = node, !current.is(ClosureExprSyntax.self) {
            if let ifExpr = current.as(IfExprSyntax.self) {
                let condition = ifExpr.conditions.trimmedDescription.replacing("self.", with: "")
                if called.contains(where: { condition.contains($0 + ".") && !Self.isMadeByTheView($0, in: context) }) { return true }
            }
            node = current.parent
        }
        return false
    }

    /// `name` is a property the enclosing view makes and keeps itself: `@State`/`@StateObject` with
    /// an initial value (`@State var viewModel: Model = .init()`).
    static func isMadeByTheView(_ name: String, in context: RuleContext) -> Bool {
        guard !name.contains("."), let property = context.enclosingType?.property(named: name) else { return false }
        return ["State", "StateObject"].contains(property.wrapper ?? "") && property.initializerCallee != nil
    }

    /// The call stands in a row over data (`ForEach(items) { item in … }`) and the task's work is
    /// the list's, not the row's: its code does not name the row's element (`item`, or `$0`), or it
    /// calls a method of the object that holds the list (`ForEach(viewModel.gists)` →
    /// `viewModel.fetchMoreIfNeeded(currentID: gist.id)`: the row tells the list's owner where the
    /// user has scrolled to).
    static func startsListWorkFromARow(_ call: FunctionCallExprSyntax, task body: ClosureExprSyntax, in context: RuleContext) -> Bool {
        guard let row = context.containers.last(where: WorkspaceRuleSupport.isRowOverData) else { return false }
        let names = Set(row.closure.parameterNames.filter { $0 != "_" })
        let anonymous = row.closure.signature == nil
        let tokens = body.statements.tokens(viewMode: .sourceAccurate)
        if !tokens.contains(where: { names.contains($0.text) || (anonymous && $0.text == "$0") }), !(names.isEmpty && !anonymous) {
            return true
        }
        guard var data = row.call?.arguments.first?.expression else { return false }
        // `let comments = commentViewModel.comments` then `ForEach(comments)`: the local's value.
        if let local = data.unwrapped.as(DeclReferenceExprSyntax.self), let value = local.localInitializer(of: local.baseName.text) {
            data = value
        }
        // `Array(viewModel.courses.enumerated())`, `viewModel.courses.indices`: the same list, by position.
        for _ in 0..<3 {
            if let call = data.unwrapped.as(FunctionCallExprSyntax.self), call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Array",
               call.arguments.count == 1, call.arguments.first?.label == nil, let inner = call.arguments.first?.expression {
                data = inner
            } else if let call = data.unwrapped.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                      let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "enumerated",
                      let base = access.base {
                data = base
            } else if let access = data.unwrapped.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "indices", let base = access.base {
                data = base
            }
        }
        guard let owner = listOwnerName(of: data) else { return false }
        return body.statements.contains { statement in
            statement.tokens(viewMode: .sourceAccurate).contains { token in
                guard token.text == owner, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                      let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
                      let called = access.parent?.as(FunctionCallExprSyntax.self)
                else { return false }
                return called.calledExpression.id == access.id
            }
        }
    }

    /// `viewModel` of `viewModel.gists` or `self.viewModel.gists`: the object a list's data is a member of.
    static func listOwnerName(of data: ExprSyntax) -> String? {
        guard let member = data.unwrapped.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped else { return nil }
        if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind != .keyword(.self) {
            return reference.baseName.text
        }
        return base.selfMemberName
    }

    /// The modifier's closure calls `cancel()` on something (`task?.cancel()`, `loader.cancel()`).
    static func cancelsSomething(_ modifier: FunctionCallExprSyntax) -> Bool {
        modifier.closureArguments.contains { !WorkspaceRuleSupport.cancelledReceivers(in: $0.closure.statements).isEmpty }
    }

    /// A `for await`/`for try await` loop in the task's body.
    static func hasForAwait(_ body: ClosureExprSyntax) -> Bool {
        let tokens = Array(body.statements.tokens(viewMode: .sourceAccurate))
        return zip(tokens, tokens.dropFirst()).contains { first, next in
            first.tokenKind == .keyword(.for) && (next.tokenKind == .keyword(.await) || next.tokenKind == .keyword(.try))
        }
    }

    /// `if condition { Task { … } }` with no `else`: the `Task` call, else nil.
    /// The `Task { … }` the `.onAppear` closure's one statement starts: written there (alone, or
    /// behind an `if`), or the only statement of a method of the same type it calls with no
    /// arguments (`fetchUser()` → `func fetchUser() { Task { await … } }`), with that method.
    /// The `Task { … }` an `.onAppear` starts: in its closure's one statement (`startedTask(_:from:)`),
    /// with the closure and that statement; or, for `.onAppear(perform: refresh)`, in the named method
    /// of the view (no closure to rewrite).
    static func startedTask(by call: FunctionCallExprSyntax)
        -> (task: FunctionCallExprSyntax, helper: FunctionDeclSyntax?, closure: ClosureExprSyntax?, statement: CodeBlockItemSyntax.Item?)? {
        if call.closureArguments.count == 1, let onAppear = call.closureArguments.first?.closure,
           call.arguments.count == (call.trailingClosure == nil ? 1 : 0),
           onAppear.statements.count == 1, let statement = onAppear.statements.first?.item,
           let (task, helper) = startedTask(statement, from: call) {
            return (task, helper, onAppear, statement)
        }
        guard call.closureArguments.isEmpty, call.arguments.count == 1, let argument = call.arguments.first,
              argument.label == nil || argument.label?.text == "perform",
              let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? argument.expression.selfMemberName,
              let (task, helper) = taskStartingMethod(named: name, around: call)
        else { return nil }
        return (task, helper, nil, nil)
    }

    static func startedTask(_ statement: CodeBlockItemSyntax.Item, from call: FunctionCallExprSyntax)
        -> (task: FunctionCallExprSyntax, helper: FunctionDeclSyntax?)? {
        if let task = statement.as(FunctionCallExprSyntax.self) ?? taskGuardedByIf(statement),
           task.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" {
            return (task, nil)
        }
        guard let helperCall = statement.as(FunctionCallExprSyntax.self), helperCall.arguments.isEmpty,
              helperCall.trailingClosure == nil,
              let name = helperCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? helperCall.calledExpression.selfMemberName
        else { return nil }
        return taskStartingMethod(named: name, around: call)
    }

    /// The view's method `name` (no parameters, not `async`) whose one statement starts a `Task`.
    static func taskStartingMethod(named name: String, around call: FunctionCallExprSyntax)
        -> (task: FunctionCallExprSyntax, helper: FunctionDeclSyntax?)? {
        guard let members = call.ancestor(MemberBlockSyntax.self) else { return nil }
        for member in members.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name,
                  function.signature.parameterClause.parameters.isEmpty, function.signature.effectSpecifiers?.asyncSpecifier == nil,
                  let statements = function.body?.statements, statements.count == 1,
                  let task = statements.first?.item.as(FunctionCallExprSyntax.self),
                  task.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
            else { continue }
            return (task, function)
        }
        return nil
    }

    static func taskGuardedByIf(_ statement: CodeBlockItemSyntax.Item) -> FunctionCallExprSyntax? {
        guard let ifExpr = statement.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? statement.as(IfExprSyntax.self),
              ifExpr.elseBody == nil, ifExpr.body.statements.count == 1
        else { return nil }
        return ifExpr.body.statements.first?.item.as(FunctionCallExprSyntax.self)
    }

    /// The call stands in a branch of an `if` (or the body of a `guard`-free `if let`) whose
    /// condition reads state that changes while the view lives.
    /// Also where the view is a member of the view (`private var paginationView: some View`) that
    /// the type's code builds in such a branch (`if shouldShowPagination { paginationView }`).
    static func isShownWhileStateAllows(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        switch branchStateAllows(Syntax(call), in: context) {
        case .conditional: return true
        case .always: return false
        case .member(let name, let group):
            return group.memberBlock.tokens(viewMode: .sourceAccurate).contains { token in
                guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
                if case .conditional = branchStateAllows(Syntax(reference), in: context) { return true }
                return false
            }
        }
    }

    enum Presence {
        /// In a branch whose condition reads changing state.
        case conditional
        /// Not in such a branch, and not in a member of a type.
        case always
        /// Not in such a branch within the member `name` of `group`, which may be built in one.
        case member(String, DeclGroupSyntax)
    }

    static func branchStateAllows(_ node: Syntax, in context: RuleContext) -> Presence {
        var current = node
        while let parent = current.parent {
            if let ifExpr = parent.as(IfExprSyntax.self), current.id != Syntax(ifExpr.conditions).id,
               WorkspaceRuleSupport.readsChangingState(ifExpr.conditions, in: context) {
                return .conditional
            }
            if let variable = parent.as(VariableDeclSyntax.self) {
                guard let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let group = WorkspaceRuleSupport.enclosingTypeDeclaration(parent)?.asProtocol(DeclGroupSyntax.self) else { return .always }
                return .member(name, group)
            }
            if let function = parent.as(FunctionDeclSyntax.self) {
                guard let group = WorkspaceRuleSupport.enclosingTypeDeclaration(parent)?.asProtocol(DeclGroupSyntax.self) else { return .always }
                return .member(function.name.text, group)
            }
            if parent.is(MemberBlockSyntax.self) { return .always }
            current = parent
        }
        return .always
    }

    private static func fix(call: FunctionCallExprSyntax, member: MemberAccessExprSyntax, onAppear: ClosureExprSyntax,
                            task: FunctionCallExprSyntax, body: ClosureExprSyntax, context: RuleContext,
                            applicability: Applicability) -> Fix? {
        guard call.trailingClosure?.id == onAppear.id, onAppear.signature == nil, body.signature == nil,
              !onAppear.leftBrace.trailingTrivia.hasComment, !task.leadingTrivia.hasComment,
              !task.trailingTrivia.hasComment, !onAppear.rightBrace.leadingTrivia.hasComment,
              // `.task` takes a non-throwing closure: an uncaught `try` would not compile there.
              !Self.throwsOut(of: body)
        else { return nil }
        // Safe although `.task` cancels the work when the view disappears: that is the change
        // the finding asks for, it only happens once the view is gone, and the rest (start on
        // each appearance, the view's actor, the priority) stays as `Task { }` had it.
        let document = context.document
        var inner = document.text(in: body.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
            ..< body.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset)
        if let outer = onAppear.rightBrace.lineIndentation, let nested = body.rightBrace.lineIndentation,
           nested.hasPrefix(outer), nested.count > outer.count {
            let extra = String(nested.dropFirst(outer.count))
            inner = inner.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                index > 0 && line.hasPrefix(extra) ? String(line.dropFirst(extra.count)) : String(line)
            }.joined(separator: "\n")
        }
        var head = "task"
        if !task.arguments.isEmpty {
            head += "(" + task.arguments.trimmedText + ")"
        }
        let range = member.declName.baseName.positionAfterSkippingLeadingTrivia.utf8Offset
            ..< onAppear.rightBrace.endPositionBeforeTrailingTrivia.utf8Offset
        return Fix(title: "Replace with `.task { … }`", applicability: applicability,
                   edits: [TextEdit(range: range, replacement: head + " {" + inner + "}")])
    }

    /// True when a `try` (not `try?`/`try!`, `for try await` included) or a `throw` in
    /// `body` is not caught inside it, so the closure throws. Errors thrown in a nested
    /// closure or function are theirs; a `do` body with a plain `catch { }` catches all.
    static func throwsOut(of body: ClosureExprSyntax) -> Bool {
        for token in body.statements.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .keyword(.try):
                if let tryExpr = token.parent?.as(TryExprSyntax.self), tryExpr.questionOrExclamationMark != nil { continue }
            case .keyword(.throw):
                guard token.parent?.is(ThrowStmtSyntax.self) == true else { continue }
            default:
                continue
            }
            if !isCaught(Syntax(token), inside: body) { return true }
        }
        return false
    }

    private static func isCaught(_ node: Syntax, inside body: ClosureExprSyntax) -> Bool {
        var child = node
        while let parent = child.parent, parent.id != body.id {
            if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) {
                return true
            }
            if let doStmt = parent.as(DoStmtSyntax.self), child.id == doStmt.body.id,
               doStmt.catchClauses.contains(where: { $0.catchItems.isEmpty }) {
                return true
            }
            child = parent
        }
        return false
    }
}
