import CCairo
import ScrollEngine

/// Draws pixel images with cairo: scaled thumbnails of a rendered frame, and thumbnails placed
/// on a picture (the contact sheet). Scaling uses cairo's GOOD filter (box-filtered when
/// shrinking), so a thumbnail is a fair small version of the frame and deterministic.
public enum ImagePainter {
    /// A `width`×`height` pixel copy of `surface`'s current picture, scaled to fit exactly.
    public static func thumbnail(of surface: ImageSurface, width: Int, height: Int) throws(RenderingError) -> PixelBuffer {
        let out = try ImageSurface(width: max(1, width), height: max(1, height))
        cairo_surface_flush(surface.surface)
        let cr = out.context
        cairo_save(cr)
        cairo_scale(cr, Double(out.width) / Double(max(1, surface.width)), Double(out.height) / Double(max(1, surface.height)))
        cairo_set_source_surface(cr, surface.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
        return out.snapshot()
    }

    /// Paints `image` into `cr` filling `rect` (in the context's user units).
    public static func paint(_ image: PixelBuffer, into cr: OpaquePointer, rect: Rect) {
        guard image.width > 0, image.height > 0 else { return }
        var bytes = image.bytes
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            guard
                let src = cairo_image_surface_create_for_data(
                    base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                    Int32(image.width), Int32(image.height), Int32(image.stride))
            else { return }
            defer { cairo_surface_destroy(src) }
            cairo_save(cr)
            cairo_translate(cr, rect.x, rect.y)
            cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
            cairo_set_source_surface(cr, src, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }
}
