import CompareCommand
import Foundation
import Imaging
import Testing
import Support

/// `compare` on files and folders: fast path, perturbed frames, tolerance, outputs and errors.
@Suite struct CompareRunnerTests {
    /// A fresh temporary directory, removed by the caller via `defer`.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imaging-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// White 60×50 frame with a black 20×30 rectangle at (10 + shift, 10) and, optionally, a
    /// 5×4 block of blue at (40, 30).
    static func frame(shift: Int = 0, coloredBlock: Bool = false) -> RGBAImage {
        var image = RGBAImage(width: 60, height: 50, pixels: [UInt8](repeating: 255, count: 60 * 50 * 4))
        for y in 10..<40 { for x in (10 + shift)..<(30 + shift) { image.setPixel(x: x, y: y, 0, 0, 0) } }
        if coloredBlock {
            for y in 30..<34 { for x in 40..<45 { image.setPixel(x: x, y: y, 0, 0, 255) } }
        }
        return image
    }

    static func write(_ image: RGBAImage, _ path: String) throws {
        try AtomicFileWriter.write(PNGEncoder.fast.encode(image), toPath: path)
    }

    /// Runs the command line, capturing output.
    static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        final class Sink: @unchecked Sendable { var text = "" }
        let out = Sink(), err = Sink()
        let status = CompareCommandLine.run(
            arguments, standardOutput: { out.text += $0 },
            standardError: { err.text += $0 })
        return (status, out.text, err.text)
    }

    @Test func identicalFoldersMatch() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["a.png", "b.png"] {
            try Self.write(Self.frame(), "\(root)/expected/\(name)")
            try Self.write(Self.frame(), "\(root)/actual/\(name)")
        }
        let result = Self.run(["\(root)/expected", "\(root)/actual"])
        #expect(result.status == 0)
        #expect(result.out == "2 passed, 0 failed\n")
        let report = CompareRunner.run(expected: "\(root)/expected", actual: "\(root)/actual")
        #expect(report.frames.allSatisfy { $0.identical && $0.match && $0.width == 60 })
    }

    @Test func samePixelsDifferentBytesTakeTheFastPath() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try AtomicFileWriter.write(PNGEncoder.fast.encode(Self.frame()), toPath: "\(root)/a.png")
        try AtomicFileWriter.write(PNGEncoder.compact.encode(Self.frame()), toPath: "\(root)/b.png")
        let report = CompareRunner.run(expected: "\(root)/a.png", actual: "\(root)/b.png")
        #expect(report.exitCode == 0)
        #expect(report.frames.first?.identical == true)
    }

    @Test func onePixelShiftAndColourChangeAreCounted() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(Self.frame(), "\(root)/expected/f000.png")
        try Self.write(Self.frame(), "\(root)/expected/f001.png")
        try Self.write(Self.frame(), "\(root)/expected/f002.png")
        try Self.write(Self.frame(), "\(root)/actual/f000.png")
        try Self.write(Self.frame(shift: 1), "\(root)/actual/f001.png")  // 2 columns × 30 rows
        try Self.write(Self.frame(coloredBlock: true), "\(root)/actual/f002.png")  // 5 × 4 block
        let result = Self.run([
            "\(root)/expected", "\(root)/actual", "--diff", "\(root)/diff",
            "--report", "\(root)/report"
        ])
        #expect(result.status == 1)
        #expect(
            result.out == """
                f001.png: 60 differing pixels, ratio 0.020000
                f002.png: 20 differing pixels, ratio 0.006667
                1 passed, 2 failed

                """)
        #expect(result.err.isEmpty)

        // Diff images: red where the rectangle moved, gray elsewhere; none for the identical frame.
        let diff = try PNGDecoder.decodeFile(atPath: "\(root)/diff/f001.png")
        #expect(diff.pixel(x: 10, y: 20) == (255, 0, 0, 255))
        #expect(diff.pixel(x: 30, y: 20) == (255, 0, 0, 255))
        #expect(diff.pixel(x: 20, y: 20).r == diff.pixel(x: 20, y: 20).g)
        #expect(!FileManager.default.fileExists(atPath: "\(root)/diff/f000.png"))
        let blockDiff = try PNGDecoder.decodeFile(atPath: "\(root)/diff/f002.png")
        #expect(blockDiff.pixel(x: 42, y: 31) == (255, 0, 0, 255))

        // Report: self-contained, one section per mismatched frame with a slider.
        let html = try String(contentsOfFile: "\(root)/report/index.html", encoding: .utf8)
        #expect(html.contains("1 passed, 2 failed"))
        #expect(html.contains("type=\"range\""))
        #expect(!html.contains("http://") && !html.contains("https://"))
        for file in ["2-expected.png", "2-actual.png", "2-diff.png", "3-diff.png"] {
            #expect(FileManager.default.fileExists(atPath: "\(root)/report/images/\(file)"), "\(file)")
        }

        // JSON output for CI tools.
        let json = Self.run(["\(root)/expected", "\(root)/actual", "--json"])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        #expect(object?["passed"] as? Int == 1)
        #expect(object?["failed"] as? Int == 2)
        let frames = object?["frames"] as? [[String: Any]] ?? []
        #expect(frames.map { $0["name"] as? String } == ["f000.png", "f001.png", "f002.png"])
        #expect(frames.map { $0["differing"] as? Int } == [0, 60, 20])
        #expect(frames.map { $0["match"] as? Bool } == [true, false, false])
        #expect((frames[1]["ratio"] as? Double ?? 0) == 60.0 / 3000.0)

        // Tolerance: a count above the largest difference passes; a stricter ratio still fails.
        #expect(Self.run(["\(root)/expected", "\(root)/actual", "--max-diff-pixels", "60"]).status == 0)
        #expect(Self.run(["\(root)/expected", "\(root)/actual", "--max-diff-pixels", "59"]).status == 1)
        #expect(Self.run(["\(root)/expected", "\(root)/actual", "--max-diff-ratio", "0.02"]).status == 0)
        #expect(
            Self.run([
                "\(root)/expected", "\(root)/actual", "--max-diff-pixels", "100",
                "--max-diff-ratio", "0.01"
            ]).status == 1)
    }

    @Test func twoFilesWithDiffFile() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(Self.frame(), "\(root)/a.png")
        try Self.write(Self.frame(shift: 1), "\(root)/b.png")
        let result = Self.run([
            "\(root)/a.png", "\(root)/b.png", "--diff", "\(root)/out/diff.png",
            "--diff-color", "0,255,0", "--threshold", "0.2"
        ])
        #expect(result.status == 1)
        #expect(try PNGDecoder.decodeFile(atPath: "\(root)/out/diff.png").pixel(x: 10, y: 20) == (0, 255, 0, 255))
    }

    @Test func errorsExitWithStatusTwo() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(Self.frame(), "\(root)/a.png")
        try Self.write(RGBAImage(width: 10, height: 20), "\(root)/small.png")
        try AtomicFileWriter.write(text: "not a png", toPath: "\(root)/bad.png")
        try Self.write(Self.frame(), "\(root)/left/one.png")
        try Self.write(Self.frame(), "\(root)/left/two.png")
        try Self.write(Self.frame(), "\(root)/right/one.png")

        let size = Self.run(["\(root)/a.png", "\(root)/small.png"])
        #expect(size.status == 2)
        #expect(size.err.contains("60×50") && size.err.contains("10×20"))
        #expect(size.out.isEmpty)

        let unreadable = Self.run(["\(root)/a.png", "\(root)/bad.png"])
        #expect(unreadable.status == 2)
        #expect(unreadable.err == "overscroll compare: error: \(root)/bad.png: not a PNG file (bad signature)\n")

        let missingFile = Self.run(["\(root)/a.png", "\(root)/none.png"])
        #expect(missingFile.status == 2)
        #expect(missingFile.err.contains("none.png: no such file"))

        let missingFrame = Self.run(["\(root)/left", "\(root)/right"])
        #expect(missingFrame.status == 1, "a one-sided frame is a failure, not an error")
        #expect(missingFrame.out == "missing in ACTUAL: two.png\n1 passed, 1 failed\n")

        let mixed = Self.run(["\(root)/left", "\(root)/a.png"])
        #expect(mixed.status == 2)

        // Nothing is written when the run fails.
        _ = Self.run(["\(root)/a.png", "\(root)/small.png", "--diff", "\(root)/never.png"])
        #expect(!FileManager.default.fileExists(atPath: "\(root)/never.png"))
    }

    @Test func badFlagsExitWithStatusTwoNamingTheFlag() {
        let cases: [([String], String)] = [
            (["a.png", "b.png", "--threshold", "2"], "--threshold"),
            (["a.png", "b.png", "--threshold", "nan"], "--threshold"),
            (["a.png", "b.png", "--diff-color", "1,2"], "--diff-color"),
            (["a.png", "b.png", "--aa-color", "1,2,300"], "--aa-color"),
            (["a.png", "b.png", "--max-diff-pixels", "-1"], "--max-diff-pixels"),
            (["a.png", "b.png", "--max-diff-ratio", "1.5"], "--max-diff-ratio"),
            (["a.png", "b.png", "--alpha"], "--alpha"),
            (["a.png", "b.png", "--frobnicate"], "--frobnicate"),
            (["a.png", "b.png", "--json=yes"], "--json"),
            (["a.png"], "EXPECTED ACTUAL")
        ]
        for (arguments, flag) in cases {
            let result = Self.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.err.hasPrefix("overscroll compare: error: ") && result.err.contains(flag), "\(result.err)")
            #expect(result.err.filter { $0 == "\n" }.count == 1)
        }
        let help = Self.run(["--help"])
        #expect(help.status == 0 && help.out.hasPrefix("usage: overscroll compare"))
    }

    @Test func parsesEveryOption() throws {
        let parsed = try CompareCommandLine.parse([
            "e", "a", "--threshold=0.05", "--include-aa", "--alpha", "0.5", "--diff-color", "1,2,3",
            "--aa-color", "4,5,6", "--diff-color-alt", "7,8,9", "--diff-mask", "--max-diff-pixels", "10",
            "--max-diff-ratio", "0.25", "--diff", "d", "--report", "r", "--json"
        ])
        guard case .run(let invocation) = parsed else { Issue.record("expected a run"); return }
        let expected = PixelmatchOptions(
            threshold: 0.05, includeAA: true, alpha: 0.5, aaColor: RGBColor(4, 5, 6),
            diffColor: RGBColor(1, 2, 3), diffColorAlt: RGBColor(7, 8, 9), diffMask: true)
        #expect(invocation.options.pixelmatch == expected)
        #expect(invocation.options.maxDiffPixels == 10 && invocation.options.maxDiffRatio == 0.25)
        #expect(invocation.options.diffPath == "d" && invocation.options.reportDirectory == "r")
        #expect(invocation.json && invocation.expected == "e" && invocation.actual == "a")
    }

    @Test func toleranceStricterLimitWins() {
        #expect(CompareOptions().allows(differing: 0, total: 100))
        #expect(!CompareOptions().allows(differing: 1, total: 100))
        #expect(CompareOptions(maxDiffPixels: 5).allows(differing: 5, total: 100))
        #expect(!CompareOptions(maxDiffPixels: 5, maxDiffRatio: 0.01).allows(differing: 5, total: 100))
        #expect(!CompareOptions(maxDiffPixels: 1, maxDiffRatio: 0.5).allows(differing: 5, total: 100))
        #expect(CompareOptions(maxDiffRatio: 0.05).allows(differing: 5, total: 100))
    }
}
