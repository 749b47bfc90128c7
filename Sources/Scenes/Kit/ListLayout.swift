import ScrollEngine

/// Lays out the visible rows of a list: only rows that intersect the viewport are produced, so
/// the cost is independent of the row count.
public struct ListLayout: Sendable {
    /// Row height in points.
    public var rowHeight: Double = 60
    /// Horizontal text inset in points.
    public var inset: Double = 16
    /// iOS subtitle cell: 17 pt primary text, 15 pt secondary text.
    public var titleSize: Double = 17
    public var subtitleSize: Double = 15

    public init() {}

    public func contentHeight(rows: Int) -> Double { Double(rows) * rowHeight }

    /// Range of row indices visible for a content offset and viewport height.
    public func visibleRows(offset: Double, viewport: Double, count: Int) -> Range<Int> {
        guard count > 0, rowHeight > 0 else { return 0..<0 }
        let first = max(0, Int((offset / rowHeight).rounded(.down)))
        let last = min(count, Int(((offset + viewport) / rowHeight).rounded(.up)))
        return first < last ? first..<last : 0..<0
    }

    /// Display list of the visible rows. Content y of row i is i·rowHeight; screen y = content y −
    /// offset + `top`. Draw it on a frame whose background is the row colour: row fills are then
    /// skipped (no overdraw) and only the areas outside the content get the theme background.
    public func commands(rows: RowDataSource, offset: Double, viewport: Size, top: Double = 0, theme: Theme) -> [DrawCommand] {
        var out: [DrawCommand] = []
        let contentTop = top - offset
        if contentTop > 0 {
            out.append(.fill(Rect(x: 0, y: 0, width: viewport.width, height: contentTop), theme.background, cornerRadius: 0))
        }
        let contentBottom = contentTop + contentHeight(rows: rows.count)
        if contentBottom < viewport.height {
            out.append(
                .fill(
                    Rect(x: 0, y: max(0, contentBottom), width: viewport.width, height: viewport.height - max(0, contentBottom)),
                    theme.background, cornerRadius: 0))
        }
        out.append(contentsOf: rowCommands(rows: rows, offset: offset, viewport: viewport, top: top, theme: theme))
        return out
    }

    /// The rows alone (text and separators; the row colour is the frame background).
    func rowCommands(rows: RowDataSource, offset: Double, viewport: Size, top: Double, theme: Theme) -> [DrawCommand] {
        var out: [DrawCommand] = []
        let range = visibleRows(offset: offset - top, viewport: viewport.height, count: rows.count)
        out.reserveCapacity(range.count * 4)
        for i in range {
            let y = Double(i) * rowHeight - offset + top
            let row = rows.row(at: i)
            let textWidth = viewport.width - 2 * inset
            out.append(
                .text(
                    row.title, Rect(x: inset, y: y + 8, width: textWidth, height: 24),
                    TextStyle(size: titleSize, color: theme.title)))
            out.append(
                .text(
                    row.subtitle, Rect(x: inset, y: y + 32, width: textWidth, height: 20),
                    TextStyle(size: subtitleSize, color: theme.subtitle)))
            out.append(
                .fill(
                    Rect(x: inset, y: y + rowHeight - 0.5, width: viewport.width - inset, height: 0.5),
                    theme.separator, cornerRadius: 0))
        }
        return out
    }
}
