import GotchasCore
import GotchasRules
import Testing

/// Every rule's corrections, type-checked with `swiftc` against the stand-in modules
/// (`TypeCheckOracle`). `RuleExampleTests` proves the engine produces the `after` text and
/// that it parses; this proves it compiles wherever the `before` did:
/// - the `before` type-checks in Swift 5 or Swift 6 mode (or both) — a `before` that does not
///   is a broken fixture (or is listed in `knownFailures` with the reason);
/// - in each language mode where the `before` type-checks, the engine's output does too.
/// The engine's output is computed as in `RuleExampleTests` (`RuleHarness.fix`: safe fixes to a
/// fixpoint, or the fix named by `fixTitle`). A correction whose `otherFiles` set default
/// `MainActor` isolation (Package.swift, xcconfig, pbxproj) is checked with `-default-isolation MainActor`;
/// its other `.swift` files are checked in the same invocation.
@Suite struct CorrectionTypeCheckTests {
    /// What a rule's fixtures leave out: the names they use and a view to put fragments in.
    /// Only the type checker sees this; the linter sees the fixture exactly as written.
    struct Context {
        /// Modules the fixture file (and `declarations`) import.
        var imports = ["SwiftUI"]
        /// Members of the view that an expression or member fragment is put in.
        var members = ""
        /// Top-level declarations, in a file of their own next to the fixture.
        var declarations = ""
        /// Replaces the view fragments are put in (`◊` marks the fragment).
        var wrapper: String?
        /// More declarations for some corrections only, keyed by a line their `before` contains
        /// (several corrections of a rule may start alike).
        var declarationsFor: [String: String] = [:]
    }

    static let contexts: [String: Context] = [
        // `.brand` comes from the correction's own `Color+Brand.swift`.
        "foreground-color": Context(members: "let isOn = true\nlet on = true"),
        "corner-radius": Context(members: "let title = \"Title\"\nlet isCompact = false"),
        // `Post` comes from the correction's own `Post.swift`.
        "foreach-index-identity": Context(declarations: """
            struct Row: View {
                let index: Int
                let item: Post
                var body: some View { Text("\\(index)") }
            }
            """),
        "navigation-bar-placement": Context(wrapper: "struct Fixture: View {\nvar body: some View {\nText(\"\").toolbar {\n◊\n}\n}\n}"),
        "navigation-view": Context(
            members: "let items: [Item] = []",
            declarations: """
                struct Item: Identifiable { let id: Int; let name: String }
                struct Sidebar: View { var body: some View { Text("Sidebar") } }
                struct Content: View { var body: some View { Text("Content") } }
                struct Detail: View { var body: some View { Text("Detail") } }
                """),
        "observed-object-owned": Context(
            declarations: """
                final class ProfileModel: ObservableObject {
                    var name = "Ada"
                    var badge = "★"
                    func reload() {}
                }
                """,
            declarationsFor: ["// owned": "extension ProfileView { var body: some View { Text(\"Profile\") } }"]),
        // Under default MainActor isolation a plain `struct Theme` and its statics are MainActor too,
        // and `nonisolated static let defaultValue: Theme = .standard` could not read `.standard`:
        // the fix needs a `Sendable` theme whose statics are nonisolated (FailureClassTests shows both).
        "nonisolated-default-value": Context(declarationsFor: [
            "private struct ThemeKey: EnvironmentKey {": "nonisolated struct Theme: Sendable { static let standard = Theme() }",
        ]),
        "offmain-entry-mainactor": Context(
            imports: ["SwiftUI", "SwiftData", "AppIntents"],
            declarations: """
                final class Habit: PersistentModel {}
                enum SharedModel { static let container = try! ModelContainer(for: Habit.self) }
                extension CompleteHabitIntent { static let title: LocalizedStringResource = "Complete" }
                """),
        "onappear-task": Context(
            members: "let posts: [Post] = []\nlet cache = Cache()\nfunc load() async {}",
            declarations: """
                final class Cache: Sendable { func read() async throws -> String { "" } }
                struct Post: Identifiable { let id: Int }
                struct PostRow: View { let post: Post; var body: some View { Text("\\(post.id)") } }
                """),
        "onchange-single-parameter": Context(
            members: """
                @State private var query = ""
                let model = SearchModel()
                let phase = ScenePhase.active
                let text = "draft"
                func pause(_ phase: ScenePhase) {}
                """,
            declarations: """
                final class SearchModel {
                    func search(_ query: String) {}
                    func save(_ text: String) {}
                }
                """),
        "safe-area-inset-bottom": Context(
            members: "let messages: [Message] = []",
            declarations: """
                struct Message: Identifiable { let id: Int }
                struct MessageRow: View { let message: Message; var body: some View { Text("\\(message.id)") } }
                struct ComposeBar: View { var body: some View { Text("Compose") } }
                """),
        "state-not-private": Context(declarationsFor: [
            "struct Counter: View {": """
                final class Model: ObservableObject {}
                extension Counter { var body: some View { Text("Counter") } }
                """,
            "struct A: View { @State internal var x = 0; @State nonisolated(unsafe) var y = 1 }":
                "extension A { var body: some View { Text(\"A\") } }",
        ]),
        "symbol-replace-by-layer": Context(members: "let name = \"star\""),
        // `on` is global: `let label = Text(Image(systemName: on ? …))` is a stored property's initializer.
        "symbol-variant-by-name": Context(members: "let isDone = false\nlet a = 1\nlet b = 2\nlet done = true",
                                          declarations: "let on = true"),
    ]

    /// Corrections that do not type-check, each with why. Keyed by rule ID and a line of the
    /// `before` (`beforeContains`, which must pick out one correction); a listed failure that
    /// starts passing fails the test, so the list stays true.
    struct KnownFailure {
        var ruleID: String
        var beforeContains: String
        var side: Side
        var reason: String
    }
    enum Side: String, Sendable { case before, after }

    static let knownFailures: [KnownFailure] = [
        KnownFailure(
            ruleID: "offmain-entry-mainactor", beforeContains: "struct CompleteHabitIntent: AppIntent {", side: .before,
            reason: """
                the gotcha itself: a nonisolated `async` perform() reading the @MainActor `mainContext` \
                synchronously is an isolation error in Swift 5 mode too (the context is async); such code \
                builds only with `@preconcurrency import SwiftData` or default MainActor isolation. The fix \
                (`@MainActor func perform()`) is what makes it compile, which the `after` check proves.
                """),
        // Unsafe fixes whose `after` cannot compile, by design: each leaves the one place a human
        // must decide for the compiler to point at. Safe fixes never appear here.
        KnownFailure(
            ruleID: "state-not-private", beforeContains: "let item: String", side: .after,
            reason: """
                unsafe because a caller passes the label (`Row(item: "a", count: 3)` in List.swift): with \
                `private` the memberwise initializer drops `count:`, so that call is an "extra argument". \
                No rewrite of the view alone keeps it compiling without keeping the gotcha (the value the \
                caller passes is used only on first appearance); the caller must stop passing it.
                """),
        KnownFailure(
            ruleID: "state-not-private", beforeContains: "@State var draft", side: .after,
            reason: """
                unsafe because `extension Editor` in Editor+Logic.swift uses `draft`: `private` reaches only \
                the type's code in its own file, so that extension no longer compiles ("inaccessible due to \
                'private' protection level"). Moving the extension's code or making it `fileprivate` in one \
                file is a human's choice; the workspace model's member uses are what make it unsafe.
                """),
        KnownFailure(
            ruleID: "foreground-color", beforeContains: "var color: Color?", side: .after,
            reason: """
                unsafe because the argument is a `Color?`: `foregroundStyle` takes a non-optional \
                `ShapeStyle`, and what `nil` should become (no override, `.primary`, `.foreground`) is a \
                choice that changes behaviour, so the fix leaves `color` for a human to unwrap.
                """),
        KnownFailure(
            ruleID: "symbol-variant-by-name", beforeContains: "let label = Text(Image(", side: .after,
            reason: """
                unsafe because `Text(_:)` takes an `Image`, and `.symbolVariant` returns `some View`: no \
                placement of the modifier compiles inside `Text(Image(…))`; the view must be restructured.
                """),
        KnownFailure(
            ruleID: "symbol-variant-by-name", beforeContains: "var icon: Image {", side: .after,
            reason: """
                unsafe because the property's type is `Image` and `.symbolVariant` returns `some View`; \
                the declared type (`some View`) and its users must change too, which the fix cannot see.
                """),
        KnownFailure(
            ruleID: "symbol-variant-by-name", beforeContains: ".tinted()", side: .after,
            reason: """
                unsafe because `.tinted()` is the project's `extension Image` method (Image+Tint.swift): \
                after `.symbolVariant` the receiver is `some View`, which has no `tinted()`; the modifier \
                would have to go after it, and what `tinted()` returns is not known to be a view.
                """),
    ]

    /// One correction, ready to check: the files for each side and the isolation.
    struct Job: Sendable {
        var ruleID: String
        var index: Int
        var beforeStart: String
        /// The fixture as written (what `KnownFailure.beforeContains` is matched against).
        var beforeCode: String
        var before: [String: String]
        var after: [String: String]
        var afterText: String
        var isolation: TypeCheckOracle.DefaultIsolation
    }

    struct Outcome: Sendable {
        var job: Job
        /// Errors per language mode, for each side.
        var before: [TypeCheckOracle.LanguageMode: [String]]
        var after: [TypeCheckOracle.LanguageMode: [String]]
    }

    static func jobs() -> [Job] {
        var jobs: [Job] = []
        for rule in RuleCatalog.all {
            let id = rule.description.id
            let context = contexts[id] ?? Context()
            for (index, correction) in rule.description.corrections.enumerated() {
                let before = RuleExample(correction.before).strippedWithMarkers.code
                let after = RuleHarness.fix(before, only: id, correction: correction, otherFiles: correction.otherFiles)
                let beforeStart = String(before.prefix(while: { $0 != "\n" }))
                let declarations = ([context.declarations] + context.declarationsFor.sorted(by: { $0.key < $1.key })
                    .filter { before.contains($0.key) }.map(\.value))
                    .filter { !$0.isEmpty }.joined(separator: "\n")
                func files(_ code: String) -> [String: String] {
                    var files = ["Fixture.swift": TypeCheckOracle.snippet(
                        code, imports: context.imports, members: context.members, wrapper: context.wrapper)]
                    if !declarations.isEmpty {
                        files["Context.swift"] = context.imports.map { "import \($0)\n" }.joined() + declarations + "\n"
                    }
                    // Settings files (Package.swift) set the isolation below; they are not module sources.
                    for (path, text) in correction.otherFiles where path.hasSuffix(".swift") && !path.hasSuffix("Package.swift") {
                        files["Other/" + path] = TypeCheckOracle.snippet(text, imports: context.imports)
                    }
                    return files
                }
                var settings = WorkspaceIndex()
                for (path, text) in correction.otherFiles { settings.updateSettings(path: path, text: text) }
                jobs.append(Job(
                    ruleID: id, index: index,
                    beforeStart: beforeStart, beforeCode: before,
                    before: files(before), after: files(after), afterText: after,
                    isolation: settings.defaultIsolationIsMainActor ? .mainActor : .nonisolated))
            }
        }
        return jobs
    }

    static func check(_ job: Job) async throws -> Outcome {
        var outcome = Outcome(job: job, before: [:], after: [:])
        for mode in TypeCheckOracle.LanguageMode.allCases {
            outcome.before[mode] = try await TypeCheckOracle.typeCheck(files: job.before, languageMode: mode, defaultIsolation: job.isolation)
            outcome.after[mode] = try await TypeCheckOracle.typeCheck(files: job.after, languageMode: mode, defaultIsolation: job.isolation)
        }
        return outcome
    }

    static func describe(_ files: [String: String], errors: [String]) -> String {
        let listing = files.sorted(by: { $0.key < $1.key }).map { name, text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { "\(String($0.offset + 1).leftPadded(to: 4)) | \($0.element)" }
            return "--- \(name)\n" + lines.joined(separator: "\n")
        }
        return "swiftc errors:\n" + errors.joined(separator: "\n") + "\n" + listing.joined(separator: "\n")
    }

    @Test func correctionsTypeCheckBeforeAndAfter() async throws {
        let jobs = Self.jobs()
        #expect(!jobs.isEmpty)
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            // Jobs queue on the oracle's process slots (one swiftc per core).
            for job in jobs { group.addTask { try await Self.check(job) } }
            var outcomes: [Outcome] = []
            for try await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { ($0.job.ruleID, $0.job.index) < ($1.job.ruleID, $1.job.index) }
        }
        var usedKnownFailures = Set<Int>()
        var summary: [String: (corrections: Int, before: Int, after: Int)] = [:]
        var details: [String] = []
        for outcome in outcomes {
            let job = outcome.job
            let label = "\(job.ruleID) correction \(job.index + 1) (\(job.beforeStart))"
            func known(_ side: Side) -> Int? {
                Self.knownFailures.firstIndex { $0.ruleID == job.ruleID && job.beforeCode.contains($0.beforeContains) && $0.side == side }
            }
            let beforeModes = TypeCheckOracle.LanguageMode.allCases.filter { outcome.before[$0]?.isEmpty == true }
            let afterFailures = beforeModes.filter { outcome.after[$0]?.isEmpty != true }
            summary[job.ruleID, default: (0, 0, 0)].corrections += 1
            if !beforeModes.isEmpty { summary[job.ruleID, default: (0, 0, 0)].before += 1 }
            // The after must compile where the before did; a before that compiles nowhere asks
            // the after to compile in Swift 6 mode at least.
            let afterModes = beforeModes.isEmpty ? [.swift6] : beforeModes
            let afterCompiles = afterModes.allSatisfy { outcome.after[$0]?.isEmpty == true }
            if afterCompiles { summary[job.ruleID, default: (0, 0, 0)].after += 1 }
            func modes(_ errors: [TypeCheckOracle.LanguageMode: [String]]) -> String {
                let passing = TypeCheckOracle.LanguageMode.allCases.filter { errors[$0]?.isEmpty == true }
                return passing.isEmpty ? "none" : passing.map { "Swift \($0.rawValue)" }.joined(separator: ", ")
            }
            details.append("  \(label): before type-checks in \(modes(outcome.before)); after in \(modes(outcome.after))")

            if let index = known(.before) {
                usedKnownFailures.insert(index)
                #expect(beforeModes.isEmpty, "\(label): listed as a known `before` failure but it now type-checks; remove it from knownFailures")
            } else {
                #expect(!beforeModes.isEmpty, "\(label): the `before` does not type-check (a broken fixture; add the names it needs to `contexts`):\n\(Self.describe(job.before, errors: outcome.before[.swift6] ?? []))")
            }
            if let index = known(.after) {
                usedKnownFailures.insert(index)
                #expect(!afterCompiles, "\(label): listed as a known `after` failure but the fix now type-checks; remove it from knownFailures")
            } else {
                let mode = beforeModes.isEmpty ? TypeCheckOracle.LanguageMode.swift6 : (afterFailures.first ?? .swift6)
                #expect(afterCompiles, "\(label): the fixed code does not type-check in Swift \(mode.rawValue) mode, where the `before` does:\n\(job.afterText)\n\(Self.describe(job.after, errors: outcome.after[mode] ?? []))")
            }
        }
        for failure in Self.knownFailures {
            let matching = jobs.filter { $0.ruleID == failure.ruleID && $0.beforeCode.contains(failure.beforeContains) }
            #expect(matching.count <= 1, "knownFailures' \(failure.ruleID) (\(failure.beforeContains)) matches \(matching.count) corrections; make it pick out one")
        }
        for (index, failure) in Self.knownFailures.enumerated() where !usedKnownFailures.contains(index) {
            Issue.record("knownFailures lists \(failure.ruleID) (\(failure.beforeContains)), which has no such correction")
        }
        let lines = summary.sorted(by: { $0.key < $1.key }).map { "  \($0.key): \($0.value.corrections) corrections, before type-checks \($0.value.before), after \($0.value.after)" }
        print("Corrections type-checked:\n" + lines.joined(separator: "\n") + "\n" + details.joined(separator: "\n"))
    }

    /// The oracle itself can fail: a fix that breaks a call is caught, so a passing run means something.
    @Test func oracleRejectsCodeThatDoesNotCompile() async throws {
        let naive = TypeCheckOracle.snippet("Text(\"a\").task { try await load() }", members: "func load() async throws {}")
        let errors = try await TypeCheckOracle.typeCheck(files: ["Naive.swift": naive])
        #expect(!errors.isEmpty, "`.task` takes a non-throwing closure; a `try` without a catch must not compile")
        let fixed = TypeCheckOracle.snippet("Text(\"a\").task { try? await load() }", members: "func load() async throws {}")
        #expect(try await TypeCheckOracle.typeCheck(files: ["Fixed.swift": fixed]) == [])
        let wrongArity = TypeCheckOracle.snippet("Text(\"a\").onChange(of: 1) { a, b, c in }")
        #expect(!(try await TypeCheckOracle.typeCheck(files: ["Arity.swift": wrongArity])).isEmpty)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

/// Inputs where the obvious fix would not compile, found with the oracle: the naive rewrite is
/// shown not to type-check, and what the engine does instead (no fix, or a different one) does.
@Suite struct FixesThatMustCompileTests {
    struct Case: Sendable {
        var ruleID: String
        var code: String
        /// The rewrite a fix without the check would make.
        var naive: String
        var members = ""
        var declarations = ""
    }

    static let cases: [Case] = [
        // `.task`'s closure does not throw; `Task { }`'s may.
        Case(ruleID: "onappear-task", code: "Text(\"a\").onAppear { Task { try await load() } }",
             naive: "Text(\"a\").task { try await load() }", members: "func load() async throws {}"),
        // `foregroundStyle` takes a non-optional `ShapeStyle`; `foregroundColor` a `Color?`.
        Case(ruleID: "foreground-color", code: "Text(\"a\").foregroundColor(isOn ? .red : nil)",
             naive: "Text(\"a\").foregroundStyle(isOn ? .red : nil)", members: "let isOn = true"),
        Case(ruleID: "foreground-color", code: "Text(\"a\").foregroundColor(tint)",
             naive: "Text(\"a\").foregroundStyle(tint)", members: "let tint: Color? = nil"),
        // `ShapeStyle` has no `.brand`; `Color` does.
        Case(ruleID: "foreground-color", code: "Text(\"a\").foregroundColor(.brand)",
             naive: "Text(\"a\").foregroundStyle(.brand)",
             declarations: "extension Color { static let brand = Color(white: 0.5) }"),
    ]

    /// Inputs whose naive fix breaks the build and for which the engine offers no safe fix
    /// (none at all, or an unsafe one for a human to finish). Each was once a safe fix that broke
    /// the code; the naive rewrite is shown not to type-check, so the case means something.
    static let casesWithoutASafeFix: [(case: Case, why: String)] = [
        (Case(ruleID: "state-not-private",
              code: "struct Counter: View { @State var count = 0; var body: some View { Text(\"\\(count)\") } }\nstruct Parent: View { var body: some View { Counter(count: 5) } }",
              naive: "struct Counter: View { @State private var count = 0; var body: some View { Text(\"\\(count)\") } }\nstruct Parent: View { var body: some View { Counter(count: 5) } }"),
         "a `private` stored property leaves the memberwise initializer without it: `Counter(count: 5)` is an extra argument (unsafe fix)"),
        (Case(ruleID: "state-not-private",
              code: "struct Counter: View { @State var count: Int; var body: some View { Text(\"\\(count)\") } }\nstruct Parent: View { var body: some View { Counter(count: 5) } }",
              naive: "struct Counter: View { @State private var count: Int; var body: some View { Text(\"\\(count)\") } }\nstruct Parent: View { var body: some View { Counter(count: 5) } }"),
         "without an initial value `private` makes the memberwise initializer private: no caller outside can make the view (no fix)"),
    ]

    static func files(_ code: String, _ fixture: Case) -> [String: String] {
        var files = ["Fixture.swift": TypeCheckOracle.snippet(code, members: fixture.members)]
        if !fixture.declarations.isEmpty { files["Context.swift"] = "import SwiftUI\n" + fixture.declarations + "\n" }
        return files
    }

    @Test(arguments: cases.indices)
    func engineFixCompilesWhereTheNaiveOneWouldNot(index: Int) async throws {
        let fixture = Self.cases[index]
        #expect(try await TypeCheckOracle.typeCheck(files: Self.files(fixture.code, fixture)) == [],
                "\(fixture.ruleID): the input itself must type-check: \(fixture.code)")
        #expect(try await !TypeCheckOracle.typeCheck(files: Self.files(fixture.naive, fixture)).isEmpty,
                "\(fixture.ruleID): the naive rewrite type-checks, so this case shows nothing: \(fixture.naive)")
        #expect(!RuleHarness.lint(fixture.code, only: fixture.ruleID).isEmpty, "\(fixture.ruleID) no longer flags \(fixture.code)")
        let fixed = RuleHarness.fix(fixture.code, only: fixture.ruleID, correction: RuleCorrection(fixture.code, ""))
        let errors = try await TypeCheckOracle.typeCheck(files: Self.files(fixed, fixture))
        #expect(errors == [], "\(fixture.ruleID): the engine's fix does not type-check:\n\(fixed)\n\(errors.joined(separator: "\n"))")
    }

    @Test(arguments: casesWithoutASafeFix.indices)
    func noSafeFixWhereTheNaiveOneBreaksTheBuild(index: Int) async throws {
        let (fixture, why) = Self.casesWithoutASafeFix[index]
        #expect(try await TypeCheckOracle.typeCheck(files: Self.files(fixture.code, fixture)) == [],
                "\(fixture.ruleID): the input itself must type-check: \(fixture.code)")
        #expect(try await !TypeCheckOracle.typeCheck(files: Self.files(fixture.naive, fixture)).isEmpty,
                "\(fixture.ruleID): the naive rewrite type-checks, so this case shows nothing (\(why))")
        let diagnostics = RuleHarness.lint(fixture.code, only: fixture.ruleID)
        #expect(!diagnostics.isEmpty, "\(fixture.ruleID) no longer flags \(fixture.code)")
        #expect(diagnostics.allSatisfy { $0.safeFix == nil }, "\(fixture.ruleID) offers a safe fix that breaks the build (\(why))")
        let fixed = RuleHarness.fix(fixture.code, only: fixture.ruleID, correction: RuleCorrection(fixture.code, ""))
        #expect(fixed == fixture.code, "fix-all changed code it has no safe fix for:\n\(fixed)")
    }
}
