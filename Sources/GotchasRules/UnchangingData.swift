import GotchasCore
import SwiftSyntax

/// Collections whose contents do not change while a view lives, as far as the code shows:
/// rows over them cannot shift, and a handful of them is cheap to build up front
/// (`foreach-index-identity`, `list-row-conditional`; catalog, "Evidence from public apps").
enum UnchangingData {
    /// Data that does not change while the view lives (catalog, "Evidence from public
    /// apps"): an array literal, a `static let` (or a static preview/sample member), or
    /// anything in preview code (`#Preview`, a `PreviewProvider`, `Preview Content/`).
    static func holds(_ collection: ExprSyntax, in context: RuleContext) -> Bool {
        if context.isInPreviewCode { return true }
        // `let icons = viewModel.icons` just above the `ForEach`: judge what the local holds.
        let collection = localValue(of: collection.unwrapped) ?? collection.unwrapped
        if collection.is(ArrayExprSyntax.self) { return true }
        if isLetArrayLiteral(collection, in: context) || isStateSetOnlyInInit(collection, in: context) { return true }
        guard let (owner, name) = staticMemberReference(collection, in: context),
              let property = owner.property(named: name), property.isStatic
        else { return false }
        let lowered = name.lowercased()
        return property.isLet || ["preview", "sample", "mock", "example"].contains { lowered.contains($0) }
    }

    /// The initial value of a `let name = …` declared before `expression` in an enclosing block.
    static func localValue(of expression: ExprSyntax) -> ExprSyntax? {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        var block = expression.ancestor(CodeBlockItemListSyntax.self)
        while let statements = block {
            for item in statements where item.endPosition <= expression.position {
                guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.text == "let" else { continue }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return binding.initializer?.value.unwrapped
                }
            }
            block = statements.ancestor(CodeBlockItemListSyntax.self)
        }
        return nil
    }

    /// A `let` initialised with an array literal (pocket-casts' `let icons: [IconType] = [.a, .b]`
    /// on its welcome model): its count never changes. Read as `model.icons` through a stored
    /// property of the enclosing type whose type the workspace declares, or as the type's own.
    static func isLetArrayLiteral(_ expression: ExprSyntax, in context: RuleContext) -> Bool {
        guard let enclosing = context.enclosingType else { return false }
        let merged = context.type(named: enclosing.name)
        func own(_ name: String) -> PropertyInfo? { enclosing.property(named: name) ?? merged?.property(named: name) }
        var property: PropertyInfo?
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? expression.selfMemberName {
            property = own(name)
        } else if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
                  let baseName = base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? base.selfMemberName,
                  let holder = own(baseName), holder.isStoredInstance, let typeName = holder.inferredTypeName,
                  let model = context.type(named: typeName) {
            property = model.property(named: member.declName.baseName.text)
        }
        guard let property else { return false }
        return property.isLet && property.isStoredInstance && property.initialValueIsArrayLiteral
    }

    /// A `@State` the view's initializer sets and no other member mutates (pocket-casts'
    /// `ReadOnlyTextView` splits its text into `lines` once): a fixed count. Judged from the type's
    /// own member list, so the `ForEach` must stand in the declaration of the property; any
    /// `$lines`/`_lines`, assignment or mutating call outside an `init` keeps the finding.
    static func isStateSetOnlyInInit(_ expression: ExprSyntax, in context: RuleContext) -> Bool {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? expression.selfMemberName,
              context.enclosingType?.property(named: name)?.wrapper == "State" else { return false }
        var current = expression.parent
        while let parent = current, !parent.is(MemberBlockSyntax.self) { current = parent.parent }
        // Declared without an initial value and assigned by an `init` of this declaration: the
        // view's own one-time seed (a `@State var rows: [Row] = []` filled later is not this).
        guard let members = current?.as(MemberBlockSyntax.self),
              members.members.contains(where: { $0.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                  $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name && $0.initializer == nil } == true }),
              members.members.contains(where: { member in
                  guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { return false }
                  let tokens = Array(initializer.tokens(viewMode: .sourceAccurate))
                  return tokens.indices.contains { [name, "_" + name].contains(tokens[$0].text) && $0 + 1 < tokens.count && tokens[$0 + 1].tokenKind == .equal }
              })
        else { return false }
        return !WorkspaceRuleSupport.writes(name, in: members, mutating: mutatingMembers)
    }

    /// Mutating members of `Array` that change its count.
    static let mutatingMembers: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "popLast", "replaceSubrange",
        "move", "shuffle", "sort", "reverse", "swapAt", "formUnion", "subtract",
    ]

    /// `Type.name` / `Self.name`, or a bare `name` that is a static member of the enclosing type.
    static func staticMemberReference(_ expression: ExprSyntax, in context: RuleContext) -> (TypeScope, String)? {
        if let member = expression.as(MemberAccessExprSyntax.self),
           let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base.first?.isUppercase == true {
            let owner = base == "Self" ? context.enclosingType : context.type(named: base)
            return owner.map { ($0, member.declName.baseName.text) }
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self), let owner = context.enclosingType {
            return (owner, reference.baseName.text)
        }
        return nil
    }
}
