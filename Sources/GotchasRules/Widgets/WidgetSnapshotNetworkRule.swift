import GotchasCore
import SwiftSyntax

/// `getSnapshot` feeds the widget gallery and configuration UI: it must return at
/// once with plausible sample data, never wait on the network.
struct WidgetSnapshotNetworkRule: Rule {
    static let description = RuleDescription(
        id: "widget-snapshot-network",
        category: .widgets,
        severity: .warning,
        seed: "000 W5",
        summary: "Network requests (`URLSession`) inside `getSnapshot`/`snapshot(for:in:)`.",
        rationale: """
            The snapshot is what the widget gallery and the edit sheet show, and the system gives it well \
            under a second. Awaiting a request there leaves a blank or placeholder tile. Return sample or \
            cached data from the snapshot, and fetch in `getTimeline`/`timeline(for:in:)`.
            """,
        notFlagged: [
            "an awaited helper that reads a cache",
            "the network in the timeline",
            "comments and strings",
        ],
        severityReason: "a blank tile in the gallery.",
        useInstead: "the network in getTimeline",
        triggers: ["URLSession", "Client"],
        triggering: [
            RuleExample("""
                import WidgetKit
                struct ForecastProvider: AppIntentTimelineProvider {
                    private let client = APIClient.shared
                    func snapshot(for configuration: CityIntent, in context: Context) async -> ForecastEntry {
                        await ↓makeEntry(for: configuration)
                    }
                    private func makeEntry(for configuration: CityIntent) async -> ForecastEntry {
                        let days = (try? await client.getForecast(city: configuration.city)) ?? []
                        return ForecastEntry(days: days)
                    }
                }
                """, note: "a helper awaiting the type's network client (`APIClient.shared`)"),
            """
            import WidgetKit
            struct Provider: TimelineProvider {
                func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
                    ↓URLSession.shared.dataTask(with: url) { data, _, _ in
                        completion(Entry(date: .now, data: data))
                    }.resume()
                }
            }
            """,
            """
            import WidgetKit
            struct Provider: AppIntentTimelineProvider {
                func snapshot(for configuration: Intent, in context: Context) async -> Entry {
                    let (data, _) = try! await ↓URLSession.shared.data(from: Self.feedURL)
                    return Entry(date: .now, data: data)
                }
            }
            """,
            """
            import WidgetKit
            struct Provider: AppIntentTimelineProvider {
                func snapshot(for configuration: Config, in context: Context) async -> Entry {
                    let account = await ↓fetchAccount(configuration: configuration)
                    return Entry(date: Date(), account: account)
                }
                func timeline(for configuration: Config, in context: Context) async -> Timeline<Entry> {
                    let account = await fetchAccount(configuration: configuration)
                    return Timeline(entries: [Entry(date: Date(), account: account)], policy: .atEnd)
                }
                private func fetchAccount(configuration: Config) async -> Account {
                    let client = MastodonClient(server: configuration.server)
                    return (try? await client.get(endpoint: .me)) ?? .placeholder
                }
            }
            """,
            """
            import WidgetKit
            struct Provider: AppIntentTimelineProvider {
                func snapshot(for configuration: Config, in context: Context) async -> Entry {
                    if let entry = await ↓timeline(for: configuration, context: context).entries.first { return entry }
                    return .sample
                }
                private func timeline(for configuration: Config, context: Context) async -> Timeline<Entry> {
                    let images = try? await loadImages(configuration.urls)
                    return Timeline(entries: [Entry(date: .now, images: images ?? [])], policy: .atEnd)
                }
                private func loadImages(_ urls: [URL]) async throws -> [Data] {
                    var result: [Data] = []
                    for url in urls { result.append(try await URLSession.shared.data(from: url).0) }
                    return result
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                import WidgetKit
                struct ForecastProvider: AppIntentTimelineProvider {
                    private let cache = ForecastCache.shared
                    func snapshot(for configuration: CityIntent, in context: Context) async -> ForecastEntry {
                        await makeEntry(for: configuration)
                    }
                    private func makeEntry(for configuration: CityIntent) async -> ForecastEntry {
                        ForecastEntry(days: await cache.lastForecast(city: configuration.city))
                    }
                }
                """, note: "a helper reading a cache, not a network client"),
            RuleExample("""
                import WidgetKit
                struct Provider: AppIntentTimelineProvider {
                    func snapshot(for configuration: Config, in context: Context) async -> Entry {
                        await loadCached(configuration)
                    }
                    private func loadCached(_ configuration: Config) async -> Entry {
                        (try? JSONDecoder().decode(Entry.self, from: Data(contentsOf: cacheURL))) ?? .sample
                    }
                }
                """, note: "an awaited helper that reads a cache"),
            RuleExample("""
                import WidgetKit
                struct Provider: TimelineProvider {
                    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
                        completion(.sample)
                    }
                    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
                        URLSession.shared.dataTask(with: url) { data, _, _ in completion(Timeline(entries: [], policy: .atEnd)) }.resume()
                    }
                }
                """, note: "the network in getTimeline"),
            RuleExample("""
                import WidgetKit
                struct Provider: TimelineProvider {
                    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
                        // URLSession.shared.data(from: url)
                        let label = "URLSession"
                        completion(.sample)
                    }
                }
                """, note: "comments and strings"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.declReferenceExpr, .functionCallExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        if let call = node.as(FunctionCallExprSyntax.self) {
            checkHelperCall(call, in: context, report: &report)
            return
        }
        let reference = node.cast(DeclReferenceExprSyntax.self)
        guard reference.baseName.text == "URLSession", let function = context.functionStack.last(where: { $0.kind == .function }),
              let decl = function.node.as(FunctionDeclSyntax.self), Self.isSnapshot(decl),
              WorkspaceRuleSupport.isWidgetFile(context)
                || context.enclosingType?.inheritedTypes.contains(where: { $0.hasSuffix("TimelineProvider") }) == true
        else { return }
        // The whole request: `URLSession.shared.data(from: url)`.
        var range: Range<Int> = reference.byteRange
        var current = Syntax(reference)
        while let parent = current.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == current.id {
                current = parent
            } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == current.id {
                range = range.lowerBound..<(call.rightParen?.endPositionBeforeTrailingTrivia.utf8Offset ?? call.calledExpression.endPositionBeforeTrailingTrivia.utf8Offset)
                current = parent
                break
            } else {
                break
            }
        }
        report.append(Finding(
            message: "network request in the widget snapshot: the gallery and edit sheet wait on it and show a placeholder; return sample or cached data here and fetch in the timeline",
            range: range))
    }

    /// `await fetchAccount(…)` where that method of the same type makes a request
    /// (uses `URLSession` or constructs a `…Client`).
    private func checkHelperCall(_ call: FunctionCallExprSyntax, in context: RuleContext, report: inout [Finding]) {
        guard call.isAwaitedInItsStatement,
              let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? call.calledExpression.as(MemberAccessExprSyntax.self).flatMap({ $0.base?.trimmedText == "self" ? $0.declName.baseName.text : nil }),
              let function = context.functionStack.last(where: { $0.kind == .function }),
              let decl = function.node.as(FunctionDeclSyntax.self), Self.isSnapshot(decl),
              WorkspaceRuleSupport.isWidgetFile(context),
              let members = decl.ancestor(MemberBlockSyntax.self)
        else { return }
        var visited: Set<String> = []
        guard Self.helperMakesRequest(name, in: members, depth: 0, visited: &visited) else { return }
        report.append(Finding(
            message: "`\(name)` makes a network request, awaited in the widget snapshot: the gallery and edit sheet wait on it and show a placeholder; return sample or cached data here and fetch in the timeline",
            range: call.byteRange))
    }

    /// A method of the type (any overload) that makes a request, directly or through
    /// awaited calls to other methods of the type (a few levels).
    static func helperMakesRequest(_ name: String, in members: MemberBlockSyntax, depth: Int, visited: inout Set<String>) -> Bool {
        guard depth < 3, visited.insert(name).inserted else { return false }
        let helpers = members.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.filter { $0.name.text == name && $0.body != nil }
        for helper in helpers {
            guard let body = helper.body else { continue }
            if makesRequest(body) || awaitsClientProperty(body, in: members) { return true }
            let tokens = Array(body.tokens(viewMode: .sourceAccurate))
            for index in tokens.indices where tokens[index].text == "await" && index + 2 < tokens.count {
                var next = index + 1
                if tokens[next].text == "self", next + 2 < tokens.count, tokens[next + 1].text == "." { next += 2 }
                guard case .identifier(let callee) = tokens[next].tokenKind, tokens[next + 1].text == "(" else { continue }
                if helperMakesRequest(callee, in: members, depth: depth + 1, visited: &visited) { return true }
            }
        }
        return false
    }

    /// `try await client.getForecast(…)` (or `async let f = client.getForecast(…)`) where `client` is a stored property of the type holding a
    /// network client (`private let client = APIClient.shared`, `let api: WeatherClient`).
    static func awaitsClientProperty(_ body: CodeBlockSyntax, in members: MemberBlockSyntax) -> Bool {
        let clients = Set(members.members.compactMap { member -> String? in
            guard let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                  binding.accessorBlock == nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { return nil }
            let written = binding.typeAnnotation?.type.trimmedDescription
                ?? binding.initializer.map { String($0.value.trimmedDescription.prefix { $0 != "." && $0 != "(" }) }
            guard let written, written.hasSuffix("Client"), written.first?.isUppercase == true else { return nil }
            return name
        })
        guard !clients.isEmpty else { return false }
        // A method called on it (`client.getForecast(…)`, awaited or bound with `async let`).
        let tokens = Array(body.tokens(viewMode: .sourceAccurate))
        return tokens.indices.contains { index in
            guard clients.contains(tokens[index].text), index + 3 < tokens.count, tokens[index + 1].text == ".",
                  index == 0 || tokens[index - 1].text != "." || (index >= 2 && tokens[index - 2].text == "self")
            else { return false }
            return tokens[index + 3].text == "("
        }
    }

    static func makesRequest(_ body: CodeBlockSyntax) -> Bool {
        let tokens = Array(body.tokens(viewMode: .sourceAccurate))
        return tokens.indices.contains { index in
            let text = tokens[index].text
            if text == "URLSession" { return true }
            return text.hasSuffix("Client") && text.first?.isUppercase == true && index + 1 < tokens.count && tokens[index + 1].text == "("
        }
    }

    static func isSnapshot(_ decl: FunctionDeclSyntax) -> Bool {
        let name = decl.name.text
        let labels = decl.signature.parameterClause.parameters.map { $0.firstName.text }
        return (name == "getSnapshot" && labels.contains("in")) || (name == "snapshot" && labels.contains("in"))
    }
}
