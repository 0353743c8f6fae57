import GotchasCore
import GotchasRules
import Testing
@testable import GotchasLSP

/// `#expect` cannot take a mutating call: its argument is evaluated here instead.
private func check(_ condition: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(condition, sourceLocation: sourceLocation)
}

/// The server's components decide without pipes: these drive them directly.
@Suite struct LintSchedulerTests {
    static func open(_ uri: String, version: Int, openGeneration: Int = 1) -> OpenDocument {
        OpenDocument(uri: uri, version: version, document: SourceDocument(path: "/tmp/x.swift", text: ""), openGeneration: openGeneration)
    }

    static func finished(version: Int, openGeneration: Int = 1, configuration: Int = 0) -> LintSnapshot {
        LintSnapshot(version: version, openGeneration: openGeneration, configurationGeneration: configuration, result: .empty, resultID: "")
    }

    @Test func lintsBeyondTheLimitWaitInOrderAndKeepQuietOnlyWhenEveryRequestWas() {
        var scheduler = LintScheduler(maximumConcurrent: 1)
        check(scheduler.admit("a", quietIfUnchanged: false) == .start)
        check(scheduler.admit("b", quietIfUnchanged: true) == .wait)
        check(scheduler.admit("c", quietIfUnchanged: true) == .wait)
        check(scheduler.admit("c", quietIfUnchanged: false) == .wait)  // an edit: c must publish
        check(scheduler.admit("b", quietIfUnchanged: true) == .wait)   // queued once
        #expect(scheduler.waiting == ["b", "c"])
        check(scheduler.nextWaiting() == nil)  // no free slot yet
        _ = scheduler.finished("a", Self.finished(version: 1), open: Self.open("a", version: 1), configurationGeneration: 0)
        let first = scheduler.nextWaiting()
        #expect(first?.uri == "b" && first?.quietIfUnchanged == true)
        check(scheduler.admit("b", quietIfUnchanged: true) == .start)
        check(scheduler.nextWaiting() == nil)
        _ = scheduler.finished("b", Self.finished(version: 1), open: Self.open("b", version: 1), configurationGeneration: 0)
        let second = scheduler.nextWaiting()
        #expect(second?.uri == "c" && second?.quietIfUnchanged == false)
    }

    @Test func aResultForAnOlderVersionOrConfigurationIsStale() {
        var scheduler = LintScheduler(maximumConcurrent: 4)
        _ = scheduler.admit("a", quietIfUnchanged: false)
        check(scheduler.finished("a", Self.finished(version: 1), open: Self.open("a", version: 2), configurationGeneration: 0) == .stale)
        #expect(!scheduler.isInFlight("a"))
        #expect(scheduler.results["a"] == nil)
        _ = scheduler.admit("a", quietIfUnchanged: false)
        check(scheduler.finished("a", Self.finished(version: 2), open: Self.open("a", version: 2), configurationGeneration: 1) == .stale)
        _ = scheduler.admit("a", quietIfUnchanged: false)
        check(scheduler.finished("a", Self.finished(version: 2, openGeneration: 1), open: Self.open("a", version: 2, openGeneration: 2),
                                   configurationGeneration: 0) == .stale)  // closed and reopened meanwhile
        _ = scheduler.admit("a", quietIfUnchanged: false)
        check(scheduler.finished("a", Self.finished(version: 2), open: nil, configurationGeneration: 0) == .closed)
        _ = scheduler.admit("a", quietIfUnchanged: false)
        check(scheduler.finished("a", Self.finished(version: 2), open: Self.open("a", version: 2), configurationGeneration: 0) == .current)
        #expect(scheduler.cachedResult("a", open: Self.open("a", version: 2), configurationGeneration: 0) != nil)
        #expect(scheduler.cachedResult("a", open: Self.open("a", version: 3), configurationGeneration: 0) == nil)
        #expect(scheduler.cachedResult("a", open: Self.open("a", version: 2), configurationGeneration: 1) == nil)
    }

    @Test func anIndexChangeDuringALintRelintsAfterItEnds() {
        var scheduler = LintScheduler(maximumConcurrent: 4)
        _ = scheduler.admit("busy", quietIfUnchanged: false)
        _ = scheduler.admit("idle", quietIfUnchanged: false)
        _ = scheduler.finished("idle", Self.finished(version: 1), open: Self.open("idle", version: 1), configurationGeneration: 0)
        #expect(scheduler.results["idle"] != nil)
        check(scheduler.invalidate(["busy", "idle"]) == ["idle"])  // busy is linted again when its lint ends
        #expect(scheduler.results["idle"] == nil)
        check(scheduler.finished("busy", Self.finished(version: 1), open: Self.open("busy", version: 1), configurationGeneration: 0) == .current)
        check(scheduler.takeRelintAfterFlight("busy"))
        #expect(scheduler.results["busy"] == nil)
        check(!scheduler.takeRelintAfterFlight("busy"))  // once
    }

    @Test func aStaleResultDropsThePendingRelint() {
        var scheduler = LintScheduler(maximumConcurrent: 4)
        _ = scheduler.admit("a", quietIfUnchanged: false)
        _ = scheduler.invalidate(["a"])
        check(scheduler.finished("a", Self.finished(version: 1), open: Self.open("a", version: 2), configurationGeneration: 0) == .stale)
        check(!scheduler.takeRelintAfterFlight("a"))  // the lint of v2 sees the new index anyway
    }

    @Test func anUnchangedQuietPublishIsSkippedUntilTheDocumentCloses() {
        var scheduler = LintScheduler(maximumConcurrent: 4)
        let message: JSON = ["uri": "a", "diagnostics": []]
        check(scheduler.shouldPublish(message, for: "a", quietIfUnchanged: true))
        check(!scheduler.shouldPublish(message, for: "a", quietIfUnchanged: true))
        check(scheduler.shouldPublish(message, for: "a", quietIfUnchanged: false))
        check(scheduler.shouldPublish(["uri": "a", "diagnostics": [1]], for: "a", quietIfUnchanged: true))
        scheduler.closed("a")
        check(scheduler.shouldPublish(["uri": "a", "diagnostics": [1]], for: "a", quietIfUnchanged: true))
    }
}

@Suite struct WorkspaceIndexManagerTests {
    static func fileIndex(_ path: String, _ text: String) -> FileIndex {
        RuleCatalog.linter.lint(SourceDocument(path: path, text: text), configuration: RuleConfiguration(severities: [:])).fileIndex
    }

    static let model = fileIndex("/w/Model.swift", "import SwiftUI\nfinal class Model: ObservableObject {}\n")
    static let view = fileIndex("/w/View.swift", "import SwiftUI\nstruct V: View {\n    @StateObject var model = Model()\n    var body: some View { Text(\"\") }\n}\n")

    @Test func aBuildOvertakenByANewerOneIsDropped() {
        var manager = WorkspaceIndexManager()
        let first = manager.beginBuild()
        let second = manager.beginBuild()
        #expect(!manager.index.isComplete)
        check(!manager.finishBuild([Self.model], settings: [], openFiles: [], generation: first))
        #expect(manager.index.files.isEmpty)
        check(manager.finishBuild([Self.model], settings: [], openFiles: [], generation: second))
        #expect(manager.index.files.keys.sorted() == ["/w/Model.swift"])
        #expect(manager.index.isComplete)
    }

    @Test func openFilesWinOverTheirDiskText() {
        var manager = WorkspaceIndexManager()
        let generation = manager.beginBuild()
        let edited = Self.fileIndex("/w/Model.swift", "import SwiftUI\nstruct Model {}\n")
        check(manager.finishBuild([Self.model], settings: [], openFiles: [edited], generation: generation))
        #expect(Self.model.types["Model"]?.inheritedTypes == ["ObservableObject"])
        #expect(manager.index.files["/w/Model.swift"]?.types["Model"]?.inheritedTypes == [])
    }

    @Test func changingOrRemovingADeclarationNamesItsDependents() {
        var manager = WorkspaceIndexManager()
        _ = manager.finishBuild([Self.model, Self.view], settings: [], openFiles: [], generation: manager.beginBuild())
        check(manager.update(Self.fileIndex("/w/Model.swift", "import SwiftUI\nstruct Model {}\n")) == ["/w/View.swift"])
        check(manager.update(Self.fileIndex("/w/Model.swift", "import SwiftUI\nstruct Model {}\n")).isEmpty)  // no change
        check(manager.remove(path: "/w/Model.swift") == ["/w/View.swift"])
        #expect(manager.index.files["/w/Model.swift"] == nil)
    }

    @Test func onlyTheNewestSettingsReadApplies() {
        var manager = WorkspaceIndexManager()
        let first = manager.beginSettingsRead(path: "/w/Package.swift")
        let second = manager.beginSettingsRead(path: "/w/Package.swift")
        #expect(!manager.isNewestSettingsRead(path: "/w/Package.swift", read: first))
        #expect(manager.isNewestSettingsRead(path: "/w/Package.swift", read: second))
        #expect(manager.isNewestSettingsRead(path: "/w/Other.xcconfig", read: 0) == false)
    }
}

@Suite struct ProgressReporterTests {
    @Test func reportsComeAboutEveryTenthAndNotForShortWork() {
        let long = WorkDoneProgress(title: "t", total: 25, minimumTotalForReports: 10)
        #expect((0..<25).filter { long.report(after: $0) != nil } == [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24])
        #expect(long.report(after: 4) == ["kind": "report", "message": "5/25", "percentage": 20])
        let short = WorkDoneProgress(title: "t", total: 5, minimumTotalForReports: 10)
        #expect((0..<5).allSatisfy { short.report(after: $0) == nil })
        let few = WorkDoneProgress(title: "t", total: 3, minimumTotalForReports: 2)
        #expect((0..<3).filter { few.report(after: $0) != nil } == [0, 1, 2])
        #expect(long.begin(message: "25 files") == ["kind": "begin", "title": "t", "cancellable": false, "message": "25 files", "percentage": 0])
        #expect(long.end(message: "done") == ["kind": "end", "message": "done"])
    }

    /// Drives a reporter as the server does: waits park a continuation, answers resume it.
    actor Tokens {
        var reporter = ProgressReporter()
        func requested(_ token: String, _ id: String) { reporter.requested(token, requestID: id) }
        func wait(_ token: String) async -> Bool {
            await withCheckedContinuation { (waiter: ProgressReporter.Waiter) in
                if !reporter.wait(for: token, waiter) { waiter.resume() }
            }
            return reporter.isAccepted(token)
        }
        func isWaited(_ token: String) -> Bool { reporter.isWaited(token) }
        func answer(_ id: String, accepted: Bool) -> Int {
            let waiters = reporter.answered(requestID: id, accepted: accepted)
            for waiter in waiters { waiter.resume() }
            return waiters.count
        }
        func timeOut(_ token: String) -> Int {
            let waiters = reporter.timedOut(token)
            for waiter in waiters { waiter.resume() }
            return waiters.count
        }
    }

    static func parked(_ tokens: Tokens, _ token: String) async {
        while await !tokens.isWaited(token) { await Task.yield() }
    }

    @Test func aWaiterIsResumedByTheClientsAnswer() async {
        let tokens = Tokens()
        await tokens.requested("tok", "req-1")
        async let accepted = tokens.wait("tok")
        await Self.parked(tokens, "tok")
        #expect(await tokens.answer("other", accepted: true) == 0)  // not a create request
        #expect(await tokens.answer("req-1", accepted: true) == 1)
        #expect(await accepted)
        #expect(await tokens.wait("tok"))  // settled: no waiting
    }

    @Test func aRefusedTokenResumesItsWaiterUnaccepted() async {
        let tokens = Tokens()
        await tokens.requested("tok", "req-1")
        async let accepted = tokens.wait("tok")
        await Self.parked(tokens, "tok")
        #expect(await tokens.answer("req-1", accepted: false) == 1)
        #expect(await accepted == false)
    }

    @Test func aTimeoutResumesTheWaitersAndALateAnswerFindsNone() async {
        let tokens = Tokens()
        await tokens.requested("tok", "req-1")
        async let accepted = tokens.wait("tok")
        await Self.parked(tokens, "tok")
        #expect(await tokens.timeOut("tok") == 1)
        #expect(await accepted == false)
        #expect(await tokens.answer("req-1", accepted: true) == 0)
    }

    @Test func anUnknownTokenIsNotWaitedFor() async {
        #expect(await Tokens().wait("never-created") == false)
    }
}
