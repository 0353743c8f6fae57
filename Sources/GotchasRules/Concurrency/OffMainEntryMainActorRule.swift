import GotchasCore
import SwiftSyntax

/// The system calls App Intents and background-task handlers off the main actor;
/// the main `ModelContext` used there is used from the wrong thread.
struct OffMainEntryMainActorRule: Rule {
    static let description = RuleDescription(
        id: "offmain-entry-mainactor",
        category: .concurrency,
        severity: .warning,
        seed: "000 C7",
        summary: "`AppIntent.perform()`, `BGTaskScheduler.register` handlers and `expirationHandler` closures touching `mainContext`/`modelContext` without `@MainActor`.",
        rationale: """
            `AppIntent.perform()`, background-task launch handlers and expiration handlers are called from a \
            nonisolated context. `mainContext` and a view's `modelContext` belong to the main actor: \
            fetching or saving through them there is a data race that corrupts the context or crashes. \
            Annotate `perform()` with `@MainActor`; in handlers, hop with `Task { @MainActor in … }` and \
            keep the task so the expiration handler can cancel it.
            """,
        notFlagged: [
            "`perform()` already `@MainActor`",
            "a fresh background context of its own",
            "a hop with `Task { @MainActor in … }`",
        ],
        fixSafety: "Adds `@MainActor` to `perform()`. Unsafe: everything the method calls then runs on the main actor.",
        severityReason: "a data race on the model context.",
        asks: [.declaration],
        fix: .unsafe,
        triggers: ["mainContext", "modelContext"],
        triggering: [
            """
            struct CompleteHabitIntent: AppIntent {
                static let title: LocalizedStringResource = "Complete"
                func ↓perform() async throws -> some IntentResult {
                    let context = SharedModel.container.mainContext
                    try context.save()
                    return .result()
                }
            }
            """,
            """
            func scheduleRefresh() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) ↓{ task in
                    let items = try? SharedModel.container.mainContext.fetch(FetchDescriptor<Item>())
                    ↓task.expirationHandler = {
                        try? modelContext.save()
                    }
                }
            }
            """,
            """
            func scheduleCleanup() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "cleanup", using: nil) { task in
                    let work = Task { await cleanUp() }
                    ↓task.expirationHandler = {
                        work.cancel()
                        try? SharedModel.container.mainContext.save()
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct LogIntent: AppIntent {
                    func perform() async throws -> some IntentResult {
                        // uses mainContext? no
                        print("mainContext")
                        let mainContextName = "main"
                        return .result()
                    }
                }
                """, note: "a comment, a string, a look-alike name"),
            RuleExample("""
                struct CompleteHabitIntent: AppIntent {
                    @MainActor
                    func perform() async throws -> some IntentResult {
                        try SharedModel.container.mainContext.save()
                        return .result()
                    }
                }
                @MainActor struct OpenIntent: AppIntent {
                    func perform() async throws -> some IntentResult { try SharedModel.container.mainContext.save(); return .result() }
                }
                """, note: "annotated ones"),
            RuleExample("""
                struct ImportIntent: AppIntent {
                    func perform() async throws -> some IntentResult {
                        let modelContext = ModelContext(SharedModel.container)
                        try modelContext.save()
                        return .result()
                    }
                }
                """, note: "a fresh background context of its own"),
            RuleExample("""
                func scheduleRefresh() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) { task in
                        let work = Task { @MainActor in try? SharedModel.container.mainContext.save() }
                        task.expirationHandler = { work.cancel() }
                    }
                }
                """, note: "the seed's own pattern: hop with Task { @MainActor in }"),
        ],
        corrections: [
            RuleCorrection("""
                struct CompleteHabitIntent: AppIntent {
                    func perform() async throws -> some IntentResult {
                        try SharedModel.container.mainContext.save()
                        return .result()
                    }
                }
                """, """
                struct CompleteHabitIntent: AppIntent {
                    @MainActor func perform() async throws -> some IntentResult {
                        try SharedModel.container.mainContext.save()
                        return .result()
                    }
                }
                """, applicability: .unsafe),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionDecl, .closureExpr]
    static let contextNames: Set<String> = ["mainContext", "modelContext"]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        if let function = node.as(FunctionDeclSyntax.self) {
            checkPerform(function, in: context, report: &report)
        } else if let closure = node.as(ClosureExprSyntax.self), Self.isOffMainHandler(closure) {
            guard closure.signature?.attributes.contains("MainActor") != true,
                  let token = Self.mainBoundContext(in: Syntax(closure.statements)) else { return }
            // The finding is on the handler (the container rule's position): the closure's
            // `{ task in` for `register`, the `….expirationHandler` the closure is assigned to.
            let range: Range<Int>
            if let target = Self.expirationTarget(of: closure) {
                range = target.byteRange
            } else {
                let end = closure.signature?.endPositionBeforeTrailingTrivia ?? closure.leftBrace.endPositionBeforeTrailingTrivia
                range = closure.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset..<end.utf8Offset
            }
            report.append(Finding(
                message: "This background-task handler runs off the main actor but uses `\(token.text)`, which is main-actor bound: a data race on the context; wrap the work in `Task { @MainActor in … }` and keep the task to cancel it",
                range: range))
        }
    }

    private func checkPerform(_ function: FunctionDeclSyntax, in context: RuleContext, report: inout [Finding]) {
        guard function.name.text == "perform", function.signature.parameterClause.parameters.isEmpty,
              let body = function.body, let type = context.enclosingType,
              type.inheritedTypes.contains(where: { $0.hasSuffix("Intent") }),
              !function.attributes.contains("MainActor"), !type.hasAttribute("MainActor"),
              context.type(named: type.name)?.hasAttribute("MainActor") != true,
              let token = Self.mainBoundContext(in: Syntax(body))
        else { return }
        let insertion = function.modifiers.first?.positionAfterSkippingLeadingTrivia.utf8Offset
            ?? function.funcKeyword.positionAfterSkippingLeadingTrivia.utf8Offset
        report.append(Finding(
            message: "`perform()` runs off the main actor but uses `\(token.text)`, which is main-actor bound: a data race on the context; annotate `perform()` with `@MainActor`",
            range: function.name.byteRange,
            fixes: [Fix(title: "Annotate `perform()` with `@MainActor`", applicability: .unsafe, edits: [.insert("@MainActor ", at: insertion)])]))
    }

    /// A closure passed to `BGTaskScheduler.register(…)` or assigned to `….expirationHandler`.
    static func isOffMainHandler(_ closure: ClosureExprSyntax) -> Bool {
        let parent = closure.parent
        let call = parent?.as(FunctionCallExprSyntax.self)
            ?? parent?.parent?.parent?.as(FunctionCallExprSyntax.self)  // labeled argument or extra trailing closure
        if let call, call.calleeName == "register", call.argument(labeled: "forTaskWithIdentifier") != nil {
            return true
        }
        return expirationTarget(of: closure) != nil
    }

    /// `task.expirationHandler` in `task.expirationHandler = { … }`.
    static func expirationTarget(of closure: ClosureExprSyntax) -> MemberAccessExprSyntax? {
        guard let sequence = closure.parent?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == Syntax(closure).id,
              let target = elements[0].as(MemberAccessExprSyntax.self), target.declName.baseName.text == "expirationHandler"
        else { return nil }
        return target
    }

    /// The first `mainContext`, or `modelContext` not declared in the code itself, outside `Task { @MainActor in }`.
    static func mainBoundContext(in body: Syntax) -> TokenSyntax? {
        let tokens = Array(body.tokens(viewMode: .sourceAccurate))
        var declaredLocally = false
        for index in tokens.indices where tokens[index].text == "modelContext" && index > 0 && !WorkspaceRuleSupport.isInStringLiteral(tokens[index]) {
            if ["let", "var"].contains(tokens[index - 1].text) { declaredLocally = true }
        }
        for token in tokens where contextNames.contains(token.text) && !WorkspaceRuleSupport.isInStringLiteral(token) {
            if token.text == "modelContext" && declaredLocally { continue }
            if isInMainActorClosure(token, within: body) { continue }
            // A nested handler (`task.expirationHandler = { … }` inside the `register` closure)
            // is reported on its own.
            if isInNestedHandler(token, within: body) { continue }
            return token
        }
        return nil
    }

    static func isInNestedHandler(_ token: TokenSyntax, within body: Syntax) -> Bool {
        var current = token.parent
        while let node = current, node.id != body.id {
            if let closure = node.as(ClosureExprSyntax.self), isOffMainHandler(closure) { return true }
            current = node.parent
        }
        return false
    }

    static func isInMainActorClosure(_ token: TokenSyntax, within body: Syntax) -> Bool {
        var current = token.parent
        while let node = current, node.id != body.id {
            if let closure = node.as(ClosureExprSyntax.self), closure.signature?.attributes.contains("MainActor") == true { return true }
            current = node.parent
        }
        return false
    }
}
