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
        ],
        severityReason: "a modernization for code that can require iOS 18.",
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
        ],
        nonTriggering: [
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
        report.append(Finding(
            message: "`.tabItem` is superseded by the `Tab` API from iOS 18: `Tab(\"Title\", systemImage: …) { content }` inside `TabView`",
            range: call.rangeFromCalleeName))
    }
}
