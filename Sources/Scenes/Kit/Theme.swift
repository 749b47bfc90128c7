import ScrollEngine

/// Colours of the app: iOS's system colours for the light and dark appearance (UIKit's
/// `systemBackground`, `label`, `secondaryLabel`, `separator`, `systemGroupedBackground`, …).
/// A scenario's `theme` picks one. Text colours keep WCAG AA contrast (≥ 4.5:1) on every
/// background they are drawn on, and `spinner` ≥ 3:1 (checked by `ThemeContrastTests`).
public struct Theme: Sendable, Equatable {
    public var name: String
    /// Behind plain content and outside it (`systemBackground` of a list's frame margins: grouped grey in light).
    public var background: Color
    /// A plain list's rows (`systemBackground`).
    public var rowBackground: Color
    /// Hairline separators (`opaqueSeparator`).
    public var separator: Color
    /// Primary text (`label`).
    public var title: Color
    /// Secondary text (`secondaryLabel`, made opaque and dark enough for AA contrast).
    public var subtitle: Color
    /// Tint (`systemBlue`); used for fills and symbols, not for small text.
    public var accent: Color
    /// The debug overlay's panel (opaque) and its text.
    public var overlayBackground: Color
    public var overlayText: Color
    /// Behind an inset grouped list (`systemGroupedBackground`).
    public var groupedBackground: Color
    /// The cells of an inset grouped list (`secondarySystemGroupedBackground`).
    public var cellBackground: Color
    /// Navigation bars and floating bars (an opaque stand-in for the bar material).
    public var barBackground: Color
    /// The activity indicator and vector spinners.
    public var spinner: Color
    /// The error mark (`systemRed`); the message text itself is drawn in `title`.
    public var errorTint: Color

    public static let light = Theme(
        name: "light", background: Color(hex: 0xF2F2F7), rowBackground: .white, separator: Color(hex: 0xC6C6C8),
        title: Color(hex: 0x000000), subtitle: Color(hex: 0x6C6C70), accent: Color(hex: 0x007AFF),
        overlayBackground: Color(hex: 0xFFFFFF), overlayText: Color(hex: 0x000000),
        groupedBackground: Color(hex: 0xF2F2F7), cellBackground: .white, barBackground: Color(hex: 0xF9F9F9),
        spinner: Color(hex: 0x6C6C70), errorTint: Color(hex: 0xFF3B30))
    public static let dark = Theme(
        name: "dark", background: Color(hex: 0x000000), rowBackground: Color(hex: 0x000000), separator: Color(hex: 0x38383A),
        title: Color(hex: 0xFFFFFF), subtitle: Color(hex: 0x98989F), accent: Color(hex: 0x0A84FF),
        overlayBackground: Color(hex: 0x1C1C1E), overlayText: Color(hex: 0xFFFFFF),
        groupedBackground: Color(hex: 0x000000), cellBackground: Color(hex: 0x1C1C1E), barBackground: Color(hex: 0x121212),
        spinner: Color(hex: 0x98989F), errorTint: Color(hex: 0xFF453A))

    public static let all = [light, dark]
    public static func named(_ n: String) -> Theme? { all.first { $0.name == n } }
}
