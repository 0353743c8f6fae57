import SwiftSyntax

// The SwiftUI shapes the workspace index records, as named queries. The walk's
// `FileIndexCollector` records what they find and rules that look at the same code ask
// the same question, so "what counts as an `@Environment(T.self)` read" has one answer:
// a rule cannot flag a read the index does not hold, or the other way round.

/// A member property that reads an object from the SwiftUI environment:
/// `@EnvironmentObject var store: Store` (`.readObject`) or
/// `@Environment(Store.self) var store` (`.readObservable`).
public struct EnvironmentObjectRead {
    public var kind: EnvironmentUse.Kind
    /// The object's type, by its simple name (`Store` for `App.Store`).
    public var typeName: String
    /// The `@EnvironmentObject` or `@Environment(…)` attribute.
    public var attribute: AttributeSyntax
}

/// `.environmentObject(store)` (`.injectObject`) or `.environment(store)` (`.injectObservable`):
/// an object put into the SwiftUI environment of a view.
public struct EnvironmentInjection {
    public var kind: EnvironmentUse.Kind
    /// The injected expression (`store`, `Store()`, `Store.shared`).
    public var value: ExprSyntax
}

/// The type a call initializes, as far as the call alone tells.
public enum InitializedType: Equatable, Sendable {
    /// `Row(…)`, `Row<T>(…)`, `Outer.Row(…)`, `Row.init(…)`: `Row`.
    case named(String)
    /// `Self(…)`, `Self.init(…)`, `self.init(…)`: the type whose code holds the call.
    case enclosingType
    /// `.init(…)`: the type is inferred from where the value goes (other files may say).
    case inferred
}

extension VariableDeclSyntax {
    /// The environment object reads the property's attributes make (normally one).
    public var environmentObjectReads: [EnvironmentObjectRead] {
        var reads: [EnvironmentObjectRead] = []
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let name = attribute.attributeName.trimmedText
            if name == "EnvironmentObject" || name == "SwiftUI.EnvironmentObject" {
                guard let type = bindings.first?.typeAnnotation?.type.trimmedText, let typeName = TypeNames.simple(type) else { continue }
                reads.append(EnvironmentObjectRead(kind: .readObject, typeName: typeName, attribute: attribute))
            } else if let base = attribute.environmentObjectType?.dottedName, let typeName = TypeNames.simple(base) {
                reads.append(EnvironmentObjectRead(kind: .readObservable, typeName: typeName, attribute: attribute))
            }
        }
        return reads
    }
}

extension AttributeSyntax {
    /// `Store` in `@Environment(Store.self)`; nil for `@Environment(\.dismiss)` and any other attribute.
    public var environmentObjectType: ExprSyntax? {
        let name = attributeName.trimmedText
        guard name == "Environment" || name == "SwiftUI.Environment",
              case .argumentList(let arguments)? = arguments, arguments.count == 1,
              let argument = arguments.first, argument.label == nil,
              let member = argument.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self"
        else { return nil }
        return member.base
    }
}

extension FunctionCallExprSyntax {
    /// The call as an environment injection (`x.environmentObject(store)`, `.environment(store)`);
    /// nil for key-path environment values (`.environment(\.locale, l)`) and other calls.
    /// `callee` is the call's `calleeName` (the walk has it already).
    public func environmentInjection(callee: String) -> EnvironmentInjection? {
        let kind: EnvironmentUse.Kind
        switch callee {
        case "environmentObject": kind = .injectObject
        case "environment": kind = .injectObservable
        default: return nil
        }
        guard calledExpression.is(MemberAccessExprSyntax.self), arguments.count == 1,
              let argument = arguments.first, argument.label == nil, !argument.expression.is(KeyPathExprSyntax.self)
        else { return nil }
        return EnvironmentInjection(kind: kind, value: argument.expression)
    }

    /// True for a control that runs an App Intent: `Button(intent:)`, `Toggle(…, intent:)`.
    /// `callee` is the call's `calleeName`.
    public func runsIntent(callee: String) -> Bool {
        (callee == "Button" || callee == "Toggle") && argument(labeled: "intent") != nil
    }

    /// The type the call initializes, when it is an initializer call by its shape (an
    /// uppercase callee, or `.init`); nil for other calls (`x.foo()`, `foo()`, `x.init()`).
    /// `callee` is the call's `calleeName`.
    public func initializedType(callee: String) -> InitializedType? {
        if TypeNames.startsUppercase(callee) { return callee == "Self" ? .enclosingType : .named(callee) }
        guard callee == "init", let member = calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        guard let baseExpression = member.base else { return .inferred }
        guard let base = baseExpression.calleeName, base == "self" || TypeNames.startsUppercase(base) else { return nil }
        return base == "Self" || base == "self" ? .enclosingType : .named(base)
    }
}
