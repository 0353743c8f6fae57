import SwiftSyntax

/// What must run for the code at a place to run, taken from the walk as values (a late decision
/// holds them): the `private` member whose code it is, and the view type whose code it is.
///
/// A warning says the hazard is shown in this program. Code nothing runs shows none: a `private`
/// helper nothing in its file uses, a view only previews build or no code names. Its findings
/// are info, with the reason (`Finding.loweredSeverity`: a severity the user configured wins).
struct CodeOwners: Sendable, Equatable {
    /// A `private`/`fileprivate` member (or free function) the place is in: only its file can use it.
    var privateMember: String?
    /// `privateMember` is a stored property: its initial value runs with every instance, and only
    /// what it holds goes unused.
    var privateMemberIsStored = false
    /// The innermost enclosing type, when it is a view (not an `App`).
    var view: String?
    /// `view` is `public`, `open` or `package`: other modules may build it, so only a workspace
    /// that holds every module using its file's code can tell that nothing does.
    var viewIsOpen = false
    /// A plain stored property (no wrapper, not `private`) of that view the place is in, when the
    /// view conforms to nothing but `View`: only code that names it reads it (no synthesized
    /// `Equatable`, `Codable` or `Identifiable` use of it).
    var viewStoredProperty: String?

    static let none = CodeOwners()

    init(privateMember: String? = nil, view: String? = nil) {
        self.privateMember = privateMember
        self.view = view
    }

    init(_ context: RuleContext) {
        if let frame = context.functionStack.first, frame.kind != .initializer, frame.kind != .deinitializer,
           Self.isPrivateHelper(frame.node) {
            privateMember = frame.name
            privateMemberIsStored = frame.node.as(VariableDeclSyntax.self)?.bindings.first?.accessorBlock == nil
        }
        if let type = context.typeStack.last, type.isView, type.kind != .extension, type.kind != .protocol,
           !type.inherits("App"), !type.attributes.contains("main"),
           context.typeStack.allSatisfy({ !$0.inherits("PreviewProvider") }),
           let declaration = context.typeDeclaration(of: type) {
            view = type.name
            viewIsOpen = Self.isOpenToOtherModules(declaration)
            if privateMember == nil, let frame = context.functionStack.first, frame.kind == .property,
               type.inheritedTypes.allSatisfy({ $0 == "View" || $0 == "SwiftUI.View" }),
               let variable = frame.node.as(VariableDeclSyntax.self), variable.attributes.isEmpty, variable.bindings.count == 1,
               variable.bindings.first?.accessorBlock == nil,
               !variable.modifiers.contains(where: { ["static", "class", "override"].contains($0.name.text) }) {
                viewStoredProperty = frame.name
            }
        }
    }

    /// `private`/`fileprivate`, and not reached by name from outside the code: no `@objc`/`@IBAction`
    /// (selectors, storyboards), no `override`, no `@_dynamicReplacement`.
    private static func isPrivateHelper(_ node: Syntax) -> Bool {
        let modifiers: DeclModifierListSyntax
        let attributes: AttributeListSyntax
        if let function = node.as(FunctionDeclSyntax.self) {
            modifiers = function.modifiers
            attributes = function.attributes
        } else if let variable = node.as(VariableDeclSyntax.self), variable.bindings.count == 1 {
            modifiers = variable.modifiers
            attributes = variable.attributes
        } else {
            return false
        }
        let names = modifiers.map(\.name.text)
        guard names.contains("private") || names.contains("fileprivate"), !names.contains("override") else { return false }
        return !attributes.names.contains { ["objc", "IBAction", "IBOutlet", "IBInspectable", "NSManaged", "_dynamicReplacement"].contains($0) }
    }

    private static func isOpenToOtherModules(_ declaration: DeclGroupSyntax) -> Bool {
        declaration.modifiers.contains { ["public", "open", "package"].contains($0.name.text) }
    }
}

extension RuleContext {
    /// The declaration of the innermost type the walk is in, when it is `type`.
    fileprivate func typeDeclaration(of type: TypeScope) -> DeclGroupSyntax? {
        guard let member = functionStack.first?.node else { return nil }
        var node = member.parent
        while let current = node {
            if let group = current.asProtocol(DeclGroupSyntax.self) { return current.is(ExtensionDeclSyntax.self) ? nil : group }
            node = current.parent
        }
        return nil
    }
}

extension WorkspaceAsking {
    /// Why the code `owners` describes never runs in the app, in a few words, or nil when it may:
    /// nothing in its file uses its `private` member; only previews build its view; no code of the
    /// project names its view. Nil while the workspace cannot tell (not indexed, not the whole project).
    func unusedCodeReason(_ owners: CodeOwners) -> String? {
        if let member = owners.privateMember, usesInOwnFile(member: member) == false {
            return owners.privateMemberIsStored ? "nothing in this file reads `\(member)`, so the value it stores is never used"
                : "nothing in this file uses `\(member)`, so this code never runs"
        }
        // Only the whole project can tell: a file named alone builds its view in its own preview.
        guard let view = owners.view, workspace.coversProject else { return nil }
        // A `public` view of a library is for code elsewhere; of an app or a package an app of the
        // workspace references, every user is here.
        if owners.viewIsOpen, !allUsersAreInWorkspace(forFileAt: path) { return nil }
        // Neither its own file nor any other file reads the property: its value goes unused.
        if let property = owners.viewStoredProperty, usesInOwnFile(member: property) == false,
           filesUsing(member: property, of: view)?.isEmpty == true {
            return "nothing reads `\(property)`, so the value it stores is never used"
        }
        guard let referring = typesReferring(to: view) else { return nil }
        // Code that names the view outside previews may build it (`AboutView().showWindow()` in an
        // app delegate), whatever the view builders say; unless that code is itself a view nothing
        // shows (a sheet of a view only a preview builds), up to three views away.
        var visited: Set<String> = [view]
        var deadOwners: [String] = []
        for owner in referring.sorted() where owner != view && owner != FileIndex.previewKey && type(named: owner)?.inherits("PreviewProvider") != true {
            guard isViewNothingShows(owner, depth: 1, visited: &visited) else { return nil }
            deadOwners.append(owner)
        }
        if !deadOwners.isEmpty {
            return "only \(deadOwners.map { "`\($0)`" }.joined(separator: ", ")) build\(deadOwners.count == 1 ? "s" : "") `\(view)`, and nothing in the app shows \(deadOwners.count == 1 ? "it" : "them") outside previews"
        }
        return isBuiltOnlyByPreviews(view) ? "only previews build `\(view)`" : "no code of the project builds `\(view)`"
    }

    /// True when `name` is a view of the project that no code outside previews names, directly or
    /// through other such views (`depth` of at most 3): it never shows in the app.
    private func isViewNothingShows(_ name: String, depth: Int, visited: inout Set<String>) -> Bool {
        guard depth <= 3, visited.insert(name).inserted else { return depth <= 3 }  // a cycle builds nothing new
        guard let declaration = declaration(of: name), declaration.scope.isView, !declaration.scope.inherits("App"),
              allUsersAreInWorkspace(forFileAt: declaration.path),
              let referring = typesReferring(to: name)
        else { return false }
        return referring.allSatisfy { owner in
            owner == name || owner == FileIndex.previewKey || type(named: owner)?.inherits("PreviewProvider") == true
                || isViewNothingShows(owner, depth: depth + 1, visited: &visited)
        }
    }

    /// `WorkspaceIndex.allUsersAreInWorkspace`, recorded with the other project-settings answers.
    func allUsersAreInWorkspace(forFileAt file: String) -> Bool {
        recordQuestion(.phonePortraitOnly)
        return workspace.allUsersAreInWorkspace(forFileAt: file)
    }

    /// True when code of the asking file (any type's, top-level, previews) uses `member` by name, as
    /// last indexed; nil when the file is not indexed. Records the question.
    func usesInOwnFile(member: String) -> Bool? {
        recordQuestion(.usedInFile(path, member: member))
        return workspace.fileUses(member: member, inFileAt: path)
    }
}

extension Finding {
    /// The level the finding is reported at when its rule runs at `severity`, before its evidence
    /// lowers it (`severityOverride` only raises).
    func level(atRuleSeverity severity: Severity) -> Severity { severityOverride.map { max($0, severity) } ?? severity }

    /// Lowers a warning (the caller checked `level(atRuleSeverity:)`) in code nothing runs to info,
    /// saying why (`CodeOwners`).
    mutating func lowerIfUnused(_ owners: CodeOwners, asking questions: some WorkspaceAsking) {
        guard owners != .none, (loweredSeverity ?? .warning) >= .warning, let reason = questions.unusedCodeReason(owners)
        else { return }
        loweredSeverity = .info
        message += " (\(reason))"
    }
}

extension WorkspaceIndex {
    /// True when code of the file at `path` uses `member` by name (`member`, `self.member`,
    /// `row.member`, `$member`), under any owner; nil when the file is not indexed.
    public func fileUses(member: String, inFileAt path: String) -> Bool? {
        guard let file = files[path] else { return nil }
        let access = FileIndex.memberAccessKey(member)
        return file.memberUses.values.contains { $0.contains(member) || $0.contains(access) }
    }
}
