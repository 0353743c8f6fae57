import GotchasCore
import SwiftSyntax

/// `AnyView` erases the view's type: SwiftUI can no longer diff its structure, and
/// in `List`/`ForEach` rows it must build every row to learn what it contains.
struct AnyViewRule: CallRule {
    static let description = RuleDescription(
        id: "any-view",
        category: .state,
        severity: .warning,
        seed: "003 r6, 004 §3",
        summary: "`AnyView(…)`/`.eraseToAnyView()` erase the view type; use `@ViewBuilder`, `switch` or generics.",
        rationale: """
            `AnyView` hides the view's type from SwiftUI: a change of what is inside becomes a new identity \
            (state resets, transitions instead of updates) and diffing is slower. In `List` and `Table` rows \
            SwiftUI must also build every row up front to count its views. Return `some View` from a \
            `@ViewBuilder` property or function, use `switch`/`if` inside it, or make the container generic \
            over its content.
            """,
        notFlagged: [
            "`AnyView` as a type in a signature",
            "a slot whose type is fixed (a parameter, a trailing closure, `[AnyView]`, `rootView:`)",
            "a member a protocol requires as `AnyView`, or an overridable method declared so",
            "a value from elsewhere (`content()`, an existential), but a view's own `any View`",
            "an erasing helper's own body",
            "an erased `EmptyView`",
            "test and snapshot code",
            "a branch of `if #available`, or a return beside one",
            "a view built once by a non-view type's method (a hosting window)",
        ],
        severityReason: "warning for a `List` row's own view (the `List`'s content, or a `ForEach`'s directly in a `List`), where every row is built up front and diffed per update; info elsewhere, where one erased view costs little unless it is large and re-rendered often.",
        asks: [.declaration],
        triggers: ["AnyView"],
        triggering: [
            """
            var body: some View {
                ↓AnyView(Text("a"))
            }
            """,
            """
            List(items) { item in
                if item.isHeader {
                    ↓AnyView(Header(item))
                } else {
                    Row(item)
                        .padding()
                        ↓.eraseToAnyView()
                }
            }
            """,
            "func make() -> AnyView { ↓AnyView.init(Text(\"a\")) }",
            """
            struct Card: View {
                var body: some View { header }
                var header: AnyView { ↓AnyView(Text("a")) }
            }
            """,
            """
            final class ProfileCoordinator {
                func toPresentable() -> AnyView {
                    AnyView(NavigationStack { ↓AnyView(ProfileView()) })
                }
            }
            """,
            RuleExample("""
                struct Home: View {
                    @Environment(\\.colorScheme) private var colorScheme
                    var body: some View {
                        Menu().background(colorScheme == .dark ? ↓AnyView(Color.black) : ↓AnyView(LinearGradient(colors: colors, startPoint: .top, endPoint: .bottom)))
                    }
                }
                """, note: "an argument to SwiftUI's generic `background`: `Group { if … }` passes the views themselves"),
            RuleExample("""
                struct WithPrefix: View {
                    let content: any View
                    let last: Bool
                    var body: some View {
                        HStack {
                            if last { Text("Last") }
                            ↓AnyView(content)
                        }
                    }
                }
                """, note: "a view that keeps its content as `any View`: a generic parameter keeps the type"),
            RuleExample("""
                struct Badge<Label: View>: View {
                    let label: Label
                    var body: some View { Text("1") }
                }
                struct Row: View {
                    var body: some View { Badge(label: ↓AnyView(Text("new"))) }
                }
                """, note: "an initializer whose stored property is generic"),
        ],
        nonTriggering: [
            RuleExample("""
                struct WithPrefix: View {
                    let content: any View
                    var body: some View { HStack { Text("Last"); wrapped(content) } }
                    func wrapped(_ content: any View) -> some View { AnyView(content) }
                }
                """, note: "a parameter declared `any View`: a value from elsewhere, which only erasure can show"),
            RuleExample("""
                actor AudioPlugin: Plugin {
                    @MainActor
                    func addTabView(reason: String) -> (view: AnyView, label: String)? {
                        (AnyView(AudioList()), "Audio")
                    }
                }
                """, note: "an element of a tuple a non-view type's member is declared to return"),
            RuleExample("""
                class TrackerConstants {
                    class func iconView(name: String) -> AnyView { AnyView(Image(systemName: "tag")) }
                }
                final class SmartTag: TrackerConstants {
                    override class func iconView(name: String) -> AnyView {
                        name.contains("Android") ? AnyView(Circle().fill(.green)) : AnyView(Image(systemName: "tag.fill"))
                    }
                }
                """, note: "an overridable class method: each subclass returns its own view through one signature"),
            RuleExample("""
                struct LogView: View {
                    var body: some View { Text("Log").toolbar { menu } }
                    private var menu: AnyView {
                        #if canImport(UIKit)
                            if #available(iOS 16.0, *) {
                                return AnyView(MenuButton())
                            } else {
                                return AnyView(MenuView())
                            }
                        #else
                            return AnyView(MenuView())
                        #endif
                    }
                }
                """, note: "the `#else` return of a member whose other branch needs erasure"),
            RuleExample("""
                struct MainView: View {
                    private let editor: (Binding<String>) -> AnyView = { text in
                        AnyView(EditorView(text: text))
                    }
                    var body: some View { ContentView().environment(\\.editor, editor) }
                }
                """, note: "a stored closure typed to return `AnyView`"),
            RuleExample("""
                struct ScannerSheet: View {
                    var body: some View { scanner }
                    private var scanner: AnyView {
                        if #available(iOS 16.0, *) {
                            return AnyView(DataScannerView { handle($0) }.ignoresSafeArea())
                        } else {
                            return AnyView(UnavailableView())
                        }
                    }
                }
                """, note: "hides a type that exists only on newer systems; the branch never changes"),
            RuleExample("""
                final class PinnedWindows {
                    func pin(_ kind: Kind) {
                        let content = switch kind {
                        case .media: AnyView(MediaControls())
                        case .calendar: AnyView(CalendarView())
                        }
                        window.contentView = NSHostingView(rootView: content)
                    }
                }
                """, note: "built once by a window controller for a hosting view"),
            RuleExample("""
                extension Picker where Label == Text, Content == AnyView {
                    init(_ title: String, selection: Binding<SelectionValue>, values: [SelectionValue]) {
                        self.init(selection: selection, label: Text(title)) {
                            ForEach(values, id: \\.self) { Text("\\($0)").tag($0) }.eraseToAnyView()
                        }
                    }
                }
                """, note: "a generic parameter pinned to `AnyView` by the extension's `where` clause"),
            RuleExample("""
                var body: some View {
                    content.background(GeometryReader { proxy -> AnyView in
                        DispatchQueue.main.async { frame = proxy.frame(in: .global) }
                        return AnyView(EmptyView())
                    })
                }
                """, note: "an erased `EmptyView`: nothing inside to lose"),
            RuleExample("""
                struct DropTarget: View {
                    var body: some View { Text("Drop here") }
                    func makePreview() -> NSView {
                        NSHostingView(rootView: Cancel.self == EmptyView.self ? content.eraseToAnyView() : cancel().eraseToAnyView())
                    }
                }
                """, note: "branches of one hosting root (`rootView:`), in a view's code too, under a compound condition"),
            RuleExample("""
                extension MarkdownTheme {
                    static func app(images: ImageLoader) -> MarkdownTheme {
                        MarkdownTheme(imageBlockView: { imageView($0, images) })
                    }
                    private static func imageView(_ url: URL, _ images: ImageLoader) -> AnyView {
                        if url.isFileURL { return AnyView(Image(url.path)) }
                        return AnyView(RemoteImage(url: url, loader: images))
                    }
                }
                """, note: "a function whose every call fills a library's slot (its type is the library's)"),
            RuleExample("""
                extension View {
                    func erasedToAnyView() -> AnyView { AnyView(erasing: self) }
                }
                """, note: "an erasing helper's own body, whatever its name"),
            RuleExample("""
                struct SensorsWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "s", provider: Provider()) { entry in
                            ContainerView(emptyView: { AnyView(EmptyMessage()) }, contents: entry.items)
                        }
                    }
                }
                """, note: "a closure for a parameter typed `() -> AnyView` (declared in another file)",
                otherFiles: ["ContainerView.swift": """
                    struct ContainerView: View {
                        let emptyView: () -> AnyView
                        let contents: [Item]
                        init(emptyView: @escaping () -> AnyView, contents: [Item]) { self.emptyView = emptyView; self.contents = contents }
                        var body: some View { emptyView() }
                    }
                    """]),
            RuleExample("""
                extension [Item] {
                    func rows() -> [RowConfiguration] {
                        map { item in
                            RowConfiguration(id: item.id) {
                                ItemRow(item: item).eraseToAnyView()
                            }
                        }
                    }
                }
                """, note: "a trailing closure for an initializer whose closure property is typed `() -> AnyView` (declared in another file)",
                otherFiles: ["RowConfiguration.swift": """
                    struct RowConfiguration: Identifiable {
                        let id: String
                        private let content: @MainActor () -> AnyView
                        init(id: String, @ViewBuilder content: @escaping @MainActor () -> AnyView) { self.id = id; self.content = content }
                    }
                    """]),
            RuleExample("""
                struct TemplateCard: View, MenuItemsProvider {
                    var body: some View { Text("Template") }
                    var menuItems: AnyView {
                        Group { Button("Edit") { } }.eraseToAnyView()
                    }
                }
                """, note: "a member a protocol declares `AnyView` (declared in another file): the protocol fixes its type",
                otherFiles: ["MenuItemsProvider.swift": "protocol MenuItemsProvider { var menuItems: AnyView { get } }"]),
            RuleExample("""
                struct Settings: View {
                    var body: some View { ForEach(Self.rows().indices, id: \\.self) { Self.rows()[$0] } }
                    static func rows() -> [AnyView] { [AnyView(Toggle("a", isOn: .constant(true))), AnyView(Text("b"))] }
                }
                """, note: "views of different types in one `[AnyView]` collection: only erasure can hold them"),
            RuleExample("""
                struct LoadableImage: View {
                    var blurHash: UIImage?
                    var body: some View { Content(placeholder: placeholder) }
                    var placeholder: AnyView? {
                        guard let blurHash else { return nil }
                        return AnyView(Image(uiImage: blurHash).resizable())
                    }
                }
                """, note: "a member declared `AnyView?`: it can be nil, which `some View` cannot"),
            RuleExample("""
                import XCTest
                final class ScreenshotTests: XCTestCase {
                    let screens: [AnyView] = [AnyView(HomeView()), AnyView(SettingsView())]
                }
                """, note: "test and snapshot code: a list of screens of different types"),
            RuleExample("var cache: [String: AnyView] = [:]", note: "the type in a signature"),
            RuleExample("""
                extension View {
                    func eraseToAnyView() -> AnyView { AnyView(self) }
                }
                """, note: "the helper's own body"),
            RuleExample("Text(\"AnyView(x)\")", note: "inside a string"),
            RuleExample("// AnyView(Text(\"a\"))", note: "inside a comment"),
            RuleExample("MyAnyViewWrapper(Text(\"a\"))", note: "a name that contains it"),
            RuleExample("""
                protocol Presentable { func toPresentable() -> AnyView }
                final class ProfileCoordinator: Presentable {
                    func toPresentable() -> AnyView {
                        AnyView(ProfileView(coordinator: self))
                    }
                }
                """, note: "a non-View type's member declared `-> AnyView`: a hosting boundary with no `@ViewBuilder` alternative"),
            RuleExample("""
                struct SettingsRoute: Route {
                    var destination: AnyView {
                        if isSignedIn { return AnyView(AccountView()) }
                        return AnyView(SignInView())
                    }
                }
                """, note: "the same boundary as a property declared `AnyView`, returned from each branch"),
            RuleExample("""
                final class WindowRouter {
                    func window(for id: String) -> AnyView {
                        guard let screen = screens[id] else { return AnyView(EmptyView()) }
                        return AnyView(screen)
                    }
                }
                """, note: "the same boundary, returned from a `guard`'s else"),
            RuleExample("""
                struct RemoteImage<Content: View>: View {
                    let transformer: (AnyView) -> Content
                    var body: some View {
                        transformer(AnyView(Image(uiImage: image).resizable()))
                    }
                }
                """, note: "passed to a parameter declared `AnyView`: the callee fixes the type"),
            RuleExample("""
                struct Story: View {
                    var body: some View { Text("2024") }
                    func sharingAssets() -> [Any] { [ShareableProvider.new(AnyView(self))] }
                }
                """, note: "passed to a method declared elsewhere: its parameter type is unknown, nothing says the `AnyView` is avoidable"),
            RuleExample("""
                final class SyncSettingsViewController: UIViewController {
                    func collectCode(connect: Bool) {
                        var controller: UIHostingController<AnyView>
                        if connect {
                            controller = UIHostingController(rootView: AnyView(ScanOrSeeCode(model: model)))
                        } else {
                            controller = UIHostingController(rootView: AnyView(EnterCodeView(model: model)))
                        }
                        present(controller, animated: true)
                    }
                }
                """, note: "a `UIHostingController<AnyView>` root in UIKit code: a hosting boundary outside View types"),
            RuleExample("""
                final class SettingsHostingController: UIHostingController<AnyView> {
                    init(model: SettingsModel) {
                        super.init(rootView: AnyView(EmptyView()))
                        let dialog = AnyView(DialogView(model: model))
                        let host = UIHostingController(rootView: dialog)
                        self.rootView = AnyView(SettingsRootView(model: model))
                    }
                }
                """, note: "the same boundary through `super.init(rootView:)`, a local handed to `rootView:` and `rootView =`"),
            RuleExample("""
                final class ShareProvider {
                    var view: AnyView?
                    func snapshot() {
                        guard let view else { return }
                        render(Container { AnyView(view) })
                    }
                }
                """, note: "re-wrapping a value already declared `AnyView`: nothing more is erased"),
        ])

    static let calledNames: Set<String> = ["AnyView", "init", "eraseToAnyView"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        // Test and snapshot code collects screens of different types into one list: the
        // erasure is the point there, and it never renders in the app.
        guard !context.isInTestCode else { return }
        let range: Range<Int>
        let written: String
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "AnyView" {
            range = call.byteRange
            written = "AnyView(…)"
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "AnyView", member.declName.baseName.text == "init" {
            range = call.byteRange
            written = "AnyView(…)"
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
                  member.declName.baseName.text == "eraseToAnyView", call.arguments.isEmpty {
            range = call.rangeFromCalleeName
            written = ".eraseToAnyView()"
        } else {
            return
        }
        if context.enclosingFunction?.name == "eraseToAnyView" { return }
        // A generic parameter pinned to `AnyView` by the declaration around it (`extension Picker
        // where Content == AnyView`, `init(…) where Label == AnyView`): the type is fixed there.
        if Self.isPinnedToAnyView(call) { return }
        // `AnyView(self)`/`AnyView(erasing: self)`: the body of an erasing helper however it is
        // named (`erasedToAnyView()`); its call sites are where the erasure is chosen.
        if call.arguments.count == 1, call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return }
        // A hosting boundary: a non-View type's member declared `-> AnyView` (a coordinator's
        // `toPresentable()`, a route's `destination: AnyView`) that returns this `AnyView`. Its
        // signature is fixed (often by a protocol), so there is no `@ViewBuilder` to use instead.
        if Self.isReturnedFromAnyViewMemberOfNonView(call, in: context) { return }
        // Built by a non-View type's method that returns nothing (a window controller making an
        // `NSHostingView(rootView:)`): made once for a host, never re-rendered as a body's child.
        if Self.isBuiltByNonViewProcedure(context) { return }
        // A branch of `if #available`: erasure is how a type that exists only on newer systems
        // is hidden from older ones, and the branch taken never changes while the app runs.
        if WorkspaceRuleSupport.isInAvailabilityBranch(call) { return }
        // Another return of a member declared `AnyView` is such a branch (`#if` a UIKit view behind
        // `if #available`, `#else` a plain one): the member's type is fixed by it, and this return matches.
        if Self.sharesAnAvailabilityErasure(call, in: context) { return }
        // A protocol requirement declared `AnyView` (`var contextMenuItems: AnyView { get }`) that
        // this member implements: the protocol fixes the type, in a view as anywhere.
        if Self.isReturnedFromAnyViewRequirement(call, in: context) { return }
        // An overridable or overriding method declared `-> AnyView` (`override class func iconView(…)`):
        // each subclass returns its own view through one signature, which `some View` cannot be.
        if Self.isReturnedFromOverridableAnyViewMethod(context) { return }
        // A member declared `AnyView?` (any type): it can be nil, which `some View` cannot, so
        // what consumes it was written for an optional `AnyView` (a transformer, a placeholder slot).
        if Self.isReturnedFromOptionalAnyViewMember(call, in: context) { return }
        // Handed on to something whose type is `AnyView` by declaration (a parameter, a hosting
        // root, `AnyView` storage of UIKit code): nothing generic to pass instead. See `Destination`.
        if Self.isFixedByDestination(ExprSyntax(call), in: context) { return }
        // Built for a member declared `[AnyView]`: views of different types in one collection,
        // which only erasure can hold (no `@ViewBuilder` returns a heterogeneous array).
        if Self.isInAnyViewCollectionMember(context) { return }
        // `AnyView(view)` of a `view` already declared `AnyView`: nothing more is erased, so the
        // message would be false (pocket-casts' share provider, element-x's snapshot helper).
        let erased = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "eraseToAnyView"
            ? call.receiver : call.arguments.first?.expression
        if let erased, Self.isAlreadyErased(erased, around: call, in: context) { return }
        // What can be replaced: a view built right there (`AnyView(Header(item))`, `Row().padding()
        // .eraseToAnyView()`: its type is known, so `some View` or a `@ViewBuilder` can carry it),
        // or erasure that unifies branches (`c ? AnyView(a) : AnyView(b)`, several `return AnyView(…)`).
        // A value from elsewhere (`content()`, `_poster.label`, `view(for: entry)`) may be generic or
        // existential (`any Poster`), where erasure is the only way; stored into a property or handed
        // to `.environment`, its slot is typed `AnyView`.
        // …except the view's own stored `any View` (`let content: any View`, erased in its `body`): the
        // view itself chose the existential, and a generic parameter keeps the type instead.
        // As a modifier's argument (`.listRowBackground(AnyView(…))`) it is not the row's own view:
        // the row's type stays known.
        func reportErasure(_ what: String, advice: String) {
            let inRows = Self.isListRowRoot(context) && !Self.isModifierArgument(call)
            report.append(Finding(
                message: "`\(written)` erases \(what)" + (inRows ? " — and in List/ForEach rows must build every row up front" : "") + "; " + advice,
                range: range, loweredSeverity: inRows ? nil : .info))
        }
        if let erased, let view = Self.erasedOwnExistential(erased, around: call, in: context) {
            reportErasure("the `any View` this view keeps, so SwiftUI loses its content's type and identity",
                          advice: "make `\(view)` generic over its content (`<Content: View>`, `let content: Content`)")
            return
        }
        guard let erased, Self.isBuiltInPlace(erased) || Self.unifiesBranches(call) else { return }
        // `AnyView(EmptyView())`: nothing inside has state or structure to lose.
        if erased.unwrapped.as(FunctionCallExprSyntax.self).map({ $0.calleeName == "EmptyView" && $0.arguments.isEmpty }) == true { return }
        if Self.isStoredOrInjected(call) { return }
        // A function declared `-> AnyView` whose calls in this file all fill a slot whose type is
        // someone else's (a library's `imageBlockView: { imageView($0) }`): its signature is fixed.
        if let function = context.enclosingFunction?.node.as(FunctionDeclSyntax.self),
           let returned = function.signature.returnClause?.type.trimmedText, Self.isAnyView(returned),
           Self.callsFillFixedSlots(function.name.text, in: context) {
            return
        }
        reportErasure("the view's type, so SwiftUI loses its structural identity and diffs it slowly",
                      advice: "return `some View` from a `@ViewBuilder` (with `if`/`switch`) or use generics")
    }

    /// The function the walk stands in is declared `-> AnyView` and `override`, or `class` (a class
    /// method subclasses may override).
    static func isReturnedFromOverridableAnyViewMethod(_ context: RuleContext) -> Bool {
        guard let function = context.enclosingFunction?.node.as(FunctionDeclSyntax.self),
              let returned = function.signature.returnClause?.type.trimmedText, isAnyView(returned)
        else { return false }
        return function.modifiers.contains { $0.name.tokenKind == .keyword(.override) || $0.name.tokenKind == .keyword(.class) }
    }

    /// The erased view is a row of a `List`: the closure it stands in is the row content of a
    /// `List`, or of a `ForEach` directly in one (through `Section`s), with no other view
    /// builder in between. Only there does the `List` build every row to count its views; in a
    /// `LazyVStack` rows are built as they appear, and inside a row's overlay or stack the row's
    /// own type is still known.
    /// `row.listRowBackground(AnyView(…))`: the erased view is an argument of a modifier applied to
    /// a view (a call on a base), not that view.
    static func isModifierArgument(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call)
        while let parent = current.parent {
            if let argument = parent.as(LabeledExprSyntax.self) {
                return argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil
            }
            guard parent.is(TernaryExprSyntax.self) || parent.is(UnresolvedTernaryExprSyntax.self) || parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
                    || parent.is(ExprListSyntax.self) || parent.is(SequenceExprSyntax.self) else { return false }
            current = parent
        }
        return false
    }

    static func isListRowRoot(_ context: RuleContext) -> Bool {
        var frames = context.containers.reversed().makeIterator()
        guard let row = frames.next(), row.name == "List" || row.name == "ForEach" else { return false }
        if row.name == "List" { return true }
        while let outer = frames.next() {
            if outer.name == "Section" { continue }
            return outer.name == "List"
        }
        return false
    }

    /// The erased view is a construction written there: a chain of modifiers rooted at an
    /// uppercase call (`Header(item)`, `Text("a").padding()`, `NavigationStack { … }`).
    static func isBuiltInPlace(_ expression: ExprSyntax) -> Bool {
        var current = expression.unwrapped
        while let call = current.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                guard let base = member.base else { return false }
                current = base.unwrapped
                continue
            }
            guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? call.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression.trimmedText
            else { return false }
            return TypeNames.startsUppercase(name)
        }
        return false
    }

    /// The erasure is one branch of several: both branches of a ternary are erased, or the
    /// enclosing member returns `AnyView(…)` in more than one place.
    static func unifiesBranches(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self) || parent.is(LabeledExprSyntax.self) {
            node = parent
        }
        if let ternary = node.parent, ternary.is(UnresolvedTernaryExprSyntax.self) { node = ternary }  // the `then` branch
        if let sequence = node.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self),
           sequence.elements.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) {
            let erasures = sequence.elements.filter { element in
                element.as(UnresolvedTernaryExprSyntax.self).map { isErasure($0.thenExpression) } ?? isErasure(element)
            }
            if erasures.count >= 2 { return true }
        }
        guard let returned = Syntax(call).parent?.as(ReturnStmtSyntax.self) else { return false }
        var current = returned.parent
        while let parent = current, !(parent.parent?.is(MemberBlockItemSyntax.self) ?? false), !parent.is(ClosureExprSyntax.self) {
            current = parent.parent
        }
        guard let member = current else { return false }
        return member.tokens(viewMode: .sourceAccurate).filter { token in
            token.tokenKind == .keyword(.return) && token.parent?.as(ReturnStmtSyntax.self)?.expression.map(isErasure) == true
        }.count >= 2
    }

    private static func isErasure(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.unwrapped.as(FunctionCallExprSyntax.self) else { return false }
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "AnyView" { return true }
        return call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "eraseToAnyView"
    }

    /// Assigned to a property (`view.placeholder = AnyView(…)`, `self.content = …`) or built in a
    /// closure handed to `.environment(_:_:)`: the slot's type is `AnyView` by declaration.
    static func isStoredOrInjected(_ call: FunctionCallExprSyntax) -> Bool {
        if let sequence = call.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == call.id { return true }
        }
        // The value of a local (`let content = Screen().eraseToAnyView()`), handed on from there: what
        // it fills is decided where it goes, which this expression does not show.
        if let binding = Syntax(call).parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
           let statements = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self) {
            // …unless it is only returned (`let row = AnyView(HStack { … }); return row`): the same as
            // returning the erased view itself.
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            let returnsIt = statements.contains { item in
                item.item.as(ReturnStmtSyntax.self)?.expression?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
            }
            return !returnsIt
        }
        var current = call.parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) {
                if let owner = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                   owner.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "environment" {
                    return true
                }
                // A closure assigned to a property (`self.content = { … }`): a stored slot too.
                if let sequence = closure.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
                    let elements = Array(sequence.elements)
                    if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == closure.id { return true }
                }
            }
            current = node.parent
        }
        return false
    }

    /// The enclosing function returns, or the enclosing property is declared, `[AnyView]`.
    /// A `where` clause of an enclosing declaration (extension, initializer, function, type) says
    /// a generic parameter is `AnyView`: `where Content == AnyView`.
    static func isPinnedToAnyView(_ call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let node = current {
            let clause = node.as(ExtensionDeclSyntax.self)?.genericWhereClause
                ?? node.as(InitializerDeclSyntax.self)?.genericWhereClause
                ?? node.as(FunctionDeclSyntax.self)?.genericWhereClause
                ?? node.as(StructDeclSyntax.self)?.genericWhereClause
            if let clause, clause.requirements.contains(where: { requirement in
                guard let same = requirement.requirement.as(SameTypeRequirementSyntax.self) else { return false }
                return [same.leftType.trimmedText, same.rightType.trimmedText].contains { isAnyView($0) }
            }) {
                return true
            }
            current = node.parent
        }
        return false
    }

    private static func isInAnyViewCollectionMember(_ context: RuleContext) -> Bool {
        guard let frame = context.enclosingFunction else { return false }
        let declared: TypeSyntax? = frame.node.as(FunctionDeclSyntax.self)?.signature.returnClause?.type
            ?? frame.node.as(VariableDeclSyntax.self)?.bindings.first?.typeAnnotation?.type
        guard let array = declared?.as(ArrayTypeSyntax.self) else { return false }
        return array.element.as(IdentifierTypeSyntax.self)?.name.text == "AnyView"
    }

    /// Where the erased view is handed next, as the syntax right around it says: through
    /// parentheses and the branches of a ternary (`c ? AnyView(a) : AnyView(b)`).
    enum Destination {
        /// The argument at `index` of `call`.
        case argument(FunctionCallExprSyntax, LabeledExprSyntax, index: Int)
        /// The right-hand side of `target = …`.
        case assigned(target: ExprSyntax)
        /// The value of a trailing closure of `call` (`label` for an additional one).
        case trailingClosure(FunctionCallExprSyntax, label: String?)
        /// The initial value of `let name = …`.
        case binding(PatternBindingSyntax)
        case elsewhere
    }

    static func destination(of expression: ExprSyntax) -> Destination {
        var current = Syntax(expression)
        while let parent = current.parent {
            if let tuple = parent.as(LabeledExprSyntax.self), let list = tuple.parent?.as(LabeledExprListSyntax.self) {
                if let call = list.parent?.as(FunctionCallExprSyntax.self) {
                    return .argument(call, tuple, index: list.firstIndex { $0.id == tuple.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0)
                }
                // `(AnyView(x))`: parentheses around one value.
                if list.count == 1, tuple.label == nil, let parens = list.parent?.as(TupleExprSyntax.self) {
                    current = Syntax(parens)
                    continue
                }
                return .elsewhere
            }
            if let ternary = parent.as(UnresolvedTernaryExprSyntax.self), ternary.thenExpression.id == current.id,
               let sequence = ternary.parent?.parent?.as(SequenceExprSyntax.self) {
                return sequenceDestination(sequence, branchOf: ternary)
            }
            if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                guard let index = elements.firstIndex(where: { $0.id == current.id }), index > 0 else { return .elsewhere }
                if let ternary = elements[index - 1].as(UnresolvedTernaryExprSyntax.self), index + 1 == elements.count {
                    return sequenceDestination(sequence, branchOf: ternary)
                }
                if elements[index - 1].is(AssignmentExprSyntax.self), index == 2, elements.count == 3 {
                    return .assigned(target: elements[0])
                }
                return .elsewhere
            }
            if let clause = parent.as(InitializerClauseSyntax.self), let binding = clause.parent?.as(PatternBindingSyntax.self) {
                return .binding(binding)
            }
            // The one statement of a closure (`{ AnyView(x) }`, `{ return AnyView(x) }`): the
            // closure's value goes where the closure goes (`emptyView: { AnyView(…) }` for a
            // parameter typed `() -> AnyView`).
            if parent.is(ReturnStmtSyntax.self) {
                current = parent
                continue
            }
            if parent.is(CodeBlockItemSyntax.self), let list = parent.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
               let closure = list.parent?.as(ClosureExprSyntax.self) {
                if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id {
                    return .trailingClosure(call, label: nil)
                }
                if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self),
                   let call = element.parent?.parent?.as(FunctionCallExprSyntax.self) {
                    return .trailingClosure(call, label: element.label.text)
                }
                current = Syntax(closure)
                continue
            }
            return .elsewhere
        }
        return .elsewhere
    }

    /// A ternary branch: the whole `c ? a : b` is the value (`x = c ? a : b` assigns it).
    private static func sequenceDestination(_ sequence: SequenceExprSyntax, branchOf ternary: UnresolvedTernaryExprSyntax) -> Destination {
        let elements = Array(sequence.elements)
        guard let index = elements.firstIndex(where: { $0.id == ternary.id }), index + 2 == elements.count else { return .elsewhere }
        // `target = c ? a : b` (the condition may itself be `p == q`): assigned.
        if index >= 3, elements[1].is(AssignmentExprSyntax.self) { return .assigned(target: elements[0]) }
        // Otherwise the ternary binds loosest (`p == q ? a : b`): the sequence's value is a branch.
        return destination(of: ExprSyntax(sequence))
    }

    /// SwiftUI APIs whose view argument is generic (`some View`): an `AnyView` passed to them
    /// is avoidable (a `@ViewBuilder` property or `Group { if … }` passes the view itself).
    static let genericViewParameters: Set<String> = ["background", "overlay", "mask", "listRowBackground", "AnyView", "NavigationLink"]

    /// What the syntax and the workspace say about the parameter an argument is passed to.
    enum ParameterType { case anyView, other, unknown }

    /// True when the erased view goes where its type is fixed: an argument to a parameter
    /// declared `AnyView` (element-x's `transformer: (AnyView) -> Content`); outside View
    /// types, a hosting root (`UIHostingController(rootView: AnyView(…))`, `super.init(rootView:)`,
    /// `controller.rootView = AnyView(…)`, a local later passed as `rootView:`) or storage declared
    /// `AnyView` (a factory's `let rootView: AnyView` assigned in each `switch` case). An argument
    /// whose parameter type is unknown (a method declared in another file, an enum case) stays
    /// quiet unless the callee is one of SwiftUI's generic ones: precision before recall.
    static func isFixedByDestination(_ expression: ExprSyntax, in context: RuleContext) -> Bool {
        let outsideViews = !context.isInViewType && context.enclosingType.map { context.typeFact(.isView, of: $0.name) } != true
        switch destination(of: expression) {
        case .argument(let call, let argument, let index):
            // A hosting root (`UIHostingController(rootView:)`, a hosting view's `rootView:`) has one
            // type per instance, in a view's code as anywhere.
            if argument.label?.text == "rootView" { return true }
            switch parameterType(of: call, argument: argument, index: index, in: context) {
            case .anyView: return true
            case .other: return false
            case .unknown: return !genericViewParameters.contains(call.calleeName ?? "")
            }
        case .assigned(let target):
            guard outsideViews else { return false }
            if target.calleeName == "rootView" { return true }
            guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text ?? target.selfMemberName else { return false }
            return declaredTypeOfName(name, around: expression, in: context).map(isAnyView) ?? false
        case .trailingClosure(let call, let label):
            // `Row(id: x) { Content().eraseToAnyView() }`: the closure fills the initializer's
            // closure parameter, which the type stores as `() -> AnyView`.
            return trailingClosureType(of: call, label: label, in: context) == .anyView
        case .binding(let binding):
            // A stored closure typed to return `AnyView` (an editor factory handed on through the
            // environment): a closure's result cannot be `some View`, in a view as anywhere.
            if let annotation = binding.typeAnnotation?.type.trimmedText, annotation.contains("->"), isAnyView(annotation) { return true }
            guard outsideViews else { return false }
            if let annotation = binding.typeAnnotation { return isAnyView(annotation.type.trimmedText) }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let statements = binding.ancestor(CodeBlockItemListSyntax.self) else { return false }
            return isPassedAsRootView(name, in: statements)
        case .elsewhere:
            return false
        }
    }

    /// Every call of the function `name` in this file (`name(…)`, `self.name(…)`) goes where its
    /// type is fixed (`isFixedByDestination`); false when the file has no call of it.
    static func callsFillFixedSlots(_ name: String, in context: RuleContext) -> Bool {
        var calls: [FunctionCallExprSyntax] = []
        for token in context.tree.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var callee = Syntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
               member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                callee = Syntax(member)
            }
            guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id else { continue }
            calls.append(call)
        }
        return !calls.isEmpty && calls.allSatisfy { isFixedByDestination(ExprSyntax($0), in: context) }
    }

    private static func isAnyView(_ written: String) -> Bool {
        var type = TypeNames.strippingOptional(written)
        // A function type returning `AnyView` (`() -> AnyView`, `(Item) -> AnyView`): what a
        // closure handed there returns, or an `@autoclosure` parameter takes, is `AnyView` itself.
        if let arrow = type.lastRange(of: "->") {
            type = TypeNames.strippingOptional(type[arrow.upperBound...].trimmingWhitespace())
        }
        return type == "AnyView" || type == "SwiftUI.AnyView"
    }

    /// The name of the enclosing view when `expression` is its own stored property declared
    /// `any View` (bare or `self.`), erased in its rendered code.
    private static func erasedOwnExistential(_ expression: ExprSyntax, around call: FunctionCallExprSyntax, in context: RuleContext) -> String? {
        let value = expression.unwrapped
        guard context.execution == .render, let view = context.enclosingType, view.isView,
              let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text ?? value.selfMemberName,
              let property = view.property(named: name), property.isStoredInstance, property.wrapper == nil,
              let type = property.typeName?.filter({ !$0.isWhitespace && $0 != "(" && $0 != ")" }), type == "anyView",
              // A bare name may be a parameter or a local of that name (`func wrapped(_ content: any View)`).
              value.selfMemberName != nil || !value.isBoundLocally(name)
        else { return nil }
        return view.name
    }

    private static func isAlreadyErased(_ expression: ExprSyntax, around call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let name = expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text ?? expression.unwrapped.selfMemberName
        else { return false }
        return declaredTypeOfName(name, around: ExprSyntax(call), in: context).map(isAnyView) ?? false
    }

    /// The written type of `name`: a local declared earlier in an enclosing block, a parameter
    /// of the enclosing function, else a property of the enclosing type.
    private static func declaredTypeOfName(_ name: String, around node: ExprSyntax, in context: RuleContext) -> String? {
        var block = node.ancestor(CodeBlockItemListSyntax.self)
        while let statements = block {
            for item in statements {
                guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return binding.typeAnnotation?.type.trimmedText
                }
            }
            block = statements.ancestor(CodeBlockItemListSyntax.self)
        }
        if let function = context.enclosingFunction?.node.as(FunctionDeclSyntax.self),
           let parameter = function.signature.parameterClause.parameters.first(where: { $0.localName == name }) {
            return parameter.type.trimmedText
        }
        guard let type = context.enclosingType else { return nil }
        return (type.property(named: name) ?? context.type(named: type.name)?.property(named: name))?.typeName
    }

    /// `UIHostingController(rootView: name)` among the statements: the local is a hosting root.
    private static func isPassedAsRootView(_ name: String, in statements: CodeBlockItemListSyntax) -> Bool {
        var previous: [String] = []
        for token in statements.tokens(viewMode: .sourceAccurate) {
            if token.text == name, previous.count == 2, previous[0] == "rootView", previous[1] == ":" { return true }
            previous.append(token.text)
            if previous.count > 2 { previous.removeFirst() }
        }
        return false
    }

    /// The parameter's type from a declaration this file or the workspace shows: a property of
    /// the enclosing type holding a closure (`transformer(AnyView(…))` with `let transformer:
    /// (AnyView) -> T`), a method of the enclosing type declaration, or the stored property a
    /// workspace type's initializer label names (`Card(header: AnyView(…))`, `let header: AnyView`).
    static func parameterType(of call: FunctionCallExprSyntax, argument: LabeledExprSyntax, index: Int,
                              in context: RuleContext) -> ParameterType {
        let called = call.calledExpression
        let label = argument.label?.text
        var functionName: String?
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            functionName = reference.baseName.text
        } else if let member = called.as(MemberAccessExprSyntax.self), let base = member.base {
            if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                functionName = member.declName.baseName.text
            } else if member.declName.baseName.text == "init", let typeName = base.as(DeclReferenceExprSyntax.self)?.baseName.text {
                return initializerParameterType(typeName, label: label, in: context)
            }
        }
        guard let name = functionName else { return .unknown }
        if name.first?.isUppercase == true { return initializerParameterType(name, label: label, in: context) }
        if let type = context.enclosingType,
           let property = type.property(named: name) ?? context.type(named: type.name)?.property(named: name),
           let written = property.typeName {
            guard let parameters = closureParameterTypes(written), index < parameters.count else { return .unknown }
            return isAnyView(parameters[index]) ? .anyView : .other
        }
        if let method = methodDeclaration(named: name, around: call, labels: call.arguments.map { $0.label?.text }) {
            let parameters = Array(method.signature.parameterClause.parameters)
            guard index < parameters.count else { return .unknown }
            return isAnyView(parameters[index].type.trimmedText) ? .anyView : .other
        }
        return .unknown
    }

    /// The type a trailing closure of `Type(…) { … }` fills: the function-typed stored properties
    /// of `Type` the call does not pass by label (the labeled one for an additional closure).
    /// `.anyView` when every one of them returns `AnyView`; unknown for a callee that is not a
    /// type the workspace declares.
    static func trailingClosureType(of call: FunctionCallExprSyntax, label: String?, in context: RuleContext) -> ParameterType {
        guard let name = call.calleeName, TypeNames.startsUppercase(name), let type = context.type(named: name) else { return .unknown }
        if let label { return initializerParameterType(name, label: label, in: context) }
        let passed = Set(call.arguments.compactMap { $0.label?.text })
        let closures = type.properties.filter { property in
            property.isStoredInstance && !passed.contains(property.name) && property.typeName.map { closureParameterTypes($0) != nil } == true
        }
        guard !closures.isEmpty else { return .unknown }
        return closures.allSatisfy { $0.typeName.map(isAnyView) == true } ? .anyView : .other
    }

    private static func initializerParameterType(_ typeName: String, label: String?, in context: RuleContext) -> ParameterType {
        guard let label, let type = context.type(named: typeName), let written = type.property(named: label)?.typeName else { return .unknown }
        return isAnyView(written) ? .anyView : .other
    }

    /// `(AnyView, Int) -> T` → [`AnyView`, `Int`]; also through `@escaping`, parentheses and `?`.
    /// Nil when the written type is not a function type.
    static func closureParameterTypes(_ written: String) -> [String]? {
        var text = Substring(written.strippedOfSpaces)
        while text.hasPrefix("@"), let space = text.firstIndex(of: " ") { text = text[text.index(after: space)...] }
        if text.hasSuffix("?") || text.hasSuffix("!") { text = text.dropLast() }
        if text.hasPrefix("("), text.hasSuffix(")"), !text.contains("->") || closingParen(of: text) == text.index(before: text.endIndex) {
            text = text.dropFirst().dropLast()
        }
        guard text.hasPrefix("("), let close = closingParen(of: text),
              text[text.index(after: close)...].trimmingPrefix(while: { $0 == " " }).hasPrefix("->") else { return nil }
        var parameters: [String] = [], depth = 0, current = ""
        for character in text[text.index(after: text.startIndex)..<close] {
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if character == ",", depth == 0 { parameters.append(current); current = ""; continue }
            current.append(character)
        }
        if !current.strippedOfSpaces.isEmpty { parameters.append(current) }
        // `(_ image: AnyView)`: a function type may name its parameters.
        return parameters.map { parameter in
            let trimmed = parameter.strippedOfSpaces
            return trimmed.split(separator: ":", maxSplits: 1).count == 2 && !trimmed.hasPrefix("[")
                ? String(trimmed.split(separator: ":", maxSplits: 1)[1]).strippedOfSpaces : trimmed
        }
    }

    private static func closingParen(of text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" { depth -= 1; if depth == 0 { return index } }
        }
        return nil
    }

    /// A method of the enclosing type's declaration (its member list, not the whole file) with
    /// this name and these argument labels.
    private static func methodDeclaration(named name: String, around node: FunctionCallExprSyntax, labels: [String?]) -> FunctionDeclSyntax? {
        var current = node.parent
        while let parent = current, !parent.is(MemberBlockSyntax.self) { current = parent.parent }
        guard let members = current?.as(MemberBlockSyntax.self) else { return nil }
        for member in members.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name else { continue }
            let declared = function.signature.parameterClause.parameters.map { $0.firstName.text == "_" ? nil : $0.firstName.text }
            if declared == labels { return function }
        }
        return nil
    }

    /// The call is returned from a member declared `AnyView`, and another `AnyView(…)` returned from
    /// it stands in an `if #available` branch, which needs the erasure.
    private static func sharesAnAvailabilityErasure(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let frame = context.enclosingMember, let declared = frame.node.declaredResultType,
              TypeNames.strippingOptional(declared) == "AnyView", call.parent?.is(ReturnStmtSyntax.self) == true
        else { return false }
        return frame.node.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "AnyView", let other = token.parent?.parent?.as(FunctionCallExprSyntax.self),
                  other.id != call.id, other.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.id == token.id
            else { return false }
            return other.parent?.is(ReturnStmtSyntax.self) == true && WorkspaceRuleSupport.isInAvailabilityBranch(other)
        }
    }

    private static func isReturnedFromOptionalAnyViewMember(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let frame = context.enclosingFunction, let declared = frame.node.declaredResultType?.filter({ $0 != " " }),
              declared == "AnyView?" || declared == "Optional<AnyView>"
        else { return false }
        return ExprSyntax(call).isInReturnPosition(of: frame.node)
    }

    /// The enclosing member is declared `AnyView` and a protocol the enclosing type conforms to
    /// (merged over the workspace) requires a member of that name.
    private static func isReturnedFromAnyViewRequirement(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let frame = context.enclosingMember, let declared = frame.node.declaredResultType,
              TypeNames.strippingOptional(declared) == "AnyView", let type = context.enclosingType,
              ExprSyntax(call).isInReturnPosition(of: frame.node)
        else { return false }
        let conformances = Set(type.inheritedTypes + (context.type(named: type.name)?.inheritedTypes ?? []))
        return conformances.contains { name in
            guard let requirement = context.type(named: name), requirement.kind == .protocol else { return false }
            return requirement.property(named: frame.name) != nil || requirement.methodNames.contains(frame.name)
        }
    }

    /// The code is a method or initializer, with no result, of a type that is not a view.
    private static func isBuiltByNonViewProcedure(_ context: RuleContext) -> Bool {
        guard let type = context.enclosingType, !type.isView, context.type(named: type.name)?.isView != true,
              !["View", "ViewModifier"].contains(type.name), let frame = context.enclosingFunction else { return false }
        switch frame.kind {
        case .initializer: return true
        case .function: return frame.node.declaredResultType == nil
        default: return false
        }
    }

    private static func isReturnedFromAnyViewMemberOfNonView(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let type = context.enclosingType, !type.isView, context.type(named: type.name)?.isView != true,
              !["View", "ViewModifier"].contains(type.name),
              let frame = context.enclosingFunction, let declared = frame.node.declaredResultType
        else { return false }
        let result = TypeNames.strippingOptional(declared)
        if result == "AnyView" { return ExprSyntax(call).isInReturnPosition(of: frame.node) }
        // `-> (view: AnyView, label: String)?` (a plugin's tab): an element of the returned tuple.
        guard result.hasPrefix("("), result.contains("AnyView"),
              let tuple = call.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(TupleExprSyntax.self)
        else { return false }
        return ExprSyntax(tuple).isInReturnPosition(of: frame.node)
    }
}

private extension StringProtocol {
    var strippedOfSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
