import GotchasCore
import SwiftSyntax

/// GCD hops in SwiftUI or async code sidestep Swift concurrency's checking:
/// `DispatchQueue.main.async` is invisible to actor isolation, `asyncAfter` cannot be
/// cancelled with the view, and `DispatchQueue.global` work is unstructured.
struct DispatchQueueRule: Rule {
    static let description = RuleDescription(
        id: "dispatch-queue",
        category: .modernAPI,
        severity: .info,
        seed: "002",
        summary: "`DispatchQueue.main.async`/`asyncAfter`/`DispatchQueue.global` in SwiftUI or async code.",
        rationale: """
            In code that uses SwiftUI or Swift concurrency, GCD bypasses the compiler's isolation \
            checking: `DispatchQueue.main.async` is not known to run on the main actor, \
            `asyncAfter` keeps running after the view is gone, and `DispatchQueue.global` work is \
            neither structured nor cancellable. Use `@MainActor` (or `await MainActor.run`), \
            `Task { }` / `.task { }` with `try await Task.sleep(for:)`, and `async` functions. \
            Files that use neither SwiftUI nor concurrency are not checked.
            """,
        triggers: ["DispatchQueue"],
        triggering: [
            """
            import SwiftUI
            struct Toast: View {
                @State private var visible = true
                var body: some View {
                    Text("Saved").onAppear {
                        ↓DispatchQueue.main.asyncAfter(deadline: .now() + 2) { visible = false }
                    }
                }
            }
            """,
            """
            import Foundation
            final class Loader {
                func load() async throws -> Data { try await fetch() }
                func reload() {
                    ↓DispatchQueue.global(qos: .userInitiated).async {
                        let data = self.read()
                        ↓DispatchQueue.main.async {
                            self.show(data)
                        }
                    }
                }
            }
            """,
            """
            import SwiftUI
            extension Model {
                func refresh() { ↓DispatchQueue.main.async(execute: update) }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                import UIKit
                final class Cell: UITableViewCell {
                    func configure() { DispatchQueue.main.async { self.setNeedsLayout() } }
                }
                """, note: "files that use neither SwiftUI nor Swift concurrency"),
            RuleExample("""
                import Foundation
                final class APIService {
                    func load(_ request: URLRequest) {
                        let task = URLSession.shared.dataTask(with: request) { data, _, _ in
                            DispatchQueue.main.async { self.finish(data) }
                        }
                        task.resume()
                    }
                    func addCustomTask(_ task: CustomTask) {}
                }
                """, note: "names containing `Task` are not Swift concurrency"),
            RuleExample("""
                import SwiftUI
                final class SearchModel: ObservableObject {
                    let cancellable = query
                        .subscribe(on: DispatchQueue.global())
                        .sink { _ in }
                    let worker = DispatchQueue.global(qos: .utility)
                }
                """, note: "`DispatchQueue.global()` as a Combine scheduler or stored queue"),
            RuleExample("""
                import SwiftUI
                let queue = DispatchQueue(label: "camera.session")
                let publisher = model.$value.receive(on: DispatchQueue.main)
                func check() { dispatchPrecondition(condition: .onQueue(.main)) }
                """, note: "a private serial queue, a Combine scheduler"),
            RuleExample("""
                import SwiftUI
                // DispatchQueue.main.async { }
                let text = "DispatchQueue.global()"
                """, note: "comments and strings"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let callees: Set<String>? = ["async", "asyncAfter", "global"]

    static let flagged: [String: String] = [
        "DispatchQueue.main.async": "`DispatchQueue.main.async` is invisible to actor isolation; use a `@MainActor` function or `await MainActor.run { }`",
        "DispatchQueue.main.asyncAfter": "`DispatchQueue.main.asyncAfter` cannot be cancelled with the view; use `.task { try await Task.sleep(for: .seconds(…)); … }`",
        "DispatchQueue.global": "`DispatchQueue.global` work is unstructured and uncancellable; use an `async` function or `Task`",
    ]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        let call = node.cast(FunctionCallExprSyntax.self)
        guard var name = call.calledExpression.dottedName else { return }
        if name.hasPrefix("Dispatch.") { name.removeFirst("Dispatch.".count) }
        guard let message = Self.flagged[name] else { return }
        // `DispatchQueue.global()` handed over as a Combine scheduler or stored is not GCD dispatch here.
        if name == "DispatchQueue.global", call.parent?.is(MemberAccessExprSyntax.self) != true { return }
        guard context.importsSwiftUI || context.usesSwiftConcurrency else { return }
        let range: Range<Int> = name == "DispatchQueue.global" ? call.byteRange : call.calledExpression.byteRange
        report.append(Finding(message: message, range: range))
    }
}
