/// The `list` scene: a plain vertically scrolling list of rows from a data source, under a
/// navigation bar whose large title collapses on scroll (`NavigationBar`).
public final class ListScene: Scene {
    public let name = "list"
    public private(set) var size: Size
    public let scrollView: ScrollView
    public let input: ScrollInputController
    public let rows: SampleRows
    public var layout = ListLayout()
    public let theme: Theme
    public let bar = NavigationBar(title: "Notes · 메모 · メモ")

    public init(context: SceneContext) {
        let options = context.options
        size = options.size
        rows = SampleRows(count: options.rows)
        theme = options.theme
        let layout = ListLayout()
        scrollView = ScrollView(viewportHeight: ListScene.viewportHeight(options.size),
                                contentHeight: NavigationBar.largeTitleHeight + layout.contentHeight(rows: options.rows),
                                profile: options.profile)
        input = ScrollInputController(scrollView: scrollView)
        self.layout = layout
    }

    /// The scrolling area's height: the window below the navigation bar (points).
    public static func viewportHeight(_ s: Size) -> Double { max(1, s.height - NavigationBar.barHeight) }

    public func handle(_ event: InputEvent, at t: Double) {
        if case let .resize(s) = event {
            size = s
            scrollView.setViewportHeight(Self.viewportHeight(s))
            return
        }
        input.handle(event, at: t)
    }

    public func advance(to t: Double) {
        input.processDeadlines(upTo: t)
        scrollView.advance(to: t)
    }

    public var isAnimating: Bool { scrollView.isMoving }
    public var nextDeadline: Double? { input.nextDeadline }

    public func frame() -> FrameModel {
        let offset = scrollView.contentOffset
        let viewport = Size(size.width, Self.viewportHeight(size))
        var content = bar.largeTitle(width: size.width, y: -offset, theme: theme)
        content += layout.rowCommands(rows: rows, offset: offset, viewport: viewport, top: NavigationBar.largeTitleHeight, theme: theme)
        var c: [DrawCommand] = [.group(opacity: 1, translate: Point(0, NavigationBar.barHeight), scale: 1, anchor: Point(0, 0),
                                       clip: nil, content)]
        c += bar.bar(width: size.width, offset: offset, theme: theme)
        return FrameModel(size: size, background: theme.rowBackground, commands: c)
    }

    public func trace() -> TraceFields { [] }
}
