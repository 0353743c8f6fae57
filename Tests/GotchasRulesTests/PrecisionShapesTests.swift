import GotchasCore
import GotchasRules
import Testing

/// False-positive shapes from the review of public apps (docs/precision.md) that examples
/// cannot express: where a file lies (test folders, widget extensions) and what messages say.
@Suite struct PrecisionShapesTests {
    /// Lints `code` as the file at `path` with one rule.
    static func lint(_ code: String, at path: String, only id: String, platforms: [Platform: OSVersion]? = nil) -> [Diagnostic] {
        let configuration = RuleHarness.configuration(only: id, platforms: platforms)
        return RuleCatalog.linter.lint(SourceDocument(path: path, text: code), configuration: configuration, workspace: WorkspaceIndex())
            .diagnostics.filter { $0.ruleID == id }
    }

    @Test func testPathsAreTestDirectoriesAndTestFiles() {
        for path in ["/app/UnitTests/Sources/ComposerToolbarViewModelTests.swift", "/app/ElementX/Sources/UITests/UITestsSignalling.swift",
                     "/app/DuckDuckGoTests/Helpers/Stub.swift", "/app/Tests/AppTests/Mock.swift", "Sources/Feed/FeedTests.swift",
                     "/app/ElementX/Sources/AccessibilityTests/Coordinator.swift"] {
            #expect(TestCode.isTestPath(path), "\(path)")
        }
        for path in ["/app/Sources/Contests/Board.swift", "/app/Sources/Feed/Feed.swift", "/app/Tests.swift.bak/Feed.swift", "Tests"] {
            #expect(!TestCode.isTestPath(path), "\(path)")
        }
    }

    static let asyncDispatch = """
        import Foundation
        final class Loader {
            func reload() async {
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.show() }
            }
        }
        """

    @Test func dispatchQueueIsSilentInTestFolders() {
        #expect(Self.lint(Self.asyncDispatch, at: "/app/Sources/Loader.swift", only: "dispatch-queue").count == 1)
        #expect(Self.lint(Self.asyncDispatch, at: "/app/UnitTests/Sources/LoaderTests.swift", only: "dispatch-queue").isEmpty)
        #expect(Self.lint(Self.asyncDispatch, at: "/app/DuckDuckGoTests/Loader.swift", only: "dispatch-queue").isEmpty)
        let xcTest = Self.asyncDispatch.replacingOccurrences(of: "final class Loader {", with: "final class LoaderCase: XCTestCase {")
        #expect(Self.lint(xcTest, at: "/app/Sources/Loader.swift", only: "dispatch-queue").isEmpty)
    }

    @Test func mainActorServiceIsSilentInUITestSupport() {
        let client = """
            import SwiftUI
            @MainActor final class Client {
                func send(_ text: String) throws { try Data(text.utf8).write(to: FileManager.default.temporaryDirectory) }
            }
            """
        #expect(Self.lint(client, at: "/app/ElementX/Sources/Services/Client.swift", only: "mainactor-service").count == 1)
        #expect(Self.lint(client, at: "/app/ElementX/Sources/UITests/UITestsSignalling.swift", only: "mainactor-service").isEmpty)
    }

    /// A widget view (pocket-casts-ios `WidgetExtension/Up Next/EpisodeView.swift`, no WidgetKit import):
    /// callers pass `isFirstEpisode:`, so `private` would not compile; the message says what is true there.
    @Test func stateNotPrivateInWidgetCodeHasNoPrivateFix() {
        let view = """
            import SwiftUI
            struct EpisodeView: View {
                @State var isFirstEpisode: Bool = false
                var body: some View { Text(isFirstEpisode ? "Now" : "Next") }
            }
            """
        let app = Self.lint(view, at: "/app/podcasts/EpisodeView.swift", only: "state-not-private")
        #expect(app.count == 1)
        #expect(app.first?.message.contains("first appearance") == true)
        for path in ["/app/WidgetExtension/Up Next/EpisodeView.swift", "/app/PocketCastsWidgetsExtension/EpisodeView.swift"] {
            let widget = Self.lint(view, at: path, only: "state-not-private")
            #expect(widget.count == 1)
            #expect(widget.first?.fixes.isEmpty == true)
            #expect(widget.first?.message.contains("widget view") == true)
            #expect(widget.first?.message.contains("ignored") == false)
        }
        let imported = Self.lint("import WidgetKit\n" + view, at: "/app/podcasts/EpisodeView.swift", only: "state-not-private")
        #expect(imported.first?.fixes.isEmpty == true)
    }

    @Test func unstableIdentityFlagsASingleFallbackAndSaysWhenItIsNew() {
        let code = """
            struct Cover: Identifiable {
                var image: Header?
                var id: String { image?.podcast?.uuid ?? image?.imageName ?? UUID().uuidString }
            }
            struct Artwork: Identifiable { let podcastID: String?; var id: String { podcastID ?? UUID().uuidString } }
            """
        let messages = Self.lint(code, at: "/app/Cover.swift", only: "unstable-identity").map(\.message)
        // `UUID()` behind several fallbacks is a last resort the data rarely reaches: not flagged.
        #expect(messages.count == 1)
        #expect(messages.last?.contains("where `podcastID` is nil") == true)
        #expect(!messages.contains { $0.contains("every time it is read") })
    }

    @Test func navigationViewMessageFollowsItsStyle() {
        let code = """
            struct A: View {
                var body: some View {
                    NavigationView { Form() }.navigationViewStyle(.stack)
                    NavigationView { Sidebar(); Detail() }.navigationViewStyle(.columns)
                    NavigationView { Inbox() }
                }
            }
            """
        let messages = Self.lint(code, at: "/app/A.swift", only: "navigation-view").map(\.message)
        #expect(messages.count == 3)
        #expect(messages[0].contains("stack on every device") && !messages[0].contains("picks"))
        #expect(messages[1].contains("`NavigationSplitView`") && !messages[1].contains("picks"))
        #expect(messages[2].contains("picks split columns or a stack per device"))
    }

    /// pocket-casts-ios `WidgetExtension/Up Next/UpNextWidget.swift`: an iOS 15 widget whose view uses
    /// the intent toggle only under `#available(iOS 17)`: silent at iOS 15, flagged at iOS 17.
    @Test func widgetStaticConfigIntentNeedsIOS17() {
        let code = """
            import WidgetKit
            struct UpNextWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "up-next", provider: Provider()) { entry in
                        if #available(iOS 17, *) { Toggle(isOn: entry.isPlaying, intent: PlayIntent()) { Text("Play") } }
                    }
                }
            }
            """
        #expect(Self.lint(code, at: "/app/WidgetExtension/UpNextWidget.swift", only: "widget-static-config-intent", platforms: [.iOS: OSVersion(15)]).isEmpty)
        #expect(Self.lint(code, at: "/app/WidgetExtension/UpNextWidget.swift", only: "widget-static-config-intent", platforms: [.iOS: OSVersion(17)]).count == 1)
    }

    /// The fallback of `if #available(…)` (or of `guard #available`) runs only below the versions it
    /// names, on the platforms it names: where every deployment target is at or above them, it never
    /// runs, and nothing there is reported.
    @Test func aFallbackTheDeploymentTargetsNeverTakeIsNotReported() {
        let code = """
            struct Cards: View {
                @Environment(\\.horizontalSizeClass) private var sizeClass
                let user: User
                var body: some View {
                    if #available(iOS 16, macOS 13, *) {
                        Text(user.name)
                    } else {
                        if sizeClass == .compact {
                            VStack { Avatar(user: user); Text(user.name) }
                        } else {
                            HStack { Avatar(user: user); Text(user.name) }
                        }
                    }
                }
            }
            """
        let id = "conditional-layout-switch"
        #expect(Self.lint(code, at: "/app/Cards.swift", only: id, platforms: [.iOS: OSVersion(17), .macOS: OSVersion(14)]).isEmpty)
        // The same code outside the fallback is reported.
        let unguarded = code.replacingOccurrences(of: "if #available(iOS 16, macOS 13, *) {", with: "if user.isNew {")
        #expect(Self.lint(unguarded, at: "/app/Cards.swift", only: id, platforms: [.iOS: OSVersion(17), .macOS: OSVersion(14)]).count == 1)
        // A target below a named version still runs the fallback there.
        let newer = code.replacingOccurrences(of: "iOS 16, macOS 13", with: "iOS 18, macOS 13")
        #expect(Self.lint(newer, at: "/app/Cards.swift", only: id, platforms: [.iOS: OSVersion(17), .macOS: OSVersion(14)]).count == 1)
        // `guard #available(…) else { fallback }` and `if #unavailable(…) { fallback }` alike.
        let guarded = """
            struct Cards: View {
                @Environment(\\.horizontalSizeClass) private var sizeClass
                let user: User
                var body: some View { content }
                @ViewBuilder var content: some View {
                    if #unavailable(iOS 16) {
                        if sizeClass == .compact {
                            VStack { Avatar(user: user); Text(user.name) }
                        } else {
                            HStack { Avatar(user: user); Text(user.name) }
                        }
                    }
                }
            }
            """
        #expect(Self.lint(guarded, at: "/app/Cards.swift", only: id, platforms: [.iOS: OSVersion(17)]).isEmpty)
    }
}
