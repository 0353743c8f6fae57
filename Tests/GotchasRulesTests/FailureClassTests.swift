import GotchasCore
import GotchasRules
import Testing

/// The ways a "safe" fix once broke real apps (catalog: "Safe fixes must still compile and
/// behave the same"), one test each. Each test shows with the type-check oracle that the naive
/// fix does not compile (or compiles but changes behaviour — then it says so), and that the
/// engine withholds it, offers it only as unsafe, or rewrites it into code that type-checks.
///
/// Fixtures are whole files (`import SwiftUI` included), so the linter and the compiler see the
/// same text; `others` are the workspace's other files, indexed for the linter and compiled
/// with the fixture.
@Suite struct FailureClassTests {
    /// One workspace: the file under the rule (`Example.swift`) and the files next to it.
    struct Workspace {
        var ruleID: String
        var code: String
        var others: [String: String] = [:]
        var isolation: TypeCheckOracle.DefaultIsolation = .nonisolated
        var platforms: [Platform: OSVersion]?

        /// The swiftc errors of the workspace with `code` in place of the fixture.
        func errors(_ code: String? = nil) async throws -> [String] {
            var files = others.filter { $0.key.hasSuffix(".swift") && !$0.key.hasSuffix("Package.swift") }
            files["Example.swift"] = code ?? self.code
            return try await TypeCheckOracle.typeCheck(files: files, defaultIsolation: isolation)
        }

        var diagnostics: [Diagnostic] { RuleHarness.lint(code, only: ruleID, otherFiles: others, platforms: platforms) }

        /// What fix-all writes: safe fixes only, or unsafe ones too (the `--unsafe-fixes` a human asks for).
        func fixed(includingUnsafe: Bool = false) -> String {
            RuleHarness.fix(code, only: ruleID, correction: RuleCorrection(
                code, "", applicability: includingUnsafe ? .unsafe : .safe, otherFiles: others, platforms: platforms),
                otherFiles: others)
        }

        /// The naive rewrite does not compile, for the reason the test is about (`because`, a
        /// fragment of swiftc's message): a fixture broken some other way shows nothing.
        func expectNaiveFails(_ naive: String, because reason: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let errors = try await self.errors(naive)
            #expect(errors.contains { $0.contains(reason) }, "expected an error containing “\(reason)”, got \(errors)", sourceLocation: sourceLocation)
        }

        /// The finding is there and has no safe fix; fix-all leaves the code alone.
        func expectNoSafeFix(_ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let diagnostics = diagnostics
            #expect(!diagnostics.isEmpty, "\(ruleID) no longer flags the fixture", sourceLocation: sourceLocation)
            #expect(diagnostics.allSatisfy { $0.safeFix == nil }, "\(ruleID) offers a safe fix: \(comment)", sourceLocation: sourceLocation)
            #expect(fixed() == code, "fix-all changed the code: \(comment)", sourceLocation: sourceLocation)
        }
    }

    // MARK: `private` on `@State`

    static let row = """
        import SwiftUI
        struct Row: View {
            let item: String
            @State var count = 0
            var body: some View { Text("\\(item) \\(count)") }
        }
        """

    /// No initial value: `private` makes the memberwise initializer private, so every caller
    /// breaks. The engine offers no fix at all (the view needs an `init` first).
    @Test func stateWithoutAnInitialValueGetsNoPrivateFix() async throws {
        let workspace = Workspace(ruleID: "state-not-private", code: """
            import SwiftUI
            struct Row: View {
                let item: String
                @State var count: Int
                var body: some View { Text("\\(item) \\(count)") }
            }
            """, others: ["List.swift": "import SwiftUI\nstruct Rows: View { var body: some View { Row(item: \"a\", count: 3) } }"])
        #expect(try await workspace.errors() == [])
        let naive = try await workspace.errors(workspace.code.replacingOccurrences(of: "@State var", with: "@State private var"))
        #expect(naive.contains { $0.hasPrefix("List.swift:") && $0.contains("initializer is inaccessible") }, "the caller should break: \(naive)")
        #expect(workspace.diagnostics.count == 1)
        #expect(workspace.diagnostics.allSatisfy { $0.fixes.isEmpty }, "no fix, safe or not: \(workspace.diagnostics.flatMap(\.fixes).map(\.title))")
        #expect(workspace.fixed(includingUnsafe: true) == workspace.code)
    }

    /// An initial value, and a call site in another file passing the label: `private` drops
    /// `count:` from the memberwise initializer ("extra argument"). Unsafe only; where no caller
    /// passes it the same fix is safe, and the workspace still type-checks after it.
    @Test func stateWhoseLabelACallerPassesGetsOnlyAnUnsafeFix() async throws {
        let passing = Workspace(ruleID: "state-not-private", code: Self.row,
                                others: ["List.swift": "import SwiftUI\nstruct Rows: View { var body: some View { Row(item: \"a\", count: 3) } }"])
        #expect(try await passing.errors() == [])
        let naive = try await passing.errors(passing.code.replacingOccurrences(of: "@State var", with: "@State private var"))
        #expect(naive.contains { $0.hasPrefix("List.swift:") && $0.contains("extra argument") }, "\(naive)")
        passing.expectNoSafeFix("`Row(item: \"a\", count: 3)` would stop compiling")
        #expect(passing.diagnostics.flatMap(\.fixes).map(\.applicability) == [.unsafe])

        let notPassing = Workspace(ruleID: "state-not-private", code: Self.row,
                                   others: ["List.swift": "import SwiftUI\nstruct Rows: View { var body: some View { Row(item: \"a\") } }"])
        let fixed = notPassing.fixed()
        #expect(fixed.contains("@State private var count = 0"))
        #expect(try await notPassing.errors(fixed) == [])
    }

    /// A view split over files: its `extension` in `Row+Logic.swift` uses the `@State`. `private`
    /// reaches only the type's code in its own file ("is inaccessible due to 'private'"): with no
    /// caller passing `count` there is nothing to advise, so no finding; with one that does, the
    /// finding stays and its fix is unsafe. The same view whose other files do not use it gets the
    /// safe fix, which type-checks.
    @Test func stateUsedFromAnExtensionInAnotherFileGetsNoSafeFix() async throws {
        let logic = "import SwiftUI\nextension Row { func reset() { count = 0 } }"
        let split = Workspace(ruleID: "state-not-private", code: Self.row, others: ["Row+Logic.swift": logic])
        #expect(try await split.errors() == [])
        try await split.expectNaiveFails(split.code.replacingOccurrences(of: "@State var", with: "@State private var"),
                                         because: "'count' is inaccessible due to 'private' protection level")
        #expect(split.diagnostics.isEmpty, "`private` cannot be written and no caller passes `count`")
        #expect(split.fixed(includingUnsafe: true) == split.code)

        let passed = Workspace(ruleID: "state-not-private", code: Self.row, others: [
            "Row+Logic.swift": logic,
            "List.swift": "import SwiftUI\nstruct Rows: View { var body: some View { Row(item: \"a\", count: 3) } }",
        ])
        #expect(try await passed.errors() == [])
        passed.expectNoSafeFix("`Row+Logic.swift` uses `count`")
        #expect(passed.diagnostics.flatMap(\.fixes).map(\.applicability) == [.unsafe])

        let unrelated = Workspace(ruleID: "state-not-private", code: Self.row,
                                  others: ["Row+Logic.swift": "import SwiftUI\nextension Row { func describe() -> String { item } }"])
        let fixed = unrelated.fixed()
        #expect(fixed.contains("@State private var count = 0"))
        #expect(try await unrelated.errors(fixed) == [])
    }

    /// Another type reads the member through a value of the view (`row.count`): `private`
    /// breaks that file too, so there is no safe fix (and, with no caller passing it, no finding).
    @Test func stateReadByAnotherTypeGetsNoSafeFix() async throws {
        let inspector = "import SwiftUI\nstruct Inspector { let row: Row; func value() -> Int { row.count } }"
        let reading = Workspace(ruleID: "state-not-private", code: Self.row, others: ["Inspector.swift": inspector])
        #expect(try await reading.errors() == [])
        try await reading.expectNaiveFails(reading.code.replacingOccurrences(of: "@State var", with: "@State private var"),
                                           because: "'count' is inaccessible due to 'private' protection level")
        #expect(reading.diagnostics.isEmpty)
        let passed = Workspace(ruleID: "state-not-private", code: Self.row, others: [
            "Inspector.swift": inspector,
            "List.swift": "import SwiftUI\nstruct Rows: View { var body: some View { Row(item: \"a\", count: 3) } }",
        ])
        passed.expectNoSafeFix("`Inspector.swift` reads `row.count`")
    }

    // MARK: `.onAppear { Task { … } }` → `.task`

    /// `.task` takes a non-throwing closure; `Task { }`'s may throw (the error is dropped). A body
    /// with an uncaught `try` keeps its finding and gets no fix; one that handles its errors is
    /// moved and compiles.
    @Test func onAppearTaskThatThrowsIsNotMovedIntoTask() async throws {
        func feed(_ body: String) -> String {
            "import SwiftUI\nstruct Feed: View {\n    func load() async throws {}\n    var body: some View {\n        \(body)\n    }\n}\n"
        }
        let throwing = Workspace(ruleID: "onappear-task", code: feed("Text(\"a\").onAppear { Task { try await load() } }"))
        #expect(try await throwing.errors() == [])
        try await throwing.expectNaiveFails(feed("Text(\"a\").task { try await load() }"),
                                            because: "invalid conversion from throwing function")
        throwing.expectNoSafeFix("`.task { try await load() }` does not compile")
        #expect(throwing.diagnostics.allSatisfy { $0.fixes.isEmpty })

        let handled = Workspace(ruleID: "onappear-task", code: feed("Text(\"a\").onAppear { Task { try? await load() } }.onDisappear { }"))
        let fixed = handled.fixed()
        #expect(fixed == feed("Text(\"a\").task { try? await load() }.onDisappear { }"))
        #expect(try await handled.errors(fixed) == [])
    }

    // MARK: `foregroundColor` that is not the view modifier

    /// A type's own `foregroundColor(_:)` (an `NSView` subclass's colour helper in CotEditor):
    /// renaming the call to `foregroundStyle` does not compile, so the rule must not flag it, and
    /// fix-all leaves it; the same call on a view is flagged and its fix compiles.
    @Test func ownForegroundColorMethodIsNotRenamed() async throws {
        let own = Workspace(ruleID: "foreground-color", code: """
            import SwiftUI
            final class LineNumbers {
                func foregroundColor(_ bold: Bool) -> Int { bold ? 1 : 0 }
                func draw() -> Int { self.foregroundColor(true) }
            }
            """)
        #expect(try await own.errors() == [])
        try await own.expectNaiveFails(own.code.replacingOccurrences(of: "self.foregroundColor(true)", with: "self.foregroundStyle(true)"),
                                       because: "has no member 'foregroundStyle'")
        #expect(own.diagnostics.isEmpty)
        #expect(own.fixed() == own.code)

        let view = Workspace(ruleID: "foreground-color", code: """
            import SwiftUI
            struct Title: View {
                var body: some View { Text("a").foregroundColor(.red) }
            }
            """)
        let fixed = view.fixed()
        #expect(fixed.contains(".foregroundStyle(.red)"), "\(fixed)")
        #expect(try await view.errors(fixed) == [])
    }

    // MARK: `.symbolVariant` where an `Image` is required

    static func symbolView(_ members: String, others: [String: String] = [:]) -> Workspace {
        Workspace(ruleID: "symbol-variant-by-name",
                  code: "import SwiftUI\nstruct Star: View {\n    @State private var on = false\n\(members)\n}\n", others: others)
    }

    /// `.symbolVariant` returns `some View`: in a property typed `Image`, and before a project's
    /// `extension Image` method, the naive rewrite does not compile. The engine offers the fix
    /// only as unsafe there.
    @Test(arguments: [
        ("cannot convert return expression of type 'some View' to return type 'Image'",
         "    var body: some View { icon }\n    var icon: Image {\n        Image(systemName: on ? \"star.fill\" : \"star\")\n    }",
         "    var body: some View { icon }\n    var icon: Image {\n        Image(systemName: \"star\").symbolVariant(on ? .fill : .none)\n    }"),
        ("value of type 'some View' has no member 'tinted'",
         "    var body: some View {\n        Image(systemName: on ? \"star.fill\" : \"star\").tinted()\n    }",
         "    var body: some View {\n        Image(systemName: \"star\").symbolVariant(on ? .fill : .none).tinted()\n    }"),
    ])
    func symbolVariantWhereAnImageIsRequiredIsOnlyUnsafe(reason: String, members: String, naive: String) async throws {
        let workspace = Self.symbolView(members, others: [
            "Image+Tint.swift": "import SwiftUI\nextension Image { func tinted() -> Image { renderingMode(.template) } }",
        ])
        #expect(try await workspace.errors() == [])
        try await workspace.expectNaiveFails(Self.symbolView(naive).code, because: reason)
        workspace.expectNoSafeFix("`.symbolVariant` returns `some View`, not `Image`")
        #expect(workspace.diagnostics.flatMap(\.fixes).map(\.applicability) == [.unsafe])
    }

    /// After `.resizable()` (an `Image`-only method) the naive placement does not compile; the
    /// engine puts `.symbolVariant` after it, safely, and that compiles.
    @Test func symbolVariantGoesAfterImageOnlyMethods() async throws {
        let workspace = Self.symbolView("""
                var body: some View {
                    Image(systemName: on ? "star.fill" : "star")
                        .resizable()
                        .frame(width: 20, height: 20)
                }
            """)
        #expect(try await workspace.errors() == [])
        let naive = workspace.code.replacingOccurrences(of: "Image(systemName: on ? \"star.fill\" : \"star\")",
                                                        with: "Image(systemName: \"star\").symbolVariant(on ? .fill : .none)")
        try await workspace.expectNaiveFails(naive, because: "value of type 'some View' has no member 'resizable'")
        let fixed = workspace.fixed()
        #expect(fixed.contains(".resizable().symbolVariant(on ? .fill : .none)"), "\(fixed)")
        #expect(try await workspace.errors(fixed) == [])
    }

    // MARK: `.foregroundColor` → `.foregroundStyle`

    static func badge(_ members: String) -> String {
        "import SwiftUI\nstruct Badge: View {\n\(members)\n}\n"
    }

    /// `ShapeStyle` has no `.brand` (the project's `extension Color` in another file): the naive
    /// rename does not compile; the engine writes `Color.brand`, safely, and that compiles.
    @Test func foregroundColorOfAProjectColorBecomesColorDotName() async throws {
        let workspace = Workspace(ruleID: "foreground-color",
                                  code: Self.badge("    var body: some View { Image(systemName: \"star\").foregroundColor(.brand) }"),
                                  others: ["Color+Brand.swift": "import SwiftUI\nextension Color { static let brand = Color(\"Brand\") }"])
        #expect(try await workspace.errors() == [])
        try await workspace.expectNaiveFails(workspace.code.replacingOccurrences(of: "foregroundColor", with: "foregroundStyle"),
                                             because: "type 'ShapeStyle' has no member 'brand'")
        let fixed = workspace.fixed()
        #expect(fixed.contains(".foregroundStyle(Color.brand)"), "\(fixed)")
        #expect(try await workspace.errors(fixed) == [])
    }

    /// The project's `extension Color` redefines `red` (a brand red). `.foregroundColor(.red)`
    /// means that `Color.red`; after a plain rename, `.foregroundStyle(.red)` resolves `.red` on the
    /// generic style, which is `ShapeStyle`'s `red`: it compiles, and the colour silently changes.
    /// Shown with the compiler by marking the project's `red` deprecated (a probe, not the
    /// fixture): a spelling that warns with the probe's message means the project's `red`. The
    /// engine writes `Color.red`, which keeps the project's colour, safely.
    @Test func foregroundColorOfAColorTheProjectRedefinesKeepsTheProjectsColor() async throws {
        let brand = "import SwiftUI\nextension Color { static let red = Color(\"BrandRed\") }"
        let workspace = Workspace(ruleID: "foreground-color",
                                  code: Self.badge("    var body: some View { Image(systemName: \"star\").foregroundColor(.red) }"),
                                  others: ["Color+Brand.swift": brand])
        #expect(try await workspace.errors() == [])
        /// True when `code` uses the project's `red` (the probe's deprecation warning names it).
        func meansTheProjectsRed(_ code: String) async throws -> Bool {
            let probe = brand.replacingOccurrences(of: "static let red", with: "@available(*, deprecated, message: \"the project's red\") static let red")
            let lines = try await TypeCheckOracle.typeCheck(files: ["Color+Brand.swift": probe, "Example.swift": code], warnings: true)
            return lines.contains { $0.hasPrefix("Example.swift") && $0.contains("the project's red") }
        }
        #expect(try await meansTheProjectsRed(workspace.code))
        let naive = workspace.code.replacingOccurrences(of: "foregroundColor", with: "foregroundStyle")
        #expect(try await workspace.errors(naive) == [], "the plain rename compiles: the colour changes silently")
        #expect(try await !meansTheProjectsRed(naive), "the plain rename still means the project's red")
        let fixed = workspace.fixed()
        #expect(fixed.contains(".foregroundStyle(Color.red)"), "\(fixed)")
        #expect(try await meansTheProjectsRed(fixed))
        #expect(try await workspace.errors(fixed) == [])
    }

    /// A type of the project named `Color` (or another module's) shadows SwiftUI's: `.init(white:)` was
    /// inferred as SwiftUI's, while a bare `Color.init(white:)` would be the project's and not compile.
    /// The fix writes `SwiftUI.Color`.
    @Test func foregroundColorQualifiesColorWhereTheProjectDeclaresOne() async throws {
        let palette = "struct Color { let hex: String }"
        let workspace = Workspace(ruleID: "foreground-color",
                                  code: Self.badge("    var body: some View { Image(systemName: \"star\").foregroundColor(.init(white: 0.5)) }"),
                                  others: ["Palette.swift": palette])
        #expect(try await workspace.errors() == [])
        let naive = workspace.code.replacingOccurrences(of: "foregroundColor(.init", with: "foregroundStyle(Color.init")
        #expect(try await !workspace.errors(naive).isEmpty, "a bare `Color` is the project's")
        let fixed = workspace.fixed()
        #expect(fixed.contains(".foregroundStyle(SwiftUI.Color.init(white: 0.5))"), "\(fixed)")
        #expect(try await workspace.errors(fixed) == [])
    }

    /// A `NavigationView` styled `.stack` is a stack; renaming it `NavigationStack` compiles. But a
    /// screen pushed from it holds its own `NavigationStack(path:)`: inside a `NavigationView` that
    /// was a stack of its own; inside a `NavigationStack` the stacks nest and pushing breaks. The
    /// engine offers the rename only as unsafe there, saying why; without the inner stack it is safe.
    /// The one-parameter `onChange` runs the closure of the render before the change; the two-parameter
    /// one the closure of the render after it. A value the closure captures (a `TimelineView`'s
    /// `context`, a plain stored property) changes meaning: the rename is unsafe there.
    @Test func onChangeReadingACapturedValueIsNotRenamedSafely() {
        let timeline = Workspace(ruleID: "onchange-single-parameter", code: """
            import SwiftUI
            struct Spray: View {
                @State private var elapsed = 0.0
                var body: some View {
                    TimelineView(.animation) { context in
                        Color.clear.onChange(of: context.date) { newValue in
                            elapsed += newValue.timeIntervalSince(context.date)
                        }
                    }
                }
            }

            """, platforms: [.iOS: OSVersion(17)])
        timeline.expectNoSafeFix("`context.date` is the previous frame's date in the old form")
        #expect(timeline.diagnostics.first?.message.contains("`context`") == true, "\(timeline.diagnostics.map(\.message))")
        let stored = Workspace(ruleID: "onchange-single-parameter", code: """
            import SwiftUI
            struct Pulse: View {
                var value: Int
                @State private var changes = 0
                var body: some View {
                    Color.clear.onChange(of: value) { newValue in
                        if value != newValue { changes += 1 }
                    }
                }
            }

            """, platforms: [.iOS: OSVersion(17)])
        stored.expectNoSafeFix("`value` is the view's old copy in the old form")
        let state = Workspace(ruleID: "onchange-single-parameter", code: """
            import SwiftUI
            struct Search: View {
                @State private var query = ""
                @State private var last = ""
                var body: some View {
                    TextField("Search", text: $query).onChange(of: query) { newValue in last = newValue + query }
                }
            }

            """, platforms: [.iOS: OSVersion(17)])
        #expect(state.diagnostics.first?.safeFix != nil, "state is read through its storage: the same from either closure")
    }

    @Test func navigationViewWhoseDestinationHoldsAStackIsNotRenamedSafely() async throws {
        let root = """
            import SwiftUI
            struct Inbox: View {
                let names: [String] = []
                var body: some View {
                    NavigationView {
                        List(names, id: \\.self) { name in NavigationLink { Thread(name: name) } label: { Text(name) } }
                    }
                    .navigationViewStyle(.stack)
                }
            }

            """
        let nested = Workspace(ruleID: "navigation-view", code: root, others: ["Thread.swift": """
            import SwiftUI
            struct Thread: View {
                let name: String
                @State private var path = NavigationPath()
                var body: some View { NavigationStack(path: $path) { Text(name) } }
            }
            """])
        #expect(try await nested.errors() == [])
        #expect(try await nested.errors(root.replacingOccurrences(of: "NavigationView {", with: "NavigationStack {")) == [],
                "the rename compiles: the harm is at run time")
        nested.expectNoSafeFix("a pushed screen holds its own NavigationStack")
        #expect(nested.diagnostics.first?.message.contains("`Thread`") == true, "\(nested.diagnostics.map(\.message))")
        #expect(nested.diagnostics.first?.fixes.first?.applicability == .unsafe)

        // The same where the wrapped screen holds a `NavigationView` of its own: renamed, the outer
        // container nests it all the same; the advice is to remove the wrapper.
        let ownView = Workspace(ruleID: "navigation-view", code: root, others: ["Thread.swift": """
            import SwiftUI
            struct Thread: View {
                let name: String
                var body: some View { NavigationView { Text(name) }.navigationViewStyle(.stack) }
            }
            """])
        ownView.expectNoSafeFix("a pushed screen holds its own NavigationView")
        #expect(ownView.diagnostics.first?.message.contains("`Thread`") == true, "\(ownView.diagnostics.map(\.message))")

        let plain = Workspace(ruleID: "navigation-view", code: root,
                              others: ["Thread.swift": "import SwiftUI\nstruct Thread: View { let name: String; var body: some View { Text(name) } }"])
        let fixed = plain.fixed()
        #expect(fixed.contains("NavigationStack {"), "\(fixed)")
        #expect(try await plain.errors(fixed) == [])
    }

    /// A sheet is a presentation of its own: a `NavigationStack` inside the presented view (or written
    /// in the sheet's content) nests in no stack of the presenter. Renaming the presenter's
    /// `NavigationView` is safe, and its message claims no nesting.
    @Test func aStackOnlyInASheetDoesNotNest() async throws {
        let root = """
            import SwiftUI
            struct Garage: View {
                @State private var editing = false
                var body: some View {
                    NavigationView {
                        List { Button("Edit") { editing = true } }
                            .sheet(isPresented: $editing) { ClimateSheet() }
                            .sheet(isPresented: Binding.constant(false)) { NavigationStack { Text("b") } }
                    }
                    .navigationViewStyle(.stack)
                }
            }

            """
        let presented = Workspace(ruleID: "navigation-view", code: root, others: ["ClimateSheet.swift": """
            import SwiftUI
            struct ClimateSheet: View {
                var body: some View { NavigationStack { Text("a") } }
            }
            """])
        #expect(presented.diagnostics.count == 1)
        #expect(presented.diagnostics.first?.message.contains("nest") == false, "\(presented.diagnostics.map(\.message))")
        #expect(presented.diagnostics.first?.fixes.first?.applicability == .safe)
        let fixed = presented.fixed()
        #expect(fixed.contains("NavigationStack {\n"), "\(fixed)")
        let errors = try await presented.errors(fixed)
        #expect(errors == [], "\(errors)")
    }

    /// `foregroundColor` takes a `Color?`, `foregroundStyle` a non-optional style: renaming the
    /// call on an optional does not compile, and what `nil` should become is a human's choice.
    @Test func foregroundColorOfAnOptionalColorIsOnlyUnsafe() async throws {
        let workspace = Workspace(ruleID: "foreground-color", code: Self.badge("""
                var color: Color?
                var body: some View { Image(systemName: "star").foregroundColor(color) }
            """))
        #expect(try await workspace.errors() == [])
        try await workspace.expectNaiveFails(workspace.code.replacingOccurrences(of: "foregroundColor", with: "foregroundStyle"),
                                             because: "value of optional type 'Color?' must be unwrapped")
        workspace.expectNoSafeFix("`foregroundStyle(color)` with `color: Color?` does not compile")
    }

    /// `Text + Text` needs a `Text` on each side. `Text.foregroundStyle` returns `Text` only from
    /// iOS 17; before, the call resolves to `View.foregroundStyle` (`some View`), and the sum does
    /// not compile. The stand-ins model the iOS 17 SDK (no availability), so the iOS 16 meaning is
    /// shown by calling the `View` method through a generic function. The engine's fix is unsafe
    /// unless the minimum in effect is iOS 17, where its output compiles.
    @Test func foregroundColorInATextConcatenationIsSafeOnlyFromIOS17() async throws {
        let code = Self.badge("    var body: some View { Text(\"a\").foregroundColor(.red) + Text(\"b\") }")
        let unknown = Workspace(ruleID: "foreground-color", code: code)
        #expect(try await unknown.errors() == [])
        let asBeforeIOS17 = Self.badge("""
                func styled<V: View>(_ view: V) -> some View { view.foregroundStyle(.red) }
                var body: some View { styled(Text("a")) + Text("b") }
            """)
        try await unknown.expectNaiveFails(asBeforeIOS17, because: "cannot convert value of type 'some View' to expected argument type 'Text'")
        unknown.expectNoSafeFix("before iOS 17 `Text(…).foregroundStyle(…)` is not a `Text`")

        var iOS17 = unknown
        iOS17.platforms = [.iOS: OSVersion(17)]
        let fixed = iOS17.fixed()
        #expect(fixed.contains("Text(\"a\").foregroundStyle(.red) + Text(\"b\")"), "\(fixed)")
        #expect(try await iOS17.errors(fixed) == [])
        var iOS16 = unknown
        iOS16.platforms = [.iOS: OSVersion(16)]
        // At a known iOS 16 minimum the advice itself cannot be followed: no finding at all.
        #expect(iOS16.diagnostics.isEmpty, "\(iOS16.diagnostics)")
    }

    /// `Text(…).foregroundColor(.secondary).italic()`: after the rename, `.italic()` applies to
    /// `some View` below iOS 17, which has it only from iOS 16 — at an iOS 15 minimum the fixed
    /// code does not compile. (The stand-ins model the newest SDK, so this is shown by the
    /// engine's choice; the stand-ins' `Text.italic()` type-checks the iOS 17 output.) From iOS 17 the fix is safe and compiles.
    @Test func foregroundColorBeforeATextOnlyModifierIsSafeOnlyFromIOS17() async throws {
        let code = Self.badge("    var body: some View { Text(\"a\").foregroundColor(.red).italic() }")
        var iOS15 = Workspace(ruleID: "foreground-color", code: code)
        iOS15.platforms = [.iOS: OSVersion(15)]
        iOS15.expectNoSafeFix("`.italic()` on `some View` needs iOS 16")
        var iOS17 = iOS15
        iOS17.platforms = [.iOS: OSVersion(17)]
        let fixed = iOS17.fixed()
        #expect(fixed.contains("Text(\"a\").foregroundStyle(.red).italic()"), "\(fixed)")
        #expect(try await iOS17.errors(fixed) == [])
    }

    // MARK: `@ObservedObject var m = M()` → `@StateObject`

    static let profileModel = """
        import SwiftUI
        final class ProfileModel: ObservableObject {
            @Published var name = "Ada"
            func reload() {}
        }
        """

    /// A `@StateObject` read outside an installed view (`Host` keeps a `ProfileView` value and
    /// calls `refresh()` on it) gets a fresh object each time, so `reload()` goes to a throwaway
    /// model. Both spellings compile — the compiler cannot catch this; it is a change in
    /// behaviour — so the engine offers the fix only as unsafe. With only `body` reading the
    /// property, and the property `private`, the fix is safe (and compiles).
    @Test func observedObjectUsedOutsideViewCodeGetsOnlyAnUnsafeStateObjectFix() async throws {
        let view = """
            import SwiftUI
            struct ProfileView: View {
                @ObservedObject var model = ProfileModel()
                var body: some View { Text(model.name) }
                func refresh() { model.reload() }
            }
            """
        let workspace = Workspace(ruleID: "observed-object-owned", code: view, others: [
            "ProfileModel.swift": Self.profileModel,
            "Host.swift": "import SwiftUI\n@MainActor final class Host {\n    let view = ProfileView()\n    func pullToRefresh() { view.refresh() }\n}",
            // A parent view builds it too: its re-renders make a new object (built only by `Host`, none would).
            "Profiles.swift": "import SwiftUI\nstruct Profiles: View {\n    var body: some View { ProfileView() }\n}",
        ])
        #expect(try await workspace.errors() == [])
        let naive = view.replacingOccurrences(of: "@ObservedObject", with: "@StateObject")
        #expect(try await workspace.errors(naive) == [], "both compile: the difference is behaviour, which the compiler cannot see")
        workspace.expectNoSafeFix("`Host` calls `refresh()` on a view value that is never installed")
        #expect(workspace.diagnostics.flatMap(\.fixes).map(\.applicability) == [.unsafe])

        let owned = Workspace(ruleID: "observed-object-owned", code: """
            import SwiftUI
            struct ProfileView: View {
                @ObservedObject private var model = ProfileModel()
                var body: some View { Text(model.name) }
            }
            """, others: ["ProfileModel.swift": Self.profileModel])
        let fixed = owned.fixed()
        #expect(fixed.contains("@StateObject private var model"), "\(fixed)")
        #expect(try await owned.errors(fixed) == [])
    }

    /// The same change of behaviour when another type reads the property itself through a stored
    /// view value (`view.model.reload()`): member reads in other types are not indexed, so the fix
    /// is safe only for a `private` property (which no other type can read).
    @Test func observedObjectReadThroughAStoredViewValueIsNotFixedSafely() async throws {
        let view = """
            import SwiftUI
            struct ProfileView: View {
                @ObservedObject var model = ProfileModel()
                var body: some View { Text(model.name) }
            }
            """
        let workspace = Workspace(ruleID: "observed-object-owned", code: view, others: [
            "ProfileModel.swift": Self.profileModel,
            "Host.swift": "import SwiftUI\n@MainActor final class Host {\n    let view = ProfileView()\n    func pullToRefresh() { view.model.reload() }\n}",
            "Profiles.swift": "import SwiftUI\nstruct Profiles: View {\n    var body: some View { ProfileView() }\n}",
        ])
        #expect(try await workspace.errors() == [])
        #expect(try await workspace.errors(view.replacingOccurrences(of: "@ObservedObject", with: "@StateObject")) == [])
        workspace.expectNoSafeFix("`Host` calls `view.model.reload()`")
    }

    // MARK: `id: \.offset` → `\.element.id`

    static func tags(element: String) -> Workspace {
        Workspace(ruleID: "foreach-index-identity", code: """
            import SwiftUI
            \(element)
            struct Tags: View {
                @State var tags: [Tag]
                var body: some View {
                    VStack {
                        ForEach(Array(tags.enumerated()), id: \\.offset) { index, tag in
                            TagRow(index: index, name: tag.name)
                        }
                        Button("Drop first") { tags.removeFirst() }
                    }
                }
            }
            struct TagRow: View {
                let index: Int
                let name: String
                @State private var isExpanded = false
                var body: some View { Button("\\(index) \\(name)") { isExpanded.toggle() } }
            }
            """)
    }

    /// `\.element.id` compiles only when the element has an `id`: for a plain struct the engine
    /// offers no fix; for an `Identifiable` one it offers it (unsafe: rows change identity, that
    /// is the point), and the result compiles.
    @Test func offsetIdentityBecomesElementIDOnlyForIdentifiableElements() async throws {
        let plain = Self.tags(element: "struct Tag { let name: String }")
        #expect(try await plain.errors() == [])
        try await plain.expectNaiveFails(plain.code.replacingOccurrences(of: "\\.offset", with: "\\.element.id"),
                                         because: "value of type 'Tag' has no member 'id'")
        #expect(plain.diagnostics.count == 1)
        #expect(plain.diagnostics.allSatisfy { $0.fixes.isEmpty })
        #expect(plain.fixed(includingUnsafe: true) == plain.code)

        let identifiable = Self.tags(element: "struct Tag: Identifiable { let id: UUID; let name: String }")
        #expect(identifiable.diagnostics.flatMap(\.fixes).map(\.applicability) == [.unsafe])
        let fixed = identifiable.fixed(includingUnsafe: true)
        #expect(fixed.contains("id: \\.element.id"), "\(fixed)")
        #expect(try await identifiable.errors(fixed) == [])
    }

    // MARK: `static var defaultValue` → `nonisolated static let` (default MainActor isolation)

    static let mainActorPackage = ["Package.swift": ".target(name: \"App\", swiftSettings: [.defaultIsolation(MainActor.self)])"]

    /// The rule flags a key only where code off the main actor uses it (there, the key's isolated
    /// conformance does not compile); `initial(_:)` reads it the way SwiftUI's generic machinery does.
    static func key(_ members: String, declarations: String = "") -> Workspace {
        Workspace(ruleID: "nonisolated-default-value", code: """
            import SwiftUI
            \(declarations)
            struct SelectionKey: PreferenceKey {
            \(members)
            }
            nonisolated func initial<K: PreferenceKey>(_ key: K.Type) -> K.Value { K.defaultValue }
            nonisolated func start() { _ = initial(SelectionKey.self) }
            """, others: mainActorPackage, isolation: .mainActor)
    }

    static let isolatedConformance = "main actor-isolated conformance of 'SelectionKey' to 'PreferenceKey' cannot be used in nonisolated context"

    /// `static var defaultValue: String?` is implicitly `nil`; a `let` is not, so the naive
    /// `nonisolated static let defaultValue: String?` does not compile. The engine writes `= nil`
    /// (unsafe: code that assigns the `var` would break), and that compiles.
    @Test func implicitlyNilDefaultValueGetsAnExplicitNil() async throws {
        let reduce = "    static func reduce(value: inout String?, nextValue: () -> String?) { value = value ?? nextValue() }"
        let workspace = Self.key("    static var defaultValue: String?\n" + reduce)
        #expect(try await workspace.errors().contains { $0.contains(Self.isolatedConformance) })
        try await workspace.expectNaiveFails(Self.key("    nonisolated static let defaultValue: String?\n" + reduce).code,
                                             because: "'static let' declaration requires an initializer expression")
        workspace.expectNoSafeFix("`var` → `let` breaks code that assigns it")
        let fixed = workspace.fixed(includingUnsafe: true)
        #expect(fixed.contains("nonisolated static let defaultValue: String? = nil"), "\(fixed)")
        let fixedErrors = try await workspace.errors(fixed)
        #expect(fixedErrors == [], "\(fixedErrors)")
    }

    /// An `EnvironmentKey` with a `Sendable` literal, read off the main actor: the original does not
    /// compile under default `MainActor` isolation, the engine's safe `nonisolated` does.
    @Test func nonisolatedLiteralDefaultValueIsASafeFixThatCompiles() async throws {
        let workspace = Workspace(ruleID: "nonisolated-default-value", code: """
            import SwiftUI
            struct SpacingKey: EnvironmentKey {
                static let defaultValue: Double = 8
            }
            nonisolated func initial<K: EnvironmentKey>(_ key: K.Type) -> K.Value { K.defaultValue }
            nonisolated func start() { _ = initial(SpacingKey.self) }
            """, others: Self.mainActorPackage, isolation: .mainActor)
        #expect(try await workspace.errors().contains { $0.contains("main actor-isolated conformance of 'SpacingKey'") })
        let fixed = workspace.fixed()
        #expect(fixed.contains("nonisolated static let defaultValue: Double = 8"), "\(fixed)")
        #expect(try await workspace.errors(fixed) == [])
    }

    /// A `PreferenceKey` whose `reduce` lives in another extension: `nonisolated` on `defaultValue`
    /// alone leaves the conformance isolated (it still does not compile), so there is no safe fix.
    @Test func preferenceKeyWithReduceElsewhereGetsNoSafeFix() async throws {
        let workspace = Self.key("    static let defaultValue: Int = 0",
                                 declarations: "extension SelectionKey { static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() } }")
        #expect(try await workspace.errors().contains { $0.contains(Self.isolatedConformance) })
        try await workspace.expectNaiveFails(Self.key("    nonisolated static let defaultValue: Int = 0",
            declarations: "extension SelectionKey { static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() } }").code,
                                             because: Self.isolatedConformance)
        workspace.expectNoSafeFix("`reduce` is declared in another extension and stays isolated")
    }

    /// A value of a type that is not `Sendable` cannot be a `nonisolated static let` in Swift 6
    /// ("not concurrency-safe"); nor can one read from a MainActor static (`.standard` of a
    /// `struct Theme` that default isolation makes MainActor). The engine's `nonisolated` is
    /// unsafe for anything but a literal of a `Sendable` standard type.
    @Test(arguments: [
        ("nonisolated final class Palette { init() {} }", "    static let defaultValue = Palette()",
         "non-'Sendable' type 'Palette'"),
        ("struct Theme: Sendable { static let standard = Theme() }", "    static let defaultValue: Theme = .standard",
         "main actor-isolated default value in a nonisolated context"),
    ])
    func nonisolatedDefaultValueNeedsASendableNonisolatedValue(declarations: String, member: String, reason: String) async throws {
        let valueType = member.contains("Palette") ? "Palette" : "Theme"
        let reduce = "    static func reduce(value: inout \(valueType), nextValue: () -> \(valueType)) {}"
        let workspace = Self.key(member + "\n" + reduce, declarations: declarations)
        #expect(try await workspace.errors().contains { $0.contains(Self.isolatedConformance) })
        let naive = Self.key("    nonisolated " + member.dropFirst(4) + "\n" + reduce, declarations: declarations)
        try await workspace.expectNaiveFails(naive.code, because: reason)
        workspace.expectNoSafeFix("`nonisolated` on a non-Sendable or MainActor-initialized value")
    }

    // MARK: A fix that needs a newer OS than the project's minimum

    /// The deployment-target failure class: the replacement API does not exist below its OS
    /// (the stand-ins carry no `@available`, so swiftc on Linux cannot see it — the platform data
    /// can). Below what the fix needs the rule offers no fix at all (it is silent there); at it,
    /// the engine's safe fix type-checks.
    @Test(arguments: [
        ("onchange-single-parameter", Platform.iOS, OSVersion(17),
         "import SwiftUI\nstruct Search: View {\n    @State private var query = \"\"\n    var body: some View {\n        TextField(\"q\", text: $query).onChange(of: query) { newValue in print(newValue) }\n    }\n}\n"),
        ("navigation-view", Platform.iOS, OSVersion(16),
         "import SwiftUI\nstruct Root: View {\n    var body: some View {\n        NavigationView { Text(\"a\") }.navigationViewStyle(.stack)\n    }\n}\n"),
        ("symbol-variant-by-name", Platform.iOS, OSVersion(15),
         "import SwiftUI\nstruct Star: View {\n    @State private var on = false\n    var body: some View {\n        Image(systemName: on ? \"star.fill\" : \"star\")\n    }\n}\n"),
        ("foreground-color", Platform.iOS, OSVersion(15),
         "import SwiftUI\nstruct Tag: View {\n    var body: some View {\n        Image(systemName: \"tag\").foregroundColor(.red)\n    }\n}\n"),
    ])
    func fixesThatNeedANewerOSAreWithheldBelowIt(id: String, platform: Platform, needs: OSVersion, code: String) async throws {
        let below = Workspace(ruleID: id, code: code, platforms: [platform: OSVersion(needs.major - 1)])
        #expect(below.diagnostics.flatMap(\.fixes).isEmpty, "\(id) offers a fix below \(platform.rawValue) \(needs)")
        #expect(below.fixed(includingUnsafe: true) == code, "\(id): fix-all changed the code below \(platform.rawValue) \(needs)")
        let at = Workspace(ruleID: id, code: code, platforms: [platform: needs])
        let fixed = at.fixed()
        #expect(fixed != code, "\(id) has no safe fix at \(platform.rawValue) \(needs)")
        #expect(try await at.errors() == [], "the fixture itself does not type-check")
        #expect(try await at.errors(fixed) == [], "\(id): the fix at \(platform.rawValue) \(needs) does not type-check:\n\(fixed)")
    }
}
