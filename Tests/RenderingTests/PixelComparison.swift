import CCairo
import Rendering

/// Compares two ARGB32 cairo pixel buffers: a pixel differs when any channel differs by more
/// than `channelTolerance` (0…255).
struct PixelComparison {
    var differingPixels = 0
    var largestChannelDelta = 0
    var sizeMismatch = false

    init(_ a: ImageSurface, _ b: OpaquePointer, channelTolerance: Int) {
        cairo_surface_flush(b)
        let bw = Int(cairo_image_surface_get_width(b)), bh = Int(cairo_image_surface_get_height(b))
        guard bw == a.width, bh == a.height, cairo_image_surface_get_format(b) == CAIRO_FORMAT_ARGB32,
              let bData = cairo_image_surface_get_data(b) else {
            sizeMismatch = true
            return
        }
        let bStride = Int(cairo_image_surface_get_stride(b))
        a.withPixels { pa in
            for y in 0..<a.height {
                for x in 0..<a.width {
                    var differs = false
                    for c in 0..<4 {
                        let d = abs(Int(pa[y * a.stride + x * 4 + c]) - Int(bData[y * bStride + x * 4 + c]))
                        largestChannelDelta = max(largestChannelDelta, d)
                        if d > channelTolerance { differs = true }
                    }
                    if differs { differingPixels += 1 }
                }
            }
        }
    }
}
