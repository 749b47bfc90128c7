import ScrollEngine

/// An iOS navigation bar with a large title, for the list scenes (UIKit's
/// `prefersLargeTitles`): a fixed 44 pt bar at the top, and a 52 pt large title (34 pt bold) at
/// the top of the scrolling content that scrolls away under the bar. At the scroll edge (nothing
/// under it) the bar is transparent, as iOS's `scrollEdgeAppearance`: the screen's background
/// shows through it. As the content goes under, the bar's material (the theme's bar colour),
/// its inline title (17 pt semibold) and its 0.5 pt hairline fade in together.
public struct NavigationBar: Sendable, Equatable {
    public var title: String
    /// Height of the fixed bar (pt).
    public static let barHeight = 44.0
    /// Height of the large title area at the top of the content (pt).
    public static let largeTitleHeight = 52.0
    public static let largeTitleSize = 34.0
    public static let inlineTitleSize = 17.0
    public static let inset = 16.0
    /// Scrolled distance (pt) over which the inline title fades in once the large title's text
    /// has gone under the bar.
    public static let fadeDistance = 12.0

    public init(title: String) { self.title = title }

    /// The large title, its area's top at screen y `y` (it scrolls with the content).
    public func largeTitle(width: Double, y: Double, theme: Theme) -> [DrawCommand] {
        [
            .text(
                title, Rect(x: Self.inset, y: y + 3, width: max(1, width - 2 * Self.inset), height: 41),
                TextStyle(size: Self.largeTitleSize, weight: .bold, color: theme.title))
        ]
    }

    /// Opacity (0…1) of the bar's material, inline title and hairline when the content is scrolled `offset`
    /// points (0 at rest, negative while pulled).
    public static func collapse(offset: Double) -> Double {
        let start = largeTitleHeight - 2 * fadeDistance
        return min(1, max(0, (offset - start) / fadeDistance))
    }

    /// The fixed bar, drawn over everything at the top of the window: nothing at the scroll edge,
    /// then its material, hairline and inline title fading in as the content goes under it.
    /// The content is clipped below the bar (it never shows through the transparent bar).
    /// `covering`: something slides in from under the bar (a refresh message), so the bar shows
    /// its material and hairline whatever the offset, and the slide never looks cut.
    public func bar(width: Double, offset: Double, theme: Theme, covering: Bool = false) -> [DrawCommand] {
        let k = Self.collapse(offset: offset)
        let material = covering ? 1 : k
        guard material > 0 else { return [] }
        var chrome: [DrawCommand] = [
            .fill(Rect(x: 0, y: 0, width: width, height: Self.barHeight), theme.barBackground, cornerRadius: 0),
            .fill(Rect(x: 0, y: Self.barHeight - 0.5, width: width, height: 0.5), theme.separator, cornerRadius: 0)
        ]
        let inline: DrawCommand = .text(
            title, Rect(x: Self.inset, y: 0, width: max(1, width - 2 * Self.inset), height: Self.barHeight),
            TextStyle(size: Self.inlineTitleSize, weight: .semibold, color: theme.title, alignment: .center))
        if k == material {
            chrome.append(inline)
        } else if k > 0 {
            chrome.append(.group(opacity: k, translate: Point(0, 0), scale: 1, anchor: Point(0, 0), clip: nil, [inline]))
        }
        return [.group(opacity: material, translate: Point(0, 0), scale: 1, anchor: Point(0, 0), clip: nil, chrome)]
    }
}
