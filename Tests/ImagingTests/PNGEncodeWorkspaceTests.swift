import Foundation
@testable import Imaging
import Testing

/// The recorder's encode path (the fused ARGB32 → RGB Up filter, a workspace reused across
/// frames, a reset compressor) writes the same bytes as the one-shot path, frame after frame and
/// whatever the previous frame's size was; with zlib level 1 it still writes the goldens on disk
/// byte for byte.
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

    static func encodeARGB(
        _ image: RGBAImage, padding: Int, workspace: PNGEncodeWorkspace?, encoder: PNGEncoder = .fast
    ) throws -> [UInt8] {
        let stride = image.width * 4 + padding
        let words = argbWords(image, stride: stride)
        return try words.withUnsafeBytes {
            try encoder.encodePremultipliedARGB32(
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
            for encoder in [PNGEncoder.fast, Self.zlibLevel1] {
                // The reference: RGBA pixels, generic row filter, a fresh compressor.
                let reference = try encoder.encode(image)
                let name = "\(width)×\(height) \(encoder.compressor)"
                // Both compressors in turn through one workspace.
                #expect(try Self.encodeARGB(image, padding: 0, workspace: workspace, encoder: encoder) == reference, "\(name) reused")
                #expect(try Self.encodeARGB(image, padding: 12, workspace: workspace, encoder: encoder) == reference, "\(name) padded")
                #expect(try Self.encodeARGB(image, padding: 0, workspace: nil, encoder: encoder) == reference, "\(name) one-shot")
                #expect(try PNGDecoder.decode(reference) == image)
            }
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

    /// zlib level 1 with the Up filter: how `PNGEncoder.fast` compressed before the row deflater.
    static let zlibLevel1 = PNGEncoder(level: 1, strategy: .standard, filter: .fixed(.up), compressor: .zlib)

    /// The committed goldens were written by the encoder as it was (zlib level 1): re-encoding
    /// their pixels through the recorder's path with zlib level 1 gives the same files, byte for
    /// byte; with `PNGEncoder.fast` it gives the one-shot encode's bytes and the same pixels.
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
            #expect(try Self.encodeARGB(image, padding: 0, workspace: workspace, encoder: Self.zlibLevel1) == file, "\(name)")
            let fast = try Self.encodeARGB(image, padding: 0, workspace: workspace)
            #expect(fast == (try PNGEncoder.fast.encode(image)), "\(name)")
            #expect(try PNGDecoder.decode(fast) == image, "\(name)")
        }
    }
}
