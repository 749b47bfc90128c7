import Foundation

/// Part `suite` (README, "Benchmarks"): `overscroll test` on a generated suite of 40 scenarios (3 snapshots each) with
/// `--workers 2` vs `--workers 1` (wall time, interleaved), and `test` of one scenario with 4
/// snapshots vs `record` of the same scenario writing every frame.
@MainActor
enum SuiteBench {
    struct Result {
        var scenarios = 40
        var workers1 = Samples()
        var workers2 = Samples()
        /// CPU ms (user + system of every process of the run).
        var cpu1 = Samples()
        var cpu2 = Samples()
        /// The 1-minute load average after the runs (the machine is shared).
        var loadAverage = "?"
        var test4 = Samples()
        var recordAll = Samples()
        var recordFrames = 0
        var skipped: String?
    }

    static let scenes = ["list", "title", "pager", "header", "coordinator", "refreshable"]

    /// Scenario `i` of the generated suite: the format's defaults (390×844 @2, 60 fps), 2 s, a
    /// drag, 3 snapshots.
    static func scenario(_ i: Int) -> String {
        let scene = scenes[i % scenes.count]
        let from = 300 + (i * 37) % 300, to = 100 + (i * 53) % 500
        return """
            {"scene": "\(scene)", "duration": 2.0, "rows": 200,
             "events": [{"at": 0.20, "drag": {"from": [195, \(from)], "to": [195, \(to)], "duration": 0.25}},
                        {"at": 0.3, "snapshot": "dragging"}, {"at": 0.6, "snapshot": "moving"}, {"at": 2.0, "snapshot": "rest"}]}
            """
    }

    /// The record-vs-test scenario: 4 s at 60 fps, 390×844 @2 (as the record part), 4 snapshots.
    static let fourSnapshots = RecordBench.listScenario(adding: [
        #"{"at": 0.5, "snapshot": "flinging"}"#, #"{"at": 1.5, "snapshot": "coasting"}"#,
        #"{"at": 2.3, "snapshot": "pulled-back"}"#, #"{"at": 4.0, "snapshot": "rest"}"#
    ])

    static func run(quick: Bool, work: URL) throws -> Result {
        var result = Result()
        guard let bin = ProcessRunner.overscroll(orSkip: &result.skipped) else { return result }
        let fm = FileManager.default
        let suite = work.appendingPathComponent("suite")
        try? fm.removeItem(at: suite)
        for i in 0..<result.scenarios {
            let dir = suite.appendingPathComponent("group-\(i % 4)")
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(scenario(i).utf8).write(to: dir.appendingPathComponent(String(format: "s%02d.json", i)))
        }
        let artifacts = work.appendingPathComponent("suite-results").path
        Log.progress("suite: making the goldens of \(result.scenarios) scenarios")
        let made = try ProcessRunner.run(bin, ["test", suite.path, "--update=missing", "--artifacts", artifacts])
        guard made.status == 0 else { throw BenchError("suite: making goldens failed (\(made.status)): \(made.stderr)") }
        let reps = quick ? 1 : 5
        for rep in 0..<reps {
            for workers in (rep % 2 == 0 ? [1, 2] : [2, 1]) {
                Log.progress("suite: run \(rep + 1)/\(reps) --workers \(workers)")
                let r = try ProcessRunner.run(bin, ["test", suite.path, "--workers", "\(workers)", "--artifacts", artifacts])
                guard r.status == 0 else { throw BenchError("suite: test failed (\(r.status)): \(r.stdout)\(r.stderr)") }
                if workers == 1 {
                    result.workers1.add(r.wallMs); result.cpu1.add(r.cpuMs)
                } else {
                    result.workers2.add(r.wallMs); result.cpu2.add(r.cpuMs)
                }
            }
        }

        result.loadAverage =
            ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").first.map(String.init) ?? "?"
        let one = work.appendingPathComponent("four-snapshots")
        try? fm.removeItem(at: one)
        try fm.createDirectory(at: one, withIntermediateDirectories: true)
        let file = one.appendingPathComponent("scroll.json")
        try Data(fourSnapshots.utf8).write(to: file)
        let oneResults = work.appendingPathComponent("four-results").path
        let recordOut = work.appendingPathComponent("four-record").path
        _ = try ProcessRunner.run(bin, ["test", file.path, "--update=missing", "--artifacts", oneResults])
        for rep in 0..<reps {
            for test in (rep % 2 == 0 ? [true, false] : [false, true]) {
                Log.progress("suite: run \(rep + 1)/\(reps) \(test ? "test (4 snapshots)" : "record (every frame)")")
                if test {
                    let r = try ProcessRunner.run(bin, ["test", file.path, "--workers", "1", "--artifacts", oneResults])
                    guard r.status == 0 else { throw BenchError("suite: test of 4 snapshots failed (\(r.status)): \(r.stdout)") }
                    result.test4.add(r.wallMs)
                } else {
                    try? fm.removeItem(atPath: recordOut)
                    let r = try ProcessRunner.run(bin, ["record", file.path, "--out", recordOut, "--no-progress"])
                    guard r.status == 0 else { throw BenchError("suite: record failed (\(r.status)): \(r.stderr)") }
                    result.recordAll.add(r.wallMs)
                    result.recordFrames = ((try? fm.contentsOfDirectory(atPath: recordOut)) ?? []).filter { $0.hasPrefix("frame-") }.count
                }
            }
        }
        return result
    }
}

extension Report {
    func add(suite r: SuiteBench.Result) {
        lines.append("")
        lines.append("Suites — `overscroll test` (wall ms, median)")
        if let s = r.skipped { lines.append("skipped: \(s)"); json["suite"] = ["skipped": s]; return }
        let w = [44, 12, 12, 12]
        row(["run", "wall ms", "ratio", "CPU ms"], w)
        let w1 = r.workers1.median, w2 = r.workers2.median
        row(["\(r.scenarios) scenarios, --workers 1", Self.f(w1, 0), "", Self.f(r.cpu1.median, 0)], w)
        row(["\(r.scenarios) scenarios, --workers 2", Self.f(w2, 0), Self.f(w1 / w2) + "×", Self.f(r.cpu2.median, 0)], w)
        let t = r.test4.median, rec = r.recordAll.median
        row(["record, every frame (\(r.recordFrames) frames)", Self.f(rec, 0), "", ""], w)
        row(["test, 4 snapshots of the same scenario", Self.f(t, 0), Self.f(rec / t) + "×", ""], w)
        lines.append(
            "load average (1 min) after the suite runs: \(r.loadAverage) on \(ProcessInfo.processInfo.activeProcessorCount) cores; "
                + "the workers speed-up needs idle cores (CPU ms shows the extra work of parallel runs)")
        check("suite --workers 2 vs 1 (40 scenarios)", w1 / w2, atLeast: 1.7)
        check("test (4 snapshots) vs record (every frame)", rec / t, atLeast: 10)
        json["suite"] = [
            "scenarios": r.scenarios, "workers1_ms_median": w1, "workers2_ms_median": w2, "workers_speedup": w1 / w2,
            "workers1_cpu_ms_median": r.cpu1.median, "workers2_cpu_ms_median": r.cpu2.median, "load_average": r.loadAverage,
            "test4_ms_median": t, "record_ms_median": rec, "record_frames": r.recordFrames,
            "test_vs_record": rec / t, "runs": r.workers1.count
        ]
    }
}
