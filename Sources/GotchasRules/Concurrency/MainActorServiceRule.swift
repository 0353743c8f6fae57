import GotchasCore
import SwiftSyntax

/// A service isolated to the main actor runs its request setup, decoding and file
/// I/O on the main thread.
struct MainActorServiceRule: Rule {
    static let description = RuleDescription(
        id: "mainactor-service",
        category: .concurrency,
        severity: .info,
        seed: "000 C1",
        summary: "`@MainActor` class named *Client/*Service/*API/*Repository that does `URLSession` or file I/O.",
        rationale: """
            A `@MainActor` service puts every synchronous part of its work (building requests, decoding \
            responses, file reads and writes) on the main thread, and every caller hops there. Make it \
            `final class APIClient: Sendable` with `nonisolated` methods, or an `actor` when it has mutable \
            state, and keep `@MainActor` for view models.
            """,
        notFlagged: [
            "test code, and a fake only previews and tests use",
            "observable models (`@Observable`, `@Published` state)",
            "a `Sendable`, nonisolated service",
            "no network or file I/O (a stat of one path is none)",
            "a window or overlay controller holding AppKit or UIKit objects",
        ],
        severityReason: "main-thread work that could move off it.",
        asks: [.referringTypes, .builtOnlyByPreviews, .declaration],
        useInstead: "a Sendable, nonisolated service",
        triggers: ["MainActor"],
        triggering: [
            """
            ↓@MainActor
            final class WeatherClient {
                func forecast() async throws -> Forecast {
                    let (data, _) = try await URLSession.shared.data(from: url)
                    return try JSONDecoder().decode(Forecast.self, from: data)
                }
            }
            """,
            """
            ↓@MainActor final class PhotoRepository: ObservableObject {
                func save(_ data: Data) throws { try data.write(to: FileManager.default.temporaryDirectory) }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor
                final class OverlayService {
                    private var panel: NSPanel?
                    func snapshot(to url: URL) throws { try Data().write(to: url) }
                }
                """, note: "a window controller: AppKit objects are main-actor-only"),
            RuleExample("""
                @MainActor
                final class ScriptService {
                    func canRun(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }
                }
                """, note: "a stat of one path is not I/O worth moving"),
            RuleExample("""
                @MainActor final class UploadService {
                    func upload(_ request: URLRequest) async throws -> Int {
                        let (_, response) = try await URLSession.shared.data(for: request)
                        return (response as? HTTPURLResponse)?.statusCode ?? 0
                    }
                    func export(_ data: Data, to url: URL) {
                        Task.detached { try? FileManager.default.removeItem(at: url); try? data.write(to: url) }
                    }
                }
                """, note: "an awaited request whose response is not decoded here, and file I/O in a detached task: neither runs on the main actor"),
            RuleExample("""
                @MainActor final class FakeRepository {
                    func thumbnail() async throws -> Data { try Data(contentsOf: sample) }
                }
                """, note: "a fake only previews and tests use", otherFiles: [
                    "Row.swift": "struct Row: View { var body: some View { Text(\"\") } }\n#Preview { Row().environment(Store(FakeRepository())) }",
                    "Tests/RepositoryTests.swift": "struct RepositoryTests { func load() async { _ = try? await FakeRepository().thumbnail() } }",
                ]),
            RuleExample("""
                @MainActor final class DocumentRepository {
                    private let session: URLSession
                    init(session: URLSession? = nil) { self.session = session ?? URLSession(configuration: .ephemeral) }
                    func documents() async throws -> [Document] { try await Self.load(session) }
                    @concurrent nonisolated static func load(_ session: URLSession) async throws -> [Document] {
                        let (data, _) = try await session.data(from: endpoint)
                        return try JSONDecoder().decode([Document].self, from: data)
                    }
                }
                """, note: "the I/O is in a `nonisolated`/`@concurrent` member; a stored `URLSession`, or making one, is no I/O"),
            RuleExample("""
                @MainActor final class ThemeService {
                    let label = "URLSession"
                    // FileManager.default
                }
                """, note: "a string and a comment"),
            RuleExample("""
                @MainActor @Observable final class FeedViewModel {
                    func load() async { let (data, _) = try! await URLSession.shared.data(from: url); items = try! JSONDecoder().decode([Item].self, from: data) }
                }
                """, note: "a view model"),
            RuleExample("""
                final class WeatherClient: Sendable {
                    nonisolated func forecast() async throws -> Data { try await URLSession.shared.data(from: url).0 }
                }
                """, note: "a Sendable, nonisolated service"),
            RuleExample("""
                @MainActor final class DraftSyncService {
                    var drafts: [String] = []
                    func merge(_ remote: [String]) { drafts.append(contentsOf: remote) }
                }
                """, note: "`append(contentsOf:)` adds a collection's elements; no file is read"),
            RuleExample("""
                @MainActor final class AnalyticsService {
                    var events: [String] = []
                    func log(_ event: String) { events.append(event) } // no URLSession here
                }
                """, note: "no network or file I/O"),
            RuleExample("""
                import XCTest
                @MainActor final class SignallingClient {
                    func send(_ signal: String) throws { try Data(signal.utf8).write(to: FileManager.default.temporaryDirectory) }
                }
                """, note: "test code (a file importing `XCTest`, or under a `…Tests` folder): a test helper on the main actor on purpose"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.classDecl]
    static let serviceSuffixes = ["Client", "Service", "API", "Api", "Repository"]
    static let ioNames: Set<String> = ["URLSession", "FileManager", "FileHandle", "contentsOf", "write"]

    /// Some member isolated to the class's actor names an I/O API in its code: a member declared
    /// `nonisolated` or `@concurrent` runs off the main actor, and a stored property's type
    /// (`let session: URLSession`) or a parameter's does no I/O by being written.
    static func doesIOOnTheMainActor(_ decl: ClassDeclSyntax) -> Bool { !ioNamesOnTheMainActor(decl).isEmpty }

    /// The I/O APIs the class's isolated members name in their code (see `doesIOOnTheMainActor`).
    /// Code in a `Task.detached { }` runs off the actor. An awaited `URLSession` call
    /// (`try await URLSession.shared.data(for:)`) suspends while the transfer runs elsewhere: it
    /// counts (as `awaitedNetwork`) only when the class also decodes on the actor.
    /// `URLSession(configuration: …)`: making a session object sends nothing.
    static func makesSession(_ token: TokenSyntax) -> Bool {
        guard token.text == "URLSession", let reference = token.parent?.as(DeclReferenceExprSyntax.self),
              let call = reference.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return call.calledExpression.id == reference.id
    }

    static func ioNamesOnTheMainActor(_ decl: ClassDeclSyntax) -> Set<String> {
        var found: Set<String> = []
        var awaitedNetwork = false, decodes = false
        for item in decl.memberBlock.members {
            let member = item.decl
            if let modifiers = member.asProtocol(WithModifiersSyntax.self)?.modifiers,
               modifiers.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) }) { continue }
            if let attributes = member.asProtocol(WithAttributesSyntax.self)?.attributes, attributes.contains("concurrent") { continue }
            for token in member.tokens(viewMode: .sourceAccurate) {
                guard case .identifier = token.tokenKind else { continue }  // not a string's text
                if decoders.contains(token.text) { decodes = decodes || !isInDetachedTask(token) }
                if ioNames.contains(token.text) && !(token.parent?.is(IdentifierTypeSyntax.self) ?? false)
                    && !(token.parent?.is(MemberTypeSyntax.self) ?? false) && !isCollectionLabel(token) && !isInDetachedTask(token)
                    && !isFileSystemCheck(token) && !makesSession(token) {
                    if token.text == "URLSession", token.isAwaitedInItsStatement { awaitedNetwork = true } else { found.insert(token.text) }
                }
            }
        }
        if awaitedNetwork, decodes || found.contains("URLSession") { found.insert(found.contains("URLSession") ? "URLSession" : Self.awaitedNetwork) }
        return found
    }

    /// `FileManager.default.fileExists(atPath:)`, `fileManager.isExecutableFile(atPath:)`: a stat of
    /// one path, not I/O worth moving off the main actor.
    static func isFileSystemCheck(_ token: TokenSyntax) -> Bool {
        guard token.text == "FileManager", var node = token.parent.map(Syntax.init) else { return false }
        while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
            if fileSystemChecks.contains(member.declName.baseName.text) { return true }
            node = Syntax(member)
        }
        return false
    }

    static let fileSystemChecks: Set<String> = ["fileExists", "isExecutableFile", "isReadableFile", "isWritableFile", "isDeletableFile"]

    /// UI objects of AppKit and UIKit: a class that holds one (a window or overlay controller) belongs
    /// on the main actor, whatever else it does.
    static let userInterfaceTypes: Set<String> = [
        "NSWindow", "NSPanel", "NSView", "NSStatusItem", "NSMenu", "NSWindowController", "NSViewController", "NSPopover",
        "UIWindow", "UIView", "UIViewController",
    ]

    /// A stored property of the class holds an AppKit/UIKit UI object (`private var overlay: NSPanel?`).
    static func holdsUserInterface(_ decl: ClassDeclSyntax) -> Bool {
        decl.memberBlock.members.contains { item in
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { return false }
            return variable.bindings.contains { binding in
                let written = binding.typeAnnotation?.type.trimmedText
                    ?? binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calleeName
                guard let written else { return false }
                let name = TypeNames.strippingOptional(written)
                return userInterfaceTypes.contains(name)
            }
        }
    }

    /// The name `ioNamesOnTheMainActor` gives awaited `URLSession` calls whose responses the actor decodes.
    static let awaitedNetwork = "URLSession (awaited)"
    static let decoders: Set<String> = ["JSONDecoder", "PropertyListDecoder", "JSONSerialization"]

    /// The token stands in the closure of a `Task.detached { }`, which does not run on the actor.
    static func isInDetachedTask(_ token: TokenSyntax) -> Bool {
        var node = token.parent
        while let current = node, !current.is(MemberBlockItemSyntax.self) {
            if let closure = current.as(ClosureExprSyntax.self), let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
               let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "detached",
               access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" {
                return true
            }
            node = current.parent
        }
        return false
    }

    /// `contentsOf:` labelling a method's argument (`items.append(contentsOf: more)`): a collection's
    /// elements, not a file; only an initializer (`Data(contentsOf: url)`, `String(contentsOf:)`) reads one.
    static func isCollectionLabel(_ token: TokenSyntax) -> Bool {
        guard token.text == "contentsOf", let call = token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return !TypeNames.startsUppercase(call.calleeName ?? "")
    }

    /// What the found I/O is, in the message's words.
    static func ioDescription(_ names: Set<String>) -> String {
        let network = names.contains("URLSession") ? "network requests"
            : names.contains(awaitedNetwork) ? "network requests (awaited: the transfer runs elsewhere) and decode their responses" : nil
        let files = names.subtracting(["URLSession", awaitedNetwork]).isEmpty ? nil : "file I/O"
        return [network, files].compactMap { $0 }.joined(separator: " and ")
    }

    /// An `ObservableObject` with a `@Published` stored property.
    static func publishesState(_ decl: ClassDeclSyntax) -> Bool {
        guard decl.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedText == "ObservableObject" }) == true else { return false }
        return decl.memberBlock.members.contains { $0.decl.as(VariableDeclSyntax.self)?.attributes.contains("Published") == true }
    }

    /// Some code names the type, and all of it is preview or test code: a top-level `#Preview`, a
    /// view only previews build, a `PreviewProvider`, a test case or a type under a `Tests` folder.
    static func isUsedOnlyByPreviewsAndTests(_ name: String, in context: RuleContext) -> Bool {
        guard let referring = context.typesReferring(to: name) else { return false }
        let users = referring.filter { $0 != name }
        return !users.isEmpty && users.allSatisfy { user in
            if user == FileIndex.previewKey || context.isBuiltOnlyByPreviews(user) { return true }
            guard !user.isEmpty, let declaration = context.declaration(of: user) else { return false }
            let type = declaration.scope
            return type.inherits("PreviewProvider") || type.inherits("XCTestCase")
                || declaration.path.split(separator: "/").contains { $0 == "Tests" || $0.hasSuffix("Tests") }
        }
    }

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let decl = node.cast(ClassDeclSyntax.self)
        let name = decl.name.text
        guard Self.serviceSuffixes.contains(where: { name.hasSuffix($0) }),
              let attribute = decl.attributes.attribute(named: "MainActor"),
              Self.doesIOOnTheMainActor(decl)
        else { return }
        // Test support (a UI-test signalling `Client`, a mock service) runs with the tests on the main
        // actor on purpose; the advice is about the app's own services.
        if context.isInTestCode { return }
        // An observable model is what views read (`@Observable`, or an `ObservableObject` with
        // `@Published` state): that state belongs on the main actor, whatever I/O it also does (a
        // player service's playback state).
        if decl.attributes.contains("Observable") || Self.publishesState(decl) { return }
        // A window or overlay controller (it holds an `NSWindow`, an `NSStatusItem`, a `UIView`): AppKit
        // and UIKit objects are main-actor-only, so the class cannot move off it.
        if Self.holdsUserInterface(decl) { return }
        // An in-memory fake that only previews and tests name: its I/O never runs in the app.
        if Self.isUsedOnlyByPreviewsAndTests(name, in: context) { return }
        let io = Self.ioNamesOnTheMainActor(decl)
        report.append(Finding(
            message: "`\(name)` is @MainActor and its isolated members do \(Self.ioDescription(io)) (\(io.sorted().map { $0 == Self.awaitedNetwork ? "`URLSession`" : "`\($0)`" }.joined(separator: ", "))): "
                + "that work runs on the main thread, and every caller hops there; move it to `nonisolated` methods of a `Sendable` class (or an `actor`)",
            range: attribute.byteRange))
    }
}
