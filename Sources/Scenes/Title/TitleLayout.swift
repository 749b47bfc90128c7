import ScrollEngine

/// Where the `title` scene's content sits, in content coordinates (points, y = 0 at the
/// sentinel, the top of the scrolling content). Built from measured text for one width.
public struct TitleLayout: Sendable, Equatable {
    /// Height of the large title header (padding plus the measured title text).
    public var headerHeight: Double
    /// Height of the title text inside the header.
    public var titleTextHeight: Double
    /// Body paragraphs in content order.
    public var paragraphs: [Paragraph]
    /// Total height of the scrolling content.
    public var contentHeight: Double

    /// One body paragraph: which of the config's texts, and its box.
    public struct Paragraph: Sendable, Equatable {
        public var index: Int
        public var rect: Rect
    }

    /// Lays out the header and the paragraphs for a viewport `width`, measuring with `measurer`.
    public init(config c: TitleConfig, width: Double, measurer: any TextMeasurer) {
        let textWidth = max(1, width - 2 * c.horizontalInset)
        let titleSize = measurer.measure(c.title, style: TitleLayout.largeTitleStyle(c, color: .black), width: textWidth)
        titleTextHeight = titleSize.height
        headerHeight = c.headerPaddingTop + titleSize.height + c.headerPaddingBottom
        var y = headerHeight + c.paragraphSpacing
        var items: [Paragraph] = []
        if !c.paragraphs.isEmpty {
            for i in 0..<max(0, c.paragraphCount) {
                let index = i % c.paragraphs.count
                let h = measurer.measure(c.paragraphs[index], style: TitleLayout.bodyStyle(c, color: .black), width: textWidth).height
                items.append(Paragraph(index: index, rect: Rect(x: c.horizontalInset, y: y, width: textWidth, height: h)))
                y += h + c.paragraphSpacing
            }
        }
        paragraphs = items
        contentHeight = y + c.bottomPadding
    }

    public static func largeTitleStyle(_ c: TitleConfig, color: Color) -> TextStyle {
        TextStyle(size: c.largeTitleSize, weight: .bold, color: color)
    }

    public static func bodyStyle(_ c: TitleConfig, color: Color) -> TextStyle {
        TextStyle(size: c.bodySize, color: color)
    }
}
