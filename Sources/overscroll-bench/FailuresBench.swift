import Foundation

/// Part `failures` (README, "Benchmarks"): a suite that fails a lot, through
/// `tools/failing-suite.py`. 600 snapshots of which 540 fail (`--quick`: 120 of which 108): wall
/// time of `overscroll test`, bytes on disk and files of its results folder, and the report's
/// load time in headless Chromium (navigation start to the load event, read in the page). Then a
/// first run with no goldens (120 missing; `--quick` 30) against `--update=missing` of the same
/// suite: the ratio of their wall times and bytes.
@MainActor
enum FailuresBench {
    struct Result {
        var scenarios = 200, failing = 180, missingScenarios = 40
        var figures: [String: Any] = [:]
        var skipped: String?
    }

    static var script: String { FileManager.default.currentDirectoryPath + "/tools/failing-suite.py" }

    static func run(quick: Bool, work: URL) throws -> Result {
        var result = Result()
        if quick { result.scenarios = 40; result.failing = 36; result.missingScenarios = 10 }
        guard let bin = ProcessRunner.overscroll(orSkip: &result.skipped) else { return result }
        guard let python = ProcessRunner.which("python3") else {
            result.skipped = "python3 not found (tools/failing-suite.py makes and measures the suite)"
            return result
        }
        let folder = work.appendingPathComponent("failures"), json = work.appendingPathComponent("failures.json")
        Log.progress(
            "failures: \(result.scenarios * 3) snapshots, \(result.failing * 3) failing; a first run of"
                + " \(result.missingScenarios * 3) missing")
        let r = try ProcessRunner.run(
            python,
            [
                script, bin, folder.path, "--scenarios", "\(result.scenarios)",
                "--failing", "\(result.failing)", "--missing", "\(result.missingScenarios)",
                "--json", json.path
            ])
        guard r.status == 0, let data = FileManager.default.contents(atPath: json.path),
            let figures = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw BenchError("failures: tools/failing-suite.py failed (\(r.status)): \(r.stderr.suffix(600))")
        }
        result.figures = figures
        return result
    }
}

extension Report {
    func add(failures r: FailuresBench.Result) {
        lines.append("")
        lines.append("A suite that fails a lot — `overscroll test` (tools/failing-suite.py)")
        if let s = r.skipped { lines.append("skipped: \(s)"); json["failures"] = ["skipped": s]; return }
        let f = r.figures["failures"] as? [String: Any] ?? [:]
        func n(_ d: [String: Any], _ k: String) -> Double { (d[k] as? NSNumber)?.doubleValue ?? .nan }
        let w = [46, 10, 10, 8, 12]
        row(["run", "wall s", "MB disk", "files", "report load"], w)
        row(
            [
                "\(r.scenarios * 3) snapshots, \(r.failing * 3) failing", Self.f(n(f, "wall_s"), 1), Self.f(n(f, "bytes_on_disk") / 1e6, 1),
                Self.f(n(f, "files"), 0), Self.f(n(f, "load_ms"), 0) + " ms"
            ], w)
        let first = r.figures["first_run"] as? [String: Any] ?? [:]
        let m = first["missing"] as? [String: Any] ?? [:], u = first["update_missing"] as? [String: Any] ?? [:]
        row(
            [
                "first run, \(r.missingScenarios * 3) goldens missing", Self.f(n(m, "wall_s"), 1), Self.f(n(m, "bytes_on_disk") / 1e6, 1),
                Self.f(n(m, "files"), 0), ""
            ], w)
        row(
            [
                "the same with --update=missing", Self.f(n(u, "wall_s"), 1), Self.f(n(u, "bytes_on_disk") / 1e6, 1),
                Self.f(n(u, "files"), 0), ""
            ], w)
        lines.append(
            "report: \(Self.f(n(f, "img_elements"), 0)) <img> elements, \(Self.f(n(f, "html_bytes") / 1e6, 1)) MB of HTML; "
                + "Chromium's whole process (start, load, dump) \(Self.f(n(f, "chromium_wall_ms"), 0)) ms")
        check("report load (ms) of \(r.failing * 3) failures", n(f, "load_ms"), atMost: 1000)
        check("first run with missing goldens ÷ --update=missing (wall)", n(m, "wall_s") / n(u, "wall_s"), atMost: 1.5)
        json["failures"] = r.figures
    }
}
