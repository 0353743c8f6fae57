import GotchasCore
import GotchasRules
import Testing

/// What examples cannot express about the rules refined on public apps: messages that must
/// be true for the code flagged, advice chosen by the platforms in effect, candidate fixes.
@Suite struct PrecisionBehaviourTests {
    /// Lints with one rule and the given deployment targets (examples cannot carry platforms).
    static func lint(_ code: String, only id: String, platforms: PlatformMinimums) -> [Diagnostic] {
        var configuration = RuleHarness.configuration(only: id)
        configuration.platforms = platforms
        let document = SourceDocument(path: "Example.swift", text: code)
        return RuleCatalog.linter.lint(document, configuration: configuration, workspace: WorkspaceIndex())
            .diagnostics.filter { $0.ruleID == id }
    }

    static let toast = """
        struct Toast: View {
            @State private var visible = true
            var body: some View {
                Text("Saved").task {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2) { visible = false }
                }
            }
        }
        """

    @Test func dispatchQueueAdvisesSleepForFromIOS16() {
        let messages = Self.lint(Self.toast, only: "dispatch-queue",
                                 platforms: PlatformMinimums(deploymentTargets: [.iOS: OSVersion(17), .macOS: OSVersion(14)])).map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("Task.sleep(for:") == true)
    }

    @Test func dispatchQueueAdvisesSleepNanosecondsBelowIOS16() {
        for targets: [Platform: OSVersion] in [[.iOS: OSVersion(15)], [.iOS: OSVersion(17), .macOS: OSVersion(12)], [.watchOS: OSVersion(8)]] {
            let messages = Self.lint(Self.toast, only: "dispatch-queue", platforms: PlatformMinimums(deploymentTargets: targets)).map(\.message)
            #expect(messages.count == 1)
            #expect(messages.first?.contains("Task.sleep(nanoseconds:") == true, "\(targets)")
            #expect(messages.first?.contains("Task.sleep(for:") == false, "\(targets)")
        }
    }

    /// A module besides Apple's may declare its own `Color` (a highlighter's `typealias Color = NSColor`):
    /// the fix then writes `SwiftUI.Color`, which the implicit member it replaces could not be confused with.
    @Test func foregroundColorQualifiesColorWhereAnotherModuleMayDeclareOne() {
        let code = "Text(token).foregroundColor(.init(color))"
        let platforms = PlatformMinimums(deploymentTargets: [.macOS: OSVersion(14)])
        func inserted(_ imports: String) -> [String] {
            Self.lint(imports + "\nlet t = " + code, only: "foreground-color", platforms: platforms)
                .flatMap(\.fixes).flatMap(\.edits).map(\.replacement)
        }
        #expect(inserted("import SwiftUI").contains("Color"))
        #expect(inserted("import SwiftUI\nimport Splash").contains("SwiftUI.Color"))
        #expect(!inserted("import SwiftUI\nimport AppKit").contains("SwiftUI.Color"))
    }

    /// `.task { }` exists from iOS 15: below it, the advice is a stored `Task` the view cancels.
    @Test func dispatchQueueAdvisesTheTaskModifierOnlyWhereItExists() {
        let code = """
            struct Toast: View {
                @State private var visible = true
                var body: some View {
                    Button("Save") { DispatchQueue.main.asyncAfter(deadline: .now() + 2) { visible = false } }
                }
            }
            """
        let old = Self.lint(code, only: "dispatch-queue", platforms: PlatformMinimums(deploymentTargets: [.iOS: OSVersion(14)])).map(\.message)
        #expect(old.count == 1)
        #expect(old.first?.contains(".task {") == false && old.first?.contains("cancel it in `.onDisappear`") == true, "\(old)")
        let new = Self.lint(code, only: "dispatch-queue", platforms: PlatformMinimums(deploymentTargets: [.iOS: OSVersion(15)])).map(\.message)
        #expect(new.first?.contains(".task { try await Task.sleep(nanoseconds:") == true, "\(new)")
    }

    @Test func dispatchQueueAdvisesSleepForInsideAvailabilityCheck() {
        let code = """
            struct Toast: View {
                var body: some View {
                    Text("Saved").task {
                        if #available(iOS 16, *) {
                            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { hide() }
                        }
                    }
                }
            }
            """
        let messages = Self.lint(code, only: "dispatch-queue", platforms: PlatformMinimums(deploymentTargets: [.iOS: OSVersion(15)])).map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("Task.sleep(for:") == true)
    }

    @Test func dispatchQueueMessageNeverClaimsIsolationIsUnchecked() {
        let code = """
            struct Feed: View {
                var body: some View { Text("a") }
                func later() { DispatchQueue.global().async { scroll() } }
                func load() async { DispatchQueue.main.async { scroll() } }
            }
            """
        let messages = RuleHarness.lint(code, only: "dispatch-queue").map(\.message)
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { !$0.contains("invisible to actor isolation") })
        #expect(messages.last?.contains("MainActor.run") == true)
    }

    @Test func animationNilSaysItRemovesAnimation() {
        let code = """
            struct Badge: View {
                @State private var on = false
                var body: some View {
                    VStack {
                        Circle().animation(nil)
                        Circle().animation(.none)
                        Circle().animation(.default)
                    }
                }
            }
            """
        let messages = RuleHarness.lint(code, only: "animation-without-value").map(\.message)
        #expect(messages.count == 3)
        #expect(messages.prefix(2).allSatisfy { $0.contains("removes the animation") && !$0.contains("animates every change") })
        #expect(messages.last?.contains("animates every change") == true)
    }

    @Test func animationCandidatesAreNeverConstants() {
        let code = """
            struct Panel: View {
                let columns = [GridItem()]
                let title: String
                static let spacing = 8.0
                var width = 10.0
                @State private var expanded = false
                var body: some View {
                    Text(title).frame(width: width).animation(.default)
                }
            }
            """
        let diagnostics = RuleHarness.lint(code, only: "animation-without-value")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.fixes.map(\.title) == ["Add `value: width`", "Add `value: expanded`"])
    }

    @Test func taskInInitMessagesFitTheirCase() {
        let code = """
            struct FeedView: View {
                init() { Task { await refresh() } }
                var body: some View { Text("") }
            }
            final class Loader: ObservableObject {
                init() { Task { await self.load() } }
            }
            """
        let messages = RuleHarness.lint(code, only: "task-in-init").map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first?.contains("view's `init`") == true)
        #expect(messages.last?.contains("nonisolated `init`") == true)
    }

    @Test func conditionalViewIdentityNamesTheDifferingModifier() {
        let code = """
            struct Card: View {
                @Environment(\\.horizontalSizeClass) private var sizeClass
                var body: some View {
                    if sizeClass == .regular { Picker().frame(width: 400) } else { Picker() }
                }
            }
            """
        let messages = RuleHarness.lint(code, only: "conditional-view-identity").map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("`.frame(…)`") == true)
    }
}
