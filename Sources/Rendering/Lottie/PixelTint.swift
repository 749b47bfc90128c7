import CCairo

/// Recolours a rendered mask: every pixel takes the tint's colour and keeps its coverage, so all
/// fills and strokes (and gradients) become the theme colour, anti-aliasing intact.
///
/// rlottie 0.1's property override is a C variadic function Swift cannot call, and it would not
/// reach gradients; recolouring the premultiplied ARGB32 output works for any file.
enum PixelTint {
    static func apply(_ tint: TintKey, to surface: OpaquePointer) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let w = Int(cairo_image_surface_get_width(surface))
        let h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let ta = UInt32(tint.a), tr = UInt32(tint.r), tg = UInt32(tint.g), tb = UInt32(tint.b)
        for y in 0..<h {
            let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: w) { $0 }
            for x in 0..<w {
                let alpha = row[x] >> 24
                if alpha == 0 { continue }
                let a = (alpha * ta + 127) / 255
                let r = (tr * a + 127) / 255, g = (tg * a + 127) / 255, b = (tb * a + 127) / 255
                row[x] = (a << 24) | (r << 16) | (g << 8) | b
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
