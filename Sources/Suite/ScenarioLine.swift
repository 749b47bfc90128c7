import Foundation
import Support

/// The text of one scenario's outcome: the console's line for it (`ConsoleReporter`) and the
/// `<system-out>` of its JUnit test case (`JUnitWriter`), made from its `ScenarioResult` alone.
enum ScenarioLine {
    /// `✓ path  3 passed  0.42 s` / `✗ path  1 failed, 2 passed  0.51 s` / `✗ path  error: …`.
    /// With `artifacts` (the results folder), each failure is followed by the paths of its
    /// expected, actual and diff images there and the `overscroll accept` line that takes it.
    static func text(_ r: ScenarioResult, artifacts: String? = nil) -> String {
        let time = String(format: "%.2f s", r.seconds)
        if let e = r.error { return "✗ \(OutputPaths.printable(r.scenario))  error: \(OutputPaths.printable(e))" }
        let failed = r.snapshots.filter { $0.isFailure && $0.status == .failed }.count
        let missing = r.snapshots.filter { $0.isFailure && $0.status == .missing }.count
        let unreadable = r.snapshots.filter { $0.isFailure && $0.status == .error }.count
        let flaky = r.snapshots.filter { $0.status == .flaky }.count
        let passed = r.snapshots.filter { $0.status == .passed }.count
        var parts: [String] = []
        if failed > 0 { parts.append("\(failed) failed") }
        parts.append("\(passed) passed")
        if missing > 0 { parts.append("\(missing) missing") }
        if unreadable > 0 { parts.append("\(unreadable) unreadable golden\(unreadable == 1 ? "" : "s")") }
        if flaky > 0 { parts.append("\(flaky) flaky") }
        for kind in [SnapshotResult.Written.created, .changed] {
            let n = r.snapshots.filter { $0.written == kind }.count
            if n > 0 { parts.append("\(n) golden\(n == 1 ? "" : "s") \(kind.rawValue)") }
        }
        if r.snapshots.isEmpty { parts = ["no snapshots"] }
        var text = "\(r.failed ? "✗" : "✓") \(OutputPaths.printable(r.scenario))  \(parts.joined(separator: ", "))  \(time)"
        for s in r.snapshots where s.isFailure {
            text += snapshot(s)
            if let artifacts { text += paths(s, scenario: r, artifacts: artifacts) }
        }
        return text
    }

    /// The line under a failing snapshot, one case per outcome.
    static func snapshot(_ s: SnapshotResult) -> String {
        switch s.status {
        case .missing:
            return "\n    \(s.snapshot) (t = \(s.at) s): missing golden \(OutputPaths.printable(s.golden)) (--update=missing creates it)"
        case .failed, .error, .flaky: return "\n    \(s.snapshot) (t = \(s.at) s): \(OutputPaths.printable(SuiteReport.why(s)))"
        case .passed: return ""
        }
    }

    /// The lines under a failure: where its images are, and the command that accepts it.
    static func paths(_ s: SnapshotResult, scenario r: ScenarioResult, artifacts: String) -> String {
        var text = ""
        let names =
            s.status == .flaky
            ? [("run 1", s.runs?.first), (SuiteReport.runName(s), s.runs?.last)]
            : [("expected", s.expected), ("actual", s.actual), ("diff", s.diff)]
        for (label, rel) in names {
            guard let rel else { continue }
            text +=
                "\n      \(label):\(String(repeating: " ", count: max(1, 10 - label.count)))\(OutputPaths.printable(artifacts + "/" + rel))"
        }
        if AcceptSelection.acceptable(s) {
            text +=
                "\n      accept:    "
                + OutputPaths.printable(AcceptSelection.command(results: artifacts, names: [AcceptSelection.name(r, s)]))
        }
        return text
    }
}
