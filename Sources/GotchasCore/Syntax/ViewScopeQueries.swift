import SwiftSyntax

extension RuleContext {
    /// True when the innermost enclosing type is a `View`/`ViewModifier`: declared so here, or
    /// an extension of a type the file or the workspace declares as one (`extension Card { … }`).
    /// Closures inside its members count (they are in the type). A type nested in a view
    /// (a representable's `Coordinator`) is not a view; neither is top-level code.
    /// Rules whose advice is a view modifier scope by this rather than by `import SwiftUI`.
    public var isInViewType: Bool {
        guard let type = enclosingType else { return false }
        if type.isView { return true }
        guard type.kind == .extension else { return false }
        // `extension View { func hud(…) -> some View }`: a modifier every view gets.
        if type.name == "View" || type.name == "ViewModifier", type.qualifiedName == type.name || type.qualifiedName == "SwiftUI." + type.name {
            return true
        }
        return typeFact(.isView, of: type.name)
    }
}
