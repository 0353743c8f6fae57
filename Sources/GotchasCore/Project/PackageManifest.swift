#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftParser
import SwiftSyntax

/// What a `Package.swift` says about where and for what its code is built, read from the
/// manifest's syntax tree without running it. Comments and string contents never count
/// (they are trivia and literals in the tree), and only values written out literally are
/// read: a value the manifest computes is `.unreadable`, never guessed.
struct PackageManifest: Sendable, Equatable {
    /// `// swift-tools-version:5.9` on the first line; nil without it.
    var toolsVersion: OSVersion?
    var platforms: ManifestPlatforms
    /// Custom target directories (the `path:` of target declarations), relative to the package.
    var targetPaths: [String]

    init(text: String) {
        toolsVersion = Self.toolsVersion(text)
        let bytes = Array(text.utf8)
        // A manifest SwiftParser cannot parse in bounded time (generated or hostile: the
        // server reads every manifest of a workspace) says nothing this reader can trust.
        guard ParserLimits.hazard(in: bytes) == nil else {
            platforms = .unreadable
            targetPaths = []
            return
        }
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let declarations = ManifestDeclarations(tree)
        platforms = declarations.platforms
        targetPaths = declarations.targetPaths
    }

    /// The tools version is a comment, not code: SwiftPM reads it from the first line
    /// (`// swift-tools-version:5.9`, `// swift-tools-version: 6.0`, `5.10.1`).
    static func toolsVersion(_ text: String) -> OSVersion? {
        guard let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first,
              let marker = first.lowercased().firstRange(of: "swift-tools-version:") else { return nil }
        let rest = first.lowercased()[marker.upperBound...].drop { $0 == " " }
        return OSVersion(rest.prefix { $0.isNumber || $0 == "." })
    }

    /// SwiftPM builds only files under a target's directory: `Sources/`, `Tests/`, `Plugins/`
    /// by default (`Snippets/` too), or a target's `path:`. A Swift file elsewhere beside a
    /// manifest (an `Examples/` app next to a library) is not part of the package.
    func builds(relativePath: String) -> Bool {
        let first = relativePath.split(separator: "/").first.map(String.init) ?? ""
        if ["Sources", "Tests", "Plugins", "Snippets"].contains(first) { return true }
        return targetPaths.contains { path in
            let directory = path.hasSuffix("/") ? String(path.dropLast()) : path
            return directory == "." || directory.isEmpty || relativePath == directory || relativePath.hasPrefix(directory + "/")
        }
    }
}

/// `platforms:` of a manifest.
enum ManifestPlatforms: Sendable, Equatable {
    case notDeclared
    /// Listed platforms; a version this reader cannot read is nil (any version).
    case declared([Platform: OSVersion?])
    /// Written in a way this reader does not follow: computed, or set only on a condition
    /// (in an `if`, a function, an `#if` clause).
    case unreadable
}

/// One walk over a manifest's tree, collecting the places that set the platforms and
/// the target directories.
///
/// `#if` (`#if os(Linux)`, `#if swift(>=5.9)`): which clause applies depends on the
/// machine and toolchain that evaluate the manifest, so platforms set inside one are
/// `.unreadable`; target directories inside one still count (a directory some clause
/// builds belongs to the package, not to a project above it).
private final class ManifestDeclarations: SyntaxVisitor {
    /// Every expression that sets the package's platforms, in source order: a
    /// `platforms:` argument of `Package(…)`, or assigned to `package.platforms`.
    private var platformSettings: [ExprSyntax] = []
    /// Whether one of them is set only on a condition.
    private var setConditionally = false
    /// Top-level `let name = value` (or a `var` nothing changes), which `Package(platforms: name)` may refer to.
    private var constants: [String: ExprSyntax] = [:]
    private(set) var targetPaths: [String] = []

    /// The target declarations whose `path:` is a directory of Swift sources (not
    /// `.binaryTarget`, an artifact, nor `.package(path:)`, another package).
    private static let sourceTargets: Set<String> = ["target", "executableTarget", "testTarget", "plugin", "macro"]

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        for statement in tree.statements {
            guard let variable = statement.item.as(VariableDeclSyntax.self) else { continue }
            let isVar = variable.bindingSpecifier.tokenKind == .keyword(.var)
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value {
                    constants[name] = value
                    if isVar { variables.insert(name) }
                }
            }
        }
        walk(tree)
        // A top-level `var` is as good as a `let` only when nothing changes it.
        for name in mutatedVariables { constants[name] = nil }
    }

    /// Top-level `var`s with an initial value, and those the manifest changes
    /// (`platforms.append(…)`, `platforms = …`, `platforms += …`, `&platforms`).
    private var variables: Set<String> = []
    private var mutatedVariables: Set<String> = []

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        guard variables.contains(name) else { return .visitChildren }
        let parent = node.parent
        if let member = parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
            mutatedVariables.insert(name)  // a method call may mutate it; a property read cannot be told apart cheaply
        } else if parent?.is(InOutExprSyntax.self) == true {
            mutatedVariables.insert(name)
        } else if let sequence = parent?.as(ExprListSyntax.self), sequence.first?.id == node.id,
                  let next = sequence.dropFirst().first,
                  next.is(AssignmentExprSyntax.self) || (next.as(BinaryOperatorExprSyntax.self)?.operator.text.hasSuffix("=") == true) {
            mutatedVariables.insert(name)
        }
        return .visitChildren
    }

    /// Top-level statements run in order, so the last setting is the one SwiftPM sees
    /// (`package.platforms = […]` after `Package(…)`).
    var platforms: ManifestPlatforms {
        guard let last = platformSettings.last else { return .notDeclared }
        return setConditionally ? .unreadable : platforms(of: last, through: [])
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.calleeName else { return .visitChildren }
        if name == "Package", let argument = node.argument(labeled: "platforms") {
            record(argument.expression)
        } else if Self.sourceTargets.contains(name), node.calledExpression.is(MemberAccessExprSyntax.self),
                  let path = node.argument(labeled: "path")?.expression.stringLiteralValue {
            targetPaths.append(path)
        }
        return .visitChildren
    }

    /// `package.platforms = […]` (an unfolded sequence: target, `=`, value). `+=` or a
    /// value made of several operands (`a + b`) is recorded whole, which reads as unreadable.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count >= 3, elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text == "platforms" else {
            return .visitChildren
        }
        if elements[1].is(AssignmentExprSyntax.self) {
            record(elements.count == 3 ? elements[2] : ExprSyntax(node))
        } else if elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
            record(ExprSyntax(node))
        }
        return .visitChildren
    }

    /// Notes a platforms setting, and whether it runs only sometimes: anywhere but in a
    /// top-level statement (in an `if` or a function its statement is in their body, in
    /// an `#if` in the clause).
    private func record(_ value: ExprSyntax) {
        platformSettings.append(value)
        if value.ancestor(CodeBlockItemSyntax.self)?.parent?.parent?.is(SourceFileSyntax.self) != true { setConditionally = true }
    }

    /// An array literal of platforms, `nil`, or a top-level `let` holding one of those.
    private func platforms(of value: ExprSyntax, through names: Set<String>) -> ManifestPlatforms {
        if value.is(NilLiteralExprSyntax.self) { return .notDeclared }
        if let reference = value.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard !names.contains(name), let constant = constants[name] else { return .unreadable }
            return platforms(of: constant, through: names.union([name]))
        }
        guard let list = value.as(ArrayExprSyntax.self) else { return .unreadable }
        var listed: [Platform: OSVersion?] = [:]
        for element in list.elements {
            // `.iOS(.v15)` or `SupportedPlatform.iOS(.v15)`; anything else is computed.
            guard let call = element.expression.as(FunctionCallExprSyntax.self),
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base == nil || member.base?.calleeName == "SupportedPlatform" else { return .unreadable }
            // `.macCatalyst`, `.driverKit`, `.custom(…)`: not a platform rules reason about.
            guard let platform = Platform(rawValue: member.declName.baseName.text) else { continue }
            listed.updateValue(call.arguments.first.flatMap { Self.version($0.expression) }, forKey: platform)
        }
        return .declared(listed)
    }

    /// `.v15` → 15.0, `.v10_15` → 10.15, `"12.0"` → 12.0; nil for anything else.
    private static func version(_ value: ExprSyntax) -> OSVersion? {
        if let text = value.stringLiteralValue { return OSVersion(text) }
        guard let name = value.as(MemberAccessExprSyntax.self)?.declName.baseName.text, name.hasPrefix("v") else { return nil }
        return OSVersion(String(name.dropFirst().map { $0 == "_" ? "." : $0 }))
    }
}
