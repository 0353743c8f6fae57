import GotchasCore
import SwiftSyntax

/// Intent buttons only drive timeline reloads reliably under `AppIntentConfiguration`.
struct WidgetStaticConfigIntentRule: CallRule {
    static let description = RuleDescription(
        id: "widget-static-config-intent",
        category: .widgets,
        severity: .warning,
        seed: "000 W10",
        summary: "A `StaticConfiguration` widget whose views use `Button(intent:)`/`Toggle(…, intent:)`.",
        rationale: """
            Under `StaticConfiguration`, tapping a `Button(intent:)` runs the intent, but \
            `reloadTimelines(ofKind:)` does not reliably re-run `getTimeline`, so the widget stays in its \
            old state. Interactive widgets need `AppIntentConfiguration` with an \
            `AppIntentTimelineProvider`; an empty `WidgetConfigurationIntent` is enough when there is \
            nothing to configure.
            """,
        notFlagged: [
            "`AppIntentConfiguration`",
            "a static widget without intent controls",
            "a control used only under `#available`",
        ],
        severityReason: "taps do not refresh the widget.",
        asks: [.intentControls, .references],
        useInstead: "AppIntentConfiguration",
        // https://developer.apple.com/tutorials/data/documentation/widgetkit/appintentconfiguration.md (iOS 17, macOS 14, watchOS 10, visionOS 26; no tvOS)
        requires: .os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: nil, watchOS: OSVersion(10), visionOS: OSVersion(26)),
        triggering: [
            RuleExample("""
                import WidgetKit
                @available(iOS 17, macOS 14, watchOS 10, *)
                struct ToggleWidget: Widget {
                    var body: some WidgetConfiguration {
                        ↓StaticConfiguration(kind: "t", provider: Provider()) { entry in
                            Toggle(isOn: entry.isOn, intent: ToggleIntent()) { Text("On") }
                        }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what `AppIntentConfiguration` needs", platforms: [.iOS: OSVersion(16)]),
            RuleExample("""
                import WidgetKit
                struct TimerWidget: Widget {
                    var body: some WidgetConfiguration {
                        ↓StaticConfiguration(kind: "timer", provider: Provider()) { entry in
                            TimerWidgetView(entry: entry)
                        }
                    }
                }
                """, otherFiles: ["TimerWidgetView.swift": """
                    import WidgetKit
                    struct TimerWidgetView: View {
                        let entry: Entry
                        var body: some View { Controls() }
                    }
                    struct Controls: View {
                        var body: some View { Button(intent: PauseIntent()) { Text("Pause") } }
                    }
                    """]),
            RuleExample("""
                import WidgetKit
                struct ToggleWidget: Widget {
                    var body: some WidgetConfiguration {
                        ↓StaticConfiguration(kind: "t", provider: Provider()) { entry in
                            Toggle(isOn: entry.isOn, intent: ToggleIntent()) { Text("On") }
                        }
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                import WidgetKit
                struct ComposeWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "compose", provider: Provider()) { entry in
                            Button(intent: OpenComposerIntent()) { Text("New post") }
                        }
                    }
                }
                """, note: "the views show nothing of the entry (a launcher button): no reload can leave them stale"),
            RuleExample("""
                import WidgetKit
                struct ToggleWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "t", provider: Provider()) { entry in
                            Toggle(isOn: entry.isOn, intent: ToggleIntent()) { Text("On") }
                        }
                    }
                }
                """, note: "deployment target iOS 16: `AppIntentConfiguration` does not exist there", platforms: [.iOS: OSVersion(16)]),
            RuleExample("""
                import WidgetKit
                struct UpNextWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "up-next", provider: Provider()) { entry in EpisodeRow(entry: entry) }
                    }
                }
                struct EpisodeRow: View {
                    let entry: Entry
                    var body: some View {
                        if #available(iOS 17, *) {
                            Toggle(isOn: entry.isPlaying, intent: PlayIntent()) { Text("Play") }
                        } else {
                            Link(destination: entry.url) { Text("Play") }
                        }
                    }
                }
                """, note: "an iOS 15 widget that uses the intent control only under `#available(iOS 17)`: the configuration itself must stay static", platforms: [.iOS: OSVersion(15)]),
            RuleExample("""
                import WidgetKit
                struct StatusWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "s", provider: Provider()) { entry in Text("intent: none") }
                    }
                }
                """, note: "`intent:` only in a string of the configuration's content"),
            RuleExample("""
                import WidgetKit
                struct TimerWidget: Widget {
                    var body: some WidgetConfiguration {
                        AppIntentConfiguration(kind: "timer", intent: Config.self, provider: Provider()) { entry in
                            TimerWidgetView(entry: entry)
                        }
                    }
                }
                struct TimerWidgetView: View {
                    let entry: Entry
                    var body: some View { Button(intent: PauseIntent()) { Text("Pause") } }
                }
                """, note: "AppIntentConfiguration"),
            RuleExample("""
                import WidgetKit
                struct StatusWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "s", provider: Provider()) { entry in StatusView(entry: entry) }
                    }
                }
                struct StatusView: View {
                    let entry: Entry
                    var body: some View { Link(destination: entry.url) { Text("Open") } }
                }
                """, note: "a static widget without intent controls"),
        ])

    static let calledNames: Set<String> = ["StaticConfiguration"]

    /// The content closure never reads its entry: it is `_`, or its name appears nowhere in the body.
    static func ignoresEntry(_ content: ClosureExprSyntax) -> Bool {
        guard let entry = content.parameterNames.first else {
            // `{ LauncherView() }` cannot compile (one parameter); `$0` unused is the same as `_`.
            return !content.statements.tokens(viewMode: .sourceAccurate).contains { $0.text == "$0" }
        }
        if entry == "_" { return true }
        return !content.statements.tokens(viewMode: .sourceAccurate).contains { $0.text == entry }
    }

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self),
              let content = call.trailingClosure ?? call.argument(labeled: "content")?.expression.as(ClosureExprSyntax.self)
        else { return }
        // `{ entry in LauncherView() }`, `{ _ in … }`: the views show nothing of the timeline, so no
        // reload can leave them stale (a button that opens the app).
        if Self.ignoresEntry(content) { return }
        var related: [RelatedLocation] = []
        if let direct = Self.intentControl(in: content) {
            related.append(RelatedLocation(path: context.path, range: direct.byteRange, message: "intent control"))
        } else {
            // The views the closure builds, and the views they build (a few levels).
            var queue = Self.uppercaseNames(in: content)
            var seen: Set<String> = []
            var depth = 0
            while !queue.isEmpty, depth < 4, related.isEmpty {
                var next: [String] = []
                for name in queue where seen.insert(name).inserted {
                    if let use = context.intentControls(in: name).first {
                        related.append(RelatedLocation(path: use.path, range: use.range, message: "`\(name)` uses an intent control here"))
                        break
                    }
                    next += context.references(of: name).sorted()
                }
                queue = next
                depth += 1
            }
        }
        guard !related.isEmpty else { return }
        let end = call.rightParen?.endPositionBeforeTrailingTrivia.utf8Offset ?? call.calledExpression.endPositionBeforeTrailingTrivia.utf8Offset
        report.append(Finding(
            message: "interactive widget declared with `StaticConfiguration`: taps run the intent but the timeline is not reliably reloaded, so the widget stays stuck; use `AppIntentConfiguration` with an `AppIntentTimelineProvider`",
            range: call.positionAfterSkippingLeadingTrivia.utf8Offset..<end, related: related))
    }

    static func intentControl(in closure: ClosureExprSyntax) -> TokenSyntax? {
        let tokens = Array(closure.tokens(viewMode: .sourceAccurate))
        for index in tokens.indices where tokens[index].text == "intent" && index + 1 < tokens.count && tokens[index + 1].text == ":" {
            return tokens[index]
        }
        return nil
    }

    static func uppercaseNames(in closure: ClosureExprSyntax) -> [String] {
        var names: [String] = []
        for token in closure.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind, text.first?.isUppercase == true, !names.contains(text) else { continue }
            names.append(text)
        }
        return names
    }
}
