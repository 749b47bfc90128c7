import Foundation
import Rendering
import ScrollEngine

/// Part 3: `overscroll record` of a 4 s, 60 fps scenario at 390×844 @2 writing every
/// frame, timed on the real binary as a multiple of real time; interleaved with the same run with
/// `--no-png` (render + trace only), plus the in-process cost of encoding one frame, to say where
/// the time goes.
@MainActor
enum RecordBench {
    struct Result {
        var seconds = 4.0
        var frames = 241
        var withPNG = Samples()
        var noPNG = Samples()
        /// CPU ms (user + system, all threads) of each run with PNGs.
        var cpuWithPNG = Samples()
        /// One frame's PNG encode (PNGEncoder.fast), ms, single thread.
        var encode = Samples()
        /// One frame's snapshot copy (ImageSurface.snapshot), ms.
        var snapshot = Samples()
        var pngBytesPerFrame = 0
        var skipped: String?
    }

    static let scenario = """
    {"scene": "list", "size": [390, 844], "scale": 2, "fps": 60, "duration": 4.0, "rows": 200,
     "events": [
       {"at": 0.20, "drag": {"from": [195, 700], "to": [195, 150], "duration": 0.2}},
       {"at": 2.00, "drag": {"from": [195, 150], "to": [195, 750], "duration": 0.25}},
       {"at": 3.20, "wheel": {"dy": -3.5, "precise": true}}]}
    """

    static func run(quick: Bool, work: URL) throws -> Result {
        var result = Result()
        guard let bin = ProcessRunner.overscrollPath else {
            result.skipped = "no overscroll binary beside the bench (swift build -c release --product overscroll)"
            return result
        }
        let fm = FileManager.default
        let scenarioURL = work.appendingPathComponent("record-scenario.json")
        try Data(scenario.utf8).write(to: scenarioURL)
        let outDir = work.appendingPathComponent("record-out")
        let reps = quick ? 1 : 3
        for rep in 0..<reps {
            for png in (rep % 2 == 0 ? [true, false] : [false, true]) {
                Log.progress("record: run \(rep + 1)/\(reps) \(png ? "with PNGs" : "--no-png")")
                try? fm.removeItem(at: outDir)
                var args = ["record", scenarioURL.path, "--out", outDir.path, "--no-progress"]
                if !png { args.append("--no-png") }
                let r = try ProcessRunner.run(bin, args)
                guard r.status == 0 else { throw BenchError("record failed (\(r.status)): \(r.stderr)") }
                if png {
                    let names = (try? fm.contentsOfDirectory(atPath: outDir.path)) ?? []
                    result.frames = names.filter { $0.hasPrefix("frame-") }.count
                    result.withPNG.add(r.wallMs)
                    result.cpuWithPNG.add(r.cpuMs)
                } else {
                    result.noPNG.add(r.wallMs)
                }
            }
        }
        try? fm.removeItem(at: outDir)

        // Where the time goes: encoding one frame on one thread.
        let c = FrameCase(width: 390, height: 844, scale: 2, rows: 200)
        let renderer = CairoRenderer()
        let fling = try ListFling(c, seconds: 1, textMeasurer: renderer.text)
        let surface = try ImageSurface(width: c.pixelWidth, height: c.pixelHeight)
        let n = quick ? 8 : 20
        for i in 0..<n {
            renderer.render(fling.frame(min(i * 2, fling.frameCount - 1)), into: surface.context, scale: c.scale)
            var pixels: PixelBuffer?
            result.snapshot.add(Stopwatch.time { pixels = surface.snapshot() })
            var bytes: [UInt8] = []
            result.encode.add(try Stopwatch.time { bytes = try pixels!.pngBytes() })
            result.pngBytesPerFrame = bytes.count
        }
        return result
    }
}
