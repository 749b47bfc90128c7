import Foundation
import Imaging
import Rendering
import Testing
@testable import Recording
@testable import ScrollEngine
import Support

/// Record → compare → perturb → verify → update, through the library and the built CLI.
@MainActor
@Suite struct GoldenWorkflowTests {
    static let scenarioText = """
        {"scene": "list", "size": [200, 300], "scale": 1, "fps": 20, "duration": 0.6, "rows": 60,
         "events": [{"at": 0.05, "drag": {"from": [100, 250], "to": [100, 120], "duration": 0.2}}]}
        """

    func temp(_ name: String = "") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-goldens-\(name)\(UUID().uuidString)")
    }

    func record(into dir: URL) async throws -> Scenario {
        let s = try ScenarioParser.parse(Self.scenarioText)
        var o = RecordOptions()
        o.progress = false
        try await Recorder(renderer: CairoRenderer()).record(s, to: dir, options: o)
        return s
    }

    /// Only the frames, for folder comparisons.
    func framesOnly(_ dir: URL) throws {
        for name in ["plot.png", "contact-sheet.png"] { try FileManager.default.removeItem(at: dir.appendingPathComponent(name)) }
    }

    @Test func twoRecordingsCompareIdentical() async throws {
        let a = temp(), b = temp()
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        let s = try await record(into: a)
        _ = try await record(into: b)
        try framesOnly(a); try framesOnly(b)
        let report = CompareRunner.run(expected: a.path, actual: b.path)
        #expect(report.errors.isEmpty)
        #expect(report.frames.count == s.frameCount)
        #expect(report.frames.allSatisfy { $0.identical && $0.match })
        #expect(report.exitCode == 0)
    }

    /// Finds an 8×8 block of one colour (so a change there has an exact pixel count).
    func uniformBlock(_ img: RGBAImage, side: Int = 8) -> (Int, Int)? {
        for y in stride(from: 0, to: img.height - side, by: 4) {
            for x in stride(from: img.width / 2, to: img.width - side, by: 4) {
                let first = Array(img.pixels[(y * img.width + x) * 4..<(y * img.width + x) * 4 + 4])
                var same = true
                for yy in y..<(y + side) where same {
                    for xx in x..<(x + side) where Array(img.pixels[(yy * img.width + xx) * 4..<(yy * img.width + xx) * 4 + 4]) != first {
                        same = false; break
                    }
                }
                if same { return (x, y) }
            }
        }
        return nil
    }

    @Test func perturbedFramesFailWithTheirCountAndADiffImage() async throws {
        let a = temp(), b = temp(), diffs = temp("diff-")
        defer { for d in [a, b, diffs] { try? FileManager.default.removeItem(at: d) } }
        _ = try await record(into: a)
        try framesOnly(a)
        try FileManager.default.copyItem(at: a, to: b)
        let name = Recorder.frameName(6)
        let original = try PNGDecoder.decodeFile(atPath: a.appendingPathComponent(name).path)

        // A colour change: an 8×8 flat block painted red → exactly 64 differing pixels.
        var changed = original
        let (bx, by) = try #require(uniformBlock(original))
        for y in by..<(by + 8) {
            for x in bx..<(bx + 8) {
                changed.pixels.replaceSubrange((y * original.width + x) * 4..<(y * original.width + x) * 4 + 4, with: [255, 0, 0, 255])
            }
        }
        try Data(PNGEncoder.fast.encode(changed)).write(to: b.appendingPathComponent(name))
        var options = CompareOptions(diffPath: diffs.path)
        var report = CompareRunner.run(expected: a.path, actual: b.path, options: options)
        #expect(report.exitCode == 1)
        #expect(report.failed == 1)
        #expect(report.frames.first { !$0.match }?.name == name)
        #expect(report.frames.first { !$0.match }?.differing == 64)
        let diff = try PNGDecoder.decodeFile(atPath: diffs.appendingPathComponent(name).path)
        #expect(diff.width == original.width && diff.height == original.height)
        options.maxDiffPixels = 65
        #expect(CompareRunner.run(expected: a.path, actual: b.path, options: options).exitCode == 0)
        options.maxDiffPixels = 63
        #expect(CompareRunner.run(expected: a.path, actual: b.path, options: options).exitCode == 1)

        // A 1-px shift to the right: some pixels differ, never more than the bytes that changed.
        var shifted = original
        for y in 0..<original.height {
            for x in stride(from: original.width - 1, to: 0, by: -1) {
                let dst = (y * original.width + x) * 4, src = dst - 4
                shifted.pixels.replaceSubrange(dst..<dst + 4, with: original.pixels[src..<src + 4])
            }
        }
        var changedPixels = 0
        for i in 0..<original.pixelCount where original.pixels[i * 4..<i * 4 + 4] != shifted.pixels[i * 4..<i * 4 + 4] {
            changedPixels += 1
        }
        try Data(PNGEncoder.fast.encode(shifted)).write(to: b.appendingPathComponent(name))
        report = CompareRunner.run(expected: a.path, actual: b.path, options: CompareOptions(diffPath: diffs.path))
        let count = try #require(report.frames.first { !$0.match }?.differing)
        #expect(report.exitCode == 1)
        #expect(count > 0 && count <= changedPixels)
        #expect(CompareRunner.run(expected: a.path, actual: b.path, options: CompareOptions(maxDiffPixels: count)).exitCode == 0)
    }

    func verifier(_ goldens: URL, _ frames: KeyframeSelection, update: RecordMode = .none) -> GoldenVerifier.Options {
        var o = GoldenVerifier.Options(goldens: goldens)
        o.frames = frames
        o.update = update
        return o
    }

    /// Every file in a folder with its bytes.
    func snapshot(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        // The manifest of what the tool wrote is bookkeeping, not a golden or a recording file.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where name != ResultFolder.manifestName {
            out[name] = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path)
        }
        return out
    }

    @Test func missingGoldenFailsThenUpdateThenVerifyPasses() async throws {
        let goldens = temp()
        defer { try? FileManager.default.removeItem(at: goldens) }
        let s = try ScenarioParser.parse(Self.scenarioText)
        var outcome = try await GoldenVerifier().run(s, options: verifier(goldens, .every(5)))
        #expect(outcome.exitCode == 1)
        #expect(outcome.missing == ["frame-00000.png", "frame-00005.png", "frame-00010.png", "frame-00012.png"])
        #expect(outcome.text.contains("frame-00005.png: missing golden"))
        #expect(!FileManager.default.fileExists(atPath: goldens.path))

        outcome = try await GoldenVerifier().run(s, options: verifier(goldens, .every(5), update: .all))
        #expect(outcome.exitCode == 0)
        #expect(outcome.written?.created.count == 4)
        // Only the goldens: verify's folder is one swap, and it writes no stack record beside it.
        #expect(snapshot(goldens).keys.sorted() == ["frame-00000.png", "frame-00005.png", "frame-00010.png", "frame-00012.png"])

        outcome = try await GoldenVerifier().run(s, options: verifier(goldens, .every(5)))
        #expect(outcome.exitCode == 0)
        #expect(outcome.report.passed == 4)

        // A second update with nothing changed rewrites nothing.
        outcome = try await GoldenVerifier().run(s, options: verifier(goldens, .list([0, 5]), update: .all))
        #expect(outcome.written?.unchanged == ["frame-00000.png", "frame-00005.png"])

        // A golden that differs is a mismatch.
        let moved = try PNGDecoder.decodeFile(atPath: goldens.appendingPathComponent("frame-00010.png").path)
        try Data(PNGEncoder.fast.encode(moved)).write(to: goldens.appendingPathComponent("frame-00005.png"))
        outcome = try await GoldenVerifier().run(s, options: verifier(goldens, .list([5, 10])))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.failed == 1)
    }

    @Test func failedRecordingLeavesGoldensUntouched() async throws {
        let goldens = temp(), blocker = temp("file-")
        defer { try? FileManager.default.removeItem(at: goldens); try? FileManager.default.removeItem(at: blocker) }
        let s = try ScenarioParser.parse(Self.scenarioText)
        _ = try await GoldenVerifier().run(s, options: verifier(goldens, .list([0, 6]), update: .all))
        // Make the goldens stale so an update would change them.
        try Data("stale".utf8).write(to: goldens.appendingPathComponent("frame-00006.png"))
        let before = snapshot(goldens)

        // The recording's output folder cannot be written (its parent is a regular file).
        try Data("not a folder".utf8).write(to: blocker)
        var o = verifier(goldens, .list([0, 6, 12]), update: .all)
        o.out = blocker.appendingPathComponent("frames")
        await #expect(throws: (any Error).self) { try await GoldenVerifier().run(s, options: o) }
        #expect(snapshot(goldens) == before)

        // A golden that cannot be replaced (a folder in its place) stops the whole set: the
        // other stale golden is not rewritten and no temporary file is left.
        try FileManager.default.createDirectory(at: goldens.appendingPathComponent("frame-00012.png"), withIntermediateDirectories: false)
        let withBlocker = snapshot(goldens)
        await #expect(throws: GoldenWriter.Failure.self) {
            try await GoldenVerifier().run(s, options: verifier(goldens, .list([0, 6, 12]), update: .all))
        }
        #expect(snapshot(goldens).keys.sorted() == withBlocker.keys.sorted())
        #expect(snapshot(goldens)["frame-00006.png"] == Data("stale".utf8))
    }

    @Test func recordWritesPlotAndContactSheet() async throws {
        let dir = temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try await record(into: dir)
        let sheet = try PNGDecoder.decodeFile(atPath: dir.appendingPathComponent("contact-sheet.png").path)
        let plot = try PNGDecoder.decodeFile(atPath: dir.appendingPathComponent("plot.png").path)
        let cells = ContactSheet.pick(frameCount: s.frameCount).count
        #expect(cells == min(24, s.frameCount))
        #expect(sheet.width > 0 && sheet.height > 0)
        #expect(plot.width == 1600 && plot.height == 900)
        #expect(ContactSheet.pick(frameCount: 181).count == 24)
        #expect(ContactSheet.pick(frameCount: 181).first == 0 && ContactSheet.pick(frameCount: 181).last == 180)

        let noPNG = temp()
        defer { try? FileManager.default.removeItem(at: noPNG) }
        var o = RecordOptions()
        o.writePNG = false
        o.progress = false
        try await Recorder(renderer: CairoRenderer()).record(s, to: noPNG, options: o)
        #expect(snapshot(noPNG).keys.sorted() == ["plot.png", "trace.jsonl"])
    }

    @Test func plotHasBandsForRefreshStatesAndEventMarkers() async throws {
        let s = try ScenarioParser.parse(
            """
            {"scene": "coordinator", "size": [240, 400], "scale": 1, "fps": 30, "duration": 2.5, "spinner": "seed",
             "refresh": {"duration": 0.5},
             "events": [{"at": 0.1, "drag": {"from": [120, 60], "to": [120, 330], "duration": 0.4}},
                        {"at": 2.0, "wheel": {"dy": -1, "precise": false}}, {"at": 2.02, "wheel": {"dy": -1, "precise": false}},
                        {"at": 2.2, "key": "End"}]}
            """)
        let pictures = RecordingPictures(scenario: s, contactSheet: false)
        try await Recorder(renderer: CairoRenderer()).drive(s) { i, t, session, _ in
            try pictures.add(frame: i, t: t, fields: session.traceFields(), surface: nil)
        }
        let plot = pictures.plot()
        let states = plot.bands.map(\.label)
        #expect(states.contains("refreshing") && states.contains("completing"))
        #expect(states.contains("pulling") || states.contains("triggered"))
        #expect(plot.markers.map(\.label) == ["drag", "wheel -1", "End"])
        #expect(plot.series.first?.count == s.frameCount)
    }

    // MARK: the built CLI

    func binary() -> URL? { CommandLineRunner.binary("overscroll") }

    func runCLI(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        let r = try CommandLineRunner.run(args)
        return (r.status, r.out, r.err)
    }

    @Test func verifyCommandEndToEnd() throws {
        // `make test` builds every product before testing: a missing binary is a failure.
        try #require(binary() != nil, "overscroll binary not found next to the test bundle (run `swift build` first)")
        let dir = temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let scenario = dir.appendingPathComponent("s.json")
        try Data(Self.scenarioText.utf8).write(to: scenario)
        let goldens = dir.appendingPathComponent("goldens").path
        var r = try runCLI(["verify", scenario.path, "--goldens", goldens, "--frames", "0,6"])
        #expect(r.status == 1)
        #expect(r.out.contains("frame-00006.png: missing golden"))
        r = try runCLI(["verify", scenario.path, "--goldens", goldens, "--frames", "0,6", "--update"])
        #expect(r.status == 0)
        r = try runCLI([
            "verify", scenario.path, "--goldens", goldens, "--frames", "0,6", "--report", dir.appendingPathComponent("report").path
        ])
        #expect(r.status == 0)
        #expect(r.out.contains("2 passed, 0 failed"))
        r = try runCLI(["verify", scenario.path, "--goldens", goldens, "--frames", "every:x"])
        #expect(r.status == 2)
        #expect(r.err.contains("--frames"))
        r = try runCLI(["verify", scenario.path, "--goldens", goldens, "--frames", "99"])
        #expect(r.status == 2)
        #expect(r.err.contains("frame 99"))
        r = try runCLI(["verify", scenario.path])
        #expect(r.status == 2 && r.err.contains("--goldens"))
    }
}
