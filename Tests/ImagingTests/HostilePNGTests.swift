#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import Imaging
import Testing
import Support

/// Hostile and corrupt PNG input: claims the data cannot back, the pixel cap, escaped
/// file-derived text, and pairs of identical corrupt files.
@Suite struct HostilePNGTests {
    /// A PNG of the given IHDR fields whose IDAT holds only a few stored bytes.
    static func bogusPNG(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8) -> [UInt8] {
        var png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        png += TestPNGWriter.chunk("IHDR", TestPNGWriter.u32(width) + TestPNGWriter.u32(height) + [bitDepth, colorType, 0, 0, 0])
        png += TestPNGWriter.chunk("IDAT", TestPNGWriter.storedZlib([0, 0, 0, 0, 0, 0]))
        png += TestPNGWriter.chunk("IEND", [])
        return png
    }

    /// Peak resident memory of this process so far, in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    @Test func hugeClaimInATinyFileFailsBeforeAllocating() throws {
        let png = Self.bogusPNG(width: 16384, height: 16384, bitDepth: 16, colorType: 6)
        #expect(png.count == 74)
        // With the default cap the size alone is refused, naming the cap.
        do {
            _ = try PNGDecoder.decode(png, file: "huge.png")
            Issue.record("a 16384×16384 image must be refused")
        } catch let error as ImagingError {
            #expect(
                error.description == "huge.png: image too large (16384×16384 = 268435456 pixels, over the --max-pixels cap of 100000000)")
        }
        // With the cap lifted, the 17 bytes of image data cannot hold 2 GiB of rows: refused
        // before anything that size is allocated (peak memory does not grow by the claim).
        let before = Self.peakResidentBytes()
        do {
            _ = try PNGDecoder.decode(png, file: "huge.png", maxPixels: 1 << 30)
            Issue.record("a 16384×16384 claim backed by 17 bytes must fail")
        } catch let error as ImagingError {
            #expect(
                error.description.hasPrefix("huge.png: truncated PNG (17 bytes of compressed image data cannot hold 16384×16384 pixels"),
                "\(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(Self.peakResidentBytes() - before < 512 << 20)
        // A claim whose byte count overflows is refused the same way, not trapped.
        let absurd = Self.bogusPNG(width: Int(Int32.max), height: Int(Int32.max), bitDepth: 16, colorType: 6)
        #expect(throws: ImagingError.self) { try PNGDecoder.decode(absurd, file: "absurd.png", maxPixels: .max) }
    }

    @Test func imageDataEndingEarlyFailsAsTruncated() throws {
        // 300×300 RGB of stored blocks, cut inside the data: the decoder stops where it ends.
        let samples = [[Int]](repeating: [1, 2, 3], count: 300 * 300)
        let writer = TestPNGWriter(width: 300, height: 300, bitDepth: 8, colorType: 2, samples: samples)
        var png = writer.data()
        // Keep the first IDAT chunk whole and drop the second (and IEND).
        let firstIDATEnd = png.indices.first { i in
            i + 8 < png.count && Array(png[(i + 4)..<(i + 8)]) == Array("IDAT".utf8)
        }.map { i -> Int in
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            return i + 12 + length
        }!
        png = Array(png[..<firstIDATEnd])
        do {
            _ = try PNGDecoder.decode(png, file: "cut.png")
            Issue.record("half the image data must fail")
        } catch let error as ImagingError {
            #expect(error.description.hasPrefix("cut.png: truncated PNG"), "\(error)")
        }
    }

    /// A FIFO nobody writes to (found by the tree-invariant test, `compare × fifoAtInput`): it
    /// was reported as "truncated PNG (file ends inside the signature)"; it is named as a FIFO.
    @Test func anEmptyFIFOIsNamedAsAFIFO() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-fifo-\(UUID().uuidString).png").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: ImagingError.io(file: path, detail: "is a FIFO and nothing was written to it")) {
            _ = try PNGDecoder.decodeFile(atPath: path)
        }
    }

    @Test func maxPixelsFlagCapsEveryImageAndIsNamed() throws {
        let root = try CompareRunnerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try CompareRunnerTests.write(CompareRunnerTests.frame(), "\(root)/a.png")
        try CompareRunnerTests.write(CompareRunnerTests.frame(shift: 1), "\(root)/b.png")
        try FileManager.default.copyItem(atPath: "\(root)/a.png", toPath: "\(root)/a-copy.png")
        for other in ["b.png", "a-copy.png"] {
            let run = CompareRunnerTests.run(["\(root)/a.png", "\(root)/\(other)", "--max-pixels", "2999"])
            #expect(run.status == 2)
            #expect(run.err.contains("60×50 = 3000 pixels, over the --max-pixels cap of 2999"), "\(run.err)")
            #expect(run.err.split(separator: "\n").count == 1, "\(run.err)")
        }
        #expect(CompareRunnerTests.run(["\(root)/a.png", "\(root)/b.png", "--max-pixels", "3000"]).status == 1)
        #expect(
            CompareRunnerTests.run(["\(root)/a.png", "\(root)/b.png", "--max-pixels", "0"]).err
                .contains("--max-pixels must be a whole number ≥ 1, got '0'"))
    }

    @Test func identicalCorruptFilesAreAnErrorNotAMatch() throws {
        let root = try CompareRunnerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var png = try PNGEncoder.fast.encode(CompareRunnerTests.frame())
        png[png.count - 20] ^= 0x40  // inside the IDAT payload: its CRC no longer matches
        let cases: [(name: String, bytes: [UInt8], message: String)] = [
            ("crc", png, "CRC mismatch in IDAT chunk"),
            ("text", Array("not a png at all".utf8), "not a PNG file"),
            ("header", Array(png.prefix(20)), "truncated PNG")
        ]
        for item in cases {
            let a = "\(root)/\(item.name)-a.png", b = "\(root)/\(item.name)-b.png"
            try Data(item.bytes).write(to: URL(fileURLWithPath: a))
            try Data(item.bytes).write(to: URL(fileURLWithPath: b))
            let run = CompareRunnerTests.run([a, b])
            #expect(run.status == 2, "\(item.name): \(run.out)")
            #expect(run.err.contains(item.message), "\(item.name): \(run.err)")
        }
    }

    @Test func chunkTypesAndNamesAreEscapedInErrors() throws {
        var png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        png += TestPNGWriter.chunk("IHDR", TestPNGWriter.u32(1) + TestPNGWriter.u32(1) + [8, 2, 0, 0, 0])
        // A critical chunk whose type is an ANSI colour escape.
        let hostile = "\u{1B}[31"
        png += TestPNGWriter.chunk(hostile, [0])
        do {
            _ = try PNGDecoder.decode(png, file: "red\u{7}.png")
            Issue.record("an unknown critical chunk must be refused")
        } catch let error as ImagingError {
            #expect(error.description == "red\\x07.png: unsupported PNG (unknown critical chunk \\x1B[31)")
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
        // The same chunk with a broken CRC is reported escaped too.
        png[png.count - 1] ^= 1
        #expect(throws: ImagingError.self) { try PNGDecoder.decode(png, file: "x.png") }
        do { _ = try PNGDecoder.decode(png, file: "x.png") } catch {
            #expect("\(error)" == "x.png: CRC mismatch in \\x1B[31 chunk")
        }
        #expect(TerminalText.escaped("a\u{1B}b\u{9B}c\td é") == "a\\x1Bb\\x9Bc\\td é")
        #expect(TerminalText.escaped(bytes: [0x49, 0x00, 0xFF, 0x5C]) == "I\\x00\\xFF\\x5C")
    }

    @Test func frameNamesAreEscapedInTheTextReport() {
        let report = CompareReport(frames: [
            FrameComparison(
                name: "f\u{1B}]0;x.png", width: 1, height: 1, differing: 1,
                identical: false, match: false)
        ])
        #expect(report.text.hasPrefix("f\\x1B]0;x.png: 1 differing pixels"))
    }

    @Test func parallelPairsFollowTheMemoryBudgetNotTheCores() throws {
        let root = try CompareRunnerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var pairs: [CompareRunner.FramePair] = []
        for i in 0..<4 {
            try CompareRunnerTests.write(CompareRunnerTests.frame(), "\(root)/a\(i).png")
            try CompareRunnerTests.write(CompareRunnerTests.frame(shift: 1), "\(root)/b\(i).png")
            pairs.append(.init(name: "f\(i).png", expected: "\(root)/a\(i).png", actual: "\(root)/b\(i).png"))
        }
        let one = CompareRunner.estimatedBytes(pairs[0], wantDiff: false, maxPixels: PNGDecoder.defaultMaxPixels)
        // Both 60×50 images' pixels (4 bytes each) at least.
        #expect(one >= 2 * 60 * 50 * 4)
        var options = CompareOptions(threads: 64)
        options.memoryBudget = one
        #expect(CompareRunner.parallelPairs(pairs, options: options, wantDiff: false) == 1)
        options.memoryBudget = one * 5 / 2
        #expect(CompareRunner.parallelPairs(pairs, options: options, wantDiff: false) == 2)
        options.memoryBudget = one / 10
        #expect(CompareRunner.parallelPairs(pairs, options: options, wantDiff: false) == 1)
        options.memoryBudget = .max
        #expect(CompareRunner.parallelPairs(pairs, options: options, wantDiff: false) == 4)
        options.threads = 3
        #expect(CompareRunner.parallelPairs(pairs, options: options, wantDiff: false) == 3)
        // The results do not depend on it.
        options.memoryBudget = one
        let report = CompareRunner.run(pairs: pairs, options: options)
        #expect(report.frames.map(\.differing) == [Int](repeating: report.frames[0].differing, count: 4))
        #expect(report.frames[0].differing > 0)
    }

    @Test func fastUnfilterEqualsTheReference() {
        var random = SeededRandom(state: 7)
        for stride in 1...8 {
            for filter in PNGFilter.allCases {
                for withPrevious in [false, true] {
                    let count = stride * Int.random(in: 1...40, using: &random)
                    let previous = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
                    let row = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
                    var expected = row, actual = row
                    previous.withUnsafeBufferPointer { above in
                        let p = withPrevious ? above.baseAddress : nil
                        expected.withUnsafeMutableBufferPointer {
                            filter.unfilter(row: $0.baseAddress!, previous: p, count: count, stride: stride)
                        }
                        actual.withUnsafeMutableBufferPointer {
                            PNGUnfilter.unfilter(filter, row: $0.baseAddress!, previous: p, count: count, stride: stride)
                        }
                    }
                    #expect(actual == expected, "stride \(stride) \(filter) previous \(withPrevious)")
                }
            }
        }
    }
}

extension HostilePNGTests {
    @Test func endlessDeviceIsRefusedAfterItsFirstBytes() {
        let run = CompareRunnerTests.run(["/dev/zero", "/dev/zero"])
        #expect(run.status == 2)
        #expect(run.err.contains("/dev/zero: not a PNG file"), "\(run.err)")
    }
}
