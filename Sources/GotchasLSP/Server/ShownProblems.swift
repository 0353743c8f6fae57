/// The problems shown with `window/showMessage` (each once per session), and those found
/// before `initialized` (nothing may be shown before it), shown then.
struct ShownProblems {
    private var shown: Set<String> = []
    private var deferred: [String] = []

    /// True the first time `key` is shown.
    mutating func isFirstShowing(_ key: String) -> Bool { shown.insert(key).inserted }

    mutating func deferUntilInitialized(_ problem: String) { deferred.append(problem) }

    mutating func takeDeferred() -> [String] {
        defer { deferred.removeAll() }
        return deferred
    }
}
