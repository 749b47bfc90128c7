import Foundation
@testable import Imaging
import Testing

/// The staged decode: opaque 8-bit RGB images compared on their unfiltered rows before expansion.
@Suite struct StagedDecodeTests {
    /// 13×7 RGB samples with a few distinct colours.
    static func samples(seed: UInt64) -> [[Int]] {
        var random = SeededRandom(state: seed)
        return (0..<(13 * 7)).map { _ in (0..<3).map { _ in Int.random(in: 0...3, using: &random) * 80 } }
    }

    static func staged(_ writer: TestPNGWriter) throws -> PNGStagedImage {
        try PNGDecoder.decodeStaged(writer.data(), file: "t.png", maxPixels: 1000)
    }

    @Test func rgbRowsDecideIdentityBeforeExpansion() throws {
        let pixels = Self.samples(seed: 3)
        var a = TestPNGWriter(width: 13, height: 7, bitDepth: 8, colorType: 2, samples: pixels)
        a.filters = [4, 1, 3]
        var b = a
        b.filters = [2, 0]
        #expect(PNGStagedImage.samePixels(try Self.staged(a), try Self.staged(b)) == true)

        var changed = pixels
        changed[50][1] += 1
        let c = TestPNGWriter(width: 13, height: 7, bitDepth: 8, colorType: 2, samples: changed)
        #expect(PNGStagedImage.samePixels(try Self.staged(a), try Self.staged(c)) == false)

        // With a key colour, or RGBA, it cannot tell from the rows.
        var keyed = b
        keyed.transparency = [0, 80, 0, 80, 0, 80]
        #expect(PNGStagedImage.samePixels(try Self.staged(a), try Self.staged(keyed)) == nil)
        let rgba = TestPNGWriter(
            width: 13, height: 7, bitDepth: 8, colorType: 6,
            samples: pixels.map { $0 + [255] })
        #expect(PNGStagedImage.samePixels(try Self.staged(a), try Self.staged(rgba)) == nil)

        // Finishing gives the same RGBA as the one-step decode.
        #expect(try Self.staged(c).finish() == PNGDecoder.decode(c.data()))
        #expect(try Self.staged(a).finish().pixels == (try Self.staged(rgba).finish().pixels))
    }

    @Test func compareCountsTheOnePixelThatDiffers() throws {
        let root = try CompareRunnerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var image = CompareRunnerTests.frame()
        try CompareRunnerTests.write(image, "\(root)/a.png")
        image.setPixel(x: 45, y: 5, 0, 0, 0)
        var writer = TestPNGWriter(
            width: 60, height: 50, bitDepth: 8, colorType: 2,
            samples: (0..<(60 * 50)).map { i in
                let p = image.pixel(x: i % 60, y: i / 60)
                return [Int(p.r), Int(p.g), Int(p.b)]
            })
        writer.filters = [4]
        try Data(writer.data()).write(to: URL(fileURLWithPath: "\(root)/b.png"))
        let run = CompareRunnerTests.run(["\(root)/a.png", "\(root)/b.png"])
        #expect(run.status == 1)
        #expect(run.out.hasPrefix("a.png: 1 differing pixels"), "\(run.out)")
    }
}
