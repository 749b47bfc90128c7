import CCairo
import ScrollEngine

/// An owned cairo image surface (ARGB32, premultiplied, native-endian) with its context.
public final class ImageSurface {
    public let surface: OpaquePointer
    public let context: OpaquePointer
    public let width: Int
    public let height: Int
    /// Set by `CairoRenderer.render` when the frame's background was opaque: every pixel is.
    public var knownOpaque = false

    /// The largest side cairo's image surfaces allow.
    public static let maxSide = 32767

    /// Throws (naming the size) for an empty image, a side above `maxSide`, or when cairo
    /// cannot allocate the pixels.
    public init(width: Int, height: Int) throws(RenderingError) {
        guard width >= 1, height >= 1, width <= Self.maxSide, height <= Self.maxSide else {
            throw RenderingError("cannot make a \(width)×\(height) pixel image: each side must be 1…\(Self.maxSide) pixels")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderingError("cannot make a \(width)×\(height) pixel image")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, cairo_image_surface_get_data(surface) != nil,
            let context = cairo_create(surface)
        else {
            cairo_surface_destroy(surface)
            throw RenderingError.surface(width, height, status)
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.context = context
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Pixel bytes (call after drawing; flushes first).
    public func withPixels<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        // Never nil: `init` refuses a surface without pixel data.
        let data = cairo_image_surface_get_data(surface)
        return try body(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : stride * height))
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
