import Foundation
import Recording
import ScrollEngine
import Support

/// Collects every part's figures: prints the table, writes results.json and the charts.
@MainActor
final class Report {
    struct Check {
        var name: String
        var value: Double
        var target: String
        var met: Bool
    }

    var json: [String: Any] = [:]
    var lines: [String] = []
    var checks: [Check] = []
    var charts: [String] = []

    static func f(_ v: Double, _ digits: Int = 2) -> String {
        v.isFinite ? String(format: "%.\(digits)f", v) : "n/a"
    }

    static func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
        let count = s.count
        guard count < n else { return s }
        let space = String(repeating: " ", count: n - count)
        return right ? space + s : s + space
    }

    func row(_ cells: [String], _ widths: [Int]) {
        var out = ""
        for (i, c) in cells.enumerated() { out += Self.pad(c, widths[i], right: i > 0) + "  " }
        lines.append(out)
    }

    func check(_ name: String, _ value: Double, atMost limit: Double) {
        checks.append(Check(name: name, value: value, target: "≤ \(Self.f(limit, limit < 10 ? 1 : 0))", met: value <= limit))
    }

    func check(_ name: String, _ value: Double, atLeast limit: Double) {
        checks.append(Check(name: name, value: value, target: "≥ \(Self.f(limit, limit == limit.rounded() ? 0 : 1))", met: value >= limit))
    }

    // MARK: parts

    func add(frames: [FrameCase: FrameBench.CaseResult], out: URL) {
        lines.append("")
        lines.append("List frames — scripted fling of `list` (60 fps), each case in its own process, interleaved")
        let w = [22, 8, 10, 10, 10, 14, 10]
        row(["case", "frames", "median ms", "p99 ms", "fill ms", "frame_vs_fill", "peak RSS"], w)
        var cases: [[String: Any]] = []
        for c in FrameCase.all {
            guard let r = frames[c] else { continue }
            let ratio = r.frames.median / r.fills.median
            let mb = Double(r.peakRSSKiB) / 1024
            row(
                [
                    "\(c.sizeLabel) rows \(c.rowsLabel)", "\(r.frames.count)", Self.f(r.frames.median, 3), Self.f(r.frames.p99, 3),
                    Self.f(r.fills.median, 3), Self.f(ratio), Self.f(mb, 1) + " MB"
                ], w)
            cases.append([
                "size": c.sizeLabel, "rows": c.rows, "frames": r.frames.count,
                "median_ms": r.frames.median, "p99_ms": r.frames.p99, "min_ms": r.frames.minimum,
                "fill_median_ms": r.fills.median, "frame_vs_fill": ratio, "peak_rss_mb": mb
            ])
            if c.width == 1920 { check("frame_vs_fill \(c.sizeLabel) rows \(c.rowsLabel)", ratio, atMost: 3) }
            if c.rows >= 10_000_000 { check("peak RSS MB \(c.sizeLabel) rows \(c.rowsLabel)", mb, atMost: 80) }
        }
        var ratios: [String: Double] = [:]
        var sizes: [String] = []
        for c in FrameCase.all where c.rows == 100 && !sizes.contains(c.sizeLabel) { sizes.append(c.sizeLabel) }
        for s in sizes {
            guard let small = frames.first(where: { $0.key.sizeLabel == s && $0.key.rows == 100 })?.value,
                let big = frames.first(where: { $0.key.sizeLabel == s && $0.key.rows == 10_000_000 })?.value
            else { continue }
            let r = big.frames.median / small.frames.median
            ratios[s] = r
            lines.append("rows_1e7_vs_1e2 \(s): \(Self.f(r, 3))")
            check("rows_1e7_vs_1e2 \(s)", r, atMost: 1.1)
            chart(size: s, small: small, big: big, out: out)
        }
        json["frames"] = ["cases": cases, "rows_1e7_vs_1e2": ratios]
    }

    func add(breakdown: [Samples], case c: FrameCase) {
        lines.append("Breakdown of a \(c.sizeLabel) rows \(c.rowsLabel) frame (warm layouts, variants interleaved)")
        let w = [26, 12, 14]
        row(["display list", "median ms", "cost"], w)
        var obj: [String: Double] = [:]
        for (i, name) in FrameBreakdown.variants.enumerated() {
            let m = breakdown[i].median
            let delta =
                i == 0 ? "" : i == 4 ? Self.f(m / breakdown[3].median, 2) + "× full" : "+" + Self.f(m - breakdown[i - 1].median, 3) + " ms"
            row([name, Self.f(m, 3), delta], w)
            obj[name] = m
        }
        let snappedVsFill = breakdown[4].median / breakdown[0].median
        lines.append(
            "pixel-snapped frame ÷ background-only paint: \(Self.f(snappedVsFill)) (the full frame:"
                + " \(Self.f(breakdown[3].median / breakdown[0].median)))")
        obj["snapped_vs_background"] = snappedVsFill
        var frames = json["frames"] as? [String: Any] ?? [:]
        frames["breakdown_\(c.sizeLabel)_median_ms"] = obj
        json["frames"] = frames
    }

    private func chart(size: String, small: FrameBench.CaseResult, big: FrameBench.CaseResult, out: URL) {
        func series(_ v: [Double]) -> [(Double, Double)] { v.enumerated().map { (Double($0.offset), $0.element) } }
        let plot = LinePlot(
            title: "List fling \(size): frame time (blue 1e2 rows, red 1e7 rows, green solid fill)",
            xLabel: "frame", yLabel: "ms",
            series: [series(small.firstRound), series(big.firstRound), series(small.firstRoundFill)])
        let name = "frames-\(size).png"
        do {
            try PlotWriter.write(plot, to: out.appendingPathComponent(name))
            charts.append(name)
        } catch {
            Log.progress("chart \(name) not written: \(error)")
        }
    }

    func add(indicator r: IndicatorBench.Result) {
        lines.append("")
        lines.append("Indicator frame cost — drawn alone in its 40 pt box @2, ÷ a full list frame at 390x844@2 (interleaved)")
        let w = [26, 8, 10, 10, 14]
        row(["frame", "count", "median ms", "p99 ms", "÷ list frame"], w)
        let list = r.list.median
        row(["list 390x844@2 rows 1e2", "\(r.list.count)", Self.f(list, 3), Self.f(r.list.p99, 3), "1.00"], w)
        row(
            ["vector spinner", "\(r.vector.count)", Self.f(r.vector.median, 3), Self.f(r.vector.p99, 3), Self.f(r.vector.median / list, 3)],
            w)
        var obj: [String: Any] = [
            "list_median_ms": list, "vector_median_ms": r.vector.median, "vector_p99_ms": r.vector.p99,
            "vector_vs_list": r.vector.median / list
        ]
        if r.lottie.count > 0 {
            row(
                [
                    "lottie (Assets/refresh.json)", "\(r.lottie.count)", Self.f(r.lottie.median, 3), Self.f(r.lottie.p99, 3),
                    Self.f(r.lottie.median / list, 3)
                ], w)
            obj["lottie_median_ms"] = r.lottie.median
            obj["lottie_p99_ms"] = r.lottie.p99
            obj["lottie_vs_list"] = r.lottie.median / list
        }
        if let note = r.lottieNote { lines.append("note: \(note)"); obj["note"] = note }
        json["indicator"] = obj
    }

    func add(soak r: SoakBench.Result) {
        lines.append("")
        lines.append(
            "Soak — \(Int(r.simulatedSeconds / 60)) simulated minutes of random input on `coordinator` (\(r.frames) frames,"
                + " \(r.events) events, \(r.refreshes) refreshes, \(Self.f(r.wallSeconds, 1)) s wall)")
        lines.append("RSS MB over simulated time: " + r.rss.map { "\(Int($0.0 / 60))m \(Self.f($0.1, 1))" }.joined(separator: ", "))
        lines.append("frames in `refreshing` showing another offset than the held one: \(r.lockViolations)")
        check("soak RSS growth after warm-up (MB)", r.growthMB, atMost: 2)
        check("soak lock violations", Double(r.lockViolations), atMost: 0)
        json["soak"] = [
            "simulated_seconds": r.simulatedSeconds, "frames": r.frames, "events": r.events, "refreshes": r.refreshes,
            "rss_mb": r.rss.map { [$0.0, $0.1] }, "growth_mb": r.growthMB, "lock_violations": r.lockViolations
        ]
    }

    func add(record r: RecordBench.Result) {
        lines.append("")
        lines.append("Record throughput — `overscroll record`, \(Int(r.seconds)) s at 60 fps, 390x844@2 (\(r.frames) frames)")
        if let s = r.skipped { lines.append("skipped: \(s)"); json["record"] = ["skipped": s]; return }
        let realMs = r.seconds * 1000
        let w = [26, 12, 16, 12]
        row(["run", "wall ms", "× real time", "ms/frame"], w)
        let withPNG = r.withPNG.median, noPNG = r.noPNG.median
        row(["with PNGs (every frame)", Self.f(withPNG, 0), Self.f(realMs / withPNG), Self.f(withPNG / Double(r.frames))], w)
        row(["--no-png (render + trace)", Self.f(noPNG, 0), Self.f(realMs / noPNG), Self.f(noPNG / Double(r.frames))], w)
        let cpu = r.cpuWithPNG.median
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        let cpuPerFrame = cpu / Double(r.frames)
        lines.append(
            "CPU time of the run with PNGs: \(Self.f(cpu, 0)) ms (user + system), \(Self.f(cpuPerFrame)) ms per frame; "
                + "on \(Int(cores)) idle cores at best \(Self.f(realMs / (cpu / cores))) × real time; cores busy during the run:"
                + " \(Self.f(cpu / withPNG))")
        lines.append(
            "one frame, in process: snapshot \(Self.f(r.snapshot.median, 2)) ms, PNG encode (fast) \(Self.f(r.encode.median, 2)) ms "
                + "one-shot, \(Self.f(r.encodeReused.median, 2)) ms as the recorder encodes (workspace reused),"
                + " \(r.pngBytesPerFrame / 1024) KiB; "
                + "peak RSS of a run \(Self.f(r.peakRSSWithPNG.quantile(1) / 1024, 1)) MB")
        lines.append(
            "encode CPU per frame (thread CPU, interleaved): \(Self.f(r.encodeCPUReused.median)) ms as the recorder encodes, "
                + "\(Self.f(r.encodeCPUOneShot.median)) ms one-shot, \(Self.f(r.encodeCPUGeneric.median)) ms by the generic row path "
                + "(how frames were encoded before); the floor for `record` on \(Int(cores)) cores is about "
                + "(render + encode CPU per frame) ÷ \(Int(cores))")
        check("record × real time", realMs / withPNG, atLeast: 4)
        json["record"] = [
            "seconds": r.seconds, "frames": r.frames, "wall_ms_median": withPNG, "realtime_multiple": realMs / withPNG,
            "no_png_wall_ms_median": noPNG, "no_png_realtime_multiple": realMs / noPNG,
            "encode_ms_per_frame": r.encode.median, "encode_reused_ms_per_frame": r.encodeReused.median,
            "snapshot_ms_per_frame": r.snapshot.median, "cpu_ms_per_frame": cpuPerFrame,
            "peak_rss_mb": r.peakRSSWithPNG.quantile(1) / 1024,
            "encode_cpu_ms_reused": r.encodeCPUReused.median, "encode_cpu_ms_one_shot": r.encodeCPUOneShot.median,
            "encode_cpu_ms_generic": r.encodeCPUGeneric.median,
            "png_bytes_per_frame": r.pngBytesPerFrame,
            "cpu_ms_median": cpu, "realtime_multiple_cpu_bound": realMs / (cpu / cores), "runs": r.withPNG.count
        ]
    }

    func add(compare r: CompareBench.Result) {
        lines.append("")
        lines.append(
            "Compare — `overscroll compare` vs odiff `--threshold 0.1 --antialiasing`, like for like: each pair timed with "
                + "neither tool writing a diff image and with both writing one; 1920x1080 frames encoded by other tools "
                + "(tools/make-compare-pairs.py); wall median ms per process; ratio = ours ÷ odiff")
        if let s = r.skipped { lines.append("skipped: \(s)"); json["compare"] = ["skipped": s]; return }
        lines.append("odiff: \(r.odiffVersion); \(r.rounds) rounds, every run of a round in a fresh shuffled order")
        for note in r.notes { lines.append("note: \(note)") }
        let w = [13, 23, 7, 7, 6, 7, 7, 6, 7, 10]
        row(["set", "pair", "ours", "odiff", "ratio", "ours", "odiff", "ratio", "target", "CPU ratio"], w)
        row(["", "", "no diff", "", "", "diff", "", "", "", "nodiff/diff"], w)
        var pairs: [[String: Any]] = []
        var worst: [String: [Double]] = [:]  // class -> worst ratio per mode
        var kinds: [String] = []
        for p in r.pairs {
            let ours = CompareBench.Tool.ours.rawValue, odiff = CompareBench.Tool.odiff.rawValue
            let n = p.wall[0], d = p.wall[1]
            row(
                [
                    p.set, p.kind, Self.f(n[ours].median, 1), Self.f(n[odiff].median, 1), Self.f(p.ratio(.noDiff)),
                    Self.f(d[ours].median, 1), Self.f(d[odiff].median, 1), Self.f(p.ratio(.diff)),
                    "≤ \(Self.f(p.odiffTarget, 1))", Self.f(p.cpuRatio(.noDiff)) + "/" + Self.f(p.cpuRatio(.diff))
                ], w)
            if !kinds.contains(p.kind) { kinds.append(p.kind) }
            let before = worst[p.kind] ?? [0, 0]
            worst[p.kind] = [max(before[0], p.ratio(.noDiff)), max(before[1], p.ratio(.diff))]
            var entry: [String: Any] = [
                "set": p.set, "class": p.kind, "a": p.a, "b": p.b, "runs": n[ours].count, "target": p.odiffTarget,
                "no_diff": [
                    "ours_ms_median": n[ours].median, "odiff_ms_median": n[odiff].median, "ratio": p.ratio(.noDiff),
                    "ours_cpu_ms_median": p.cpu[0][ours].median, "odiff_cpu_ms_median": p.cpu[0][odiff].median,
                    "cpu_ratio": p.cpuRatio(.noDiff)
                ],
                "diff": [
                    "ours_ms_median": d[ours].median, "odiff_ms_median": d[odiff].median, "ratio": p.ratio(.diff),
                    "ours_cpu_ms_median": p.cpu[1][ours].median, "odiff_cpu_ms_median": p.cpu[1][odiff].median,
                    "cpu_ratio": p.cpuRatio(.diff)
                ],
                "ours_output": p.output[ours], "odiff_output": p.output[odiff]
            ]
            if let target = p.magickTarget {
                let magick = n[CompareBench.Tool.magick.rawValue].median
                let speed = magick / n[ours].median
                lines.append("  ImageMagick compare on \(p.set) \(p.kind): \(Self.f(magick, 1)) ms = \(Self.f(speed, 1))× ours")
                check("compare speed-up vs ImageMagick: \(p.kind)", speed, atLeast: target)
                entry["magick_ms_median"] = magick
                entry["magick_speedup"] = speed
                entry["magick_output"] = p.output[CompareBench.Tool.magick.rawValue]
            }
            pairs.append(entry)
        }
        for kind in kinds {
            let target = CompareBench.odiffTarget(kind)
            check("compare ours/odiff, no diff: \(kind) (worst set)", worst[kind]![0], atMost: target)
            check("compare ours/odiff, diff: \(kind) (worst set)", worst[kind]![1], atMost: target)
        }
        for p in r.pairs where p.set == r.pairs[0].set {
            lines.append(
                "\(p.kind): ours \"\(p.output[0].replacingOccurrences(of: "\n", with: " | "))\"; "
                    + "odiff \"\(p.output[1].replacingOccurrences(of: "\n", with: " | "))\"")
        }
        json["compare"] = ["pairs": pairs, "odiff_version": r.odiffVersion, "rounds": r.rounds, "notes": r.notes]
    }

    // MARK: output

    func finish(out: URL, quick: Bool, failedParts: [String] = []) throws {
        if !failedParts.isEmpty {
            lines.append("")
            lines.append("FAILED parts (no figures, see the messages above): \(failedParts.joined(separator: ", "))")
        }
        json["failedParts"] = failedParts
        lines.append("")
        lines.append("Targets")
        for c in checks {
            lines.append(
                "  \(c.met ? "met   " : "MISSED") \(Self.pad(c.name, 62)) \(Self.pad(Self.f(c.value, 3), 10, right: true))  target"
                    + " \(c.target)")
        }
        json["targets"] = checks.map { ["name": $0.name, "value": $0.value, "target": $0.target, "met": $0.met] }
        json["quick"] = quick
        json["date"] = ISO8601DateFormatter().string(from: Date())
        json["cpus"] = ProcessInfo.processInfo.activeProcessorCount
        let cpu = CPUDescription.current()
        json["cpu"] = ["model": cpu.model, "simd": cpu.simd]
        lines.insert("Measured on \(cpu.line), \(ProcessInfo.processInfo.activeProcessorCount) cores", at: 0)
        json["charts"] = charts
        let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        let url = out.appendingPathComponent("results.json")
        try data.write(to: url, options: .atomic)
        lines.append("")
        lines.append(
            "written: \(url.path)"
                + (charts.isEmpty ? "" : ", " + charts.map { out.appendingPathComponent($0).path }.joined(separator: ", ")))
        print(lines.joined(separator: "\n"))
    }
}
