import GotchasCore
import SwiftSyntax

/// Formatters and Markdown parsing are expensive to create. Written in `body` (or a
/// `@ViewBuilder` member and its content closures) they are rebuilt on every render,
/// for every row. Keep one in a `static let`, or let `Text` format:
/// `Text(date, format: .dateTime)`, `Text(price, format: .currency(code: "EUR"))`.
struct FormatterInBodyRule: Rule {
    static let description = RuleDescription(
        id: "formatter-in-body",
        category: .bodyCost,
        severity: .warning,
        seed: "003 r16",
        summary: "A `DateFormatter`/`NumberFormatter`/`AttributedString(markdown:)` is built in `body`.",
        rationale: """
            `body` runs on every render, once per row in a `List` or `ForEach`. Creating a `DateFormatter`, \
            `NumberFormatter` or `ISO8601DateFormatter`, or parsing `AttributedString(markdown:)`, costs far \
            more than the rest of a typical body, every time. Keep formatters in a `static let` or use a \
            `FormatStyle` (`Text(date, format: .dateTime.day().month())`), and parse Markdown once, in the \
            model.
            """,
        notFlagged: [
            "action closures (`Button { }`, `.task { }`)",
            "a formatter property `body` never reads (or reads only in an action closure)",
            "static and lazy properties",
            "a helper a sheet's or popover's content calls (built while shown)",
            "`Text(_:format:)`",
            "code outside views",
        ],
        severityReason: "repeated work per row in a view that re-renders on a schedule (a `TimelineView`, or `.onReceive` of a timer), where its cost shows; info per row elsewhere (the rows' number and how often they render are not shown), for a formatter built once per render of one view, directly, one call away or in a view's stored property (once per render of the parent), and in a widget's or Live Activity's view (a file importing WidgetKit or ActivityKit), drawn once per timeline entry or update.",
        asks: [.declaration, .builtByNoParentView, .reachedHazard],
        useInstead: "a static, cached formatter",
        triggering: [
            RuleExample("""
                struct HeatmapView: View {
                    let days: [Date]
                    var body: some View {
                        let layout = Layout(days: days)
                        ForEach(layout.days, id: \\.self) { day in Text(↓layout.label(for: day)) }
                    }
                    private struct Layout {
                        let days: [Date]
                        func label(for day: Date) -> String {
                            let formatter = DateFormatter()
                            formatter.dateStyle = .medium
                            return formatter.string(from: day)
                        }
                    }
                }
                """, note: "a method of a value `body` makes, called per row: its type is what the local was made as"),
            RuleExample("""
                struct CalendarView: View {
                    let days: [Date]
                    var body: some View {
                        let layout = ↓Layout(days: days)
                        Text(layout.title)
                    }
                    private struct Layout {
                        let title: String
                        init(days: [Date]) { title = Layout.monthLabel(days.first ?? .now) }
                        private static func monthLabel(_ day: Date) -> String {
                            let formatter = DateFormatter()
                            formatter.dateFormat = "MMM"
                            return formatter.string(from: day)
                        }
                    }
                }
                """, note: "the initializer of a type nested in the view, one call further"),
            RuleExample("""
                struct RowView: View {
                    static var formatter: DateFormatter {
                        let formatter = DateFormatter()
                        formatter.dateStyle = .medium
                        return formatter
                    }
                    let date: Date
                    var body: some View { Text(↓Self.formatter.string(from: date)) }
                }
                """, note: "a static computed property builds a new formatter on every read"),
            RuleExample("""
                struct MonthList: View {
                    @ObservedObject var model: ExpensesModel
                    var body: some View {
                        List(model.byMonth.keys.sorted(by: ↓sortMonthYearStrings), id: \\.self) { month in Text(month) }
                    }
                }
                """, note: "a function handed to `sorted(by:)`, which calls it once per comparison", otherFiles: [
                    "Dates.swift": """
                        func sortMonthYearStrings(_ first: String, _ second: String) -> Bool {
                            let formatter = DateFormatter()
                            formatter.dateFormat = "MMMM yyyy"
                            return (formatter.date(from: first) ?? .distantPast) < (formatter.date(from: second) ?? .distantPast)
                        }
                        """,
                ]),
            RuleExample("""
                struct ExpenseHeader: View {
                    @ObservedObject var model: ExpenseModel
                    var body: some View { Text(↓model.expense?.formattedAmount ?? "0") }
                }
                """, note: "a property of a property of the held model, each declared in another file", otherFiles: [
                    "Expense.swift": """
                        final class ExpenseModel: ObservableObject { @Published var expense: Expense? }
                        struct Expense {
                            var amount: Double
                            var formattedAmount: String {
                                let formatter = NumberFormatter()
                                formatter.numberStyle = .currency
                                return formatter.string(from: NSNumber(value: amount)) ?? ""
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct BalanceHeader: View {
                    let owed: [String: Double]
                    var body: some View { Text(↓owedText) }
                    var owedText: String {
                        owed.map { code, amount in amount.formattedCurrency(code) }.joined(separator: " + ")
                    }
                }
                """, note: "a computed property calling an extension's method on a value whose type it does not show", otherFiles: [
                    "Double+Currency.swift": """
                        extension Double {
                            func formattedCurrency(_ code: String) -> String {
                                let formatter = NumberFormatter()
                                formatter.numberStyle = .currency
                                formatter.currencyCode = code
                                return formatter.string(from: NSNumber(value: self)) ?? ""
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct StoryHeader: View {
                    let story: Story
                    var body: some View {
                        if let text = story.text { Text(↓text.formattedHTML()) }
                    }
                }
                """, note: "a local whose type the file does not tell, and a `String` extension that parses Markdown", otherFiles: [
                    "String+HTML.swift": """
                        extension String {
                            func formattedHTML() -> AttributedString {
                                (try? AttributedString(markdown: replacingOccurrences(of: "<p>", with: "\\n"))) ?? AttributedString(self)
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct TorrentRow: View {
                    let size: Int64
                    var formatter: SizeFormatting = SizeFormatter()
                    var body: some View { Text(↓formatter.format(size: size)) }
                }
                """, note: "a property declared as a protocol and built as a type whose method makes a formatter", otherFiles: [
                    "SizeFormatter.swift": """
                        protocol SizeFormatting { func format(size: Int64) -> String }
                        struct SizeFormatter: SizeFormatting {
                            func format(size: Int64) -> String { ByteCountFormatter().string(fromByteCount: size) }
                        }
                        """,
                ]),
            RuleExample("""
                struct PeerDetail: View {
                    let peer: Peer
                    private let dateFormatter: DateFormatter = {
                        let formatter = ↓DateFormatter()
                        formatter.dateFormat = "yyyy-MM-dd HH:mm"
                        return formatter
                    }()
                    var body: some View { Text(dateFormatter.string(from: peer.lastSeen)) }
                }
                """, note: "a stored property made by a closure called in place: made again with every view value", otherFiles: [
                    "PeerList.swift": "struct PeerList: View {\n    let peers: [Peer]\n    var body: some View { List(peers) { PeerDetail(peer: $0) } }\n}",
                ]),
            RuleExample("""
                struct FileDates: View {
                    let created: Date?
                    var body: some View {
                        Text(created.map { ↓formattedDate(from: $0) } ?? "-")
                    }
                    func formattedDate(from date: Date) -> String {
                        let formatter = DateFormatter()
                        formatter.dateStyle = .medium
                        return formatter.string(from: date)
                    }
                }
                """, note: "a helper called in a closure `map` runs in place, on every render"),
            """
            struct PriceView: View {
                let price: Double
                var body: some View {
                    let formatter: NumberFormatter = {
                        let formatter = ↓NumberFormatter()
                        formatter.numberStyle = .currency
                        return formatter
                    }()
                    Text(formatter.string(for: price) ?? "")
                }
            }
            """,
            """
            struct RowView: View {
                let date: Date
                var body: some View {
                    let formatter = ↓DateFormatter()
                    Text(formatter.string(from: date))
                }
            }
            """,
            """
            struct PriceList: View {
                let prices: [Double]
                var body: some View {
                    List {
                        ForEach(prices, id: \\.self) { price in
                            Text(↓NumberFormatter().string(from: price as NSNumber) ?? "")
                        }
                    }
                }
            }
            """,
            """
            struct NoteView: View {
                let note: String
                var body: some View {
                    Group {
                        if let text = try? ↓AttributedString(markdown: note) {
                            Text(text)
                        }
                    }
                }
            }
            """,
            """
            struct Stamp: View {
                let raw: String
                var body: some View { Text(stamp) }
            }
            extension Stamp {
                @ViewBuilder var stamp: some View {
                    switch raw.isEmpty {
                    case true: EmptyView()
                    case false: Text(↓ISO8601DateFormatter().date(from: raw) ?? .now, style: .date)
                    }
                }
            }
            """,
            """
            struct Dates: View {
                let dates: [Date]
                var body: some View {
                    VStack {
                        Text(dates.map { ↓DateFormatter.init().string(from: $0) }.joined())
                    }
                }
            }
            """,
            """
            struct NewsRow: View {
                let item: NewsItem
                private var formatter: DateFormatter {
                    let formatter = DateFormatter()
                    formatter.dateStyle = .short
                    return formatter
                }
                var body: some View { Text(↓formatter.string(from: item.date)) }
            }
            """,
            RuleExample("""
                struct Ticket: View {
                    let price: Double
                    var priceText: String { formatter.string(for: price) ?? "" }
                    var body: some View { Text(↓priceText) }
                }
                """, note: "`body` reads `priceText`, which reads `formatter` (in another file)", otherFiles: [
                    "Ticket+Formatter.swift": """
                        extension Ticket {
                            var formatter: NumberFormatter {
                                let formatter = NumberFormatter()
                                formatter.numberStyle = .currency
                                return formatter
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct BreachList: View {
                    let breaches: [Breach]
                    var body: some View { List(breaches) { row(breach: $0) } }
                    func row(breach: Breach) -> some View {
                        Text(↓breach.publishedDate)
                    }
                }
                """, note: "a member of a value whose declared type (a parameter's, a property's) is known, in another file", otherFiles: [
                    "Breach.swift": """
                        struct Breach: Identifiable {
                            let id: String
                            let publishedAt: String
                        }
                        extension Breach {
                            var publishedDate: String {
                                let formatter = ISO8601DateFormatter()
                                return (formatter.date(from: publishedAt) ?? .now).formatted(date: .abbreviated, time: .omitted)
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct NameRow: View {
                    let item: any Item
                    var body: some View { Text(↓item.shortTimeAgo) }
                }
                """, note: "a protocol extension's property, read through an existential, that calls a `Date` extension in another file", otherFiles: [
                    "Item.swift": """
                        protocol Item { var time: Int { get } }
                        extension Item {
                            var shortTimeAgo: String { Date(timeIntervalSince1970: Double(time)).shortTimeAgoString }
                        }
                        """,
                    "Date+TimeAgo.swift": """
                        extension Date {
                            var shortTimeAgoString: String {
                                let formatter = RelativeDateTimeFormatter()
                                return formatter.localizedString(for: self, relativeTo: .now)
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct ActivityRow: View {
                    let item: Activity
                    var body: some View {
                        HStack {
                            Text(item.title)
                            Text(↓relativeTime(item.date))
                        }
                    }
                }
                """, note: "the helper, in another file, builds a `RelativeDateTimeFormatter` on every call", otherFiles: [
                    "Helpers/Dates.swift": """
                        func relativeTime(_ date: Date) -> String {
                            let formatter = RelativeDateTimeFormatter()
                            formatter.unitsStyle = .short
                            return formatter.localizedString(for: date, relativeTo: .now)
                        }
                        """,
                ]),
            RuleExample("""
                struct RowView: View {
                    private let formatter = ↓NumberFormatter()
                    let value: Double
                    var body: some View { Text(formatter.string(for: value) ?? "") }
                }
                """, note: "a stored property of a view is created again each time the parent re-creates the view"),
            RuleExample("""
                struct DateLabel: View {
                    @State private var formatter: DateFormatter = ↓DateFormatter()
                    let date: Date
                    var body: some View { Text(formatter.string(from: date)) }
                }
                """, note: "`@State`'s initial value is made with every view value; all but the first are thrown away"),
            RuleExample("""
                struct MessageRow: View {
                    let message: Message
                    var body: some View {
                        ↓Text(markdown: message.content)
                    }
                }
                """, note: "a project's `Text` initializer (in another file) parses Markdown on every call", otherFiles: [
                    "Text+Markdown.swift": """
                        extension Text {
                            init(markdown: String, fallback: AttributedString = "") {
                                self.init((try? AttributedString(markdown: markdown)) ?? fallback)
                            }
                        }
                        """,
                ]),
        ],
        nonTriggering: [
            RuleExample("""
                struct AmountRow: View {
                    let amount: Decimal
                    var body: some View { Text(amount.formattedAmount(digits: 2)) }
                }
                """, note: "a helper of that name declared only in test code: the app does not call it", otherFiles: [
                    "AppTests/AmountTests.swift": """
                        extension Decimal {
                            func formattedAmount(digits: Int) -> String {
                                let formatter = NumberFormatter()
                                formatter.maximumFractionDigits = digits
                                return formatter.string(from: self as NSDecimalNumber) ?? ""
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct ReceiptHeader: View {
                    @ObservedObject var model: ReceiptModel
                    var body: some View { Text(model.receipt?.formattedAmount ?? "0") }
                }
                """, note: "the property's declared type decides which member is read: `Receipt`'s builds nothing, `Expense`'s does", otherFiles: [
                    "Models.swift": """
                        final class ReceiptModel: ObservableObject { @Published var receipt: Receipt? }
                        struct Receipt { var amount: Double; var formattedAmount: String { "\\(amount)" } }
                        struct Expense {
                            var amount: Double
                            var formattedAmount: String { NumberFormatter().string(from: NSNumber(value: amount)) ?? "" }
                        }
                        """,
                ]),
            RuleExample("""
                struct CardLabel: View {
                    let frame: CGRect
                    var body: some View { Text(label) }
                    var label: String { "\\(frame.width)" }
                }
                """, note: "a one-word member of a value (`frame.width`) is as likely the system type's own as an extension's", otherFiles: [
                    "String+Width.swift": """
                        extension String {
                            func width(font: UIFont) -> CGFloat { let f = NumberFormatter(); return CGFloat(f.maximumFractionDigits) }
                        }
                        """,
                ]),
            RuleExample("""
                struct AccountPicker: View {
                    @ObservedObject var model: ShareModel
                    var body: some View {
                        AccountStrip(accounts: model.accounts, onSelect: { account in model.select(account) })
                    }
                }
                final class ShareModel: ObservableObject {
                    @Published var accounts: [Account] = []
                    func select(_ account: Account) { print(ISO8601DateFormatter().string(from: .now), account) }
                }
                """, note: "a call standing alone in a custom view's callback runs on its event"),
            RuleExample("""
                struct MessageRow: View {
                    let message: Message
                    var body: some View { Text(message: message) }
                }
                """, note: "a project's initializer that shows a value parsed once, in the model", otherFiles: [
                    "Text+Message.swift": """
                        extension Text {
                            init(message: Message) { self.init(message.attributedContent) }
                            init(markdown: String) { self.init((try? AttributedString(markdown: markdown)) ?? "") }
                        }
                        """,
                ]),
            RuleExample("""
                struct ConversationRow: View {
                    let preview: String
                    var body: some View { Text(RichText(stringValue: preview).attributed) }
                }
                """, note: "a project's initializer that parses Markdown only when the caller opts in", otherFiles: [
                    "RichText.swift": """
                        struct RichText {
                            var attributed: AttributedString
                            init(stringValue: String, parseMarkdown: Bool = false) {
                                attributed = AttributedString(stringValue)
                                if parseMarkdown { attributed = (try? AttributedString(markdown: stringValue)) ?? attributed }
                            }
                        }
                        """,
                ]),
            RuleExample("""
                struct Receipt: View {
                    let total: Double
                    var formatter: NumberFormatter {
                        let formatter = NumberFormatter()
                        formatter.numberStyle = .currency
                        return formatter
                    }
                    var body: some View {
                        Button("Copy total") { copy(formatter.string(for: total) ?? "") }
                    }
                }
                """, note: "the formatter property is read only in an action closure: `body` never reaches it"),
            RuleExample("""
                struct Receipt: View {
                    var formatter: DateFormatter {
                        let formatter = DateFormatter()
                        formatter.dateStyle = .long
                        return formatter
                    }
                    var body: some View { Text("Receipt") }
                }
                """, note: "nothing reads the formatter property"),
            RuleExample("""
                struct PriceView: View {
                    let price: Double
                    var body: some View {
                        Button("Copy") {
                            let text: String = { NumberFormatter().string(for: price) ?? "" }()
                            copy(text)
                        }
                    }
                }
                """, note: "an immediately-called closure inside an action closure runs on the event, not per render"),
            RuleExample("""
                struct RowView: View {
                    private lazy var cached: NumberFormatter = { NumberFormatter() }()
                    let count: Int
                    var body: some View { Text("\\(count)") }
                }
                """, note: "a lazy stored property"),
            RuleExample("""
                struct RowView: View {
                    static let formatter: DateFormatter = {
                        let formatter = DateFormatter()
                        formatter.dateStyle = .medium
                        return formatter
                    }()
                    let date: Date
                    var body: some View { Text(Self.formatter.string(from: date)) }
                }
                """, note: "a static, cached formatter"),
            RuleExample("""
                struct TimeLabel: View {
                    let date: Date
                    var body: some View {
                        Button(relativeTime(date)) { copy(relativeTime(date)) }
                    }
                }
                func copy(_ text: String) {}
                """, note: "`relativeTime(_:)` builds no formatter (it reads a cached one); a helper used only in an action closure would not count either", otherFiles: [
                    "Dates.swift": """
                        private let relative = RelativeDateTimeFormatter()
                        func relativeTime(_ date: Date) -> String { relative.localizedString(for: date, relativeTo: .now) }
                        """,
                ]),
            RuleExample("""
                struct CopyRow: View {
                    let date: Date
                    var body: some View {
                        Button("Copy") { copy(stamp(date)) }
                    }
                }
                """, note: "a helper that builds a formatter, called only in an action closure", otherFiles: [
                    "Stamp.swift": """
                        func stamp(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
                        func copy(_ text: String) {}
                        """,
                ]),
            RuleExample("""
                struct RowView: View {
                    let date: Date
                    var body: some View { Text(date, format: .dateTime.day().month()) }
                }
                """, note: "`Text(_:format:)` formats without a formatter object"),
            RuleExample("""
                struct ExportButton: View {
                    let date: Date
                    var body: some View {
                        Button("Export") {
                            let formatter = ISO8601DateFormatter()
                            print(formatter.string(from: date))
                        }
                        .task { _ = try? AttributedString(markdown: "**hi**") }
                    }
                }
                """, note: "action closures do not run per render"),
            RuleExample("""
                final class Model {
                    func label(for date: Date) -> String { DateFormatter().string(from: date) }
                }
                """, note: "not view code"),
            RuleExample("""
                struct RowView: View {
                    var body: some View {
                        Text(AttributedString("plain"))
                    }
                }
                """, note: "`AttributedString` without `markdown:`"),
            RuleExample("""
                struct RowView: View {
                    let date: Date
                    var body: some View { Text(DateFormatter.localizedString(from: date, dateStyle: .short, timeStyle: .none)) }
                }
                """, note: "a class method, no formatter is created here"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr, .declReferenceExpr]
    static let calledNames: Set<String> = formatterTypes.union(["AttributedString", "init"])

    /// Formatter classes whose construction is the expensive part.
    static let formatterTypes = ReachHazard.formatterTypes

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        if let reference = node.as(DeclReferenceExprSyntax.self) {
            if context.isInRenderPath, context.enclosingView != nil { checkRead(reference, in: context, report: &report) }
            return
        }
        let call = node.cast(FunctionCallExprSyntax.self)
        guard let callee = call.calleeName else { return }
        if Self.calledNames.contains(callee) {
            check(call, named: callee, in: context, report: &report)
        } else if context.isInRenderPath, context.enclosingView != nil {
            checkHelper(call, in: context, report: &report)
        }
    }

    /// `formatter` or `self.formatter` read in rendered code, where that computed property (of this
    /// view, in any file, or a member it reads) builds a formatter on every read; `breach.breachDate`,
    /// a member of a value whose declared type is known (a parameter, a property): reported at the read.
    private func checkRead(_ reference: DeclReferenceExprSyntax, in context: RuleContext, report: inout [Finding]) {
        let name = reference.baseName.text
        guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return }
        var expression = ExprSyntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            // `date.shortTime`, `glucose.date.shortDateTime` (a system type's extension member, asked by name).
            guard member.base != nil else { return }
            expression = ExprSyntax(member)
        }
        // A call is `checkHelper`'s.
        if let call = expression.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == expression.id { return }
        // A popover's or sheet's content is built while it is shown, not with every render of this view.
        if WorkspaceRuleSupport.isInPresentedContent(context) { return }
        let isOwn = expression.is(DeclReferenceExprSyntax.self) || expression.selfMemberName != nil
        // A stored property of the view is read, not run (one declared in another file's extension is
        // computed: extensions hold no stored properties).
        if isOwn, let property = WorkspaceRuleSupport.enclosingProperty(named: expression.selfMemberName ?? name, in: context),
           !property.isComputed || property.isStatic { return }
        guard let target = WorkspaceRuleSupport.reachTarget(of: expression, in: context) else { return }
        // `keys.sorted(by: sortMonthYearStrings)`: the function runs once per element or comparison.
        let use = expression.inPlaceCallee.map { ("call", "calls it through `\($0)`, once per element or comparison,") } ?? ("read", "reads it")
        Self.decideReached(target, at: expression.byteRange, on: use, unlessUncalled: UncalledMethodCheck(expression, in: context), in: context)
    }

    /// `Text(markdown: s)`: the `init` of the type written by name that the call's labels name. Only
    /// a call with arguments and no trailing closure (a container's content is not an initializer's work).
    static func initializerTarget(of call: FunctionCallExprSyntax, in context: RuleContext) -> ReachTarget? {
        guard let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, TypeNames.startsUppercase(type),
              !call.arguments.isEmpty, call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty
        else { return nil }
        // The type the name means where it is written: `Layout(chart:)` in `HeatmapView` is its nested
        // `HeatmapView.Layout` when this file declares one (the innermost scope first); else the name as
        // written. (Resolving every `Text(…)` through the index's scopes cost each edit more than the
        // rare nested type declared in another file would find.)
        var scope = context.enclosingType?.qualifiedName ?? ""
        while !scope.isEmpty {
            if context.fileTypes[scope + "." + type] != nil { return .member(owner: scope + "." + type, name: call.initializerReachMember) }
            scope = scope.lastIndex(of: ".").map { String(scope[..<$0]) } ?? ""
        }
        return .member(owner: type, name: call.initializerReachMember)
    }

    /// A formatter built one call away: the finding at the use in rendered code, naming the way.
    /// Decided late, from the workspace's answer and what the walk took from the tree.
    static func decideReached(_ target: ReachTarget, at range: Range<Int>, on use: (event: String, verb: String),
                              unlessUncalled uncalled: UncalledMethodCheck?, in context: RuleContext) {
        let drawnOnUpdate = drawnOnUpdateOnly(context)
        let perRowOrTick = WorkspaceRuleSupport.runsPerRowOrTick(context)
        // Formatting is light work: per row, its severity asks whether the view renders on a schedule.
        let schedule = perRowOrTick ? WorkspaceRuleSupport.scheduleEvidence(context) : nil
        context.decideLater { asking in
            guard let reached = asking.reachedHazard(from: target, kinds: [.formatter]) else { return [] }
            if let uncalled, uncalled.holds(for: reached, asking: asking) { return [] }
            let parsesMarkdown = reached.hazard.detail == ReachHazard.markdownParsing
            let what = parsesMarkdown ? "parses Markdown (`\(reached.hazard.detail)`)" : "builds a `\(reached.hazard.detail)`"
            let advice = parsesMarkdown ? "parse it once (in the model, or cached per value) and show the result"
                : "keep one formatter in a `static let` (or use `Text(_:format:)` with a FormatStyle)"
            return [Finding(
                message: "\(WorkspaceRuleSupport.reachPath(reached, from: asking)) \(what) on every \(use.event), and this view's `body` \(use.verb) on every render; \(advice)",
                range: range,
                related: [WorkspaceRuleSupport.related(reached, "`\(reached.hazard.member)` \(what) here")],
                loweredSeverity: drawnOnUpdate ? .info
                    : WorkspaceRuleSupport.reachedWorkSeverity(reached, perRowOrTick: perRowOrTick, rendersOnASchedule: { schedule?.holds(asking: asking) ?? false }))]
        }
    }

    /// A widget's or Live Activity's view is drawn once per timeline entry or update, not per frame.
    static func drawnOnUpdateOnly(_ context: RuleContext) -> Bool {
        context.imports(anyOf: ["WidgetKit", "ActivityKit"])
    }

    /// `relativeTime(item.date)` in rendered code, where `relativeTime(_:)` (in any file, or a
    /// member it calls) builds a formatter on every call: reported at the call, naming the way.
    /// `Text(markdown: s)`, `Row(item: i)`: a project's `init` (an extension of a system type's, or
    /// one of the workspace's types) is followed like a method, by the labels of the call.
    private func checkHelper(_ call: FunctionCallExprSyntax, in context: RuleContext, report: inout [Finding]) {
        // `onSelect: { model.select(account) }`: a call standing alone in a custom view's callback runs on its event.
        // A closure run in place (`date.map { format($0) }`) is rendered code, not a callback (asked only
        // of a call that stands alone: the closure may be far up a long chain).
        if WorkInBodyRule.standsInAction(call.calledExpression),
           call.ancestor(ClosureExprSyntax.self)?.passedTo.map({ FunctionCallExprSyntax.inlineClosureCallees.contains($0.callee) }) != true {
            return
        }
        if WorkspaceRuleSupport.isInPresentedContent(context) { return }
        guard let target = WorkspaceRuleSupport.reachTarget(of: call.calledExpression, in: context) ?? Self.initializerTarget(of: call, in: context) else { return }
        Self.decideReached(target, at: call.byteRange, on: ("call", "calls it"), unlessUncalled: nil, in: context)
    }

    func check(_ call: FunctionCallExprSyntax, named callee: String, in context: RuleContext, report: inout [Finding]) {
        if let property = storedViewProperty(call, context) {
            guard let type = call.constructedTypeName, Self.formatterTypes.contains(type) else { return }
            let place = property == .state
                ? "in `@State`'s initial value is created again each time the parent re-creates this view, and every one after the first is thrown away"
                : "in a view's stored property is created again each time the parent re-creates this view"
            report.append(Finding(
                message: "`\(type)()` \(place) (every time the parent's `body` runs); keep one in a `static let` or use `Text(_:format:)` with a FormatStyle",
                // Once per render of the parent, as a formatter built once in one view's `body`.
                range: call.byteRange, loweredSeverity: .info))
            return
        }
        guard context.isInRenderPath
                // `let f: NumberFormatter = { … }()` in `body`: the closure is called right
                // there, every render, unlike an action closure that runs on an event.
                || (context.enclosingView != nil && call.isInImmediatelyCalledClosure && call.runsPerRenderOfItsMember)
        else { return }
        // `DateFormatter()` or `DateFormatter.init()`.
        guard let type = call.constructedTypeName else { return }
        let message: String
        if Self.formatterTypes.contains(type) {
            message = "`\(type)()` is created on every render of this view; keep one in a `static let` or use `Text(_:format:)` with a FormatStyle"
        } else if type == "AttributedString", call.argument(labeled: "markdown") != nil {
            message = "`AttributedString(markdown:)` parses Markdown on every render of this view; parse once in the model or a cached property"
        } else {
            return
        }
        // As for a formatter one call away: a warning where it is built per row or per tick, info
        // once per render of one view (its cost shows only if that view renders often).
        // Per row, a warning where a schedule re-renders the rows (`.onReceive(timer)`, a `TimelineView`).
        let perRow = WorkspaceRuleSupport.runsPerRowOrTick(context) && WorkspaceRuleSupport.rendersOnASchedule(context)
        report.append(Finding(message: message, range: call.byteRange, loweredSeverity: Self.drawnOnUpdateOnly(context) || !perRow ? .info : nil))
    }

    /// How a stored view property holding the formatter is declared.
    private enum StoredProperty { case plain, state }

    /// `let formatter = DateFormatter()` as a stored instance property of a view, plain or `@State`: a
    /// view value is created by each evaluation of its parent's `body`, and its initializer with
    /// it (`@State` keeps the first value and drops the others; `@StateObject`'s initial value is an
    /// autoclosure, run once, and no other wrapper is asked). Not a scene's root (an `App` builds it once).
    private func storedViewProperty(_ call: FunctionCallExprSyntax, _ context: RuleContext) -> StoredProperty? {
        guard context.execution == .elsewhere, context.isInViewType,
              let frame = context.enclosingFunction, frame.kind == .property, context.functionStack.count == 1,
              let variable = frame.node.as(VariableDeclSyntax.self),
              variable.attributes.isEmpty || variable.attributes.names == ["State"] || variable.attributes.names == ["SwiftUI.State"],
              !variable.modifiers.contains("static"), !variable.modifiers.contains("class"), !variable.modifiers.contains("lazy"),
              variable.bindings.allSatisfy({ $0.accessorBlock?.isComputed != true }),
              let value = variable.bindings.first?.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self),
              value.id == call.id || Self.isMadeByCalledClosure(call, value: value),
              let view = context.enclosingType, !context.isBuiltByNoParentView(view.name)
        else { return nil }
        return variable.attributes.isEmpty ? .plain : .state
    }

    /// `let formatter: DateFormatter = { let f = DateFormatter(); …; return f }()`: the property's
    /// value is a closure called in place, and `call` is a statement of that closure (not nested deeper).
    static func isMadeByCalledClosure(_ call: FunctionCallExprSyntax, value: FunctionCallExprSyntax) -> Bool {
        guard value.arguments.isEmpty, let closure = value.calledExpression.as(ClosureExprSyntax.self) else { return false }
        var node = Syntax(call)
        while let parent = node.parent {
            if parent.is(ClosureExprSyntax.self) { return parent.id == closure.id }
            node = parent
        }
        return false
    }
}
