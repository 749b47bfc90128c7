#if canImport(Glibc)
import Glibc
#endif
import CCairo
import ScrollEngine

extension CairoRenderer {
    /// Brings `cr`'s image surface from the frame it holds to `frame` when the change is the
    /// scroll `shift` (`ScrollShift.between`): moves the pixels of `shift.copy` by `shift.dy`
    /// rows, then repaints `shift.repaint`. The result equals `render(frame, into:scale:)` byte
    /// for byte (DirtyRedrawTests). False (nothing done) when the target is not an image surface.
    public func render(_ frame: FrameModel, into cr: OpaquePointer, scale: Double, shift: ScrollShift) -> Bool {
        let surface = cairo_get_target(cr)
        guard let surface, cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            let data = cairo_image_surface_get_data(surface)
        else { return false }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let c = shift.copy
        guard c.x >= 0, c.y >= 0, c.maxX <= width, c.maxY <= height, c.y - shift.dy >= 0, c.maxY - shift.dy <= height else { return false }
        cairo_surface_flush(surface)
        let bytes = c.width * 4
        // Rows move towards `dy`: walk from the far end so no source row is overwritten before it is read.
        let rows: [Int] = shift.dy > 0 ? Array((c.y..<c.maxY).reversed()) : Array(c.y..<c.maxY)
        for y in rows {
            let to = UnsafeMutableRawPointer(data) + y * stride + c.x * 4
            let from = UnsafeRawPointer(data) + (y - shift.dy) * stride + c.x * 4
            memmove(to, from, bytes)
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(c.x), Int32(c.y), Int32(c.width), Int32(c.height))
        render(frame, into: cr, scale: scale, region: shift.repaint)
        return true
    }
}
