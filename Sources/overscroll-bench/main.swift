import Foundation
import Support

/// `overscroll-bench`: ratios measured in one run (see `--help`).
@MainActor
func benchMain() -> Int32 {
    let options: BenchOptions
    switch BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help: print(BenchOptions.help, terminator: ""); return 0
    case let .error(message):
        StandardStreams.error("overscroll-bench: \(message)\n")
        return 2
    case let .run(o): options = o
    }
    do {
        if let child = options.child {
            guard let c = FrameCase(id: child) else { throw BenchError("--child: bad case '\(child)'") }
            try FrameChild.run(c, quick: options.quick)
            return 0
        }
        let out = URL(fileURLWithPath: options.outDirectory)
        let work = out.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let report = Report()
        Log.progress("CPU: \(CPUDescription.current().line), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        var failed: [String] = []
        for part in BenchOptions.parts where options.only.contains(part) {
            let t0 = Stopwatch.nowMs()
            // A part that fails (a window that never appeared on a loaded machine, a missing peer tool) is
            // named and skipped: the other parts' figures are still reported, and the run exits 1.
            do {
                switch part {
                case "frames":
                    report.add(frames: try FrameBench.run(quick: options.quick), out: out)
                    Log.progress("frames: breakdown of a 1920x1080@1 frame (in process)")
                    let big = FrameCase(width: 1920, height: 1080, scale: 1, rows: 100)
                    report.add(breakdown: try FrameBreakdown.run(big, quick: options.quick), case: big)
                case "indicator": report.add(indicator: try IndicatorBench.run(quick: options.quick))
                case "record": report.add(record: try RecordBench.run(quick: options.quick, work: work))
                case "compare": report.add(compare: try CompareBench.run(quick: options.quick, work: work))
                case "suite": report.add(suite: try SuiteBench.run(quick: options.quick, work: work))
                case "failures": report.add(failures: try FailuresBench.run(quick: options.quick, work: work))
                case "soak": report.add(soak: try SoakBench.run(quick: options.quick))
                case "window": report.add(window: try WindowBench.run(quick: options.quick))
                default: break
                }
            } catch {
                StandardStreams.error("overscroll-bench: \(part): \(error)\n")
                failed.append(part)
                continue
            }
            Log.progress("\(part) done in \(Report.f((Stopwatch.nowMs() - t0) / 1000, 1)) s")
        }
        try? FileManager.default.removeItem(at: ProcessRunner.scratch)
        try report.finish(out: out, quick: options.quick, failedParts: failed)
        return failed.isEmpty ? 0 : 1
    } catch {
        StandardStreams.error("overscroll-bench: \(error)\n")
        return 1
    }
}

exit(benchMain())
