import CCairo
import Foundation
import Imaging

/// A copy of a frame's pixels (cairo ARGB32: premultiplied, native-endian), safe to hand to
/// another thread for encoding.
public struct PixelBuffer: Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
        self.width = width; self.height = height; self.stride = stride; self.bytes = bytes
    }

    /// Encodes a PNG with the project's encoder (fast settings: Up filter, zlib level 1; RGB
    /// when every pixel is opaque). Deterministic.
    public func pngBytes(encoder: PNGEncoder = .fast) throws -> [UInt8] {
        try bytes.withUnsafeBytes { raw in
            try encoder.encodePremultipliedARGB32(raw.baseAddress!, width: width, height: height, stride: stride)
        }
    }

    /// Writes a PNG atomically (temp file + rename).
    public func writePNG(to path: String, encoder: PNGEncoder = .fast) throws {
        try AtomicFileWriter.write(try pngBytes(encoder: encoder), toPath: path)
    }

    /// Writes a PNG with cairo's encoder (RGB when `opaque`).
    public func writePNGWithCairo(to path: String, opaque: Bool = true) throws {
        var copy = bytes
        let status: cairo_status_t = copy.withUnsafeMutableBytes { raw in
            let s = cairo_image_surface_create_for_data(raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                        opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                        Int32(width), Int32(height), Int32(stride))!
            defer { cairo_surface_destroy(s) }
            return cairo_surface_write_to_png(s, path)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: cairo_status_to_string(status))])
        }
    }
}

extension ImageSurface {
    /// Copies the current pixels.
    public func snapshot() -> PixelBuffer {
        PixelBuffer(width: width, height: height, stride: stride, bytes: pixelBytes())
    }
}
