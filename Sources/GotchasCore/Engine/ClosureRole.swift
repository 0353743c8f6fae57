import SwiftSyntax

/// How a closure's body runs relative to the `body` that contains it.
public enum ClosureRole: Sendable, Equatable {
    /// View content (`VStack { }`, `.overlay { }`, `ForEach { }` rows): evaluated
    /// whenever the enclosing body is.
    case content
    /// Runs synchronously where it is written (`xs.map { }`, `.filter { }`).
    case inline
    /// Runs later, on an event or not per render (`Button { }` actions, `.task { }`,
    /// `.onTapGesture { }`) — or we do not know, and so assume it does not run per render.
    case deferred

    /// Classifies a closure passed to a call named `callee` under `label`.
    public static func of(callee: String, label: String?, call: FunctionCallExprSyntax?) -> ClosureRole {
        if callee == "Button" || callee == "Link" {
            // Button(action: { }) { label } / Button { action } label: { label } / Button("t") { action }
            switch label {
            case "action"?: return .deferred
            case nil: return call?.argument(labeled: "action") == nil ? .deferred : .content
            default: return .content
            }
        }
        if inlineCallees.contains(callee) { return .inline }
        if deferredCallees.contains(callee) { return .deferred }
        if let label, deferredLabels.contains(label) || isCallbackLabel(label) { return .deferred }
        if contentModifiers.contains(callee) { return .content }
        guard let first = callee.unicodeScalars.first, CharacterSet.uppercase(first) else { return .deferred }
        if callee.contains("Button") || callee.contains("Task") || callee == "Binding" { return .deferred }
        // A type's initializer taking a trailing closure: SwiftUI containers and
        // custom container views alike take view content.
        return .content
    }

    /// The closure is known to run later, on an event, and not where it is written: a
    /// callback label (`set:`, `action:`, `onToggle:`), a call that defers (`Task`,
    /// `asyncAfter`, `sink`), a `Binding` or a button. (Not the default for calls we do not
    /// know, which may run their closure at once: `performAndWait { }`, `withLock { }`.)
    public static func runsLater(callee: String, label: String?, call: FunctionCallExprSyntax?) -> Bool {
        guard of(callee: callee, label: label, call: call) == .deferred else { return false }
        // `of` also answers `.deferred` for a lowercase call it does not know; only a known reason counts.
        return deferredCallees.contains(callee) || label.map { deferredLabels.contains($0) || isCallbackLabel($0) } == true
            || callee.unicodeScalars.first.map(CharacterSet.uppercase) == true
    }

    /// Synchronous higher-order functions: their closures (or a function passed instead) run as
    /// part of the expression.
    public static let inlineCallees: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "sorted", "sort", "reduce", "forEach", "first", "last",
        "contains", "allSatisfy", "min", "max", "firstIndex", "lastIndex", "drop", "prefix", "partition",
        "removeAll", "count", "split", "lazy", "enumerated", "zip",
    ]

    /// Calls whose closures run later or elsewhere.
    static let deferredCallees: Set<String> = [
        "Task", "detached", "withAnimation", "withTransaction", "async", "asyncAfter", "sync",
        "sink", "assign", "receive", "onReceive", "onTapGesture", "onLongPressGesture", "onAppear", "onDisappear",
        "task", "onChange", "onSubmit", "refreshable", "onDelete", "onMove", "onInsert", "onDrop", "onHover",
        "onContinuousHover", "onOpenURL", "onContinueUserActivity", "onKeyPress", "onEnded", "onChanged",
        "updating", "onCommit", "onPreferenceChange", "onScrollGeometryChange", "onScrollPhaseChange",
        "onGeometryChange", "onScrollVisibilityChange", "dropDestination", "fileImporter", "fileExporter",
        "backgroundTask", "perform", "run", "addTask", "withTaskGroup", "withThrowingTaskGroup",
        "scheduledTimer", "register", "sensoryFeedback", "onExitCommand", "onPlayPauseCommand",
        "onMoveCommand", "onCopyCommand", "onPasteCommand", "onCommand", "onDeleteCommand", "onCutCommand",
        "simultaneousGesture", "highPriorityGesture", "MainActor", "containerRelativeFrame", "visualEffect",
    ]

    /// `onRemove:`, `onSave:`, `doneAction:`, `resultHandler:`: by convention a callback the view
    /// calls on an event, not content it renders.
    static func isCallbackLabel(_ label: String) -> Bool {
        if label.count > 2, label.hasPrefix("on"), label.unicodeScalars.dropFirst(2).first.map(CharacterSet.uppercase) == true { return true }
        // `handleRemindTap:`, `handleTap:`: a handler named for its event.
        if label.hasPrefix("handle"), label.unicodeScalars.dropFirst(6).first.map(CharacterSet.uppercase) == true { return true }
        return label.hasSuffix("Action") || label.hasSuffix("Handler")
    }

    /// Labels whose closures are callbacks, whatever the call.
    static let deferredLabels: Set<String> = [
        "action", "perform", "onDismiss", "onCompletion", "completion", "completionHandler", "onChange",
        "onEditingChanged", "onCommit", "get", "set", "expirationHandler", "launchHandler", "handler",
    ]

    /// Modifiers whose closures build views.
    static let contentModifiers: Set<String> = [
        "overlay", "background", "mask", "toolbar", "sheet", "popover", "fullScreenCover", "safeAreaInset",
        "safeAreaBar", "contextMenu", "swipeActions", "navigationDestination", "alert", "confirmationDialog",
        "searchSuggestions", "inspector", "overlayPreferenceValue", "backgroundPreferenceValue", "tabItem",
        "header", "footer", "label", "chartOverlay", "chartBackground", "accessibilityRepresentation",
        "toolbarBackground", "searchable", "badge", "matchedTransitionSource", "scrollContent",
    ]
}

private enum CharacterSet {
    static func uppercase(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isUppercase }
}

extension ClosureRole {
    /// How `closure` runs, from where it is passed (nil when it is not passed to a call: a
    /// stored closure, a macro body).
    public static func of(_ closure: ClosureExprSyntax) -> ClosureRole? {
        guard case .call(let call, let callee, let label) = ClosureSite(closure) else { return nil }
        return of(callee: callee, label: label, call: call)
    }
}

extension DeclReferenceExprSyntax {
    /// `Binding(get: load, set: save)`, `Button(action: refresh)`, `.onAppear(perform: load)`: the
    /// name is an argument of a call that keeps it to run later (`ClosureRole.runsLater`), as a
    /// closure there would be.
    var isPassedToRunLater: Bool {
        guard let argument = parent?.as(LabeledExprSyntax.self),
              let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = call.calleeName
        else { return false }
        return ClosureRole.runsLater(callee: callee, label: argument.label?.text, call: call)
    }
}
