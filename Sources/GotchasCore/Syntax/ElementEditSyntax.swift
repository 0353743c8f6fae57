import SwiftSyntax

/// Evidence that the elements of a collection property are edited in place, the
/// question `foreach-id-self-mutable` asks before saying an edit changes a row's hash.
extension SyntaxProtocol {
    /// True when this code edits elements of the collection named `name` in place:
    /// bindings into it (`ForEach($items)`, `$items[i]`, `$store.items`) or an assignment
    /// through a subscript (`items[i].title = …`, `items[i].count += 1`, `items[i] = …`).
    /// A collection only ever assigned whole (`items = try await load()`) gives none.
    public func editsElementsInPlace(of name: String) -> Bool {
        let tokens = Array(self.tokens(viewMode: .sourceAccurate))
        for index in tokens.indices {
            let token = tokens[index]
            // `$items`, `$store.items`: a binding into the collection, handed to rows.
            // (The lexer makes `$items` an identifier; `$0` is a dollar identifier.)
            if token.tokenKind == .identifier("$" + name) { return true }
            if case .identifier(let text) = token.tokenKind, text.hasPrefix("$"), index + 2 < tokens.count,
               tokens[index + 1].tokenKind == .period, tokens[index + 2].tokenKind == .identifier(name) {
                return true
            }
            guard token.tokenKind == .identifier(name), index + 1 < tokens.count, tokens[index + 1].tokenKind == .leftSquare,
                  let subscriptEnd = Self.matchingBracket(in: tokens, from: index + 1)
            else { continue }
            // After `items[i]`: `.a.b` member steps, then an assignment operator.
            var next = subscriptEnd + 1
            var lastMember: String?
            while next + 1 < tokens.count, tokens[next].tokenKind == .period, case .identifier(let member) = tokens[next + 1].tokenKind {
                lastMember = member
                next += 2
            }
            guard next < tokens.count else { continue }
            switch tokens[next].tokenKind {
            case .equal: return true
            case .binaryOperator(let op) where ["+=", "-=", "*=", "/="].contains(op): return true
            // `items[i].tags.append(t)`, `items[i].isDone.toggle()`.
            case .leftParen where lastMember.map(Self.mutatingMethods.contains) == true: return true
            default: continue
            }
        }
        return false
    }

    private static var mutatingMethods: Set<String> { ["append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "toggle"] }

    private static func matchingBracket(in tokens: [TokenSyntax], from open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index].tokenKind {
            case .leftSquare: depth += 1
            case .rightSquare:
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}

extension DeclReferenceExprSyntax {
    /// `items` in `items[i] = row`, `store.items[i].title = t`, `items[i].tags.append(t)`,
    /// `items[i].count += 1`: the collection's element is edited in place (the name the walk
    /// records in `FileIndex.elementEdits`; `editsElementsInPlace(of:)` reads the same shapes from tokens).
    public var isElementEditedInPlace: Bool {
        var collection = Syntax(self)
        if let member = parent?.as(MemberAccessExprSyntax.self), member.declName.id == id { collection = Syntax(member) }
        guard let subscriptCall = collection.parent?.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.id == collection.id
        else { return false }
        var target = Syntax(subscriptCall)
        var lastMember: String?
        while let member = target.parent?.as(MemberAccessExprSyntax.self), member.base?.id == target.id {
            lastMember = member.declName.baseName.text
            target = Syntax(member)
        }
        if let call = target.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == target.id {
            return lastMember.map(Self.mutatingMethods.contains) == true
        }
        guard let sequence = target.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(sequence)
        guard let index = elements.firstIndex(where: { $0.id == target.id }), index + 1 < elements.count else { return false }
        let next = elements[index + 1]
        if next.is(AssignmentExprSyntax.self) { return true }
        return next.as(BinaryOperatorExprSyntax.self).map { ["+=", "-=", "*=", "/="].contains($0.operator.text) } == true
    }

    private static let mutatingMethods: Set<String> = ["append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "toggle"]

    /// `items` in `items = try load()`, `self.model.items = []`, `items.remove(at: i)`,
    /// `store.items.removeAll()`: the collection is replaced whole or loses elements, so it can shrink
    /// (recorded in `FileIndex.elementEdits` under `FileIndex.shrinkKey(of:)`).
    public var isAssignedWholeOrShrunk: Bool {
        var collection = Syntax(self)
        if let member = parent?.as(MemberAccessExprSyntax.self), member.declName.id == id { collection = Syntax(member) }
        if let removal = collection.parent?.as(MemberAccessExprSyntax.self), removal.base?.id == collection.id,
           Self.removingMethods.contains(removal.declName.baseName.text),
           let call = removal.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == removal.id {
            return true
        }
        guard let sequence = collection.parent?.as(ExprListSyntax.self), sequence.first?.id == collection.id else { return false }
        return sequence.dropFirst().first?.is(AssignmentExprSyntax.self) == true
    }

    private static let removingMethods: Set<String> = ["remove", "removeAll", "removeFirst", "removeLast", "popLast", "removeSubrange"]

    /// `count` in `count = 1`, `self.count += 1`, `model.items.append(x)`, `isOn.toggle()`,
    /// `items[i].done = true`, `draft.title = t`: the value named changes here (recorded in
    /// `FileIndex.elementEdits` under `FileIndex.writeKey(of:)`; a `$binding` is the caller's to count).
    public var isWrittenInPlace: Bool {
        var value = Syntax(self)
        if let member = parent?.as(MemberAccessExprSyntax.self), member.declName.id == id {
            value = Syntax(member)
            // `$model.query` (a `Binding` into it, handed to a `TextField`): whoever holds it writes it.
            // (A binding's path is short: a long chain is not followed, which keeps a walk over one linear.)
            var base = member.base
            var steps = 0
            while let inner = base?.as(MemberAccessExprSyntax.self), steps < Self.chainSteps { base = inner.base; steps += 1 }
            if base?.as(DeclReferenceExprSyntax.self)?.baseName.text.hasPrefix("$") == true { return true }
        }
        // `&$url` (`publisher.assign(to: &$url)`): the publisher writes it.
        if parent?.is(InOutExprSyntax.self) == true, baseName.text.hasPrefix("$") { return true }
        // Only an assignment, a member chain or a call can write: most reads stop here.
        guard let parent = value.parent, parent.is(ExprListSyntax.self) || parent.is(MemberAccessExprSyntax.self) || parent.is(SubscriptCallExprSyntax.self)
        else { return false }
        if isAssignedWholeOrShrunk || isElementEditedInPlace { return true }
        // `value.a.b = …`, `value.a += …`, `value.append(…)`, `value.a.toggle()`: the value is the base of the chain.
        var target = value
        var lastMember: String?
        var steps = 0
        while let access = target.parent?.as(MemberAccessExprSyntax.self), access.base?.id == target.id {
            guard steps < Self.chainSteps else { return false }
            lastMember = access.declName.baseName.text
            target = Syntax(access)
            steps += 1
        }
        if let call = target.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == target.id {
            return lastMember.map(Self.writingMethods.contains) == true
        }
        guard let sequence = target.parent?.as(ExprListSyntax.self), sequence.first?.id == target.id, let next = sequence.dropFirst().first else { return false }
        if next.is(AssignmentExprSyntax.self) { return target.id != value.id }
        guard let op = next.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return op.hasSuffix("=") && !Self.comparisons.contains(op)
    }

    private static let writingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "popLast", "removeSubrange", "toggle",
        "sort", "shuffle", "reverse", "formUnion", "formIntersection", "subtract", "merge", "updateValue", "removeValue",
    ]
    private static let comparisons: Set<String> = ["==", "!=", "<=", ">=", "===", "!=="]
    /// How many links of a member chain `isWrittenInPlace` follows (`$model.a.b`, `draft.a.b.c = x`).
    private static let chainSteps = 8
}
