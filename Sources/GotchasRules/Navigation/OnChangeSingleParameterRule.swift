import GotchasCore
import SwiftSyntax

/// The one-parameter `onChange(of:perform:)` is deprecated since iOS 17. The current
/// form passes the old and the new value (or none).
struct OnChangeSingleParameterRule: CallRule {
    static let description = RuleDescription(
        id: "onchange-single-parameter",
        category: .navigation,
        severity: .info,
        seed: "002",
        summary: "`.onChange(of: x) { v in … }` uses the deprecated one-parameter closure.",
        rationale: """
            `onChange(of:perform:)` with a one-parameter closure is deprecated since iOS 17. \
            `onChange(of:initial:_:)` passes the old and new values (`{ oldValue, newValue in … }`) or none \
            (`{ … }`), and can run on appear with `initial: true`.
            """,
        notFlagged: [
            "two- and zero-parameter closures",
            "a function reference",
            "another API's `onChange` without `of:`",
        ],
        fixSafety: "Keeps the new value's name and ignores the old one: `{ _, v in … }`. Safe, unless the closure reads a value it captures from the render (an enclosing closure's parameter, a local, a plain stored property): the old form ran the closure made before the change, the new one runs the closure made after it, so such a value changes meaning (unsafe, and the message names it).",
        severityReason: "a deprecated closure form that keeps working, with a safe rename.",
        tags: [.deprecated],
        fix: .safe,
        // https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:).md (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)
        requires: .os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10)),
        triggering: [
            RuleExample("""
                struct Search: View {
                    @State private var query = ""
                    var body: some View {
                        if #available(iOS 17, macOS 14, *) {
                            TextField("Search", text: $query)
                                ↓.onChange(of: query) { newValue in model.search(newValue) }
                        } else {
                            TextField("Search", text: $query)
                                .onChange(of: query) { newValue in model.search(newValue) }
                        }
                    }
                }
                """, note: "only the `if #available(iOS 17, …)` branch can use the replacement", platforms: [.iOS: OSVersion(16)]),
            RuleExample("""
                @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
                struct Search: View {
                    @State private var query = ""
                    var body: some View {
                        TextField("Search", text: $query)
                            ↓.onChange(of: query) { newValue in
                                model.search(newValue)
                            }
                    }
                }
                """, note: "inside `@available` the minimum is raised to what the advice needs", platforms: [.iOS: OSVersion(16)]),
            """
            struct Search: View {
                @State private var query = ""
                var body: some View {
                    TextField("Search", text: $query)
                        ↓.onChange(of: query) { newValue in
                            model.search(newValue)
                        }
                }
            }
            """,
            """
            struct Player: View {
                var body: some View {
                    VStack { Controls() }↓.onChange(of: scenePhase, perform: { (phase) in pause(phase) })
                }
            }
            """,
            """
            struct Editor: View {
                var body: some View {
                    if isEditing {
                        Text(text)
                            .padding()
                            ↓.onChange(of: text) { [weak model] (value: String) in model?.save(value) }
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                struct Search: View {
                    @State private var query = ""
                    var body: some View {
                        TextField("Search", text: $query)
                            .onChange(of: query) { newValue in
                                model.search(newValue)
                            }
                    }
                }
                """, note: "deployment target iOS 16: what the advice needs does not exist there", platforms: [.iOS: OSVersion(16)]),
            RuleExample("""
                struct Search: View {
                    var body: some View {
                        TextField("Search", text: $query)
                            .onChange(of: query) { oldValue, newValue in search(newValue) }
                            .onChange(of: query) { search(query) }
                            .onChange(of: query, initial: true) { _, value in search(value) }
                    }
                }
                """, note: "two- and zero-parameter forms"),
            RuleExample("""
                struct Search: View {
                    var body: some View {
                        TextField("Search", text: $query).onChange(of: query, perform: search)
                    }
                }
                """, note: "a function reference: which overload it picks depends on its type"),
            RuleExample("""
                final class Model {
                    func bind() { store.onChange { value in print(value) } }
                }
                """, note: "another API's `onChange` without `of:`"),
        ],
        corrections: [
            RuleCorrection("""
                TextField("Search", text: $query)
                    .onChange(of: query) { newValue in // debounce later
                        model.search(newValue)
                    }
                """, """
                TextField("Search", text: $query)
                    .onChange(of: query) { _, newValue in // debounce later
                        model.search(newValue)
                    }
                """),
            RuleCorrection(
                "VStack { }.onChange(of: phase, perform: { (phase) in pause(phase) })",
                "VStack { }.onChange(of: phase, { (_, phase) in pause(phase) })"),
            RuleCorrection(
                "Text(text).onChange(of: text) { [weak model] (value: String) in model?.save(value) }",
                "Text(text).onChange(of: text) { [weak model] (_: String, value: String) in model?.save(value) }"),
        ])

    static let calledNames: Set<String> = ["onChange"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(MemberAccessExprSyntax.self),
              call.arguments.first?.label?.text == "of"
        else { return }
        // The deprecated overload: `of:` plus a closure, either trailing or as `perform:`.
        let closure: ClosureExprSyntax
        var performLabel: LabeledExprSyntax?
        if call.arguments.count == 1, let trailing = call.trailingClosure, call.additionalTrailingClosures.isEmpty {
            closure = trailing
        } else if call.arguments.count == 2, call.trailingClosure == nil,
                  let perform = call.argument(labeled: "perform"),
                  let performClosure = perform.expression.as(ClosureExprSyntax.self) {
            closure = performClosure
            performLabel = perform
        } else {
            return
        }
        guard let parameters = closure.signature?.parameterClause else { return }
        var edits: [TextEdit] = []
        switch parameters {
        case .simpleInput(let list):
            guard list.count == 1, let only = list.first else { return }
            edits.append(.insert("_, ", at: only.positionAfterSkippingLeadingTrivia.utf8Offset))
        case .parameterClause(let clause):
            guard clause.parameters.count == 1, let only = clause.parameters.first else { return }
            if let type = only.type {
                edits.append(.insert("_: \(type.trimmedText), ", at: only.positionAfterSkippingLeadingTrivia.utf8Offset))
            } else {
                edits.append(.insert("_, ", at: only.positionAfterSkippingLeadingTrivia.utf8Offset))
            }
        @unknown default:
            return
        }
        if let perform = performLabel, let label = perform.label {
            // `perform: { … }` → `{ … }`: the new overload's closure is unlabeled.
            edits.append(.delete(label.positionAfterSkippingLeadingTrivia.utf8Offset..<perform.expression.positionAfterSkippingLeadingTrivia.utf8Offset))
        }
        // Safe: the named parameter still receives the new value and the new overload calls the
        // closure on the same changes (`initial: false`). A closure using `$0` has no signature and is
        // not flagged above: with two parameters `$0` would become the old value.
        // The old overload runs the closure made by the render *before* the change, the new one the
        // closure of the render after it: a value the closure captures (an enclosing closure's
        // parameter, a local, a plain stored property of the view) is the old one there and the new
        // one here (`newValue.timeIntervalSince(context.date)` becomes 0).
        let captured = Self.capturedRenderValue(in: closure, context: context)
        let fix = Fix(title: "Use the two-parameter closure `{ _, newValue in … }`", applicability: captured == nil ? .safe : .unsafe, edits: edits)
        var message = "`.onChange(of:)` with a one-parameter closure is deprecated since iOS 17; take `{ oldValue, newValue in … }` (or no parameters)"
        if let captured {
            message += "; the closure reads `\(captured)`, which the old form captured before the change and the new one after it: use `oldValue` where it meant the old value"
        }
        report.append(Finding(message: message, range: call.rangeFromCalleeName, fixes: [fix]))
    }

    /// A name the closure reads whose value it captures from the render that made it: a parameter
    /// of an enclosing closure (`context` of `TimelineView`), a local of the code around it, or a
    /// stored property of the view without a wrapper that keeps it in storage (`@State`, a binding,
    /// an observed model: read through storage, the same from either closure). Nil when none.
    static func capturedRenderValue(in closure: ClosureExprSyntax, context: RuleContext) -> String? {
        let own = Set(closure.parameterNames)
        let declaredInside = Set(closure.statements.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            token.parent?.is(IdentifierPatternSyntax.self) == true ? token.text : nil
        })
        for name in closure.statements.referencedNames where !own.contains(name) && !declaredInside.contains(name) {
            if let property = context.enclosingType?.property(named: name) {
                if property.isStoredInstance, property.wrapper.map({ !ReachHazard.changingWrappers.contains($0) }) ?? true { return name }
                continue
            }
            if closure.localInitializer(of: name) != nil { return name }
            var node = closure.parent
            while let current = node, !current.is(MemberBlockItemSyntax.self) {
                if let outer = current.as(ClosureExprSyntax.self), outer.parameterNames.contains(name) { return name }
                node = current.parent
            }
        }
        return nil
    }
}
