import ScrollEngine

extension NavigationBar {
    /// A refreshing list's screen: the scrolling `content` below the bar and the refresh message
    /// (if one shows, sliding in by its visible fraction), clipped to the space they leave; then
    /// the message; then the bar on top (with its material while the message shows, as the
    /// message slides in from under it).
    public func screen(
        content: [DrawCommand], offset: Double, size: Size, banner: RefreshMessageBanner?,
        at now: Double, theme: Theme, measurer: any TextMeasurer
    ) -> [DrawCommand] {
        let width = size.width
        let fraction = banner?.visibleFraction(at: now) ?? 0
        let bannerHeight = banner.map { $0.height(width: width, measurer: measurer) * fraction } ?? 0
        let top = Self.barHeight + bannerHeight
        var c: [DrawCommand] = [
            .group(
                opacity: 1, translate: Point(0, top), scale: 1, anchor: Point(0, 0),
                clip: Rect(x: 0, y: 0, width: width, height: max(0, size.height - top)), content)
        ]
        if let b = banner {
            c += b.commands(width: width, top: Self.barHeight, fraction: fraction, theme: theme, measurer: measurer)
        }
        c += bar(width: width, offset: offset, theme: theme, covering: fraction > 0)
        return c
    }
}
