import ScrollEngine

/// Every number and text of the `header` scene (docs/BEHAVIOUR.md, "Direction-reactive header"). Sizes in points, times in
/// seconds.
public struct HeaderConfig: Sendable, Equatable {
    /// Header height; the content is padded by it at the top.
    public var headerHeight: Double = 56
    /// Extra distance the hidden header moves beyond its height: hidden offset = −(height + gap).
    public var hiddenGap: Double = 8
    /// While the sentinel's minY is above this (near the top), the header always shows.
    public var nearTopThreshold: Double = -50
    /// A change of minY must exceed this (either way) to count as a direction.
    public var directionThreshold: Double = 1.0
    /// Duration of the show/hide animation.
    public var animationDuration: Double = 0.2
    /// The animation's cubic Bézier timing curve (SwiftUI's easeInOut).
    public var easing = CubicBezierCurve(0.42, 0, 0.58, 1)

    /// Number of rows ("Row 0" … "Row 30").
    public var rowCount = 31
    public var rowHeight: Double = 64
    public var rowCornerRadius: Double = 12
    /// Vertical space between rows.
    public var rowSpacing: Double = 8
    /// Left and right margin of the rows.
    public var rowHorizontalPadding: Double = 16
    public var rowColor = Color(hex: 0x34C759)
    public var rowTextColor = Color.black
    public var rowTextSize: Double = 17

    /// The header's title, left-aligned.
    public var headerTitle = "테스트"
    public var headerTitleSize: Double = 22
    public var headerTitleInset: Double = 20
    /// Alpha of the header's background (the theme's bar colour): opaque, as there is no blur
    /// to make a translucent material of it (rows would show through it sharp).
    public var headerBackgroundAlpha: Double = 1

    /// The direction label (right side of the header) before any direction and near the top, and
    /// per direction: one language (the source's Korean) whichever it shows.
    public var labelIdle = "스크롤 방향"
    public var labelDown = "↓ 아래로"
    public var labelUp = "↑ 위로"
    public var labelSize: Double = 17
    public var labelPadding: Double = 16
    public var labelWidth: Double = 160
    public var labelHeight: Double = 24

    public init() {}

    /// Header offset when hidden (points, negative = up).
    public var hiddenOffset: Double { -(headerHeight + hiddenGap) }
}
