/// The `list` scene: a plain vertically scrolling list of rows from a data source.
public final class ListScene: Scene {
    public let name = "list"
    public private(set) var size: Size
    public let scrollView: ScrollView
    public let input: ScrollInputController
    public let rows: SampleRows
    public var layout = ListLayout()
    public let theme: Theme

    public init(context: SceneContext) {
        let options = context.options
        size = options.size
        rows = SampleRows(count: options.rows)
        theme = options.theme
        let layout = ListLayout()
        scrollView = ScrollView(viewportHeight: options.size.height,
                                contentHeight: layout.contentHeight(rows: options.rows), profile: options.profile)
        input = ScrollInputController(scrollView: scrollView)
        self.layout = layout
    }

    public func handle(_ event: InputEvent, at t: Double) {
        if case let .resize(s) = event {
            size = s
            scrollView.setViewportHeight(s.height)
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
        FrameModel(size: size, background: theme.rowBackground,
                   commands: layout.commands(rows: rows, offset: scrollView.contentOffset, viewport: size, theme: theme))
    }

    public func trace() -> TraceFields { [] }
}
