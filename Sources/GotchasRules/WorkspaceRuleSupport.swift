import GotchasCore
import SwiftSyntax

/// Shared questions of the SwiftData, widget, concurrency and cross-file rules.
enum WorkspaceRuleSupport {
    /// `@State var x = Foo(…)` on a member property: each class the view creates and
    /// owns, with the workspace declaration of its type (resolved from the view outwards:
    /// `StateModel()` inside `extension Feature` is `Feature.StateModel`; an ambiguous name
    /// gives nothing), its qualified name for messages, and the construction call.
    static func stateClassCreations(_ node: Syntax, in context: RuleContext) -> [(name: String, declaration: TypeDeclaration, call: FunctionCallExprSyntax)] {
        stateCreations(node).compactMap { name, call in
            context.declaration(of: name, ifKind: .class).map { ($0.scope.qualifiedName, $0, call) }
        }
    }

    /// `stateClassCreations` before asking which names are classes: each binding's type name and call.
    static func stateCreations(_ node: Syntax) -> [(typeName: String, call: FunctionCallExprSyntax)] {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true else { return [] }
        let variable = node.cast(VariableDeclSyntax.self)
        guard variable.attributes.names.contains(where: { $0 == "State" || $0 == "SwiftUI.State" }) else { return [] }
        return variable.bindings.compactMap { binding in
            // Only an instance the view creates: a `@State var selection: Foo?` holds a
            // reference whose replacement is the change.
            guard let call = binding.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self),
                  call.calledExpression.is(DeclReferenceExprSyntax.self),
                  let callee = call.calleeName, let name = TypeNames.simple(callee), name.first?.isUppercase == true
            else { return nil }
            return (name, call)
        }
    }

    /// True when the code at the walk's position is drawn by the system as a menu (`MenuContent`):
    /// inside a menu's content closure; in a member of its type that its top-level item uses only
    /// there (`.contextMenu { contextMenu }`: the scope the index uses for the same question); or in
    /// a view type that every place in the workspace builds inside menu content
    /// (`StatusRowContextMenu(…)` in another file's `.contextMenu { }`).
    /// Modifiers whose content SwiftUI builds while it is presented, not with every render of the
    /// view they are attached to.
    static let presentedContentModifiers: Set<String> = ["sheet", "popover", "fullScreenCover", "alert", "confirmationDialog", "inspector"]

    /// The walk stands in the content of a sheet, popover, cover, alert, dialog or inspector.
    static func isInPresentedContent(_ context: RuleContext) -> Bool {
        context.containers.contains { presentedContentModifiers.contains($0.name) }
    }

    static func isDrawnAsMenu(_ context: RuleContext) -> Bool {
        if MenuContent.contains(context.containers) { return true }
        if let member = context.enclosingMember, member.name != "body", let item = MenuContent.topLevelItem(of: member.node) {
            var uses = MemberMenuUses(under: item)
            if uses.isOnlyMenuContent(member.name) { return true }
        }
        if let view = context.enclosingView, context.isBuiltOnlyAsMenuContent(view.name) { return true }
        return false
    }

    /// True when a member of the type other than an `init` changes the property `name`: assigns it
    /// (`name = …`, `name += …`, `name.field = …`), calls one of `mutating` on it, passes it `inout`
    /// (`&name`), binds it (`$name`) or touches its storage (`_name`). Only the given member block.
    static func writes(_ name: String, in members: MemberBlockSyntax, mutating: Set<String>) -> Bool {
        for member in members.members where !member.decl.is(InitializerDeclSyntax.self) {
            let tokens = Array(member.decl.tokens(viewMode: .sourceAccurate))
            for (index, token) in tokens.enumerated() {
                if token.text == "$" + name || token.text == "_" + name { return true }
                guard token.text == name, index + 1 < tokens.count else { continue }
                let next = tokens[index + 1]
                if case .binaryOperator(let op) = next.tokenKind, op.hasSuffix("="), !["==", "!=", "<=", ">="].contains(op) { return true }
                if next.tokenKind == .equal { return true }
                if next.tokenKind == .period, index + 2 < tokens.count {
                    if mutating.contains(tokens[index + 2].text) { return true }
                    if index + 3 < tokens.count, tokens[index + 3].tokenKind == .equal { return true }
                }
                // `inout` use: `&lines`.
                if index > 0, tokens[index - 1].text == "&" { return true }
            }
        }
        return false
    }

    /// A parameter or property type that can hand a value back to the caller: a function type (also
    /// optional or parenthesized), anything marked `@escaping` (only closures can be, so a
    /// typealias of one counts), or a `Binding`.
    static func isWayBack(_ type: TypeSyntax) -> Bool {
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return attributed.attributes.contains("escaping") || isWayBack(attributed.baseType)
        }
        if let optional = type.as(OptionalTypeSyntax.self) { return isWayBack(optional.wrappedType) }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return isWayBack(optional.wrappedType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isWayBack(only.type)
        }
        if type.is(FunctionTypeSyntax.self) { return true }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text == "Binding" }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text == "Binding" }
        return false
    }

    /// The uppercase names called under `node` (`Row(item:)`, `ProgressView()`, `Label { } icon: { }`):
    /// the view types the code builds, and initializers of other types, in source order without repeats.
    static func calledTypeNames(in node: some SyntaxProtocol, outsidePresentedContent: Bool = false) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, TypeNames.startsUppercase(name),
                  let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  reference.parent?.is(FunctionCallExprSyntax.self) == true || reference.parent?.parent?.is(FunctionCallExprSyntax.self) == true,
                  !(outsidePresentedContent && PresentedContent.contains(reference, within: node)),
                  seen.insert(name).inserted
            else { continue }
            names.append(name)
        }
        return names
    }

    /// The members of the type whose code `node` stands in, in this file: its own member block's and
    /// those of the other declarations of it at the top level of the file (`struct BiometricView` and
    /// `extension BiometricView { func card() }`, `private extension EventScreen { func refresh() }`).
    static func typeMembersInFile(around node: some SyntaxProtocol) -> [MemberBlockItemSyntax] {
        guard let block = node.ancestor(MemberBlockSyntax.self), let group = block.parent?.asProtocol(DeclGroupSyntax.self) else { return [] }
        func name(of group: some DeclGroupSyntax) -> String? {
            group.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription ?? group.asProtocol(NamedDeclSyntax.self)?.name.text
        }
        var all = Array(block.members)
        guard let type = name(of: group), let file = node.root.as(SourceFileSyntax.self) else { return all }
        for statement in file.statements {
            guard let other = statement.item.asProtocol(DeclGroupSyntax.self), other.id != group.id, name(of: other) == type else { continue }
            all += other.memberBlock.members
        }
        return all
    }

    /// The type named `name`, built in a view's code, holds no state: a system view that holds
    /// nothing (`ForEachIndexIdentityRule.statelessSystemViews`), a chart's mark, a value
    /// (`Double(count)`), or a project view whose tree the workspace shows holding none (a type it
    /// does not know may hold state: `TextField`, a package's image view).
    static func holdsNoState(_ name: String, in context: RuleContext) -> Bool {
        ForEachIndexIdentityRule.statelessSystemViews.contains(name) || chartMarks.contains(name) || plainValueTypes.contains(name)
            || context.viewTreeHoldsState(rootedAt: name) == false
    }

    /// A view: it conforms to `View` itself, or through a protocol of the workspace that refines
    /// it (`struct RootView: BaseView` with `protocol BaseView: View`).
    /// The code stands in the `App` (its conformance may be declared in another file).
    static func standsInApp(_ context: RuleContext) -> Bool {
        guard let type = context.enclosingType else { return false }
        return type.inherits("App") || context.type(named: type.name)?.inherits("App") == true
    }

    static func isView(_ type: TypeScope, in context: some WorkspaceAsking) -> Bool {
        type.isView || someAncestor(of: type, kinds: [.protocol], in: context) { $0.isView }
    }

    /// Some type `type` inherits from, declared in the workspace as one of `kinds` (a superclass,
    /// a refined protocol), a few levels up, satisfies `holds`. Names in `excluding` are not followed.
    static func someAncestor(of type: TypeScope, kinds: Set<TypeScope.Kind>, excluding: Set<String> = [], in context: some WorkspaceAsking,
                             depth: Int = 0, _ holds: (TypeScope) -> Bool) -> Bool {
        guard depth < 8 else { return false }
        return type.inheritedTypes.contains { written in
            guard let name = TypeNames.simpleIgnoringArguments(written), !excluding.contains(name),
                  let inherited = context.type(named: name), kinds.contains(inherited.kind)
            else { return false }
            return holds(inherited) || someAncestor(of: inherited, kinds: kinds, excluding: excluding, in: context, depth: depth + 1, holds)
        }
    }

    /// Swift Charts' marks and what builds them: drawn from their values, holding no state.
    static let chartMarks: Set<String> = [
        "BarMark", "LineMark", "AreaMark", "PointMark", "RuleMark", "RectangleMark", "SectorMark", "Plot", "PlottableValue",
    ]

    /// Value types a view's code builds that are not views (`Double(count)`, `URL(string:)`): called
    /// by an uppercase name, they hold no view state.
    static let plainValueTypes: Set<String> = [
        "Double", "Float", "CGFloat", "Int", "String", "Bool", "Date", "URL", "UUID", "Decimal", "CGSize", "CGPoint", "CGRect",
        "Angle", "Font", "EdgeInsets", "UnitPoint", "Array", "Set", "Dictionary", "AttributedString", "LocalizedStringKey",
    ]

    /// The code reads something that can change while the view lives: a dynamic property of
    /// the enclosing view (`@State`, `@Binding`, an observed model, the environment) or a stored
    /// reference to an `@Observable`/`ObservableObject` class of the workspace. A `let`/plain input
    /// of the view, a closure parameter (a row's element) or a local does not. Without an enclosing
    /// type (a bare `body`, as in the seeds' own examples) nothing says the value is fixed.
    static func readsChangingState(_ code: some SyntaxProtocol, in context: RuleContext) -> Bool {
        readsChangingState(code, in: context, throughComputed: true)
    }

    private static func readsChangingState(_ code: some SyntaxProtocol, in context: RuleContext, throughComputed: Bool) -> Bool {
        guard let type = context.enclosingType else { return true }
        // The file's own declaration first: the workspace is asked (a recorded question) only for a
        // name this file does not declare on the type (an extension's view declared elsewhere).
        var merged: [PropertyInfo]?
        for name in code.referencedNames {
            // Only stored properties count: a computed one (`isSmallScreen` from `UIScreen.main.bounds`,
            // `UIDevice.current.userInterfaceIdiom`) is a device constant as far as the syntax shows, and
            // a plain `var big = false` input is fixed for the view's life like a `let`: neither is a
            // dynamic property, so neither can change while the view lives.
            var property = type.properties.first { $0.name == name && $0.isStoredInstance }
            if property == nil, !type.properties.contains(where: { $0.name == name }) {
                if merged == nil { merged = context.type(named: type.name)?.properties ?? [] }
                property = merged?.first { $0.name == name && $0.isStoredInstance }
            }
            guard let property else {
                // A computed property of the view declared in this file (`var linkFailed: Bool { verified == false }`)
                // changes when the state its getter reads does (one level: its getter's own reads).
                if throughComputed, let getter = computedGetter(named: name, around: Syntax(code)),
                   readsChangingState(getter, in: context, throughComputed: false) { return true }
                // A local of the view's code (`let showsMore = !model.isLoading && …`) changes with what
                // its value reads (one level).
                if throughComputed, let reference = code.tokens(viewMode: .sourceAccurate).first(where: { $0.text == name })?.parent?.as(DeclReferenceExprSyntax.self),
                   let value = UnchangingData.localValue(of: ExprSyntax(reference)),
                   readsChangingState(value, in: context, throughComputed: false) { return true }
                continue
            }
            if changesWhileViewLives(property, in: context) { return true }
        }
        return false
    }

    /// A stored property of a view whose value changes while the view lives: a dynamic property
    /// (`@State`, `@Binding`, an observed model, the environment, a query) or a reference to an
    /// `@Observable`/`ObservableObject` class of the workspace.
    static func changesWhileViewLives(_ property: PropertyInfo, in context: RuleContext) -> Bool {
        if let wrapper = property.wrapper, ReachHazard.changingWrappers.contains(wrapper) { return true }
        guard property.wrapper == nil, let typeName = property.inferredTypeName, let model = context.type(named: typeName) else { return false }
        return model.isClass && (model.isObservableMacro || model.inheritedTypes.contains("ObservableObject"))
    }

    /// The getter of the computed instance property `name` declared in the type around `node`, in this file.
    static func computedGetter(named name: String, around node: Syntax) -> AccessorBlockSyntax? {
        guard let (_, binding) = instanceBinding(named: name, around: node), let accessors = binding.accessorBlock, accessors.isComputed
        else { return nil }
        return accessors
    }

    /// The instance property `name` declared in the body of the type (or extension) around `node`,
    /// in this file: its declaration and its binding.
    static func instanceBinding(named name: String, around node: Syntax) -> (VariableDeclSyntax, PatternBindingSyntax)? {
        var current = node.parent
        // Code in a view is a few dozen levels deep; a pathological nesting is not looked through.
        var levels = 0
        while let parent = current, levels < 256 {
            levels += 1
            if let group = parent.asProtocol(DeclGroupSyntax.self) {
                for member in group.memberBlock.members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.contains(where: { $0.name.text == "static" }) else { continue }
                    if let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }) {
                        return (variable, binding)
                    }
                }
                return nil
            }
            current = parent.parent
        }
        return nil
    }

    /// Names of what animates a change: a symbol effect, a content transition, an animation.
    /// (A `.transition` animates only the view it is on: asked of a modifier chain, not a type.)
    static let animationNames: Set<String> = ["symbolEffect", "contentTransition", "withAnimation", "animation"]

    /// Inside either branch of an `if #available(…)` / `if #unavailable(…)`.
    static func isInAvailabilityBranch(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if let ifExpr = parent.as(IfExprSyntax.self),
               ifExpr.conditions.contains(where: { $0.condition.is(AvailabilityConditionSyntax.self) }) {
                return true
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(VariableDeclSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// The type declaration around `node` (the file, outside any) names one of `names` in its code.
    static func enclosingTypeMentions(_ node: Syntax, _ names: Set<String>) -> Bool {
        enclosingTypeDeclaration(node).map { containsToken($0, in: names) } ?? false
    }

    /// The type declaration around `node`, or the file outside any.
    static func enclosingTypeDeclaration(_ node: Syntax) -> Syntax? {
        var current = node.parent
        while let parent = current {
            if parent.isProtocol(DeclGroupSyntax.self) { return parent }
            current = parent.parent
        }
        return node.root
    }

    /// The type declaration around `node` (the file, outside any) names something that animates
    /// a change (`withAnimation`, `.animation(_:value:)`, `.symbolEffect`, `.contentTransition`).
    static func enclosingTypeAnimates(_ node: Syntax) -> Bool { enclosingTypeMentions(node, animationNames) }

    /// The file imports WidgetKit (widget rules apply only there).
    static func isWidgetFile(_ context: RuleContext) -> Bool { context.imports.contains("WidgetKit") }

    /// A widget's views: the file imports WidgetKit, and not only to reload timelines from the app
    /// (`WidgetCenter`, `RuleContext.isWidgetCode`).
    static func isWidgetViewFile(_ context: RuleContext) -> Bool { isWidgetFile(context) && context.isWidgetCode }

    /// Widget or Live Activity code (`RuleContext.isWidgetCode`).
    static func isWidgetCode(_ context: RuleContext) -> Bool { context.isWidgetCode }

    /// True when some token of `node` has one of `texts` (identifiers, keywords),
    /// outside comments and string literals.
    static func containsToken(_ node: some SyntaxProtocol, in texts: Set<String>) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            texts.contains(token.text) && !isInStringLiteral(token)
        }
    }

    /// The first token of `node` whose text is in `texts`, outside string literals.
    static func firstToken(_ node: some SyntaxProtocol, in texts: Set<String>) -> TokenSyntax? {
        node.tokens(viewMode: .sourceAccurate).first { texts.contains($0.text) && !isInStringLiteral($0) }
    }

    static func isInStringLiteral(_ token: TokenSyntax) -> Bool {
        switch token.tokenKind {
        case .stringSegment, .stringQuote, .multilineStringQuote: return true
        default: return false
        }
    }

    /// The type a property-chain expression holds, from the enclosing types'
    /// properties and the workspace: `plants` → `[Plant]`, `store.plants` → `[Plant]`.
    static func typeName(of expression: ExprSyntax, in context: RuleContext) -> String? {
        let expression = expression.unwrapped
        if let call = expression.as(FunctionCallExprSyntax.self), let callee = call.calleeName, callee.first?.isUppercase == true {
            return callee
        }
        guard let dotted = expression.dottedName else { return nil }
        var parts = dotted.split(separator: ".").map(String.init)
        if parts.first == "self" { parts.removeFirst() }
        guard let first = parts.first, first.first?.isLowercase == true else { return nil }
        var current: String?
        for scope in context.typeStack.reversed() {
            if let property = scope.property(named: first) {
                current = property.typeName ?? property.inferredTypeName
                break
            }
        }
        for part in parts.dropFirst() {
            guard let holder = current.flatMap(TypeNames.simple), let type = context.type(named: holder),
                  let property = type.property(named: part) else { return nil }
            current = property.typeName ?? property.inferredTypeName
        }
        return current
    }

    /// Preview code as the model knows it: the walk is in `#Preview`/a `PreviewProvider`, or in a
    /// view that only previews build (a `#if DEBUG` wrapper such as `MovieItemTest`). Run-time
    /// advice does not apply there.
    /// A `public` (or `open`) view is built by the module's clients (a package's views by the
    /// apps that use it), which the linted tree does not show: never preview code by that evidence.
    static func isPreviewOnly(_ context: RuleContext, at node: Syntax) -> Bool {
        previewOnly(context, at: node).answer(asking: context)
    }

    /// `isPreviewOnly` as what the tree tells, and the workspace question left (for a late decision).
    static func previewOnly(_ context: RuleContext, at node: Syntax) -> PreviewOnly {
        if context.isInPreviewCode { return .known(true) }
        guard let view = context.enclosingView else { return .known(false) }
        if isPublicDeclaration(around: node) { return .known(false) }
        return .builtOnlyByPreviews(view.name)
    }

    /// Whether code is preview-only: known from the tree, or whether previews alone build a view.
    enum PreviewOnly: Sendable {
        case known(Bool)
        case builtOnlyByPreviews(String)

        func answer(asking workspace: some WorkspaceAsking) -> Bool {
            switch self {
            case .known(let value): value
            case .builtOnlyByPreviews(let view): workspace.isBuiltOnlyByPreviews(view)
            }
        }
    }

    /// The innermost type declaration or extension around `node` is `public` or `open`.
    static func isPublicDeclaration(around node: Syntax) -> Bool {
        var current = node.parent
        while let next = current {
            if let group = next.asProtocol(DeclGroupSyntax.self) {
                return group.modifiers.contains { ["public", "open"].contains($0.name.text) }
            }
            current = next.parent
        }
        return false
    }

    /// The call is a method of one of the program's own types, not SwiftUI's modifier of that
    /// name: the chain's root (`config` in `config.padding(8).cornerRadius(r)`) is a parameter of
    /// the enclosing function or a property of an enclosing type whose type the workspace declares
    /// with a method `name`. A popup library's configuration `cornerRadius(_:)` has
    /// this shape.
    static func callsProgramMethod(_ call: FunctionCallExprSyntax, named name: String, in context: RuleContext) -> Bool {
        func declaresMethod(_ typeName: String?) -> Bool {
            guard let simple = typeName.flatMap(TypeNames.simple), let type = context.type(named: simple) else { return false }
            return !type.isView && type.methodNames.contains(name)
        }
        let function = context.enclosingFunction?.node.as(FunctionDeclSyntax.self)
        guard let receiver = call.modifierReceiver, let root = receiver.chainRoot.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        if let parameter = function?.signature.parameterClause.parameters.first(where: { $0.localName == root }) {
            return declaresMethod(parameter.type.trimmedText)
        }
        return declaresMethod(enclosingProperty(named: root, in: context)?.inferredTypeName)
    }

    /// The property of an enclosing type that a bare name or `self.name` refers to.
    /// `Button(action: resetForm)`, `onRetry: model.refresh`: a method passed uncalled runs on an
    /// event, not when `body` reads the name. True when `expression` (a read that reached `reached`)
    /// is not called and names a method (of the enclosing type, or of the value's declared type).
    static func isUncalledMethod(_ expression: ExprSyntax, reached: ReachedHazard, in context: RuleContext) -> Bool {
        UncalledMethodCheck(expression, in: context).holds(for: reached, asking: context)
    }

    /// The declared type of a value the code names: a parameter of the enclosing function
    /// (`breach` in `func breachRow(breach: Breach)`), else a property of an enclosing type.
    static func heldTypeName(of name: String, in context: RuleContext) -> String? {
        if let function = context.enclosingFunction?.node.as(FunctionDeclSyntax.self),
           let parameter = function.signature.parameterClause.parameters.first(where: { $0.localName == name }) {
            let type = TypeNames.strippingOptional(parameter.type.trimmedDescription)
            return TypeNames.startsUppercase(type) ? TypeNames.simple(type) : nil
        }
        return enclosingProperty(named: name, in: context)?.reachTypeName.flatMap(TypeNames.simple)
    }

    /// The declared type of a value the code names, or of one row of a list it stands in: a parameter
    /// or property (`heldTypeName`), else the element of the row container's data
    /// (`rowElementTypeName`).
    static func valueTypeName(of reference: DeclReferenceExprSyntax, in context: RuleContext) -> String? {
        heldTypeName(of: reference.baseName.text, in: context) ?? rowElementTypeName(of: reference, in: context)
    }

    /// Row containers whose content closure takes one element of their data.
    static let elementRowContainers: Set<String> = ["ForEach", "List"]

    /// The type of one row, for the parameter of a row closure: `file` in `ForEach(fileObjects) {
    /// file in … }` (or `$0` in a closure without parameters), where `fileObjects` is a property of an
    /// enclosing type written `FetchedResults<PhotoFileObject>` (`[T]`, `Array<T>`, `Set<T>` too, as
    /// `@Query var x: [T]` is), is a `PhotoFileObject`. The name must be bound by the row closure
    /// itself (the innermost closure binding it), whose call's data is the property, bare or `self.x`.
    static func rowElementTypeName(of reference: DeclReferenceExprSyntax, in context: RuleContext) -> String? {
        guard context.containers.contains(where: { elementRowContainers.contains($0.name) }) else { return nil }
        let name = reference.baseName.text
        let isAnonymous = name == "$0"
        if !isAnonymous { guard case .identifier = reference.baseName.tokenKind else { return nil } }
        var current = reference.parent
        var binder: ClosureExprSyntax?
        // Code is a few dozen levels deep; a pathological nesting is not looked through.
        var levels = 0
        while let node = current, levels < 256 {
            levels += 1
            if let closure = node.as(ClosureExprSyntax.self) {
                let names = closure.parameterNames
                if isAnonymous ? closure.signature == nil : names.contains(name) {
                    guard isAnonymous || names.first == name else { return nil }
                    binder = closure
                    break
                }
            }
            if node.is(MemberBlockSyntax.self) || node.is(SourceFileSyntax.self) { return nil }
            current = node.parent
        }
        guard let binder, let frame = context.containers.last(where: { $0.closure.id == binder.id }),
              elementRowContainers.contains(frame.name), let data = frame.call?.arguments.first, data.label == nil,
              let dataName = data.expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? data.expression.selfMemberName,
              let written = enclosingProperty(named: dataName, in: context)?.typeName,
              let element = TypeNames.element(of: written) ?? fetchedResultsElement(of: written)
        else { return nil }
        return TypeNames.startsUppercase(element) ? TypeNames.simple(element) : nil
    }

    /// `Item` for `FetchedResults<Item>` (a Core Data fetch request's results).
    static func fetchedResultsElement(of written: String) -> String? {
        let text = TypeNames.strippingOptional(written)
        let prefix = "FetchedResults<"
        guard text.hasPrefix(prefix), text.hasSuffix(">") else { return nil }
        return TypeNames.strippingOptional(String(text.dropFirst(prefix.count).dropLast()))
    }

    static func enclosingProperty(named name: String, in context: RuleContext) -> PropertyInfo? {
        for scope in context.typeStack.reversed() {
            if let property = scope.property(named: name) { return property }
            // In an extension (`extension ConsoleGamesView { … games … }`): the type's stored
            // properties are in its declaration, maybe in another file.
            if scope.kind == .extension, let property = context.type(named: scope.name)?.property(named: name) { return property }
        }
        return nil
    }

    /// Where other places are, for the message text (not every editor shows related
    /// locations): "in this file", "in `Cart.swift`", "in `App.swift` and 2 other files".
    static func place(_ paths: [String], from context: some WorkspaceAsking) -> String {
        var names: [String] = []
        for path in paths {
            let name = path == context.path ? "this file" : "`" + (path.split(separator: "/").last.map(String.init) ?? path) + "`"
            if !names.contains(name) { names.append(name) }
        }
        guard let first = names.first else { return "" }
        switch names.count {
        case 1: return "in \(first)"
        case 2: return "in \(first) and \(names[1])"
        default: return "in \(first) and \(names.count - 1) other files"
        }
    }

    /// A related location pointing at a type's declaration.
    static func related(_ declaration: TypeDeclaration, _ message: String) -> RelatedLocation {
        RelatedLocation(path: declaration.path, range: declaration.scope.nameRange, message: message)
    }

    /// What a name used in a view's code means for a reach question: `relativeTime(d)`,
    /// `visibleItems`, `self.rows` — a member of the enclosing type, else a free function;
    /// `Formatters.relative(d)` — a static member of the named type; `model.rows` — a member of
    /// the type of the enclosing type's property `model`. Nil for anything else.
    /// `Image` methods that return `Image` (`.symbolVariant` returns `some View`, so it goes after them).
    static let imageMethods: Set<String> = [
        "resizable", "renderingMode", "interpolation", "antialiased", "symbolRenderingMode", "allowedDynamicRange",
    ]

    /// SwiftUI view modifiers (any `View` has them): what a chain may continue with after `.symbolVariant`,
    /// and a receiver that is a view.
    /// `symbolRenderingMode` is both an `Image` method and a `View` modifier: either compiles.
    static let viewModifiers: Set<String> = [
        "font", "fontWeight", "imageScale", "foregroundStyle", "foregroundColor", "tint", "symbolRenderingMode",
        "frame", "padding", "opacity", "scaleEffect", "rotationEffect", "offset", "aspectRatio", "scaledToFit",
        "scaledToFill", "background", "overlay", "clipShape", "shadow", "border", "hidden", "disabled", "help",
        "accessibilityLabel", "accessibilityHidden", "accessibilityIdentifier", "contentTransition", "symbolEffect",
        "animation", "transition", "id", "tag", "labelStyle", "controlSize", "onTapGesture", "contentShape",
    ]

    static func reachTarget(of expression: ExprSyntax, in context: RuleContext) -> ReachTarget? {
        // Called (`vault.coins(for: .btc)`): the name carries the labels, so the index tells the method
        // from a stored property of the same base name (`vault.coins`).
        guard let target = readTarget(of: expression, in: context) else { return nil }
        guard let call = expression.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == expression.id else { return target }
        let labels = "(" + call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
        // `layout.label(for: date)` on a local made in this code (`let layout = HeatmapLayout(chart: chart)`):
        // a method of the type it was made as (asked only of calls: a read of every local would walk up for each).
        if case .extensionMember(let name) = target, let local = localValueTypeName(calledOn: expression) {
            return .typeNamedMember(type: local, scope: context.enclosingType?.qualifiedName ?? "", name: name + labels, sharedInstance: false)
        }
        switch target {
        case .member(let owner, let name): return .member(owner: owner, name: name + labels)
        case .staticMember(let owner, let name): return .staticMember(owner: owner, name: name + labels)
        case .valueMember(let owner, let name): return .valueMember(owner: owner, name: name + labels)
        case .extensionMember(let name): return .extensionMember(name: name + labels)
        case .typeNamedMember(let type, let scope, let name, let shared): return .typeNamedMember(type: type, scope: scope, name: name + labels, sharedInstance: shared)
        case .propertyMember(let type, let scope, let property, let name): return .propertyMember(type: type, scope: scope, property: property, name: name + labels)
        }
    }

    /// The type a local value was made as, for a method called on it: `HeatmapLayout` for
    /// `layout.label(for:)` after `let layout = HeatmapLayout(chart: chart)` in the same code.
    private static func localValueTypeName(calledOn expression: ExprSyntax) -> String? {
        guard let member = expression.unwrapped.as(MemberAccessExprSyntax.self),
              let base = member.base?.withoutOptionalMark.as(DeclReferenceExprSyntax.self),
              case .identifier = base.baseName.tokenKind, !TypeNames.startsUppercase(base.baseName.text),
              let made = base.localInitializer(of: base.baseName.text)?.unwrapped.as(FunctionCallExprSyntax.self),
              let type = made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, TypeNames.startsUppercase(type),
              isPlainTypeName(type)
        else { return nil }
        return type
    }

    private static func readTarget(of expression: ExprSyntax, in context: RuleContext) -> ReachTarget? {
        let expression = expression.unwrapped
        let owner = context.enclosingType?.qualifiedName ?? ""
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard !TypeNames.startsUppercase(name), reference.baseName.tokenKind != .keyword(.self) else { return nil }
            return .member(owner: owner, name: name)
        }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard !TypeNames.startsUppercase(name) else { return nil }
        // `expense?.formattedAmount`, `item!.title`: the member of the value, optional or not.
        guard let base = member.base?.withoutOptionalMark else { return .staticMember(owner: nil, name: name) }
        if let selfName = expression.selfMemberName { return .member(owner: owner, name: selfName) }
        // `InsulinFormatter.shared.string(x)`: a member of the instance a type's static member holds
        // (by convention, `shared`/`default` hold one of the type itself), when the workspace declares it.
        if let instance = base.as(MemberAccessExprSyntax.self), instance.declName.baseName.text.first?.isLowercase == true,
           let type = instance.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, TypeNames.startsUppercase(type) {
            return .typeNamedMember(type: type, scope: owner, name: name, sharedInstance: true)
        }
        guard let reference = base.as(DeclReferenceExprSyntax.self) else {
            // `viewModel.expense?.formattedAmount`: property by property from a value whose type is declared.
            // (`propertyPath` looks at most three steps up a chain: a read of every link of a long chain
            // would otherwise walk the whole chain each time.)
            if let chain = base.as(MemberAccessExprSyntax.self),
               let (root, property) = propertyPath(chain), let held = root, isPlainTypeName(held) {
                return .propertyMember(type: held, scope: owner, property: property, name: name)
            }
            // `icon.image.resizable().scaledToFit()`: a member of what a SwiftUI modifier returns, a view:
            // only the project's `extension View` members can be meant, not a method of the same name
            // another type's extension declares (`UIImage.scaledToFit(_:)`).
            if let call = base.as(FunctionCallExprSyntax.self), let modifier = call.calledExpression.as(MemberAccessExprSyntax.self),
               Self.imageMethods.union(Self.viewModifiers).contains(modifier.declName.baseName.text) {
                return .valueMember(owner: "View", name: name)
            }
            // `glucose.date.shortDateTime`, `items.first?.title`: a value of a type the syntax does not tell;
            // only a member of an extension of a system type can be meant (`WorkspaceIndex.reachedHazard`).
            return .extensionMember(name: name)
        }
        let baseName = reference.baseName.text
        // `Self.snapshot(…)`: a static member of the enclosing type.
        if reference.baseName.tokenKind == .keyword(.Self) { return owner.isEmpty ? nil : .staticMember(owner: owner, name: name) }
        // A type written by name: its simple name is the qualified one at the top level, where
        // extensions of system types (`extension CGFloat`) live (no look-up for every `Color.red`).
        if TypeNames.startsUppercase(baseName) { return .staticMember(owner: baseName, name: name) }
        // Only a type's name can name a declaration (`[Item]`, `Theme?` name none). A value whose type
        // this file does not tell (`if let text = story.text { text.formattedHTML() }`) is like a chain's:
        // only a member of an extension of a system type can be meant.
        guard let held = valueTypeName(of: reference, in: context) else { return .extensionMember(name: name) }
        guard isPlainTypeName(held) else { return nil }
        return .typeNamedMember(type: held, scope: owner, name: name, sharedInstance: false)

        /// `viewModel.expense` (also `self.viewModel.expense`, `viewModel.expense?`): the declared type of the
        /// value the chain starts from (nil when not known) and the property read on it: one, whose
        /// declared type the workspace keeps as a fact of the root's type (`ReachTarget.propertyMember`).
        func propertyPath(_ chain: MemberAccessExprSyntax) -> (String?, String)? {
            var properties: [String] = []
            var current = ExprSyntax(chain)
            while let step = current.as(MemberAccessExprSyntax.self), let next = step.base?.withoutOptionalMark {
                let property = step.declName.baseName.text
                guard step.declName.argumentNames == nil, properties.count < 2, !TypeNames.startsUppercase(property) else { return nil }
                properties.insert(property, at: 0)
                current = next
            }
            guard let root = current.as(DeclReferenceExprSyntax.self), !TypeNames.startsUppercase(root.baseName.text) else { return nil }
            if root.baseName.tokenKind == .keyword(.self) {
                guard properties.count == 2 else { return nil }
                return (heldTypeName(of: properties[0], in: context), properties[1])
            }
            return properties.count == 1 ? (valueTypeName(of: root, in: context), properties[0]) : nil
        }
    }

    /// A type name a reach question can carry: letters, digits, `_` and `.` (not `[Item]`, `Theme?`).
    static func isPlainTypeName(_ name: String) -> Bool {
        name.allSatisfy { $0 == "." || $0 == "_" || $0.isLetter || $0.isNumber }
    }

    /// "`rowTitle(for:)` calls `relativeTime(_:)` (in `Dates.swift`), which": the way from the
    /// name used here to the member holding the hazard, for a message.
    /// The severity of work found one call away from rendered code: as the rule's own where it
    /// runs per row or per tick (the use stands in a `ForEach`/`List` row or a `TimelineView`, or
    /// `perRow` says the rows read it) or is heavy on its own (a store fetch, a JSON decode, a
    /// file read); info where it runs once per render of one view (a formatter, a stat, a filter
    /// of the model's array on a detail screen), whose cost shows only if that view renders often.
    /// Code of the file names the function `name` as a value, not in a call (`@Route var settings =
    /// makeSettingsView`, `register(makeRow)`): it is handed to whoever calls it.
    static func isReferencedAsValue(_ name: String, in tree: SourceFileSyntax) -> Bool {
        tree.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .identifier(name), let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
            var used = Syntax(reference)
            // `self.makeSettingsView` as a value is the member access.
            if let access = used.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id { used = Syntax(access) }
            return used.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != used.id
                && used.parent?.is(MemberAccessExprSyntax.self) != true
        }
    }

    static func reachedWorkSeverity(_ reached: ReachedHazard, perRow: Bool = false, in context: RuleContext) -> Severity? {
        reachedWorkSeverity(reached, perRowOrTick: perRow || runsPerRowOrTick(context), rendersOnASchedule: { rendersOnASchedule(context) })
    }

    /// `reachedWorkSeverity` from what the walk knew of the place: whether it runs per row or tick,
    /// and (asked only for light work there) whether the view re-renders on a schedule.
    static func reachedWorkSeverity(_ reached: ReachedHazard, perRowOrTick: Bool, rendersOnASchedule: () -> Bool) -> Severity? {
        if perRowOrTick {
            // Light work per row (a formatter, a filter) costs what the rows number times how often
            // they render: shown where a schedule re-renders them; otherwise info.
            // A value kept in `UserDefaults` is settings-sized by that store's design, and a check of
            // one path (`fileExists`) is one metadata lookup: light too.
            let isLight = reached.hazard.kind == .formatter || reached.hazard.kind == .collectionWork
                || reached.hazard.detail == ReachHazard.storedValueDecoding
                || (reached.hazard.kind == .fileRead && ReachHazard.checksOnePath(reached.hazard.detail))
            return isLight && !rendersOnASchedule() ? .info : nil
        }
        switch reached.hazard.kind {
        case .storeWork where reached.hazard.detail == ReachHazard.singleRecordFetch: return .info
        case .storeWork: return nil
        // Once per render of one view, a file read or a document's decoding is shown to cost only where a
        // schedule re-renders the view: elsewhere the code shows neither the file's size nor how often the
        // view renders.
        case .decoding where ReachHazard.codesDocument(reached.hazard.detail), .fileRead where ReachHazard.isHeavyFileWork(reached.hazard.detail):
            return rendersOnASchedule() ? nil : .info
        default: return .info
        }
    }

    /// The view re-renders on a schedule: its type's code (in this file) has a `TimelineView`, or
    /// receives a timer (`.onReceive(timer)`, `.onReceive(app.minuteTimer)`: `isTimerPublisher`).
    static func rendersOnASchedule(_ context: RuleContext) -> Bool {
        scheduleEvidence(context).holds(asking: context)
    }

    /// What `rendersOnASchedule` reads from the tree, as values a late decision can hold: whether the
    /// code shows a schedule itself, and the held models' members it receives, which only the
    /// workspace can tell are timers. Scanned once per type declaration and walk.
    static func scheduleEvidence(_ context: RuleContext) -> ScheduleEvidence {
        if context.containers.contains(where: { $0.name == "TimelineView" }) { return ScheduleEvidence(shown: true) }
        guard let member = context.functionStack.first?.node, let declaration = enclosingTypeDeclaration(member) else { return ScheduleEvidence(shown: false) }
        return context.remembered("scheduleEvidence", for: declaration.id) {
            var evidence = ScheduleEvidence(shown: false)
            // Most types name neither: their tokens need no walk.
            let range = declaration.position.utf8Offset..<declaration.endPosition.utf8Offset
            guard context.document.contains(Self.timelineViewBytes, in: range) || context.document.contains(Self.onReceiveBytes, in: range)
            else { return evidence }
            for token in declaration.tokens(viewMode: .sourceAccurate) {
                if token.text == "TimelineView" { return ScheduleEvidence(shown: true) }
                guard token.text == "onReceive", let call = token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                      let publisher = call.arguments.first?.expression
                else { continue }
                switch timerPublisher(publisher, in: context) {
                case .shown: return ScheduleEvidence(shown: true)
                case .heldMember(let type, let member): evidence.heldMembers.append(.init(type: type, member: member))
                case .none: break
                }
            }
            return evidence
        }
    }

    private static let timelineViewBytes = Array("TimelineView".utf8)
    private static let onReceiveBytes = Array("onReceive".utf8)

    /// `Timer.publish(…)` written here, the view's own property made so, or `app.timer` where the
    /// held model's property (in any file) is an autoconnected publisher (`= Timer.publish(…).autoconnect()`).
    static func isTimerPublisher(_ publisher: ExprSyntax, in context: RuleContext) -> Bool {
        switch timerPublisher(publisher, in: context) {
        case .shown: true
        case .heldMember(let type, let member): ScheduleEvidence.isTimer(member, of: type, asking: context)
        case .none: false
        }
    }

    /// What the tree says of a publisher: a timer (written, or the view's own property), a member of a
    /// held model whose declaration tells (`app.minuteTimer`), or nothing.
    private static func timerPublisher(_ publisher: ExprSyntax, in context: RuleContext) -> TimerPublisher? {
        let value = publisher.unwrapped
        if value.trimmedDescription.contains("Timer.publish") { return .shown }
        let name = value.selfMemberName ?? value.as(DeclReferenceExprSyntax.self)?.baseName.text
        if let name, let property = enclosingProperty(named: name, in: context) {
            return isTimerProperty(property) ? .shown : nil
        }
        guard let member = value.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
              let held = valueTypeName(of: base, in: context)
        else { return nil }
        return .heldMember(type: held, member: member.declName.baseName.text)
    }

    private enum TimerPublisher {
        case shown
        case heldMember(type: String, member: String)
    }

    static func isTimerProperty(_ property: PropertyInfo) -> Bool {
        property.initializerCallee == "autoconnect" || property.typeName?.contains("TimerPublisher") == true
    }

    /// Containers whose content closure runs once per row or per tick.
    /// The code stands in a content closure that runs once per row or per tick: a `ForEach`'s, a
    /// `TimelineView`'s, or a `List`'s (`Table`'s, `OutlineGroup`'s) given data (`List(items) { … }`);
    /// a `List { … }` of static content (sections, a few rows) runs once per render.
    static func runsPerRowOrTick(_ context: RuleContext) -> Bool {
        context.containers.contains { $0.name == "TimelineView" || isRowOverData($0) }
    }

    /// A `ForEach`/`List`/`Table`/`OutlineGroup` content closure given data (`List(items) { … }`,
    /// its first argument unlabelled and no closure): it runs once per row.
    static func isRowOverData(_ frame: ContainerFrame) -> Bool {
        guard rowContainers.contains(frame.name), let data = frame.call?.arguments.first else { return false }
        return data.label == nil && !data.expression.is(ClosureExprSyntax.self)
    }

    static let rowContainers: Set<String> = ["List", "ForEach", "Table", "OutlineGroup"]

    /// What the code under `node` calls `cancel()` on (`task`, `check?`, `self.loader`): the
    /// receivers, optional chaining removed.
    static func cancelledReceivers(in node: some SyntaxProtocol) -> [ExprSyntax] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.text == "cancel", let access = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                  access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == access.id, let base = access.base
            else { return nil }
            return base.withoutOptionalMark
        }
    }

    static func reachPath(_ reached: ReachedHazard, from context: some WorkspaceAsking) -> String {
        let place = place([reached.path], from: context)
        let last = "`\(reached.hazard.member)` (\(place))"
        guard reached.steps.count > 1 else { return last }
        let before = reached.steps.dropLast().map { "`\($0)`" }.joined(separator: " → ")
        return "\(before) → \(last)"
    }

    /// A related location at the hazard, in its file.
    static func related(_ reached: ReachedHazard, _ message: String) -> RelatedLocation {
        RelatedLocation(path: reached.path, range: reached.hazard.range, message: message)
    }
}

/// Whether a view re-renders on a schedule (`WorkspaceRuleSupport.scheduleEvidence`), as values.
struct ScheduleEvidence: Sendable {
    struct HeldMember: Sendable {
        var type: String
        var member: String
    }

    /// The code shows a `TimelineView` or a timer it makes or holds itself.
    var shown: Bool
    /// Members of held models the view receives (`.onReceive(app.minuteTimer)`).
    var heldMembers: [HeldMember] = []

    func holds(asking: some WorkspaceAsking) -> Bool {
        shown || heldMembers.contains { Self.isTimer($0.member, of: $0.type, asking: asking) }
    }

    static func isTimer(_ member: String, of type: String, asking: some WorkspaceAsking) -> Bool {
        asking.declaration(of: type)?.scope.property(named: member).map(WorkspaceRuleSupport.isTimerProperty) == true
    }
}

/// What `WorkspaceRuleSupport.isUncalledMethod` reads from the tree, as values a late decision can hold:
/// whether the expression is called, and whose methods a read of it may name.
struct UncalledMethodCheck: Sendable {
    enum Owner: Sendable {
        /// `image.preview`: a member of a value of this declared type (nil: not known).
        case value(typeName: String?)
        /// `preview`, `self.preview`: a member of the enclosing type (its methods in this file).
        case enclosing(name: String, methodNames: NameSet)
        case none
    }

    var isCalled: Bool
    var owner: Owner

    init(_ expression: ExprSyntax, in context: RuleContext) {
        isCalled = expression.parent?.as(FunctionCallExprSyntax.self).map { $0.calledExpression.id == expression.id } ?? false
            || expression.inPlaceCallee != nil
        if let member = expression.as(MemberAccessExprSyntax.self), expression.selfMemberName == nil,
           let base = member.base?.withoutOptionalMark.as(DeclReferenceExprSyntax.self) {
            owner = .value(typeName: WorkspaceRuleSupport.valueTypeName(of: base, in: context))
        } else if let type = context.enclosingType {
            owner = .enclosing(name: type.name, methodNames: type.methodNames)
        } else {
            owner = .none
        }
    }

    /// True when the expression names a method without calling it (`Button(action: refresh)`): the
    /// hazard the method reaches runs when it is called, not where it is named.
    func holds(for reached: ReachedHazard, asking: some WorkspaceAsking) -> Bool {
        if isCalled { return false }
        if reached.steps.count == 1, reached.hazard.member.hasSuffix(")") { return true }
        guard let first = reached.steps.first else { return false }
        switch owner {
        case .value(let typeName):
            guard let typeName, let declaration = asking.declaration(of: typeName) else { return false }
            return declaration.scope.methodNames.contains(first)
        case .enclosing(let name, let methodNames):
            return methodNames.contains(first) || asking.type(named: name)?.methodNames.contains(first) == true
        case .none:
            return false
        }
    }
}

extension ExprSyntax {
    /// The method of a collection that calls a function passed to it right away, once per element or
    /// comparison (`keys.sorted(by: sortMonthYearStrings)`, `items.map(title)`): the name of that method,
    /// when this expression is the function passed; nil elsewhere (`Button(action: refresh)` keeps it for later).
    var inPlaceCallee: String? {
        guard let argument = parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
              let callee = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
              ClosureRole.inlineCallees.contains(callee)
        else { return nil }
        return callee
    }
}

