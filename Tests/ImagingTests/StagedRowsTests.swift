import Foundation
@testable import Imaging
import Testing

/// A compare of two opaque RGB files expands only the rows that differ and two either side:
/// the count and the diff image are the ones of the whole-image comparison.
@Suite struct StagedRowsTests {
    /// 64×48 opaque frame: light background, an anti-aliased diagonal edge (grey ramps), and
    /// `marks` (x, y) dark dots.
    static func frame(edgeShift: Int = 0, marks: [(Int, Int)] = []) -> RGBAImage {
        var image = RGBAImage(width: 64, height: 48, pixels: [UInt8](repeating: 250, count: 64 * 48 * 4))
        for y in 0..<48 {
            for x in 0..<64 {
                let d = x - y / 2 - 10 - (y >= 20 && y < 26 ? edgeShift : 0)
                let v = d < 0 ? 250 : d > 3 ? 20 : 250 - d * 60
                image.setPixel(x: x, y: y, UInt8(v), UInt8(v), UInt8(min(255, v + 5)))
            }
        }
        for (x, y) in marks { image.setPixel(x: x, y: y, 30, 60, 90) }
        return image
    }

    static func staged(_ image: RGBAImage) throws -> PNGStagedImage {
        try PNGDecoder.decodeStaged(PNGEncoder.fast.encode(image), file: "t.png", maxPixels: 1 << 20)
    }

    @Test func differingRowsAndTheRowsReadAroundThem() throws {
        let a = try Self.staged(Self.frame())
        let b = try Self.staged(Self.frame(marks: [(5, 0), (40, 30), (41, 47)]))
        let rows = try #require(PNGStagedImage.differingRows(a, b))
        #expect(rows.indices.filter { rows[$0] } == [0, 30, 47])
        let read = PNGStagedImage.rowsRead(differing: rows)
        #expect(read.indices.filter { read[$0] } == [0, 1, 2, 28, 29, 30, 31, 32, 45, 46, 47])
        // An RGBA image cannot be told from its rows.
        let rgba = try PNGDecoder.decodeStaged(
            PNGEncoder.fast.encode(
                RGBAImage(
                    width: 64, height: 48,
                    pixels: Self.frame().pixels.enumerated().map { $0.offset % 4 == 3 ? 254 : $0.element })),
            file: "t.png", maxPixels: 1 << 20)
        #expect(PNGStagedImage.differingRows(a, rgba) == nil)
    }

    @Test func partlyExpandedRowsEqualTheWholeDecode() throws {
        let image = Self.frame(marks: [(3, 3)])
        let read = (0..<48).map { $0 % 5 == 1 || $0 > 40 }
        let partial = try Self.staged(image).finish(rows: read)
        for y in 0..<48 where read[y] {
            #expect(partial.pixels[(y * 64 * 4)..<((y + 1) * 64 * 4)] == image.pixels[(y * 64 * 4)..<((y + 1) * 64 * 4)])
        }
    }

    @Test func compareOfRGBFilesMatchesTheWholeImageComparison() throws {
        let root = try CompareRunnerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = Self.frame(marks: [(50, 2)])
        let actual = Self.frame(edgeShift: 1, marks: [(12, 40), (60, 46), (0, 0)])
        try CompareRunnerTests.write(expected, "\(root)/a.png")
        try CompareRunnerTests.write(actual, "\(root)/b.png")
        for mask in [false, true] {
            var pixelmatch = PixelmatchOptions()
            pixelmatch.diffMask = mask
            let whole = try Pixelmatch.compare(expected, actual, options: pixelmatch, makeDiff: true)
            #expect(whole.differing > 0)
            let diffPath = "\(root)/diff-\(mask).png"
            let report = CompareRunner.run(
                expected: "\(root)/a.png", actual: "\(root)/b.png",
                options: CompareOptions(pixelmatch: pixelmatch, diffPath: diffPath))
            #expect(report.frames.first?.differing == whole.differing)
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: diffPath)))
            #expect(written == (try PNGEncoder.diff.encode(try #require(whole.diff))))
            for threads in [1, 2] {
                let plain = CompareRunner.run(
                    expected: "\(root)/a.png", actual: "\(root)/b.png",
                    options: CompareOptions(pixelmatch: pixelmatch, threads: threads))
                #expect(plain.frames.first?.differing == whole.differing)
            }
        }
    }
}
