import Imaging
import Testing

/// Behaviour of the pixelmatch-compatible comparison beyond the shared conformance fixtures.
@Suite struct PixelmatchTests {
    @Test func identicalImagesGiveZeroAndAGrayDiff() throws {
        var image = RGBAImage(width: 3, height: 1)
        image.setPixel(x: 0, y: 0, 0, 0, 0)
        image.setPixel(x: 1, y: 0, 255, 255, 255)
        image.setPixel(x: 2, y: 0, 10, 20, 30, 0)
        let result = try Pixelmatch.compare(image, image, makeDiff: true)
        #expect(result.differing == 0)
        // 255 + (luma − 255) × 0.1 × a/255, truncated: black → 229.5 → 229; transparent → 255.
        #expect(result.diff?.pixels == [229, 229, 229, 255, 255, 255, 255, 255, 255, 255, 255, 255])
        let masked = try Pixelmatch.compare(image, image, options: PixelmatchOptions(diffMask: true), makeDiff: true)
        #expect(masked.diff?.pixels == [UInt8](repeating: 0, count: 12))
    }

    @Test func darkerPixelsUseTheAlternativeColour() throws {
        let white = RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 64))
        var darker = white
        for y in 0..<4 { for x in 0..<4 { darker.setPixel(x: x, y: y, 0, 0, 0) } }
        let options = PixelmatchOptions(diffColorAlt: RGBColor(0, 255, 0))
        let result = try Pixelmatch.compare(white, darker, options: options, makeDiff: true)
        #expect(result.differing == 16)
        #expect(try #require(result.diff).pixel(x: 1, y: 1) == (0, 255, 0, 255))
        let reverse = try Pixelmatch.compare(darker, white, options: options, makeDiff: true)
        #expect(try #require(reverse.diff).pixel(x: 1, y: 1) == (255, 0, 0, 255))
    }

    @Test func sizeMismatchThrowsNamingBothSizes() {
        do {
            _ = try Pixelmatch.compare(
                RGBAImage(width: 2, height: 3), RGBAImage(width: 3, height: 2),
                names: ("a.png", "b.png"))
            Issue.record("should throw")
        } catch {
            #expect("\(error)" == "size mismatch: a.png is 2×3, b.png is 3×2")
        }
    }

    @Test func threadCountDoesNotChangeTheResult() throws {
        var random = SeededRandom(state: 42)
        let a = RGBAImage(width: 97, height: 131, pixels: (0..<(97 * 131 * 4)).map { _ in UInt8.random(in: 0...255, using: &random) })
        var b = a
        for i in stride(from: 0, to: b.pixels.count, by: 7) { b.pixels[i] = b.pixels[i] &+ 90 }
        let single = try Pixelmatch.compare(a, b, makeDiff: true, threads: 1)
        let many = try Pixelmatch.compare(a, b, makeDiff: true, threads: 4)
        #expect(single.differing == many.differing)
        #expect(single.diff == many.diff)
        #expect(single.differing > 0)
    }
}
