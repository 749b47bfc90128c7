import CPangoCairo
import ScrollEngine

extension TextEngine {
    /// Glyphs pango could not find in the pinned fonts (drawn as boxes) when laying out `text`
    /// in `style` at `width` points; 0 means every character has a glyph.
    public func unknownGlyphCount(_ text: String, style: TextStyle, width: Double = 10_000) -> Int {
        let e = cache.layout(
            .init(
                text: text, size: style.size, weight: style.weight, alignment: style.alignment,
                width: width, height: 0))
        return Int(pango_layout_get_unknown_glyphs_count(e.layout))
    }
}

extension TextEngine {
    /// True when `text` drawn in `rect` with `style` would be cut with an ellipsis (it needs more
    /// lines than the rect's height holds).
    public func isEllipsized(_ text: String, style: TextStyle, in rect: Rect) -> Bool {
        let e = cache.layout(
            .init(
                text: text, size: style.size, weight: style.weight, alignment: style.alignment,
                width: rect.width, height: rect.height))
        return pango_layout_is_ellipsized(e.layout) != 0
    }
}
