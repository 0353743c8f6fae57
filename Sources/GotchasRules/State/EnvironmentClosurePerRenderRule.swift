import GotchasCore
import SwiftSyntax

/// A closure put into the environment in `body` is a new, incomparable value on every
/// render, so every view that reads the key is invalidated on every parent update.
struct EnvironmentClosurePerRenderRule: CallRule {
    static let description = RuleDescription(
        id: "environment-closure-per-render",
        category: .state,
        severity: .warning,
        seed: "003 r10",
        summary: "`.environment(\\.k, { … })`, `.environment(\\.k) { … }`, `.environment(\\.k, Actions { … })` or `.environmentObject(Model())` built inside `body`.",
        rationale: """
            SwiftUI compares environment values to decide which readers to update. A closure (or a value \
            wrapping one) created in `body` is new on every render and cannot be compared, so every view \
            reading that key re-runs its body on every update of the parent. A model object built there \
            (`.environmentObject(Store())`) is new on every render too, and loses its state. Put a stable \
            object in the environment (an `@Observable` model via `.environment(model)`) and call it from actions.
            """,
        notFlagged: [
            "`\\.openURL` with `OpenURLAction`",
            "a leaf: a system view or a representable",
            "a stored or comparable value",
            "a view only previews build",
            "a model object built in a `View` extension's helper or outside a view",
        ],
        severityReason: "a model object built in `body` loses its state on every render; info for a closure, whose cost is every reader re-rendering with the parent, as large as those readers' bodies.",
        asks: [.declaration, .builtOnlyByPreviews],
        useInstead: "a stable object",
        triggering: [
            RuleExample("""
                struct PlaybackStart: ViewModifier {
                    @EnvironmentObject private var player: StreamPlayer
                    func body(content: Content) -> some View {
                        content↓.environment(\\.onPlay, onPlay)
                    }
                    private func onPlay() { player.play() }
                }
                """, note: "a method of the view passed by name: a new closure capturing `self` on every render"),
            """
            var body: some View {
                Editor()
                    ↓.environment(\\.onSave, { document in store.save(document) })
            }
            """,
            """
            struct Root: View {
                var body: some View {
                    NavigationStack {
                        Feed()
                    }
                    ↓.environment(\\.actions, Actions { event in
                        handle(event)
                    })
                }
            }
            """,
            """
            var body: some View {
                Editor()
                    ↓.environment(\\.onSave) { document in
                        store.save(document)
                    }
            }
            """,
            """
            @ViewBuilder var content: some View {
                Group {
                    Rows()↓.environment(\\.rowHandler, RowHandler(onTap: { select($0) }))
                }
            }
            """,
            RuleExample("""
                struct Inbox: View {
                    var body: some View {
                        ConversationList()
                            ↓.environmentObject(PlaybackCoordinator())
                    }
                }
                final class PlaybackCoordinator: ObservableObject { @Published var playing: URL? }
                """, note: "a model object created on every render"),
        ],
        nonTriggering: [
            RuleExample("""
                struct SplitView: View {
                    let mailbox: Mailbox
                    var body: some View {
                        ThreadList().environmentObject(ActionsManager(mailbox: mailbox))
                    }
                }
                final class ActionsManager: ObservableObject {
                    @LazyInjectService private var snackbar: SnackbarPresenter
                    let mailbox: Mailbox
                    init(mailbox: Mailbox) { self.mailbox = mailbox }
                }
                """, note: "an object holding only constants and an injected service: no state to lose, nothing it publishes"),
            RuleExample("""
                struct SelectList: View {
                    let store: Store
                    var body: some View {
                        List(store.items) { Text($0.name) }
                            .environment(\\.editMode, Binding(get: { store.isSelecting ? .active : .inactive }, set: { store.setEditing($0) }))
                    }
                }
                """, note: "a key that holds a binding (`\\.editMode`) takes a `Binding`: no stable object can stand in"),
            RuleExample("""
                struct PlaybackStart: ViewModifier {
                    let onPlay: () -> Void
                    func body(content: Content) -> some View {
                        content.environment(\\.onPlay, onPlay)
                    }
                }
                """, note: "a closure the view was given (a stored property), not a method made into a new one on each render"),
            RuleExample("""
                struct Inbox: View {
                    @StateObject private var playback = PlaybackCoordinator()
                    var body: some View { ConversationList().environmentObject(playback) }
                }
                final class PlaybackCoordinator: ObservableObject { @Published var playing: URL? }
                #Preview { ConversationList().environmentObject(PlaybackCoordinator()) }
                """, note: "an object the view owns; one built in a preview"),
            RuleExample("""
                extension View {
                    func designTime() -> some View { padding().environmentObject(ShortcutStore()) }
                }
                final class ShortcutStore: ObservableObject { @Published var shortcuts: [String] = [] }
                """, note: "a `View` extension's helper, applied where its caller decides"),
            RuleExample("""
                struct BookmarkPreviewWrapper: View {
                    @State private var saved = false
                    var body: some View {
                        BookmarkButton().environment(\\.toggleSaved) { saved.toggle() }
                    }
                }
                #Preview { BookmarkPreviewWrapper() }
                """, note: "a wrapper view only a preview builds"),
            RuleExample("""
                struct Picker: View {
                    var body: some View {
                        GestureView()
                            .environment(\\.panAction, PanAction { location in select(location) })
                    }
                }
                """, note: "set on the one representable that reads it", otherFiles: [
                    "GestureView.swift": "struct GestureView: UIViewRepresentable { func makeUIView(context: Context) -> UIView { UIView() }; func updateUIView(_ view: UIView, context: Context) {} }",
                ]),
            RuleExample("Feed().environment(model)", note: "a stable object"),
            RuleExample("""
                var body: some View {
                    Text(status.content)
                        .environment(
                            \\.openURL,
                            OpenURLAction { url in
                                router.handle(url: url)
                            })
                }
                """, note: "the system's documented way to handle links: no stable alternative"),
            RuleExample("Feed().environment(\\.actions, actions)", note: "a value stored elsewhere"),
            RuleExample("""
                var body: some View {
                    Text(status.content)
                        .environment(\\EnvironmentValues.openURL, OpenURLAction(handler: { url in router.handle(url) }))
                }
                """, note: "`OpenURLAction` under the fully spelled `openURL` key"),
            RuleExample("Feed().environment(\\.locale, Locale(identifier: \"fr\"))", note: "a comparable value"),
            RuleExample("""
                func makeRoot() -> some Scene {
                    WindowGroup { Feed() }
                }
                let root = Feed().environment(\\.actions, Actions { _ in })
                """, note: "built once outside a body"),
            RuleExample("""
                var body: some View {
                    Button("Go") { sheet = Feed().environment(\\.actions, Actions { _ in }) }
                }
                """, note: "in an action, not per render"),
        ])

    static let calledNames: Set<String> = ["environment", "environmentObject"]

    /// System keys whose documented way to customize is an action built in `body`
    /// (`.environment(\.openURL, OpenURLAction { … })`): there is no stable alternative.
    static let systemActionKeys: Set<String> = ["\\.openURL", "\\EnvironmentValues.openURL"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.modifierReceiver != nil, context.execution == .render else { return }
        if let object = Self.objectBuiltInPlace(call, callee: callee, in: context) {
            // In a view's own rendered code only: a `View` extension's helper or a window
            // controller's content builder runs when its caller decides, often once.
            guard let view = context.enclosingView, !(view.kind == .extension && view.name == "View"),
                  !WorkspaceRuleSupport.isPreviewOnly(context, at: Syntax(call)) else { return }
            report.append(Finding(
                message: "`\(object)` created in `body` and put in the environment is a new object on every render: its state is lost and every reader re-renders on each update; own it once (`@StateObject`/`@State`) and pass that",
                range: call.rangeFromCalleeName))
            return
        }
        guard callee == "environment",
              let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self),
              !Self.systemActionKeys.contains(keyPath.trimmedText.collapsingWhitespace)
        else { return }
        // `.environment(\.k, value)`, or `.environment(\.k) { … }`: the trailing closure is the value.
        let value: ExprSyntax
        if call.arguments.count == 2, call.trailingClosure == nil, let last = call.arguments.last {
            value = last.expression.unwrapped
        } else if call.arguments.count == 1, let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty {
            value = ExprSyntax(closure)
        } else {
            return
        }
        guard Self.buildsClosure(value) || Self.isInstanceMethodReference(value, at: call) else { return }
        // Set on a leaf that wraps a UIKit/AppKit view (a `UIViewRepresentable` of the workspace, or a
        // system leaf such as `Text`): the one reader is that view, so nothing else re-renders.
        if let root = call.modifierReceiver?.chainRoot.as(DeclReferenceExprSyntax.self), Self.isLeaf(root.baseName.text, in: context) { return }
        // A wrapper view only previews build (`#if DEBUG struct RowPreview: View`): no app renders it.
        if WorkspaceRuleSupport.isPreviewOnly(context, at: Syntax(call)) { return }
        report.append(Finding(
            message: "A closure created in `body` and put in the environment is new on every render and can't be compared: every reader of the key re-renders on each update; put a stable object in the environment instead",
            // Extra renders cost only what the readers' bodies cost, which the code does not show.
            range: call.rangeFromCalleeName, loweredSeverity: .info))
    }

    /// `.environmentObject(Store())`, `.environment(Model())`: a class of the workspace (an
    /// `ObservableObject` or `@Observable` model) constructed as the value; its name, else nil.
    static func objectBuiltInPlace(_ call: FunctionCallExprSyntax, callee: String, in context: RuleContext) -> String? {
        guard call.arguments.count == 1, call.trailingClosure == nil, let argument = call.arguments.first, argument.label == nil,
              let built = argument.expression.unwrapped.as(FunctionCallExprSyntax.self),
              let name = built.constructedTypeName, TypeNames.startsUppercase(name), built.calledExpression.is(DeclReferenceExprSyntax.self),
              let type = context.type(named: name), type.kind == .class,
              type.inherits("ObservableObject") || type.hasAttribute("Observable"),
              // An object that holds only constants (`let mailbox`, `let user`) and services a wrapper
              // injects (`@Inject var store`) has no state to lose and never publishes: a new one per
              // render is what its inputs make it.
              type.properties.contains(where: { $0.isStoredInstance && !$0.isLet && ($0.wrapper == nil || $0.wrapper == "Published") })
        else { return nil }
        return name + (built.arguments.isEmpty ? "()" : "(…)")
    }

    static let representables: Set<String> = ["UIViewRepresentable", "NSViewRepresentable", "UIViewControllerRepresentable", "NSViewControllerRepresentable"]
    static let systemLeaves: Set<String> = ["Text", "Image", "Color", "Divider", "Spacer", "ProgressView", "Toggle", "TextField", "Slider"]

    /// A system leaf view, or a workspace type that wraps a UIKit/AppKit view.
    static func isLeaf(_ name: String, in context: RuleContext) -> Bool {
        if systemLeaves.contains(name) { return true }
        guard TypeNames.startsUppercase(name), let type = context.type(named: name) else { return false }
        return representables.contains { type.inherits($0) }
    }

    /// `{ … }`, or a type's initializer taking a closure (`Actions { … }`, `Handler(onTap: { … })`).
    /// `onPlay` or `self.onPlay`, naming an instance method of the type around the call: each use
    /// makes a new closure that captures `self`.
    static func isInstanceMethodReference(_ value: ExprSyntax, at call: FunctionCallExprSyntax) -> Bool {
        guard let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text ?? value.selfMemberName,
              let members = call.ancestor(MemberBlockSyntax.self)
        else { return false }
        return members.members.contains { member in
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name else { return false }
            return !function.modifiers.contains { ["static", "class"].contains($0.name.text) }
        }
    }

    private static func buildsClosure(_ value: ExprSyntax) -> Bool {
        if value.is(ClosureExprSyntax.self) { return true }
        guard let call = value.as(FunctionCallExprSyntax.self), let name = call.calleeName,
              name.first?.isUppercase == true,
              // `OpenURLAction { … }`: the system's way to handle links (under whatever key spelling).
              name != "OpenURLAction",
              // `Binding(get:set:)` (`\.editMode`): a key that holds a binding takes one; no stable
              // object can stand in for it.
              name != "Binding"
        else { return false }
        return !call.closureArguments.isEmpty
    }
}
