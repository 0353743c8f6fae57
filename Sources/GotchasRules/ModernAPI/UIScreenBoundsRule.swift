import GotchasCore
import SwiftSyntax

/// `UIScreen.main.bounds` is the screen, not the space a view has: wrong in split view,
/// Stage Manager, slide-over, external displays and on visionOS; `UIScreen.main` is
/// deprecated.
struct UIScreenBoundsRule: Rule {
    static let description = RuleDescription(
        id: "uiscreen-bounds",
        category: .modernAPI,
        severity: .warning,
        seed: "002",
        summary: "`UIScreen.main.bounds` used for layout in a `View`/`ViewModifier`.",
        rationale: """
            `UIScreen.main` is deprecated (iOS 16) and its `bounds` are the whole screen's, not the space \
            the view is given. Layouts built on it break in split view, Stage Manager, slide-over, on \
            external displays and on visionOS, and do not follow rotation. Size views with \
            `containerRelativeFrame`, or read the proposed size with `GeometryReader`/`onGeometryChange`.
            """,
        notFlagged: [
            "code outside `View`/`ViewModifier` types",
            "a fallback after `??` (also in parentheses) or in a `guard let window` else",
            "a device-class check against a constant (or by a `switch`'s cases)",
            "a `.frame(maxWidth:)` or `maxHeight:` cap at the screen's size (it never binds)",
            "an iPhone-only, portrait-only app",
            "other screen properties",
            "content rendered off screen by `ImageRenderer`",
            "a `@State` seed the view overwrites with a measured size",
            "a width proposed to `sizeThatFits` to measure a height",
            "a view only previews build",
        ],
        severityReason: "warning where it sizes or places views: the layout breaks whenever the window is not the screen; info in an app only for iPhone (or full screen on iPad) and in code built only for tvOS, where a size read when it is needed is the window's, and where it only sizes a decorative effect (a gradient's or blur's radius, a random start point), stands for the visible area in a visibility estimate, or is an offset that moves a view out of sight.",
        asks: [.phonePortraitOnly, .reachedHazard, .builtOnlyByPreviews],
        triggering: [
            RuleExample("""
                struct Sheet: View {
                    private var idiom: UIUserInterfaceIdiom { UIDevice.current.userInterfaceIdiom }
                    var body: some View {
                        if idiom != .pad && ↓UIScreen.main.bounds.width > ↓UIScreen.main.bounds.height { Spacer() }
                    }
                }
                """, note: "read only on iPhone, where the window is the screen: info, for the deprecation"),
            RuleExample("""
                struct Banner: View {
                    var body: some View { Color.blue.frame(width: ↓UIScreen.main.bounds.width / 3) }
                }
                """, note: "built only for tvOS, where an app always fills the screen: info, for the deprecation", platforms: [.tvOS: OSVersion(17)]),
            RuleExample("""
                struct Card: View {
                    var body: some View {
                        Image("hero").frame(width: ↓.screenW - 16)
                    }
                }
                """, note: "a static alias of the screen's width, declared in another file", otherFiles: [
                    "CGFloat+Screen.swift": """
                        extension CGFloat {
                            static let screenW = UIScreen.main.bounds.width
                        }
                        """,
                ]),
            RuleExample("""
                struct Banner: View {
                    var body: some View {
                        Image("hero").frame(width: ↓UIScreen.main.bounds.width)
                    }
                }
                """, note: "iPhone and iPad (`1,2`): split view and Stage Manager apply",
                otherFiles: ["App.xcodeproj/project.pbxproj": """
                    TARGETED_DEVICE_FAMILY = "1,2";
                    INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone = UIInterfaceOrientationPortrait;
                    """]),
            RuleExample("""
                struct Banner: View {
                    var body: some View {
                        Image("hero").frame(width: ↓UIScreen.main.bounds.width)
                    }
                }
                """, note: "iPhone only, but it rotates",
                otherFiles: ["App.xcodeproj/project.pbxproj": """
                    TARGETED_DEVICE_FAMILY = 1;
                    INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone = "UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft";
                    """]),
            """
            struct Banner: View {
                var body: some View {
                    Image("hero")
                        .frame(width: ↓UIScreen.main.bounds.width, height: ↓UIScreen.main.bounds.height / 3)
                }
            }
            """,
            """
            struct Carousel: View {
                var body: some View {
                    ScrollView(.horizontal) {
                        HStack {
                            ForEach(cards) { card in
                                CardView(card: card)
                                    .frame(width: ↓UIScreen.main.bounds.size.width - 40)
                            }
                        }
                    }
                }
            }
            """,
            """
            struct Grid: ViewModifier {
                func body(content: Content) -> some View {
                    content.frame(maxWidth: ↓UIScreen.main.bounds.width * 0.8)
                }
            }
            """,
            """
            struct Poster: View {
                var body: some View { Image("p").frame(height: height) }
            }
            extension Poster {
                var height: CGFloat { ↓UIScreen.main.bounds.height / 2 }
            }
            """,
            RuleExample("""
                struct Backdrop: View {
                    var body: some View {
                        RadialGradient(colors: [.purple, .black], center: .bottomTrailing, startRadius: 0,
                                       endRadius: ↓UIScreen.main.bounds.width * 1.5)
                    }
                }
                """, note: "info: a decorative radius sized to the screen"),
            RuleExample("""
                struct AutoplayVideo: View {
                    var body: some View {
                        Player().onGeometryChange(for: CGFloat.self) { proxy in
                            let frame = proxy.frame(in: .global)
                            let screen = ↓UIScreen.main.bounds
                            let visible = frame.intersection(screen)
                            return visible.width * visible.height / (frame.width * frame.height)
                        } action: { fraction = $0 }
                    }
                }
                """, note: "info: the screen stands for the visible area in a visibility estimate"),
            RuleExample("""
                struct ActionSheet: View {
                    @State private var isVisible = false
                    var body: some View {
                        SheetContent()
                            .offset(y: isVisible ? 0 : ↓UIScreen.main.bounds.height * 0.5)
                            .onAppear { withAnimation { isVisible = true } }
                    }
                }
                """, note: "info: an offset that moves the view out of sight, which a screen-sized distance also does in a smaller window"),
        ],
        nonTriggering: [
            RuleExample("""
                struct ChartCard: View {
                    var body: some View {
                        Chart { }.frame(maxWidth: UIScreen.main.bounds.width, maxHeight: 200)
                    }
                }
                """, note: "a cap at the screen's width never binds: a window is never wider than its screen"),
            RuleExample("""
                import XCTest
                struct SnapshotHost: View {
                    var body: some View { Color.clear.frame(width: UIScreen.main.bounds.width) }
                }
                """, note: "test code: a snapshot's host, in no app window"),
            RuleExample("""
                struct TabHost: View {
                    var body: some View {
                        GeometryReader { proxy in
                            let width = proxy.size.width.isNaN || proxy.size.width <= 0 ? UIScreen.main.bounds.width : proxy.size.width
                            Color.clear.frame(width: width)
                        }
                    }
                }
                """, note: "the container's size is used; the screen's only while the proxy reports none"),
            RuleExample("""
                struct Photo: View {
                    let url: URL
                    var body: some View {
                        KFImage(url).setProcessor(DownsamplingImageProcessor(size: UIScreen.main.bounds.size)).resizable()
                    }
                }
                """, note: "the screen's size as the pixel budget an image is decoded to, not a layout size"),
            RuleExample("""
                struct Landscape<Content: View>: View {
                    let content: () -> Content
                    var body: some View {
                        content().previewLayout(.fixed(width: UIScreen.main.bounds.height, height: UIScreen.main.bounds.width))
                    }
                }
                #Preview { Landscape { Text("Row") } }
                """, note: "a wrapper only previews build: no window of the app is split"),
            RuleExample("""
                struct AccessoryBar<Content: View>: View {
                    let content: Content
                    var body: some View { content.frame(height: barHeight) }
                    private var barHeight: CGFloat {
                        UIToolbar().sizeThatFits(CGSize(width: UIScreen.main.bounds.width, height: 0)).height
                    }
                }
                """, note: "a width proposed to measure a bar's height, not a layout size"),
            RuleExample("""
                struct DragPreview: View {
                    var widths: [String: CGFloat]
                    var body: some View {
                        Row().frame(width: widths[id] ?? (UIScreen.main.bounds.width - 40))
                    }
                }
                """, note: "a fallback after `??`, inside parentheses and arithmetic"),
            RuleExample("""
                struct Card: View {
                    var body: some View {
                        Image("hero").frame(width: .cardWidth).padding(.horizontal, .gutter)
                    }
                }
                """, note: "static constants that are not the screen's size", otherFiles: [
                    "CGFloat+Layout.swift": """
                        extension CGFloat {
                            static let cardWidth: CGFloat = 320
                            static let gutter = 16.0
                        }
                        """,
                ]),
            RuleExample("""
                struct Banner: View {
                    var body: some View {
                        Image("hero").frame(width: UIScreen.main.bounds.width)
                    }
                }
                """, note: "an iPhone-only, portrait-only app: its screen is its window",
                otherFiles: ["App.xcodeproj/project.pbxproj": """
                    TARGETED_DEVICE_FAMILY = 1;
                    INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone = UIInterfaceOrientationPortrait;
                    """]),
            RuleExample("""
                struct Banner2: View {
                    var body: some View {
                        Image("hero").frame(width: UIScreen.main.bounds.width)
                    }
                }
                """, note: "iPhone and iPad, requiring the full screen, portrait only: never in split view",
                otherFiles: ["App.xcodeproj/project.pbxproj": """
                    TARGETED_DEVICE_FAMILY = "1,2";
                    INFOPLIST_KEY_UIRequiresFullScreen = YES;
                    INFOPLIST_KEY_UISupportedInterfaceOrientations = UIInterfaceOrientationPortrait;
                    """]),
            RuleExample("""
                struct ShareButton: View {
                    var body: some View {
                        Button("Share") {
                            let renderer = ImageRenderer(content: PostCard().frame(width: min(402, UIScreen.main.bounds.width)))
                            share(renderer.uiImage)
                        }
                    }
                }
                """, note: "a render width for an image made off screen: no window or container to measure"),
            RuleExample("""
                struct WidthReader<Content: View>: View {
                    @State private var width: CGFloat = UIScreen.main.bounds.width
                    let content: Content
                    var body: some View {
                        GeometryReader { geo in
                            content.environment(\\.availableWidth, width)
                                .onAppear { width = geo.size.width }
                        }
                    }
                }
                """, note: "a seed for before the first measurement: the view assigns the measured size"),
            RuleExample("let scale = UIScreen.main.scale", note: "other screen properties"),
            RuleExample("""
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    let window = UIWindow(frame: UIScreen.main.bounds)
                    return true
                }
                """, note: "UIKit window setup in an app delegate"),
            RuleExample("let bounds = window.windowScene?.screen.bounds", note: "a specific scene's screen"),
            RuleExample("""
                Image("hero").containerRelativeFrame(.horizontal) // UIScreen.main.bounds
                Text("UIScreen.main.bounds")
                """, note: "comments and strings"),
            RuleExample("""
                import SwiftUI
                final class Layout {
                    let columns = Int(UIScreen.main.bounds.size.width / 120)
                }
                final class SceneDelegate: NSObject, UIWindowSceneDelegate {
                    var size: CGSize { window?.screen.bounds.size ?? UIScreen.main.bounds.size }
                }
                """, note: "not a View/ViewModifier type, even in a SwiftUI file: no container to measure"),
            RuleExample("""
                struct Sheet: View {
                    @State private var measured: CGSize?
                    var body: some View {
                        Color.clear.frame(width: (measured ?? UIScreen.main.bounds.size).width)
                    }
                    var width: CGFloat { measured?.width ?? UIScreen.main.bounds.width }
                }
                """, note: "a `?? UIScreen.main.bounds` fallback for before a size is measured"),
            RuleExample("""
                struct Player: View {
                    var body: some View { Color.black.frame(width: windowSize.width) }
                    private var windowSize: CGSize {
                        guard let window = UIApplication.shared.connectedScenes.compactMap({ $0 as? UIWindowScene }).first?.windows.first else {
                            let screen = UIScreen.main.bounds
                            return CGSize(width: max(screen.width, screen.height), height: min(screen.width, screen.height))
                        }
                        return window.frame.size
                    }
                }
                """, note: "the `else` of a `guard let window`: the screen only when no window is found"),
            RuleExample("""
                struct UpgradeLanding: View {
                    private var isSmallScreen: Bool { UIScreen.main.bounds.height <= 667 }
                    var body: some View {
                        Text("Plus").padding(isSmallScreen ? 8 : 24)
                            .font(375 > UIScreen.main.bounds.size.width ? .body : .title)
                    }
                }
                """, note: "a device-class check (the screen compared with a constant), not a layout measurement"),
            RuleExample("""
                struct QRCard: View {
                    var body: some View {
                        QRCode().padding(UIScreen.main.bounds.width == DeviceConstants.compactDeviceWidth ? 8 : 24)
                    }
                }
                """, note: "the same check against a constant a type holds"),
            RuleExample("""
                struct Snooze: View {
                    private var fontSize: CGFloat {
                        switch UIScreen.main.bounds.height {
                        case ..<568: return 28
                        default: return 36
                        }
                    }
                    var body: some View { Text("Snooze").font(.system(size: fontSize)) }
                }
                """, note: "a device-class check by the cases of a `switch`"),
        ])

    static let nodeKinds: Set<SyntaxKind> = [.memberAccessExpr]

    func check(_ node: Syntax, in context: RuleContext, report: inout [Finding]) {
        // Scoped by the enclosing `View`/`ViewModifier` type, not by `import SwiftUI`: a UIKit class,
        // a scene delegate or a helper has no container to measure instead.
        // Every member access comes here: the syntax decides first, and only a candidate asks
        // whether it stands in a view type (resolving the enclosing type through the workspace).
        let member = node.cast(MemberAccessExprSyntax.self)
        let readsBounds = ExprSyntax(member).isMainScreenBounds
        guard readsBounds || Self.isAliasCandidate(member), context.isInViewType else { return }
        var alias: ReachedHazard?
        if !readsBounds {
            alias = Self.screenAlias(member, in: context)
            guard alias != nil else { return }
        }
        // Test code (a snapshot test sizing its host to a device) lays out no app window.
        if context.isInTestCode { return }
        // `measured ?? UIScreen.main.bounds(.width)`: a fallback for before a size is known; also
        // `proxy.size.width > 0 ? proxy.size.width : UIScreen.main.bounds.width` in a `GeometryReader`.
        if Self.isNilCoalescingFallback(member) || Self.isMeasuredSizeFallback(member, in: context) { return }
        // A preview's wrapper (`Landscape { Row() }` sizing the canvas like the screen turned): no
        // window is split there (asks `builtOnlyByPreviews`).
        if WorkspaceRuleSupport.isPreviewOnly(context, at: node) { return }
        // The `else` of a `guard let window = …`: the same fallback, for when no window is found.
        if Self.isInGuardElse(member) { return }
        // `UIScreen.main.bounds.height <= 667`, `== DeviceConstants.compactDeviceWidth`: a device-class
        // check ("is this a small phone"), not a
        // layout measurement; a container's size would answer a different question.
        if Self.isComparedWithConstant(member) || Self.isSwitchedOver(member) { return }
        // Inside `ImageRenderer(content: …)`: the view is rendered off screen into an image, in no
        // window or container; the screen's width is a deliberate render width there.
        if Self.isImageRendererContent(member) { return }
        // `DownsamplingImageProcessor(size: UIScreen.main.bounds.size)`, `kCGImageSourceThumbnailMaxPixelSize:
        // UIScreen.main.bounds.width`: an image's pixel budget when it is decoded, not a view's layout.
        if Self.isImageDecodingBudget(member) { return }
        // `sizeThatFits(CGSize(width: UIScreen.main.bounds.width, height: 0))`: a width proposed to
        // measure a height (a bar's), not the view's layout size.
        if readsBounds, ExprSyntax(member).isFittingSizeProposal { return }
        // `@State private var width: CGFloat = UIScreen.main.bounds.width` that the view overwrites
        // with a measured size (`width = geo.size.width`): a seed for before the first measurement.
        if Self.isStateSeedOverwrittenByMeasurement(member) { return }
        // `.frame(maxWidth: UIScreen.main.bounds.width)`: a cap at the screen's size never binds, as a
        // window is never larger than its screen; the layout is the same without it.
        if readsBounds, Self.isScreenSizedCap(member) { return }
        // `UIWindow(frame: UIScreen.main.bounds)`: UIKit app-delegate window setup, not view layout.
        if let argument = member.parent?.as(LabeledExprSyntax.self), argument.label?.text == "frame",
           argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName == "UIWindow" {
            return
        }
        // Below iOS 17 (or its peers) `containerRelativeFrame` does not exist: advise only `GeometryReader`.
        let advice = context.allows(Self.containerRelativeFrame) ? "use `containerRelativeFrame` or `GeometryReader`" : "use `GeometryReader`"
        // An app that runs only on iPhone and only in portrait (or also on iPad, requiring the full
        // screen, in portrait only) is never in split view, slide-over or Stage Manager and never
        // rotates: its screen is its window (asked last: only files
        // that would be flagged depend on the project's settings).
        if context.fillsScreenInPortraitOnly { return }
        // An app only for iPhone (or full screen on iPad) in any orientation: a size read when it is
        // needed is the window's; only the deprecation remains (a size stored once still misses a rotation).
        // Read only where the device is an iPhone (`if idiom != .pad && …`, `idiom == .phone`), where the
        // window is the screen: the same, for this read.
        // Code built only for tvOS: an app there always fills the screen.
        let onlyTV = context.availability.platforms == [.tvOS]
        // (On tvOS a size stored once stays right too: the screen never rotates or shares.)
        if onlyTV || alias?.hazard.site != .storedStatic && (context.windowIsAlwaysTheScreen || Self.isReadOnlyOnPhone(member)) {
            let where_ = onlyTV ? "on tvOS, where an app always fills the screen"
                : context.windowIsAlwaysTheScreen ? "in this app, only for iPhone or full screen on iPad" : "read only on iPhone here"
            report.append(Finding(
                message: "`\(member.trimmedText)` reads the screen's size; \(where_), that is the window's, "
                    + "but `UIScreen.main` is deprecated; \(advice)",
                range: member.byteRange, loweredSeverity: .info))
            return
        }
        if let alias {
            // A stored static froze the size it first read; a computed one reads the screen again
            // on every access, which is still the screen's size and not the view's.
            let what = alias.hazard.site == .storedStatic
                ? "is `UIScreen.main.bounds` read once — \(WorkspaceRuleSupport.reachPath(alias, from: context)) — the screen's size when it was first read, not the view's (wrong in split view, Stage Manager, external displays, and after rotation)"
                : "reads `UIScreen.main.bounds` — \(WorkspaceRuleSupport.reachPath(alias, from: context)) — the screen's size, not the view's (wrong in split view, Stage Manager and on external displays)"
            report.append(Finding(
                message: "`\(member.trimmedText)` \(what); \(advice)",
                range: member.byteRange,
                related: [WorkspaceRuleSupport.related(alias, "`\(alias.hazard.member)` reads `UIScreen.main.bounds` here")]))
            return
        }
        // A gradient's or blur's radius sized to the screen is decoration, not layout: the advice
        // stands (and `UIScreen.main` is deprecated), but nothing is misplaced when the window is smaller.
        let isEffect = Self.isEffectRadius(member) || Self.isRandomRangeBound(member)
        // Intersected with a frame in global coordinates (`frame.intersection(UIScreen.main.bounds)`,
        // directly or through a local): a visibility estimate, not a size given to a view.
        let isVisibilityTest = Self.isIntersectedWithFrame(member)
        // `.offset(y: isVisible ? 0 : UIScreen.main.bounds.height)`: a distance that moves the view out
        // of sight; a screen-sized one also clears a window smaller than the screen.
        let isOffscreenOffset = Self.isOffsetDistance(member)
        report.append(Finding(
            message: isEffect
                ? "`UIScreen.main.bounds` sizes a decorative effect to the screen, not the view (`UIScreen.main` is deprecated); \(advice)"
                : isOffscreenOffset
                ? "`UIScreen.main.bounds` gives an offset that moves the view out of sight, which a screen-sized distance does in a smaller window too; `UIScreen.main` is deprecated: \(advice)"
                : isVisibilityTest
                ? "`UIScreen.main.bounds` stands for the visible area here, but the window may be smaller than the screen (split view, Stage Manager) and `UIScreen.main` is deprecated; measure the container (`onGeometryChange`, `GeometryReader`)"
                : "`UIScreen.main.bounds` is the screen's size, not the view's (wrong in split view, Stage Manager, external displays) and `UIScreen.main` is deprecated; \(advice)",
            range: member.byteRange, loweredSeverity: isEffect || isVisibilityTest || isOffscreenOffset ? .info : nil))
    }

    /// The read is (through arithmetic or a ternary's branch) an argument of `.offset(…)`.
    static func isOffsetDistance(_ member: MemberAccessExprSyntax) -> Bool {
        var current = Syntax(member)
        while let parent = current.parent {
            if parent.is(LabeledExprSyntax.self), let call = parent.parent?.parent?.as(FunctionCallExprSyntax.self) {
                return call.calleeName == "offset"
            }
            // `model.offsetX = -UIScreen.main.bounds.width * 2` where this file passes `model.offsetX`
            // to `.offset(…)`: the same distance, kept in a property first.
            if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self),
               case let elements = Array(sequence.elements), elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) {
                guard elements[0].id != current.id,
                      let target = elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text
                        ?? elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
                else { return false }
                return isPassedToOffset(target, in: member.root)
            }
            guard parent.is(MemberAccessExprSyntax.self) || parent.is(ExprListSyntax.self) || parent.is(SequenceExprSyntax.self)
                    || parent.is(BinaryOperatorExprSyntax.self) || parent.is(TernaryExprSyntax.self) || parent.is(PrefixOperatorExprSyntax.self)
                    || parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
            else { return false }
            current = parent
        }
        return false
    }

    /// Some `.offset(…)` call of the file takes the value named `name` (`offset(x: model.offsetX)`).
    static func isPassedToOffset(_ name: String, in root: Syntax) -> Bool {
        root.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
            var node = Syntax(reference)
            while let parent = node.parent, parent.is(MemberAccessExprSyntax.self) { node = parent }
            return node.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName == "offset"
        }
    }

    /// `UIScreen.main.bounds.width` (or `.height`) alone as `maxWidth:`/`maxHeight:` of `.frame(…)`.
    static func isScreenSizedCap(_ member: MemberAccessExprSyntax) -> Bool {
        guard let size = member.parent?.as(MemberAccessExprSyntax.self), size.base?.id == member.id,
              ["width", "height"].contains(size.declName.baseName.text),
              let argument = size.parent?.as(LabeledExprSyntax.self), ["maxWidth", "maxHeight"].contains(argument.label?.text ?? ""),
              argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName == "frame"
        else { return false }
        return true
    }

    /// `.screenW`, `CGFloat.screenW`: a static member (not called) whose value is the screen's
    /// bounds (`static let screenW = UIScreen.main.bounds.width`, in any file), asked of the
    /// workspace model.
    private static func screenAlias(_ member: MemberAccessExprSyntax, in context: RuleContext) -> ReachedHazard? {
        guard isAliasCandidate(member),
              let target = WorkspaceRuleSupport.reachTarget(of: ExprSyntax(member), in: context), case .staticMember = target
        else { return nil }
        return context.reachedHazard(from: target, kinds: [.screenBounds])
    }

    /// The shape of a screen alias used as a length, by syntax alone: a lowercase static member
    /// (not called) of an uppercase type or implicit, in layout arithmetic or a length argument.
    private static func isAliasCandidate(_ member: MemberAccessExprSyntax) -> Bool {
        guard let first = member.declName.baseName.text.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
              member.base == nil || member.base.map({ $0.is(DeclReferenceExprSyntax.self) && TypeNames.startsUppercase($0.trimmedText) && $0.trimmedText != "UIScreen" }) == true,
              member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != member.id
        else { return false }
        return isLength(member)
    }

    /// Layout arithmetic (`.screenW - 16`, `CGFloat.screenW * 0.8`) or a length argument of a layout
    /// call (`.frame(width: .screenW)`): where a screen alias would size a view. Only there is the
    /// model asked (not for every `.red` or `.leading`).
    private static func isLength(_ member: MemberAccessExprSyntax) -> Bool {
        if let (elements, index) = sequencePosition(of: member) {
            let arithmetic: Set<String> = ["+", "-", "*", "/"]
            for at in [index - 1, index + 1] where elements.indices.contains(at) {
                if let op = elements[at].as(BinaryOperatorExprSyntax.self), arithmetic.contains(op.operator.text) { return true }
            }
        }
        guard let argument = member.parent?.as(LabeledExprSyntax.self),
              let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = call.calleeName
        else { return false }
        return layoutCallees.contains(callee)
    }

    static let layoutCallees: Set<String> = ["frame", "padding", "offset", "position", "CGSize", "CGRect", "CGPoint", "containerRelativeFrame"]

    // https://developer.apple.com/documentation/swiftui/view/containerrelativeframe(_:alignment:).md
    // (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)
    static let containerRelativeFrame = PlatformRequirement.os(iOS: OSVersion(17), macOS: OSVersion(14), tvOS: OSVersion(17), watchOS: OSVersion(10))

    /// The read stands where only an iPhone gets: a conjunct of an `&&` chain (or of an `if`'s
    /// conditions whose body holds it) is `idiom != .pad` or `idiom == .phone` — an expression naming
    /// the user-interface idiom compared with that case. On iPhone the window is the screen.
    static func isReadOnlyOnPhone(_ member: MemberAccessExprSyntax) -> Bool {
        func isPhoneCheck(_ elements: ArraySlice<ExprSyntax>) -> Bool {
            guard elements.count == 3, let op = elements[elements.startIndex + 1].as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            let sides = [elements[elements.startIndex], elements[elements.startIndex + 2]]
            let caseName = op == "!=" ? "pad" : op == "==" ? "phone" : nil
            guard let caseName,
                  let index = sides.firstIndex(where: { $0.as(MemberAccessExprSyntax.self).map { $0.base == nil && $0.declName.baseName.text == caseName } == true })
            else { return false }
            return sides[1 - index].trimmedDescription.lowercased().contains("idiom")
        }
        /// The conjuncts of a flat sequence (`a != .pad && (b || c)`) when its top level has no `||`.
        func conjuncts(_ sequence: SequenceExprSyntax) -> [ArraySlice<ExprSyntax>]? {
            let elements = Array(sequence.elements)
            var parts: [ArraySlice<ExprSyntax>] = [], start = 0
            for (index, element) in elements.enumerated() {
                guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "&&" || op == "||" else { continue }
                if op == "||" { return nil }
                parts.append(elements[start..<index])
                start = index + 1
            }
            parts.append(elements[start...])
            return parts
        }
        var current = Syntax(member)
        var levels = 0
        while let parent = current.parent, levels < 64 {
            levels += 1
            if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self), let parts = conjuncts(sequence) {
                let holder = parts.firstIndex { part in part.contains { $0.id == current.id } }
                if parts.indices.contains(where: { $0 != holder && isPhoneCheck(parts[$0]) }) { return true }
            }
            if let ifExpr = parent.as(IfExprSyntax.self), ifExpr.body.id == current.id {
                for condition in ifExpr.conditions {
                    guard case .expression(let expression) = condition.condition else { continue }
                    if let sequence = expression.as(SequenceExprSyntax.self), let parts = conjuncts(sequence), parts.contains(where: isPhoneCheck) { return true }
                }
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(AccessorBlockSyntax.self) || parent.is(MemberBlockItemSyntax.self) {
                return false
            }
            current = parent
        }
        return false
    }

    /// Inside the `else` block of a `guard` whose conditions bind an optional (`guard let`).
    private static func isInGuardElse(_ member: MemberAccessExprSyntax) -> Bool {
        var current = Syntax(member)
        while let parent = current.parent {
            if let guardStmt = parent.as(GuardStmtSyntax.self) {
                return current.id == Syntax(guardStmt.body).id
                    && guardStmt.conditions.contains { $0.condition.is(OptionalBindingConditionSyntax.self) }
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(AccessorBlockSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// `x ?? UIScreen.main.bounds` or `x ?? UIScreen.main.bounds.size.width`: the right operand of `??`.
    /// `measured ?? UIScreen.main.bounds.width`, also through parentheses and arithmetic
    /// (`widths[id] ?? (UIScreen.main.bounds.width - 40)`): the right operand of `??`.
    /// One branch of a choice (`cond ? a : b`) whose other branch or condition reads the size of the
    /// enclosing `GeometryReader`'s proxy: the container's size is used, and the screen's only while
    /// the proxy reports none (zero, `NaN`).
    private static func isMeasuredSizeFallback(_ member: MemberAccessExprSyntax, in context: RuleContext) -> Bool {
        let proxies = context.containers.filter { $0.name == "GeometryReader" }.flatMap { $0.closure.parameterNames }
        guard !proxies.isEmpty else { return false }
        var operand = Syntax(member)
        while let parent = operand.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == operand.id { operand = Syntax(parent) }
        let list = operand.parent?.as(UnresolvedTernaryExprSyntax.self)?.parent?.as(ExprListSyntax.self) ?? operand.parent?.as(ExprListSyntax.self)
        guard let list, list.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) else { return false }
        let text = list.trimmedDescription
        return proxies.contains { text.contains($0 + ".size") }
    }

    /// The bounds are an argument of an image decoder's size (a downsampling processor, a thumbnail's
    /// maximum pixel size, a resize), up to the statement they stand in.
    private static func isImageDecodingBudget(_ member: MemberAccessExprSyntax) -> Bool {
        let words = ["downsampl", "thumbnail", "processor", "resiz"]
        var current = Syntax(member)
        while let parent = current.parent, !parent.is(CodeBlockItemSyntax.self), !parent.is(MemberBlockItemSyntax.self) {
            let name: String?
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id != current.id {
                name = call.calleeName
            } else if let element = parent.as(DictionaryElementSyntax.self), element.value.id == current.id {
                name = element.key.trimmedDescription
            } else {
                name = nil
            }
            if let name = name?.lowercased(), words.contains(where: name.contains) { return true }
            current = parent
        }
        return false
    }

    private static func isNilCoalescingFallback(_ member: MemberAccessExprSyntax) -> Bool {
        var operand = Syntax(member)
        while let parent = operand.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == operand.id {
            operand = Syntax(parent)
        }
        while true {
            guard let list = operand.parent?.as(ExprListSyntax.self) else { return false }
            let elements = Array(list)
            guard let index = elements.firstIndex(where: { $0.id == operand.id }) else { return false }
            if elements[..<index].contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }) { return true }
            // Out of `( … )` around the arithmetic it stands in, to the sequence around that.
            guard let sequence = list.parent?.as(SequenceExprSyntax.self), let element = sequence.parent?.as(LabeledExprSyntax.self),
                  element.label == nil, let tuple = element.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1
            else { return false }
            operand = Syntax(tuple)
        }
    }

    /// The bounds are an argument labeled as a radius (`endRadius:`, `blurRadius:`): a decorative
    /// effect sized to the screen, not a view's layout.
    private static func isEffectRadius(_ member: MemberAccessExprSyntax) -> Bool {
        var current = Syntax(member)
        while let parent = current.parent {
            if let argument = parent.as(LabeledExprSyntax.self) {
                return argument.label.map { $0.text.lowercased().hasSuffix("radius") } ?? false
            }
            guard parent.is(MemberAccessExprSyntax.self) || parent.is(ExprListSyntax.self) || parent.is(SequenceExprSyntax.self)
                    || parent.is(BinaryOperatorExprSyntax.self) || parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
            else { return false }
            current = parent
        }
        return false
    }

    /// Inside the `content:` argument of an `ImageRenderer(content:)` (any depth, within the function).
    private static func isImageRendererContent(_ member: MemberAccessExprSyntax) -> Bool {
        var current = Syntax(member)
        while let parent = current.parent {
            if let call = parent.as(FunctionCallExprSyntax.self), call.calleeName == "ImageRenderer",
               call.arguments.contains(where: { $0.label?.text == "content" && $0.position <= member.position && member.endPosition <= $0.endPosition }) {
                return true
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(MemberBlockSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// The initial value of a `@State` property (`@State private var width = UIScreen.main.bounds.width`)
    /// that the type's own code assigns from a measured size (`width = geo.size.width`, `width = size.width`):
    /// the screen's size stands in only until the first measurement.
    private static func isStateSeedOverwrittenByMeasurement(_ member: MemberAccessExprSyntax) -> Bool {
        var current = Syntax(member)
        var binding: PatternBindingSyntax?
        while let parent = current.parent {
            if let found = parent.as(PatternBindingSyntax.self) { binding = found; break }
            if parent.is(CodeBlockSyntax.self) || parent.is(AccessorBlockSyntax.self) || parent.is(ClosureExprSyntax.self) { return false }
            current = parent
        }
        guard let binding, binding.initializer.map({ $0.value.position <= member.position }) == true,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.attributes.names.contains("State"),
              let members = variable.ancestor(MemberBlockSyntax.self)
        else { return false }
        // `name = <…>.size…` (or `self.name = …`) anywhere in the type's body: assigned from a measured
        // size (`geo.size.width`, `proxy.size`). Only the tokens named like the property are looked at.
        return members.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .identifier(name) else { return false }
            var target = Syntax(token).parent
            if let reference = target, let access = reference.parent?.as(MemberAccessExprSyntax.self),
               access.base?.trimmedText == "self" { target = Syntax(access) }
            guard let target, let list = target.parent?.as(ExprListSyntax.self) else { return false }
            let elements = Array(list)
            guard elements.count == 3, elements[0].id == target.id, elements[1].is(AssignmentExprSyntax.self) else { return false }
            return elements[2].tokens(viewMode: .sourceAccurate).contains { $0.text == "size" }
        }
    }

    /// A bound of the range given to `random(in:)` (`CGFloat.random(in: bounds.minX...bounds.maxX)`):
    /// a random start point for a decorative effect, not a view's size.
    private static func isRandomRangeBound(_ member: MemberAccessExprSyntax) -> Bool {
        guard let argument = member.ancestor(LabeledExprSyntax.self), argument.label?.text == "in",
              let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.calleeName == "random" else { return false }
        return argument.expression.tokens(viewMode: .sourceAccurate).contains { $0.text == "..." || $0.text == "..<" }
    }

    /// The bounds (or a local `let screen = UIScreen.main.bounds` in the same block) are the argument
    /// of `intersection(_:)`/`intersects(_:)` on a frame.
    private static func isIntersectedWithFrame(_ member: MemberAccessExprSyntax) -> Bool {
        func isIntersectionArgument(_ node: Syntax) -> Bool {
            guard let argument = node.parent?.as(LabeledExprSyntax.self), argument.label == nil,
                  let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
            return ["intersection", "intersects"].contains(call.calleeName ?? "")
        }
        var operand = Syntax(member)
        while let parent = operand.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == operand.id { operand = Syntax(parent) }
        if isIntersectionArgument(operand) { return true }
        // `let mainScreen = UIScreen.main.bounds`, read only as such an argument in the block.
        guard let binding = operand.parent?.parent?.as(PatternBindingSyntax.self), binding.initializer?.value.id == operand.id,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let block = binding.ancestor(CodeBlockItemListSyntax.self) else { return false }
        let uses = block.tokens(viewMode: .sourceAccurate).filter {
            $0.tokenKind == .identifier(name) && $0.parent?.is(DeclReferenceExprSyntax.self) == true
        }
        return !uses.isEmpty && uses.allSatisfy { token in token.parent.map(isIntersectionArgument) == true }
    }

    static let comparisons: Set<String> = ["<", "<=", ">", ">=", "==", "!="]

    /// `UIScreen.main.bounds.height <= 667` or `375 > UIScreen.main.bounds.size.width`: a bounds
    /// dimension compared with a number literal on either side.
    /// `switch UIScreen.main.bounds.height { case ..<568: … }`: the same device-class check, by cases.
    private static func isSwitchedOver(_ member: MemberAccessExprSyntax) -> Bool {
        let operand = withMemberTail(member)
        return operand.parent?.as(SwitchExprSyntax.self)?.subject.id == operand.id
    }

    /// The bounds expression with the members read off it (`UIScreen.main.bounds` → `….size.width`).
    private static func withMemberTail(_ member: MemberAccessExprSyntax) -> Syntax {
        var operand = Syntax(member)
        while let parent = operand.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == operand.id { operand = Syntax(parent) }
        return operand
    }

    private static func isComparedWithConstant(_ member: MemberAccessExprSyntax) -> Bool {
        guard let (elements, index) = sequencePosition(of: member) else { return false }
        func isComparison(_ at: Int) -> Bool {
            elements.indices.contains(at) && elements[at].as(BinaryOperatorExprSyntax.self).map { comparisons.contains($0.operator.text) } == true
        }
        // A literal, or a constant a type holds (`DeviceConstants.compactDeviceWidth`, a design system's).
        func isNumber(_ at: Int) -> Bool {
            guard elements.indices.contains(at) else { return false }
            let element = elements[at]
            if element.is(IntegerLiteralExprSyntax.self) || element.is(FloatLiteralExprSyntax.self) { return true }
            guard let constant = element.as(MemberAccessExprSyntax.self), let base = constant.base?.as(DeclReferenceExprSyntax.self) else { return false }
            return TypeNames.startsUppercase(base.baseName.text) && !ExprSyntax(constant).isMainScreenBounds
        }
        return (isComparison(index + 1) && isNumber(index + 2)) || (isComparison(index - 1) && isNumber(index - 2))
    }

    /// The unfolded operator sequence the bounds expression (with its `.size.width` tail) stands in,
    /// and its index there.
    private static func sequencePosition(of member: MemberAccessExprSyntax) -> ([ExprSyntax], Int)? {
        let operand = withMemberTail(member)
        guard let sequence = operand.parent?.as(ExprListSyntax.self) else { return nil }
        let elements = Array(sequence)
        guard let index = elements.firstIndex(where: { $0.id == operand.id }) else { return nil }
        return (elements, index)
    }
}
