import SwiftSyntax

/// Where SwiftUI code pushes a view onto the navigation stack it stands in: the content of
/// `.navigationDestination(…) { … }`, a `NavigationLink`'s destination closure, and its
/// `destination:` argument. A view built there is shown inside a stack someone else holds.
public enum NavigationDestinations {
    /// True for the content closure of the call `callee`, passed under `label`, in `call`.
    public static func isDestination(callee: String, label: String?, call: FunctionCallExprSyntax?) -> Bool {
        switch callee {
        case "navigationDestination": return true
        // `NavigationLink { Detail() } label: { … }`, `NavigationLink("Title") { Detail() }`; not the
        // label closure of `NavigationLink(value:) { Text(…) }`.
        case "NavigationLink":
            if label == "destination" { return true }
            guard label == nil, let call else { return false }
            return !call.arguments.contains { $0.label?.text == "value" || $0.label?.text == "destination" }
        default: return false
        }
    }

    /// True when the walk stands inside destination content (any enclosing content closure).
    public static func contains(_ containers: [ContainerFrame]) -> Bool {
        containers.contains { isDestination(callee: $0.name, label: $0.label, call: $0.call) }
    }

    /// `NavigationLink(destination: Detail()) { … }`: the view is the link's destination argument.
    public static func isDestinationArgument(_ call: FunctionCallExprSyntax) -> Bool {
        guard let argument = call.parent?.as(LabeledExprSyntax.self), argument.label?.text == "destination",
              let link = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return link.calleeName == "NavigationLink"
    }
}

/// Where SwiftUI code presents a view over the one it stands in: the content of `.sheet`,
/// `.fullScreenCover`, `.popover` and `.inspector`. A view built there is created while it is
/// shown, and again only when the presenting view updates meanwhile.
public enum PresentedContent {
    static let presenters: Set<String> = ["sheet", "fullScreenCover", "popover", "inspector"]

    /// True when the walk stands inside presented content (any enclosing content closure).
    public static func contains(_ containers: [ContainerFrame]) -> Bool {
        containers.contains { isPresented(callee: $0.name, label: $0.label) }
    }

    static func isPresented(callee: String, label: String?) -> Bool {
        presenters.contains(callee) && (label == nil || label == "content")
    }

    /// True when `node` stands in presented content inside `root` (a closure between them is a
    /// sheet's, cover's, popover's or inspector's content): for code read from the tree, not walked.
    public static func contains(_ node: some SyntaxProtocol, within root: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current, ancestor.id != root.id {
            if let closure = ancestor.as(ClosureExprSyntax.self), let (callee, label) = closure.passedTo,
               isPresented(callee: callee, label: label) {
                return true
            }
            current = ancestor.parent
        }
        return false
    }
}
