import Foundation
@testable import Imaging
import Testing

/// A diff image drawn over the expected image's own pixels (`Pixelmatch.compare(drawingOver:)`,
/// used by `compare` of files when the diff has a background) is the diff drawn into new memory,
/// pixel for pixel, whatever the size and the number of row bands, and takes no new buffer.
@Suite struct DiffOverExpectedTests {
    /// A pseudo-random image with flat areas, anti-aliased-looking ramps and noise, so that the
    /// comparison takes every branch (equal rows, equal runs, small and large deltas, the
    /// anti-aliasing test near band edges). `alpha` varies the alpha channel.
    static func image(width: Int, height: Int, seed: UInt64, alpha: Bool = false) -> RGBAImage {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let ramp = max(0, min(255, (x - y / 2) * 40))
                let v: Int
                switch next() % 8 {
                case 0: v = next() % 256
                case 1, 2: v = ramp
                default: v = (y / 7) % 2 == 0 ? 250 : 20
                }
                let a = alpha ? [255, 255, 128, 0][next() % 4] : 255
                image.setPixel(x: x, y: y, UInt8(v), UInt8((v + x) % 256), UInt8(255 - v), UInt8(a))
            }
        }
        return image
    }

    /// `b` is `a` with some rows left equal, others changed in a few pixels.
    static func changed(_ a: RGBAImage, seed: UInt64) -> RGBAImage {
        var b = a
        let other = image(width: a.width, height: a.height, seed: seed &+ 99)
        for y in 0..<a.height where (y &* 7 &+ Int(seed)) % 3 != 0 {
            for x in 0..<a.width where (x &+ y) % 5 == Int(seed % 5) {
                let (r, g, bl, al) = other.pixel(x: x, y: y)
                b.setPixel(x: x, y: y, r, g, bl, al)
            }
        }
        return b
    }

    static func rows(_ a: RGBAImage, _ b: RGBAImage) -> [Bool] {
        let rowBytes = a.width * 4
        return (0..<a.height).map { a.pixels[($0 * rowBytes)..<(($0 + 1) * rowBytes)] != b.pixels[($0 * rowBytes)..<(($0 + 1) * rowBytes)] }
    }

    @Test(arguments: [(1, 1), (1, 40), (7, 1), (5, 3), (33, 17), (3, 40), (64, 48), (17, 65), (40, 97)])
    func drawingOverTheExpectedImageGivesTheSameDiff(width: Int, height: Int) throws {
        for alpha in [false, true] {
            let a = Self.image(width: width, height: height, seed: UInt64(width * 131 + height), alpha: alpha)
            let b = Self.changed(a, seed: UInt64(height))
            for threads in [1, 2, 3, 4] {
                for known in [false, true] {
                    let differingRows = known ? Self.rows(a, b) : nil
                    let whole = try Pixelmatch.compare(
                        a, b, options: .init(), makeDiff: true, threads: threads, names: ("a", "b"),
                        differingRows: differingRows)
                    // A buffer of its own (`Array(_:)` would share `a`'s).
                    var expected = RGBAImage(width: a.width, height: a.height, pixels: a.pixels.map { $0 })
                    let start = expected.pixels.withUnsafeBufferPointer { $0.baseAddress }
                    let over = try Pixelmatch.compare(
                        drawingOver: &expected, b, options: .init(), threads: threads, names: ("a", "b"),
                        differingRows: differingRows)
                    #expect(over.differing == whole.differing, "\(width)×\(height) threads \(threads) alpha \(alpha)")
                    let diff = try #require(over.diff)
                    #expect(diff.pixels == whole.diff?.pixels, "\(width)×\(height) threads \(threads) alpha \(alpha)")
                    #expect((diff.width, diff.height) == (width, height))
                    // The expected image's buffer became the diff (no copy), and it was taken.
                    #expect(diff.pixels.withUnsafeBufferPointer { $0.baseAddress } == start)
                    #expect(expected.pixels.isEmpty)
                }
            }
        }
    }

    @Test func identicalImagesDrawTheGrayBackground() throws {
        let a = Self.image(width: 20, height: 50, seed: 3)
        let whole = try Pixelmatch.compare(a, a, options: .init(), makeDiff: true, threads: 2)
        var expected = RGBAImage(width: 20, height: 50, pixels: a.pixels.map { $0 })
        let over = try Pixelmatch.compare(
            drawingOver: &expected, a, options: .init(), threads: 2, names: ("a", "b"), differingRows: nil)
        #expect(over.differing == 0)
        #expect(over.diff?.pixels == whole.diff?.pixels)
        #expect(over.diff?.pixels != a.pixels)
    }

    @Test func sizeMismatchThrowsAndLeavesTheImage() throws {
        var expected = Self.image(width: 4, height: 4, seed: 1)
        let before = expected.pixels
        #expect(throws: ImagingError.self) {
            try Pixelmatch.compare(
                drawingOver: &expected, Self.image(width: 4, height: 5, seed: 1), options: .init(), threads: 1,
                names: ("a", "b"), differingRows: nil)
        }
        #expect(expected.pixels == before)
    }

    /// Files of every kind the decoder hands over whole (RGBA, 16-bit, interlaced, palette) get
    /// the diff of the in-memory comparison from `compare --diff`.
    @Test func compareOfFilesWritesTheWholeComparisonsDiff() throws {
        let root = try CompareRunnerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let a = Self.image(width: 37, height: 70, seed: 11, alpha: true)
        let b = Self.changed(a, seed: 4)
        func writer(_ image: RGBAImage, depth: Int, interlaced: Bool) -> TestPNGWriter {
            let samples = (0..<image.pixelCount).map { i -> [Int] in
                (0..<4).map { c in depth == 16 ? Int(image.pixels[i * 4 + c]) * 257 : Int(image.pixels[i * 4 + c]) }
            }
            return TestPNGWriter(
                width: image.width, height: image.height, bitDepth: depth, colorType: 6, interlaced: interlaced,
                samples: samples)
        }
        for (depth, interlaced) in [(8, false), (8, true), (16, false), (16, true)] {
            try Data(writer(a, depth: depth, interlaced: interlaced).data()).write(to: URL(fileURLWithPath: "\(root)/a.png"))
            try Data(writer(b, depth: depth, interlaced: interlaced).data()).write(to: URL(fileURLWithPath: "\(root)/b.png"))
            let whole = try Pixelmatch.compare(a, b, options: .init(), makeDiff: true)
            #expect(whole.differing > 0)
            for threads in [1, 2] {
                let diffPath = "\(root)/diff-\(depth)-\(interlaced)-\(threads).png"
                let report = CompareRunner.run(
                    expected: "\(root)/a.png", actual: "\(root)/b.png",
                    options: CompareOptions(diffPath: diffPath, threads: threads))
                #expect(report.frames.first?.differing == whole.differing)
                let written = try PNGDecoder.decodeFile(atPath: diffPath)
                #expect(written.pixels == whole.diff?.pixels, "depth \(depth) interlaced \(interlaced) threads \(threads)")
            }
        }
    }

    /// pixelmatch's count written plainly (no shortcuts: every pixel, every neighbour), for the
    /// kernel's fast paths (equal runs, the neighbour tests four pixels at a time) to be checked
    /// against.
    static func plainCount(_ a: RGBAImage, _ b: RGBAImage, threshold: Double) -> Int {
        let (w, h) = (a.width, a.height)
        func word(_ img: RGBAImage, _ x: Int, _ y: Int) -> ArraySlice<UInt8> { img.pixels[((y * w + x) * 4)..<((y * w + x) * 4 + 4)] }
        func siblings(_ img: RGBAImage, _ x1: Int, _ y1: Int) -> Bool {
            var zeroes = (x1 == 0 || x1 == w - 1 || y1 == 0 || y1 == h - 1) ? 1 : 0
            for x in max(x1 - 1, 0)...min(x1 + 1, w - 1) {
                for y in max(y1 - 1, 0)...min(y1 + 1, h - 1) where !(x == x1 && y == y1) && word(img, x, y) == word(img, x1, y1) {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
            return false
        }
        func antialiased(_ img: RGBAImage, _ x1: Int, _ y1: Int, _ other: RGBAImage) -> Bool {
            var zeroes = (x1 == 0 || x1 == w - 1 || y1 == 0 || y1 == h - 1) ? 1 : 0
            var (minimum, maximum, minX, minY, maxX, maxY) = (0.0, 0.0, 0, 0, 0, 0)
            for x in max(x1 - 1, 0)...min(x1 + 1, w - 1) {
                for y in max(y1 - 1, 0)...min(y1 + 1, h - 1) where !(x == x1 && y == y1) {
                    let delta = img.pixels.withUnsafeBufferPointer {
                        PixelmatchKernel.colorDelta($0.baseAddress!, $0.baseAddress!, (y1 * w + x1) * 4, (y * w + x) * 4, yOnly: true)
                    }
                    if delta == 0 {
                        zeroes += 1
                        if zeroes > 2 { return false }
                    } else if delta < minimum {
                        (minimum, minX, minY) = (delta, x, y)
                    } else if delta > maximum {
                        (maximum, maxX, maxY) = (delta, x, y)
                    }
                }
            }
            if minimum == 0 || maximum == 0 { return false }
            return (siblings(img, minX, minY) && siblings(other, minX, minY)) || (siblings(img, maxX, maxY) && siblings(other, maxX, maxY))
        }
        var count = 0
        for y in 0..<h {
            for x in 0..<w {
                let delta = a.pixels.withUnsafeBufferPointer { p in
                    b.pixels.withUnsafeBufferPointer { q in
                        PixelmatchKernel.colorDelta(p.baseAddress!, q.baseAddress!, (y * w + x) * 4, (y * w + x) * 4, yOnly: false)
                    }
                }
                if abs(delta) > Pixelmatch.maxYIQDelta * threshold * threshold
                    && !(antialiased(a, x, y, b) || antialiased(b, x, y, a))
                {
                    count += 1
                }
            }
        }
        return count
    }

    @Test(arguments: [(1, 1), (6, 2), (9, 9), (33, 17), (64, 48), (40, 97)])
    func countEqualsPlainPixelmatch(width: Int, height: Int) throws {
        for alpha in [false, true] {
            for seed in [UInt64(1), 7] {
                let a = Self.image(width: width, height: height, seed: seed &* 31 &+ UInt64(width), alpha: alpha)
                let b = Self.changed(a, seed: seed)
                let plain = Self.plainCount(a, b, threshold: 0.1)
                for threads in [1, 2] {
                    let result = try Pixelmatch.compare(a, b, options: .init(), threads: threads)
                    #expect(result.differing == plain, "\(width)×\(height) alpha \(alpha) seed \(seed) threads \(threads)")
                }
            }
        }
    }
}
