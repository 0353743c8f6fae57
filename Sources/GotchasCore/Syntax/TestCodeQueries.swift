/// Whether code is test code: unit and UI tests, and the support code that lives beside them
/// (signalling clients, test app coordinators, mocks under a `Tests` folder). Rules whose
/// advice is about shipping app code (structured concurrency instead of GCD, a service off the
/// main actor) stay quiet there: a test that defers a call to the next runloop on purpose, or a
/// test helper kept on the main actor, is not the gotcha.
public enum TestCode {
    /// True when `path` lies in a test directory — a path component named `Tests` or ending in
    /// `Tests` (`UnitTests`, `UITests`, `AppTests`, `AccessibilityTests`) — or is a file named
    /// `…Tests.swift`/`…Test.swift`. Case matters: `Contests/` or `latests` are not tests.
    public static func isTestPath(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        guard let file = components.last else { return false }
        if file.hasSuffix("Tests.swift") || file.hasSuffix("Test.swift") { return true }
        return components.dropLast().contains { $0.hasSuffix("Tests") }
    }

    /// Modules only tests import.
    static let testModules: Set<String> = ["XCTest", "Testing", "XCUIAutomation"]
}

extension RuleContext {
    /// True in test code: a file under a test directory (`TestCode.isTestPath`), a file that
    /// imports `XCTest` or `Testing`, a type that subclasses `XCTestCase` or is marked `@Suite`,
    /// and a function marked `@Test`.
    public var isInTestCode: Bool {
        if isTestFile { return true }
        if typeStack.contains(where: { $0.inherits("XCTestCase") || $0.attributes.contains("Suite") }) { return true }
        return functionStack.contains { $0.attributes.contains("Test") }
    }
}
