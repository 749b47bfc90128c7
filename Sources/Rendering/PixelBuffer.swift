import CCairo
import Foundation
import Imaging
import Support

/// A copy of a frame's pixels (cairo ARGB32: premultiplied, native-endian), safe to hand to
/// another thread for encoding.
public struct PixelBuffer: Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public var bytes: [UInt8]
    /// Every pixel is known to be opaque (the frame's background was painted opaque), so the
    /// encoder can skip scanning the alpha bytes.
    public var knownOpaque = false

    public init(width: Int, height: Int, stride: Int, bytes: [UInt8], knownOpaque: Bool = false) {
        self.width = width; self.height = height; self.stride = stride; self.bytes = bytes
        self.knownOpaque = knownOpaque
    }

    /// True when both buffers hold the same image (size and every byte).
    public func hasSamePixels(as other: PixelBuffer) -> Bool {
        guard width == other.width, height == other.height, stride == other.stride, bytes.count == other.bytes.count else { return false }
        return bytes.withUnsafeBytes { a in other.bytes.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }

    /// Encodes a PNG with the project's encoder (fast settings: Up filter, zlib level 1; RGB
    /// when every pixel is opaque). Deterministic.
    public func pngBytes(encoder: PNGEncoder = .fast) throws -> [UInt8] {
        try bytes.withUnsafeBytes { raw in
            try encoder.encodePremultipliedARGB32(
                raw.baseAddress!, width: width, height: height, stride: stride,
                ignoreAlpha: knownOpaque)
        }
    }

    /// The straight-alpha RGBA pixels, exactly those its PNG (`pngBytes`) decodes to, without
    /// encoding: what a snapshot is compared as.
    public func rgbaImage() -> RGBAImage {
        bytes.withUnsafeBytes { raw in
            PremultipliedARGB.image(raw.baseAddress!, width: width, height: height, stride: stride, ignoreAlpha: knownOpaque)
        }
    }

    /// Writes a PNG atomically (temp file + rename).
    public func writePNG(to path: String, encoder: PNGEncoder = .fast) throws {
        try AtomicFileWriter.write(try pngBytes(encoder: encoder), toPath: path)
    }
}

extension ImageSurface {
    /// Copies the current pixels.
    public func snapshot() -> PixelBuffer {
        PixelBuffer(width: width, height: height, stride: stride, bytes: pixelBytes(), knownOpaque: knownOpaque)
    }
}
