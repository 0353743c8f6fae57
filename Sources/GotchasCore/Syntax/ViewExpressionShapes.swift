import SwiftSyntax

// Named questions about view expressions: modifier chains (`V().a().b()`),
// unfolded ternaries, and `if`/`else` branches that hold one view each. Rules read
// these instead of spelling out SwiftSyntax shapes. None of them walks a subtree:
// they follow receivers and parents of a single expression.

extension FunctionCallExprSyntax {
    /// The modifier calls of the chain this call ends, innermost first, ending with
    /// this call: for `Image(…).resizable().opacity(0.5)` seen from `.opacity`, that is
    /// `[.resizable(), .opacity(0.5)]`. The root (`Image(…)`) is not included.
    public var modifiersThroughSelf: [FunctionCallExprSyntax] {
        var calls: [FunctionCallExprSyntax] = []
        var current: FunctionCallExprSyntax? = self
        while let call = current, let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            calls.append(call)
            current = base.as(FunctionCallExprSyntax.self)
            if current == nil { break }
        }
        return calls.reversed()
    }

    /// The expression at the bottom of this call's modifier chain: `Image(…)` for
    /// `Image(…).resizable().opacity(0.5)`, `content` for `content.padding()`, or nil
    /// for a chain that starts with an implicit member (`.red.opacity(0.5)`).
    public var modifierChainRoot: ExprSyntax? { ExprSyntax(self).modifierChainRoot }

    /// The modifier calls applied on top of this expression, innermost first:
    /// for `.equatable()` in `V().equatable().padding()`, that is `[.padding()]`.
    public var modifiersAppliedAfter: [FunctionCallExprSyntax] {
        var calls: [FunctionCallExprSyntax] = []
        var node = Syntax(self)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
              let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
            calls.append(call)
            node = Syntax(call)
        }
        return calls
    }

    /// True for a method-style call on a receiver, or an implicit-member modifier
    /// (`.padding()` on its own line in a result builder is parsed with a receiver,
    /// so this is the usual modifier shape).
    public var isModifierCall: Bool {
        calledExpression.as(MemberAccessExprSyntax.self)?.base != nil
    }

    /// The modifier name, when this call is `receiver.name(…)`.
    public var modifierName: String? {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self), member.base != nil else { return nil }
        return member.declName.baseName.text
    }
}

extension ExprSyntax {
    /// The expression at the bottom of a modifier chain (see `FunctionCallExprSyntax.modifierChainRoot`);
    /// the expression itself when it is not a chain.
    public var modifierChainRoot: ExprSyntax? {
        var current = self.unwrapped
        while true {
            if let call = current.as(FunctionCallExprSyntax.self),
               let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                guard let base = member.base else { return nil }
                current = base.unwrapped
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base,
                      base.is(FunctionCallExprSyntax.self) {
                // `V().property` in a chain
                current = base.unwrapped
            } else {
                return current
            }
        }
    }

    /// Every modifier call on this chain, innermost first (empty for a plain root).
    public var chainModifiers: [FunctionCallExprSyntax] {
        guard let call = self.unwrapped.as(FunctionCallExprSyntax.self) else { return [] }
        return call.modifiersThroughSelf
    }

    /// True for the `nil` literal.
    public var isNilLiteral: Bool { self.is(NilLiteralExprSyntax.self) }

    /// The value of an integer or float literal (`0.5`, `1`), or nil.
    public var numericLiteralValue: Double? {
        if let float = self.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.replacingUnderscores) }
        if let integer = self.as(IntegerLiteralExprSyntax.self) { return Double(integer.literal.text.replacingUnderscores) }
        return nil
    }
}

private extension String {
    var replacingUnderscores: String { String(filter { $0 != "_" }) }
}

/// A `c ? a : b` as the parser leaves it (operators are not folded): the condition's
/// start, the two branches, and the byte range of the whole conditional.
public struct TernaryShape {
    public var thenExpression: ExprSyntax
    public var elseExpression: ExprSyntax
    public var range: Range<Int>

    /// Reads the ternary an `UnresolvedTernaryExprSyntax` belongs to. The condition is
    /// everything before `?` back to an assignment or the sequence start (the ternary
    /// binds looser than every operator but assignment); the else branch is the rest.
    public init?(_ ternary: UnresolvedTernaryExprSyntax) {
        guard let sequence = ternary.parent?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard let index = elements.firstIndex(where: { $0.id == ternary.id }), index > 0, index + 1 < elements.count else { return nil }
        var start = 0
        for position in stride(from: index - 1, through: 0, by: -1)
        where elements[position].is(AssignmentExprSyntax.self) || elements[position].is(UnresolvedTernaryExprSyntax.self) {
            start = position + 1
            break
        }
        guard start < index else { return nil }
        // The else branch is one element only when no operator follows it.
        guard index + 2 == elements.count else { return nil }
        thenExpression = ternary.thenExpression
        elseExpression = elements[index + 1]
        range = elements[start].positionAfterSkippingLeadingTrivia.utf8Offset..<elements[index + 1].endPositionBeforeTrailingTrivia.utf8Offset
    }
}

extension CodeBlockItemListSyntax {
    /// The one expression these statements consist of, or nil.
    public var soleExpression: ExprSyntax? {
        guard count == 1, let item = first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
        return nil
    }
}

extension IfExprSyntax {
    /// The `else { }` block when the `if` has a final plain `else` (not `else if`).
    public var plainElseBody: CodeBlockSyntax? { elseBody?.as(CodeBlockSyntax.self) }

    /// True when every condition is a Boolean expression (no `if let`, `case`, `#available`).
    public var hasOnlyBooleanConditions: Bool {
        conditions.allSatisfy { element in
            if case .expression = element.condition { return true }
            return false
        }
    }

    /// True when the `if` stands as a statement of a block or closure (a result-builder
    /// branch), not as the value of `let x = if …`.
    public var isStatement: Bool {
        guard let parent else { return false }
        if parent.is(CodeBlockItemSyntax.self) { return true }
        return parent.is(ExpressionStmtSyntax.self) && parent.parent?.is(CodeBlockItemSyntax.self) == true
    }

    /// True when some `if`/`else if` in this chain has no final `else`: the branch may
    /// produce no view at all.
    public var canProduceNothing: Bool {
        guard let elseBody else { return true }
        if let nested = elseBody.as(IfExprSyntax.self) { return nested.canProduceNothing }
        return false
    }
}

extension ClosureExprSyntax {
    /// The names the closure's parameters bind (`context` in `{ context in … }`).
    public var parameterNames: [String] {
        guard let clause = signature?.parameterClause else { return [] }
        switch clause {
        case .simpleInput(let parameters):
            return parameters.map { $0.name.text }
        case .parameterClause(let list):
            return list.parameters.map(\.localName)
        @unknown default:
            return []
        }
    }
}

extension String {
    /// The text with every run of whitespace collapsed to one space, for comparing
    /// code written at different indentations.
    public var collapsingWhitespace: String {
        var result = ""
        var pendingSpace = false
        for character in self {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}

extension FunctionCallExprSyntax {
    /// For `TimelineView(.animation) { … }`, the schedule's name: `animation`,
    /// `periodic`, `everyMinute`, `explicit` (from `.periodic(from:by:)`,
    /// `AnimationTimelineSchedule(…)`, `.animation(minimumInterval:paused:)`, …);
    /// nil for other calls or a schedule held in a variable.
    public var timelineScheduleName: String? {
        guard calleeName == "TimelineView", let first = arguments.first, first.label == nil else { return nil }
        var expression = first.expression.unwrapped
        if let call = expression.as(FunctionCallExprSyntax.self) {
            switch call.calleeName {
            case "AnimationTimelineSchedule"?: return "animation"
            case "PeriodicTimelineSchedule"?: return "periodic"
            case "EveryMinuteTimelineSchedule"?: return "everyMinute"
            case "ExplicitTimelineSchedule"?: return "explicit"
            default: expression = call.calledExpression
            }
        }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, base.trimmedText != "TimelineSchedule" { return nil }
        return member.declName.baseName.text
    }
}

extension ClosureExprSyntax {
    /// The data of the `ForEach`/`List` whose row content this closure is (`ForEach(items) { item in … }`:
    /// `items`); nil for any other closure.
    public var rowData: ExprSyntax? {
        guard let call = parent?.as(FunctionCallExprSyntax.self) ?? parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
              let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              callee == "ForEach" || callee == "List"
        else { return nil }
        return call.arguments.first?.expression
    }
}

extension Syntax {
    /// The data expression of the innermost `ForEach`/`List` whose content closure around this node
    /// names `parameter` as its parameter (`ForEach(items) { item in … }`: `items`).
    public func rowData(ofParameter parameter: String) -> ExprSyntax? {
        var current = parent
        while let next = current {
            if let closure = next.as(ClosureExprSyntax.self) {
                // `$0` names the innermost closure's first parameter.
                let names = parameter.allSatisfy(\.isNumber) ? (closure.signature == nil ? [parameter] : []) : closure.parameterNames
                if names.contains(parameter) { return closure.rowData }
                if parameter.allSatisfy(\.isNumber) { return nil }
            }
            if next.is(MemberBlockItemSyntax.self) { return nil }
            current = next.parent
        }
        return nil
    }
}
