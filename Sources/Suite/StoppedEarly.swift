/// A run that `--max-failures N` stopped: no scenario was started once N snapshots had failed
/// (or scenarios had errored); those already running finished. Recorded in `results.json`, so
/// `merge-reports` still finds every scenario of the suite (run or not run) and `--last-failed`
/// runs the ones that were not run.
public struct StoppedEarly: Codable, Sendable, Equatable {
    /// The `--max-failures` value.
    public var maxFailures: Int
    /// The scenarios not run, as paths from where the suite ran, sorted.
    public var notRun: [String]

    public init(maxFailures: Int, notRun: [String]) {
        self.maxFailures = maxFailures; self.notRun = notRun
    }

    /// `stopped early: 12 scenarios not run (--max-failures 3)`.
    public var line: String {
        "stopped early: \(notRun.count) scenario\(notRun.count == 1 ? "" : "s") not run (--max-failures \(maxFailures))"
    }
}

extension ScenarioResult {
    /// What counts toward `--max-failures`: a scenario that could not run is one failure; else
    /// each snapshot that failed, is missing its golden, is flaky or has an unreadable golden.
    public var failureCount: Int { error != nil ? 1 : snapshots.filter(\.isFailure).count }
}
