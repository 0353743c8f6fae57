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
            Under default `MainActor` isolation (`defaultIsolation(MainActor.self)`, \
            `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`), a key's `static defaultValue` is main-actor \
            isolated. SwiftUI reads it from nonisolated layout and environment code, so using the key there \
            fails to compile ("main actor-isolated conformance cannot be used in nonisolated context"). Mark \
            `defaultValue` (or the key type) `nonisolated`; more `@MainActor` does not help.
            """,
        notFlagged: [
            "keys used only from main-actor code",
            "projects without default `MainActor` isolation",
            "keys nested in a `nonisolated` type or an actor",
            "`defaultValue` already `nonisolated`",
        ],
        fixSafety: "Adds `nonisolated` (and to a `PreferenceKey`'s `reduce` beside it). Safe for a literal of a `Sendable` standard type; otherwise unsafe, because a `nonisolated` static must be `Sendable` and cannot read main-actor declarations. A stored `static var` becomes `let` (unsafe: code assigning it breaks).",
        severityReason: "the file uses the key from code outside the main actor, where it does not compile.",
        asks: [.defaultIsolation],
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
                nonisolated struct Columns: Layout {
                    func weight(_ subview: LayoutSubview) -> Double { subview[ColumnWeight.self] }
                }
                actor ThemeCache { func theme() -> Theme { ThemeKey.defaultValue } }
                nonisolated var minimumHeight: CGFloat { HeightKey.defaultValue }
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
                nonisolated func initialOffsets() -> [String: CGFloat] { NoteMinYKey.defaultValue }
                """, note: "a stored `static var` (the fix is unsafe: it becomes `let`; Keep)",
                otherFiles: ["App.xcodeproj/project.pbxproj": "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"]),
            RuleExample("""
                struct Spacing: EnvironmentKey {
                    ↓public static let defaultValue = 8.0
                }
                actor Renderer { let spacing = Spacing.defaultValue }
                """, otherFiles: ["Config/Shared.xcconfig": "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\n"]),
        ],
        nonTriggering: [
            RuleExample("""
                struct ThemeKey: EnvironmentKey {
                    static let defaultValue = Theme.standard
                }
                extension EnvironmentValues {
                    var theme: Theme { self[ThemeKey.self] }
                }
                @MainActor struct Cards {
                    func theme() -> Theme { ThemeKey.defaultValue }
                }
                """, note: "used only from main-actor code: the isolated conformance compiles",
                otherFiles: ["Package.swift": ".target(name: \"App\", swiftSettings: [.defaultIsolation(MainActor.self)])"]),
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
                nonisolated func weight() -> Double { ColumnWeight.defaultValue }
                """, """
                struct ColumnWeight: LayoutValueKey {
                    nonisolated static let defaultValue: Double = 1
                }
                nonisolated func weight() -> Double { ColumnWeight.defaultValue }
                """, otherFiles: ["Package.swift": ".target(name: \"App\", swiftSettings: [.defaultIsolation(MainActor.self)])"]),
            RuleCorrection("""
                struct NoteMinYKey: PreferenceKey {
                    static var defaultValue: [String: CGFloat] = [:]
                    static func reduce(value: inout [String: CGFloat], nextValue: () -> [String: CGFloat]) {}
                }
                actor Notes { func start() -> [String: CGFloat] { NoteMinYKey.defaultValue } }
                """, """
                struct NoteMinYKey: PreferenceKey {
                    nonisolated static let defaultValue: [String: CGFloat] = [:]
                    nonisolated static func reduce(value: inout [String: CGFloat], nextValue: () -> [String: CGFloat]) {}
                }
                actor Notes { func start() -> [String: CGFloat] { NoteMinYKey.defaultValue } }
                """, applicability: .unsafe, fixTitle: "Make it `nonisolated static let`",
                otherFiles: ["App.xcodeproj/project.pbxproj": "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"]),
            RuleCorrection("""
                struct SelectionKey: PreferenceKey {
                    static var defaultValue: String?
                    static func reduce(value: inout String?, nextValue: () -> String?) { value = value ?? nextValue() }
                }
                nonisolated func noSelection() -> String? { SelectionKey.defaultValue }
                """, """
                struct SelectionKey: PreferenceKey {
                    nonisolated static let defaultValue: String? = nil
                    nonisolated static func reduce(value: inout String?, nextValue: () -> String?) { value = value ?? nextValue() }
                }
                nonisolated func noSelection() -> String? { SelectionKey.defaultValue }
                """, applicability: .unsafe, fixTitle: "Make it `nonisolated static let`",
                otherFiles: ["App.xcodeproj/project.pbxproj": "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"]),
            RuleCorrection("""
                private struct ThemeKey: EnvironmentKey {
                    static let defaultValue: Theme = .standard
                }
                nonisolated func fallbackTheme() -> Theme { ThemeKey.defaultValue }
                """, """
                private struct ThemeKey: EnvironmentKey {
                    nonisolated static let defaultValue: Theme = .standard
                }
                nonisolated func fallbackTheme() -> Theme { ThemeKey.defaultValue }
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
        // A `PreferenceKey`'s `reduce` witnesses a requirement too: while it stays main-actor
        // isolated, so does the conformance. It gets `nonisolated` as well (unsafe: its body may read
        // main-actor state); declared in another block, the edit here cannot finish the job.
        let reduce = type.inherits("PreferenceKey") ? Self.isolatedReduce(beside: node) : .none
        let reduceEdits: [TextEdit] = if case .here(let at) = reduce { [.insert("nonisolated ", at: at)] } else { [] }
        var fixes: [Fix] = []
        if isMutableStored {
            var edits: [TextEdit] = [.insert("nonisolated ", at: start), TextEdit(range: variable.bindingSpecifier.byteRange, replacement: "let")] + reduceEdits
            if let binding = variable.bindings.first, variable.bindings.count == 1, binding.initializer == nil {
                // `static var x: T?` is implicitly nil; a `let` needs it written (otherwise no fix: a
                // `static var` without a value does not compile to begin with).
                if let type = binding.typeAnnotation?.type, type.isOptionalSugar {
                    edits.append(.insert(" = nil", at: type.endPositionBeforeTrailingTrivia.utf8Offset))
                    fixes.append(Fix(title: "Make it `nonisolated static let`", applicability: .unsafe, edits: edits))
                }
            } else {
                fixes.append(Fix(title: "Make it `nonisolated static let`", applicability: .unsafe, edits: edits))
            }
        } else {
            fixes.append(Fix(title: "Add `nonisolated`", applicability: Self.isSendableLiteral(variable) && reduce == .none ? .safe : .unsafe,
                             edits: [.insert("nonisolated ", at: start)] + reduceEdits))
        }
        guard let use = Self.nonisolatedUse(of: type.name, in: context) else { return }
        let line = context.document.lines.line(containing: use.positionAfterSkippingLeadingTrivia.utf8Offset) + 1
        report.append(Finding(
            message: "`defaultValue` is MainActor-isolated under the project's default isolation, and line \(line) uses "
                + "`\(type.name)` from code outside the main actor: its isolated conformance cannot be used there; mark it `nonisolated`"
                + (type.inherits("PreferenceKey") ? " (and `reduce`, which witnesses the protocol too)" : "")
                + (isMutableStored ? " (a stored `static var` must become `let` first)" : ""),
            range: start..<nameEnd,
            fixes: fixes))
    }

    /// Where a `PreferenceKey`'s `reduce` stands that is not `nonisolated`.
    enum IsolatedReduce: Equatable { case none, here(Int), elsewhere }

    /// The `static func reduce` among the declaration's members (`.here`, at its first modifier),
    /// or `.elsewhere` when this block has none (another extension declares it).
    static func isolatedReduce(beside node: Syntax) -> IsolatedReduce {
        guard let members = node.parent?.parent?.as(MemberBlockItemListSyntax.self) else { return .elsewhere }
        for member in members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "reduce",
                  function.modifiers.contains("static") else { continue }
            if function.modifiers.contains("nonisolated") { return .none }
            return .here(function.modifiers.first?.positionAfterSkippingLeadingTrivia.utf8Offset
                ?? function.funcKeyword.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        return .elsewhere
    }

    /// The first use of the key type `name` in this file (`Name.self`, `Name.defaultValue`) from code
    /// off the main actor: inside a declaration marked `nonisolated`, or an actor, with no
    /// `@MainActor` in between.
    static func nonisolatedUse(of name: String, in context: RuleContext) -> TokenSyntax? {
        let tokens = Array(context.tree.tokens(viewMode: .sourceAccurate))
        for index in tokens.indices where tokens[index].text == name && index + 2 < tokens.count {
            guard tokens[index + 1].tokenKind == .period, ["self", "defaultValue"].contains(tokens[index + 2].text) else { continue }
            var current = tokens[index].parent
            while let node = current {
                if node.is(ActorDeclSyntax.self) { return tokens[index] }
                if let modifiers = node.asProtocol(WithModifiersSyntax.self)?.modifiers, modifiers.contains("nonisolated") { return tokens[index] }
                if let attributes = node.asProtocol(WithAttributesSyntax.self)?.attributes, attributes.contains("MainActor") { break }
                current = node.parent
            }
        }
        return nil
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
