import SwiftSyntax

/// Where a closure is passed.
enum ClosureSite {
    case call(FunctionCallExprSyntax?, callee: String, label: String?)
    case macro
    case other

    init(_ closure: ClosureExprSyntax) {
        guard let parent = closure.parent else { self = .other; return }
        if let call = parent.as(FunctionCallExprSyntax.self), let callee = call.calleeName {
            self = .call(call, callee: callee, label: nil)
        } else if let element = parent.as(MultipleTrailingClosureElementSyntax.self) {
            if let call = element.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = call.calleeName {
                self = .call(call, callee: callee, label: element.label.text)
            } else if element.parent?.parent?.is(MacroExpansionExprSyntax.self) == true {
                self = .macro
            } else {
                self = .other
            }
        } else if let argument = parent.as(LabeledExprSyntax.self) {
            let owner = argument.parent?.parent
            if let call = owner?.as(FunctionCallExprSyntax.self), let callee = call.calleeName {
                self = .call(call, callee: callee, label: argument.label?.text)
            } else if owner?.is(MacroExpansionExprSyntax.self) == true || owner?.is(MacroExpansionDeclSyntax.self) == true {
                self = .macro
            } else {
                self = .other
            }
        } else if parent.is(MacroExpansionExprSyntax.self) || parent.is(MacroExpansionDeclSyntax.self) {
            self = .macro
        } else {
            self = .other
        }
    }
}
