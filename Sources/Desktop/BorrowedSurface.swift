import CCairo

/// A cairo image surface and its context over pixels another owner keeps (SDL's window surface,
/// the compositor buffers' kept frame): `release` frees the cairo side, never the pixels.
struct BorrowedSurface {
    let width: Int
    let height: Int
    let stride: Int
    let pixels: UnsafeMutableRawPointer
    let surface: OpaquePointer
    let context: OpaquePointer

    /// Nil when cairo cannot make a surface of that format and size over the pixels.
    init?(pixels: UnsafeMutableRawPointer, format: cairo_format_t, width: Int32, height: Int32, stride: Int32) {
        guard let cs = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), format, width, height, stride)
        else { return nil }
        guard cairo_surface_status(cs) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(cs)
            return nil
        }
        self.width = Int(width)
        self.height = Int(height)
        self.stride = Int(stride)
        self.pixels = pixels
        surface = cs
        context = cairo_create(cs)
    }

    func release() {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }
}

/// A presenter whose kept frame is a `BorrowedSurface` (none while it has no pixels).
@MainActor
protocol BorrowedSurfacePresenter: FramePresenter {
    var kept: BorrowedSurface? { get }
}

extension BorrowedSurfacePresenter {
    var width: Int { kept?.width ?? 0 }
    var height: Int { kept?.height ?? 0 }
    var stride: Int { kept?.stride ?? 0 }
    var pixels: UnsafeMutableRawPointer? { kept?.pixels }
    var context: OpaquePointer? { kept?.context }
}
