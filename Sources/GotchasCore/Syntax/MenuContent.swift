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

    /// True when the member `name` (a computed property or method of a type declared under
    /// `root`) is used under `root`, and every use is menu content or lies in another member
    /// that is itself used only as menu content (`.contextMenu { menu }`, `menu` building
    /// `likeButton`). Uses are bare names and `self.name`; nothing outside `root` is seen.
    public static func memberIsOnlyMenuContent(_ name: String, under root: Syntax) -> Bool {
        var verdicts: [String: Bool] = [:]
        return memberIsOnlyMenuContent(name, under: root, verdicts: &verdicts)
    }

    private static func memberIsOnlyMenuContent(_ name: String, under root: Syntax, verdicts: inout [String: Bool]) -> Bool {
        if let known = verdicts[name] { return known }
        verdicts[name] = false  // a cycle of members that use each other is not proof
        var uses = 0
        for token in root.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id,
               access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self) {
                continue
            }
            uses += 1
            if contains(reference) { continue }
            guard let user = enclosingMemberName(of: Syntax(reference)), user != name, user != "body",
                  memberIsOnlyMenuContent(user, under: root, verdicts: &verdicts)
            else { return false }
        }
        verdicts[name] = uses > 0
        return uses > 0
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

extension Syntax {
    /// The top-level item (`CodeBlockItemSyntax` of the file's statements) that holds this node.
    var topLevelItem: Syntax? {
        var current: Syntax? = self
        while let node = current {
            if node.is(CodeBlockItemSyntax.self), node.parent?.parent?.is(SourceFileSyntax.self) == true { return node }
            current = node.parent
        }
        return nil
    }
}
