import GotchasCore
import SwiftSyntax

/// Under default `MainActor` isolation, a key's `static defaultValue` becomes
/// main-actor isolated, but SwiftUI reads it from nonisolated layout and environment code.
struct NonisolatedDefaultValueRule: Rule {
    static let description = RuleDescription(
        id: "nonisolated-default-value",
        category: .concurrency,
        severity: .warning,
        seed: "000 C5",
        summary: "`static defaultValue` of a `LayoutValueKey`/`EnvironmentKey`/`PreferenceKey` without `nonisolated`, under default MainActor isolation.",
        rationale: """
            When the package sets `defaultIsolation(MainActor.self)` (or the project sets \
            `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`), every unannotated declaration — including a \
            key's `static defaultValue` — is main-actor isolated. SwiftUI calls `defaultValue` from \
            nonisolated layout and environment machinery, so the conformance fails to compile \
            ("main actor-isolated conformance cannot be used in nonisolated context") or traps at run \
            time. Mark `defaultValue` `nonisolated` (or the whole type); more `@MainActor` does not help.
            """,
        fix: .safe,
        triggers: ["defaultValue"],
        triggering: [
            RuleExample("""
                struct ColumnWeight: LayoutValueKey {
                    ↓static let defaultValue: Double = 1
                }
                private struct ThemeKey: EnvironmentKey {
                    ↓static var defaultValue: Theme { .standard }
                }
                extension HeightKey: PreferenceKey {
                    ↓static let defaultValue: CGFloat = 0
                    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
                }
                """, otherFiles: ["Package.swift": """
                    // swift-tools-version:6.2
                    let package = Package(name: "App", targets: [
                        .target(name: "App", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    ])
                    """]),
            RuleExample("""
                struct NoteMinYKey: PreferenceKey {
                    ↓static var defaultValue: [String: CGFloat] = [:]
                }
                """, note: "a stored `static var` (the fix is unsafe: it becomes `let`; Keep)",
                otherFiles: ["App.xcodeproj/project.pbxproj": "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"]),
            RuleExample("""
                struct Spacing: EnvironmentKey {
                    ↓public static let defaultValue = 8.0
                }
                """, otherFiles: ["Config/Shared.xcconfig": "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\n"]),
        ],
        nonTriggering: [
            RuleExample("""
                struct ColumnWeight: LayoutValueKey {
                    static let defaultValue: Double = 1
                }
                """, note: "no default MainActor isolation"),
            RuleExample("""
                struct ColumnWeight: LayoutValueKey {
                    nonisolated static let defaultValue: Double = 1
                }
                nonisolated struct ThemeKey: EnvironmentKey {
                    static let defaultValue = Theme.standard
                }
                struct Settings {
                    static let defaultValue = 3
                }
                """, note: "annotated ones, and a type that is not a key", otherFiles: ["Package.swift": ".target(name: \"App\", swiftSettings: [.defaultIsolation(MainActor.self)])"]),
            RuleExample("""
                struct ColumnWeight: LayoutValueKey {
                    static let defaultValue: Double = 1
                }
                """, note: "the setting commented out", otherFiles: ["Package.swift": "// .defaultIsolation(MainActor.self)\nlet package = Package(name: \"App\")"]),
        ],
        corrections: [
            RuleCorrection("""
                struct ColumnWeight: LayoutValueKey {
                    static let defaultValue: Double = 1
                }
                """, """
                struct ColumnWeight: LayoutValueKey {
                    nonisolated static let defaultValue: Double = 1
                }
                """, otherFiles: ["Package.swift": ".target(name: \"App\", swiftSettings: [.defaultIsolation(MainActor.self)])"]),
            RuleCorrection("""
                struct NoteMinYKey: PreferenceKey {
                    static var defaultValue: [String: CGFloat] = [:]
                    static func reduce(value: inout [String: CGFloat], nextValue: () -> [String: CGFloat]) {}
                }
                """, """
                struct NoteMinYKey: PreferenceKey {
                    nonisolated static let defaultValue: [String: CGFloat] = [:]
                    static func reduce(value: inout [String: CGFloat], nextValue: () -> [String: CGFloat]) {}
                }
                """, applicability: .unsafe, fixTitle: "Make it `nonisolated static let`",
                otherFiles: ["App.xcodeproj/project.pbxproj": "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"]),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.variableDecl]
    static let keyProtocols = ["LayoutValueKey", "EnvironmentKey", "PreferenceKey"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, context.defaultIsolationIsMainActor,
              let type = context.enclosingType, Self.keyProtocols.contains(where: { type.inherits($0) })
        else { return }
        let variable = node.cast(VariableDeclSyntax.self)
        guard variable.modifiers.contains("static"), !variable.modifiers.contains("nonisolated"),
              variable.attributes.isEmpty,
              variable.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "defaultValue" }),
              let group = node.ancestor(MemberBlockSyntax.self)?.parent?.asProtocol(DeclGroupSyntax.self),
              !group.modifiers.contains("nonisolated")
        else { return }
        let start = variable.modifiers.first?.positionAfterSkippingLeadingTrivia.utf8Offset
            ?? variable.bindingSpecifier.positionAfterSkippingLeadingTrivia.utf8Offset
        let nameEnd = variable.bindings.first?.pattern.endPositionBeforeTrailingTrivia.utf8Offset ?? variable.endPositionBeforeTrailingTrivia.utf8Offset
        // `nonisolated` cannot mark a mutable stored property: `static var x = …` needs `let` too,
        // which breaks code that assigns it — so that fix is unsafe.
        let isMutableStored = variable.bindingSpecifier.text == "var" && variable.bindings.contains { $0.accessorBlock == nil }
        let fix = isMutableStored
            ? Fix(title: "Make it `nonisolated static let`", applicability: .unsafe,
                  edits: [.insert("nonisolated ", at: start), TextEdit(range: variable.bindingSpecifier.byteRange, replacement: "let")])
            : Fix(title: "Add `nonisolated`", applicability: .safe, edits: [.insert("nonisolated ", at: start)])
        report.append(Finding(
            message: "`defaultValue` is MainActor-isolated under the package's default isolation, but SwiftUI reads it from nonisolated code: the conformance fails (or traps); mark it `nonisolated`"
                + (isMutableStored ? " (a stored `static var` must become `let` first)" : ""),
            range: start..<nameEnd,
            fixes: [fix]))
    }
}
