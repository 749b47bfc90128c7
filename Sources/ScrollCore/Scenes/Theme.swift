/// Colours and type sizes of the app. A scenario's `theme` picks one.
public struct Theme: Sendable, Equatable {
    public var name: String
    public var background: Color
    public var rowBackground: Color
    public var separator: Color
    public var title: Color
    public var subtitle: Color
    public var accent: Color
    public var overlayBackground: Color
    public var overlayText: Color

    public static let light = Theme(
        name: "light", background: Color(hex: 0xF2F2F7), rowBackground: .white, separator: Color(hex: 0xC6C6C8),
        title: Color(hex: 0x1C1C1E), subtitle: Color(hex: 0x6C6C70), accent: Color(hex: 0x007AFF),
        overlayBackground: Color(hex: 0x000000, alpha: 0.72), overlayText: .white)
    public static let dark = Theme(
        name: "dark", background: Color(hex: 0x000000), rowBackground: Color(hex: 0x1C1C1E), separator: Color(hex: 0x38383A),
        title: Color(hex: 0xF2F2F7), subtitle: Color(hex: 0x98989F), accent: Color(hex: 0x0A84FF),
        overlayBackground: Color(hex: 0xFFFFFF, alpha: 0.8), overlayText: .black)

    public static let all = [light, dark]
    public static func named(_ n: String) -> Theme? { all.first { $0.name == n } }
}
