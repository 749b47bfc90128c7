import CCairo
import ScrollCore

/// An owned cairo image surface (ARGB32, premultiplied, native-endian) with its context.
public final class ImageSurface {
    public let surface: OpaquePointer
    public let context: OpaquePointer
    public let width: Int
    public let height: Int
    /// Set by `CairoRenderer.render` when the frame's background was opaque: every pixel is.
    public var knownOpaque = false

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        context = cairo_create(surface)!
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Pixel bytes (call after drawing; flushes first).
    public func withPixels<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        return try body(UnsafeRawBufferPointer(start: data, count: stride * height))
    }

    /// Copies the pixels out.
    public func pixelBytes() -> [UInt8] { withPixels { Array($0) } }

    /// Fills with one colour (the benchmark's baseline).
    public func fill(_ c: Color) {
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(context, c.r, c.g, c.b, c.a)
        cairo_paint(context)
        cairo_surface_flush(surface)
    }
}
