import Foundation
@testable import Imaging
import Testing

/// The recorder's encode path (the fused ARGB32 → RGB Up filter, a workspace reused across
/// frames, a reset zlib stream) writes the same bytes as the one-shot path and as the goldens
/// on disk, frame after frame and whatever the previous frame's size was.
@Suite struct PNGEncodeWorkspaceTests {
    /// Opaque ARGB32 words (0xFFRRGGBB) of `image`, `stride` bytes per row (padding filled
    /// with garbage, which must not reach the file).
    static func argbWords(_ image: RGBAImage, stride: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xA5, count: stride * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = (y * image.width + x) * 4, o = y * stride + x * 4
                // Little-endian 0xAARRGGBB: B, G, R, A in memory.
                bytes[o] = image.pixels[p + 2]; bytes[o + 1] = image.pixels[p + 1]; bytes[o + 2] = image.pixels[p]; bytes[o + 3] = 255
            }
        }
        return bytes
    }

    static func encodeARGB(_ image: RGBAImage, padding: Int, workspace: PNGEncodeWorkspace?) throws -> [UInt8] {
        let stride = image.width * 4 + padding
        let words = argbWords(image, stride: stride)
        return try words.withUnsafeBytes {
            try PNGEncoder.fast.encodePremultipliedARGB32(
                $0.baseAddress!, width: image.width, height: image.height,
                stride: stride, ignoreAlpha: true, workspace: workspace)
        }
    }

    @Test func reusedWorkspaceWritesTheOneShotBytes() throws {
        let workspace = PNGEncodeWorkspace()
        // Large then small then large: stale bytes of a bigger frame stay in the buffers.
        let sizes = [(300, 200), (1, 1), (7, 3), (64, 40), (300, 200), (33, 500)]
        for (n, (width, height)) in sizes.enumerated() {
            let image = PNGRoundTripTests.randomImage(width: width, height: height, opaque: true, seed: UInt64(40 + n))
            // The reference: RGBA pixels, generic row filter, a fresh zlib stream.
            let reference = try PNGEncoder.fast.encode(image)
            #expect(try Self.encodeARGB(image, padding: 0, workspace: workspace) == reference, "\(width)×\(height) reused")
            #expect(try Self.encodeARGB(image, padding: 12, workspace: workspace) == reference, "\(width)×\(height) padded")
            #expect(try Self.encodeARGB(image, padding: 0, workspace: nil) == reference, "\(width)×\(height) one-shot")
            #expect(try PNGDecoder.decode(reference) == image)
        }
    }

    @Test func everyByteDifferenceSurvivesTheFusedFilter() throws {
        // Each byte value minus each other: the bytewise subtraction never borrows across channels.
        var image = RGBAImage(width: 256, height: 257)
        for y in 0..<257 {
            for x in 0..<256 {
                image.setPixel(
                    x: x, y: y, UInt8(truncatingIfNeeded: x &* y), UInt8(truncatingIfNeeded: x &+ y * 7),
                    UInt8(truncatingIfNeeded: 255 &- x &+ y), 255)
            }
        }
        let png = try Self.encodeARGB(image, padding: 4, workspace: PNGEncodeWorkspace())
        #expect(png == (try PNGEncoder.fast.encode(image)))
        #expect(try PNGDecoder.decode(png) == image)
    }

    @Test func resetStreamWritesTheFreshStreamBytes() throws {
        let deflater = ZlibDeflater(level: 1, strategy: 0)
        for n in 0..<4 {
            var random = SeededRandom(state: UInt64(n + 1))
            let input = (0..<(5000 * (4 - n))).map { i in i % 97 < 60 ? UInt8(i / 300 % 256) : UInt8.random(in: 0...255, using: &random) }
            let fresh = try input.withUnsafeBytes { try Zlib.deflate($0, level: 1, strategy: 0, file: "t") }
            let reused = try input.withUnsafeBytes { try deflater.deflate($0, file: "t") { Array($0) } }
            #expect(reused == fresh, "stream \(n)")
        }
    }

    /// The committed goldens were written by the encoder as it was: re-encoding their pixels
    /// through the recorder's path gives the same files, byte for byte.
    @Test func goldenFilesAreReencodedByteForByte() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios")
        let names = [
            "__snapshots__/list-tour/end-key-animating.png",
            "refresh/__snapshots__/fast-action-mid-drag/second-triggered.png"
        ]
        let workspace = PNGEncodeWorkspace()
        for name in names {
            let file = try [UInt8](Data(contentsOf: root.appendingPathComponent(name)))
            let image = try PNGDecoder.decode(file)
            #expect(try Self.encodeARGB(image, padding: 0, workspace: workspace) == file, "\(name)")
        }
    }
}
