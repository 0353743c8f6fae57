import SwiftSyntax

/// What the system draws as a menu: the content of `.contextMenu { … }`, of a `Menu`, and of
/// `.swipeActions { … }` (and `.accessibilityActions { … }`, which is never drawn). Its items are
/// rebuilt each time it opens and drawn by the system, so nothing in them morphs, transitions
/// or keeps identity across updates. A `Menu`'s `label:` and a context menu's `preview:` are
/// views like any other.
public enum MenuContent {
    /// True for the content closure of the call `callee`, passed under `label`.
    public static func isMenu(callee: String, label: String?) -> Bool {
        switch callee {
        case "contextMenu": label != "preview"
        case "Menu": label == nil || label == "content"
        case "swipeActions", "accessibilityActions": true
        default: false
        }
    }

    /// True when the walk stands inside menu content (any enclosing content closure).
    public static func contains(_ containers: [ContainerFrame]) -> Bool {
        containers.contains { isMenu(callee: $0.name, label: $0.label) }
    }

    /// True when `node` lies inside menu content, from the syntax alone (for a node the walk
    /// is not at: a use of a member elsewhere in the file).
    public static func contains(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current {
            if let closure = parent.as(ClosureExprSyntax.self), case .call(_, let callee, let label) = ClosureSite(closure),
               isMenu(callee: callee, label: label) {
                return true
            }
            current = parent.parent
        }
        return false
    }

    /// The top-level statement of the file (a type's declaration, an extension) that holds `node`.
    public static func topLevelItem(of node: Syntax) -> Syntax? {
        var current: Syntax? = node
        while let item = current {
            if item.is(CodeBlockItemSyntax.self), item.parent?.parent?.is(SourceFileSyntax.self) == true { return item }
            current = item.parent
        }
        return nil
    }

    /// The name of the member (`var x`, `func f`) of a type whose code holds `node`.
    public static func enclosingMemberName(of node: Syntax) -> String? {
        var current = node.parent
        while let parent = current {
            if parent.parent?.is(MemberBlockItemSyntax.self) == true {
                if let variable = parent.as(VariableDeclSyntax.self) {
                    return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                }
                if let function = parent.as(FunctionDeclSyntax.self) { return function.name.text }
                return nil
            }
            current = parent.parent
        }
        return nil
    }
}

/// Where the members declared under a node (a top-level item, a file) are used: for each
/// member name, whether each use is menu content and which member's code holds it. Built by
/// one pass over the tokens; only uses of declared member names are placed.
public struct MemberMenuUses {
    /// One use of a member's name: whether it is menu content, and the member whose code holds it.
    public struct Use: Sendable {
        public var isMenuContent: Bool
        public var member: String?
        public init(isMenuContent: Bool, member: String?) {
            self.isMenuContent = isMenuContent
            self.member = member
        }
    }

    private var uses: [String: [Use]]
    private var verdicts: [String: Bool] = [:]

    /// Uses recorded by the walk (`FileIndexCollector`).
    public init(uses: [String: [Use]]) {
        self.uses = uses
    }

    /// Uses found by one pass over the tokens under `root` (for a rule, away from the walk).
    public init(under root: Syntax) {
        var declared: Set<String> = []
        var references: [TokenSyntax] = []
        for token in root.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind, let parent = token.parent else { continue }
            if let reference = parent.as(DeclReferenceExprSyntax.self) {
                // Bare `menu` and `self.menu`, not `other.menu`.
                if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id,
                   access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self) {
                    continue
                }
                references.append(token)
            } else if parent.is(FunctionDeclSyntax.self) || parent.is(IdentifierPatternSyntax.self) {
                declared.insert(text)
            }
        }
        var uses: [String: [Use]] = [:]
        for token in references where declared.contains(token.text) {
            let reference = Syntax(token.parent!)
            uses[token.text, default: []].append(Use(isMenuContent: MenuContent.contains(reference),
                                                     member: MenuContent.enclosingMemberName(of: reference)))
        }
        self.uses = uses
    }

    /// True when the member `name` is used, and every use is menu content or lies in another
    /// member that is itself used only as menu content (`.contextMenu { menu }`, `menu` building
    /// `likeButton`). `body` is never menu content.
    public mutating func isOnlyMenuContent(_ name: String) -> Bool {
        if let known = verdicts[name] { return known }
        verdicts[name] = false  // a cycle of members that use each other is not proof
        let found = uses[name] ?? []
        for use in found where !use.isMenuContent {
            guard let user = use.member, user != name, user != "body", isOnlyMenuContent(user) else { return false }
        }
        verdicts[name] = !found.isEmpty
        return !found.isEmpty
    }
}
