import Imaging
import Support
import Testing

/// Every target of the comparison's scan this CPU runs (`PixelmatchVectorPath.available`) counts
/// the same pixels, decides the same match (hence exit code) and draws the same diff, byte for
/// byte, as the scalar reference.
@Suite struct PixelmatchVectorPathTests {
    /// A `width × height` image of UI-like runs of a few colours, with noise, near colours (under
    /// and over the threshold) and translucent pixels, from SplitMix64's raw output only.
    static func image(width: Int, height: Int, seed: UInt64, from base: RGBAImage? = nil) -> RGBAImage {
        var random = SplitMix64(state: seed)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let palette: [[UInt8]] = [[255, 255, 255, 255], [20, 20, 30, 255], [200, 40, 40, 255], [0, 0, 0, 0], [90, 160, 90, 128]]
        var pixels = base?.pixels ?? []
        if base == nil {
            var colour = palette[0]
            for _ in 0..<(width * height) {
                if below(9) == 0 { colour = palette[below(palette.count)] }
                pixels += colour
            }
        }
        // Changes: single pixels and short runs, small and large, opaque and translucent.
        let changes = base == nil ? width * height / 20 : width * height / 6
        for _ in 0..<changes {
            let start = below(width * height), run = 1 + below(below(4) == 0 ? 40 : 3)
            let kind = below(4)
            for k in start..<min(width * height, start + run) {
                for c in 0..<3 {
                    let old = Int(pixels[k * 4 + c])
                    pixels[k * 4 + c] = kind == 0 ? UInt8(below(256)) : UInt8(clamping: old + below(kind * 12 + 1) - kind * 6)
                }
                if kind == 3 { pixels[k * 4 + 3] = UInt8(below(256)) }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func theScalarTargetIsAlwaysAvailable() {
        #expect(PixelmatchVectorPath.available.first == .scalar)
        #expect(PixelmatchVectorPath.available.last == PixelmatchVectorPath.native)
        #expect(PixelmatchVectorPath.named("AVX2") == .avx2)
        #expect(PixelmatchVectorPath.named("avx512") == .avx512)
        #expect(PixelmatchVectorPath.named("sse") == nil)
    }

    @Test func everyTargetCountsAndDrawsTheSame() throws {
        // Widths around the 8- and 16-pixel steps, so every tail length is met.
        var counted = 0
        for (index, width) in [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100].enumerated() {
            let height = 1 + (index * 7) % 23
            let first = Self.image(width: width, height: height, seed: UInt64(index))
            let second = Self.image(width: width, height: height, seed: UInt64(index + 100), from: first)
            for (includeAA, mask, threshold) in [(false, false, 0.1), (true, false, 0.05), (false, true, 0.3), (false, false, 0)] {
                var options = PixelmatchOptions(
                    threshold: threshold, includeAA: includeAA, diffColorAlt: RGBColor(0, 255, 0), diffMask: mask)
                options.vectorPath = .scalar
                let reference = try Pixelmatch.compare(first, second, options: options, makeDiff: true)
                counted += reference.differing
                for path in PixelmatchVectorPath.available {
                    options.vectorPath = path
                    for threads in [1, 2] {
                        let result = try Pixelmatch.compare(first, second, options: options, makeDiff: true, threads: threads)
                        let label = "\(path) width \(width) includeAA \(includeAA) mask \(mask) threshold \(threshold) threads \(threads)"
                        #expect(result.differing == reference.differing, "\(label)")
                        #expect(result.diff?.pixels == reference.diff?.pixels, "\(label)")
                    }
                }
            }
        }
        #expect(counted > 1000)
    }

    @Test func everyTargetGivesTheSameOutcomeAsFiles() throws {
        let first = Self.image(width: 203, height: 61, seed: 7)
        let second = Self.image(width: 203, height: 61, seed: 8, from: first)
        let files = (expected: try PNGEncoder().encode(first), actual: try PNGEncoder().encode(second))
        for wantDiff in [false, true] {
            for tolerance in [nil, 2000] {
                var options = CompareOptions(maxDiffPixels: tolerance)
                options.pixelmatch.vectorPath = .scalar
                let reference = CompareRunner.compare(
                    png: files, names: ("a.png", "b.png"), options: options, wantDiff: wantDiff, threads: 1)
                #expect(reference.comparison?.differing ?? 0 > 0)
                for path in PixelmatchVectorPath.available {
                    options.pixelmatch.vectorPath = path
                    for threads in [1, 2] {
                        let outcome = CompareRunner.compare(
                            png: files, names: ("a.png", "b.png"), options: options, wantDiff: wantDiff, threads: threads)
                        let label = "\(path) diff \(wantDiff) tolerance \(tolerance ?? -1) threads \(threads)"
                        #expect(outcome.comparison == reference.comparison, "\(label)")
                        #expect(outcome.comparison?.match == reference.comparison?.match, "\(label)")
                        #expect(outcome.error == reference.error, "\(label)")
                        #expect(outcome.diffPNG == reference.diffPNG, "\(label)")
                    }
                }
            }
        }
    }
}
