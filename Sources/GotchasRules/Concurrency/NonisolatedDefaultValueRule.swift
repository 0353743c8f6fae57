import GotchasCore
import SwiftSyntax

/// Under default `MainActor` isolation, a key's `static defaultValue` becomes
/// main-actor isolated, but SwiftUI reads it from nonisolated layout and environment code.
struct NonisolatedDefaultValueRule: Rule {
    static let description = RuleDescription(
        id: "nonisolated-default-value",
        category: .concurrency,
        severity: .warning,
        optIn: true,
        seed: "000 C5",
        summary: "`static defaultValue` of a `LayoutValueKey`/`EnvironmentKey`/`PreferenceKey` without `nonisolated`, under default MainActor isolation.",
        rationale: """
            When the package sets `defaultIsolation(MainActor.self)` (or the project sets \
            `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`), every unannotated declaration — including a \
            key's `static defaultValue` — is main-actor isolated. SwiftUI calls `defaultValue` from \
            nonisolated layout and environment machinery, so the conformance can fail to compile \
            ("main actor-isolated conformance cannot be used in nonisolated context") or trap at run \
            time. Mark `defaultValue` `nonisolated` (or the whole type); more `@MainActor` does not help. \
            Not flagged: keys the default isolation does not reach (nested in a `nonisolated` type, in an \
            actor). The fix is safe only for a literal value of a `Sendable` standard type: a `nonisolated` \
            static `let` must be `Sendable`, and its value is then computed off the main actor, where the \
            project's other (main-actor) declarations cannot be read. A stored `static var` becomes `let` \
            (unsafe: code assigning it breaks), with `= nil` written out when it was implicit. \
            Opt-in: on six public apps none of 6 sampled findings was worth acting on — projects built with Swift 6.2 and default MainActor isolation compile these keys (docs/precision.md).
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
            RuleExample("""
                nonisolated enum Layout {
                    struct ColumnWeight: LayoutValueKey {
                        static let defaultValue: Double = 1
                    }
                }
                actor Store {
                    struct CountKey: PreferenceKey {
                        static let defaultValue = 0
                        static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
                    }
                }
                """, note: "nested in a `nonisolated` type or an actor: not MainActor by default",
                otherFiles: ["Package.swift": ".target(name: \"App\", swiftSettings: [.defaultIsolation(MainActor.self)])"]),
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
            RuleCorrection("""
                struct SelectionKey: PreferenceKey {
                    static var defaultValue: String?
                    static func reduce(value: inout String?, nextValue: () -> String?) { value = value ?? nextValue() }
                }
                """, """
                struct SelectionKey: PreferenceKey {
                    nonisolated static let defaultValue: String? = nil
                    static func reduce(value: inout String?, nextValue: () -> String?) { value = value ?? nextValue() }
                }
                """, applicability: .unsafe, fixTitle: "Make it `nonisolated static let`",
                otherFiles: ["App.xcodeproj/project.pbxproj": "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"]),
            RuleCorrection("""
                private struct ThemeKey: EnvironmentKey {
                    static let defaultValue: Theme = .standard
                }
                """, """
                private struct ThemeKey: EnvironmentKey {
                    nonisolated static let defaultValue: Theme = .standard
                }
                """, applicability: .unsafe, otherFiles: ["Package.swift": ".target(name: \"App\", swiftSettings: [.defaultIsolation(MainActor.self)])"]),
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
              !Self.escapesDefaultIsolation(node)
        else { return }
        let start = variable.modifiers.first?.positionAfterSkippingLeadingTrivia.utf8Offset
            ?? variable.bindingSpecifier.positionAfterSkippingLeadingTrivia.utf8Offset
        let nameEnd = variable.bindings.first?.pattern.endPositionBeforeTrailingTrivia.utf8Offset ?? variable.endPositionBeforeTrailingTrivia.utf8Offset
        // `nonisolated` cannot mark a mutable stored property: `static var x = …` needs `let` too,
        // which breaks code that assigns it — so that fix is unsafe.
        let isMutableStored = variable.bindingSpecifier.text == "var" && variable.bindings.contains { $0.accessorBlock == nil }
        var fixes: [Fix] = []
        if isMutableStored {
            var edits: [TextEdit] = [.insert("nonisolated ", at: start), TextEdit(range: variable.bindingSpecifier.byteRange, replacement: "let")]
            if let binding = variable.bindings.first, variable.bindings.count == 1, binding.initializer == nil {
                // `static var x: T?` is implicitly nil; a `let` needs it written (otherwise no fix: a
                // `static var` without a value does not compile to begin with).
                if let type = binding.typeAnnotation?.type, type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                    edits.append(.insert(" = nil", at: type.endPositionBeforeTrailingTrivia.utf8Offset))
                    fixes.append(Fix(title: "Make it `nonisolated static let`", applicability: .unsafe, edits: edits))
                }
            } else {
                fixes.append(Fix(title: "Make it `nonisolated static let`", applicability: .unsafe, edits: edits))
            }
        } else {
            fixes.append(Fix(title: "Add `nonisolated`", applicability: Self.isSendableLiteral(variable) ? .safe : .unsafe,
                             edits: [.insert("nonisolated ", at: start)]))
        }
        report.append(Finding(
            message: "`defaultValue` is MainActor-isolated under the project's default isolation, but SwiftUI reads it from "
                + "nonisolated code: the key's conformance can fail to compile (or trap); mark it `nonisolated`"
                + (isMutableStored ? " (a stored `static var` must become `let` first)" : ""),
            range: start..<nameEnd,
            fixes: fixes))
    }

    /// True inside a type the default isolation does not reach (SE-0466): one marked
    /// `nonisolated` (or nested in one), or an actor (its members are its own).
    static func escapesDefaultIsolation(_ node: Syntax) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(ActorDeclSyntax.self) { return true }
            if let group = ancestor.asProtocol(DeclGroupSyntax.self), group.modifiers.contains("nonisolated") { return true }
            current = ancestor.parent
        }
        return false
    }

    /// Standard types that are `Sendable` (with optionals, arrays, sets and dictionaries of them).
    static let sendableTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "TimeInterval", "Bool", "String", "Character", "CGSize", "CGPoint", "CGRect", "Date", "UUID", "URL",
    ]

    /// `nonisolated` is sure to compile when the value is a literal (computing it reads
    /// nothing main-actor isolated) of a standard `Sendable` type: a stored `let` with a
    /// literal initial value, or a getter that returns one.
    static func isSendableLiteral(_ variable: VariableDeclSyntax) -> Bool {
        guard variable.bindings.count == 1, let binding = variable.bindings.first else { return false }
        let value: ExprSyntax?
        if let initializer = binding.initializer {
            value = initializer.value
        } else if let accessors = binding.accessorBlock?.accessors, case .getter(let statements) = accessors, statements.count == 1 {
            value = statements.first?.item.as(ExprSyntax.self)
                ?? statements.first?.item.as(ReturnStmtSyntax.self)?.expression
        } else {
            value = nil
        }
        guard let value, isLiteral(value) else { return false }
        guard let type = binding.typeAnnotation?.type else { return true }  // inferred from a literal: a standard type
        return isSendableStandard(type)
    }

    private static func isLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self) {
            return true
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return !string.segments.contains { $0.is(ExpressionSegmentSyntax.self) }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) { return prefix.operator.text == "-" && isLiteral(prefix.expression) }
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.allSatisfy { isLiteral($0.expression) } }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return true }  // `[:]`
            return elements.allSatisfy { isLiteral($0.key) && isLiteral($0.value) }
        }
        return false
    }

    private static func isSendableStandard(_ type: TypeSyntax) -> Bool {
        if let optional = type.as(OptionalTypeSyntax.self) { return isSendableStandard(optional.wrappedType) }
        if let array = type.as(ArrayTypeSyntax.self) { return isSendableStandard(array.element) }
        if let dictionary = type.as(DictionaryTypeSyntax.self) { return isSendableStandard(dictionary.key) && isSendableStandard(dictionary.value) }
        guard let identifier = type.as(IdentifierTypeSyntax.self) else { return false }
        if let generics = identifier.genericArgumentClause {
            guard ["Set", "Array", "Optional", "Dictionary"].contains(identifier.name.text) else { return false }
            return generics.arguments.allSatisfy { argument in
                argument.argument.as(TypeSyntax.self).map(isSendableStandard) ?? false
            }
        }
        return sendableTypes.contains(identifier.name.text)
    }
}
