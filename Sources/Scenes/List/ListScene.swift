import ScrollEngine

/// The `list` scene: a plain vertically scrolling list of rows from a data source, under a
/// navigation bar whose large title collapses on scroll (`NavigationBar`).
public final class ListScene: Scene {
    public static let descriptor = SceneDescriptor(name: "list", key: 6) { ListScene(context: $0) }
    public let host: ScrollHost
    public let rows: SampleRows
    public var layout = ListLayout()
    public var theme: Theme
    public let bar = NavigationBar(title: "Notes · 메모 · メモ")

    public init(context: SceneContext) {
        let options = context.options
        rows = SampleRows(count: options.rows)
        theme = options.theme
        let layout = ListLayout()
        host = ScrollHost(
            size: options.size, topInset: NavigationBar.barHeight,
            contentHeight: NavigationBar.largeTitleHeight + layout.contentHeight(rows: options.rows),
            feel: options.profile, input: options.input)
        self.layout = layout
    }

    public func handle(_ event: InputEvent, at t: Double) {
        host.handle(event, at: t)
    }

    public func advance(to t: Double) {
        host.advance(to: t)
    }

    public func frame() -> FrameModel {
        let offset = scrollView.contentOffset
        let viewport = Size(size.width, host.viewportHeight)
        var content = bar.largeTitle(width: size.width, y: -offset, theme: theme)
        content += layout.rowCommands(rows: rows, offset: offset, viewport: viewport, top: NavigationBar.largeTitleHeight, theme: theme)
        var c: [DrawCommand] = [
            .group(
                opacity: 1, translate: Point(0, NavigationBar.barHeight), scale: 1, anchor: Point(0, 0),
                clip: Rect(x: 0, y: 0, width: size.width, height: viewport.height), host.stretched(content))
        ]
        c += bar.bar(width: size.width, offset: offset, theme: theme)
        return FrameModel(size: size, background: theme.rowBackground, commands: c)
    }
}
