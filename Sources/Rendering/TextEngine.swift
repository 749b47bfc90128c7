import CCairo
import CPangoCairo
import ScrollEngine

/// Pango text for the renderer: one pango context with explicit font options (grayscale
/// antialiasing, no hinting, no metric hinting, 72 dpi so sizes are points) and a layout cache.
/// Also the app's `TextMeasurer`.
public final class TextEngine: TextMeasurer {
    let context: OpaquePointer
    let cache: TextLayoutCache

    public init() {
        FontSetup.pinFonts()  // once per process; later engines only read the result
        let fontMap = required(pango_cairo_font_map_get_default(), "pango_cairo_font_map_get_default")
        context = required(pango_font_map_create_context(fontMap), "pango_font_map_create_context")
        let options = required(cairo_font_options_create(), "cairo_font_options_create")
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 72)
        cache = TextLayoutCache(context: context)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(context)) }

    public func measure(_ text: String, style: TextStyle, width: Double) -> Size {
        let e = cache.layout(
            .init(
                text: text, size: style.size, weight: style.weight, alignment: style.alignment,
                width: width, height: 0))
        return Size(e.width, e.height)
    }

    /// Draws `text` in `rect` (wrapped to its width, ellipsized to its height, vertically centred),
    /// line by line, each line's baseline on a whole device pixel (`TextLinePlacement`).
    func draw(_ text: String, in rect: Rect, style: TextStyle, cr: OpaquePointer) {
        cairo_set_source_rgba(cr, style.color.r, style.color.g, style.color.b, style.color.a)
        for placed in lines(text, in: rect, style: style, cr: cr) {
            cairo_move_to(cr, placed.x, placed.y)
            pango_cairo_show_layout_line(cr, placed.line)
        }
    }

    /// Where `draw` puts the lines of `text` in `rect` under the current transform of `cr`.
    func lines(_ text: String, in rect: Rect, style: TextStyle, cr: OpaquePointer) -> [TextLinePlacement] {
        let e = cache.layout(
            .init(
                text: text, size: style.size, weight: style.weight, alignment: style.alignment,
                width: rect.width, height: rect.height))
        let top = rect.y + max(0, (rect.height - e.height) / 2)
        return TextLinePlacement.lines(of: e.layout, left: rect.x, top: top, cr: cr)
    }
}
