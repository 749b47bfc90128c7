import ScrollEngine

/// The `header` scene (docs/BEHAVIOUR.md, "Direction-reactive header"): 31 green rounded rows under an opaque 56 pt header
/// that hides while scrolling down and returns while scrolling up or near the top, with a label
/// in the header naming the last direction.
///
/// The scroll view fills the window; the header floats over it and the content is padded by the
/// header height and the row spacing (the first card sits as far below the header as the cards
/// are apart), with the same space below the last card. Once per layout pass (`advance(to:)`) the sentinel's minY (−offset) goes to a
/// `DirectionalHeaderTracker`, so dy is measured per presented change, as in the source.
public final class HeaderScene: Scene {
    public static let descriptor = SceneDescriptor(name: "header", key: 5) { HeaderScene(context: $0) }
    public let host: ScrollHost
    public let config: HeaderConfig
    public var theme: Theme
    public private(set) var tracker: DirectionalHeaderTracker
    /// The scene's time (the host's).
    private var now: Double { host.now }

    public init(context: SceneContext, config: HeaderConfig = HeaderConfig()) {
        let options = context.options
        self.config = config
        theme = options.theme
        tracker = DirectionalHeaderTracker(config: config)
        host = ScrollHost(
            size: options.size, contentHeight: HeaderScene.contentHeight(config), feel: options.profile, input: options.input)
        tracker.observe(minY: sentinelMinY, at: 0)
    }

    /// Padding plus the rows, the gaps between them and the margin below the last (points).
    public static func contentHeight(_ c: HeaderConfig) -> Double {
        let n = Double(max(0, c.rowCount))
        return topPadding(c) + n * c.rowHeight + max(0, n - 1) * c.rowSpacing + c.rowSpacing
    }

    /// Content y of the first row's top: the header's height and one row gap (points).
    public static func topPadding(_ c: HeaderConfig) -> Double { c.headerHeight + c.rowSpacing }

    /// Content y of row `i`'s top (points).
    public func rowTop(_ i: Int) -> Double { Self.topPadding(config) + Double(i) * (config.rowHeight + config.rowSpacing) }

    /// The sentinel's minY: 0 at the top, negative when scrolled down (points).
    public var sentinelMinY: Double { -scrollView.contentOffset }

    public func handle(_ event: InputEvent, at t: Double) {
        host.handle(event, at: t)
    }

    public func advance(to t: Double) {
        host.advance(to: t)
        tracker.observe(minY: sentinelMinY, at: t)
    }

    public var isAnimating: Bool { host.isMoving || tracker.isAnimating(at: now) }

    public func trace() -> TraceFields {
        [
            ("headerHidden", .bool(tracker.isHidden)),
            ("direction", .string(tracker.direction.rawValue)),
            ("headerOffset", .double(tracker.offset(at: now))),
            ("headerOpacity", .double(tracker.opacity(at: now)))
        ]
    }

    /// The label text for the current direction.
    public var directionLabel: String {
        switch tracker.direction {
        case .none: return config.labelIdle
        case .down: return config.labelDown
        case .up: return config.labelUp
        }
    }

    public func frame() -> FrameModel {
        let c = config
        let w = size.width
        let offset = scrollView.contentOffset
        var out: [DrawCommand] = []
        let pitch = c.rowHeight + c.rowSpacing
        if c.rowCount > 0, pitch > 0 {
            let top = Self.topPadding(c)
            let first = max(0, Int(((offset - top) / pitch).rounded(.down)))
            let last = min(c.rowCount - 1, Int(((offset + size.height - top) / pitch).rounded(.down)))
            if first <= last {
                for i in first...last {
                    let r = Rect(
                        x: c.rowHorizontalPadding, y: rowTop(i) - offset,
                        width: max(0, w - 2 * c.rowHorizontalPadding), height: c.rowHeight)
                    out.append(.fill(r, c.rowColor, cornerRadius: c.rowCornerRadius))
                    out.append(.text("Row \(i)", r, TextStyle(size: c.rowTextSize, color: c.rowTextColor, alignment: .center)))
                }
            }
        }
        // The band: the bar colour, opaque, ending in a hairline (as an iOS bar does), with
        // the direction label inside it, so the label moves and fades with the header and never
        // floats over the rows.
        let header: [DrawCommand] = [
            .fill(
                Rect(x: 0, y: 0, width: w, height: c.headerHeight), theme.barBackground.withAlpha(c.headerBackgroundAlpha),
                cornerRadius: 0),
            .fill(Rect(x: 0, y: c.headerHeight - 0.5, width: w, height: 0.5), theme.separator, cornerRadius: 0),
            .text(
                c.headerTitle, Rect(x: c.headerTitleInset, y: 0, width: max(0, w - 2 * c.headerTitleInset), height: c.headerHeight),
                TextStyle(size: c.headerTitleSize, weight: .bold, color: theme.title)),
            .text(
                directionLabel,
                Rect(
                    x: w - c.labelPadding - c.labelWidth, y: (c.headerHeight - c.labelHeight) / 2,
                    width: c.labelWidth, height: c.labelHeight),
                TextStyle(size: c.labelSize, color: theme.subtitle, alignment: .right))
        ]
        out.append(
            .group(
                opacity: tracker.opacity(at: now), translate: Point(0, tracker.offset(at: now)), scale: 1,
                anchor: Point(0, 0), clip: nil, header))
        return FrameModel(size: size, background: theme.background, commands: out)
    }
}
