import Foundation
@testable import Imaging
import Testing

/// Two RGBA PNGs decoded side by side with their rows compared as they come
/// (`RowPipelinedPair`) give what decoding both and then comparing gives: the same pixels, the
/// same differing rows and count, the same errors; and `compare` gives the same outcome and diff
/// image through it (two threads) as without it (one thread). The files are written by the
/// independent test writer, every filter type in turn, so rows depend on the rows above them.
@Suite struct RowPipelinedPairTests {
    /// `image` as an 8-bit RGBA PNG (`colorType` 6), or another layout for the ineligible cases.
    static func png(
        _ image: RGBAImage, colorType: UInt8 = 6, bitDepth: Int = 8, interlaced: Bool = false,
        filters: [UInt8] = [0, 1, 2, 3, 4]
    ) -> [UInt8] {
        let scale = bitDepth == 16 ? 257 : 1
        let samples = (0..<(image.width * image.height)).map { i -> [Int] in
            let (r, g, b, a) = image.pixel(x: i % image.width, y: i / image.width)
            let rgb = [Int(r) * scale, Int(g) * scale, Int(b) * scale]
            return colorType == 6 ? rgb + [Int(a) * scale] : rgb
        }
        return TestPNGWriter(
            width: image.width, height: image.height, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced,
            samples: samples, filters: filters
        ).data()
    }

    static let names = (expected: "expected.png", actual: "actual.png")

    /// Heights around the 32-row bands and the two rows a band reads past its end.
    @Test(arguments: [(1, 1), (1, 40), (7, 1), (5, 3), (33, 31), (33, 32), (33, 33), (17, 34), (9, 35), (40, 65), (64, 97)])
    func theSameAsDecodingThenComparing(width: Int, height: Int) throws {
        for alpha in [false, true] {
            let a = DiffOverExpectedTests.image(width: width, height: height, seed: UInt64(width * 31 + height), alpha: alpha)
            for b in [DiffOverExpectedTests.changed(a, seed: UInt64(height)), a] {
                let files = (Self.png(a), Self.png(b))
                let decoded = (try PNGDecoder.decode(files.0), try PNGDecoder.decode(files.1))
                #expect(decoded.0.pixels == a.pixels && decoded.1.pixels == b.pixels)
                let rows = DiffOverExpectedTests.rows(a, b)
                let count = try Pixelmatch.compare(a, b).differing
                for serial in [false, true] {
                    for counting in [false, true] {
                        let piped = try #require(
                            try RowPipelinedPair.compare(
                                files, names: Self.names, options: CompareOptions(), count: counting, serial: serial))
                        #expect(piped.expected.pixels == a.pixels, "\(width)×\(height) serial \(serial)")
                        #expect(piped.actual.pixels == b.pixels)
                        #expect(piped.differingRows == rows)
                        #expect(piped.differing == (counting ? count : nil))
                    }
                }
            }
        }
    }

    /// Other layouts, and images of two sizes, are decoded the usual way.
    @Test func otherLayoutsAreLeftToTheUsualDecoding() throws {
        let a = DiffOverExpectedTests.image(width: 12, height: 9, seed: 1)
        let rgba = Self.png(a)
        let others = [
            Self.png(a, colorType: 2), Self.png(a, bitDepth: 16), Self.png(a, interlaced: true),
            Self.png(DiffOverExpectedTests.image(width: 12, height: 10, seed: 1))
        ]
        for other in others {
            #expect(try RowPipelinedPair.compare((rgba, other), names: Self.names, options: CompareOptions(), count: true) == nil)
            #expect(try RowPipelinedPair.compare((other, rgba), names: Self.names, options: CompareOptions(), count: true) == nil)
        }
    }

    /// A row with an unknown filter type (found only when that row is reached) fails the run
    /// with the error of that file alone, the expected file's first, on two threads or one;
    /// the other image's thread stops instead of waiting.
    @Test(arguments: [0, 20, 69])
    func aBadRowFailsWithThatFilesError(row: Int) throws {
        let a = DiffOverExpectedTests.image(width: 21, height: 70, seed: 5, alpha: true)
        let good = Self.png(a)
        var filters = [UInt8](repeating: 2, count: 70)
        filters[row] = 9
        let bad = Self.png(a, filters: filters)
        let expected = "filter type 9 in row \(row)"
        for serial in [false, true] {
            for counting in [false, true] {
                for (files, file) in [((bad, good), "expected.png"), ((good, bad), "actual.png"), ((bad, bad), "expected.png")] {
                    do {
                        _ = try RowPipelinedPair.compare(
                            files, names: Self.names, options: CompareOptions(), count: counting, serial: serial)
                        Issue.record("no error for a bad row \(row) in \(file)")
                    } catch {
                        let text = "\(error)"
                        #expect(text.contains(file) && text.contains(expected), "\(text)")
                    }
                }
            }
        }
    }

    /// `compare` of RGBA files on two threads (rows compared as decoded) and on one (decoded,
    /// then compared): the same outcome and the same diff image, with a diff, a diff mask, or none.
    @Test func compareOnTwoThreadsIsCompareOnOne() throws {
        let folder = try CompareRunnerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let a = DiffOverExpectedTests.image(width: 50, height: 77, seed: 3, alpha: true)
        let pairs: [(RGBAImage, RGBAImage)] = [
            (a, DiffOverExpectedTests.changed(a, seed: 4)), (a, a),
            (a, DiffOverExpectedTests.image(width: 50, height: 77, seed: 8))
        ]
        for (index, (first, second)) in pairs.enumerated() {
            let expectedPath = folder + "/e\(index).png", actualPath = folder + "/a\(index).png"
            try Data(Self.png(first)).write(to: URL(fileURLWithPath: expectedPath))
            try Data(Self.png(second, filters: [4, 3, 2, 1, 0])).write(to: URL(fileURLWithPath: actualPath))
            let pair = CompareRunner.FramePair(name: "f\(index).png", expected: expectedPath, actual: actualPath)
            for (wantDiff, mask) in [(false, false), (true, false), (true, true)] {
                var options = CompareOptions()
                options.pixelmatch.diffMask = mask
                let one = CompareRunner.compare(pair, options: options, wantDiff: wantDiff, threads: 1)
                let two = CompareRunner.compare(pair, options: options, wantDiff: wantDiff, threads: 2)
                #expect(one.error == nil && two.error == nil)
                #expect(one.comparison == two.comparison, "pair \(index) diff \(wantDiff) mask \(mask)")
                #expect(one.diffPNG == two.diffPNG)
                #expect((one.diffPNG != nil) == (wantDiff && (one.comparison?.differing ?? 0) > 0))
            }
        }
    }
}
