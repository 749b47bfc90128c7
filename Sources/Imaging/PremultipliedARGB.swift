/// Conversions from cairo's `CAIRO_FORMAT_ARGB32` layout: native-endian 32-bit words
/// `0xAARRGGBB`, colour premultiplied by alpha, rows `stride` bytes apart.
public enum PremultipliedARGB {
    /// True when every pixel's alpha byte is 255.
    public static func isOpaque(_ data: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let words = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where words[x] < 0xFF00_0000 { return false }
        }
        return true
    }

    /// Un-premultiplies `count` words into straight RGBA bytes at `output` (4 bytes per pixel):
    /// `c' = (c × 255 + a / 2) / a`, capped at 255; alpha 0 gives transparent black.
    @inline(__always)
    public static func unpremultiplyRow(_ words: UnsafePointer<UInt32>, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        for x in 0..<count {
            let word = words[x]
            let a = Int(word >> 24)
            let out = output + x * 4
            switch a {
            case 0:
                out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0
            case 255:
                out[0] = UInt8(truncatingIfNeeded: word >> 16)
                out[1] = UInt8(truncatingIfNeeded: word >> 8)
                out[2] = UInt8(truncatingIfNeeded: word)
                out[3] = 255
            default:
                let half = a / 2
                out[0] = UInt8(min(255, (Int((word >> 16) & 0xFF) * 255 + half) / a))
                out[1] = UInt8(min(255, (Int((word >> 8) & 0xFF) * 255 + half) / a))
                out[2] = UInt8(min(255, (Int(word & 0xFF) * 255 + half) / a))
                out[3] = UInt8(a)
            }
        }
    }

    /// Converts a whole ARGB32 surface to a straight-alpha `RGBAImage`: the pixels a PNG of it
    /// from `PNGEncoder.encodePremultipliedARGB32` decodes to. `ignoreAlpha` (an `RGB24`
    /// surface, or one known to be opaque) makes every pixel opaque.
    public static func image(
        _ data: UnsafeRawPointer, width: Int, height: Int, stride: Int,
        ignoreAlpha: Bool = false
    ) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let words = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                let row = out.baseAddress! + y * width * 4
                if ignoreAlpha {
                    for x in 0..<width {
                        let word = words[x]
                        row[x * 4] = UInt8(truncatingIfNeeded: word >> 16)
                        row[x * 4 + 1] = UInt8(truncatingIfNeeded: word >> 8)
                        row[x * 4 + 2] = UInt8(truncatingIfNeeded: word)
                        row[x * 4 + 3] = 255
                    }
                } else {
                    unpremultiplyRow(words, count: width, into: row)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
