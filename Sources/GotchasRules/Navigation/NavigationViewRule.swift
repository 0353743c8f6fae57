import GotchasCore
import SwiftSyntax

/// `NavigationView` is deprecated since iOS 16. `NavigationStack` (one column, a
/// programmatic path, `navigationDestination(for:)`) or `NavigationSplitView`
/// (sidebar/detail columns) replace it.
struct NavigationViewRule: CallRule {
    /// Modifiers whose content is a new presentation, with navigation of its own.
    static let presenters: Set<String> = ["sheet", "fullScreenCover", "popover", "inspector"]

    static let description = RuleDescription(
        id: "navigation-view",
        category: .navigation,
        severity: .warning,
        seed: "001, 002",
        summary: "`NavigationView` is deprecated; use `NavigationStack` or `NavigationSplitView`.",
        rationale: """
            `NavigationView` is deprecated since iOS 16 and picks its style per platform: split columns on \
            iPad, a stack on iPhone, which is why old code shows an empty detail column on iPad. It also \
            cannot hold a programmatic path or type-safe `navigationDestination(for:)`. Use \
            `NavigationStack`, or `NavigationSplitView` for sidebar and detail.
            """,
        notFlagged: [
            "other names that contain `NavigationView`",
            "strings and comments",
        ],
        fixSafety: "In a view only ever pushed, the fix removes the wrapper (unsafe). Elsewhere one content view becomes `NavigationStack { … }`: safe when the view is styled `.stack` (or built only for watchOS/tvOS), unsafe otherwise (iPad and macOS showed a sidebar column) and where a screen reachable from the content builds its own `NavigationStack` or `NavigationView` (the message names it). Two or three views become `NavigationSplitView` (unsafe). No fix for a one-view `.columns` style.",
        severityReason: "in app code, where it picks split columns or a stack per device, or nests a second container in a pushed view; info where it is a stack on every device (styled `.stack`, or in an app only for iPhone in portrait), in an app that uses no `NavigationStack` or `NavigationSplitView` yet (its convention, to migrate together), and in test code; hint in preview code (also a host view only previews build), where the advice is to remove the wrapper when the previewed view has its own stack.",
        asks: [.buildsNavigationStack, .builtOnlyAsDestination, .builtOnlyByPreviews, .phonePortraitOnly, .referringTypes],
        tags: [.deprecated],
        fix: .safe,
        // https://developer.apple.com/documentation/swiftui/navigationstack.md (iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1)
        requires: .os(iOS: OSVersion(16), macOS: OSVersion(13), tvOS: OSVersion(16), watchOS: OSVersion(9)),
        triggering: [
            RuleExample("""
                func root() -> some View {
                    guard #available(iOS 16, *) else { return AnyView(NavigationView { Inbox() }) }
                    return AnyView(↓NavigationView { Inbox() })
                }
                """, note: "after `guard #available(iOS 16, *)` the rest of the block can use `NavigationStack`", platforms: [.iOS: OSVersion(15)]),
            RuleExample("""
                @available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
                struct AvailableExample: View {
                    var body: some View {
                        ↓NavigationView {
                            List(items) { Text($0.name) }
                                .navigationTitle("Items")
                        }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(15)]),
            RuleExample("""
                struct Library: View {
                    @State private var showDigest = false
                    var body: some View {
                        List { Text("Inbox") }
                            .fullScreenCover(isPresented: $showDigest) {
                                if #available(iOS 17, *) {
                                    ↓NavigationView { DigestView() }
                                } else {
                                    Text("Needs iOS 17")
                                }
                            }
                    }
                }
                """, note: "a full-screen cover exists on no macOS: its content is built for iOS only, where `#available` raised the minimum", platforms: [.iOS: OSVersion(15), .macOS: OSVersion(12)]),
            """
            var body: some View {
                ↓NavigationView {
                    List(items) { Text($0.name) }
                        .navigationTitle("Items")
                }
            }
            """,
            """
            struct Root: View {
                var body: some View {
                    TabView {
                        ↓NavigationView {
                            Sidebar()
                            Detail()
                        }
                        .navigationViewStyle(.columns)
                    }
                }
            }
            """,
            "let v = ↓SwiftUI.NavigationView { Text(\"a\") }",
            RuleExample("""
                #Preview {
                    ↓NavigationView { InboxView() }
                }
                """, note: "in a preview (a hint): remove the wrapper when the previewed view has its own stack"),
            RuleExample("""
                struct TimerSheetHost: View {
                    @State private var show = true
                    var body: some View {
                        Color.clear.sheet(isPresented: $show) { ↓NavigationView { TimerView() } }
                    }
                }
                #Preview { TimerSheetHost() }
                """, note: "a host view only a preview builds is preview code too (a hint)"),
        ],
        nonTriggering: [
            RuleExample("""
                var body: some View {
                    NavigationView {
                        List(items) { Text($0.name) }
                            .navigationTitle("Items")
                    }
                }
                """, note: "deployment target iOS 15: what the advice needs does not exist there", platforms: [.iOS: OSVersion(15)]),
            RuleExample("""
                struct Library: View {
                    @State private var showDigest = false
                    var body: some View {
                        List { Text("Inbox") }
                            .sheet(isPresented: $showDigest) {
                                if #available(iOS 17, *) { NavigationView { DigestView() } } else { Text("Needs iOS 17") }
                            }
                    }
                }
                """, note: "a sheet is built for macOS 12 too, which has no `NavigationStack`", platforms: [.iOS: OSVersion(15), .macOS: OSVersion(12)]),
            RuleExample("NavigationStack { Text(\"a\") }"),
            RuleExample("struct MyNavigationView: View { var body: some View { Text(\"a\") } }", note: "a name that contains it"),
            RuleExample("MyNavigationView { Text(\"a\") }", note: "a custom view whose name contains it"),
        ],
        corrections: [
            RuleCorrection("""
                struct CategoriesView: View {
                    var body: some View {
                        NavigationView {
                            List { Text("Mugs") }
                        }
                    }
                }
                """, """
                struct CategoriesView: View {
                    var body: some View {
                        List { Text("Mugs") }
                    }
                }
                """, applicability: .unsafe, fixTitle: "Remove the `NavigationView` wrapper", otherFiles: [
                    "SettingsView.swift": """
                        struct SettingsView: View {
                            var body: some View {
                                NavigationStack {
                                    List { NavigationLink { CategoriesView() } label: { Text("Categories") } }
                                }
                            }
                        }
                        """,
                ]),
            RuleCorrection("""
                var body: some View {
                    NavigationView {
                        List(items) { item in NavigationLink { ItemDetail(item: item) } label: { Text(item.name) } }
                    }
                    .navigationViewStyle(.stack)
                }
                """, """
                var body: some View {
                    NavigationStack {
                        List(items) { item in NavigationLink { ItemDetail(item: item) } label: { Text(item.name) } }
                    }
                    .navigationViewStyle(.stack)
                }
                """, applicability: .unsafe, otherFiles: [
                    "ItemDetail.swift": """
                        struct ItemDetail: View {
                            let item: Item
                            @State private var path = NavigationPath()
                            var body: some View { NavigationStack(path: $path) { Text(item.name) } }
                        }
                        """,
                ]),
            RuleCorrection("""
                var body: some View {
                    NavigationView { // root
                        List(items) { Text($0.name) }
                    }
                    .navigationViewStyle(.stack)
                }
                """, """
                var body: some View {
                    NavigationStack { // root
                        List(items) { Text($0.name) }
                    }
                    .navigationViewStyle(.stack)
                }
                """),
            RuleCorrection("""
                var body: some View {
                    NavigationView {
                        List(items) { Text($0.name) }
                    }
                }
                """, """
                var body: some View {
                    NavigationStack {
                        List(items) { Text($0.name) }
                    }
                }
                """, applicability: .unsafe),
            RuleCorrection("""
                NavigationView {
                    Sidebar()
                    Detail()
                }
                """, """
                NavigationSplitView {
                    Sidebar()
                } detail: {
                    Detail()
                }
                """, applicability: .unsafe, fixTitle: "Replace with `NavigationSplitView`"),
            RuleCorrection("""
                NavigationView {
                    Sidebar()
                    // the list
                    Content()
                    Detail()
                }
                """, """
                NavigationSplitView {
                    Sidebar()
                } content: {
                    // the list
                    Content()
                } detail: {
                    Detail()
                }
                """, applicability: .unsafe, fixTitle: "Replace with `NavigationSplitView`"),
        ])

    static let calledNames: Set<String> = ["NavigationView"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        let nameToken: TokenSyntax
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            nameToken = reference.baseName
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "SwiftUI" {
            nameToken = member.declName.baseName
        } else {
            return
        }
        var fixes: [Fix] = []
        let styles = Self.appliedStyles(of: call)
        let isColumns = styles.contains { $0.contains("columns") || $0.contains("DoubleColumn") }
        // A stack only where `NavigationView` already was one: styled `.stack`, or on platforms
        // without columns. Elsewhere its one view is a sidebar column on iPad and macOS.
        let isStack = styles.contains { $0 == ".stack" || $0 == "StackNavigationViewStyle()" }
            || context.availability.platforms.map { !$0.isEmpty && $0.isSubset(of: [.watchOS, .tvOS]) } == true
        // A destination reachable from the content that builds its own stack (`NavigationStack(path:)`
        // on a pushed screen): inside a `NavigationStack` the stacks nest and pushing breaks, where
        // inside a `NavigationView` styled as a stack it did not.
        let nestedStack = call.trailingClosure.flatMap { Self.viewBuildingOwnStack(in: $0, context: context) }
        // The view is pushed onto a stack someone else holds (every place that builds it is a
        // navigation destination): its `NavigationView` is a second container inside that stack.
        // The advice is to remove the wrapper, not to rename it.
        // Preview code: a `#Preview`/`PreviewProvider`, or a host view only previews build.
        let isPreview = WorkspaceRuleSupport.isPreviewOnly(context, at: Syntax(call))
        // Inside a sheet's (or cover's, popover's) content it is the root of a new presentation, not
        // a container inside the stack that pushed the view presenting it.
        let pushedView = isPreview || context.isInside(Self.presenters) ? nil
            : context.enclosingView.flatMap { context.isBuiltOnlyAsNavigationDestination($0.name) ? $0.name : nil }
        if pushedView != nil {
            if call.arguments.isEmpty, let content = call.trailingClosure, call.additionalTrailingClosures.isEmpty,
               content.signature == nil, content.statements.count == 1, let statement = content.statements.first {
                fixes.append(Fix(title: "Remove the `NavigationView` wrapper", applicability: .unsafe, edits: [
                    TextEdit(range: call.positionAfterSkippingLeadingTrivia.utf8Offset..<call.endPositionBeforeTrailingTrivia.utf8Offset,
                             replacement: statement.item.trimmedDescription),
                ]))
            }
        } else if call.arguments.isEmpty, let content = call.trailingClosure, call.additionalTrailingClosures.isEmpty, content.signature == nil {
            let statements = Array(content.statements)
            if statements.count == 1, !isColumns {
                fixes.append(Fix(title: "Replace with `NavigationStack`", applicability: isStack && nestedStack == nil ? .safe : .unsafe,
                                 edits: [TextEdit(range: nameToken.byteRange, replacement: "NavigationStack")]))
            } else if (2...3).contains(statements.count), let indentation = content.rightBrace.lineIndentation,
                      statements.allSatisfy({ $0.semicolon == nil }) {
                let labels = statements.count == 2 ? ["detail"] : ["content", "detail"]
                var edits = [TextEdit(range: nameToken.byteRange, replacement: "NavigationSplitView")]
                for (statement, label) in zip(statements.dropLast(), labels) {
                    edits.append(.insert("\n\(indentation)} \(label): {", at: statement.endPositionBeforeTrailingTrivia.utf8Offset))
                }
                fixes.append(Fix(title: "Replace with `NavigationSplitView`", applicability: .unsafe, edits: edits))
            }
        }
        // "Picks columns or a stack per device" is true only without a style that fixes one
        // (`.navigationViewStyle(.stack)`, `.columns`) and off watchOS/tvOS: say what this one is.
        var message: String
        // A preview only wraps the previewed view: a hint, not a hazard of the app.
        var lowered: Severity? = nil
        if let pushedView {
            message = "`NavigationView` in `\(pushedView)`, which is only ever pushed as a navigation destination: it nests a second "
                + "navigation container inside the stack that pushes it; remove the wrapper (a `NavigationStack` here would nest stacks too)"
        } else if isPreview {
            lowered = .hint
            message = nestedStack.map { "`NavigationView` in a preview is deprecated, and `\($0)` has its own navigation stack: remove the wrapper" }
                ?? "`NavigationView` in a preview is deprecated: remove the wrapper when the previewed view has its own navigation stack, otherwise use `NavigationStack`"
        } else if isStack {
            // A stack on every device: nothing differs per device, so only the deprecation remains.
            lowered = .info
            message = "`NavigationView` is deprecated; this one is a stack on every device (styled `.stack`, or built for watchOS/tvOS only): use `NavigationStack`"
        } else if isColumns {
            message = "`NavigationView` is deprecated; styled as columns, it is a split view: use `NavigationSplitView`"
        } else if nestedStack == nil, context.isPhonePortraitOnly {
            // An app only for iPhone in portrait never shows columns: a stack on every device it runs on
            // (the project's settings asked last: only a finding that would be a warning depends on them).
            lowered = .info
            message = "`NavigationView` is deprecated; in this app, only for iPhone in portrait, it is always a stack: use `NavigationStack`"
        } else if nestedStack == nil, Self.appHasNotMigrated(in: context) {
            // No `NavigationStack` or `NavigationSplitView` anywhere: `NavigationView` is the app's
            // convention, and moving one screen alone is a migration's first step, not a fix.
            lowered = .info
            message = "`NavigationView` is deprecated and picks split columns or a stack per device; this app uses no `NavigationStack` "
                + "yet, so migrate its navigation together: `NavigationStack` for one column, `NavigationSplitView` for sidebar and detail"
        } else {
            message = "`NavigationView` is deprecated and picks split columns or a stack per device; use `NavigationStack` "
                + "for one column or `NavigationSplitView` for sidebar and detail"
        }
        if let nestedStack, !isPreview, pushedView == nil {
            message += "; `\(nestedStack)`, reached from its content, builds its own navigation stack, which a `NavigationStack` here would nest"
        }
        // Test code (a snapshot harness) ships in no app: the deprecation is all that applies.
        if context.isInTestCode, lowered == nil { lowered = .info }
        report.append(Finding(
            message: message,
            range: call.positionAfterSkippingLeadingTrivia.utf8Offset..<call.rangeThroughArguments.upperBound, fixes: fixes,
            loweredSeverity: lowered))
    }

    /// The `navigationViewStyle` arguments applied to the call: in its modifier chain, or inside a
    /// modifier's closure that transforms the view (`.if(isPad) { $0.navigationViewStyle(.stack) }`).
    static func appliedStyles(of call: FunctionCallExprSyntax) -> [String] {
        var styles: [String] = []
        for modifier in ExprSyntax(call).appliedModifiers {
            if modifier.calleeName == "navigationViewStyle" {
                styles.append(modifier.arguments.trimmedText)
                continue
            }
            for (_, closure) in modifier.closureArguments {
                for token in closure.statements.tokens(viewMode: .sourceAccurate) where token.text == "navigationViewStyle" {
                    if let inner = token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self), inner.calleeName == "navigationViewStyle" {
                        styles.append(inner.arguments.trimmedText)
                    }
                }
            }
        }
        return styles
    }

    /// No code in the workspace names `NavigationStack` or `NavigationSplitView` (false while the
    /// index is not complete: an unindexed file might).
    static func appHasNotMigrated(in context: RuleContext) -> Bool {
        ["NavigationStack", "NavigationSplitView"].allSatisfy { context.typesReferring(to: $0)?.isEmpty == true }
    }

    /// The first view type built in `content` whose view tree (pushed destinations, rows, at any
    /// depth) builds its own `NavigationStack`, `NavigationSplitView` or `NavigationView`, asking the workspace; nil
    /// when none does or the workspace cannot tell. A sheet's content is a presentation of its own:
    /// its stack nests in nothing.
    static func viewBuildingOwnStack(in content: ClosureExprSyntax, context: RuleContext) -> String? {
        // `Feature.View(store:)`: a nested type named `View` (one per feature in a composable app) is
        // no one type the workspace can tell apart.
        for name in WorkspaceRuleSupport.calledTypeNames(in: content, outsidePresentedContent: true)
        where !Self.calledNames.contains(name) && name != "View" {
            if WorkspaceIndex.navigationContainers.contains(name) { return name }
            if context.viewTreeBuildsNavigationStack(rootedAt: name) == true { return name }
        }
        return nil
    }
}
