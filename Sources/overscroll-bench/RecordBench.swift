import Foundation
import Imaging
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
        /// Peak RSS (KiB) of each run with PNGs.
        var peakRSSWithPNG = Samples()
        /// One frame's PNG encode (PNGEncoder.fast), ms, single thread, with nothing reused.
        var encode = Samples()
        /// The same encode as the recorder makes it: from the frame's own memory, with a
        /// workspace reused from frame to frame.
        var encodeReused = Samples()
        /// Thread CPU ms of the same three encodes: the recorder's path, the one-shot path, and
        /// the generic row-by-row path (convert each row to RGB, then filter; fresh buffers), which
        /// is how every frame was encoded before the fused path.
        var encodeCPUReused = Samples()
        var encodeCPUOneShot = Samples()
        var encodeCPUGeneric = Samples()
        /// One frame's snapshot copy (ImageSurface.snapshot), ms.
        var snapshot = Samples()
        var pngBytesPerFrame = 0
        var skipped: String?
    }

    static let scenario = listScenario(adding: [])

    /// The recorded scenario (4 s at 60 fps, 390×844 @2: a fling, a pull back, a wheel flick)
    /// with `events` after its own (the suite part's snapshots).
    static func listScenario(adding events: [String]) -> String {
        let drive = [
            #"{"at": 0.20, "drag": {"from": [195, 700], "to": [195, 150], "duration": 0.2}}"#,
            #"{"at": 2.00, "drag": {"from": [195, 150], "to": [195, 750], "duration": 0.25}}"#,
            #"{"at": 3.20, "wheel": {"dy": -3.5, "precise": true}}"#
        ]
        return #"{"scene": "list", "size": [390, 844], "scale": 2, "fps": 60, "duration": 4.0, "rows": 200, "events": ["#
            + (drive + events).joined(separator: ",\n  ") + "]}"
    }

    static func run(quick: Bool, work: URL) throws -> Result {
        var result = Result()
        guard let bin = ProcessRunner.overscroll(orSkip: &result.skipped) else { return result }
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
                    result.peakRSSWithPNG.add(Double(r.peakRSSKiB))
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
        let workspace = PNGEncodeWorkspace()
        for i in 0..<n {
            renderer.render(fling.frame(min(i * 2, fling.frameCount - 1)), into: surface.context, scale: c.scale)
            var pixels: PixelBuffer?
            result.snapshot.add(Stopwatch.time { pixels = surface.snapshot() })
            var bytes: [UInt8] = []
            result.encode.add(try Stopwatch.time { bytes = try pixels!.pngBytes() })
            result.pngBytesPerFrame = bytes.count
            let p = pixels!
            var reused: [UInt8] = []
            func recorderPath() throws {
                reused = try p.bytes.withUnsafeBytes {
                    try PNGEncoder.fast.encodePremultipliedARGB32(
                        $0.baseAddress!, width: p.width, height: p.height, stride: p.stride,
                        ignoreAlpha: p.knownOpaque, workspace: workspace)
                }
            }
            result.encodeReused.add(try Stopwatch.time { try recorderPath() })
            let rgba = p.rgbaImage()
            var generic: [UInt8] = []
            // Interleaved, in a different order each round.
            let order = i % 3
            for k in 0..<3 {
                switch (k + order) % 3 {
                case 0: result.encodeCPUReused.add(try ThreadCPU.time { try recorderPath() })
                case 1: result.encodeCPUOneShot.add(try ThreadCPU.time { bytes = try p.pngBytes() })
                default: result.encodeCPUGeneric.add(try ThreadCPU.time { generic = try PNGEncoder.fast.encode(rgba) })
                }
            }
            guard generic == bytes else { throw BenchError("the generic encode path wrote other bytes than the fused one") }
            guard reused == bytes else { throw BenchError("the recorder's encode path wrote other bytes than the one-shot encode") }
        }
        return result
    }
}
