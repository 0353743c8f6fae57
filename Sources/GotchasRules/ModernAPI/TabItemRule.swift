import GotchasCore
import SwiftSyntax

/// From iOS 18, tabs are declared with `Tab("Title", systemImage:) { content }` inside
/// `TabView`, which adds sidebar-adaptable tabs, customization and search tabs.
struct TabItemRule: CallRule {
    static let description = RuleDescription(
        id: "tab-item",
        category: .modernAPI,
        severity: .info,
        seed: "002",
        summary: "`.tabItem { … }` — the `Tab` API replaces it from iOS 18.",
        rationale: """
            `TabView { Tab("Home", systemImage: "house") { HomeView() } }` declares a tab's label, value and \
            role in one place, and enables `.tabViewStyle(.sidebarAdaptable)`, customization and `Tab(role: \
            .search)`. `.tabItem` keeps working.
            """,
        notFlagged: [
            "the `Tab` API",
            "the program's own `tabItem(_:)`",
            "UIKit's `tabBarItem`",
            "`.tabItem` outside any `TabView` (a hand-made tab bar)",
        ],
        severityReason: "a modernization for code that can require iOS 18, on the tabs of a `TabView`.",
        asks: [.builtBesideTabView],
        useInstead: "the Tab API",
        // https://developer.apple.com/documentation/swiftui/tab.md (iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2)
        requires: .os(iOS: OSVersion(18), macOS: OSVersion(15), tvOS: OSVersion(18), watchOS: OSVersion(11), visionOS: OSVersion(2)),
        triggering: [
            RuleExample("""
                @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
                struct Root: View {
                    var body: some View {
                        TabView {
                            HomeView()
                                ↓.tabItem {
                                    Label("Home", systemImage: "house")
                                }
                            SettingsView()↓.tabItem { Label("Settings", systemImage: "gear") }
                        }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(17)]),
            """
            struct Root: View {
                var body: some View {
                    TabView {
                        HomeView()
                            ↓.tabItem {
                                Label("Home", systemImage: "house")
                            }
                        SettingsView()↓.tabItem { Label("Settings", systemImage: "gear") }
                    }
                }
            }
            """,
            """
            struct Root: View {
                @ViewBuilder var tabs: some View {
                    ForEach(sections) { section in
                        section.view↓.tabItem { section.label }
                    }
                }
                var body: some View { TabView { tabs } }
            }
            """,
            RuleExample("""
                struct HomeView: View {
                    var body: some View {
                        List { Text("Inbox") }↓.tabItem { Label("Home", systemImage: "house") }
                    }
                }
                """, note: "a view that another view's `TabView` builds",
                otherFiles: ["Root.swift": "struct Root: View { var body: some View { TabView { HomeView() } } }"]),
        ],
        nonTriggering: [
            RuleExample("""
                struct Root: View {
                    @State private var tab = 0
                    var body: some View {
                        ZStack {
                            if tab == 0 { HomeView().tabItem { Label("Home", systemImage: "house") } }
                            CustomTabBar(selection: $tab)
                        }
                    }
                }
                """, note: "a hand-made tab bar without a `TabView`: the modifier does nothing there and the `Tab` API cannot replace it"),
            RuleExample("""
                private extension View {
                    func tabItem(_ index: Int) -> some View { self }
                }
                let tabs = TabView { content.tabItem(1) }
                """, note: "the program's own `tabItem(_:)` helper: no view-builder closure"),
            RuleExample("""
                struct Root: View {
                    var body: some View {
                        TabView {
                            HomeView()
                                .tabItem {
                                    Label("Home", systemImage: "house")
                                }
                            SettingsView().tabItem { Label("Settings", systemImage: "gear") }
                        }
                    }
                }
                """, note: "deployment target iOS 17: what the advice needs does not exist there", platforms: [.iOS: OSVersion(17)]),
            RuleExample("""
                TabView {
                    Tab("Home", systemImage: "house") { HomeView() }
                }
                """, note: "the Tab API"),
            RuleExample("""
                let tabItem = UITabBarItem(title: "Home", image: nil, tag: 0)
                controller.tabBarItem = tabItem
                """, note: "UIKit, identifiers"),
        ])

    static let calledNames: Set<String> = ["tabItem"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(MemberAccessExprSyntax.self) else { return }
        // SwiftUI's `tabItem` takes a view-builder closure; `contentView.tabItem(1)` is a helper
        // of the program's own (a demo's `func tabItem(_ index: Int)`).
        guard call.trailingClosure != nil || call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }) else { return }
        // Only a tab of a `TabView` has a `Tab` to become: on children of a hand-made tab bar (a
        // `ZStack` of screens) `.tabItem` does nothing. Inside a `TabView`'s content here (or a
        // member that content names), or in a view some `TabView` builds (the workspace's view
        // graph); quiet when none is known.
        guard context.isInside(["TabView"]) || Self.isMemberUsedInTabView(in: context)
                || context.enclosingView.map({ context.isBuiltBesideTabView($0.name) }) == true else { return }
        report.append(Finding(
            message: "`.tabItem` is superseded by the `Tab` API from iOS 18: `Tab(\"Title\", systemImage: …) { content }` inside `TabView`",
            range: call.rangeFromCalleeName))
    }

    /// In a member other than `body` (`var tabs: some View`) that a `TabView`'s content in the
    /// same type names (`TabView { tabs }`).
    static func isMemberUsedInTabView(in context: RuleContext) -> Bool {
        guard let member = context.enclosingMember, member.name != "body" else { return false }
        var node = member.node.parent
        while let current = node, !current.is(MemberBlockSyntax.self) { node = current.parent }
        guard let block = node else { return false }
        return block.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "TabView", let tabView = token.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
            let closures = [tabView.trailingClosure].compactMap { $0 } + tabView.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            return closures.contains { closure in
                closure.tokens(viewMode: .sourceAccurate).contains { $0.text == member.name && $0.parent?.is(DeclReferenceExprSyntax.self) == true }
            }
        }
    }
}
