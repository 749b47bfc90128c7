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
        // Against an RGBA image, every row differs where the alpha does.
        let rgba = try PNGDecoder.decodeStaged(
            PNGEncoder.fast.encode(
                RGBAImage(
                    width: 64, height: 48,
                    pixels: Self.frame().pixels.enumerated().map { $0.offset % 4 == 3 ? 254 : $0.element })),
            file: "t.png", maxPixels: 1 << 20)
        #expect(PNGStagedImage.differingRows(a, rgba) == [Bool](repeating: true, count: 48))
        // Two RGBA images are not told from their rows.
        #expect(PNGStagedImage.differingRows(rgba, rgba) == nil)
    }

    /// An RGB file against an RGBA file (opaque, or with some alpha): rows are told apart on the
    /// RGB rows, in any number of bands, as the finished images' rows are.
    @Test func rgbRowsAgainstRGBAPixels() throws {
        let height = 200
        var base = RGBAImage(width: 37, height: height)
        for y in 0..<height {
            for x in 0..<37 { base.setPixel(x: x, y: y, UInt8((x * 7 + y) % 256), UInt8(y % 256), UInt8((x * y) % 256)) }
        }
        var changed = base
        for (x, y) in [(0, 0), (36, 63), (5, 64), (20, 130), (36, 199)] { changed.setPixel(x: x, y: y, 1, 2, 3) }
        changed.setPixel(x: 9, y: 100, 0, 0, 0, 200)
        let rgb = base.pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        let rgbWriter = TestPNGWriter(
            width: 37, height: height, bitDepth: 8, colorType: 2,
            samples: stride(from: 0, to: rgb.count, by: 3).map { [Int(rgb[$0]), Int(rgb[$0 + 1]), Int(rgb[$0 + 2])] })
        let rgbaWriter = TestPNGWriter(
            width: 37, height: height, bitDepth: 8, colorType: 6,
            samples: stride(from: 0, to: changed.pixels.count, by: 4).map { i in (0..<4).map { Int(changed.pixels[i + $0]) } })
        let whole = (0..<height).map { y in
            base.pixels[(y * 148)..<((y + 1) * 148)] != changed.pixels[(y * 148)..<((y + 1) * 148)]
        }
        #expect(whole.indices.filter { whole[$0] } == [0, 63, 64, 100, 130, 199])
        for threads in [1, 2, 3] {
            let a = try PNGDecoder.decodeStaged(rgbWriter.data(), file: "a.png", maxPixels: 1 << 20)
            let b = try PNGDecoder.decodeStaged(rgbaWriter.data(), file: "b.png", maxPixels: 1 << 20)
            #expect(PNGStagedImage.differingRows(a, b, threads: threads) == whole)
            #expect(PNGStagedImage.differingRows(b, a, threads: threads) == whole)
            let same = try PNGDecoder.decodeStaged(rgbWriter.data(), file: "c.png", maxPixels: 1 << 20)
            #expect(PNGStagedImage.differingRows(a, same, threads: threads) == [Bool](repeating: false, count: height))
        }
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

    /// An RGB file against an RGBA file of the same pixels is a match of identical pixels; with a
    /// few pixels changed, the count and the diff image are the whole-image comparison's, either
    /// way round, with one thread or two.
    @Test func compareOfRGBAgainstRGBAFilesMatchesTheWholeImageComparison() throws {
        let root = try CompareRunnerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = Self.frame(marks: [(50, 2)])
        let actual = Self.frame(edgeShift: 1, marks: [(12, 40), (60, 46), (0, 0)])
        func write(_ image: RGBAImage, rgba: Bool, _ path: String) throws {
            let channels = rgba ? 4 : 3
            let writer = TestPNGWriter(
                width: image.width, height: image.height, bitDepth: 8, colorType: rgba ? 6 : 2,
                samples: stride(from: 0, to: image.pixels.count, by: 4).map { i in (0..<channels).map { Int(image.pixels[i + $0]) } })
            try Data(writer.data()).write(to: URL(fileURLWithPath: path))
        }
        try write(expected, rgba: false, "\(root)/a-rgb.png")
        try write(expected, rgba: true, "\(root)/a-rgba.png")
        try write(actual, rgba: false, "\(root)/b-rgb.png")
        try write(actual, rgba: true, "\(root)/b-rgba.png")
        for threads in [1, 2] {
            let same = CompareRunner.run(
                expected: "\(root)/a-rgb.png", actual: "\(root)/a-rgba.png",
                options: CompareOptions(diffPath: "\(root)/same.png", threads: threads))
            #expect(same.frames.first?.identical == true && same.frames.first?.differing == 0)
            #expect(!FileManager.default.fileExists(atPath: "\(root)/same.png"))
        }
        for (first, second, a, b) in [
            ("a-rgb", "b-rgba", expected, actual), ("a-rgba", "b-rgb", expected, actual), ("b-rgb", "a-rgba", actual, expected)
        ] {
            for mask in [false, true] {
                var pixelmatch = PixelmatchOptions()
                pixelmatch.diffMask = mask
                let whole = try Pixelmatch.compare(a, b, options: pixelmatch, makeDiff: true)
                #expect(whole.differing > 0)
                for threads in [1, 2] {
                    let diffPath = "\(root)/diff-\(first)-\(mask)-\(threads).png"
                    let report = CompareRunner.run(
                        expected: "\(root)/\(first).png", actual: "\(root)/\(second).png",
                        options: CompareOptions(pixelmatch: pixelmatch, diffPath: diffPath, threads: threads))
                    #expect(report.frames.first?.differing == whole.differing)
                    #expect(try PNGDecoder.decodeFile(atPath: diffPath).pixels == whole.diff?.pixels)
                    let plain = CompareRunner.run(
                        expected: "\(root)/\(first).png", actual: "\(root)/\(second).png",
                        options: CompareOptions(pixelmatch: pixelmatch, threads: threads))
                    #expect(plain.frames.first?.differing == whole.differing)
                }
            }
        }
    }
}
