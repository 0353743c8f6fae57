/// A kind of question a rule asks beyond its file (`WorkspaceQueries.Query` without the
/// names asked about), as a rule's docs list it under "Asks the workspace".
public enum WorkspaceQuestion: Int, Sendable, CaseIterable, Comparable {
    case declaration, environmentUses, intentControls, references, initializerLabels, memberUsers, bodyReaches
    case viewTreeHoldsState, menuContentOnly, builtByNoParentView, builtOnlyByPreviews, defaultIsolation, phonePortraitOnly
    case buildsNavigationStack, builtBesideTabView, reachedHazard, elementEdits, builtOnlyAsDestination
    case builtOnlyWhenShown, referringTypes, buildsControl, usedInFile, builtInRows

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The question in the user's words.
    public var userText: String {
        switch self {
        case .declaration: "how types named here are declared in other files"
        case .environmentUses: "how the type is injected into the environment, anywhere in the workspace"
        case .intentControls: "which intent controls the widget's views hold"
        case .references: "which types a type's code names"
        case .initializerLabels: "which labels callers pass to the view's initializer"
        case .memberUsers: "which files use the property"
        case .bodyReaches: "whether `body` reaches the member"
        case .viewTreeHoldsState: "whether a view's tree holds state"
        case .menuContentOnly: "whether a view type is built only as menu content"
        case .builtByNoParentView: "whether no view's rendered code builds a view type (an app's scene, a hosting controller's root, a screen an action pushes)"
        case .builtOnlyByPreviews: "whether a view type is built only by previews"
        case .defaultIsolation: "the project's default actor isolation"
        case .phonePortraitOnly: "whether the app is iPhone-only and portrait-only"
        case .buildsNavigationStack: "whether a view reachable from the content builds its own navigation stack"
        case .builtBesideTabView: "whether a type that builds the view also builds a `TabView`"
        case .reachedHazard: "what the properties and functions the code calls do, up to four calls deep, in any file"
        case .elementEdits: "whether any file edits the collection's elements in place, or shrinks it"
        case .builtOnlyAsDestination: "whether a view type is built only as a pushed navigation destination"
        case .builtOnlyWhenShown: "whether a view type is built only when pushed or presented (a sheet, cover or popover)"
        case .referringTypes: "which types' code names the type"
        case .buildsControl: "whether a view's tree builds a control (a button, link, toggle, field …)"
        case .usedInFile: "whether anything in the file uses a private helper"
        case .builtInRows: "whether a view builds the view type as the rows of a list"
        }
    }
}

extension WorkspaceQueries.Query {
    /// Which kind of question this is.
    public var question: WorkspaceQuestion {
        switch self {
        case .declaration, .typeFact: .declaration
        case .loneInjections: .environmentUses
        case .intentControls: .intentControls
        case .references: .references
        case .initializerLabels: .initializerLabels
        case .memberUsers: .memberUsers
        case .bodyReaches: .bodyReaches
        case .viewTreeHoldsState: .viewTreeHoldsState
        case .menuContentOnly: .menuContentOnly
        case .builtByNoParentView: .builtByNoParentView
        case .builtOnlyByPreviews: .builtOnlyByPreviews
        case .defaultIsolation: .defaultIsolation
        case .phonePortraitOnly: .phonePortraitOnly
        case .buildsNavigationStack: .buildsNavigationStack
        case .builtBesideTabView: .builtBesideTabView
        case .reachedHazard: .reachedHazard
        case .elementEdits: .elementEdits
        case .builtOnlyAsDestination: .builtOnlyAsDestination
        case .builtOnlyWhenShown: .builtOnlyWhenShown
        case .referringTypes: .referringTypes
        case .buildsControl: .buildsControl
        case .usedInFile: .usedInFile
        case .builtInRows: .builtInRows
        }
    }
}
