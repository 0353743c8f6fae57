/// A deterministic, realistic SwiftUI code base for benchmarks and fuzzing: views
/// with state, modifier chains, lists and navigation, models and services, with a
/// sprinkling of real gotchas. The same seed always gives the same files.
public struct SyntheticCorpus: Sendable {
    public struct File: Sendable {
        public var path: String
        public var text: String
    }

    public let seed: UInt64

    public init(seed: UInt64 = 0x5EED) {
        self.seed = seed
    }

    /// About `targetLines` lines in files of 150–700 lines.
    public func files(targetLines: Int = 200_000) -> [File] {
        var random = SplitMix64(seed: seed)
        var files: [File] = []
        var lines = 0
        var index = 0
        while lines < targetLines {
            let kind = random.next(upTo: 10)
            let file: File
            switch kind {
            case 0: file = File(path: "Models/Model\(index).swift", text: model(index, random: &random))
            case 1: file = File(path: "Services/Service\(index).swift", text: service(index, random: &random))
            default: file = File(path: "Views/Screen\(index).swift", text: view(index, lines: 150 + random.next(upTo: 550), random: &random))
            }
            lines += file.text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            files.append(file)
            index += 1
        }
        return files
    }

    /// An app-shaped tree of `count` files: the same mix of views, models and services as
    /// `files(targetLines:)`, but sized like the files of real apps (about 100 lines each,
    /// 40–250 for views) and spread over feature folders of 40 files. The server benchmark
    /// indexes it while it edits a document.
    public func appTree(files count: Int = 1_100) -> [File] {
        var random = SplitMix64(seed: seed &+ 0xA77)
        return (0..<count).map { index in
            let folder = "Feature\(index / 40)"
            switch random.next(upTo: 10) {
            case 0: return File(path: "\(folder)/Models/Model\(index).swift", text: model(index, random: &random))
            case 1: return File(path: "\(folder)/Services/Service\(index).swift", text: service(index, random: &random))
            default: return File(path: "\(folder)/Views/Screen\(index).swift", text: view(index, lines: 40 + random.next(upTo: 210), random: &random))
            }
        }
    }

    /// One SwiftUI view file of about `lines` lines (for editor latency tests).
    public func viewFile(lines: Int, index: Int = 0) -> String {
        var random = SplitMix64(seed: seed &+ UInt64(lines))
        return view(index, lines: lines, random: &random)
    }

    // MARK: - Generators

    private static let names = ["Garden", "Plant", "Order", "Profile", "Recipe", "Trip", "Invoice", "Task2", "Track", "Photo", "Note", "Device"]
    private static let colors = [".red", ".blue", ".green", ".secondary", ".accentColor", ".orange"]
    private static let symbols = ["star", "heart", "leaf", "bell", "bookmark", "cart"]

    private func view(_ index: Int, lines target: Int, random: inout SplitMix64) -> String {
        let name = Self.names[index % Self.names.count]
        var text = "import SwiftUI\n\n"
        var section = 0
        while text.count(of: "\n") < target {
            let type = "\(name)Screen\(index)Part\(section)"
            text += """
                struct \(type): View {
                    let items: [\(name)Item]
                    @State private var isExpanded = false
                    @State private var selection: \(name)Item.ID?
                    @State private var query = ""
                    @Binding var count: Int

                    var body: some View {
                        VStack(alignment: .leading, spacing: 12) {
                            header
                            List(selection: $selection) {
                                ForEach(items) { item in
                                    \(name)Row(item: item, isExpanded: isExpanded)
                                        .padding(.vertical, 4)
                                        .contentShape(Rectangle())
                                        .onTapGesture { selection = item.id }
                                }
                            }
                            .searchable(text: $query)

                """
            let extras = 2 + random.next(upTo: 6)
            for extra in 0..<extras {
                switch random.next(upTo: 12) {
                case 0: text += "                Text(\"\\(count) items\").foregroundColor(\(Self.colors[extra % Self.colors.count]))\n"
                case 1: text += "                Image(systemName: isExpanded ? \"\(Self.symbols[extra % Self.symbols.count]).fill\" : \"\(Self.symbols[extra % Self.symbols.count])\")\n"
                case 2: text += "                Text(\"Total\").animation(.easeInOut)\n"
                case 3: text += "                ForEach(items.sorted { $0.title < $1.title }) { Text($0.title) }\n"
                default:
                    text += """
                                    HStack {
                                        Text("Row \(extra)")
                                            .font(.headline)
                                            .foregroundStyle(.secondary)
                                        Spacer()
                                        Button("Add") { count += 1 }
                                            .buttonStyle(.borderedProminent)
                                    }
                                    .padding(.horizontal)

                    """
                }
            }
            text += """
                        }
                        .navigationTitle("\(name) \(section)")
                        .toolbar {
                            ToolbarItem(placement: .primaryAction) {
                                Button { isExpanded.toggle() } label: { Image(systemName: "chevron.down") }
                            }
                        }
                        .task { await load() }
                    }

                    private var header: some View {
                        HStack {
                            Text("\(name)").font(.largeTitle.bold())
                            Spacer()
                            Text(items.count, format: .number)
                        }
                    }

                    private func load() async {
                        try? await Task.sleep(for: .milliseconds(10))
                        count = items.count
                    }
                }

                struct \(type)Row: View {
                    let item: \(name)Item
                    let isExpanded: Bool

                    var body: some View {
                        VStack(alignment: .leading) {
                            Text(item.title).font(.body)
                            if isExpanded {
                                Text(item.detail)
                                    .font(.caption)
                                    .foregroundStyle(.secondary)
                                    .lineLimit(3)
                            }
                        }
                    }
                }


                """
            section += 1
        }
        return text
    }

    private func model(_ index: Int, random: inout SplitMix64) -> String {
        let name = Self.names[index % Self.names.count]
        var text = "import Foundation\n\n"
        for part in 0..<(3 + random.next(upTo: 5)) {
            text += """
                struct \(name)Item\(index)_\(part): Identifiable, Hashable, Codable {
                    let id: UUID
                    var title: String
                    var detail: String
                    var createdAt: Date
                    var tags: [String]

                    var isRecent: Bool { createdAt.timeIntervalSinceNow > -86_400 }

                    func matches(_ query: String) -> Bool {
                        query.isEmpty || title.localizedCaseInsensitiveContains(query)
                            || tags.contains { $0.localizedCaseInsensitiveContains(query) }
                    }
                }

                extension \(name)Item\(index)_\(part) {
                    static let samples: [Self] = (0..<20).map { number in
                        Self(id: UUID(), title: "Item \\(number)", detail: "Detail \\(number)", createdAt: .now, tags: ["a", "b"])
                    }
                }


                """
        }
        return text
    }

    private func service(_ index: Int, random: inout SplitMix64) -> String {
        let name = Self.names[index % Self.names.count]
        return """
            import Foundation

            actor \(name)Service\(index) {
                private let session: URLSession
                private var cache: [URL: Data] = [:]

                init(session: URLSession = .shared) {
                    self.session = session
                }

                func fetch(_ url: URL) async throws -> Data {
                    if let cached = cache[url] { return cached }
                    let (data, response) = try await session.data(from: url)
                    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
                    cache[url] = data
                    return data
                }

                func decode<T: Decodable>(_ type: T.Type, from url: URL) async throws -> T {
                    try JSONDecoder().decode(T.self, from: try await fetch(url))
                }

                func clear() {
                    cache.removeAll()
                }
            }

            """ + String(repeating: "// Padding comment line for realistic file sizes.\n", count: random.next(upTo: 40))
    }
}

/// A small, fast, deterministic PRNG (public domain SplitMix64): the same seed gives the
/// same numbers on every platform, so generated corpora and fuzz cases reproduce.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is not positive).
    public mutating func next(upTo bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}

extension String {
    func count(of character: Character) -> Int { reduce(0) { $0 + ($1 == character ? 1 : 0) } }
}
