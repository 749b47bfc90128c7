import CCairo
import CPangoCairo

/// Where each line of a pango layout is drawn: the left end of its baseline, moved onto a whole
/// device pixel (row and column) under the context's current transform.
///
/// cairo 1.16 rounds every glyph to a whole device pixel; cairo 1.18 keeps quarter pixels, so
/// text drawn at a fractional position comes out ¼ or ½ pixel apart on the two (issue #28).
/// With each line's origin on a whole device pixel, and glyph advances whole points (pango rounds
/// glyph positions), every glyph lands on a whole device pixel at scale 1 and 2, where both
/// versions draw the same bytes. Each line is snapped on its own: the lines of wrapped text keep
/// pango's pitch to within half a device pixel, and the layout's measured height is unchanged.
struct TextLinePlacement {
    /// The line (owned by its layout, valid while the layout is unchanged).
    var line: UnsafeMutablePointer<PangoLayoutLine>?
    /// The line's origin in user space (points), as given to `cairo_move_to`.
    var x: Double
    var y: Double

    /// The origins of every line of `layout` drawn with its top-left corner at (`left`, `top`) in
    /// the user space of `cr`, each snapped to a whole device pixel.
    static func lines(of layout: OpaquePointer, left: Double, top: Double, cr: OpaquePointer) -> [TextLinePlacement] {
        let iter = required(pango_layout_get_iter(layout), "pango_layout_get_iter")
        defer { pango_layout_iter_free(iter) }
        let unit = Double(PANGO_SCALE)
        var out: [TextLinePlacement] = []
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iter)) / unit
            let origin = snapped(x: left + Double(logical.x) / unit, y: top + baseline, cr: cr)
            out.append(TextLinePlacement(line: pango_layout_iter_get_line_readonly(iter), x: origin.x, y: origin.y))
        } while pango_layout_iter_next_line(iter) != 0
        return out
    }

    /// (`x`, `y`) in the user space of `cr`, moved to the nearest whole device pixel.
    static func snapped(x: Double, y: Double, cr: OpaquePointer) -> (x: Double, y: Double) {
        var dx = x, dy = y
        cairo_user_to_device(cr, &dx, &dy)
        dx = dx.rounded()
        dy = dy.rounded()
        cairo_device_to_user(cr, &dx, &dy)
        return (dx, dy)
    }
}
