// Test-only stand-in for Apple's SwiftUI module, used by the type-check oracle
// (Tests/GotchasRulesTests/TypeCheckOracle.swift) to run `swiftc -typecheck` on rule fixtures
// and fixed code on Linux, where SwiftUI does not exist.
//
// Signatures are modelled on Apple's public SwiftUI interface (generics, `@ViewBuilder`
// parameters, `some View` results, `@MainActor` on `View`, `@Sendable` closures where SwiftUI
// has them, deprecated forms kept next to their replacements); there is no behaviour: bodies are
// placeholders and primitive views have `Body == Never`. This is NOT Apple's code, and it is
// incomplete by design: it declares what the rules' corrections touch and little else. When a
// fixture needs an API that is missing here, add it with Apple's signature, not a looser one —
// a looser signature would let a fix pass that does not compile against the real SDK.
//
// Not modelled: availability (`@available(iOS 17, *)` etc. are left out, so the oracle cannot
// tell an API is too new for a deployment target — the engine's `requires:` data does that),
// and what `Shape`, `Layout` and the rest do at run time.

@_exported import Combine
@_exported import Foundation
@_exported import Observation

// MARK: - View and its builder

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// Views the stand-in builds in (Text, Image, containers…) have no body of their own.
public protocol _PrimitiveView: View where Body == Never {}
extension _PrimitiveView {
    public var body: Never { fatalError() }
}

extension View {
    public static func _printChanges() {}
    public static func _logChanges() {}
}

@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct TupleView<T>: _PrimitiveView {
    public var value: T
    public init(_ value: T) { self.value = value }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _PrimitiveView {}

public struct EmptyView: _PrimitiveView {
    public init() {}
}

public struct AnyView: _PrimitiveView {
    public init<V: View>(_ view: V) {}
    public init<V: View>(erasing view: V) {}
}

// MARK: - Text, Image, Label, Font

public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: DefaultStringInterpolation) {}
}

public struct Text: _PrimitiveView, Equatable, Sendable {
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {}
    public init(verbatim content: String) {}
    public init(_ date: Date, style: DateStyle) {}
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {}
    /// An image inline in text (`Text(Image(systemName: "star"))`): takes an `Image`, not any view.
    public init(_ image: Image) {}

    public struct DateStyle: Equatable, Sendable {
        public static let time = DateStyle()
        public static let date = DateStyle()
        public static let relative = DateStyle()
        public static let offset = DateStyle()
        public static let timer = DateStyle()
    }

    public func font(_ font: Font?) -> Text { self }
    public func bold() -> Text { self }
    public func italic() -> Text { self }
    public func foregroundColor(_ color: Color?) -> Text { self }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }

    /// Concatenation keeps a `Text` (each side keeps its own modifiers): only `Text`-returning
    /// modifiers may appear in such a chain.
    public static func + (lhs: Text, rhs: Text) -> Text { lhs }
}

public struct Image: _PrimitiveView, Equatable, Sendable {
    public init(_ name: String, bundle: Bundle? = nil) {}
    public init(systemName: String) {}
    public init(_ name: String, variableValue: Double?, bundle: Bundle? = nil) {}
    public init(systemName: String, variableValue: Double?) {}

    public enum ResizingMode: Sendable { case tile, stretch }
    public enum TemplateRenderingMode: Sendable { case template, original }

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image { self }
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }
}

public struct Label<Title: View, Icon: View>: _PrimitiveView {
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}

extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
    public init(_ titleKey: LocalizedStringKey, image name: String) {}
}

public struct Font: Hashable, Sendable {
    public static let largeTitle = Font()
    public static let title = Font()
    public static let title2 = Font()
    public static let title3 = Font()
    public static let headline = Font()
    public static let subheadline = Font()
    public static let body = Font()
    public static let callout = Font()
    public static let footnote = Font()
    public static let caption = Font()
    public static let caption2 = Font()
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font { Font() }
    public func bold() -> Font { self }

    public struct Weight: Hashable, Sendable {
        public static let regular = Weight()
        public static let semibold = Weight()
        public static let bold = Weight()
    }
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
}

// MARK: - SF Symbols (Apple's Symbols module, re-exported by SwiftUI)

public struct SymbolVariants: Hashable, Sendable {
    public static let none = SymbolVariants()
    public static let circle = SymbolVariants()
    public static let square = SymbolVariants()
    public static let rectangle = SymbolVariants()
    public static let fill = SymbolVariants()
    public static let slash = SymbolVariants()
    public var fill: SymbolVariants { self }
    public var slash: SymbolVariants { self }
    public var circle: SymbolVariants { self }
}

public protocol SymbolEffect: Hashable, Sendable {}
public protocol ContentTransitionSymbolEffect {}
public protocol DiscreteSymbolEffect {}
public protocol IndefiniteSymbolEffect {}

public struct SymbolEffectOptions: Hashable, Sendable {
    public static let `default` = SymbolEffectOptions()
    public static let repeating = SymbolEffectOptions()
    public static let nonRepeating = SymbolEffectOptions()
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions() }
    public static func `repeat`(_ count: Int?) -> SymbolEffectOptions { SymbolEffectOptions() }
    public func speed(_ speed: Double) -> SymbolEffectOptions { self }
}

public struct ReplaceSymbolEffect: SymbolEffect, ContentTransitionSymbolEffect, DiscreteSymbolEffect, IndefiniteSymbolEffect {
    public var downUp: ReplaceSymbolEffect { self }
    public var upUp: ReplaceSymbolEffect { self }
    public var offUp: ReplaceSymbolEffect { self }
    public var byLayer: ReplaceSymbolEffect { self }
    public var wholeSymbol: ReplaceSymbolEffect { self }
    public func magic(fallback: ReplaceSymbolEffect) -> MagicReplaceSymbolEffect { MagicReplaceSymbolEffect() }
}

public struct MagicReplaceSymbolEffect: SymbolEffect, ContentTransitionSymbolEffect {
    public var byLayer: MagicReplaceSymbolEffect { self }
    public var wholeSymbol: MagicReplaceSymbolEffect { self }
}

extension SymbolEffect where Self == ReplaceSymbolEffect {
    public static var replace: ReplaceSymbolEffect { ReplaceSymbolEffect() }
}

public struct ContentTransition: Equatable, Sendable {
    public static let identity = ContentTransition()
    public static let opacity = ContentTransition()
    public static let interpolate = ContentTransition()
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition() }
    public static func symbolEffect<T: ContentTransitionSymbolEffect & SymbolEffect>(_ effect: T, options: SymbolEffectOptions = .default) -> ContentTransition {
        ContentTransition()
    }
}

// MARK: - Colors and shape styles

public protocol ShapeStyle: Sendable {}

public struct Color: ShapeStyle, Hashable, View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(_ name: String, bundle: Bundle? = nil) {}
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public init(white: Double, opacity: Double = 1) {}
    public static let red = Color(white: 0)
    public static let orange = Color(white: 0)
    public static let yellow = Color(white: 0)
    public static let green = Color(white: 0)
    public static let blue = Color(white: 0)
    public static let purple = Color(white: 0)
    public static let pink = Color(white: 0)
    public static let gray = Color(white: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 0)
    public static let clear = Color(white: 0)
    public static let primary = Color(white: 0)
    public static let secondary = Color(white: 0)
    public static let accentColor = Color(white: 0)
    public func opacity(_ opacity: Double) -> Color { self }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var blue: Color { .blue }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var gray: Color { .gray }
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var clear: Color { .clear }
}

public struct HierarchicalShapeStyle: ShapeStyle {
    public static let primary = HierarchicalShapeStyle()
    public static let secondary = HierarchicalShapeStyle()
    public static let tertiary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
}

public struct TintShapeStyle: ShapeStyle { public init() {} }
extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

public struct ForegroundStyle: ShapeStyle { public init() {} }
extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

public struct AnyShapeStyle: ShapeStyle {
    public init<S: ShapeStyle>(_ style: S) {}
}

// MARK: - Shapes

public struct Path: Sendable {
    public init() {}
    public init(_ rect: CGRect) {}
}

public protocol Shape: Sendable, View {
    func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: Never { fatalError() }
}

public enum RoundedCornerStyle: Sendable { case circular, continuous }

public struct RoundedRectangle: Shape {
    public typealias Body = Never
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {}
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct Rectangle: Shape {
    public typealias Body = Never
    public init() {}
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct Circle: Shape {
    public typealias Body = Never
    public init() {}
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct Capsule: Shape {
    public typealias Body = Never
    public init(style: RoundedCornerStyle = .continuous) {}
    public func path(in rect: CGRect) -> Path { Path() }
}

extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}
extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}
extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}
extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
}

public struct FillStyle: Equatable, Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

// MARK: - Geometry

public struct EdgeInsets: Equatable, Sendable {
    public init() {}
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {}
}

public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

public enum VerticalEdge: Int8, CaseIterable, Sendable { case top, bottom }
public enum HorizontalEdge: Int8, CaseIterable, Sendable { case leading, trailing }

public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}
public struct VerticalAlignment: Equatable, Sendable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
}
public struct Alignment: Equatable, Sendable {
    public static let center = Alignment()
    public static let leading = Alignment()
    public static let trailing = Alignment()
    public static let top = Alignment()
    public static let bottom = Alignment()
}

public struct GeometryProxy {
    public var size: CGSize { .zero }
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

public struct GeometryReader<Content: View>: _PrimitiveView {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}

// MARK: - Containers and controls

public struct VStack<Content: View>: _PrimitiveView {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct HStack<Content: View>: _PrimitiveView {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct ZStack<Content: View>: _PrimitiveView {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}
public struct ScrollView<Content: View>: _PrimitiveView {
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
}
public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}
public struct Spacer: _PrimitiveView {
    public init(minLength: CGFloat? = nil) {}
}
public struct Group<Content: View>: _PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: _PrimitiveView {
    public var data: Data
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
    }
}
extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { self.data = data }
}
extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) { self.data = data }
}

public struct List<SelectionValue: Hashable, Content: View>: _PrimitiveView {}
extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {}
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {}
}

public enum ButtonRole: Equatable, Sendable { case destructive, cancel }

public struct Button<Label: View>: _PrimitiveView {
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}
extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
}
extension Button where Label == SwiftUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {}
}

public struct EditButton: _PrimitiveView {
    public init() {}
}

public struct TextField<Label: View>: _PrimitiveView {}
extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

public struct Toggle<Label: View>: _PrimitiveView {}
extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
}
extension Toggle where Label == SwiftUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, isOn: Binding<Bool>) {}
}

public struct ProgressView<Label: View, CurrentValueLabel: View>: _PrimitiveView {}
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() {}
}

// MARK: - Navigation

@available(*, deprecated, message: "use NavigationStack or NavigationSplitView instead")
public struct NavigationView<Content: View>: _PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

public protocol NavigationViewStyle {}
public struct StackNavigationViewStyle: NavigationViewStyle { public init() {} }
public struct DefaultNavigationViewStyle: NavigationViewStyle { public init() {} }
public struct ColumnNavigationViewStyle: NavigationViewStyle { public init() {} }
extension NavigationViewStyle where Self == StackNavigationViewStyle {
    public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() }
}
extension NavigationViewStyle where Self == DefaultNavigationViewStyle {
    public static var automatic: DefaultNavigationViewStyle { DefaultNavigationViewStyle() }
}
extension NavigationViewStyle where Self == ColumnNavigationViewStyle {
    public static var columns: ColumnNavigationViewStyle { ColumnNavigationViewStyle() }
}

public struct NavigationPath: Equatable, Sendable {
    public init() {}
    public var count: Int { 0 }
    public mutating func append<V: Hashable>(_ value: V) {}
}

public struct NavigationStack<Data, Root: View>: _PrimitiveView {}
extension NavigationStack where Data == NavigationPath {
    public init(@ViewBuilder root: () -> Root) {}
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {}
}
extension NavigationStack where Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, Data.Element: Hashable {
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {}
}

public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: _PrimitiveView {
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {}
}
extension NavigationSplitView where Content == EmptyView {
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {}
}

public struct NavigationLink<Label: View, Destination: View>: _PrimitiveView {
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
}
extension NavigationLink where Destination == Never {
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {}
}
extension NavigationLink where Label == Text, Destination == Never {
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {}
}

// MARK: - Tabs

public struct TabView<SelectionValue: Hashable, Content: View>: _PrimitiveView {
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
}
extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) {}
}

/// Apple's `Tab` conforms to `TabContent`, built by `TabContentBuilder`; the stand-in lets it
/// stand in a `TabView`'s `@ViewBuilder` content instead.
public struct Tab<Value: Hashable, Content: View, Label: View>: _PrimitiveView {}
extension Tab where Value == Never, Label == SwiftUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {}
}
extension Tab where Label == SwiftUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {}
}

// MARK: - Toolbars

public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder @MainActor var body: Body { get }
}

extension Never: ToolbarContent {}

public protocol _PrimitiveToolbarContent: ToolbarContent where Body == Never {}
extension _PrimitiveToolbarContent {
    public var body: Never { fatalError() }
}

public struct _ToolbarContentTuple<T>: _PrimitiveToolbarContent {
    public init(_ value: T) {}
}

@resultBuilder
public struct ToolbarContentBuilder {
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content) -> _ToolbarContentTuple<(repeat each Content)> {
        _ToolbarContentTuple((repeat each content))
    }
}

public struct ToolbarItemPlacement: Sendable {
    public static let automatic = ToolbarItemPlacement()
    public static let principal = ToolbarItemPlacement()
    public static let primaryAction = ToolbarItemPlacement()
    public static let secondaryAction = ToolbarItemPlacement()
    public static let cancellationAction = ToolbarItemPlacement()
    public static let confirmationAction = ToolbarItemPlacement()
    public static let topBarLeading = ToolbarItemPlacement()
    public static let topBarTrailing = ToolbarItemPlacement()
    public static let bottomBar = ToolbarItemPlacement()
    public static let keyboard = ToolbarItemPlacement()
    @available(*, deprecated, renamed: "topBarLeading")
    public static let navigationBarLeading = ToolbarItemPlacement()
    @available(*, deprecated, renamed: "topBarTrailing")
    public static let navigationBarTrailing = ToolbarItemPlacement()
}

public struct ToolbarItem<ID, Content: View>: _PrimitiveToolbarContent {}
extension ToolbarItem where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

public struct ToolbarItemGroup<Content: View>: _PrimitiveToolbarContent {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

// MARK: - Time

public protocol TimelineSchedule {}
public struct PeriodicTimelineSchedule: TimelineSchedule {
    public init(from startDate: Date, by interval: TimeInterval) {}
}
public struct EveryMinuteTimelineSchedule: TimelineSchedule { public init() {} }
public struct AnimationTimelineSchedule: TimelineSchedule {
    public init(minimumInterval: Double? = nil, paused: Bool = false) {}
}
extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}
extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}
extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

public struct TimelineViewDefaultContext {
    public var date: Date { Date() }
}

public struct TimelineView<Schedule: TimelineSchedule, Content: View>: _PrimitiveView {
    public typealias Context = TimelineViewDefaultContext
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {}
}

// MARK: - Layout

public struct ProposedViewSize: Equatable, Sendable {
    public static let unspecified = ProposedViewSize()
}
public struct LayoutSubviews: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { 0 }
    public subscript(index: Int) -> LayoutSubview { LayoutSubview() }
}
public struct LayoutSubview {}

public protocol Layout: Animatable {
    typealias Subviews = LayoutSubviews
    associatedtype Cache = Void
    func makeCache(subviews: Subviews) -> Cache
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
}
extension Layout where Cache == () {
    public func makeCache(subviews: Subviews) -> Cache { () }
}
extension Layout {
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View { content() }
}

public protocol Animatable {}

public struct HStackLayout: Layout {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {}
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}
public struct VStackLayout: Layout {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {}
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

public struct AnyLayout: Layout {
    public typealias Cache = Void
    public init<L: Layout>(_ layout: L) {}
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

public protocol LayoutValueKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

public protocol PreferenceKey {
    associatedtype Value
    static var defaultValue: Value { get }
    static func reduce(value: inout Value, nextValue: () -> Value)
}

// MARK: - Animation and feedback

public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
    public static let easeIn = Animation()
    public static let easeOut = Animation()
    public static let easeInOut = Animation()
    public static let linear = Animation()
    public static let spring = Animation()
    public static let bouncy = Animation()
    public static let smooth = Animation()
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation() }
    public static func linear(duration: TimeInterval) -> Animation { Animation() }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation { Animation() }
    public func delay(_ delay: TimeInterval) -> Animation { self }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

public struct SensoryFeedback: Equatable, Sendable {
    public static let success = SensoryFeedback()
    public static let warning = SensoryFeedback()
    public static let error = SensoryFeedback()
    public static let selection = SensoryFeedback()
    public static let increase = SensoryFeedback()
    public static let decrease = SensoryFeedback()
    public static let impact = SensoryFeedback()
    public enum Weight: Sendable { case light, medium, heavy }
    public static func impact(weight: Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback { SensoryFeedback() }
}

@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

// MARK: - State and data flow

public protocol DynamicProperty {}

@propertyWrapper
public struct Binding<Value>: DynamicProperty {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}
extension State where Value: ExpressibleByNilLiteral {
    public init() {}
}

@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    @MainActor public var wrappedValue: ObjectType { fatalError() }
    @MainActor public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    @dynamicMemberLookup
    public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            fatalError()
        }
    }
    public init(initialValue: ObjectType) {}
    public init(wrappedValue: ObjectType) {}
    @MainActor public var wrappedValue: ObjectType { fatalError() }
    @MainActor public var projectedValue: Wrapper { fatalError() }
}

@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    @dynamicMemberLookup
    public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            fatalError()
        }
    }
    public init() {}
    @MainActor public var wrappedValue: ObjectType { fatalError() }
    @MainActor public var projectedValue: Wrapper { fatalError() }
}

@propertyWrapper
public struct Bindable<Value> {
    public init(wrappedValue: Value) where Value: AnyObject & Observable {}
    public var wrappedValue: Value { fatalError() }
    public var projectedValue: Bindable<Value> { self }
}

public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

public struct EnvironmentValues {
    public init() {}
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { K.defaultValue }
        set {}
    }
    public var colorScheme: ColorScheme { .light }
    public var dismiss: DismissAction { DismissAction() }
    public var scenePhase: ScenePhase { .active }
}

public enum ColorScheme: CaseIterable, Sendable { case light, dark }
public enum ScenePhase: Comparable, Sendable { case background, inactive, active }

public struct DismissAction: Sendable {
    @MainActor public func callAsFunction() {}
}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {}
    public var wrappedValue: Value { fatalError() }
}

// MARK: - View modifiers

extension View {
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
    nonisolated public func padding(_ length: CGFloat) -> some View { self }
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { self }
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View { self }
    nonisolated public func opacity(_ opacity: Double) -> some View { self }
    nonisolated public func font(_ font: Font?) -> some View { self }
    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View { self }
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { self }
    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { self }
    nonisolated public func disabled(_ disabled: Bool) -> some View { self }
    nonisolated public func layoutPriority(_ value: Double) -> some View { self }
    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { self }

    @available(*, deprecated, message: "Use foregroundStyle(_:) instead.")
    nonisolated public func foregroundColor(_ color: Color?) -> some View { self }
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
    nonisolated public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View { self }
    nonisolated public func tint<S: ShapeStyle>(_ tint: S?) -> some View { self }

    @available(*, deprecated, message: "Use clipShape(_:style:) or fill(style:) instead.")
    nonisolated public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View { self }
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { self }

    @available(*, deprecated, message: "Use withAnimation or animation(_:value:) instead.")
    nonisolated public func animation(_ animation: Animation?) -> some View { self }
    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    nonisolated public func transition(_ t: AnyTransition) -> some View { self }
    nonisolated public func contentTransition(_ transition: ContentTransition) -> some View { self }

    nonisolated public func symbolVariant(_ variant: SymbolVariants) -> some View { self }
    nonisolated public func symbolEffect<T: SymbolEffect & DiscreteSymbolEffect, U: Equatable>(
        _ effect: T, options: SymbolEffectOptions = .default, value: U
    ) -> some View { self }
    nonisolated public func symbolEffectsRemoved(_ isEnabled: Bool = true) -> some View { self }

    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
    nonisolated public func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { self }
    nonisolated public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View { self }

    @available(*, deprecated, message: "Use `onChange` with a two or zero parameter action closure instead.")
    nonisolated public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View { self }
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View { self }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View { self }

    nonisolated public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }

    nonisolated public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> V
    ) -> some View { self }
    nonisolated public func safeAreaInset<V: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> V
    ) -> some View { self }
    nonisolated public func safeAreaBar<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> V
    ) -> some View { self }
    nonisolated public func safeAreaBar<V: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> V
    ) -> some View { self }

    @available(*, deprecated, message: "Use tabItem's replacement, Tab, in a TabView.")
    nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { self }

    nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }
    nonisolated public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View { self }
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }
    nonisolated public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View { self }
    nonisolated public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { self }
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { self }

    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { self }
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { self }
    nonisolated public func environmentObject<T: ObservableObject>(_ object: T) -> some View { self }
    nonisolated public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View { self }
    nonisolated public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View { self }
}

public enum ContentMode: Hashable, CaseIterable, Sendable { case fit, fill }

public struct AnyTransition: Sendable {
    public static let opacity = AnyTransition()
    public static let slide = AnyTransition()
    public static let scale = AnyTransition()
}

// MARK: - App structure

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor var body: Body { get }
    init()
}

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor var body: Body { get }
}

extension Never: Scene {}

@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: Scene {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(@ViewBuilder content: () -> Content) {}
}
