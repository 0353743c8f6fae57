/// Declarations from the other files of a workspace, for rules that need to know
/// about a type declared elsewhere. Built by the front ends (CLI: all files first;
/// server: in the background) and handed to the engine per lint.
public struct WorkspaceIndex: Sendable {
    /// Types by name, merged across files and extensions.
    public var types: [String: TypeScope]

    public init(types: [String: TypeScope] = [:]) {
        self.types = types
    }

    public static let empty = WorkspaceIndex()
}
