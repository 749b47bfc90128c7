/// What one snapshot of a suite run came to. Artifact paths are relative to the results folder.
public struct SnapshotResult: Codable, Sendable, Equatable {
    /// The comparison's outcome (before any `--update`).
    public enum Status: String, Codable, Sendable {
        case passed, failed, missing
    }
    /// What `--update` did to the golden file.
    public enum Written: String, Codable, Sendable {
        case created, changed, unchanged
    }
    public var snapshot: String
    /// Seconds into the scenario.
    public var at: Double
    public var status: Status
    public var written: Written?
    /// Pixels counted as different, and their ratio of all pixels (for a comparison that ran).
    public var differing: Int?
    public var ratio: Double?
    public var width: Int?
    public var height: Int?
    /// Why it failed when no pixel count tells (a golden of another size, an unreadable golden).
    public var message: String?
    /// The golden file, as a path from where the suite ran.
    public var golden: String
    public var threshold: Double
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    public var expected: String?
    public var actual: String?
    public var diff: String?

    /// A mismatch or missing golden that no `--update` fixed.
    public var isFailure: Bool { status != .passed && written == nil }
}

/// One scenario of a suite run.
public struct ScenarioResult: Codable, Sendable, Equatable {
    /// The scenario file, as a path from where the suite ran.
    public var scenario: String
    /// The golden folder `<dir>/__snapshots__/<name>`.
    public var goldens: String
    /// Frames on the fps grid (shard balancing, report).
    public var frames: Int
    public var seconds: Double
    /// A scenario that could not run (bad file, Lottie failure, mask outside the frame): one line.
    public var error: String?
    public var snapshots: [SnapshotResult]
    /// PNGs in the golden folder that no snapshot names.
    public var obsolete: [String]
    /// `trace.jsonl` of a failing scenario, relative to the results folder.
    public var trace: String?

    public init(scenario: String, goldens: String, frames: Int = 0, seconds: Double = 0, error: String? = nil,
                snapshots: [SnapshotResult] = [], obsolete: [String] = [], trace: String? = nil) {
        self.scenario = scenario; self.goldens = goldens; self.frames = frames; self.seconds = seconds
        self.error = error; self.snapshots = snapshots; self.obsolete = obsolete; self.trace = trace
    }

    public var failed: Bool { error != nil || snapshots.contains(where: \.isFailure) }
}

/// `results.json`: a whole run (or a shard of one), the input of `merge-reports`.
public struct SuiteResults: Codable, Sendable, Equatable {
    public var format = 1
    /// The command line that ran.
    public var command: String
    /// The build that ran it (`overscroll 0.1.0 (commit 1a3c560e2f4b)`); merged: each shard's, once.
    public var version: String?
    /// ISO 8601 UTC.
    public var date: String
    public var threshold: Double
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    /// `i/n` when sharded; merged reports list every shard.
    public var shards: [String]
    public var scenarios: [ScenarioResult]
    /// The counts, as printed (filled in when written; recomputed from `scenarios` on merge).
    public var summary: Summary?

    public struct Summary: Codable, Sendable, Equatable {
        public var scenarios, snapshots, passed, failed, missing, obsolete, errors: Int
    }

    public init(command: String, date: String, threshold: Double, maxDiffPixels: Int?, maxDiffRatio: Double?,
                shards: [String], scenarios: [ScenarioResult], version: String? = nil) {
        self.command = command; self.version = version; self.date = date; self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels; self.maxDiffRatio = maxDiffRatio
        self.shards = shards; self.scenarios = scenarios
    }

    public var snapshots: [SnapshotResult] { scenarios.flatMap(\.snapshots) }
    public var passed: Int { snapshots.filter { !$0.isFailure }.count }
    public var failed: Int { snapshots.filter { $0.isFailure && $0.status == .failed }.count }
    public var missing: Int { snapshots.filter { $0.isFailure && $0.status == .missing }.count }
    public var obsolete: Int { scenarios.reduce(0) { $0 + $1.obsolete.count } }
    public var errors: Int { scenarios.filter { $0.error != nil }.count }

    /// The counts of `scenarios`.
    public var counted: Summary {
        Summary(scenarios: scenarios.count, snapshots: snapshots.count, passed: passed, failed: failed,
                missing: missing, obsolete: obsolete, errors: errors)
    }

    /// 2 a scenario could not run; 1 a mismatch or missing golden; 0 all passed.
    public var exitCode: Int32 {
        if errors > 0 { return 2 }
        return failed + missing > 0 ? 1 : 0
    }
}
