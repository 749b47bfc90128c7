import Foundation
import Rendering
import Scenes
import ScrollEngine

/// `overscroll compare` against ImageMagick's `compare -metric AE -fuzz 10% a b null:` and odiff
/// (`--threshold 0.1 --antialiasing`) on 1920×1080 list frames rendered by the project:
/// byte-identical files, identical pixels in other PNG bytes (cairo's encoder), the debug overlay
/// on, a 1 pt scroll, and light vs dark theme. Rounds interleave tools and pairs, rotating the
/// order each round.
@MainActor
enum CompareBench {
    /// One external or own tool timed on every pair.
    enum Tool: Int, CaseIterable { case ours = 0, magick = 1, odiff = 2 }

    struct Pair {
        var name: String
        var a: String
        var b: String
        /// Wall ms per run, and CPU ms (user + system) per run, indexed by `Tool.rawValue`.
        var wall = [Samples(), Samples(), Samples()]
        var cpu = [Samples(), Samples(), Samples()]
        var output = ["", "", ""]
        /// Target: ImageMagick time ÷ ours at least this (nil: no target).
        var magickTarget: Double?
        /// Target: ours ÷ odiff at most this.
        var odiffTarget: Double

        var ours: Samples { wall[0] }
        var magick: Samples { wall[1] }
        var odiff: Samples { wall[2] }
    }

    struct Result {
        var pairs: [Pair] = []
        var skipped: String?
        /// Why the odiff column is empty, when it is.
        var odiffSkipped: String?
    }

    /// The odiff build used as the speed anchor: `$OVERSCROLL_ODIFF`, else
    /// `../shared/tools/odiff/odiff` relative to the working directory (the repository root under
    /// `make bench`).
    static var odiffPath: String? {
        let env = ProcessInfo.processInfo.environment["OVERSCROLL_ODIFF"]
        let candidate = env ?? FileManager.default.currentDirectoryPath + "/../shared/tools/odiff/odiff"
        let standard = URL(fileURLWithPath: candidate).standardizedFileURL.path
        return FileManager.default.isExecutableFile(atPath: standard) ? standard : nil
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
        let odiff = odiffPath
        if odiff == nil {
            result.odiffSkipped = "odiff not found (set OVERSCROLL_ODIFF or place it at ../shared/tools/odiff/odiff); odiff column skipped"
        }
        Log.progress("compare: rendering 1920x1080 frames")
        func path(_ name: String) -> String { work.appendingPathComponent(name).path }
        let a = path("compare-a.png"), aCopy = path("compare-a-copy.png"), aCairo = path("compare-a-cairo.png")
        let shifted = path("compare-b-shift1pt.png"), overlay = path("compare-b-overlay.png"), dark = path("compare-b-dark.png")
        let odiffOut = path("compare-odiff-diff.png")
        let renderer = CairoRenderer()
        let surface = try ImageSurface(width: 1920, height: 1080)
        func render(offset: Double, overlay: Bool = false, theme: Theme = .light) throws -> PixelBuffer {
            var options = SceneOptions()
            options.size = Size(1920, 1080)
            options.rows = 200
            options.overlay = overlay
            options.theme = theme
            let session = try Session(scene: "list", options: options, textMeasurer: renderer.text, runtime: .virtual())
            session.scene.scrollView.setContentOffset(offset)
            renderer.render(session.frame(), into: surface.context, scale: 1)
            return surface.snapshot()
        }
        let pa = try render(offset: 300)
        try pa.writePNG(to: a)
        try render(offset: 301).writePNG(to: shifted)
        try render(offset: 300, overlay: true).writePNG(to: overlay)
        try render(offset: 300, theme: .dark).writePNG(to: dark)
        let fm = FileManager.default
        try? fm.removeItem(atPath: aCopy)
        try fm.copyItem(atPath: a, toPath: aCopy)
        try pa.writePNGWithCairo(to: aCairo)

        result.pairs = [
            Pair(name: "identical files", a: a, b: aCopy, magickTarget: 20, odiffTarget: 0.3),
            Pair(name: "identical pixels, other bytes", a: a, b: aCairo, magickTarget: nil, odiffTarget: 0.8),
            Pair(name: "debug overlay on", a: a, b: overlay, magickTarget: nil, odiffTarget: 0.8),
            Pair(name: "differ (1 pt scroll)", a: a, b: shifted, magickTarget: 3, odiffTarget: 0.8),
            Pair(name: "light vs dark theme", a: a, b: dark, magickTarget: nil, odiffTarget: 0.8),
        ]
        let tools = Tool.allCases.filter { $0 != .odiff || odiff != nil }
        let reps = quick ? 5 : 25
        for rep in 0..<reps {
            Log.progress("compare: round \(rep + 1)/\(reps)")
            for k in result.pairs.indices {
                let p = result.pairs[k]
                let shift = (rep + k) % tools.count
                for tool in tools[shift...] + tools[..<shift] {
                    let r: ProcessRunner.Result
                    switch tool {
                    case .ours:
                        r = try ProcessRunner.run(bin, ["compare", p.a, p.b])
                        guard r.status == 0 || r.status == 1 else { throw BenchError("overscroll compare failed (\(r.status)): \(r.stderr)") }
                    case .magick:
                        r = try ProcessRunner.run(magick, ["-metric", "AE", "-fuzz", "10%", p.a, p.b, "null:"])
                        guard r.status == 0 || r.status == 1 else { throw BenchError("ImageMagick compare failed (\(r.status)): \(r.stderr)") }
                    case .odiff:
                        r = try ProcessRunner.run(odiff!, [p.a, p.b, odiffOut, "--threshold", "0.1", "--antialiasing"])
                        guard [0, 21, 22].contains(r.status) else { throw BenchError("odiff failed (\(r.status)): \(r.stderr)") }
                    }
                    result.pairs[k].wall[tool.rawValue].add(r.wallMs)
                    result.pairs[k].cpu[tool.rawValue].add(r.cpuMs)
                    result.pairs[k].output[tool.rawValue] = (r.stdout + r.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
        }
        try? fm.removeItem(atPath: odiffOut)
        return result
    }
}
