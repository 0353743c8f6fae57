import Foundation
import GotchasCore
import GotchasCorpus
import ServerTestSupport
import Testing

/// The workspace model's scenarios (`WorkspaceModelScenario`, shared with the CLI's
/// `WorkspaceModelCLITests`) through the server: the scenario is the workspace folder, indexed
/// in the background; every file is opened once indexing ended, and its published diagnostics
/// and quick fixes must say what `lint` says.
@Suite struct WorkspaceModelServerTests {
    @Test(arguments: WorkspaceModelScenario.all.map(\.name))
    func serverFindsWhatTheModelSays(_ name: String) async throws {
        let scenario = try #require(WorkspaceModelScenario.all.first { $0.name == name })
        let (folder, client) = try await Self.indexed(scenario)
        var found: [WorkspaceModelScenario.Found] = []
        for (path, text) in scenario.files.sorted(by: { $0.key < $1.key }) {
            let uri = folder.uri(path)
            await client.open(uri, text)
            let published = try await client.publishedDiagnostics(for: uri, version: 1)
            for diagnostic in published["params", "diagnostics"]?.arrayValue ?? [] where diagnostic["code"]?.stringValue == scenario.rule {
                found.append(WorkspaceModelScenario.Found(
                    path: path, rule: scenario.rule, line: (diagnostic["range", "start", "line"]?.intValue ?? -1) + 1,
                    fix: try await fixApplicability(of: diagnostic, in: uri, client: client),
                    message: diagnostic["message"]?.stringValue ?? ""))
            }
        }
        #expect(scenario.mismatches(found) == [])
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// The model's answers follow edits of other open documents: when the property `priceText`
    /// reads (in `Ticket+Formatting.swift`) stops building a formatter, `Ticket.swift`, whose body
    /// reads it, is published again without its finding (and with it once more when it builds one again).
    @Test func bodyReachFollowsEditsInAnotherFile() async throws {
        try await Self.expectFindingFollowsEdit(of: "Ticket+Formatting.swift", replacing: "let formatter = NumberFormatter()",
                                                 with: "let formatter = cachedCurrency", in: .formatterProperties, rule: "formatter-in-body",
                                                 watching: "Ticket.swift", flaggedBefore: true)
    }

    /// The menu-content answer follows edits of another open document: when `Row` also builds
    /// `RowMenu` outside its context menu, `RowMenu.swift` is published again with the finding
    /// (its symbol can now morph), and without it once the edit is undone.
    @Test func menuContentFollowsEditsInAnotherFile() async throws {
        try await Self.expectFindingFollowsEdit(of: "Views/Row.swift", replacing: "Text(\"Row\")", with: "RowMenu()",
                                                 in: .menuContentViews, rule: "symbol-variant-by-name",
                                                 watching: "Views/RowMenu.swift", flaggedBefore: false)
    }

    /// The reach answer follows edits of the helper's file: when `relativeTime(_:)` reads a cached
    /// formatter instead of building one, the row that calls it is published again without its
    /// finding, and with it once the edit is undone.
    @Test func reachFollowsEditsOfTheHelper() async throws {
        try await Self.expectFindingFollowsEdit(of: "Helpers/Dates.swift", replacing: "let formatter = RelativeDateTimeFormatter()",
                                                 with: "let formatter = cachedRelative", in: .helperFormatters, rule: "formatter-in-body",
                                                 watching: "Views/ActivityRow.swift", flaggedBefore: true)
    }

    /// In-place edits in another file are evidence: when the store stops replacing an element
    /// in place, the list is published again without its finding, and with it once undone.
    @Test func elementEditsFollowEditsInAnotherFile() async throws {
        try await Self.expectFindingFollowsEdit(of: "AddressBook.swift", replacing: "contacts[i] = updated", with: "contacts = [updated]",
                                                 in: .elementEditsElsewhere, rule: "foreach-id-self-mutable",
                                                 watching: "ContactList.swift", flaggedBefore: true)
    }

    /// Store work through a value's declared type: when the model stops sorting its relationship
    /// on every read, the conversation is published again without its finding, and with it once undone.
    @Test func storeWorkFollowsEditsOfTheModel() async throws {
        try await Self.expectFindingFollowsEdit(of: "Models/Thread.swift", replacing: "messages.sorted { $0.timestamp < $1.timestamp }",
                                                 with: "messages", in: .storeWorkThroughMembers, rule: "work-in-body",
                                                 watching: "Views/Conversation.swift", flaggedBefore: true)
    }

    /// Work in an observed model's member: when the model's computed property stops sorting after
    /// its filter (a lone filter is not worth a warning at a count), the list is published again
    /// without its finding, and with it once undone.
    @Test func modelWorkFollowsEditsOfTheModel() async throws {
        try await Self.expectFindingFollowsEdit(of: "Models/PluginStore.swift", replacing: "return list.sorted { $0.name < $1.name }",
                                                 with: "return list", in: .modelWorkThroughMembers, rule: "work-in-body",
                                                 watching: "Views/PluginList.swift", flaggedBefore: true)
    }

    /// A static method's reach into another member of its type: when the store stops decoding,
    /// the badge is published again without its finding, and with it once undone.
    @Test func staticMethodReachFollowsEditsOfTheStore() async throws {
        try await Self.expectFindingFollowsEdit(of: "Models/GrantStore.swift", replacing: "return try? JSONDecoder().decode(Session.self, from: data)",
                                                 with: "return Session(grants: [])", in: .modelWorkThroughMembers, rule: "work-in-body",
                                                 watching: "Views/GrantsBadge.swift", flaggedBefore: true)
    }

    /// A countdown one call away: when the helper stops building a relative-date formatter, the
    /// timeline is published again without its finding, and with it once undone.
    @Test func relativeTimeFollowsEditsOfTheHelper() async throws {
        try await Self.expectFindingFollowsEdit(of: "Helpers/Dates.swift", replacing: "let formatter = RelativeDateTimeFormatter()",
                                                 with: "let formatter = DateFormatter()", in: .relativeTimeThroughHelper, rule: "manual-countdown",
                                                 watching: "Views/RefreshStamp.swift", flaggedBefore: true)
    }

    /// Trigonometry one call away: when the helper stops computing `sin`, the timeline is published
    /// again without its finding, and with it once undone.
    @Test func trigonometryFollowsEditsOfTheHelper() async throws {
        try await Self.expectFindingFollowsEdit(of: "Views/GlowBackground+Math.swift", replacing: "CGFloat((sin(value) + 1) / 2)",
                                                 with: "CGFloat(value.truncatingRemainder(dividingBy: 1))", in: .trigonometryThroughHelper,
                                                 rule: "timelineview-periodic-math", watching: "Views/GlowBackground.swift", flaggedBefore: true)
    }

    /// A conditional wrapper in another file: when it stops choosing between two views, the call's
    /// finding goes, and comes back once the edit is undone.
    @Test func conditionalWrapperFollowsEditsOfTheExtension() async throws {
        try await Self.expectFindingFollowsEdit(of: "Extensions/View+If.swift", replacing: "if condition { transform(self) } else { self }",
                                                 with: "transform(self)", in: .conditionalWrapper, rule: "conditional-view-identity",
                                                 watching: "Views/AttachmentRow.swift", flaggedBefore: true)
    }

    /// A project initializer in another file: when `Text(markdown:)` stops parsing Markdown, the
    /// row is published again without its finding, and with it once undone.
    @Test func initializerReachFollowsEditsOfTheExtension() async throws {
        try await Self.expectFindingFollowsEdit(of: "Extensions/Text+Markdown.swift", replacing: "(try? AttributedString(markdown: markdown)) ?? fallback",
                                                 with: "AttributedString(markdown)", in: .initializerExtensions, rule: "formatter-in-body",
                                                 watching: "Views/MessageRow.swift", flaggedBefore: true)
    }

    /// Work over data a method is given: when the method in another file stops filtering what it is
    /// given (its filters read another name), the list is published again without its finding, and
    /// with it once undone.
    @Test func workOverPassedDataFollowsEditsOfTheMethod() async throws {
        try await Self.expectFindingFollowsEdit(of: "Views/MemoList+Filter.swift", replacing: "func visibleMemos(_ memos: [Memo]",
                                                 with: "func visibleMemos(_ all: [Memo]", in: .workOverPassedData, rule: "work-in-body",
                                                 watching: "Views/MemoList.swift", flaggedBefore: true)
    }

    /// A list replaced whole in another file: when the model stops replacing it, the rows binding
    /// into it by index are published again without their finding, and with it once undone.
    @Test func shrinkingDataFollowsEditsOfTheModel() async throws {
        try await Self.expectFindingFollowsEdit(of: "Models/ShortcutsModel.swift", replacing: "shortcuts = Shortcut.loadAll()",
                                                 with: "shortcuts.append(contentsOf: Shortcut.loadAll())", in: .bindingsIntoShrinkingData,
                                                 rule: "foreach-index-identity", watching: "Views/ShortcutList.swift", flaggedBefore: true)
    }

    /// Opens `watched` (its `rule` finding present or not, as `flaggedBefore` says), then edits
    /// `edited` and expects `watched` to be published again with the opposite, and with the
    /// first state once the edit is undone: the answer of a question about other files follows them.
    /// Whether a caller passes changing state follows edits two files away: when `Root` stops
    /// feeding `Inbox`'s input from its `@State`, `Badge` (whose state `Inbox` seeds from that input) is
    /// published again with its finding at info, and at warning once the edit is undone.
    @Test func stateFedThroughACallerFollowsEditsOfTheCallersCaller() async throws {
        let scenario = WorkspaceModelScenario.stateFedThroughACaller
        let (folder, client) = try await Self.indexed(scenario)
        let watchedURI = folder.uri("Badge.swift"), editedURI = folder.uri("Root.swift")
        @Sendable func published(severity: Int) -> @Sendable (JSON) -> Bool {
            { message in
                message["params", "uri"]?.stringValue == watchedURI
                    && message["params", "diagnostics"]?.arrayValue?.contains {
                        $0["code"]?.stringValue == "state-not-private" && $0["severity"]?.intValue == severity
                    } == true
            }
        }
        await client.open(watchedURI, try #require(scenario.files["Badge.swift"]))
        _ = try await client.notification("textDocument/publishDiagnostics", where: published(severity: 2))
        let text = try #require(scenario.files["Root.swift"])
        await client.open(editedURI, text)
        await client.change(editedURI, version: 2, [["text": .string(text.replacingOccurrences(of: "Inbox(unread: total)", with: "Inbox(unread: 3)"))]])
        _ = try await client.notification("textDocument/publishDiagnostics", where: published(severity: 3))
        await client.change(editedURI, version: 3, [["text": .string(text)]])
        _ = try await client.notification("textDocument/publishDiagnostics", where: published(severity: 2))
        #expect(try await client.shutdownAndExit() == 0)
    }

    static func expectFindingFollowsEdit(of edited: String, replacing old: String, with new: String,
                                         in scenario: WorkspaceModelScenario, rule: String,
                                         watching watched: String, flaggedBefore: Bool) async throws {
        let (folder, client) = try await indexed(scenario)
        let editedURI = folder.uri(edited), watchedURI = folder.uri(watched)
        @Sendable func published(flagged: Bool) -> @Sendable (JSON) -> Bool {
            { message in
                message["params", "uri"]?.stringValue == watchedURI
                    && (message["params", "diagnostics"]?.arrayValue?.contains { $0["code"]?.stringValue == rule } == true) == flagged
            }
        }
        await client.open(watchedURI, try #require(scenario.files[watched]))
        _ = try await client.notification("textDocument/publishDiagnostics", where: published(flagged: flaggedBefore))
        let text = try #require(scenario.files[edited])
        #expect(text.contains(old))
        await client.open(editedURI, text)
        await client.change(editedURI, version: 2, [["text": .string(text.replacingOccurrences(of: old, with: new))]])
        _ = try await client.notification("textDocument/publishDiagnostics", where: published(flagged: !flaggedBefore))
        await client.change(editedURI, version: 3, [["text": .string(text)]])
        _ = try await client.notification("textDocument/publishDiagnostics", where: published(flagged: flaggedBefore))
        #expect(try await client.shutdownAndExit() == 0)
    }

    /// A server whose workspace folder holds the scenario's files, once it has indexed them.
    static func indexed(_ scenario: WorkspaceModelScenario) async throws -> (TemporaryDirectory, TestClient) {
        let folder = TemporaryDirectory()
        for (path, text) in scenario.files { _ = folder.write(path, text) }
        let client = TestClient()
        _ = try await client.initialize(folders: [folder.path])
        try await client.indexed()
        return (folder, client)
    }

    /// "safe" or "unsafe" for the diagnostic's own fix among its quick fixes, nil without one
    /// (the fix-all, disable and documentation actions are not its fix).
    func fixApplicability(of diagnostic: JSON, in uri: String, client: TestClient) async throws -> String? {
        let response = try await client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": diagnostic["range"] ?? .null,
            "context": ["diagnostics": [diagnostic]],
        ])
        let fixes = (response["result"]?.arrayValue ?? []).compactMap(\.["title"]?.stringValue).filter { title in
            !["Fix all", "Disable", "Show documentation"].contains { title.hasPrefix($0) }
        }
        guard let fix = fixes.first else { return nil }
        return fix.contains("(unsafe") ? "unsafe" : "safe"
    }
}

/// Severity follows evidence in another file: the open document's finding is published at
/// `before`, again at `after` once `edited` changes, and at `before` once the edit is undone.
enum SeverityFollowsEdit {
    static func expect(_ scenario: WorkspaceModelScenario, rule: String, watching watched: String, before: Int, after: Int,
                       editing edited: String, replacing old: String, with new: String) async throws {
        let (folder, client) = try await WorkspaceModelServerTests.indexed(scenario)
        let watchedURI = folder.uri(watched), editedURI = folder.uri(edited)
        @Sendable func published(severity: Int) -> @Sendable (JSON) -> Bool {
            { message in
                message["params", "uri"]?.stringValue == watchedURI
                    && message["params", "diagnostics"]?.arrayValue?.contains {
                        $0["code"]?.stringValue == rule && $0["severity"]?.intValue == severity
                    } == true
            }
        }
        await client.open(watchedURI, try #require(scenario.files[watched]))
        _ = try await client.notification("textDocument/publishDiagnostics", where: published(severity: before))
        let text = try #require(scenario.files[edited])
        await client.open(editedURI, text)
        await client.change(editedURI, version: 2, [["text": .string(text.replacingOccurrences(of: old, with: new))]])
        _ = try await client.notification("textDocument/publishDiagnostics", where: published(severity: after))
        await client.change(editedURI, version: 3, [["text": .string(text)]])
        _ = try await client.notification("textDocument/publishDiagnostics", where: published(severity: before))
        #expect(try await client.shutdownAndExit() == 0)
    }
}

/// An observed object the view makes: when its class (another file) stops changing its state after
/// its `init`, the open view is published again with info, and with the warning once undone.
@Suite struct ObjectWritesServerTests {
    @Test func aClassThatStopsChangingItsStateLowersTheWarning() async throws {
        try await SeverityFollowsEdit.expect(.objectChangedElsewhere, rule: "observed-object-owned", watching: "Views/Login.swift",
                                             before: 2, after: 3, editing: "Services/LoginService.swift",
                                             replacing: "attempts += 1", with: "print(attempts)")
    }
}

/// A warning in a view nothing builds is info; when another file starts building the view, the
/// open view is published again with its warning, and with info once the edit is undone.
@Suite struct UnusedCodeServerTests {
    @Test func aViewBuiltByAnotherFileGetsItsWarningBack() async throws {
        try await SeverityFollowsEdit.expect(.codeNothingRuns, rule: "uiscreen-bounds", watching: "Views/Orphan.swift",
                                             before: 3, after: 2, editing: "HeroApp.swift",
                                             replacing: "Hero() }", with: "Hero(); Orphan() }")
    }
}
