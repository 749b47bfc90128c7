import Foundation
import Imaging
import Rendering
import Scenes
import ScrollEngine

/// `overscroll compare` against odiff (`--threshold 0.1 --antialiasing`), like for like, on
/// 1920×1080 UI frames rendered by the project and encoded by other tools
/// (`tools/make-compare-pairs.py`: Pillow RGB and RGBA with adaptive filters, ImageMagick 8- and
/// 16-bit, cairo/libpng), and on 3840×2160 and 390×844 @3 frames encoded by a second set of
/// encoder settings (`--other`). Every pair is timed twice: neither tool writing a diff image, and both
/// writing one. ImageMagick's `compare -metric AE -fuzz 10% a b null:` is timed on the first
/// set's identical and 1 pt scroll pairs. Every round runs all jobs (pair × mode × tool) in a
/// fresh shuffled order, so load on the machine falls on both tools alike.
@MainActor
enum CompareBench {
    /// A tool timed on a pair.
    enum Tool: Int, CaseIterable { case ours = 0, odiff = 1, magick = 2 }

    /// Whether the tools write a diff image.
    enum Mode: Int, CaseIterable { case noDiff = 0, diff = 1 }

    struct Pair {
        /// The encoder set (a folder of `make-compare-pairs.py`) and the class of the pair.
        var set: String
        var kind: String
        var a: String
        var b: String
        /// Wall and CPU ms per run, indexed `[mode][tool]`.
        var wall = [[Samples(), Samples(), Samples()], [Samples(), Samples(), Samples()]]
        var cpu = [[Samples(), Samples(), Samples()], [Samples(), Samples(), Samples()]]
        /// What each tool printed (no-diff mode), indexed by tool.
        var output = ["", "", ""]
        /// Target: ours ÷ odiff at most this, in both modes.
        var odiffTarget: Double { CompareBench.odiffTarget(kind) }
        /// Target: ImageMagick ÷ ours at least this (nil: ImageMagick not timed).
        var magickTarget: Double?

        func ratio(_ mode: Mode) -> Double {
            wall[mode.rawValue][Tool.ours.rawValue].median / wall[mode.rawValue][Tool.odiff.rawValue].median
        }
        func cpuRatio(_ mode: Mode) -> Double {
            cpu[mode.rawValue][Tool.ours.rawValue].median / cpu[mode.rawValue][Tool.odiff.rawValue].median
        }
    }

    /// Ours ÷ odiff at most this for a class, in both modes (issue 35: half of odiff's time on every
    /// differing class; identical files 0.3).
    nonisolated static func odiffTarget(_ kind: String) -> Double { kind == "identical files" ? 0.3 : 0.5 }

    struct Result {
        var pairs: [Pair] = []
        var skipped: String?
        /// `odiff --version`, or why odiff was not found.
        var odiffVersion = ""
        var notes: [String] = []
        var rounds = 0
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

    /// `tools/make-compare-pairs.py` of the repository (the working directory under `make bench`).
    static var pairScript: String {
        FileManager.default.currentDirectoryPath + "/tools/make-compare-pairs.py"
    }

    static func run(quick: Bool, work: URL) throws -> Result {
        var result = Result()
        guard let bin = ProcessRunner.overscroll(orSkip: &result.skipped) else { return result }
        guard let odiff = odiffPath else {
            result.skipped = "odiff not found (set OVERSCROLL_ODIFF or place it at ../shared/tools/odiff/odiff)"
            return result
        }
        guard let python = ProcessRunner.python3(importing: "PIL") else {
            result.skipped = "no python3 with PIL (apt-get install python3-pil; tools/make-compare-pairs.py makes the pairs)"
            return result
        }
        let version = try ProcessRunner.run(odiff, ["--version"])
        result.odiffVersion = (version.stdout + version.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
        // The target of compare's scan (Imaging's `PixelmatchVectorPath`): the widest this CPU
        // runs, or the one `OVERSCROLL_SIMD` forces (inherited by every `overscroll compare` run).
        let forced = ProcessInfo.processInfo.environment["OVERSCROLL_SIMD"]
        let targets = PixelmatchVectorPath.available.map(\.description).joined(separator: ", ")
        result.notes.append(
            "compare's scan runs \(PixelmatchVectorPath.selected)"
                + (forced.map { " (forced: OVERSCROLL_SIMD=\($0))" } ?? " (native dispatch)") + "; this CPU runs \(targets)")
        let magick = ProcessRunner.which("compare")
        if magick == nil { result.notes.append("ImageMagick's `compare` is not installed: its column is skipped") }

        let fm = FileManager.default
        // The 1920×1080 set, then a second set by other encoders at 4K and at 390×844 @3.
        let sizes: [(label: String, points: Size, scale: Double, other: Bool)] = [
            ("", Size(1920, 1080), 1, false), ("4K ", Size(3840, 2160), 1, true), ("@3 ", Size(390, 844), 3, true)
        ]
        for (index, size) in sizes.enumerated() {
            let suffix = index == 0 ? "" : "-\(index)"
            let pixels = "\(Int(size.points.width * size.scale))x\(Int(size.points.height * size.scale))"
            Log.progress("compare: rendering \(pixels) frames")
            let source = work.appendingPathComponent("compare-source" + suffix)
            let pairsDir = work.appendingPathComponent("compare-pairs" + suffix)
            try? fm.removeItem(at: pairsDir)
            try fm.createDirectory(at: source, withIntermediateDirectories: true)
            try fm.createDirectory(at: pairsDir, withIntermediateDirectories: true)
            try renderSources(into: source, size: size.points, scale: size.scale)
            Log.progress("compare: encoding the pairs with other tools (tools/make-compare-pairs.py)")
            let made = try ProcessRunner.run(
                python,
                [pairScript, source.path, pairsDir.path]
                    + (size.other ? ["--other"] : []))
            guard made.status == 0 else {
                result.skipped =
                    "tools/make-compare-pairs.py failed (\(made.status)): "
                    + made.stderr.split(separator: "\n").suffix(2).joined(separator: " ")
                return result
            }
            result.notes += made.stderr.split(separator: "\n").map(String.init)
            let listing = try String(contentsOf: pairsDir.appendingPathComponent("pairs.tsv"), encoding: .utf8)
            for line in listing.split(separator: "\n") {
                let cells = line.split(separator: "\t").map(String.init)
                guard cells.count == 4 else { continue }
                var pair = Pair(
                    set: size.label + cells[0], kind: cells[1],
                    a: pairsDir.appendingPathComponent(cells[2]).path,
                    b: pairsDir.appendingPathComponent(cells[3]).path)
                if result.pairs.allSatisfy({ $0.set == cells[0] }) && magick != nil {
                    pair.magickTarget = ["identical files": 20.0, "1 pt scroll": 3.0][cells[1]]
                }
                result.pairs.append(pair)
            }
        }
        guard !result.pairs.isEmpty else {
            result.skipped = "tools/make-compare-pairs.py made no pairs"
            return result
        }

        let oursDiff = work.appendingPathComponent("compare-ours-diff.png").path
        let odiffDiff = work.appendingPathComponent("compare-odiff-diff.png").path
        struct Job { var pair: Int; var mode: Mode; var tool: Tool }
        var jobs: [Job] = []
        for k in result.pairs.indices {
            for mode in Mode.allCases {
                jobs.append(Job(pair: k, mode: mode, tool: .ours))
                jobs.append(Job(pair: k, mode: mode, tool: .odiff))
            }
            if result.pairs[k].magickTarget != nil { jobs.append(Job(pair: k, mode: .noDiff, tool: .magick)) }
        }
        let rounds = quick ? 3 : 15
        result.rounds = rounds
        var random = SystemRandomNumberGenerator()
        for round in 0..<rounds {
            Log.progress("compare: round \(round + 1)/\(rounds) (\(jobs.count) runs)")
            for job in jobs.shuffled(using: &random) {
                let p = result.pairs[job.pair]
                let r: ProcessRunner.Result
                switch (job.tool, job.mode) {
                case (.ours, .noDiff):
                    r = try ProcessRunner.run(bin, ["compare", p.a, p.b])
                case (.ours, .diff):
                    try? fm.removeItem(atPath: oursDiff)
                    r = try ProcessRunner.run(bin, ["compare", p.a, p.b, "--diff", oursDiff])
                case (.odiff, .noDiff):
                    r = try ProcessRunner.run(odiff, [p.a, p.b, "--threshold", "0.1", "--antialiasing"])
                case (.odiff, .diff):
                    try? fm.removeItem(atPath: odiffDiff)
                    r = try ProcessRunner.run(odiff, [p.a, p.b, odiffDiff, "--threshold", "0.1", "--antialiasing"])
                case (.magick, _):
                    r = try ProcessRunner.run(magick!, ["-metric", "AE", "-fuzz", "10%", p.a, p.b, "null:"])
                }
                let ok: Bool =
                    switch job.tool {
                    case .ours: r.status == 0 || r.status == 1
                    case .odiff: [0, 21, 22].contains(r.status)
                    case .magick: r.status == 0 || r.status == 1
                    }
                guard ok else { throw BenchError("\(job.tool) failed (\(r.status)) on \(p.set)/\(p.kind): \(r.stderr)") }
                result.pairs[job.pair].wall[job.mode.rawValue][job.tool.rawValue].add(r.wallMs)
                result.pairs[job.pair].cpu[job.mode.rawValue][job.tool.rawValue].add(r.cpuMs)
                if job.mode == .noDiff {
                    result.pairs[job.pair].output[job.tool.rawValue] = (r.stdout + r.stderr)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
        }
        try? fm.removeItem(atPath: oursDiff)
        try? fm.removeItem(atPath: odiffDiff)
        return result
    }

    /// The four source frames of the pairs (list at offset 300; 1 pt further; debug overlay on;
    /// dark theme) at `size` points × `scale`, written with the project's encoder: only their
    /// pixels are used.
    static func renderSources(into folder: URL, size: Size, scale: Double) throws {
        let renderer = CairoRenderer()
        let surface = try ImageSurface(width: Int(size.width * scale), height: Int(size.height * scale))
        func render(_ name: String, offset: Double, overlay: Bool = false, theme: Theme = .light) throws {
            var options = SceneOptions()
            options.size = size
            options.rows = 200
            options.overlay = overlay
            options.theme = theme
            let session = try Session(scene: "list", options: options, textMeasurer: renderer.text, runtime: .virtual())
            session.scene.scrollView.setContentOffset(offset)
            renderer.render(session.frame(), into: surface.context, scale: scale)
            try surface.snapshot().writePNG(to: folder.appendingPathComponent(name + ".png").path)
        }
        try render("a", offset: 300)
        try render("shift", offset: 301)
        try render("overlay", offset: 300, overlay: true)
        try render("dark", offset: 300, theme: .dark)
    }
}
