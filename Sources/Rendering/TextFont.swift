/// The one font family every text is drawn in (`Assets/fonts.conf` maps every family to it too).
public enum TextFont {
    public static let family = "Noto Sans CJK KR"
    /// The OpenType weights the display list's `FontWeight`s are drawn at (pango's weights).
    public static let weights: [Double] = [400, 600, 700]
}
