import ScrollEngine

/// The `title` scene (docs/BEHAVIOUR.md, "Scroll-linked title"): a document whose large title header hands its title over to the
/// navigation bar as the header scrolls away.
///
/// The scroll view sits below the navigation bar. Once per layout pass (`advance(to:)`, the
/// analogue of a SwiftUI geometry change) the scene lays the content out if needed, reports the
/// header's measured height and the sentinel's minY to a `TitleOpacityTracker`, and queues the
/// `navTitleTrace` line of each change for the driver (`takeDiagnostics()`, printed to stderr
/// with `--trace-title`). Until the first layout pass the header height is 0 (unknown) and the
/// navigation title stays transparent.
public final class TitleScene: Scene {
    public static let descriptor = SceneDescriptor(name: "title", key: 3) { TitleScene(context: $0) }
    public let host: ScrollHost
    public let config: TitleConfig
    public var theme: Theme
    public private(set) var tracker: TitleOpacityTracker
    /// The current layout; nil until the first layout pass.
    public private(set) var layout: TitleLayout?
    /// The measurer used by layout passes (the context's). Setting it lays the content out again
    /// at the next pass.
    public var textMeasurer: any TextMeasurer {
        didSet { layoutIsValid = false }
    }
    private var layoutIsValid = false
    private var pendingTraceLines: [String] = []

    public init(context: SceneContext, config: TitleConfig = TitleConfig()) {
        let options = context.options
        self.config = config
        theme = options.theme
        textMeasurer = context.textMeasurer
        tracker = TitleOpacityTracker(title: config.title)
        host = ScrollHost(
            size: options.size, topInset: config.navigationBarHeight, contentHeight: 0, feel: options.profile, input: options.input)
    }

    /// Height of the scrolling viewport below the navigation bar (points).
    public var viewportHeight: Double { host.viewportHeight }

    /// The sentinel's minY in the scroll view's coordinate space: the content top relative to the
    /// viewport top (points; negative when scrolled into the content).
    public var sentinelMinY: Double { -scrollView.contentOffset }

    // MARK: layout pass

    /// Lays out if needed and reports both measurements to the tracker (header first, as the source's
    /// log shows on entry).
    private func layoutPass() {
        if !layoutIsValid {
            let l = TitleLayout(config: config, width: size.width, measurer: textMeasurer)
            layout = l
            layoutIsValid = true
            scrollView.setContentHeight(l.contentHeight)
            if let line = tracker.headerGeometryChanged(height: l.headerHeight) { record(line) }
        }
        if let line = tracker.sentinelChanged(minY: sentinelMinY) { record(line) }
    }

    private func record(_ line: String) {
        pendingTraceLines.append(line)
        let excess = pendingTraceLines.count - max(1, config.maxPendingTraceLines)
        if excess > 0 { pendingTraceLines.removeFirst(excess) }
    }

    /// Returns the `navTitleTrace` lines produced since the last call, oldest first, and forgets them.
    public func takeDiagnostics() -> [String] {
        defer { pendingTraceLines.removeAll() }
        return pendingTraceLines
    }

    // MARK: Scene

    public func handle(_ event: InputEvent, at t: Double) {
        if !layoutIsValid { layoutPass() }
        if case let .resize(s) = event, s.width != size.width { layoutIsValid = false }
        host.handle(event, at: t)
    }

    public func advance(to t: Double) {
        host.advance(to: t)
        layoutPass()
    }

    public func trace() -> TraceFields {
        [
            ("scrollOffsetY", .double(tracker.offsetY)),
            ("headerHeight", .double(tracker.headerHeight)),
            ("titleOpacity", .double(tracker.opacity))
        ]
    }

    public func frame() -> FrameModel {
        let c = config
        let w = size.width
        let page = theme.rowBackground
        var out: [DrawCommand] = []
        // Content, below the navigation bar: screen y = content y − offset + bar height.
        let top = c.navigationBarHeight - scrollView.contentOffset
        let visible = Rect(x: 0, y: c.navigationBarHeight, width: w, height: viewportHeight)
        if let l = layout {
            let header = Rect(x: 0, y: top, width: w, height: l.headerHeight)
            if header.intersects(visible) {
                out.append(.fill(header, page, cornerRadius: 0))
                let text = DrawCommand.text(
                    c.title,
                    Rect(
                        x: c.horizontalInset, y: top + c.headerPaddingTop,
                        width: max(1, w - 2 * c.horizontalInset), height: l.titleTextHeight),
                    TitleLayout.largeTitleStyle(c, color: theme.title))
                out.append(
                    .group(
                        opacity: tracker.headerTextOpacity, translate: Point(0, 0), scale: 1,
                        anchor: Point(0, 0), clip: nil, [text]))
            }
            let body = TitleLayout.bodyStyle(c, color: theme.title)
            for p in l.paragraphs {
                let r = Rect(x: p.rect.x, y: p.rect.y + top, width: p.rect.width, height: p.rect.height)
                guard r.intersects(visible) else { continue }
                out.append(.text(c.paragraphs[p.index], r, body))
            }
        }
        // The navigation bar, drawn over the content.
        out.append(.fill(Rect(x: 0, y: 0, width: w, height: c.navigationBarHeight), theme.barBackground, cornerRadius: 0))
        out.append(
            .line(
                from: Point(0, c.navigationBarHeight - 0.25), to: Point(w, c.navigationBarHeight - 0.25),
                color: theme.separator, width: 0.5))
        let navTitle = DrawCommand.text(
            c.title, Rect(x: 0, y: 0, width: w, height: c.navigationBarHeight),
            TextStyle(size: c.navigationTitleSize, weight: .semibold, color: theme.title, alignment: .center))
        out.append(.group(opacity: tracker.opacity, translate: Point(0, 0), scale: 1, anchor: Point(0, 0), clip: nil, [navTitle]))
        return FrameModel(size: size, background: page, commands: out)
    }
}
