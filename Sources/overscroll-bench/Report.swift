import Foundation
import Recording
import ScrollEngine

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
            row(["\(c.sizeLabel) rows \(c.rowsLabel)", "\(r.frames.count)", Self.f(r.frames.median, 3), Self.f(r.frames.p99, 3),
                 Self.f(r.fills.median, 3), Self.f(ratio), Self.f(mb, 1) + " MB"], w)
            cases.append(["size": c.sizeLabel, "rows": c.rows, "frames": r.frames.count,
                          "median_ms": r.frames.median, "p99_ms": r.frames.p99, "min_ms": r.frames.minimum,
                          "fill_median_ms": r.fills.median, "frame_vs_fill": ratio, "peak_rss_mb": mb])
            if c.width == 1920 { check("frame_vs_fill \(c.sizeLabel) rows \(c.rowsLabel)", ratio, atMost: 3) }
            if c.rows >= 10_000_000 { check("peak RSS MB \(c.sizeLabel) rows \(c.rowsLabel)", mb, atMost: 80) }
        }
        var ratios: [String: Double] = [:]
        var sizes: [String] = []
        for c in FrameCase.all where c.rows == 100 && !sizes.contains(c.sizeLabel) { sizes.append(c.sizeLabel) }
        for s in sizes {
            guard let small = frames.first(where: { $0.key.sizeLabel == s && $0.key.rows == 100 })?.value,
                  let big = frames.first(where: { $0.key.sizeLabel == s && $0.key.rows == 10_000_000 })?.value else { continue }
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
            let delta = i == 0 ? "" : i == 4 ? Self.f(m / breakdown[3].median, 2) + "× full" : "+" + Self.f(m - breakdown[i - 1].median, 3) + " ms"
            row([name, Self.f(m, 3), delta], w)
            obj[name] = m
        }
        let snappedVsFill = breakdown[4].median / breakdown[0].median
        lines.append("pixel-snapped frame ÷ background-only paint: \(Self.f(snappedVsFill)) (the full frame: \(Self.f(breakdown[3].median / breakdown[0].median)))")
        obj["snapped_vs_background"] = snappedVsFill
        var frames = json["frames"] as? [String: Any] ?? [:]
        frames["breakdown_\(c.sizeLabel)_median_ms"] = obj
        json["frames"] = frames
    }

    private func chart(size: String, small: FrameBench.CaseResult, big: FrameBench.CaseResult, out: URL) {
        func series(_ v: [Double]) -> [(Double, Double)] { v.enumerated().map { (Double($0.offset), $0.element) } }
        let plot = LinePlot(title: "List fling \(size): frame time (blue 1e2 rows, red 1e7 rows, green solid fill)",
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
        row(["vector spinner", "\(r.vector.count)", Self.f(r.vector.median, 3), Self.f(r.vector.p99, 3), Self.f(r.vector.median / list, 3)], w)
        var obj: [String: Any] = ["list_median_ms": list, "vector_median_ms": r.vector.median, "vector_p99_ms": r.vector.p99,
                                  "vector_vs_list": r.vector.median / list]
        if r.lottie.count > 0 {
            row(["lottie (Assets/refresh.json)", "\(r.lottie.count)", Self.f(r.lottie.median, 3), Self.f(r.lottie.p99, 3), Self.f(r.lottie.median / list, 3)], w)
            obj["lottie_median_ms"] = r.lottie.median
            obj["lottie_p99_ms"] = r.lottie.p99
            obj["lottie_vs_list"] = r.lottie.median / list
        }
        if let note = r.lottieNote { lines.append("note: \(note)"); obj["note"] = note }
        json["indicator"] = obj
    }

    func add(soak r: SoakBench.Result) {
        lines.append("")
        lines.append("Soak — \(Int(r.simulatedSeconds / 60)) simulated minutes of random input on `coordinator` (\(r.frames) frames, \(r.events) events, \(r.refreshes) refreshes, \(Self.f(r.wallSeconds, 1)) s wall)")
        lines.append("RSS MB over simulated time: " + r.rss.map { "\(Int($0.0 / 60))m \(Self.f($0.1, 1))" }.joined(separator: ", "))
        lines.append("frames in `refreshing` showing another offset than the held one: \(r.lockViolations)")
        check("soak RSS growth after warm-up (MB)", r.growthMB, atMost: 2)
        check("soak lock violations", Double(r.lockViolations), atMost: 0)
        json["soak"] = ["simulated_seconds": r.simulatedSeconds, "frames": r.frames, "events": r.events, "refreshes": r.refreshes,
                        "rss_mb": r.rss.map { [$0.0, $0.1] }, "growth_mb": r.growthMB, "lock_violations": r.lockViolations]
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
        lines.append("CPU time of the run with PNGs: \(Self.f(cpu, 0)) ms (user + system); on \(Int(cores)) idle cores at best \(Self.f(realMs / (cpu / cores))) × real time")
        lines.append("one frame, in process: snapshot \(Self.f(r.snapshot.median, 2)) ms, PNG encode (fast) \(Self.f(r.encode.median, 2)) ms, \(r.pngBytesPerFrame / 1024) KiB")
        check("record × real time", realMs / withPNG, atLeast: 2)
        json["record"] = ["seconds": r.seconds, "frames": r.frames, "wall_ms_median": withPNG, "realtime_multiple": realMs / withPNG,
                          "no_png_wall_ms_median": noPNG, "no_png_realtime_multiple": realMs / noPNG,
                          "encode_ms_per_frame": r.encode.median, "snapshot_ms_per_frame": r.snapshot.median,
                          "png_bytes_per_frame": r.pngBytesPerFrame,
                          "cpu_ms_median": cpu, "realtime_multiple_cpu_bound": realMs / (cpu / cores), "runs": r.withPNG.count]
    }

    func add(compare r: CompareBench.Result) {
        lines.append("")
        lines.append("Compare — `overscroll compare` vs ImageMagick `compare -metric AE -fuzz 10%` and odiff `--threshold 0.1 --antialiasing`, 1920x1080 PNGs (per process: wall median; CPU = user + system)")
        if let s = r.skipped { lines.append("skipped: \(s)"); json["compare"] = ["skipped": s]; return }
        if let s = r.odiffSkipped { lines.append("note: \(s)") }
        let w = [30, 8, 9, 9, 8, 9, 9, 10, 8, 8]
        row(["pair", "ours ms", "magick ms", "speed-up", "target", "odiff ms", "ours/odiff", "target", "ours CPU", "odiff CPU"], w)
        var pairs: [[String: Any]] = []
        for p in r.pairs {
            let speed = p.magick.median / p.ours.median
            let cpuRatio = p.magick.count > 0 ? p.cpu[1].median / p.cpu[0].median : .nan
            let vsOdiff = p.odiff.count > 0 ? p.ours.median / p.odiff.median : .nan
            let odiffCPURatio = p.odiff.count > 0 ? p.cpu[0].median / p.cpu[2].median : .nan
            row([p.name, Self.f(p.ours.median, 1), Self.f(p.magick.median, 1), Self.f(speed, 1) + "×",
                 p.magickTarget.map { "≥ \(Int($0))×" } ?? "—",
                 p.odiff.count > 0 ? Self.f(p.odiff.median, 1) : "—", p.odiff.count > 0 ? Self.f(vsOdiff, 2) : "—",
                 "≤ \(Self.f(p.odiffTarget, 1))", Self.f(p.cpu[0].median, 1), p.odiff.count > 0 ? Self.f(p.cpu[2].median, 1) : "—"], w)
            if let target = p.magickTarget { check("compare speed-up: \(p.name)", speed, atLeast: target) }
            if p.odiff.count > 0 { check("compare ours/odiff: \(p.name)", vsOdiff, atMost: p.odiffTarget) }
            var entry: [String: Any] = [
                "name": p.name, "a": p.a, "b": p.b, "ours_ms_median": p.ours.median, "magick_ms_median": p.magick.median,
                "speedup": speed, "target": p.magickTarget as Any, "ours_cpu_ms_median": p.cpu[0].median,
                "magick_cpu_ms_median": p.cpu[1].median, "cpu_ratio": cpuRatio, "ours_output": p.output[0],
                "magick_output": p.output[1], "runs": p.ours.count]
            if p.odiff.count > 0 {
                entry["odiff_ms_median"] = p.odiff.median
                entry["odiff_cpu_ms_median"] = p.cpu[2].median
                entry["ours_vs_odiff"] = vsOdiff
                entry["ours_vs_odiff_cpu"] = odiffCPURatio
                entry["odiff_target"] = p.odiffTarget
                entry["odiff_output"] = p.output[2]
            }
            pairs.append(entry)
        }
        for p in r.pairs where !p.output[0].isEmpty {
            lines.append("\(p.name): ours \"\(p.output[0].replacingOccurrences(of: "\n", with: " | "))\"; ImageMagick AE = \(p.output[1])"
                + (p.odiff.count > 0 ? "; odiff \"\(p.output[2].replacingOccurrences(of: "\n", with: " | "))\"" : ""))
        }
        var section: [String: Any] = ["pairs": pairs]
        if let s = r.odiffSkipped { section["odiff_skipped"] = s }
        json["compare"] = section
    }

    // MARK: output

    func finish(out: URL, quick: Bool) throws {
        lines.append("")
        lines.append("Targets")
        for c in checks {
            lines.append("  \(c.met ? "met   " : "MISSED") \(Self.pad(c.name, 46)) \(Self.pad(Self.f(c.value, 3), 10, right: true))  target \(c.target)")
        }
        json["targets"] = checks.map { ["name": $0.name, "value": $0.value, "target": $0.target, "met": $0.met] }
        json["quick"] = quick
        json["date"] = ISO8601DateFormatter().string(from: Date())
        json["cpus"] = ProcessInfo.processInfo.activeProcessorCount
        json["charts"] = charts
        let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        let url = out.appendingPathComponent("results.json")
        try data.write(to: url, options: .atomic)
        lines.append("")
        lines.append("written: \(url.path)" + (charts.isEmpty ? "" : ", " + charts.map { out.appendingPathComponent($0).path }.joined(separator: ", ")))
        print(lines.joined(separator: "\n"))
    }
}
