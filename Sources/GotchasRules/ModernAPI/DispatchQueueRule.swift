import GotchasCore
import SwiftSyntax

/// GCD in code that could be structured: in a SwiftUI view's members and in `async` code,
/// `DispatchQueue.main.async`/`asyncAfter`/`DispatchQueue.global` schedule work that nothing
/// awaits or cancels, where `.task { }`, `Task { }`, `await` and `Task.sleep` can be written.
/// (The compiler does infer `@MainActor` for a closure passed to `DispatchQueue.main.async`,
/// so the gotcha is the missing structure, not missing isolation checking.)
struct DispatchQueueRule: Rule {
    static let description = RuleDescription(
        id: "dispatch-queue",
        category: .modernAPI,
        severity: .info,
        seed: "002",
        summary: "`DispatchQueue.main.async`/`asyncAfter`/`DispatchQueue.global` in a SwiftUI view or in `async` code.",
        rationale: """
            Where Swift concurrency can be written, GCD schedules work outside it: nothing awaits it, \
            nothing cancels it (an `asyncAfter` from a view still fires after the view is gone), and errors \
            and results cannot flow back. Use `.task { }` or `Task { }` with `try await Task.sleep(for:)`, \
            `await MainActor.run { }`, and `async` functions instead of `DispatchQueue.global`.
            """,
        notFlagged: [
            "a commented hop: deliberate",
            "a view's next-runloop `main.async` (focus, scrolling)",
            "a delay in a menu's action or a view's own method",
            "a delay right after `dismiss()`, meant to outlive the view",
            "a hop in a callback closure of a function async code calls",
            "Combine, completion handlers, `@objc` and delegate methods",
            "a representable's update, the render path",
            "test code",
        ],
        severityReason: "info (modernization): every GCD hop in `async` code and `Task { }` bodies; in a view's own code, background (`DispatchQueue.global`) work and its hop back to the main queue, and delays in its action and lifecycle closures outside menus.",
        asks: [.menuContentOnly, .reachedHazard],
        // A project's wrapper of `DispatchQueue.main.asyncAfter` is called from async code.
        triggers: ["DispatchQueue", "async", "Task", "task", "refreshable"],
        triggering: [
            RuleExample("""
                import SwiftUI
                struct Banner: View {
                    @State private var visible = true
                    @State private var copied = false
                    var body: some View {
                        Text("Welcome")
                            .opacity(visible ? 1 : 0)
                            .onAppear {
                                ↓DispatchQueue.main.asyncAfter(deadline: .now() + 3) { visible = false }
                            }
                            .onTapGesture {
                                copied = true
                                ↓DispatchQueue.main.asyncAfter(deadline: .now() + 2) { copied = false }
                            }
                            .onDrop(of: [.data], isTargeted: nil) { providers in
                                ↓DispatchQueue.global().async { load(providers) }
                                return true
                            }
                    }
                }
                """, note: "a delay in a view's action or where it appears still fires after the view is gone; background work in a drop handler"),
            RuleExample("""
                import SwiftUI
                struct Thumbnail: View {
                    let url: URL
                    @State private var image: UIImage?
                    var body: some View {
                        Image(uiImage: image ?? UIImage()).onAppear(perform: load)
                    }
                    private func load() {
                        ↓DispatchQueue.global(qos: .userInitiated).async {
                            let loaded = UIImage(contentsOfFile: url.path)
                            ↓DispatchQueue.main.async { image = loaded }
                        }
                    }
                }
                """, note: "a view's background load and its hop back: `.task(id: url)` with an `async` load replaces both"),
            RuleExample("""
                final class Toaster {
                    var message: String?
                    func show(_ text: String) async {
                        message = text
                        ↓after(2) { self.message = nil }
                    }
                }
                """, note: "the project's wrapper of `DispatchQueue.main.asyncAfter`, in another file", otherFiles: [
                    "Utilities/Delay.swift": """
                        func after(_ seconds: Double, _ work: @escaping () -> Void) {
                            DispatchQueue.main.asyncAfter(deadline: .now() + seconds, execute: work)
                        }
                        """,
                ]),
            """
            import SwiftUI
            struct Toast: View {
                @State private var visible = true
                var body: some View {
                    Text("Saved").task {
                        ↓DispatchQueue.main.asyncAfter(deadline: .now() + 2) { visible = false }
                    }
                    Button("Reload") {
                        ↓DispatchQueue.global(qos: .userInitiated).async { reloadFromDisk() }
                    }
                }
            }
            """,
            """
            import Foundation
            final class Loader {
                func reload() async {
                    ↓DispatchQueue.global(qos: .userInitiated).async {
                        let data = self.read()
                        ↓DispatchQueue.main.async {
                            self.show(data)
                        }
                    }
                }
            }
            """,
            """
            import SwiftUI
            extension Model {
                func refresh() async { ↓DispatchQueue.main.async(execute: update) }
            }
            """,
            RuleExample("""
                import SwiftUI
                struct BirthDateSettings: View {
                    @Environment(\\.dismiss) private var dismiss
                    @State private var isSaving = false
                    var body: some View { Button("Save", action: save) }
                    private func save() {
                        isSaving = true
                        Task {
                            let saved = await store.save()
                            await MainActor.run {
                                isSaving = false
                                if saved { ↓DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { dismiss() } }
                            }
                        }
                    }
                }
                """, note: "a delay inside `MainActor.run` in a `Task`: async code, where `Task.sleep` fits"),
            """
            struct Feed: View {
                var body: some View {
                    Button("Reload") {
                        Task {
                            await load()
                            ↓DispatchQueue.main.async { scrollToTop() }
                        }
                    }
                }
                func scrollLater() { DispatchQueue.main.async { scrollToTop() } }
                var list: some View {
                    List(items) { Row($0) }.refreshable { ↓DispatchQueue.main.asyncAfter(deadline: .now() + 1) { done() } }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct MirrorField: View {
                    @State private var text = ""
                    @State private var check: DispatchWorkItem?
                    var body: some View {
                        TextField("Mirror", text: $text)
                            .onChange(of: text) {
                                check?.cancel()
                                check = DispatchWorkItem { validate() }
                                if let check { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5, execute: check) }
                            }
                    }
                }
                """, note: "a typing debounce: the work item is cancelled on the next keystroke"),
            RuleExample("""
                @MainActor final class LogCopier {
                    var copied = false
                    private var resetTask: DispatchWorkItem?
                    func copy() async {
                        copied = true
                        resetTask?.cancel()
                        let work = DispatchWorkItem { self.copied = false }
                        resetTask = work
                        DispatchQueue.main.asyncAfter(deadline: .now() + 5, execute: work)
                    }
                }
                """, note: "the work item is kept where the code cancels it: a reset the next copy replaces"),
            RuleExample("""
                struct ForwardSheet: View {
                    @Binding var isShown: Bool
                    var body: some View {
                        List { Text("Chats") }
                            .onDisappear {
                                DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { router.open(chat) }
                            }
                    }
                }
                """, note: "a delay in `.onDisappear`, meant to run after the view has gone"),
            RuleExample("""
                import Foundation
                final class ThumbnailCache {
                    func prefetch(_ url: URL) {
                        DispatchQueue.global(qos: .utility).async {
                            let data = try? Data(contentsOf: url)
                            DispatchQueue.main.async { self.store(data, for: url) }
                        }
                    }
                }
                """, note: "background work and its hop back in a plain type's synchronous method"),
            RuleExample("""
                import SwiftUI
                struct PostMenu: View {
                    @Environment(\\.dismiss) private var dismiss
                    var body: some View {
                        Button("Delete", role: .destructive) {
                            dismiss()
                            DispatchQueue.main.asyncAfter(deadline: .now() + 0.35) { requestDelete(post) }
                        }
                    }
                }
                """, note: "a delay after `dismiss()` waits for the sheet to go: it must outlive the view"),
            RuleExample("""
                import SwiftUI
                struct FavoriteRow: View {
                    var body: some View {
                        Text(item.title)
                        .contextMenu {
                            Button("Unfavorite") {
                                DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { model.unfavorite() }
                            }
                        }
                    }
                    func toggle() {
                        withAnimation(.linear(duration: 0.2)) { expanded.toggle() }
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { finished() }
                    }
                }
                """, note: "a delay in a menu's action (for the menu to dismiss) or a view's method (an animation's end): timing the interface on purpose"),
            RuleExample("""
                import SwiftUI
                struct RowMenu: View {
                    var body: some View {
                        Button("Unpin") {
                            DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { model.unpin() }
                        }
                    }
                }
                struct Row: View {
                    var body: some View { Text("Row").contextMenu { RowMenu() } }
                }
                """, note: "a view built only as menu content: its actions wait for the menu to dismiss"),
            RuleExample("""
                final class Toaster {
                    var message: String?
                    func show(_ text: String) {
                        message = text
                        after(2) { self.message = nil }
                    }
                }
                """, note: "the wrapper called from synchronous code", otherFiles: [
                    "Utilities/Delay.swift": """
                        func after(_ seconds: Double, _ work: @escaping () -> Void) {
                            DispatchQueue.main.asyncAfter(deadline: .now() + seconds, execute: work)
                        }
                        """,
                ]),
            RuleExample("""
                final class AccountSwitcher {
                    func switchAccount() async {
                        await reauthenticate()
                    }
                }
                """, note: "an awaited `async` function: its caller waits for it; a hop inside it is reported there", otherFiles: [
                    "Reauthentication.swift": """
                        extension AccountSwitcher {
                            func reauthenticate() async {
                                guard await signIn() else {
                                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.dismiss() }
                                    return
                                }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                import UIKit
                final class TableQueue {
                    func finish() async {
                        // give SwiftUI a chance to call updateUIView before the next batch
                        DispatchQueue.main.async { Task { await self.next() } }
                    }
                }
                """, note: "a commented hop in async code: deliberate"),
            RuleExample("""
                import SwiftUI
                struct Search: View {
                    @FocusState private var focused: Bool
                    var body: some View {
                        TextField("Search", text: $query)
                            .focused($focused)
                            .onAppear { DispatchQueue.main.async { focused = true } }
                    }
                }
                """, note: "a next-runloop deferral in a view's actions: deliberate"),
            RuleExample("""
                import UIKit
                final class Cell: UITableViewCell {
                    func configure() { DispatchQueue.main.async { self.setNeedsLayout() } }
                }
                """, note: "a synchronous UIKit method: no structured alternative to write"),
            RuleExample("""
                import Foundation
                final class APIService {
                    func load(_ request: URLRequest) async {
                        let task = URLSession.shared.dataTask(with: request) { data, _, _ in
                            DispatchQueue.main.async { self.finish(data) }
                        }
                        task.resume()
                    }
                }
                """, note: "inside a completion handler, even in an async function"),
            RuleExample("""
                import Foundation
                final class Uploader {
                    func upload(_ request: URLRequest) async {
                        await MainActor.run {
                            URLSession.shared.dataTask(with: request) { data, _, _ in
                                DispatchQueue.main.async { self.finish(data) }
                            }.resume()
                        }
                    }
                }
                """, note: "a completion handler inside `MainActor.run`: a callback, not the async code around it"),
            RuleExample("""
                import SwiftUI
                final class SearchModel: ObservableObject {
                    let cancellable = query
                        .subscribe(on: DispatchQueue.global())
                        .sink { _ in }
                    let worker = DispatchQueue.global(qos: .utility)
                }
                """, note: "`DispatchQueue.global()` as a Combine scheduler or stored queue"),
            RuleExample("""
                import SwiftUI
                struct Player: View {
                    var body: some View { Text("a") }
                    func observe() {
                        cancellable = model.$state.sink { state in
                            DispatchQueue.main.async { self.update(state) }
                        }
                    }
                }
                """, note: "a Combine `sink` closure, even in a view"),
            RuleExample("""
                import SwiftUI
                final class Coordinator: NSObject, UITextViewDelegate {
                    func textViewDidChange(_ textView: UITextView) {
                        DispatchQueue.main.async { self.parent.text = textView.text }
                    }
                    @objc func keyboardWillShow(_ note: Notification) {
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { self.scroll() }
                    }
                }
                """, note: "delegate and `@objc` methods in a SwiftUI file"),
            RuleExample("""
                import SwiftUI
                let queue = DispatchQueue(label: "camera.session")
                let publisher = model.$value.receive(on: DispatchQueue.main)
                func check() { dispatchPrecondition(condition: .onQueue(.main)) }
                """, note: "a private serial queue, a Combine scheduler"),
            RuleExample("""
                import SwiftUI
                struct HTMLText: UIViewRepresentable {
                    @Binding var size: CGSize
                    func makeUIView(context: Context) -> UITextView { UITextView() }
                    func updateUIView(_ view: UITextView, context: Context) {
                        DispatchQueue.main.async { size = view.sizeThatFits(.zero) }
                    }
                }
                """, note: "a deliberate next-runloop deferral out of a representable's update pass, which cannot be async"),
            RuleExample("""
                import SwiftUI
                struct Prompt: View {
                    @State private var frame: CGSize = .zero
                    var body: some View { GeometryReader { content($0) } }
                    private func content(_ geometry: GeometryProxy) -> some View {
                        DispatchQueue.main.async { self.frame = geometry.size }
                        return Text("Save password?")
                    }
                }
                """, note: "a state write deferred out of the render path (a `some View` helper): a `Task` would not be better"),
            RuleExample("""
                import GameplayKit
                final class Loading: GKState {
                    override func didEnter(from previousState: GKState?) {
                        DispatchQueue.main.asyncAfter(deadline: .now() + 3) { self.stateMachine?.enter(Idle.self) }
                    }
                }
                """, note: "`asyncAfter` in a non-View type's synchronous method (a `GKState`): no view to cancel with"),
            RuleExample("""
                struct CourseButton: View {
                    @State private var appeared = false
                    var body: some View {
                        Text("Open").opacity(appeared ? 1 : 0)
                            .onAppear { DispatchQueue.main.asyncAfter(deadline: .now()) { withAnimation { appeared = true } } }
                    }
                }
                """, note: "a deadline of `.now()` adds no delay: a deferral to the next run-loop turn, like `DispatchQueue.main.async`"),
            RuleExample("""
                import Testing
                @MainActor struct ComposerTests {
                    @Test func clearsDraft() async {
                        DispatchQueue.main.async { model.process(.clear) }
                        await confirmation { _ in }
                    }
                }
                """, note: "test code (a `@Test` function, a file importing `Testing`/`XCTest`, a `Tests` folder): the deferral is the test's point"),
        ])

    static let calledNames: Set<String> = ["async", "asyncAfter", "global"]
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard let callee = call.calleeName else { return }
        if Self.calledNames.contains(callee) {
            check(call, named: callee, in: context, report: &report)
        } else {
            checkWrapper(call, in: context, report: &report)
        }
    }

    /// `delay(0.3) { … }` in async code, where the project's `delay` (in any file) hops with `DispatchQueue.main.asyncAfter`/`async`: the same unstructured hop, one
    /// call away. Reported at the call, naming the wrapper.
    private func checkWrapper(_ call: FunctionCallExprSyntax, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self) || call.calledExpression.selfMemberName != nil,
              !context.isInTestCode, !context.isInRenderPath,
              Self.structuredPlace(of: call, in: context) == .async,
              !Self.saysWhy(call),
              // An awaited call is to an `async` function: its caller waits for all of it, and a hop
              // inside it is reported there, in its own async code.
              !Self.isAwaited(call),
              let target = WorkspaceRuleSupport.reachTarget(of: call.calledExpression, in: context)
        else { return }
        // What the wrapper reaches is decided from the workspace's answer alone (the tree is not needed again).
        let sleep = context.allows(Self.sleepForDuration) ? "Task.sleep(for: .seconds(…))" : "Task.sleep(nanoseconds: …)"
        let range: Range<Int> = call.calledExpression.byteRange
        context.decideLater { asking in
            guard let reached = asking.reachedHazard(from: target, kinds: [.mainQueueHop]),
                  // A delay wrapper (`after(2) { … }`) is where `Task.sleep` fits; a method that publishes
                  // on the main queue is a design of its type, flagged where it hops if anywhere.
                  reached.hazard.detail == "asyncAfter",
                  // The wrapper itself delays (`func after(_ seconds:, _ work:)`): a hop further down
                  // (`toast(…)` → `Haptics.play(…)` → `asyncAfter`) is a detail of another helper.
                  reached.steps.count == 1
            else { return [] }
            let hop = "`DispatchQueue.main.\(reached.hazard.detail)`"
            return [Finding(
                message: "\(WorkspaceRuleSupport.reachPath(reached, from: asking)) wraps \(hop): called from async code, it schedules work nothing awaits or cancels; `try await \(sleep)` and then do the work",
                range: range,
                related: [WorkspaceRuleSupport.related(reached, "`\(reached.hazard.member)` hops with \(hop) here")])]
        }
    }

    /// `asyncAfter(deadline: .now())` (or `DispatchTime.now()`, `.now() + 0`): no delay is added.
    static func hasNoDelay(_ call: FunctionCallExprSyntax) -> Bool {
        guard let deadline = call.argument(labeled: "deadline")?.expression.trimmedText.filter({ !$0.isWhitespace }) else { return false }
        return [".now()", "DispatchTime.now()", ".now()+0", "DispatchTime.now()+0"].contains(deadline)
    }

    /// `await f()`, `try await f()`, `await self.f()`: the call is an `await`'s operand.
    static func isAwaited(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent {
            if parent.is(AwaitExprSyntax.self) { return true }
            guard parent.is(TryExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) else { return false }
            node = parent
        }
        return false
    }

    static let flagged: Set<String> = ["DispatchQueue.main.async", "DispatchQueue.main.asyncAfter", "DispatchQueue.global"]

    /// `Task.sleep(for:)` (a `Duration`) exists from these versions; below them the advice is
    /// `Task.sleep(nanoseconds:)` (Apple's documentation of `sleep(for:tolerance:clock:)`).
    static let sleepForDuration = PlatformRequirement.os(iOS: OSVersion(16), macOS: OSVersion(13), tvOS: OSVersion(16), watchOS: OSVersion(9))

    /// The `.task { }` view modifier exists from these versions (below them: a stored `Task`).
    static let taskModifier = PlatformRequirement.os(iOS: OSVersion(15), macOS: OSVersion(12), tvOS: OSVersion(15), watchOS: OSVersion(8))

    /// SwiftUI action and lifecycle closures of a view: code there can start `Task { }` or move to `.task { }`.
    static let viewActionCallees: Set<String> = [
        "Button", "onAppear", "onDisappear", "onTapGesture", "onLongPressGesture", "onChange", "onSubmit",
        "onEnded", "onChanged", "onOpenURL", "onHover", "onKeyPress", "onDelete", "onMove", "onCommit",
        "onContinueUserActivity", "simultaneousGesture", "highPriorityGesture", "onDrop", "dropDestination",
    ]

    /// Calls whose closure is async code: `Task { }`, `Task.detached { }`, `.task { }`,
    /// `.refreshable { }`, task-group bodies and their child tasks.
    static let asyncClosureCallees: Set<String> = [
        "Task", "detached", "task", "refreshable", "withTaskGroup", "withThrowingTaskGroup",
        "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "addTask",
    ]

    /// Closures that run synchronously where they are written: look past them.
    static let inlineCallees = FunctionCallExprSyntax.inlineClosureCallees

    /// `UIViewRepresentable`/`NSViewRepresentable`/view-controller representable requirements.
    static let representableMethods: Set<String> = [
        "makeUIView", "updateUIView", "makeNSView", "updateNSView", "makeUIViewController",
        "updateUIViewController", "makeNSViewController", "updateNSViewController", "makeCoordinator", "sizeThatFits",
    ]

    /// The innermost closure around the call that is not run inline (`withAnimation`, `map`) is a
    /// view's action or lifecycle closure (`Button`, `.onTapGesture`, `.onAppear`, `.onChange`),
    /// and it is not drawn as a menu (`.contextMenu`, `Menu`, `.swipeActions`, or a view only ever
    /// built there: `WorkspaceRuleSupport.isDrawnAsMenu`).
    static func isInActionClosureOutsideMenus(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        var current = call.parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self), let (callee, label) = closure.passedTo, !inlineCallees.contains(callee) {
                let isAction = viewActionCallees.contains(callee) || (label.map { ["action", "perform"].contains($0) } ?? false)
                return isAction && !WorkspaceRuleSupport.isDrawnAsMenu(context)
            }
            if node.is(MemberBlockSyntax.self) || node.is(FunctionDeclSyntax.self) { return false }
            current = node.parent
        }
        return false
    }

    /// An earlier statement of the same block calls `dismiss()` (`dismiss()`,
    /// `presentationMode.wrappedValue.dismiss()`, `self.dismiss()`).
    static func followsDismiss(_ call: FunctionCallExprSyntax) -> Bool {
        guard let item = call.ancestor(CodeBlockItemSyntax.self), let block = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        for statement in block {
            if statement.id == item.id { return false }
            if let earlier = statement.item.as(FunctionCallExprSyntax.self), earlier.calleeName == "dismiss", earlier.arguments.isEmpty { return true }
        }
        return false
    }

    /// Where the call stands, when a structured alternative can be written there.
    enum Place { case view, async }

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard var name = call.calledExpression.dottedName else { return }
        if name.hasPrefix("Dispatch.") { name.removeFirst("Dispatch.".count) }
        guard Self.flagged.contains(name) else { return }
        // `asyncAfter(deadline: .now())` waits for nothing: it defers to the next turn of the run loop,
        // as `DispatchQueue.main.async` does, and is judged as that.
        if name == "DispatchQueue.main.asyncAfter", Self.hasNoDelay(call) { name = "DispatchQueue.main.async" }
        // Test code defers to the next runloop on purpose (to let the code being tested settle);
        // the advice is about shipping app code.
        if context.isInTestCode { return }
        // Straight in the render path (`body`, a `some View` helper): `DispatchQueue.main.async {
        // self.frame = geometry.size }` defers a state write out of the view update, which may not
        // write state. A `Task` there is no better; the structured way is `.onChange`/`.onGeometryChange`,
        // not what this rule advises.
        if context.isInRenderPath { return }
        // `DispatchQueue.global()` handed over as a Combine scheduler or stored is not GCD dispatch here.
        if name == "DispatchQueue.global", call.parent?.is(MemberAccessExprSyntax.self) != true { return }
        // `DispatchQueue.global().async { …; DispatchQueue.main.async { … } }`: the hop back of the
        // background work, flagged where that work is (the same fix removes both).
        if name == "DispatchQueue.main.async", let background = Self.enclosingBackgroundWork(of: call),
           Self.structuredPlace(of: background, in: context) != nil, !Self.saysWhy(background),
           !Self.saysWhy(call) {
            report.append(Finding(
                message: "`DispatchQueue.main.async` brings the result of the `DispatchQueue.global` work around it back to the main queue: "
                    + "nothing awaits or cancels either; an `async` function returns the result to its caller (`.task { value = await load() }`), "
                    + "on the main actor",
                range: call.calledExpression.byteRange))
            return
        }
        guard let place = Self.structuredPlace(of: call, in: context) else { return }
        // A comment on the hop says why ("give SwiftUI a chance to call updateUIView"): deliberate.
        if Self.saysWhy(call) { return }
        // `asyncAfter(deadline:, execute: check)` of a `DispatchWorkItem` the code cancels
        // (`check?.cancel()`, a typing debounce): the scheduled work is cancelled.
        if Self.executesCancelledWorkItem(call) { return }
        // In a view's own code, a next-runloop hop is a deliberate deferral (focus, scrolling); a
        // delay still fires after the view is gone, and background work is unstructured.
        if place == .view, name == "DispatchQueue.main.async" { return }
        // A delay in a menu's action (waiting for the menu to finish dismissing) or in a view's own
        // method (an older OS's stand-in for an animation's completion, a wait for a sheet to go)
        // is timing the interface on purpose. In an action or lifecycle closure a `Task` or
        // `.task`/`.task(id:)` is the direct replacement.
        if place == .view, name == "DispatchQueue.main.asyncAfter", !Self.isInActionClosureOutsideMenus(call, in: context) { return }
        // `dismiss(); DispatchQueue.main.asyncAfter(…) { … }`: the delay waits for the view to go away
        // and must outlive it, which a `.task` or a cancelled `Task` would not.
        if place == .view, name == "DispatchQueue.main.asyncAfter", Self.followsDismiss(call) { return }
        // In `.onDisappear { }` the view is going: a delay there is meant to run after it has gone,
        // which neither `.task` nor a `Task` the view cancels would do.
        if place == .view, name == "DispatchQueue.main.asyncAfter", call.ancestor(ClosureExprSyntax.self)?.passedTo?.callee == "onDisappear" { return }
        let sleep = context.allows(Self.sleepForDuration) ? "Task.sleep(for: .seconds(…))" : "Task.sleep(nanoseconds: …)"
        let hasTaskModifier = context.allows(Self.taskModifier)
        let message: String
        switch (name, place) {
        case ("DispatchQueue.main.async", .view):
            message = "`DispatchQueue.main.async` in a view is GCD, not Swift concurrency: nothing awaits or cancels the deferred work; "
                + (hasTaskModifier ? "use `.task { }` or `Task { }`" : "use `Task { }`")
        case ("DispatchQueue.main.async", .async):
            message = "`DispatchQueue.main.async` in async code hops to the main queue without the caller awaiting it; "
                + "`await` a `@MainActor` function or `await MainActor.run { … }` instead"
        case ("DispatchQueue.main.asyncAfter", .view):
            message = "`DispatchQueue.main.asyncAfter` in a view still fires after the view is gone (nothing cancels it); "
                + (hasTaskModifier ? "use `.task { try await \(sleep); … }`, cancelled when the view disappears, or a stored `Task`"
                    : "keep a `Task { try await \(sleep); … }` and cancel it in `.onDisappear`")
        case ("DispatchQueue.main.asyncAfter", .async):
            message = "`DispatchQueue.main.asyncAfter` in async code schedules work nothing awaits or cancels; "
                + "`try await \(sleep)` and then do the work on the main actor (in `await MainActor.run { … }` where this code is not isolated to it)"
        default:
            message = "`DispatchQueue.global` work is unstructured: nothing awaits or cancels it and results cannot flow back; "
                + "call an `async` function (or start a `Task`) instead"
        }
        let range: Range<Int> = name == "DispatchQueue.global" ? call.byteRange : call.calledExpression.byteRange
        report.append(Finding(message: message, range: range))
    }

    /// The call's `execute:` argument names a work item (`mirrorCheck`, `self.pending`) that the type's
    /// code cancels (`mirrorCheck?.cancel()`).
    static func executesCancelledWorkItem(_ call: FunctionCallExprSyntax) -> Bool {
        guard let argument = call.argument(labeled: "execute")?.expression,
              let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text ?? argument.selfMemberName,
              let declaration = WorkspaceRuleSupport.enclosingTypeDeclaration(Syntax(call))
        else { return false }
        let cancelled = Set(WorkspaceRuleSupport.cancelledReceivers(in: declaration).compactMap { base in
            base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? base.selfMemberName
        })
        if cancelled.contains(name) { return true }
        // `let work = DispatchWorkItem { … }; pending = work; …(execute: work)` with `pending?.cancel()`
        // elsewhere: the item is kept where the code cancels it.
        return declaration.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let list = reference.parent?.as(ExprListSyntax.self), list.last?.id == reference.id,
                  list.count == 3, list.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
                  let target = list.first.map(ExprSyntax.init)
            else { return false }
            return (target.as(DeclReferenceExprSyntax.self)?.baseName.text ?? target.selfMemberName).map(cancelled.contains) ?? false
        }
    }

    /// The closure is the body of `MainActor.run { … }` (trailing or `body:`).
    static func isMainActorRun(_ closure: ClosureExprSyntax) -> Bool {
        let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
        guard let name = call?.calledExpression.dottedName else { return false }
        return name == "MainActor.run" || name == "_Concurrency.MainActor.run"
    }

    /// The `DispatchQueue.global(…).async` call whose closure holds `call` directly (not inside
    /// another closure in it), or nil.
    static func enclosingBackgroundWork(of call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        guard let closure = call.ancestor(ClosureExprSyntax.self),
              let outer = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
              let member = outer.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "async",
              let queue = member.base?.as(FunctionCallExprSyntax.self)?.calledExpression.dottedName
        else { return nil }
        return queue == "DispatchQueue.global" || queue == "Dispatch.DispatchQueue.global" ? outer : nil
    }

    /// The innermost closure or declaration around the call decides:
    /// - an `async` closure or function, or a `Task { }` body: async code (`.async`);
    /// - a view's action closure (`Button`, `.onAppear`, …) or a member of a `View` type that is
    ///   not `@objc`: view code (`.view`);
    /// - `withAnimation { }`, `map { }` run inline: look further out;
    /// - anything else — Combine `sink`, a completion handler, another GCD closure, `@objc` and
    ///   delegate methods, other types' synchronous methods, top-level code — is a synchronous
    ///   callback with no structured alternative: nil.
    static func structuredPlace(of call: FunctionCallExprSyntax, in context: RuleContext) -> Place? {
        var current = call.parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) {
                if closure.signature?.effectSpecifiers?.asyncSpecifier != nil { return .async }
                guard let (callee, label) = closure.passedTo else { return nil }
                if Self.asyncClosureCallees.contains(callee) { return .async }
                if Self.viewActionCallees.contains(callee) || (label.map { ["action", "perform"].contains($0) } ?? false) {
                    return context.isInViewType ? .view : nil
                }
                // `await MainActor.run { … }` runs its body in place, awaited by the code around it.
                if !Self.inlineCallees.contains(callee), !(callee == "run" && Self.isMainActorRun(closure)) { return nil }
            } else if let function = node.as(FunctionDeclSyntax.self) {
                if function.signature.effectSpecifiers?.asyncSpecifier != nil { return .async }
                // A representable's make/update pass is synchronous and may not write state while
                // SwiftUI updates views: a next-runloop `DispatchQueue.main.async` is the way out,
                // and no `Task` or `.task` fits there (even when the type is also a `View`).
                if Self.representableMethods.contains(function.name.text) { return nil }
                return context.isInViewType && !function.attributes.contains("objc") ? .view : nil
            } else if let accessor = node.as(AccessorDeclSyntax.self) {
                if accessor.effectSpecifiers?.asyncSpecifier != nil { return .async }
            } else if node.is(VariableDeclSyntax.self) || node.is(InitializerDeclSyntax.self) {
                return context.isInViewType ? .view : nil
            } else if node.is(MemberBlockSyntax.self) || node.is(SourceFileSyntax.self) || node.is(DeinitializerDeclSyntax.self) {
                return nil
            }
            current = node.parent
        }
        return nil
    }

    /// A comment before the call says why it hops ("give SwiftUI a chance to call updateUIView"):
    /// deliberate. A to-do or an admitted hack ("TODO: this is a hack …") asks for the fix instead.
    static func saysWhy(_ call: FunctionCallExprSyntax) -> Bool {
        let comments = call.leadingTrivia.pieces.compactMap { piece -> String? in
            switch piece {
            case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text): text
            default: nil
            }
        }
        guard !comments.isEmpty else { return false }
        let text = comments.joined(separator: " ").lowercased()
        return !["todo", "fixme", "hack"].contains(where: text.contains)
    }
}
