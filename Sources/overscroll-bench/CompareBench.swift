import Foundation
import Rendering
import ScrollCore

/// Part 4: `overscroll compare` against ImageMagick's
/// `compare -metric AE -fuzz 10% a b null:` on 1920×1080 list frames rendered by the project:
/// a pair that differs (scrolled by 1 pt), a byte-identical pair, and a pair with identical
/// pixels but different PNG bytes (cairo's encoder). Runs alternate tools and pairs.
@MainActor
enum CompareBench {
    struct Pair {
        var name: String
        var a: String
        var b: String
        var ours = Samples()
        var magick = Samples()
        /// CPU ms (user + system) per run.
        var oursCPU = Samples()
        var magickCPU = Samples()
        var oursOutput = ""
        var magickOutput = ""
        /// Target: ImageMagick time ÷ ours at least this (nil: shown for information, no target).
        var target: Double?
    }

    struct Result {
        var pairs: [Pair] = []
        var skipped: String?
    }

    static func run(quick: Bool, work: URL) throws -> Result {
        var result = Result()
        guard let bin = ProcessRunner.overscrollPath else {
            result.skipped = "no overscroll binary beside the bench (swift build -c release --product overscroll)"
            return result
        }
        guard let magick = ProcessRunner.which("compare") else {
            result.skipped = "ImageMagick's `compare` is not installed (apt-get install imagemagick; `make bench` does); comparison skipped"
            return result
        }
        Log.progress("compare: rendering 1920x1080 frames")
        let a = work.appendingPathComponent("compare-a.png").path
        let b = work.appendingPathComponent("compare-b-shift1pt.png").path
        let aCopy = work.appendingPathComponent("compare-a-copy.png").path
        let aCairo = work.appendingPathComponent("compare-a-cairo.png").path
        let renderer = CairoRenderer()
        var options = SceneOptions()
        options.size = Size(1920, 1080)
        options.rows = 200
        let session = try Session(scene: "list", options: options, textMeasurer: renderer.text, runtime: .virtual())
        let surface = try ImageSurface(width: 1920, height: 1080)
        func render(offset: Double) -> PixelBuffer {
            session.scene.scrollView.setContentOffset(offset)
            renderer.render(session.frame(), into: surface.context, scale: 1)
            return surface.snapshot()
        }
        let pa = render(offset: 300)
        try pa.writePNG(to: a)
        try render(offset: 301).writePNG(to: b)
        let fm = FileManager.default
        try? fm.removeItem(atPath: aCopy)
        try fm.copyItem(atPath: a, toPath: aCopy)
        try pa.writePNGWithCairo(to: aCairo)

        result.pairs = [
            Pair(name: "differ (1 pt scroll)", a: a, b: b, target: 3),
            Pair(name: "identical files", a: a, b: aCopy, target: 20),
            Pair(name: "identical pixels, other bytes", a: a, b: aCairo, target: nil),
        ]
        let reps = quick ? 3 : 7
        for rep in 0..<reps {
            Log.progress("compare: repetition \(rep + 1)/\(reps)")
            for k in result.pairs.indices {
                let p = result.pairs[k]
                let oursFirst = (rep + k) % 2 == 0
                for tool in oursFirst ? [0, 1] : [1, 0] {
                    if tool == 0 {
                        let r = try ProcessRunner.run(bin, ["compare", p.a, p.b])
                        guard r.status == 0 || r.status == 1 else { throw BenchError("overscroll compare failed (\(r.status)): \(r.stderr)") }
                        result.pairs[k].ours.add(r.wallMs)
                        result.pairs[k].oursCPU.add(r.cpuMs)
                        result.pairs[k].oursOutput = (r.stdout + r.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
                    } else {
                        let r = try ProcessRunner.run(magick, ["-metric", "AE", "-fuzz", "10%", p.a, p.b, "null:"])
                        guard r.status == 0 || r.status == 1 else { throw BenchError("ImageMagick compare failed (\(r.status)): \(r.stderr)") }
                        result.pairs[k].magick.add(r.wallMs)
                        result.pairs[k].magickCPU.add(r.cpuMs)
                        result.pairs[k].magickOutput = (r.stdout + r.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
                    }
                }
            }
        }
        return result
    }
}
