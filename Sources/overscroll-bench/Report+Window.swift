import Foundation

extension Report {
    func add(window r: WindowBench.Result) {
        lines.append("")
        lines.append(
            "Window — real SDL window under Xvfb, 390x844 @1, CPU of the app process (user + system ticks from /proc) over"
                + " \(Self.f(r.seconds, 0)) s, % of one core (median)")
        if let s = r.skipped { lines.append("skipped: \(s)"); json["window"] = ["skipped": s]; return }
        let w = [48, 8, 6, 24]
        row(["case", "% core", "runs", "all runs"], w)
        var cases: [[String: Any]] = []
        for (c, res) in r.cases {
            let m = res.percent.median
            row([c.name, Self.f(m, 1), "\(res.percent.count)", res.percent.values.map { Self.f($0, 1) }.joined(separator: " ")], w)
            if let target = c.target { check("window % core: \(c.name)", m, atMost: target) }
            cases.append([
                "name": c.name, "arguments": c.arguments, "environment": c.environment, "percent_core_median": m,
                "percent_core_runs": res.percent.values, "target_at_most": c.target as Any
            ])
        }
        json["window"] = ["seconds": r.seconds, "size": "390x844@1", "cases": cases]
    }
}
