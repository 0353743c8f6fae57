import GotchasCore
import SwiftSyntax

/// A widget is a one-shot render: `.onAppear`/`.task` run after the snapshot is taken,
/// so sizes measured there and written to `@State` never reach the picture.
struct WidgetGeometryMeasureRule: CallRule {
    static let description = RuleDescription(
        id: "widget-geometry-measure",
        category: .widgets,
        severity: .warning,
        seed: "000 W11",
        summary: "`GeometryReader` + `.onAppear`/`.task` (or `onGeometryChange`) writing `@State` in a widget view.",
        rationale: """
            WidgetKit captures the view once; `.onAppear`, `.task` and geometry-change callbacks fire after \
            that capture, so a layout that depends on the measured `@State` renders with the initial value. \
            Compute sizes synchronously, from the `GeometryReader` proxy inside the body or from constants, \
            and pass them down.
            """,
        notFlagged: [
            "the proxy used synchronously",
            "callbacks that write no `@State`",
            "app code",
        ],
        severityReason: "the widget renders with the initial size.",
        useInstead: "using the proxy synchronously",
        triggers: ["GeometryReader", "onGeometryChange"],
        triggering: [
            """
            import WidgetKit
            struct BadgeView: View {
                @State private var labelWidth: CGFloat = 0
                var body: some View {
                    HStack {
                        Text("Streak")
                            .background(↓GeometryReader { proxy in
                                Color.clear.onAppear { labelWidth = proxy.size.width }
                            })
                        Capsule().frame(width: labelWidth)
                    }
                }
            }
            """,
            """
            import WidgetKit
            struct RingView: View {
                @State private var size: CGSize = .zero
                var body: some View {
                    ↓GeometryReader { geometry in
                        Circle().task { self.size = geometry.size }
                        Circle().onAppear { size = geometry.size }
                    }
                    .frame(height: size.height)
                }
            }
            """,
            """
            import WidgetKit
            struct Bar: View {
                @State private var height = 0.0
                var body: some View {
                    Text("x")↓.onGeometryChange(for: CGFloat.self) { $0.size.height } action: { height = $0 }
                }
            }
            """,
        ],
        nonTriggering: [
            RuleExample("""
                import WidgetKit
                struct BannerView: View {
                    @State private var proxy: GeometryProxy?
                    var body: some View {
                        GeometryReader { g in
                            Image("banner").resizable().frame(width: g.size.width).onAppear { proxy = g }
                        }
                    }
                }
                """, note: "the state written is never read: the layout uses the proxy directly"),
            RuleExample("""
                import WidgetKit
                struct RingView: View {
                    @State private var size: CGSize = .zero
                    var body: some View {
                        GeometryReader { geometry in
                            Circle().onAppear { print("size = later") }
                        }
                    }
                }
                """, note: "a state write only in a string of the callback"),
            RuleExample("""
                import WidgetKit
                struct RingView: View {
                    var body: some View {
                        GeometryReader { geometry in
                            Circle().frame(width: geometry.size.width / 2)
                        }
                    }
                }
                """, note: "using the proxy synchronously"),
            RuleExample("""
                import SwiftUI
                struct RingView: View {
                    @State private var size: CGSize = .zero
                    var body: some View {
                        GeometryReader { geometry in Circle().onAppear { size = geometry.size } }
                    }
                }
                """, note: "app code"),
            RuleExample("""
                import WidgetKit
                struct RingView: View {
                    @State private var logged = false
                    let model: Model
                    var body: some View {
                        GeometryReader { geometry in Circle().onAppear { model.size = geometry.size; print(logged) } }
                    }
                }
                """, note: "not writing @State"),
        ])

    static let calledNames: Set<String> = ["onAppear", "task", "onGeometryChange"]

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        guard call.calledExpression.is(MemberAccessExprSyntax.self), WorkspaceRuleSupport.isWidgetViewFile(context), let view = context.enclosingView
        else { return }
        var states = Set(view.properties.filter { $0.attributes.contains("State") }.map(\.name))
        // A state nothing reads (written, never shown) loses nothing to the snapshot.
        if let declaration = Syntax(call).ancestor(StructDeclSyntax.self) {
            states = states.filter { Self.isRead($0, in: Syntax(declaration)) }
        }
        guard !states.isEmpty, Self.writesState(call, states) else { return }
        var range = call.rangeFromCalleeName
        var subject = "`.\(callee)`"
        if callee != "onGeometryChange" {
            // A container rule reports on the container's call: once per `GeometryReader`,
            // from the first callback in its content that writes `@State`.
            guard let reader = context.nearestContainer(in: ["GeometryReader"]), let readerCall = reader.call,
                  let first = reader.closure.containedCalls(named: ["onAppear", "task"]).first(where: {
                      $0.calledExpression.is(MemberAccessExprSyntax.self) && Self.writesState($0, states)
                  }),
                  first.id == call.id
            else { return }
            range = readerCall.rangeThroughArguments
            subject = "the `.\(callee)` in this `GeometryReader`"
        }
        report.append(Finding(
            message: "the widget snapshot is captured before \(subject) runs: the @State it writes stays at its initial value in the rendered widget; compute the size synchronously (proxy, constants, font metrics) and pass it down",
            range: range))
    }

    /// `name` appears in `scope`'s code other than as the declared name or the target of an assignment.
    static func isRead(_ name: String, in scope: Syntax) -> Bool {
        let tokens = Array(scope.tokens(viewMode: .sourceAccurate))
        for index in tokens.indices where tokens[index].text == name || tokens[index].text == "$" + name {
            if tokens[index].parent?.is(IdentifierPatternSyntax.self) == true { continue }
            if index + 1 < tokens.count, ["=", "+=", "-="].contains(tokens[index + 1].text) { continue }
            return true
        }
        return false
    }

    static func writesState(_ call: FunctionCallExprSyntax, _ states: Set<String>) -> Bool {
        call.closureArguments.contains { assigns(to: states, in: $0.closure) }
    }

    /// `name = …` or `self.name = …` for one of `names`.
    static func assigns(to names: Set<String>, in closure: ClosureExprSyntax) -> Bool {
        let tokens = Array(closure.tokens(viewMode: .sourceAccurate))
        for index in tokens.indices where index + 1 < tokens.count && names.contains(tokens[index].text) {
            guard tokens[index + 1].text == "=" || tokens[index + 1].text == "+=" || tokens[index + 1].text == "-=" else { continue }
            if index > 0, tokens[index - 1].text == "." {
                guard index > 1, tokens[index - 2].text == "self" else { continue }
            }
            return true
        }
        return false
    }
}
