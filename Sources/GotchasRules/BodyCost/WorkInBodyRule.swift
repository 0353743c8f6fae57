import GotchasCore
import SwiftSyntax

/// `body` runs on every invalidation of the view. Sorting, filtering, reducing,
/// decoding, reading files or compiling regexes there repeats the work every time.
struct WorkInBodyRule: Rule {
    static let description = RuleDescription(
        id: "work-in-body",
        category: .bodyCost,
        severity: .warning,
        seed: "001, 003 r13, 004 §4",
        summary: "Sorting, filtering, store fetches, decoding, file reads, disk checks or text measurement in `body` (or one read away, or in a view's stored property); precompute them outside the render path.",
        rationale: """
            SwiftUI evaluates `body` (and `@ViewBuilder` properties and content closures) whenever an input \
            changes, often many times a second while scrolling or animating. Sorting, filtering, decoding, \
            `Data(contentsOf:)` or `try Regex(…)` there redo O(n) or I/O work on every render, and \
            `ForEach(items.filter { … })` also rebuilds the row identities. Compute the result when its \
            inputs change (in the model, or a stored property updated in `didSet`), or cache it.
            """,
        notFlagged: [
            "action closures, ordinary functions, a method passed as an action (`Button(action: save)`)",
            "a constant handful (`Kind.allCases`, literals, small ranges)",
            "a search filter on the view's own `@State` query",
            "a view's or model's array filtered or sorted once, outside a list's rows",
            "menu content",
            "`UIImage(named:)`: the system caches it",
            "stored properties of a scene's root view, created once",
            "widget views: WidgetKit renders each timeline entry once",
        ],
        severityReason: "warning where the work runs per row or per tick, or in a view a schedule re-renders (a `TimelineView`, `.onReceive` of a timer), and for store fetches (`modelContext.fetch`, `viewContext.fetch`) and sorts of a persistent model's relationship anywhere in the render path, also through members in other files. Per row, light work (a filter, a sort, a small value kept in `UserDefaults` decoded, a check of one path such as `fileExists`) is a warning only where a schedule re-renders the rows. Info once per render of one view (a decode, a file read, a regex, a filter or sort, directly or one call away): the code shows neither the data's size nor how often the view renders; info too in a view that holds no changing state and is only pushed or presented. A filter or sort of a view's own small array stays quiet.",
        asks: [.declaration, .menuContentOnly, .reachedHazard, .builtByNoParentView, .builtOnlyByPreviews, .referringTypes, .builtOnlyWhenShown],
        useInstead: "precomputed in the model",
        triggering: [
            RuleExample("""
                struct CityPicker: View {
                    @State private var query = ""
                    let cities: [String]
                    var body: some View {
                        List(↓filtered, id: \\.self) { city in
                            Text(city).bold(city == ↓filtered.first)
                        }
                        .searchable(text: $query)
                    }
                    var filtered: [String] { cities.filter { $0.contains(query) } }
                }
                """, note: "a search filter over the list a caller passes, read again in every row: a searched list is long"),
            RuleExample("""
                struct WalletScreen: View {
                    let store: Store
                    var body: some View { WalletContent(store: store) }
                }
                struct WalletContent: View {
                    @State private var cards: [Card]
                    init(store: Store) {
                        _cards = State(initialValue: ↓Self.snapshot(store: store))
                    }
                    var body: some View { List(cards) { Text($0.name) } }
                    static func snapshot(store: Store) -> [Card] {
                        store.tokens.compactMap { try? JSONDecoder().decode(Card.self, from: $0.data) }
                    }
                }
                """, note: "a view's own `init` runs each time its parent's `body` creates it"),
            RuleExample("""
                struct ConsoleGames: View {
                    @ObservedResults(Game.self) var games
                    var body: some View {
                        LazyVGrid(columns: columns) {
                            ForEach(games↓.filter { !$0.isInvalidated }, id: \\.self) { GameCell(game: $0) }
                        }
                    }
                }
                """, note: "Realm's live results, copied and filtered on every render: a predicate on the query does it once"),
            RuleExample("""
                struct Library: View {
                    @Query var books: [Book]
                    var body: some View { shelf() }
                }
                extension Library {
                    @ViewBuilder func shelf() -> some View {
                        if books↓.filter({ $0.isUnread }).isEmpty { Text("All read") }
                    }
                }
                """, note: "the query's property read in an extension of the view"),
            RuleExample("""
                struct ToolRow: View {
                    let arguments: String
                    @State private var isHovered = false
                    var body: some View {
                        Text(String(describing: try? ↓JSONSerialization.jsonObject(with: Data(arguments.utf8))))
                            .onHover { isHovered = $0 }
                    }
                }
                """, note: "info: Foundation's JSON parser over the whole document, once per render"),
            RuleExample("""
                struct ContextChip: View {
                    let model: String
                    @State private var text = ""
                    private var maxTokens: Int? { ModelInfo.load(modelId: model)?.contextLength }
                    var body: some View {
                        TextField("Ask", text: $text)
                        if let tokens = ↓maxTokens { Text("\\(tokens)") }
                    }
                }
                """, note: "info: one overload of a project type's static method calls another that reads and parses a file", otherFiles: [
                    "ModelInfo.swift": """
                        struct ModelInfo {
                            var contextLength: Int?
                            static func load(modelId: String) -> ModelInfo? { load(from: URL(fileURLWithPath: modelId), modelId: modelId) }
                            static func load(from directory: URL, modelId: String) -> ModelInfo? {
                                guard let data = try? Data(contentsOf: directory.appendingPathComponent("config.json")),
                                      let config = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
                                return ModelInfo(contextLength: config["context_length"] as? Int)
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct HistoryView: View {
                    @State private var encounters: [Encounter] = []
                    var body: some View {
                        List {
                            let live = encounters↓.filter { $0.modelContext != nil }
                            ForEach(live) { Text($0.name) }
                        }
                    }
                }
                """, note: "info: the view keeps the store's rows (a SwiftData `@Model` class) and filters them all on every render",
                otherFiles: ["Encounter.swift": "@Model final class Encounter { var name: String = \"\" }"]),
            RuleExample("""
                struct PayersList: View {
                    let expense: Expense
                    var body: some View {
                        ForEach(expense.payers, id: \\.self) { payer in
                            let paid = expense.paidBy[payer] ?? 0
                            Text("\\(payer) paid \\(↓paid.formattedCurrency(expense.currencyCode))")
                        }
                    }
                }
                """, note: "an extension's method of several words, on a local whose type the file does not show", otherFiles: [
                    "Currency.swift": """
                        struct Expense { var payers: [String]; var paidBy: [String: Double]; var currencyCode: String }
                        struct Currency: Codable {
                            var code: String
                            static func all() -> [Currency] {
                                guard let url = Bundle.main.url(forResource: "Currencies", withExtension: "json"),
                                      let data = try? Data(contentsOf: url) else { return [] }
                                return (try? JSONDecoder().decode([Currency].self, from: data)) ?? []
                            }
                        }
                        extension Double {
                            func formattedCurrency(_ code: String) -> String {
                                let symbol = Currency.all().first { $0.code == code }?.code ?? code
                                return symbol + String(self)
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct ExpenseInfo: View {
                    @ObservedObject var model: ExpenseModel
                    var expense: Expense? { model.expense }
                    var body: some View { Text("Paid \\(↓expense?.formattedAmount ?? "nothing")") }
                }
                """, note: "a member of an optional property whose declared type the workspace has", otherFiles: [
                    "Expense.swift": """
                        final class ExpenseModel: ObservableObject { @Published var expense: Expense? }
                        struct Expense {
                            var amount: Double
                            var currencyCode: String
                            var formattedAmount: String {
                                guard let url = Bundle.main.url(forResource: "Currencies", withExtension: "json"),
                                      let data = try? Data(contentsOf: url),
                                      let names = try? JSONDecoder().decode([String: String].self, from: data) else { return "" }
                                return (names[currencyCode] ?? currencyCode) + String(amount)
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct PlaylistRow: View {
                    let playlist: Playlist
                    var body: some View {
                        Text(↓playlist.summary.withAttributedLinks()).lineLimit(3)
                    }
                }
                """, note: "a `String` extension in another file that builds an `NSDataDetector` on every call", otherFiles: [
                    "Helpers.swift": """
                        extension String {
                            func withAttributedLinks() -> AttributedString {
                                let detector = try? NSDataDetector(types: NSTextCheckingResult.CheckingType.link.rawValue)
                                _ = detector
                                return AttributedString(self)
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct ContainerSettings: View {
                    @State private var selected: URL?
                    var body: some View {
                        if let selected, let container = try? ↓Wine.containerObject(at: selected) {
                            Text(container.name)
                        }
                    }
                }
                """, note: "a `try?` in `body` is a value: the helper decodes a property list from disk on every render", otherFiles: [
                    "Wine.swift": """
                        enum Wine {
                            static func containerObject(at url: URL) throws -> Container {
                                let decoder = PropertyListDecoder()
                                return try decoder.decode(Container.self, from: Data(contentsOf: url))
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct ContainerForm: View {
                    @State private var folder: URL
                    var body: some View {
                        Button("Create") { create() }
                            .disabled(!↓FileLocations.isWritableFolder(url: folder))
                    }
                }
                """, note: "a helper in another file that writes and deletes a probe file on every call", otherFiles: [
                    "FileLocations.swift": """
                        enum FileLocations {
                            static func isWritableFolder(url: URL) -> Bool {
                                let probe = url.appendingPathComponent("probe.tmp")
                                do {
                                    try String().write(to: probe, atomically: true, encoding: .utf8)
                                    try FileManager.default.removeItem(at: probe)
                                    return true
                                } catch {
                                    return false
                                }
                            }
                        }
                        """,
                ]),
            """
            struct ItemList: View {
                @Query var items: [Item]
                var body: some View {
                    List(items↓.sorted(by: { $0.timestamp > $1.timestamp })) { item in
                        Text(item.title)
                    }
                }
            }
            """,
            """
            var body: some View {
                VStack {
                    ForEach(model.items
                        ↓.filter { $0.isVisible }) { item in
                        Row(item: item)
                    }
                }
            }
            """,
            """
            struct Trips: View {
                @Query var trips: [Trip]
                var body: some View {
                    Text("Total: \\(trips↓.reduce(0) { $0 + $1.distance })")
                }
            }
            """,
            """
            extension Detail {
                @ViewBuilder var content: some View {
                    let config = try? ↓JSONDecoder().decode(Config.self, from: ↓Data(contentsOf: url))
                    if let regex = try? ↓Regex("[a-z]+") {
                        Text(config?.name ?? "")
                    }
                }
            }
            """,
            RuleExample("""
                struct TripList: View {
                    @Query var trips: [Trip]
                    var visibleTrips: [Trip] {
                        trips.filter { !$0.isArchived }.sorted { $0.start > $1.start }
                    }
                    var body: some View {
                        List { ForEach(↓visibleTrips) { trip in Text(trip.name) } }
                    }
                }
                """, note: "a computed property that filters and sorts the database's results, iterated by `ForEach`"),
            RuleExample("""
                struct WeekView: View {
                    @Query(sort: \\Lecture.start) var allLectures: [Lecture]
                    @State private var referenceDate = Date()
                    var weekStart: Date { Calendar.current.startOfDay(for: referenceDate) }
                    var lectures: [Lecture] {
                        allLectures.filter { $0.start >= weekStart }
                    }
                    var body: some View {
                        WeekGrid(lectures: ↓lectures)
                    }
                }
                """, note: "a computed property filtering the whole query's results, handed to a child on every render"),
            RuleExample("""
                struct ThemeBadge: View {
                    @AppStorage("theme") private var themeData = Data()
                    var body: some View {
                        Text(↓theme.name)
                    }
                }
                """, note: "the computed property (in another file) decodes JSON on every read", otherFiles: [
                    "ThemeBadge+Theme.swift": """
                        extension ThemeBadge {
                            var theme: Theme { (try? JSONDecoder().decode(Theme.self, from: themeData)) ?? .standard }
                        }
                        """,
                ]),
            RuleExample("""
                struct JournalRow: View {
                    @Environment(\\.modelContext) private var modelContext
                    let entry: JournalEntry
                    var product: Product? {
                        let id = entry.productID
                        return (try? modelContext.fetch(FetchDescriptor<Product>(predicate: #Predicate { $0.id == id })))?.first
                    }
                    var body: some View {
                        Text(↓product?.name ?? "")
                    }
                }
                """, note: "a computed property that fetches from the store, read on every render of every row"),
            RuleExample("""
                struct Conversation: View {
                    let thread: Thread
                    var body: some View {
                        List { ForEach(↓thread.sortedMessages) { Text($0.content) } }
                    }
                }
                """, note: "the `@Model` (in another file) sorts its relationship on every read: every related object loads from the store", otherFiles: [
                    "Thread.swift": """
                        @Model final class Thread {
                            @Relationship var messages: [Message] = []
                            var sortedMessages: [Message] { messages.sorted { $0.timestamp < $1.timestamp } }
                            init() {}
                        }
                        """,
                ]),
            RuleExample("""
                struct PluginsView: View {
                    @State private var allPlugins: [Plugin] = []
                    @State private var searchText = ""
                    private var filteredPlugins: [Plugin] {
                        var list = allPlugins
                        if !searchText.isEmpty { list = list.filter { $0.name.localizedCaseInsensitiveContains(searchText) } }
                        return list.sorted { $0.name < $1.name }
                    }
                    var body: some View {
                        Text("\\(↓filteredPlugins.count) plugins")
                    }
                }
                """, note: "a computed property that filters and then sorts the view's data, read for a count on every render"),
            RuleExample("""
                struct PackageList: View {
                    @EnvironmentObject var brew: BrewModel
                    var body: some View {
                        if ↓brew.visiblePackages.isEmpty { Text("No packages") }
                    }
                }
                """, note: "an observed model's computed property (in another file) filters and then sorts its catalog on every read", otherFiles: [
                    "BrewModel.swift": """
                        final class BrewModel: ObservableObject {
                            @Published var formulae: [Package] = []
                            @Published var casks: [Package] = []
                            @Published var query = ""
                            var visiblePackages: [Package] {
                                let all = formulae + casks
                                return all.filter { $0.name.contains(query) }.sorted { $0.name < $1.name }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct GrantsCard: View {
                    let profileID: UUID
                    var body: some View {
                        TimelineView(.periodic(from: .now, by: 1)) { _ in
                            Text("\\(↓GrantStore.activeGrants(for: profileID).count) active")
                        }
                    }
                }
                """, note: "a static method (in another file) that decodes the shared settings through another member, once per tick", otherFiles: [
                    "GrantStore.swift": """
                        enum GrantStore {
                            static func activeGrants(for id: UUID) -> [Grant] { (currentSession()?.grants ?? []).filter { $0.profileID == id } }
                            static func currentSession() -> Session? {
                                UserDefaults.standard.data(forKey: "session").flatMap { try? JSONDecoder().decode(Session.self, from: $0) }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct CaskRow: View {
                    let cask: Cask
                    var isInstalled: Bool { FileManager.default.fileExists(atPath: cask.appPath) }
                    var icon: UIImage? { UIImage(data: cask.iconData) }
                    var labelWidth: CGFloat { (cask.name as NSString).size(withAttributes: [.font: UIFont.preferredFont(forTextStyle: .body)]).width }
                    var body: some View {
                        HStack {
                            if let image = ↓icon { Image(uiImage: image) }
                            Text(cask.name).frame(width: ↓labelWidth)
                            if ↓isInstalled { Image(systemName: "checkmark") }
                        }
                    }
                }
                """, note: "a row's computed properties decode an image, measure text and check the disk on every render"),
            RuleExample("""
                struct PastedImages: View {
                    let images: [PastedImage]
                    var body: some View {
                        ForEach(images) { preview(for: $0) }
                    }
                    private func preview(for pasted: PastedImage) -> some View {
                        Image(uiImage: ↓pasted.uiImage ?? UIImage())
                    }
                }
                """, note: "a helper's parameter whose computed property (in another file) decodes the image's bytes on every read", otherFiles: [
                    "PastedImage.swift": """
                        struct PastedImage: Identifiable {
                            let id: String
                            let data: Data
                            var uiImage: UIImage? { UIImage(data: data) }
                        }
                        """,
                ]),
            RuleExample("""
                struct PhotoStrip: View {
                    @FetchRequest(sortDescriptors: []) private var photos: FetchedResults<PhotoFile>
                    var body: some View {
                        ScrollView(.horizontal) {
                            LazyHStack {
                                ForEach(photos) { photo in
                                    if let image = ↓photo.previewImage { Image(uiImage: image) }
                                }
                            }
                        }
                    }
                }
                """, note: "each row's computed property (in another file) reads and decodes the image file on every render", otherFiles: [
                    "PhotoFile.swift": """
                        final class PhotoFile: NSManagedObject, Identifiable {
                            @NSManaged var imageURL: URL?
                            var previewImage: UIImage? {
                                guard let url = imageURL, let data = try? Data(contentsOf: url) else { return nil }
                                return UIImage(data: data)
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct InstalledAppList: View {
                    let apps: [InstalledApp]
                    var body: some View {
                        List(apps) { app in
                            if let icon = ↓UIImage(contentsOfFile: app.iconPath) { Image(uiImage: icon) }
                            Text(app.name)
                        }
                    }
                }
                """, note: "an icon read from disk and decoded in every row on every render"),
            RuleExample("""
                struct BlocklistView: View {
                    private let banner = ↓UIImage(contentsOfFile: "/Library/Blocklist/banner.png")
                    @State private var contents = ↓Blocklist.readFile(path: "/var/db/blocklist.plist") ?? ""
                    var body: some View { Text(contents) }
                }
                """, note: "stored properties' initial values (a helper in another file reads a file) run each time the parent re-creates the view", otherFiles: [
                    "Blocklist.swift": """
                        enum Blocklist {
                            static func readFile(path: String) -> String? { try? String(contentsOfFile: path) }
                        }
                        """,
                    "SettingsView.swift": """
                        struct SettingsView: View {
                            var body: some View { NavigationLink("Blocklist") { BlocklistView() } }
                        }
                        """,
                ]),
            RuleExample("""
                struct TraceLog: View {
                    @Query private var routes: [TraceRoute]
                    @Query private var nodes: [MeshNode]
                    private var nodeNames: [Int64: String] {
                        Dictionary(nodes.map { ($0.num, $0.name) }, uniquingKeysWith: { first, _ in first })
                    }
                    private func name(for num: Int64) -> String { nodeNames[num] ?? String(num) }
                    var body: some View {
                        List(routes) { route in
                            Text(↓name(for: route.from) + " → " + name(for: route.to))
                        }
                    }
                }
                """, note: "each row builds a lookup table over every stored node, twice: rows × nodes on every render"),
            RuleExample("""
                struct MemoList: View {
                    @Environment(MemoStore.self) private var store
                    @State private var query = ""
                    var body: some View {
                        let memos = ↓visibleMemos(store.memos, matching: query)
                        List(memos) { MemoRow(memo: $0) }
                    }
                }
                """, note: "a method (in another file) filters the store's whole list it is given, called for a list's rows on every render", otherFiles: [
                    "MemoList+Filter.swift": """
                        extension MemoList {
                            func visibleMemos(_ memos: [Memo], matching query: String) -> [Memo] {
                                let pinned = memos.filter { $0.isPinned }
                                let others = memos.filter { !$0.isPinned }
                                return (pinned + others).filter { query.isEmpty || $0.text.contains(query) }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct HistoryStats: View {
                    @StateObject private var history = HistoryModel()
                    var body: some View {
                        let items = ↓history.records
                        let wins = items↓.filter { $0.isWin }
                        Text("\\(wins.count) of \\(items.count)")
                    }
                }
                """, note: "the model's computed property calls a shared manager (in another file) that fetches from the store; the body filters the result again", otherFiles: [
                    "HistoryModel.swift": """
                        final class HistoryModel: ObservableObject {
                            let manager = RecordManager.shared
                            @Published var uid = ""
                            var records: [Record] { manager.fetchAll(uid: uid) }
                        }
                        """,
                    "RecordManager.swift": """
                        final class RecordManager {
                            static let shared = RecordManager()
                            let container: NSPersistentContainer
                            func fetchAll(uid: String) -> [Record] { fetchObjects(uid: uid).map { $0.record } }
                            func fetchObjects(uid: String) -> [RecordMO] {
                                let request = RecordMO.fetchRequest()
                                request.predicate = NSPredicate(format: "uid = %@", uid)
                                return (try? container.viewContext.fetch(request)) ?? []
                            }
                            init() { container = NSPersistentContainer(name: "Records") }
                        }
                        """,
                ]),
            RuleExample("""
                struct ScoreSummary: View {
                    @StateObject private var model = ScoreModel()
                    var body: some View {
                        let wins = model.games↓.filter { $0.isWin }
                        Text("\\(wins.map(\\.points).reduce(0, +)) points in \\(wins.count) wins")
                    }
                }
                """, note: "a pipeline over the observed model's data: filtered, then mapped and summed, on every render (info)"),
            RuleExample("""
                struct UnreadList: View {
                    @ObservedObject var library: Library
                    var body: some View {
                        List {
                            ForEach(library.shelves.flatMap { $0.books }↓.filter { !$0.isRead }) { book in Text(book.title) }
                        }
                    }
                }
                """, note: "every shelf's books flattened, then filtered, as the rows' data on every render (info)"),
            RuleExample("""
                struct KeyboardSettings: View {
                    var sourceNames: [String] { InputSource.sources.map(\\.name) }
                    var body: some View {
                        Text("\\(↓sourceNames.count) keyboards")
                    }
                }
                """, note: "a static property (in another file) asks the system for every input source and filters them, on every read", otherFiles: [
                    "InputSource.swift": """
                        import Carbon
                        struct InputSource {
                            let name: String
                            static var sources: [InputSource] {
                                let list = TISCreateInputSourceList(nil, false).takeRetainedValue() as! [TISInputSource]
                                return list.filter { $0.isSelectable }.map { InputSource(name: $0.name) }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct LibraryList: View {
                    @FetchRequest(sortDescriptors: []) private var apps: FetchedResults<StoredApp>
                    @State private var searchText = ""
                    private func matching<T: NSManagedObject>(_ results: FetchedResults<T>) -> [T] {
                        results.filter { searchText.isEmpty || ($0.value(forKey: "name") as? String)?.contains(searchText) == true }
                    }
                    private var filteredApps: [StoredApp] { matching(apps) }
                    var body: some View {
                        List {
                            if !filteredApps.isEmpty {
                                Section("\\(filteredApps.count) apps") { ForEach(↓filteredApps) { Text($0.name ?? "") } }
                            }
                        }
                        .searchable(text: $searchText)
                    }
                }
                """, note: "a search filter over the database's results, read three times per render"),
            """
            struct TagRow: View {
                let tag: String
                var body: some View {
                    let pattern = try? ↓Regex("^#[a-z]+$").ignoresCase()
                    Text(tag).bold(tag.contains(pattern!))
                }
            }
            """,
            """
            var body: some View {
                let visible = items↓.filter { $0.isVisible }
                List(visible) { item in Row(item: item) }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct WeekView: View {
                    let allLectures: [Lecture]
                    @State private var referenceDate = Date()
                    var weekStart: Date { Calendar.current.startOfDay(for: referenceDate) }
                    var lectures: [Lecture] {
                        allLectures.filter { $0.start >= weekStart }
                    }
                    var body: some View {
                        WeekGrid(lectures: lectures)
                    }
                }
                """, note: "one filter over an input the caller passes, read once: its size is not shown"),
            RuleExample("""
                struct MenuItem: View {
                    let icon: Icon
                    var body: some View { icon.image.resizable().scaledToFit().frame(width: 24, height: 24) }
                }
                """, note: "SwiftUI's `scaledToFit()` on a view, not the project's `UIImage.scaledToFit(_:)` of the same name", otherFiles: [
                    "UIImage+Scaling.swift": """
                        extension UIImage {
                            func scaledToFit(_ maxDimension: CGFloat) -> UIImage {
                                _ = ("M" as NSString).boundingRect(with: CGSize(width: maxDimension, height: 80), options: .usesLineFragmentOrigin, attributes: nil, context: nil)
                                return self
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct TagsView: View {
                    @State private var tags: [Tag] = []
                    var body: some View {
                        List {
                            let shown = tags.filter { !$0.isHidden }
                            ForEach(shown) { Text($0.name) }
                        }
                    }
                }
                """, note: "the view's own array of plain values: its size is not shown (a handful, usually)",
                otherFiles: ["Tag.swift": "struct Tag: Identifiable { let id: UUID; var name: String; var isHidden: Bool }"]),
            RuleExample("""
                struct ThemedDivider: View {
                    let theme: String
                    var body: some View { Color(nsColor: ThemeParser.backgroundColor(named: theme)) }
                }
                """, note: "the helper reads the file only when its cache misses: once per theme, not on every render", otherFiles: [
                    "ThemeParser.swift": """
                        enum ThemeParser {
                            private static var cache: [String: NSColor] = [:]
                            static func backgroundColor(named name: String) -> NSColor {
                                if let cached = cache[name] { return cached }
                                let color = NSColor(named: (try? String(contentsOfFile: name)) ?? "") ?? .black
                                cache[name] = color
                                return color
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct BurstPage: View {
                    @ObservedObject var model: GalleryModel
                    let index: Int
                    var body: some View { Image(data: model.imageData(of: index)) }
                }
                """, note: "the read happens in the `else` of the cache lookup, which stores what it read: once per image", otherFiles: [
                    "GalleryModel.swift": """
                        final class GalleryModel: ObservableObject {
                            let urls: [URL]
                            private var cache: [URL: Data] = [:]
                            func imageData(of index: Int) -> Data {
                                let url = urls[index]
                                if let imageData = cache[url] {
                                    return imageData
                                } else {
                                    let data = try? Data(contentsOf: url)
                                    cache[url] = data
                                    return data ?? .init()
                                }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct TotalRow: View {
                    let amounts: [Double]
                    var body: some View {
                        let total = amounts.reduce(0, +)
                        Text(total.display)
                    }
                }
                """, note: "a one-word member on a local is as likely the system type's own: not asked by name", otherFiles: [
                    "Double+Display.swift": """
                        extension Double {
                            var display: String {
                                guard let url = Bundle.main.url(forResource: "Currencies", withExtension: "json"),
                                      let data = try? Data(contentsOf: url) else { return "" }
                                return String(data.count) + String(self)
                            }
                        }
                        """,
                ]),
            RuleExample("""
                enum Tab: CaseIterable { case devices, data, settings, user
                    static var visible: [Tab] { allCases.filter { $0 != .settings }.filter { $0 != .user } }
                }
                struct Root: View {
                    var body: some View { ForEach(Tab.visible, id: \\.self) { Text("\\($0)") } }
                }
                """, note: "a filter over an enum's own cases: a fixed handful, not the app's data"),
            RuleExample("""
                struct Home: View {
                    let data: Data
                    var activeFile: Binding<Int?> { Binding(get: currentFile, set: open) }
                    func currentFile() -> Int? { nil }
                    func open(_ file: Int?) { _ = try? JSONDecoder().decode([Int].self, from: data) }
                    struct Triggers { var onRecover: () -> Void }
                    var triggers: Triggers { Triggers { recover() } }
                    func recover() { _ = try? JSONDecoder().decode([Int].self, from: data) }
                    var body: some View { Editor(file: activeFile, triggers: triggers) }
                }
                """, note: "a method passed by name to a `Binding`'s setter, and a closure a nested non-view type stores: they run when called, not when the property is read"),
            RuleExample("""
                struct Dropdown: View {
                    @Binding var selection: String
                    var selectedItems: Set<String> { Set(selection.split(separator: ",").map(String.init)) }
                    var body: some View { Text("\\(selectedItems.count)") }
                }
                """, note: "the standard library's `split(separator:)`, not the project's `split(usingRegex:)` of the same base name", otherFiles: [
                    "String+Split.swift": """
                        extension String {
                            func split(usingRegex pattern: String) -> [String] {
                                let regex = try! NSRegularExpression(pattern: pattern)
                                return regex.matches(in: self, range: NSRange(startIndex..., in: self)).map { String(self[Range($0.range, in: self)!]) }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct Onboarding: View {
                    @ObservedObject var coordinator: Coordinator
                    let modelReady: Bool
                    var body: some View {
                        NextButton(enabled: coordinator.canContinue(modelReady: modelReady))
                    }
                }
                final class Coordinator: ObservableObject {
                    var modelReady: Bool { FileManager.default.fileExists(atPath: "/models/base.bin") }
                    func canContinue(modelReady: Bool) -> Bool { modelReady }
                }
                """, note: "the method reads its parameter, not the costly property of the same name"),
            RuleExample("""
                struct TagList: View {
                    let tags: [Tag]
                    var body: some View {
                        let shown = visibleTags(tags)
                        List(shown) { Text($0.name) }
                    }
                    func visibleTags(_ tags: [Tag]) -> [Tag] { tags.filter { !$0.isHidden } }
                }
                """, note: "a method filtering what it is given, passed the view's own input: its size is not known to matter"),
            RuleExample("""
                struct Weekdays: View {
                    let names = ["Mon", "Tue", "Wed"]
                    var shortNames: [String] { names.map { String($0.prefix(1)) } }
                    var visible: [String] { ["a", "b", "c"].filter { !$0.isEmpty } }
                    var body: some View { ForEach(visible, id: \\.self) { Text($0) } }
                }
                """, note: "a cheap computed property over a handful of literals"),
            RuleExample("""
                struct PluginCount: View {
                    @EnvironmentObject var store: PluginStore
                    var body: some View { Text("\\(store.enabledPlugins.count) enabled") }
                }
                """, note: "a model's lone filter read for a count: its size is not known to matter", otherFiles: [
                    "PluginStore.swift": """
                        final class PluginStore: ObservableObject {
                            @Published var plugins: [Plugin] = []
                            var enabledPlugins: [Plugin] { plugins.filter(\\.isEnabled) }
                        }
                        """,
                ]),
            RuleExample("""
                struct TagCloud: View {
                    var sortedTags: [String] {
                        let base = ["swift", "ui", "ios"]
                        return base.filter { !$0.isEmpty }.sorted()
                    }
                    var body: some View { Text(sortedTags.joined(separator: ", ")) }
                }
                """, note: "a filter and sort of a literal handful"),
            RuleExample("""
                struct AvatarEditor: View {
                    let imageData: Data
                    var decoded: UIImage? { UIImage(data: imageData) }
                    var body: some View { Button("Save") { save(decoded) } }
                }
                """, note: "the decoding property is read only in an action closure"),
            RuleExample("""
                struct PluginRow: View {
                    let path: String
                    var body: some View {
                        PluginCard(name: path) { refreshPlugins() }
                    }
                    func refreshPlugins() { print(FileManager.default.fileExists(atPath: path)) }
                }
                """, note: "a call standing alone in a custom view's callback runs on its event"),
            RuleExample("""
                struct ProductCount: View {
                    @Environment(\\.modelContext) private var modelContext
                    var count: Int { (try? modelContext.fetchCount(FetchDescriptor<Product>())) ?? 0 }
                    var body: some View {
                        Button("Refresh") { print(products.count) }
                    }
                    var products: [Product] { (try? modelContext.fetch(FetchDescriptor<Product>())) ?? [] }
                }
                """, note: "the fetching property is read only in an action closure"),
            RuleExample("""
                struct ImportForm: View {
                    @AppStorage("config") private var configData = Data()
                    var body: some View { Button("Import", action: importConfig) }
                    func importConfig() { print(try? JSONDecoder().decode(Config.self, from: configData)) }
                }
                """, note: "a method passed uncalled as an action runs on the event"),
            RuleExample("""
                struct ImportButton: View {
                    @AppStorage("config") private var configData = Data()
                    var config: Config? { try? JSONDecoder().decode(Config.self, from: configData) }
                    var body: some View { Button("Import") { apply(config) } }
                }
                """, note: "the decoding property is read only in an action closure"),
            RuleExample("""
                struct SidebarSettings: View {
                    @State private var order: [SidebarItem] = SidebarItem.defaultOrder
                    var body: some View {
                        ForEach(order.filter { $0.isAvailable }) { item in Text(item.title) }
                    }
                }
                """, note: "a view's own handful of items: cheap to filter on every render"),
            RuleExample("var body: some View { Text(\"Total: \\(prices.reduce(0, +))\") }",
                        note: "a view's own array summed for a label: its size is not known to be more than a handful"),
            RuleExample("""
                Menu("Open With") {
                    ForEach(apps.sorted { $0.name < $1.name }) { app in Button(app.name) { open(app) } }
                }
                """, note: "menu content: a handful of entries, built when the menu opens"),
            RuleExample("""
                var snapshotView: AnyView {
                    let vocab = try! JSONDecoder().decode(Vocab.self, from: data)
                    return AnyView(GameView(words: vocab.words.sorted()))
                }
                """, note: "a global computed `AnyView` is a factory, not a body"),
            RuleExample("""
                var body: some View {
                    Button("Sort") { items = items.sorted() }
                        .onTapGesture { visible = all.filter { $0.isOn } }
                        .task { config = try? JSONDecoder().decode(Config.self, from: data) }
                }
                """, note: "action closures do not run per render"),
            RuleExample("""
                func load() {
                    sorted = items.sorted()
                    data = try Data(contentsOf: url)
                }
                """, note: "an ordinary function"),
            RuleExample("""
                final class Model {
                    var items: [Item] = [] { didSet { sortedItems = items.sorted() } }
                    var sortedItems: [Item] = []
                }
                """, note: "precomputed in the model"),
            RuleExample("var body: some View { List(viewModel.sortedItems) { Text($0.title) } }", note: "reads a precomputed property"),
            RuleExample("""
                struct YearPicker: View {
                    @State private var year = Year.y2024
                    var body: some View {
                        let options = Year.allCases.filter { $0.isReleased }
                        let spacing = [8, 4, 2].reduce(0, +)
                        Picker("Year", selection: $year) {
                            ForEach((1...7).filter { $0.isMultiple(of: 2) }, id: \\.self) { Text("\\($0)") }
                        }.padding(CGFloat(spacing)).id(options.count)
                    }
                }
                """, note: "a tiny constant collection: an enum's `allCases`, an array or range literal"),
            RuleExample("""
                struct LanguagePicker: View {
                    @State private var query = ""
                    let languages: [Language]
                    var body: some View {
                        List(query.isEmpty ? languages : languages.filter { $0.name.contains(query) }) { Text($0.name) }
                            .searchable(text: $query)
                    }
                }
                """, note: "a search filter on the view's own `@State` query: recomputed when its input changes"),
            RuleExample("""
                struct LibraryList: View {
                    @FetchRequest(sortDescriptors: []) private var apps: FetchedResults<StoredApp>
                    @State private var searchText = ""
                    private func matching<T: NSManagedObject>(_ results: FetchedResults<T>) -> [T] {
                        results.filter { searchText.isEmpty || ($0.value(forKey: "name") as? String)?.contains(searchText) == true }
                    }
                    private var filteredApps: [StoredApp] { matching(apps) }
                    var body: some View {
                        List { ForEach(filteredApps) { Text($0.name ?? "") } }.searchable(text: $searchText)
                    }
                }
                """, note: "a search filter read once per render: it runs again exactly when the query changes"),
            RuleExample("""
                struct KeyboardSettings: View {
                    var body: some View { Text("\\(InputSource.sources.count) keyboards") }
                }
                struct InputSource {
                    let name: String
                    static let sources: [InputSource] = (TISCreateInputSourceList(nil, false).takeRetainedValue() as! [TISInputSource]).map { InputSource(name: $0.name) }
                }
                """, note: "a system list asked for once, into a `static let`"),
            RuleExample("""
                struct PhotoGrid: View {
                    @FetchRequest(sortDescriptors: []) private var photos: FetchedResults<PhotoFile>
                    var body: some View {
                        List(photos) { photo in
                            Text(photo.name).onTapGesture { share(photo.previewImage) }
                        }
                    }
                }
                final class PhotoFile: NSManagedObject, Identifiable {
                    @NSManaged var name: String
                    @NSManaged var imageURL: URL
                    var previewImage: UIImage? { (try? Data(contentsOf: imageURL)).flatMap(UIImage.init(data:)) }
                }
                """, note: "the row's file-reading property read only in its tap action"),
            RuleExample("""
                struct AppIconRow: View {
                    let app: InstalledApp
                    var body: some View { Image(uiImage: UIImage(named: app.iconName) ?? UIImage()) }
                }
                """, note: "`UIImage(named:)`: the system caches the images it loads by name"),
            RuleExample("""
                struct RootView: View {
                    @State private var contents = Blocklist.readFile(path: "/var/db/blocklist.plist") ?? ""
                    var body: some View { Text(contents) }
                }
                @main struct BlocklistApp: App {
                    var body: some Scene { WindowGroup { RootView() } }
                }
                enum Blocklist {
                    static func readFile(path: String) -> String? { try? String(contentsOfFile: path) }
                }
                """, note: "a scene's root view: created once, so its initial values run once"),
            RuleExample("""
                struct NodeCount: View {
                    @Query private var nodes: [MeshNode]
                    private var nodeNames: [Int64: String] {
                        Dictionary(nodes.map { ($0.num, $0.name) }, uniquingKeysWith: { first, _ in first })
                    }
                    var body: some View {
                        Text("\\(nodeNames.count) named nodes")
                        ForEach(NodeRole.allCases) { role in Text(role.title + " \\(nodeNames.count)") }
                    }
                }
                """, note: "a lookup table built once per render, or per row of a constant handful"),
            RuleExample("""
                struct AccountsList: View {
                    let accounts: [Account]
                    var body: some View {
                        ForEach(accounts) { account in Text(account.name) }
                    }
                }
                func account() -> Account? { try? viewContext.fetch(Account.fetchRequest()).first }
                """, note: "a row's value named like a free function that fetches: a value, not a call"),
            RuleExample("""
                struct Header: View {
                    @EnvironmentObject var session: Session
                    var body: some View { Text(session.current?.name ?? "") }
                }
                final class Session: ObservableObject {
                    @Published var cached: Account?
                    var current: Account? { cached ?? (try? viewContext.fetch(Account.fetchRequest()).first) }
                }
                """, note: "a fetch in a `??` fallback runs only when the cached value is missing"),
            RuleExample("""
                struct HistoryStats: View {
                    @StateObject private var history = HistoryModel()
                    var body: some View {
                        Text("\\(history.records.filter { $0.isWin }.count) wins")
                    }
                }
                final class HistoryModel: ObservableObject {
                    @Published var records: [Record] = []
                }
                """, note: "a model's stored array filtered once: its size is not known to matter"),
        ])

    static let collectionWork = ReachHazard.collectionWork
    static let calledNames: Set<String> = collectionWork.union(["JSONDecoder", "Regex"]).union(ReachHazard.fileReadingInitializers.keys)
        .union(ReachHazard.documentParsers.keys)
    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr, .declReferenceExpr]
    static var callees: Set<String>? { calledNames }

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        // WidgetKit renders a widget's view once per timeline entry and keeps the result: work in
        // its `body` runs once per entry, not on every update.
        if WorkspaceRuleSupport.isWidgetCode(context) { return }
        if let call = node.as(FunctionCallExprSyntax.self) {
            guard let callee = call.calleeName, Self.calledNames.contains(callee) else { return }
            check(call, named: callee, in: context, report: &report)
        } else if context.isInRenderPath, context.enclosingView != nil {
            checkRead(node.cast(DeclReferenceExprSyntax.self), in: context, report: &report)
        } else if context.execution == .elsewhere, context.enclosingView != nil {
            checkStoredInitializerCall(node.cast(DeclReferenceExprSyntax.self), in: context, report: &report)
        }
    }

    /// The heavy work (a file read, a JSON decode, a store fetch) that this work's evidence says
    /// costs on its own, wherever it runs once.
    static func isHeavy(_ reached: ReachedHazard) -> Bool {
        switch reached.hazard.kind {
        case .storeWork: reached.hazard.detail == "fetch"
        case .decoding: ReachHazard.codesDocument(reached.hazard.detail)
        case .fileRead: ReachHazard.isHeavyFileWork(reached.hazard.detail)
        default: false
        }
    }

    /// The stored instance property of a view whose initial value holds `node` (not inside a closure
    /// stored there): `let image = UIImage(contentsOfFile: path)`, `@State var text = Store.read()`.
    /// Its initial value is evaluated each time the view value is created — `@State`'s too, which keeps
    /// only the first (its default is not an autoclosure, unlike `@StateObject`'s). Nil elsewhere, and
    /// for a view that only an app's scene or a hosting controller builds, or that nothing else names.
    static func storedInitializer(around node: some SyntaxProtocol, in context: RuleContext) -> VariableDeclSyntax? {
        guard context.execution == .elsewhere, let frame = context.enclosingFunction, frame.kind == .property,
              context.functionStack.count == 1, let variable = frame.node.as(VariableDeclSyntax.self),
              variable.attributes.names.allSatisfy({ $0 == "State" || $0 == "SwiftUI.State" }),
              !variable.modifiers.contains("static"), !variable.modifiers.contains("class"), !variable.modifiers.contains("lazy"),
              variable.bindings.allSatisfy({ $0.accessorBlock == nil })
        else { return nil }
        var current = Syntax(node).parent
        while let parent = current {
            if parent.is(ClosureExprSyntax.self) { return nil }
            if parent.is(InitializerClauseSyntax.self) { break }
            if parent.id == variable.id { return nil }
            current = parent.parent
        }
        return current == nil ? nil : variable
    }

    /// Something other than an app's scene, a hosting controller or a preview builds the view: its
    /// stored properties' initial values run each time that code's `body` does.
    static func isBuiltByOtherViews(_ node: Syntax, in context: RuleContext) -> Bool {
        guard let view = context.enclosingView, !context.isBuiltByNoParentView(view.name),
              !WorkspaceRuleSupport.isPreviewOnly(context, at: node),
              let referring = context.typesReferring(to: view.name)
        else { return false }
        return referring.contains { $0 != view.name && $0 != FileIndex.previewKey }
    }

    /// The call is code of a view's own `init` (not a closure it leaves behind): it runs each time a
    /// parent's `body` creates the view.
    static func isInViewInitializer(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard context.execution == .elsewhere, context.functionStack.count == 1, let frame = context.enclosingFunction,
              frame.kind == .initializer, frame.node.parent?.is(MemberBlockItemSyntax.self) == true
        else { return false }
        var current = call.parent
        while let node = current, node.id != frame.node.id {
            if node.is(ClosureExprSyntax.self) { return false }
            current = node.parent
        }
        return current != nil
    }

    /// How a finding in a stored property's initial value says when it runs, and what to do instead.
    static func storedInitializerAdvice(_ variable: VariableDeclSyntax) -> String {
        let isState = !variable.attributes.isEmpty
        return "this view's stored property runs it each time the parent re-creates the view (every time the parent's `body` runs"
            + (isState ? "; `@State` keeps only the first value" : "") + "); start with an empty value and load it in `.task { }`"
    }

    /// The read's range: the whole expression, or from the member's `.` on when the chain before it
    /// spans lines (`description\n.trimming…\n.withAttributedLinks()`: the line of the call).
    static func memberRange(of expression: ExprSyntax, in context: RuleContext) -> Range<Int> {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.base != nil else { return expression.byteRange }
        let lines = context.document.lines
        let start = expression.positionAfterSkippingLeadingTrivia.utf8Offset, period = member.period.positionAfterSkippingLeadingTrivia.utf8Offset
        guard lines.line(containing: start) != lines.line(containing: period) else { return expression.byteRange }
        return period..<expression.byteRange.upperBound
    }

    /// `@State var text = Store.readFile(path: p) ?? ""`: a call in a view's stored property's initial
    /// value, where the called member (in any file, or one it calls) reads a file, decodes JSON or
    /// fetches from the store: reported at the call.
    private func checkStoredInitializerCall(_ reference: DeclReferenceExprSyntax, in context: RuleContext, report: inout [Finding]) {
        var expression = ExprSyntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            guard let base = member.base?.as(DeclReferenceExprSyntax.self), TypeNames.startsUppercase(base.baseName.text) else { return }
            expression = ExprSyntax(member)
        }
        guard let first = reference.baseName.text.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
              let call = expression.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == expression.id
        else { return }
        let advice: String
        if let variable = Self.storedInitializer(around: call, in: context) {
            advice = Self.storedInitializerAdvice(variable)
        } else if Self.isInViewInitializer(call, in: context) {
            advice = "this view's `init` runs it each time the parent re-creates the view (every time the parent's `body` runs); "
                + "start with an empty value and load it in `.task { }`"
        } else {
            return
        }
        guard let target = WorkspaceRuleSupport.reachTarget(of: expression, in: context),
              let reached = context.reachedHazard(from: target, kinds: [.storeWork, .decoding, .fileRead]), Self.isHeavy(reached),
              Self.isBuiltByOtherViews(Syntax(call), in: context)
        else { return }
        let does: String
        switch reached.hazard.kind {
        case .storeWork: does = "fetches from the store"
        case .decoding: does = ReachHazard.decodingPhrase(reached.hazard.detail)
        default: does = "reads a file (`\(reached.hazard.detail)`)"
        }
        report.append(Finding(
            message: "\(WorkspaceRuleSupport.reachPath(reached, from: context)) \(does) on every call, and \(advice)",
            range: call.byteRange,
            related: [WorkspaceRuleSupport.related(reached, "`\(reached.hazard.member)` does the work here")]))
    }

    /// `visibleItems`, `self.theme`, `model.rows`, `Store.activeGrants(…)` read in rendered code, where
    /// that member (in any file, or one it calls) decodes JSON or an image, reads a file or asks the
    /// disk, measures text or compiles a regex on every read — or filters or sorts the app's data,
    /// as a row container's data or as a pipeline (filter and then sort): reported at the read.
    private func checkRead(_ reference: DeclReferenceExprSyntax, in context: RuleContext, report: inout [Finding]) {
        let name = reference.baseName.text
        // `_filteredApps`: a member declared with a leading underscore (not a wrapper's storage, which
        // the view declares without it).
        let start = name.utf8.first == UInt8(ascii: "_") && context.enclosingType?.property(named: name) != nil ? name.utf8.dropFirst().first : name.utf8.first
        guard let first = start, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return }
        var expression = ExprSyntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            guard member.base != nil else { return }
            expression = ExprSyntax(member)
        }
        // A stored property of the view is read, not run.
        if let property = context.enclosingType?.property(named: name), expression.is(DeclReferenceExprSyntax.self) || expression.selfMemberName != nil,
           !property.isComputed { return }
        // `filter(memos, by: tag)`: the call is what a list takes as its data (also through a local).
        let call = expression.parent?.as(FunctionCallExprSyntax.self).flatMap { $0.calledExpression.id == expression.id ? $0 : nil }
        let used = call.map(ExprSyntax.init) ?? expression
        let isRows = Self.isRowData(used) || Self.isRowDataThroughLocal(used)
        // Another value's member (`item.title`) is followed as rows' data, on a model the view holds
        // (`model.filteredPlugins` with `@EnvironmentObject var model`), on a parameter of the view
        // helper (`func preview(for image: Attachment)`: `image.uiImage`), on a row of a list over a
        // property whose element type is written (`ForEach(files) { file in … }`), or called on a type by name
        // (`Store.activeGrants(for: id)`), on a property of the view whose type is declared
        // (`var expense: Expense?`: `expense?.formattedAmount`), or, on any value, a member of
        // several words that only an extension of a system type declares (`paidAmount.formattedCurrency(code)`,
        // asked by name): resolving the type of every read in a body would cost more than the rare
        // costly member it finds.
        if !isRows, let member = expression.as(MemberAccessExprSyntax.self), expression.selfMemberName == nil,
           let base = member.base?.withoutOptionalMark.as(DeclReferenceExprSyntax.self),
           !Self.isHeldModel(base.baseName.text, in: context), !Self.isCalledOnType(member, base: base),
           !Self.isParameter(base.baseName.text, in: context),
           WorkspaceRuleSupport.enclosingProperty(named: base.baseName.text, in: context)?.reachTypeName == nil,
           !WorkspaceIndex.isSeveralWords(name),
           // One row of a list over the view's data (`ForEach(files) { file in … file.preview … }`).
           WorkspaceRuleSupport.rowElementTypeName(of: base, in: context) == nil { return }
        // A sheet's or popover's content is built while it is shown, not with every render of this view.
        if WorkspaceRuleSupport.isInPresentedContent(context) { return }
        guard let target = WorkspaceRuleSupport.reachTarget(of: expression, in: context) else { return }
        let kinds = Self.readHazards
        guard var reached = context.reachedHazard(from: target, kinds: Self.readHazardsWithCollectionWork) else { return }
        // A closure's parameter, a local or an `if let` of that name is a value, not a member or a free
        // function (asked only once a hazard is found: the walk up is not free).
        if expression.is(DeclReferenceExprSyntax.self), reference.isBoundLocally(name) { return }
        // Collection work matters as rows' data, read in every row, or as a pipeline (`filter+sorted`);
        // a lone filter read once elsewhere does not, but what it reaches beyond may.
        // Work over a parameter costs what the caller passes: only the app's data counts.
        let passesData = reached.hazard.argument.map { Self.passesData(call, at: $0, in: context) } ?? true
        // Read in a row of a list over a database's results, work over the app's data runs rows × elements
        // times. A lookup table built alone (`Dictionary(…)`) matters only there.
        let perRowOverDatabase = !isRows && Self.standsInRowOverDatabaseResults(context)
        if reached.hazard.kind == .collectionWork,
           !passesData || (!isRows && Self.innermostRow(context) == nil && ReachHazard.collectionMethods(reached.hazard.detail).count < 2 && !perRowOverDatabase
                           // The view's own member working over its query's results (`@Query var lectures`): the
                           // whole table on every render, as the same work written in `body` is.
                           && !Self.reachesOwnDatabaseResults(reached, in: context))
            || (reached.hazard.detail == ReachHazard.dictionaryBuild && !perRowOverDatabase) {
            guard let other = context.reachedHazard(from: target, kinds: kinds) else { return }
            reached = other
        }
        // How often the member's code runs per render: a search filter read once runs again exactly
        // when its query changes; read several times, it filters the same data again within one render.
        var reads = reached.hazard.detail == ReachHazard.filterByState ? Self.readCount(of: expression, in: context) : 1
        // The other reads the finding counts, shown beside it (each runs the work again).
        var laterReads: [Range<Int>] = []
        // In a row, one finding per way of reaching the work: at the row's first read, counting the others.
        let row = isRows ? nil : Self.innermostRow(context)
        if let row {
            guard let all = Self.readsInRow(of: expression, in: row.closure) else { return }
            reads = max(all.count, 1)
            laterReads = Array(all.dropFirst())
        } else if !isRows, reached.hazard.detail != ReachHazard.filterByState, let member = context.enclosingMember?.node {
            // Once per render: one finding per way of reaching the work, at the first read, counting the others.
            guard let all = Self.readsInRow(of: expression, in: member) else { return }
            reads = max(all.count, 1)
            laterReads = Array(all.dropFirst())
        }
        guard // A search filter on the view's own query runs again exactly when its input changes
              // (read once; read per row, it runs once per row).
              reached.hazard.detail != ReachHazard.filterByState || reads > 1 || row != nil,
              !Self.standsInAction(expression),
              !WorkspaceRuleSupport.isUncalledMethod(expression, reached: reached, in: context),
              !((isRows || reached.hazard.kind == .collectionWork) && WorkspaceRuleSupport.isDrawnAsMenu(context))
        else { return }
        let isCall = call != nil
        let verb = isCall ? "calls" : "reads"
        let times = reads > 1 ? " \(reads) times" : ""
        let rowsAlso = reads > 1 ? " (\(reads) times in all)" : ""
        let reader = isRows ? (isCall ? "this view's `body` calls it for a list's rows" : "this view's `body` reads it for a list's rows") + rowsAlso + " on every render"
            : row != nil ? "every row \(verb) it\(times) on every render" : "this view's `body` \(verb) it\(times) on every render"
        let detail = reached.hazard.detail
        let per = isCall ? "call" : "read"
        let does: String
        switch reached.hazard.kind {
        case .collectionWork:
            let methods = ReachHazard.collectionMethods(detail).map(ReachHazard.collectionMethodName).joined(separator: " and ")
            if let index = reached.hazard.argument, let argument = call?.arguments.dropFirst(index).first {
                does = "runs \(methods) over the app's data it is given (`\(argument.expression.trimmedDescription)`) on every call, and \(reader)"
            } else {
                does = "runs \(methods) over the app's data on every \(isCall ? "call" : "read"), and \(reader)"
            }
        case .storeWork: does = Self.storeWork(detail) + " on every \(per), and \(reader)"
        case .decoding: does = ReachHazard.decodingPhrase(detail) + " on every \(per), and \(reader)"
        case .fileRead where ReachHazard.writesToDisk(detail): does = "writes to the disk (`\(detail)`) on every \(per), and \(reader)"
        case .fileRead where detail.hasPrefix("FileManager."): does = "asks the file system (`\(detail)`) on every \(per), and \(reader)"
        case .fileRead: does = "reads a file (`\(detail)`) on every \(per), and \(reader)"
        case .textMeasurement: does = "lays out text to measure it (`\(detail)`) on every \(per), and \(reader)"
        case .systemQuery: does = "asks the system for a new result (`\(detail)`) on every \(isCall ? "call" : "read"), and \(reader)"
        default: does = "compiles a regex (`\(detail)`) on every \(per), and \(reader)"
        }
        report.append(Finding(
            message: "\(WorkspaceRuleSupport.reachPath(reached, from: context)) \(does); compute it when its inputs change (in the model, or cached) and read the result here",
            range: Self.memberRange(of: expression, in: context),
            related: [WorkspaceRuleSupport.related(reached, "`\(reached.hazard.member)` does the work here")]
                + laterReads.prefix(5).map { RelatedLocation(path: context.path, range: $0, message: "read again here: the work runs again") },
            // Collection work as a list's data (`ForEach(visibleItems)`) runs once per render, over a
            // collection whose size the code does not show: not per row.
            loweredSeverity: Self.rendersRarely(context) ? .info
                : WorkspaceRuleSupport.reachedWorkSeverity(reached, perRow: isRows && reached.hazard.kind != .collectionWork, in: context)))
    }

    /// The view holds no state that changes (no `@State`, `@Binding`, observed model, environment or
    /// query) and is only pushed or presented: its `body` runs about once per time it is shown.
    static func rendersRarely(_ context: RuleContext) -> Bool {
        guard let view = context.enclosingType, view.isView,
              !view.properties.contains(where: { $0.isStoredInstance && WorkspaceRuleSupport.changesWhileViewLives($0, in: context) })
        else { return false }
        return context.isBuiltOnlyWhenShown(view.name)
    }

    /// The innermost content closure that runs once per element of data: `ForEach(items) { … }`,
    /// `List(items) { … }` (not a `List { … }` of fixed content).
    static func innermostRow(_ context: RuleContext) -> ContainerFrame? {
        context.containers.last(where: WorkspaceRuleSupport.isRowOverData)
    }

    /// The walk stands in a row of a `ForEach`/`List` over a database's results (`@Query var routes`,
    /// `@FetchRequest`), bare, `self.x` or through a chain: rows that grow with the store.
    static func standsInRowOverDatabaseResults(_ context: RuleContext) -> Bool {
        guard let frame = innermostRow(context), let data = frame.call?.arguments.first else { return false }
        return databaseWrapper(of: data.expression, in: context) != nil
    }

    /// The reads in the row closure of the name `expression` reads, written the same way
    /// (`name(for: a)` and `name(for: b)` both call `name`), that run with it (not in another branch
    /// of an `if`, `switch` or `?:`), `expression` first; nil when an earlier read in the row is the
    /// one reported.
    static func readsInRow(of expression: ExprSyntax, in closure: some SyntaxProtocol) -> [Range<Int>]? {
        let written = expression.trimmedDescription
        let name = expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        let start = expression.positionAfterSkippingLeadingTrivia
        var reads: [Range<Int>] = []
        for token in closure.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            let read = reference.parent?.as(MemberAccessExprSyntax.self).flatMap { $0.declName.id == reference.id ? ExprSyntax($0) : nil }
                ?? ExprSyntax(reference)
            guard read.trimmedDescription == written, !isDeferred(read, within: closure) else { continue }
            if read.positionAfterSkippingLeadingTrivia < start { return nil }
            // A read in the other branch of an `if`/`switch`/`?:` than this one never runs with it.
            if read.id != expression.id, read.runsExclusively(with: expression) { continue }
            reads.append(read.byteRange)
        }
        return reads
    }

    /// The node stands in an action closure inside `outer` (`Button { … }`, `.onTapGesture { … }`): it
    /// runs on an event, not when the row renders.
    static func isDeferred(_ node: some SyntaxProtocol, within outer: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let parent = current, parent.id != outer.id {
            if let closure = parent.as(ClosureExprSyntax.self), let (callee, label) = closure.passedTo {
                let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                if ClosureRole.of(callee: callee, label: label, call: call) == .deferred { return true }
            }
            current = parent.parent
        }
        return false
    }

    /// How many times the member holding `expression` (a read of `name`, `self.name` or `model.name`)
    /// reads the same name written the same way: each read runs the member's code again.
    static func readCount(of expression: ExprSyntax, in context: RuleContext) -> Int {
        guard let member = context.enclosingMember?.node else { return 1 }
        let written = expression.trimmedDescription
        let name = expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        var count = 0
        for token in member.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            let read = reference.parent?.as(MemberAccessExprSyntax.self).flatMap { $0.declName.id == reference.id ? ExprSyntax($0) : nil }
                ?? ExprSyntax(reference)
            if read.trimmedDescription == written { count += 1 }
        }
        return max(count, 1)
    }

    /// The call passes the app's data as its argument at `index`: a property of the view with a data
    /// wrapper (`@Query var memos`, `@State var items`), or a member of a model the view holds by one
    /// (`memosViewModel.memoList` with `@Environment(MemosViewModel.self) var memosViewModel`), also
    /// through a local that starts as one of them.
    static func passesData(_ call: FunctionCallExprSyntax?, at index: Int, in context: RuleContext) -> Bool {
        guard let argument = call?.arguments.dropFirst(index).first?.expression else { return false }
        return isAppData(UnchangingData.localValue(of: argument.unwrapped) ?? argument, in: context)
    }

    /// The collection is built from a property of an enclosing type with a data wrapper (`@Query var
    /// memos`, `@Environment(Store.self) var store` for `store.memos`).
    static func isAppData(_ collection: ExprSyntax, in context: RuleContext) -> Bool {
        collection.collectionRootNames.contains { name in
            guard let wrapper = WorkspaceRuleSupport.enclosingProperty(named: name, in: context)?.wrapper else { return false }
            return ReachHazard.dataWrappers.contains(wrapper)
        }
    }

    /// The read is a statement's own call (`refreshPlugins()`, `model.select(account)`), an assignment,
    /// or inside `do` or a plain `try`: no view is built there (`body` cannot throw), so its closure is
    /// a callback a custom view or modifier runs on an event (`onRefresh: { refreshPlugins() }`), not
    /// rendered code. A `try?`/`try!` is a value anywhere (`if let c = try? Store.load(url)` in `body`).
    static func standsInAction(_ expression: ExprSyntax) -> Bool {
        var node = Syntax(expression)
        var levels = 0
        while let parent = node.parent, levels < maximumStatementDepth {
            levels += 1
            if let attempt = parent.as(TryExprSyntax.self), attempt.questionOrExclamationMark == nil { return true }
            if parent.is(DoStmtSyntax.self) { return true }
            if let sequence = parent.as(SequenceExprSyntax.self), sequence.elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) { return true }
            if let item = parent.as(CodeBlockItemSyntax.self) {
                guard let call = item.item.as(FunctionCallExprSyntax.self) ?? item.item.as(AwaitExprSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
                else { return false }
                return call.calledExpression.id == expression.id && !TypeNames.startsUppercase(call.calleeName ?? "")
            }
            if parent.is(ClosureExprSyntax.self) || parent.is(MemberBlockSyntax.self) || parent.is(AccessorBlockSyntax.self) { return false }
            node = parent
        }
        return false
    }

    /// What a read in rendered code may reach that costs on every read (built once, not per read).
    static let readHazards: Set<ReachHazard.Kind> = [.storeWork, .decoding, .fileRead, .regex, .textMeasurement, .systemQuery]
    static let readHazardsWithCollectionWork = readHazards.union([.collectionWork])

    /// How far up from a read `standsInAction` looks for its statement (a read is a few levels deep).
    static let maximumStatementDepth = 64

    /// Wrappers that hold a model the view observes: its members are the app's state.
    static let modelWrappers: Set<String> = ["EnvironmentObject", "StateObject", "ObservedObject", "Environment", "Bindable", "State"]

    /// `model` is a property of the enclosing type holding an observed model (`@EnvironmentObject var model: Store`).
    static func isHeldModel(_ name: String, in context: RuleContext) -> Bool {
        guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
              let wrapper = WorkspaceRuleSupport.enclosingProperty(named: name, in: context)?.wrapper else { return false }
        return modelWrappers.contains(wrapper)
    }

    /// The collection types database wrappers hand out, and the wrapper.
    static let resultsWrappers: [(results: String, wrapper: String)] = [
        ("Results", "ObservedResults"), ("SectionedResults", "ObservedSectionedResults"),
        ("FetchedResults", "FetchRequest"), ("SectionedFetchResults", "SectionedFetchRequest"),
    ]

    /// `image` is a parameter of the enclosing function (a view helper's `func preview(for image: Attachment)`).
    static func isParameter(_ name: String, in context: RuleContext) -> Bool {
        parameter(named: name, in: context) != nil
    }

    static func parameter(named name: String, in context: RuleContext) -> FunctionParameterSyntax? {
        context.enclosingFunction?.node.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters.first { $0.localName == name }
    }

    /// `Store.activeGrants(for: id)`: a static method called on a type written by name.
    static func isCalledOnType(_ member: MemberAccessExprSyntax, base: DeclReferenceExprSyntax) -> Bool {
        guard TypeNames.startsUppercase(base.baseName.text),
              let call = member.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return call.calledExpression.id == member.id
    }

    /// "fetches from the store", "sorts the `messages` relationship (loading every related object)".
    static func storeWork(_ detail: String) -> String {
        if detail == ReachHazard.singleRecordFetch { return "fetches one record from the store (`fetch` with `fetchLimit = 1`)" }
        let parts = detail.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return "fetches from the store (`fetch`)" }
        let verb = parts[0] == "sorted" ? "sorts" : parts[0] == "filter" ? "filters" : "reduces"
        return "\(verb) the stored collection `\(parts[1])` (loading every related object from the store)"
    }

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard context.isInRenderPath else {
            // `let icon = UIImage(contentsOfFile: path)` as a view's stored property: read each time the view is created.
            guard context.enclosingView != nil, call.calledExpression.is(DeclReferenceExprSyntax.self),
                  let read = call.fileReadDetail(type: callee), let variable = Self.storedInitializer(around: call, in: context),
                  Self.isBuiltByOtherViews(Syntax(call), in: context)
            else { return }
            report.append(Finding(message: "`\(read)` reads a file, and \(Self.storedInitializerAdvice(variable))", range: call.byteRange))
            return
        }
        let range: Range<Int>
        let what: String
        var query: String?  // the database wrapper that could do the work
        if Self.collectionWork.contains(callee), let base = call.receiver {
            // A constant handful of values (`Kind.allCases`, `[a, b, c]`, `(0..<7)`) costs nothing per render.
            if base.isConstantCollection { return }
            // `items.filter { $0.name.contains(query) }` with the view's own `@State var query`: a search
            // filter runs again exactly when its input changes; a model would redo it on the same edits.
            if callee == "filter", Self.predicateReadsOwnState(call, in: context) { return }
            // Size: rows computed inline, or a database's results; anything else may be a handful (a
            // view's own or a model's array usually is): only a bare `body` with no declarations to
            // say otherwise (the seeds' own shape) is judged by the syntax alone.
            let wrapper = Self.databaseWrapper(of: base, in: context)
            let isDatabaseResults = wrapper != nil
            // `model.items.filter { … }` (also through `let items = model.items`) where `items` fetches
            // from the store on every read (in any file): the whole result, loaded again and filtered.
            let fetched = isDatabaseResults ? nil : Self.fetchedResults(base, in: context)
            // `let wins = model.games.filter { … }` and then `wins.filter { … }`, `wins.map(…).reduce(…)`:
            // a pipeline over an observed model's data, rebuilt on every render (once per render: info).
            // `model.shelves.flatMap { $0.books }.filter { … }`: flattening or mapping the model's data
            // first is the pipeline's first step.
            let isModelPipeline = !isDatabaseResults && fetched == nil && callee != "reduce"
                && Self.isHeldModelMember(base, in: context) && (Self.feedsMoreCollectionWork(call) || Self.elementTransform(base) != nil)
            // `sortedEncounters.filter { … }` where the view keeps `[StoredEncounter]`, a SwiftData
            // `@Model` class of the workspace: the store's rows, as many as the app has saved.
            let isStoreModels = !isDatabaseResults && fetched == nil && !isModelPipeline && Self.holdsStoreModels(base, in: context)
            guard isDatabaseResults || fetched != nil || isModelPipeline || isStoreModels
                    || (context.enclosingType == nil && (Self.isRowData(call) || Self.isRowDataThroughLocal(call))) else { return }
            query = callee != "reduce" ? wrapper : nil
            if WorkspaceRuleSupport.isDrawnAsMenu(context) { return }
            range = call.rangeFromCalleeName
            if let fetched, callee != "reduce" {
                report.append(Finding(
                    message: "`.\(callee)` in the render path runs again on every evaluation of `body`, over everything "
                        + "\(WorkspaceRuleSupport.reachPath(fetched, from: context)) fetches from the store; let the fetch do it "
                        + "(a predicate or sort descriptors on its request) and keep the result in the model when its inputs change",
                    range: range,
                    related: [WorkspaceRuleSupport.related(fetched, "`\(fetched.hazard.member)` fetches here")]))
                return
            }
            if isModelPipeline {
                // The model's member, and how the pipeline goes on from it.
                var data = base.unwrapped
                var transforms: [String] = []
                while let transformed = Self.elementTransform(data) {
                    transforms.insert(data.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? "", at: 0)
                    data = transformed.unwrapped
                }
                let steps = (transforms.map { "`.\($0)`" } + ["`.\(callee)`"]).joined(separator: " then ")
                let more = Self.feedsMoreCollectionWork(call) ? ", with more collection work over its result" : ""
                report.append(Finding(
                    message: "\(steps) over the observed model's `\(data.trimmedDescription.filter { !$0.isWhitespace })` in the render path\(more): "
                        + "the whole pipeline runs again on every evaluation of `body`; compute it in the model when its data changes "
                        + "and read the result here",
                    range: call.rangeFromCalleeName,
                    loweredSeverity: .info))
                return
            }
            what = isStoreModels ? "`.\(callee)` over the store's saved rows (SwiftData `@Model` objects the view keeps)" : "`.\(callee)`"
        } else if call.calledExpression.is(DeclReferenceExprSyntax.self) {
            switch callee {
            case "JSONDecoder" where call.arguments.isEmpty:
                what = "`JSONDecoder()`"
            // `Data(contentsOf:)`, `String(contentsOfFile:)`, `UIImage(contentsOfFile:)`: a whole file read
            // (and decoded) on every render.
            case _ where call.fileReadDetail(type: callee) != nil:
                what = "`\(call.fileReadDetail(type: callee) ?? callee)`"
            // `try Regex("…")`, also with modifiers after it (`.ignoresCase()`); not the builder (`Regex { }`).
            case "Regex" where !call.arguments.isEmpty:
                what = "`Regex(…)`"
            default:
                return
            }
            range = call.byteRange
        } else if let parser = call.documentParser(callee: callee) {
            // `JSONSerialization.jsonObject(with: data)`: the whole document parsed on every render.
            what = "`\(parser).\(callee)(…)`"
            range = call.byteRange
        } else {
            return
        }
        // Over a database's results the store can do it: a predicate or sort order on the query.
        let advice = query.map { "let the query do it (a predicate or sort order on the `@\($0)`) and read its results here" }
            ?? "compute it in the model when its inputs change (or cache it) and read the result here"
        // The work costs what it costs times how often it runs: shown per row or where a schedule
        // re-renders the view; once per render of one view, info (the code shows neither the data's
        // size nor how often the view renders).
        let lowered: Severity? = !WorkspaceRuleSupport.runsPerRowOrTick(context) && !WorkspaceRuleSupport.rendersOnASchedule(context)
            || Self.rendersRarely(context) ? .info : nil
        report.append(Finding(
            message: "\(what) in the render path runs again on every evaluation of `body`; " + advice,
            range: range, loweredSeverity: lowered))
    }


    /// The call, possibly inside a longer chain (`items.filter { … }.sorted()`), is the data
    /// argument of a row container: `List(items.sorted())`, `ForEach(xs.filter { … }, id: \.id)`.
    static func isRowData(_ call: FunctionCallExprSyntax) -> Bool { isRowData(ExprSyntax(call)) }

    /// `let sorted = items.sorted(); List(sorted) { … }`: the call (possibly inside a longer chain)
    /// initializes a local that a later statement of the same block passes as a row container's data.
    static func isRowDataThroughLocal(_ call: FunctionCallExprSyntax) -> Bool { isRowDataThroughLocal(ExprSyntax(call)) }

    /// `let visible = filter(memos); List(visible) { … }`: the expression (a call or a read, possibly
    /// inside a longer chain) initializes a local that a later statement passes as a row container's data.
    static func isRowDataThroughLocal(_ expression: ExprSyntax) -> Bool {
        laterReadOfLocal(initializedWith: expression) { isRowData(ExprSyntax($0)) }
    }

    /// The expression (possibly inside a longer chain) initializes a local, and a later statement of
    /// the same block reads that local where `use` holds.
    static func laterReadOfLocal(initializedWith expression: ExprSyntax, where use: (DeclReferenceExprSyntax) -> Bool) -> Bool {
        var node = Syntax(expression)
        var links = 0
        while let parent = node.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self)
                || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            links += 1
            if links > 2 * maximumDataChain { return false }
            node = parent
        }
        guard let clause = node.parent?.as(InitializerClauseSyntax.self), let binding = clause.parent?.as(PatternBindingSyntax.self),
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let item = binding.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
              let block = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        var after = false
        for statement in block {
            if statement.id == item.id { after = true; continue }
            guard after else { continue }
            for token in statement.tokens(viewMode: .sourceAccurate) where token.text == name {
                if let reference = token.parent?.as(DeclReferenceExprSyntax.self), use(reference) { return true }
            }
        }
        return false
    }

    /// The most member accesses between a read and the row container it feeds.
    static let maximumDataChain = 16

    /// The expression (a call, possibly inside a longer chain, or a read) is the data argument of a row container.
    static func isRowData(_ expression: ExprSyntax) -> Bool {
        var node = Syntax(expression)
        // Asked at every read in rendered code: a bound keeps a 10,000-link chain linear (a row
        // container's data is a short chain, `items.filter { … }.sorted()`).
        var links = 0
        while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
            links += 1
            if links > maximumDataChain { return false }
            node = Syntax(member)
            if let outer = node.parent?.as(FunctionCallExprSyntax.self), outer.calledExpression.id == node.id { node = Syntax(outer) }
        }
        guard let argument = node.parent?.as(LabeledExprSyntax.self), argument.label == nil,
              let list = argument.parent?.as(LabeledExprListSyntax.self), list.first?.id == argument.id,
              let container = list.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return WorkspaceRuleSupport.rowContainers.contains(container.calledExpression.trimmedText)
    }

    /// `reached` is collection work in a member of the enclosing type itself, in this file, over a
    /// property it declares with a database wrapper (`lecturesQuery.filter { … }` in `var lectures`).
    static func reachesOwnDatabaseResults(_ reached: ReachedHazard, in context: RuleContext) -> Bool {
        guard reached.path == context.path, reached.steps.count == 1, reached.hazard.site == .code,
              // The range starts at the callee's name or the dot before it (`.filter`).
              let token = context.tree.token(at: AbsolutePosition(utf8Offset: reached.hazard.range.lowerBound)),
              let access = token.parent?.as(MemberAccessExprSyntax.self) ?? token.parent?.parent?.as(MemberAccessExprSyntax.self),
              let receiver = access.base, access.parent?.is(FunctionCallExprSyntax.self) == true
        else { return false }
        return databaseWrapper(of: receiver, in: context) != nil
    }

    /// The collection is (a chain from) a property the enclosing type declares with a database
    /// wrapper: `@Query var trips`, `@FetchRequest var items` — results that grow with the store.
    /// The wrapper, else nil. A helper's parameter of the type such a wrapper hands out
    /// (`_ games: Results<Game>`) counts as its wrapper; one of another type does not, whatever
    /// property it shares its name with.
    static func databaseWrapper(of base: ExprSyntax, in context: RuleContext) -> String? {
        if base.unwrapped.selfMemberName == nil, let root = base.chainRoot.as(DeclReferenceExprSyntax.self)?.baseName.text,
           let parameter = parameter(named: root, in: context) {
            let type = parameter.type.trimmedDescription
            return resultsWrappers.first { type.hasPrefix($0.results + "<") }?.wrapper
        }
        guard let name = base.unwrapped.selfMemberName ?? base.chainRoot.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let wrapper = WorkspaceRuleSupport.enclosingProperty(named: name, in: context)?.wrapper
        else { return nil }
        return ReachHazard.databaseWrappers.contains(wrapper) ? wrapper : nil
    }

    /// The collection is (directly, or through locals made from it) a property of the view holding an
    /// array of a class the workspace declares `@Model` (SwiftData): the saved rows, kept by the view.
    static func holdsStoreModels(_ base: ExprSyntax, in context: RuleContext) -> Bool {
        var value = base.unwrapped
        for _ in 0..<3 {
            guard let local = UnchangingData.localValue(of: value) else { break }
            value = local.unwrapped
        }
        while let call = value.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
              let receiver = access.base, collectionWork.contains(access.declName.baseName.text) {
            value = receiver.unwrapped
        }
        guard let name = value.selfMemberName ?? value.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let written = WorkspaceRuleSupport.enclosingProperty(named: name, in: context)?.typeName,
              let element = TypeNames.element(of: written), TypeNames.startsUppercase(element),
              let declaration = context.declaration(of: element, ifKind: .class)
        else { return false }
        return declaration.scope.hasAttribute("Model")
    }

    /// The collection (`model.items`, or a local that starts as it: `let items = model.items`) is a
    /// read of a member that fetches from the store on every read, in any file (`var items: [Item]
    /// { manager.fetchAll() }`); nil for anything else.
    static func fetchedResults(_ base: ExprSyntax, in context: RuleContext) -> ReachedHazard? {
        var value = base.unwrapped
        if let local = UnchangingData.localValue(of: value) { value = local }
        guard value.is(MemberAccessExprSyntax.self) || value.is(DeclReferenceExprSyntax.self) else { return nil }
        if let member = value.as(MemberAccessExprSyntax.self), value.selfMemberName == nil {
            guard let root = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, isHeldModel(root, in: context) else { return nil }
        } else if let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text ?? value.selfMemberName,
                  context.enclosingType?.property(named: name)?.isComputed != true {
            return nil
        }
        guard let target = WorkspaceRuleSupport.reachTarget(of: value, in: context),
              let reached = context.reachedHazard(from: target, kinds: [.storeWork]), reached.hazard.detail == "fetch"
        else { return nil }
        return reached
    }

    /// `model.games` (a stored member read on a model the view holds by a wrapper: `@StateObject var model`).
    static func isHeldModelMember(_ base: ExprSyntax, in context: RuleContext) -> Bool {
        var base = base.unwrapped
        while let transformed = elementTransform(base) { base = transformed.unwrapped }
        guard let member = base.as(MemberAccessExprSyntax.self),
              let root = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return isHeldModel(root, in: context)
    }

    /// Calls that map or flatten every element (`xs.flatMap { $0.books }`, `xs.map(\.items).joined()`).
    static let elementTransforms: Set<String> = ["map", "flatMap", "compactMap", "joined"]

    /// The collection `expression` transforms element by element (`xs` in `xs.flatMap { … }`), if it is such a call.
    static func elementTransform(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.unwrapped.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), elementTransforms.contains(member.declName.baseName.text)
        else { return nil }
        return member.base
    }

    /// The call's result (possibly inside a longer chain) goes through more collection work: chained
    /// (`xs.filter { }.sorted()`), or through a local a later statement of the same block filters,
    /// sorts or reduces (`let wins = xs.filter { }` … `wins.map(\.score).reduce(0, +)`).
    static func feedsMoreCollectionWork(_ call: FunctionCallExprSyntax) -> Bool {
        followedByCollectionWork(Syntax(call))
            || laterReadOfLocal(initializedWith: ExprSyntax(call)) { followedByCollectionWork(Syntax($0)) }
    }

    /// `node` is the receiver of a collection method, directly or after one `.map`/`.compactMap` (`xs.map(\.n).reduce(0, +)`).
    private static func followedByCollectionWork(_ node: Syntax) -> Bool {
        var current = node
        for _ in 0..<2 {
            guard let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
                  let next = member.parent?.as(FunctionCallExprSyntax.self), next.calledExpression.id == member.id else { return false }
            let name = member.declName.baseName.text
            if collectionWork.contains(name) { return true }
            guard name == "map" || name == "compactMap" else { return false }
            current = Syntax(next)
        }
        return false
    }

    /// The `filter` predicate names a `@State` property of the enclosing view (bare or as `self.x`).
    static func predicateReadsOwnState(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard let view = context.enclosingType else { return false }
        let scope = view.kind == .extension ? context.type(named: view.name) ?? view : view
        let state = Set(scope.properties.filter { $0.wrapper == "State" && $0.isStoredInstance }.map(\.name))
        guard !state.isEmpty else { return false }
        return call.predicateReads(state)
    }
}
