/// An 8-bit, straight (not premultiplied) RGBA raster in row-major order.
///
/// `pixels` holds `width × height × 4` bytes: red, green, blue, alpha for each pixel, rows top to
/// bottom without padding. Width and height are in pixels.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height × 4` bytes, RGBA per pixel, straight alpha.
    public var pixels: [UInt8]

    /// Wraps existing pixel bytes; `pixels.count` must be `width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * 4,
            "RGBAImage: \(pixels.count) bytes do not fit \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A fully transparent black image of the given size in pixels.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// Number of pixels (`width × height`).
    public var pixelCount: Int { width * height }

    /// True when every alpha byte is 255.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var index = 3
            while index < buffer.count {
                if buffer[index] != 255 { return false }
                index += 4
            }
            return true
        }
    }

    /// The RGBA bytes of the pixel at column `x`, row `y` (both in pixels from the top left).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }

    /// Sets the pixel at column `x`, row `y` to the given straight RGBA bytes.
    public mutating func setPixel(x: Int, y: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        let offset = (y * width + x) * 4
        pixels[offset] = r
        pixels[offset + 1] = g
        pixels[offset + 2] = b
        pixels[offset + 3] = a
    }
}
