/// Small workspaces whose right answer needs the workspace model — which type a name means,
/// which files use a member, whether a memberwise initializer exists, what kind a type is —
/// with the findings a correct linter gives on them. The CLI's tests lint each as a tree and the
/// server's tests open it as a workspace folder: both must give exactly these findings (issue
/// 21: "the answer is the same").
public struct WorkspaceModelScenario: Sendable {
    /// A finding: in which file, by which rule, on which 1-based line, and how its fix applies
    /// (`"safe"`, `"unsafe"`, or nil for no fix). `mentions` are texts its message must hold.
    public struct Expected: Sendable, Hashable {
        public var path: String
        public var rule: String
        public var line: Int
        public var fix: String?
        public var mentions: [String]

        public init(_ path: String, _ rule: String, line: Int, fix: String?, mentions: [String] = []) {
            self.path = path
            self.rule = rule
            self.line = line
            self.fix = fix
            self.mentions = mentions
        }
    }

    public var name: String
    /// The rule the scenario is about: only its findings are compared.
    public var rule: String
    public var files: [String: String]
    /// Every finding of `rule` in the workspace; files not named have none.
    public var expected: [Expected]

    /// A finding as a front end reported it (path relative to the workspace root).
    public struct Found: Sendable, Hashable {
        public var path: String
        public var rule: String
        public var line: Int
        public var fix: String?
        public var message: String

        public init(path: String, rule: String, line: Int, fix: String?, message: String) {
            self.path = path
            self.rule = rule
            self.line = line
            self.fix = fix
            self.message = message
        }
    }

    /// What differs between `found` (the scenario rule's findings only) and `expected`, one
    /// line each; empty when they agree.
    public func mismatches(_ found: [Found]) -> [String] {
        var problems: [String] = []
        var unmatched = found.filter { $0.rule == rule }
        for expectation in expected {
            guard let index = unmatched.firstIndex(where: { $0.path == expectation.path && $0.line == expectation.line }) else {
                problems.append("\(name): missing \(expectation.rule) at \(expectation.path):\(expectation.line)")
                continue
            }
            let finding = unmatched.remove(at: index)
            if finding.fix != expectation.fix {
                problems.append("\(name): \(finding.path):\(finding.line) fix \(finding.fix ?? "none"), expected \(expectation.fix ?? "none")")
            }
            for text in expectation.mentions where !finding.message.contains(text) {
                problems.append("\(name): \(finding.path):\(finding.line) message does not mention \(text): \(finding.message)")
            }
        }
        problems += unmatched.map { "\(name): unexpected \($0.rule) at \($0.path):\($0.line): \($0.message)" }
        return problems
    }

    public static let all: [WorkspaceModelScenario] = [
        nestedTypesWithOneName, viewSplitOverExtensionFiles, viewWithItsOwnInit, appProperty, formatterProperties,
        hostedCells, menuContentViews, helperFormatters, stateFedThroughACaller, workThroughMembers, screenAliases, dispatchWrappers,
        elementEditsElsewhere, computedFilterByOffset, storeWorkThroughMembers, conditionalWrapper,
        modelWorkThroughMembers, relativeTimeThroughHelper, trigonometryThroughHelper, workOverPassedData,
        initializerExtensions, enumCaseNamedLikeState, bindingsIntoShrinkingData, storeWorkThroughSharedManager,
        rowElementMembers, storedPropertyFileReads, stateMadeInInitializer, codeNothingRuns, objectChangedElsewhere,
    ]

    /// A view makes the object it only observes. Whether its state is lost with each new object is
    /// the object's class's to say, in another file: it changes its state after its `init` (a
    /// warning at the property); a class nothing changes after its `init` holds the same in a new
    /// one (info, asked of the model's writes).
    public static let objectChangedElsewhere = WorkspaceModelScenario(
        name: "an observed object changed in another file", rule: "observed-object-owned",
        files: [
            "LoginApp.swift": """
                import SwiftUI
                @main struct LoginApp: App {
                    var body: some Scene { WindowGroup { Login() } }
                }
                """,
            "Views/Login.swift": """
                import SwiftUI
                struct Login: View {
                    @ObservedObject var service = LoginService()
                    var body: some View { Button("Sign in (\\(service.attempts))") { service.signIn() } }
                }
                """,
            "Services/LoginService.swift": """
                import Foundation
                final class LoginService: ObservableObject {
                    @Published var attempts = 0
                    func signIn() { attempts += 1 }
                }
                """,
        ],
        expected: [
            Expected("Views/Login.swift", "observed-object-owned", line: 3, fix: "unsafe", mentions: ["its state is lost"]),
        ])

    /// Warnings in code nothing runs are info, with the reason: a `private` property nothing in its
    /// file uses, a view no code of the project names. The same hazard in a helper the app's screen
    /// uses keeps its warning (no reason); a view only a preview builds has no finding of this rule.
    public static let codeNothingRuns = WorkspaceModelScenario(
        name: "code nothing runs", rule: "uiscreen-bounds",
        files: [
            "HeroApp.swift": """
                import SwiftUI
                @main struct HeroApp: App {
                    var body: some Scene { WindowGroup { Hero() } }
                }
                """,
            "Views/Hero.swift": """
                import SwiftUI
                struct Hero: View {
                    var body: some View { Image("h").frame(width: heroWidth) }
                    private var heroWidth: CGFloat { UIScreen.main.bounds.width - 32 }
                    private var oldWidth: CGFloat { UIScreen.main.bounds.width - 16 }
                }
                """,
            "Views/Demo.swift": """
                import SwiftUI
                struct Demo: View {
                    var body: some View { Color.red.frame(width: UIScreen.main.bounds.width) }
                }
                #Preview { Demo() }
                """,
            "Views/Orphan.swift": """
                import SwiftUI
                struct Orphan: View {
                    var body: some View { Color.blue.frame(height: UIScreen.main.bounds.height / 3) }
                }
                """,
        ],
        expected: [
            Expected("Views/Hero.swift", "uiscreen-bounds", line: 4, fix: nil),
            Expected("Views/Hero.swift", "uiscreen-bounds", line: 5, fix: nil, mentions: ["nothing in this file uses `oldWidth`"]),
            Expected("Views/Orphan.swift", "uiscreen-bounds", line: 3, fix: nil, mentions: ["no code of the project builds `Orphan`"]),
        ])

    /// Rows of a `ForEach` over a fetch request's results whose element type (another file) reads and
    /// decodes the image file in a computed property: flagged at the read in each row, naming the
    /// member and its file; the same rows reading a plain property, or the costly one only in a tap
    /// action, are not.
    public static let rowElementMembers = WorkspaceModelScenario(
        name: "a row's member that reads a file", rule: "work-in-body",
        files: [
            "Views/PhotoStrip.swift": """
                import SwiftUI
                struct PhotoStrip: View {
                    @FetchRequest(sortDescriptors: []) private var photos: FetchedResults<PhotoFile>
                    var body: some View {
                        ScrollView(.horizontal) {
                            LazyHStack {
                                ForEach(photos) { photo in
                                    if let image = photo.previewImage { Image(uiImage: image) }
                                    Text(photo.title)
                                        .onTapGesture { share(photo.previewImage) }
                                }
                            }
                        }
                    }
                    func share(_ image: UIImage?) {}
                }
                """,
            "Models/PhotoFile.swift": """
                import CoreData
                import UIKit
                final class PhotoFile: NSManagedObject, Identifiable {
                    @NSManaged var imageURL: URL?
                    @NSManaged var name: String?
                    var title: String { name ?? "Untitled" }
                    var previewImage: UIImage? {
                        guard let url = imageURL, let data = try? Data(contentsOf: url) else { return nil }
                        return UIImage(data: data)
                    }
                }
                """,
        ],
        expected: [
            Expected("Views/PhotoStrip.swift", "work-in-body", line: 8, fix: nil,
                     mentions: ["`previewImage`", "`PhotoFile.swift`", "`Data(contentsOf:)`", "every row"]),
        ])

    /// A view's `@State` whose initial value calls a helper in another file that reads a file: the
    /// value is made each time a parent (another file) re-creates the view, so it is flagged at the
    /// call, naming the helper; the same initial value in a view only the app's scene builds is not.
    public static let storedPropertyFileReads = WorkspaceModelScenario(
        name: "a view's stored property reads a file through a helper", rule: "work-in-body",
        files: [
            "Views/BlocklistView.swift": """
                import SwiftUI
                struct BlocklistView: View {
                    @State private var contents = Blocklist.readFile(path: "/var/db/blocklist.plist") ?? ""
                    var body: some View { Text(contents) }
                }
                """,
            "Views/SettingsView.swift": """
                import SwiftUI
                struct SettingsView: View {
                    var body: some View { NavigationLink("Blocklist") { BlocklistView() } }
                }
                """,
            "Views/RootView.swift": """
                import SwiftUI
                struct RootView: View {
                    @State private var contents = Blocklist.readFile(path: "/var/db/allowlist.plist") ?? ""
                    var body: some View { NavigationStack { SettingsView().navigationTitle(contents) } }
                }
                @main struct BlocklistApp: App {
                    var body: some Scene { WindowGroup { RootView() } }
                }
                """,
            "Helpers/Blocklist.swift": """
                import Foundation
                enum Blocklist {
                    static func readFile(path: String) -> String? { try? String(contentsOfFile: path) }
                }
                """,
        ],
        expected: [
            Expected("Views/BlocklistView.swift", "work-in-body", line: 3, fix: nil,
                     mentions: ["`readFile(path:)`", "`Blocklist.swift`", "`String(contentsOfFile:)`", "re-creates the view"]),
        ])

    /// A view's `init` that makes its model (another file, whose `init` starts a task) in a local and
    /// hands it to `State(initialValue:)`: flagged where `State` takes it; a view whose `init` takes
    /// the model from its caller is not.
    public static let stateMadeInInitializer = WorkspaceModelScenario(
        name: "a model made in a view's init for its state", rule: "heavy-state-initializer",
        files: [
            "Views/ProfileView.swift": """
                import SwiftUI
                struct ProfileView: View {
                    @State private var model: ProfileModel
                    init(userID: String) {
                        let model = ProfileModel(userID: userID)
                        self._model = State(initialValue: model)
                    }
                    var body: some View { Text(model.name) }
                }
                struct ProfileCard: View {
                    @State private var model: ProfileModel
                    init(model: ProfileModel) { self._model = State(initialValue: model) }
                    var body: some View { Text(model.name) }
                }
                """,
            "Views/Feed.swift": """
                import SwiftUI
                struct Feed: View {
                    let model: ProfileModel
                    var body: some View { ProfileView(userID: "me"); ProfileCard(model: model) }
                }
                """,
            "Models/ProfileModel.swift": """
                import Observation
                @Observable final class ProfileModel {
                    var name = ""
                    init(userID: String) { Task.detached { await Self.subscribe(userID) } }
                    static func subscribe(_ id: String) async {}
                }
                """,
        ],
        expected: [
            Expected("Views/ProfileView.swift", "heavy-state-initializer", line: 6, fix: nil,
                     mentions: ["`ProfileModel(…)`", "`ProfileModel.swift`"]),
        ])

    /// Rows of an index-identified `ForEach` binding by index into a model's list that the model
    /// (another file) replaces whole: flagged, naming that file; the same rows over a list nothing
    /// replaces or shrinks are not.
    public static let bindingsIntoShrinkingData = WorkspaceModelScenario(
        name: "bindings by index into a list replaced whole", rule: "foreach-index-identity",
        files: [
            "Views/ShortcutList.swift": """
                import SwiftUI
                struct ShortcutList: View {
                    @StateObject private var model = ShortcutsModel()
                    var body: some View {
                        List {
                            ForEach(model.shortcuts.indices, id: \\.self) { index in
                                Toggle(model.shortcuts[index].name, isOn: $model.shortcuts[index].isOn)
                            }
                            ForEach(model.presets.indices, id: \\.self) { index in
                                Toggle(model.presets[index].name, isOn: $model.presets[index].isOn)
                            }
                        }
                    }
                }
                """,
            "Models/ShortcutsModel.swift": """
                import Combine
                final class ShortcutsModel: ObservableObject {
                    @Published var shortcuts: [Shortcut] = []
                    @Published var presets: [Shortcut] = [Shortcut(name: "Focus", isOn: false)]
                    func reload() { shortcuts = Shortcut.loadAll() }
                }
                struct Shortcut { var name: String; var isOn: Bool; static func loadAll() -> [Shortcut] { [] } }
                """,
        ],
        expected: [
            Expected("Views/ShortcutList.swift", "foreach-index-identity", line: 6, fix: nil,
                     mentions: ["`shortcuts`", "`ShortcutsModel.swift`", "index out of range"]),
        ])

    /// A method in another file that filters the collection it is given: called for a list's rows
    /// with an observed model's data (flagged at the call, naming the method, its file and the data
    /// passed), and with the view's own `let` input (not flagged: its size is not known to matter).
    public static let workOverPassedData = WorkspaceModelScenario(
        name: "work over data a method is given", rule: "work-in-body",
        files: [
            "Views/MemoList.swift": """
                import SwiftUI
                struct MemoList: View {
                    @Environment(MemoStore.self) private var store
                    @State private var query = ""
                    var body: some View {
                        let memos = visibleMemos(store.memos, matching: query)
                        List(memos) { MemoRow(memo: $0) }
                    }
                }
                """,
            "Views/MemoList+Filter.swift": """
                import SwiftUI
                extension MemoList {
                    func visibleMemos(_ memos: [Memo], matching query: String) -> [Memo] {
                        let pinned = memos.filter { $0.isPinned }
                        let others = memos.filter { !$0.isPinned }
                        return (pinned + others).filter { query.isEmpty || $0.text.contains(query) }
                    }
                }
                """,
            "Views/PinnedMemos.swift": """
                import SwiftUI
                struct PinnedMemos: View {
                    let memos: [Memo]
                    var body: some View {
                        let shown = pinned(memos)
                        List(shown) { MemoRow(memo: $0) }
                    }
                    func pinned(_ memos: [Memo]) -> [Memo] { memos.filter { $0.isPinned } }
                }
                """,
            "Models/MemoStore.swift": """
                import Observation
                @Observable final class MemoStore { var memos: [Memo] = [] }
                struct Memo: Identifiable { let id: Int; var text: String; var isPinned: Bool }
                """,
        ],
        expected: [
            Expected("Views/MemoList.swift", "work-in-body", line: 6, fix: nil,
                     mentions: ["`visibleMemos(_:matching:)`", "`MemoList+Filter.swift`", "`store.memos`"]),
        ])

    /// A project's initializer of a system type (`extension Text { init(markdown:) }`, another file)
    /// that parses Markdown on every call: flagged where rendered code calls it, naming it; another
    /// initializer of the same extension that shows a value parsed once is not.
    public static let initializerExtensions = WorkspaceModelScenario(
        name: "a project initializer that parses Markdown", rule: "formatter-in-body",
        files: [
            "Views/MessageRow.swift": """
                import SwiftUI
                struct MessageRow: View {
                    let message: Message
                    var body: some View {
                        VStack {
                            Text(markdown: message.content)
                            Text(message: message)
                        }
                    }
                }
                """,
            "Extensions/Text+Markdown.swift": """
                import SwiftUI
                extension Text {
                    init(markdown: String, fallback: AttributedString = "") {
                        self.init((try? AttributedString(markdown: markdown)) ?? fallback)
                    }
                    init(message: Message) { self.init(message.attributed) }
                }
                struct Message { var content: String; var attributed: AttributedString }
                """,
        ],
        expected: [
            Expected("Views/MessageRow.swift", "formatter-in-body", line: 6, fix: nil,
                     mentions: ["`Text.init(markdown:fallback:)`", "`Text+Markdown.swift`", "Markdown"]),
        ])

    /// `.date` in another file that builds the view is an enum case (an implicit member), not a use
    /// of the view's `@State var date`: the property is flagged with the safe fix.
    public static let enumCaseNamedLikeState = WorkspaceModelScenario(
        name: "an enum case named like a view's state", rule: "state-not-private",
        files: [
            "Views/DateArgument.swift": """
                import SwiftUI
                struct DateArgument: View {
                    @Binding var value: String
                    @State var date = Date.now
                    var body: some View { DatePicker("Date", selection: $date) }
                }
                """,
            "Views/ArgumentEditor.swift": """
                import SwiftUI
                enum FieldKind { case date, text }
                struct ArgumentEditor: View {
                    @Binding var value: String
                    let kind: FieldKind
                    var body: some View {
                        switch kind {
                        case .date: DateArgument(value: $value)
                        default: Text(value)
                        }
                    }
                }
                """,
        ],
        expected: [
            Expected("Views/DateArgument.swift", "state-not-private", line: 4, fix: "safe"),
        ])

    /// A per-frame `TimelineView` passing the time to a helper in another file (an extension of
    /// the view) that computes `sin` of it (flagged on the timeline, naming the helper's file); one
    /// passing the time to a helper that only formats it is not.
    public static let trigonometryThroughHelper = WorkspaceModelScenario(
        name: "trigonometry of the time one call away", rule: "timelineview-periodic-math",
        files: [
            "Views/GlowBackground.swift": """
                import SwiftUI
                struct GlowBackground: View {
                    var body: some View {
                        TimelineView(.animation) { timeline in
                            let t = timeline.date.timeIntervalSinceReferenceDate
                            Circle().offset(x: 40 * wave(t * 0.5))
                        }
                    }
                }
                """,
            "Views/GlowBackground+Math.swift": """
                import SwiftUI
                extension GlowBackground {
                    func wave(_ value: Double) -> CGFloat { CGFloat((sin(value) + 1) / 2) }
                }
                """,
            "Views/Ticker.swift": """
                import SwiftUI
                struct Ticker: View {
                    var body: some View {
                        TimelineView(.animation) { timeline in
                            Text(label(timeline.date))
                        }
                    }
                    func label(_ date: Date) -> String { date.formatted(date: .omitted, time: .standard) }
                }
                """,
        ],
        expected: [
            Expected("Views/GlowBackground.swift", "timelineview-periodic-math", line: 4, fix: nil,
                     mentions: ["`wave(_:)`", "`GlowBackground+Math.swift`", "`sin`"]),
        ])

    /// A ticking `TimelineView` whose `Text` formats the time since a date through a function in
    /// another file that builds a `RelativeDateTimeFormatter` (flagged on the timeline, naming the
    /// function's file); one whose helper formats a clock time (`DateFormatter`) is not.
    public static let relativeTimeThroughHelper = WorkspaceModelScenario(
        name: "a relative time formatted one call away", rule: "manual-countdown",
        files: [
            "Views/RefreshStamp.swift": """
                import SwiftUI
                struct RefreshStamp: View {
                    let lastRefresh: Date
                    var body: some View {
                        TimelineView(.periodic(from: lastRefresh, by: 1)) { _ in
                            Text("Updated \\(formatRelativeTime(lastRefresh))")
                        }
                    }
                }
                """,
            "Views/Clock.swift": """
                import SwiftUI
                struct Clock: View {
                    var body: some View {
                        TimelineView(.periodic(from: .now, by: 1)) { context in
                            Text(clockString(context.date))
                        }
                    }
                }
                """,
            "Helpers/Dates.swift": """
                import Foundation
                func formatRelativeTime(_ date: Date) -> String {
                    let formatter = RelativeDateTimeFormatter()
                    return formatter.localizedString(for: date, relativeTo: Date())
                }
                func clockString(_ date: Date) -> String {
                    let formatter = DateFormatter()
                    formatter.timeStyle = .medium
                    return formatter.string(from: date)
                }
                """,
        ],
        expected: [
            Expected("Views/RefreshStamp.swift", "manual-countdown", line: 5, fix: nil,
                     mentions: ["`formatRelativeTime(_:)`", "`Dates.swift`", "`RelativeDateTimeFormatter`"]),
        ])

    /// Costly work one read away that is not the store's: an `@EnvironmentObject` model's computed
    /// `visiblePlugins` (in another file) filters and then sorts its plugins (flagged at the read,
    /// through the property's declared type); a static method called on a type by name reaches a JSON
    /// decode in another member (flagged, naming the way); a row's own computed properties check
    /// the disk and decode an image, and one in another file measures text (each flagged at the
    /// read). Not flagged: the model's lone `.filter` read for a count, and the pipeline read only
    /// in an action.
    public static let modelWorkThroughMembers = WorkspaceModelScenario(
        name: "model work in members that body reads", rule: "work-in-body",
        files: [
            "Views/PluginList.swift": """
                import SwiftUI
                struct PluginList: View {
                    @EnvironmentObject var store: PluginStore
                    var body: some View {
                        VStack {
                            Text("\\(store.visiblePlugins.count) plugins")
                            Text("\\(store.enabledPlugins.count) enabled")
                            Button("Select all") { store.select(store.visiblePlugins) }
                        }
                    }
                }
                """,
            "Models/PluginStore.swift": """
                import Combine
                final class PluginStore: ObservableObject {
                    @Published var plugins: [Plugin] = []
                    @Published var query = ""
                    var visiblePlugins: [Plugin] {
                        var list = plugins
                        if !query.isEmpty { list = list.filter { $0.name.localizedCaseInsensitiveContains(query) } }
                        return list.sorted { $0.name < $1.name }
                    }
                    var enabledPlugins: [Plugin] { plugins.filter(\\.isEnabled) }
                    func select(_ plugins: [Plugin]) {}
                }
                struct Plugin: Identifiable { let id = UUID(); var name = ""; var isEnabled = false }
                """,
            "Views/GrantsBadge.swift": """
                import SwiftUI
                struct GrantsBadge: View {
                    let profileID: UUID
                    var body: some View {
                        TimelineView(.periodic(from: .now, by: 1)) { _ in
                            Text(GrantStore.activeGrants(for: profileID).isEmpty ? "None" : "Active")
                        }
                    }
                }
                """,
            "Models/GrantStore.swift": """
                import Foundation
                enum GrantStore {
                    static func activeGrants(for profileID: UUID) -> [Grant] {
                        guard let session = currentSession() else { return [] }
                        return session.grants.filter { $0.profileID == profileID }
                    }
                    static func currentSession() -> Session? {
                        guard let data = UserDefaults.standard.data(forKey: "session") else { return nil }
                        return try? JSONDecoder().decode(Session.self, from: data)
                    }
                }
                struct Session: Codable { var grants: [Grant] }
                struct Grant: Codable { var profileID: UUID }
                """,
            "Views/CaskRow.swift": """
                import SwiftUI
                struct CaskRow: View {
                    let cask: Cask
                    var body: some View {
                        HStack {
                            Text(cask.name).frame(width: labelWidth)
                            if isInstalled { Image(systemName: "checkmark") }
                            if let image = icon { Image(nsImage: image) }
                        }
                    }
                    var isInstalled: Bool { FileManager.default.fileExists(atPath: cask.appPath) }
                    var icon: NSImage? { NSImage(data: cask.iconData) }
                }
                struct Cask { var name = ""; var appPath = ""; var iconData = Data() }
                """,
            "Views/CaskRow+Layout.swift": """
                import AppKit
                extension CaskRow {
                    var labelWidth: CGFloat {
                        (cask.name as NSString).size(withAttributes: [.font: NSFont.systemFont(ofSize: 13)]).width
                    }
                }
                """,
        ],
        expected: [
            Expected("Views/PluginList.swift", "work-in-body", line: 6, fix: nil, mentions: ["`visiblePlugins`", "`PluginStore.swift`", "`.filter` and `.sorted`"]),
            Expected("Views/GrantsBadge.swift", "work-in-body", line: 6, fix: nil,
                     mentions: ["`activeGrants`", "`currentSession()`", "`GrantStore.swift`", "JSON"]),
            Expected("Views/CaskRow.swift", "work-in-body", line: 6, fix: nil, mentions: ["`labelWidth`", "`CaskRow+Layout.swift`", "`size(withAttributes:)`"]),
            Expected("Views/CaskRow.swift", "work-in-body", line: 7, fix: nil, mentions: ["`isInstalled`", "`FileManager.fileExists`"]),
            Expected("Views/CaskRow.swift", "work-in-body", line: 8, fix: nil, mentions: ["`icon`", "`NSImage(data:)`"]),
        ])

    /// Store work one read away from `body`: a row's computed `product` (in another file) fetches
    /// from the model context (flagged at the read, naming the file); a conversation's
    /// `ForEach(thread.sortedMessages)`, where the `@Model` `Thread` (in another file) sorts its
    /// `messages` relationship (flagged at the read, through the property's declared type). Not
    /// flagged: a computed property of the model that does no store work (`title`), and the fetch
    /// read only in an action.
    public static let storeWorkThroughMembers = WorkspaceModelScenario(
        name: "store work in members that body reads", rule: "work-in-body",
        files: [
            "Views/JournalRow.swift": """
                import SwiftUI
                import SwiftData
                struct JournalRow: View {
                    @Environment(\\.modelContext) private var modelContext
                    let entry: JournalEntry
                    var body: some View {
                        VStack {
                            Text(product?.name ?? "")
                            Button("Log") { print(product?.name ?? "") }
                        }
                    }
                }
                """,
            "Views/JournalRow+Lookups.swift": """
                import SwiftData
                extension JournalRow {
                    var product: Product? {
                        let id = entry.productID
                        let descriptor = FetchDescriptor<Product>(predicate: #Predicate { $0.id == id })
                        return (try? modelContext.fetch(descriptor))?.first
                    }
                }
                """,
            "Views/Conversation.swift": """
                import SwiftUI
                struct Conversation: View {
                    let thread: Thread
                    var body: some View {
                        List {
                            ForEach(thread.sortedMessages) { message in Text(message.content) }
                        }
                        .navigationTitle(thread.title)
                    }
                }
                """,
            "Models/Thread.swift": """
                import SwiftData
                @Model final class Thread {
                    var name: String = ""
                    @Relationship var messages: [Message] = []
                    var sortedMessages: [Message] { messages.sorted { $0.timestamp < $1.timestamp } }
                    var title: String { name.isEmpty ? "Chat" : name }
                    init() {}
                }
                @Model final class Message {
                    var content: String = ""
                    var timestamp: Date = Date.now
                    init() {}
                }
                @Model final class Product {
                    var id: String = ""
                    var name: String = ""
                    init() {}
                }
                struct JournalEntry { let productID: String }
                """,
        ],
        expected: [
            Expected("Views/JournalRow.swift", "work-in-body", line: 8, fix: nil, mentions: ["`product`", "`JournalRow+Lookups.swift`", "store"]),
            Expected("Views/Conversation.swift", "work-in-body", line: 6, fix: nil, mentions: ["`sortedMessages`", "`Thread.swift`", "`messages`"]),
        ])

    /// A view model's computed property that asks a shared manager (`let manager = RecordManager.shared`,
    /// another file) for records the manager fetches from the store: the reads in `body` are flagged,
    /// and so is a `.filter` over the result (through a local); a model's stored array filtered once is not.
    public static let storeWorkThroughSharedManager = WorkspaceModelScenario(
        name: "store work through a shared manager", rule: "work-in-body",
        files: [
            "Views/HistoryStats.swift": """
                import SwiftUI
                struct HistoryStats: View {
                    @StateObject private var history = HistoryModel()
                    var body: some View {
                        let items = history.records
                        let wins = items.filter { $0.isWin }
                        VStack {
                            Text("\\(wins.count) of \\(items.count)")
                            Text("\\(history.pinned.filter { $0.isWin }.count) pinned wins")
                        }
                    }
                }
                """,
            "Models/HistoryModel.swift": """
                import Foundation
                final class HistoryModel: ObservableObject {
                    let manager = RecordManager.shared
                    @Published var uid = ""
                    @Published var pinned: [Record] = []
                    var records: [Record] { manager.fetchAll(uid: uid) }
                }
                """,
            "Models/RecordManager.swift": """
                import CoreData
                final class RecordManager {
                    static let shared = RecordManager()
                    let container = NSPersistentContainer(name: "Records")
                    func fetchAll(uid: String) -> [Record] { fetchObjects(uid: uid).map { $0.record } }
                    func fetchObjects(uid: String) -> [RecordMO] {
                        let request = RecordMO.fetchRequest()
                        request.predicate = NSPredicate(format: "uid = %@", uid)
                        return (try? container.viewContext.fetch(request)) ?? []
                    }
                }
                """,
        ],
        expected: [
            Expected("Views/HistoryStats.swift", "work-in-body", line: 5, fix: nil, mentions: ["`records`", "`RecordManager.swift`", "store"]),
            Expected("Views/HistoryStats.swift", "work-in-body", line: 6, fix: nil, mentions: ["`.filter`", "`records`", "fetches from the store"]),
        ])

    /// A project's conditional view wrapper (`.if(c) { $0.mod }`, declared in another file): on
    /// `@State` that a tap toggles (flagged, naming the wrapper's file); on a `let` of the view (not
    /// flagged: fixed for the view's life).
    public static let conditionalWrapper = WorkspaceModelScenario(
        name: "a conditional view wrapper in another file", rule: "conditional-view-identity",
        files: [
            "Extensions/View+If.swift": """
                import SwiftUI
                extension View {
                    @ViewBuilder func `if`<Content: View>(_ condition: Bool, transform: (Self) -> Content) -> some View {
                        if condition { transform(self) } else { self }
                    }
                }
                """,
            "Views/AttachmentRow.swift": """
                import SwiftUI
                struct AttachmentRow: View {
                    @State private var isEditing = false
                    let isCompact: Bool
                    var body: some View {
                        VStack {
                            Text("Photo")
                                .if(isEditing) { $0.redacted(reason: .placeholder) }
                            Image(systemName: "photo")
                                .if(isCompact) { $0.imageScale(.small) }
                        }
                        .onTapGesture { isEditing.toggle() }
                    }
                }
                """,
        ],
        expected: [
            Expected("Views/AttachmentRow.swift", "conditional-view-identity", line: 8, fix: nil, mentions: ["`if(_:transform:)`", "`View+If.swift`", "`isEditing`"]),
        ])

    /// `id: \\.offset` over a computed property that filters the `@Query`'s results by a toggle:
    /// membership changes with the data and the toggle, and the rows (declared in another file)
    /// hold `@State` — flagged. The same over a computed property that only maps: not flagged.
    public static let computedFilterByOffset = WorkspaceModelScenario(
        name: "offset identity over a computed filter", rule: "foreach-index-identity",
        files: [
            "Board.swift": """
                import SwiftUI
                import SwiftData
                struct Board: View {
                    @Query var cards: [Card]
                    @State private var showDone = false
                    var visibleCards: [Card] { cards.filter { showDone || !$0.isDone } }
                    var titles: [String] { cards.map(\\.title) }
                    var body: some View {
                        List {
                            ForEach(Array(visibleCards.enumerated()), id: \\.offset) { index, card in
                                CardRow(card: card)
                            }
                            ForEach(Array(titles.enumerated()), id: \\.offset) { index, title in
                                CardRow(card: Card(title: title))
                            }
                        }
                    }
                }
                """,
            "CardRow.swift": """
                import SwiftUI
                struct CardRow: View {
                    let card: Card
                    @State private var isExpanded = false
                    var body: some View { Text(card.title) }
                }
                """,
        ],
        expected: [
            Expected("Board.swift", "foreach-index-identity", line: 10, fix: nil),
        ])

    /// `ForEach(…, id: \\.self)` over a struct with a `var`, whose elements another file replaces
    /// in place (`contacts[i] = updated`): flagged, naming that file. The same over `tags`, which
    /// every file only assigns whole: not flagged.
    public static let elementEditsElsewhere = WorkspaceModelScenario(
        name: "elements edited in place in another file", rule: "foreach-id-self-mutable",
        files: [
            "ContactList.swift": """
                import SwiftUI
                struct ContactList: View {
                    @ObservedObject var book: AddressBook
                    var body: some View {
                        List {
                            ForEach(book.contacts, id: \\.self) { Text($0.name) }
                            ForEach(book.tags, id: \\.self) { Text($0.name) }
                        }
                    }
                }
                struct Contact: Hashable { let id: UUID; var name: String }
                struct Tag: Hashable { var name: String }
                """,
            "AddressBook.swift": """
                import Foundation
                final class AddressBook: ObservableObject {
                    @Published var contacts: [Contact] = []
                    @Published var tags: [Tag] = []
                    func rename(_ contact: Contact, to name: String) {
                        guard let i = contacts.firstIndex(of: contact) else { return }
                        var updated = contact
                        updated.name = name
                        contacts[i] = updated
                        tags = tags.filter { !$0.name.isEmpty }
                    }
                }
                """,
        ],
        expected: [
            Expected("ContactList.swift", "foreach-id-self-mutable", line: 6, fix: nil, mentions: ["`AddressBook.swift`", "`contacts`"]),
        ])

    /// A row calls `relativeTime(_:)`, declared in another file, which builds a
    /// `RelativeDateTimeFormatter` on every call: flagged at the call, naming the helper and its
    /// file. `stamp(_:)` builds one too but is called only in an action (not flagged);
    /// `shortDate(_:)` reads a cached formatter (not flagged). `Header` keeps a `DateFormatter` in
    /// a stored property, rebuilt with the view (flagged).
    public static let helperFormatters = WorkspaceModelScenario(
        name: "a helper in another file builds a formatter per call", rule: "formatter-in-body",
        files: [
            "Views/ActivityRow.swift": """
                import SwiftUI
                struct ActivityRow: View {
                    let item: Activity
                    var body: some View {
                        HStack {
                            Text(relativeTime(item.date))
                            Text(shortDate(item.date))
                            Button("Copy") { copy(stamp(item.date)) }
                        }
                    }
                }
                """,
            "Views/Header.swift": """
                import SwiftUI
                struct Header: View {
                    let date: Date
                    private let formatter = DateFormatter()
                    var body: some View { Text(formatter.string(from: date)) }
                }
                """,
            "Helpers/Dates.swift": """
                import Foundation
                private let cachedShort = DateFormatter()
                func relativeTime(_ date: Date) -> String {
                    let formatter = RelativeDateTimeFormatter()
                    formatter.unitsStyle = .short
                    return formatter.localizedString(for: date, relativeTo: .now)
                }
                func shortDate(_ date: Date) -> String { cachedShort.string(from: date) }
                func stamp(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
                func copy(_ text: String) {}
                struct Activity { let date: Date }
                """,
        ],
        expected: [
            Expected("Views/ActivityRow.swift", "formatter-in-body", line: 6, fix: nil,
                     mentions: ["`relativeTime(_:)`", "`Dates.swift`", "RelativeDateTimeFormatter"]),
            Expected("Views/Header.swift", "formatter-in-body", line: 4, fix: nil, mentions: ["stored property"]),
        ])

    /// Work one read away from `body`: `ForEach` over a computed property that filters and sorts
    /// a `@Query`'s results (flagged at the read), and a computed property in another file that
    /// decodes `@AppStorage` JSON, read in `body` (flagged at the read, naming the file). Not
    /// flagged: a computed property over three literals, and the decoding property read only in
    /// an action.
    public static let workThroughMembers = WorkspaceModelScenario(
        name: "work in members that body reads", rule: "work-in-body",
        files: [
            "TripList.swift": """
                import SwiftUI
                import SwiftData
                struct TripList: View {
                    @Query var trips: [Trip]
                    var visibleTrips: [Trip] {
                        trips.filter { !$0.isArchived }.sorted { $0.start > $1.start }
                    }
                    var kinds: [String] { ["a", "b", "c"].filter { !$0.isEmpty } }
                    var body: some View {
                        List {
                            ForEach(visibleTrips) { trip in Text(trip.name) }
                            ForEach(kinds, id: \\.self) { Text($0) }
                        }
                    }
                }
                """,
            "ThemeBadge.swift": """
                import SwiftUI
                struct ThemeBadge: View {
                    @AppStorage("theme") var themeData = Data()
                    var body: some View {
                        VStack {
                            Text(theme.name)
                            Button("Reset") { print(theme) }
                        }
                    }
                }
                """,
            "ThemeBadge+Theme.swift": """
                import SwiftUI
                extension ThemeBadge {
                    var theme: Theme { (try? JSONDecoder().decode(Theme.self, from: themeData)) ?? Theme(name: "") }
                }
                struct Theme: Codable { var name: String }
                """,
        ],
        expected: [
            Expected("TripList.swift", "work-in-body", line: 11, fix: nil, mentions: ["`visibleTrips`", "`.sorted`"]),
            Expected("ThemeBadge.swift", "work-in-body", line: 6, fix: nil, mentions: ["`theme`", "`ThemeBadge+Theme.swift`", "JSON"]),
        ])

    /// A static alias of the screen's width used for layout in a view (flagged at the use, naming
    /// the alias's file); a static constant that is not the screen's size (not flagged).
    public static let screenAliases = WorkspaceModelScenario(
        name: "a static alias of UIScreen.main.bounds", rule: "uiscreen-bounds",
        files: [
            "Card.swift": """
                import SwiftUI
                struct Card: View {
                    var body: some View {
                        Image("hero")
                            .frame(width: .screenW - 16)
                            .padding(.horizontal, .gutter)
                    }
                }
                """,
            "CGFloat+Layout.swift": """
                import UIKit
                extension CGFloat {
                    static let screenW = UIScreen.main.bounds.width
                    static let gutter: CGFloat = 16
                }
                """,
        ],
        expected: [
            Expected("Card.swift", "uiscreen-bounds", line: 5, fix: nil, mentions: ["`screenW`", "`CGFloat+Layout.swift`"]),
        ])

    /// A project function wrapping `DispatchQueue.main.asyncAfter`, called from async code
    /// (flagged at the call, naming the wrapper) and from synchronous code (not flagged).
    public static let dispatchWrappers = WorkspaceModelScenario(
        name: "a project wrapper of DispatchQueue.main.asyncAfter", rule: "dispatch-queue",
        files: [
            "Toaster.swift": """
                final class Toaster {
                    var message: String?
                    func show(_ text: String) async {
                        message = text
                        after(2) { self.message = nil }
                    }
                    func flash(_ text: String) {
                        message = text
                        after(1) { self.message = nil }
                    }
                }
                """,
            "Utilities/Delay.swift": """
                import Foundation
                func after(_ seconds: Double, _ work: @escaping () -> Void) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + seconds, execute: work)
                }
                """,
        ],
        expected: [
            Expected("Toaster.swift", "dispatch-queue", line: 5, fix: nil, mentions: ["`after(_:_:)`", "`Delay.swift`", "asyncAfter"]),
        ])

    /// Two features each nest a `StateModel`; only `Player`'s does work in its `init`. Inside
    /// `extension Player` the name means `Player.StateModel` (flagged, naming it and its file);
    /// inside `extension Search` it means `Search.StateModel` (not flagged); at the top level it
    /// is ambiguous (no answer, not flagged).
    public static let nestedTypesWithOneName = WorkspaceModelScenario(
        name: "nested types with one name", rule: "heavy-state-initializer",
        files: [
            "Player/Player+Model.swift": """
                import SwiftUI
                enum Player {}
                extension Player {
                    final class StateModel {
                        init() { Task { await Engine.shared.prepare() } }
                    }
                }
                """,
            "Search/Search+Model.swift": """
                import SwiftUI
                enum Search {}
                extension Search {
                    final class StateModel {
                        var query = ""
                    }
                }
                """,
            "Player/PlayerScreen.swift": """
                import SwiftUI
                extension Player {
                    struct Screen: View {
                        @State private var model = StateModel()
                        var body: some View { Text("player") }
                    }
                }
                """,
            "Search/SearchScreen.swift": """
                import SwiftUI
                extension Search {
                    struct Screen: View {
                        @State private var model = StateModel()
                        var body: some View { Text("search") }
                    }
                }
                """,
            "Root.swift": """
                import SwiftUI
                struct Root: View {
                    @State private var model = StateModel()
                    var body: some View { Text("root") }
                }
                """,
        ],
        expected: [
            Expected("Player/PlayerScreen.swift", "heavy-state-initializer", line: 4, fix: nil,
                     mentions: ["Player.StateModel", "Player+Model.swift"]),
        ])

    /// `Editor`'s actions live in `extension Editor` in another file and use `draft`: `private`
    /// would not compile there and no caller passes `draft`, so it is not flagged (the advice could
    /// not be followed); `title`, used only in the view's own file, keeps its finding and safe fix.
    public static let viewSplitOverExtensionFiles = WorkspaceModelScenario(
        name: "a view split over extension files", rule: "state-not-private",
        files: [
            "Editor/Editor.swift": """
                import SwiftUI
                struct Editor: View {
                    @State var draft = ""
                    @State var title = "Untitled"
                    var body: some View { TextField(title, text: $draft) }
                }
                """,
            "Editor/Editor+Logic.swift": """
                import SwiftUI
                extension Editor {
                    func clear() { draft = "" }
                }
                """,
        ],
        expected: [
            Expected("Editor/Editor.swift", "state-not-private", line: 4, fix: "safe"),
        ])

    /// A view that declares its own `init` has no memberwise initializer: `isPlaying`, which no
    /// `init` takes, cannot be passed in (a hint, not a hazard); `volume`, which the `init` seeds, can.
    /// A caller hands the view an input of its own, which the caller's own caller feeds from its
    /// `@State` (another file): the value changes while the view lives, so the view's copy is a
    /// warning; a view fed only inputs and constants gets the same advice at info.
    public static let stateFedThroughACaller = WorkspaceModelScenario(
        name: "state fed through a caller's input", rule: "state-not-private",
        files: [
            "Badge.swift": """
                import SwiftUI
                struct Badge: View {
                    @State var count = 0
                    var body: some View { Text("\\(count)") }
                }
                """,
            "Inbox.swift": """
                import SwiftUI
                struct Inbox: View {
                    let unread: Int
                    var body: some View { Badge(count: unread) }
                }
                """,
            "Root.swift": """
                import SwiftUI
                struct Root: View {
                    @State private var total = 0
                    var body: some View { Inbox(unread: total) }
                }
                """,
        ],
        expected: [
            Expected("Badge.swift", "state-not-private", line: 3, fix: "unsafe", mentions: ["used only for the view's first appearance"]),
        ])

    public static let viewWithItsOwnInit = WorkspaceModelScenario(
        name: "a view with its own init", rule: "state-not-private",
        files: [
            "PlayerView.swift": """
                import SwiftUI
                struct PlayerView: View {
                    @State var isPlaying = false
                    @State var volume: Double
                    let title: String
                    init(title: String, volume: Double) {
                        self.title = title
                        _volume = State(initialValue: volume)
                    }
                    var body: some View { Text(title) }
                }
                """,
        ],
        expected: [
            Expected("PlayerView.swift", "state-not-private", line: 3, fix: "safe", mentions: ["nothing can pass a value today"]),
            Expected("PlayerView.swift", "state-not-private", line: 4, fix: "safe"),
        ])

    /// The `@main` `App` (its `App` conformance in another file) creates its object once; a view
    /// that creates its `@ObservedObject` is flagged.
    public static let appProperty = WorkspaceModelScenario(
        name: "an App's property", rule: "observed-object-owned",
        files: [
            "PodcastsApp.swift": """
                import SwiftUI
                @main
                struct PodcastsApp {
                    @ObservedObject var player = PlaybackManager()
                }
                """,
            "PodcastsApp+Scene.swift": """
                import SwiftUI
                extension PodcastsApp: App {
                    var body: some Scene { WindowGroup { NowPlaying() } }
                }
                """,
            "NowPlaying.swift": """
                import SwiftUI
                struct NowPlaying: View {
                    @ObservedObject var player = PlaybackManager()
                    var body: some View { Text(player.title) }
                }
                """,
        ],
        expected: [
            Expected("NowPlaying.swift", "observed-object-owned", line: 3, fix: "unsafe"),
        ])

    /// What `body` reaches: `Ticket`'s body (in `Ticket.swift`) reads `priceText`, which reads
    /// `priceFormatter` from `Ticket+Formatting.swift` (flagged at the read: built per render); the same file's
    /// `dateFormatter` is read only in a button's action and `exportFormatter` by nothing (not
    /// flagged: nothing renders them).
    public static let formatterProperties = WorkspaceModelScenario(
        name: "formatter properties body does or does not reach", rule: "formatter-in-body",
        files: [
            "Ticket.swift": """
                import SwiftUI
                struct Ticket: View {
                    let price: Double
                    let date: Date
                    var priceText: String { priceFormatter.string(for: price) ?? "" }
                    var body: some View {
                        Button(priceText) { print(dateFormatter.string(from: date)) }
                    }
                }
                """,
            "Ticket+Formatting.swift": """
                import SwiftUI
                extension Ticket {
                    var priceFormatter: NumberFormatter {
                        let formatter = NumberFormatter()
                        formatter.numberStyle = .currency
                        return formatter
                    }
                    var dateFormatter: DateFormatter {
                        let formatter = DateFormatter()
                        return formatter
                    }
                    var exportFormatter: ISO8601DateFormatter {
                        let formatter = ISO8601DateFormatter()
                        return formatter
                    }
                }
                """,
        ],
        expected: [
            Expected("Ticket.swift", "formatter-in-body", line: 7, fix: nil, mentions: ["`priceText`", "`priceFormatter`", "`Ticket+Formatting.swift`", "NumberFormatter"]),
        ])

    /// What a hosted view tree holds: both registrations build their root from the cell's item
    /// without `.id`; `PostRow`'s tree (with `PostMeta`) holds no state, so nothing can carry over
    /// (not flagged); `CommentRow` builds `LikeButton`, declared in another file with `@State`
    /// (flagged).
    public static let hostedCells = WorkspaceModelScenario(
        name: "hosted cells with and without state", rule: "hosting-configuration-id",
        files: [
            "Feed/FeedController.swift": """
                import UIKit
                import SwiftUI
                final class FeedController {
                    let posts = UICollectionView.CellRegistration<UICollectionViewCell, Post> { cell, indexPath, post in
                        cell.contentConfiguration = UIHostingConfiguration { PostRow(post: post) }
                    }
                    let comments = UICollectionView.CellRegistration<UICollectionViewCell, Comment> { cell, indexPath, comment in
                        cell.contentConfiguration = UIHostingConfiguration { CommentRow(comment: comment) }
                    }
                }
                """,
            "Feed/Rows.swift": """
                import SwiftUI
                struct PostRow: View {
                    let post: Post
                    var body: some View { VStack { Text(post.title); PostMeta(post: post) } }
                }
                struct PostMeta: View {
                    let post: Post
                    var body: some View { Text(post.author) }
                }
                struct CommentRow: View {
                    let comment: Comment
                    var body: some View { HStack { Text(comment.text); LikeButton() } }
                }
                """,
            "Shared/LikeButton.swift": """
                import SwiftUI
                struct LikeButton: View {
                    @State private var liked = false
                    var body: some View { Button("Like") { liked.toggle() } }
                }
                """,
        ],
        expected: [
            Expected("Feed/FeedController.swift", "hosting-configuration-id", line: 8, fix: nil),
        ])

    /// What the system draws as a menu: `RowMenu` is built only inside `.contextMenu { … }` in
    /// another file, and `Row`'s `menu` member only inside its own `.contextMenu`, so neither
    /// symbol can morph (not flagged); `Toolbar` builds the same kind of image in its bar, where
    /// it can (flagged, with the safe fix).
    public static let menuContentViews = WorkspaceModelScenario(
        name: "views drawn as menus", rule: "symbol-variant-by-name",
        files: [
            "Views/Row.swift": """
                import SwiftUI
                struct Row: View {
                    @State private var isPinned = false
                    var body: some View {
                        Text("Row")
                            .contextMenu { RowMenu() }
                            .contextMenu { menu }
                    }
                    private var menu: some View {
                        Button { isPinned.toggle() } label: {
                            Label("Pin", systemImage: isPinned ? "pin.fill" : "pin")
                        }
                    }
                }
                """,
            "Views/RowMenu.swift": """
                import SwiftUI
                struct RowMenu: View {
                    @Environment(Store.self) private var store
                    var body: some View {
                        Label("Bookmark", systemImage: store.isBookmarked ? "bookmark.fill" : "bookmark")
                    }
                }
                """,
            "Views/Toolbar.swift": """
                import SwiftUI
                struct Toolbar: View {
                    @Environment(Store.self) private var store
                    var body: some View {
                        Image(systemName: store.isBookmarked ? "bookmark.fill" : "bookmark")
                    }
                }
                """,
            "Model/Store.swift": """
                import Observation
                @Observable final class Store { var isBookmarked = false }
                """,
        ],
        expected: [
            Expected("Views/Toolbar.swift", "symbol-variant-by-name", line: 5, fix: "safe"),
        ])
}
