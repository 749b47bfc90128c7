import Recording
import Rendering

/// What one snapshot of a suite run came to. Artifact paths are relative to the results folder.
public struct SnapshotResult: Codable, Sendable, Equatable {
    /// The comparison's outcome (before any `--update`).
    public enum Status: String, Codable, Sendable {
        case passed, failed, missing
        /// Not compared: the golden cannot be read or is not a PNG (`message` says why). The
        /// scenario's other snapshots are still checked; the run exits 2.
        case error
        /// Rendered differently by two of the runs of `--repeat-each N` (whatever the golden
        /// says): the engine is not deterministic for it. `runs` keeps the two differing images;
        /// no `--update` writes its golden.
        case flaky
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
    /// The golden's size when it is not the snapshot's (the report draws both at one scale and
    /// states both sizes).
    public var expectedWidth: Int?
    public var expectedHeight: Int?
    /// Why it failed when no pixel count tells (a golden of another size, an unreadable golden).
    public var message: String?
    /// The golden file, as a path from where the suite ran (a trace snapshot's: its scenario,
    /// which holds the expected values).
    public var golden: String
    /// How it was checked: nil for an image against its golden PNG, `trace` for a trace
    /// snapshot (the scroll view's offset and phase against the scenario's values).
    public var strategy: String? = nil
    /// The SHA-256 (hex) of the golden as this run read it, for a snapshot that did not pass and
    /// whose golden could be read: `overscroll accept` refuses a golden changed since the run.
    public var goldenSHA256: String?
    public var threshold: Double
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    public var expected: String?
    public var actual: String?
    public var diff: String?
    /// For a mismatch whose golden was made on another rendering stack (`__snapshots__/stack.json`):
    /// what differs, `goldens made with cairo 1.16.0; this run: cairo 1.18.4`.
    public var stackNote: String?
    /// Seconds spent on it: loading, stepping and rendering since the snapshot before it, then
    /// comparing (and writing what a failure keeps).
    public var seconds: Double?
    /// The trace viewer page of a failing or missing snapshot, relative to the results folder.
    public var traceViewer: String?
    /// A flaky snapshot's images of the first run and of the first run that differed from it
    /// (`run-1.png`, `run-K.png`), relative to the results folder.
    public var runs: [String]?

    /// A mismatch, missing golden or unreadable golden that no `--update` fixed.
    public var isFailure: Bool { status != .passed && written == nil }
    /// A comparison that failed (or a golden that was missing) and whose golden this run wrote.
    public var isUpdated: Bool { status != .passed && written != nil }
}

/// A golden folder `<dir>/__snapshots__/<name>/` whose scenario `<dir>/<name>.json` is gone
/// (deleted or renamed): every PNG in it is obsolete.
public struct ObsoleteFolder: Codable, Sendable, Equatable {
    /// The folder, as a path from where the suite ran.
    public var folder: String
    /// Its PNG files (names).
    public var files: [String]
    /// The scenario these goldens most likely belong to now (renamed or moved), when known.
    public var likelyRename: LikelyRename?
    public init(folder: String, files: [String]) { self.folder = folder; self.files = files }
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

    public init(
        scenario: String, goldens: String, frames: Int = 0, seconds: Double = 0, error: String? = nil,
        snapshots: [SnapshotResult] = [], obsolete: [String] = [], trace: String? = nil
    ) {
        self.scenario = scenario; self.goldens = goldens; self.frames = frames; self.seconds = seconds
        self.error = error; self.snapshots = snapshots; self.obsolete = obsolete; self.trace = trace
    }

    public var failed: Bool { error != nil || snapshots.contains(where: \.isFailure) }
}

/// `results.json`: a whole run (or a shard of one), the input of `merge-reports`.
public struct SuiteResults: Codable, Sendable, Equatable {
    public var format = 2
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
    /// Every scenario the run selected (after `--grep`, `--grep-invert`, `--last-failed`), before
    /// `--shard` took its part: `merge-reports` checks that shards come from one suite.
    public var suite: [String]?
    /// The options every scenario shared (tolerances, selection): shards must agree.
    public var settings: SuiteSettings?
    /// The machine that ran it (JUnit `hostname`).
    public var host: String?
    /// The absolute folder the suite ran in: relative scenario paths are relative to it
    /// (`--last-failed` run from another folder still finds them).
    public var folder: String?
    /// Golden folders of scenarios that no longer exist (reported by an unsharded run or shard 1).
    public var obsoleteFolders: [ObsoleteFolder] = []
    /// The rendering stack the run drew with (library versions, font hashes); merged: shard 1's.
    public var stack: RenderingStack?
    /// A merge of shards that ran on different stacks: one line per shard that differs from shard 1.
    public var stackNotes: [String] = []
    /// The counts, as printed (filled in when written; recomputed from `scenarios` on merge).
    public var summary: Summary?
    /// Set when `--max-failures` stopped the run before every scenario ran.
    public var stopped: StoppedEarly?
    /// Which snapshots got a trace viewer (`--trace`); absent in older results.
    public var trace: TraceMode?
    /// The config file in force (`overscroll.json`, as a path from where the suite ran); nil: none.
    public var config: String?

    /// `passed + failed + missing + updated + snapshotErrors == snapshots`.
    public struct Summary: Codable, Sendable, Equatable {
        public var scenarios, snapshots, passed, failed, missing, obsolete, errors: Int
        /// Snapshots that failed or were missing and whose golden this run wrote.
        public var updated: Int
        /// Goldens this run created or changed (kept as old/new/diff under "goldens written").
        public var created, changed: Int
        /// Snapshots whose golden could not be read.
        public var snapshotErrors: Int
        /// Snapshots that differed between the runs of `--repeat-each` (absent in older results).
        public var flaky: Int?
    }

    public init(
        command: String, date: String, threshold: Double, maxDiffPixels: Int?, maxDiffRatio: Double?,
        shards: [String], scenarios: [ScenarioResult], version: String? = nil
    ) {
        self.command = command; self.version = version; self.date = date; self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels; self.maxDiffRatio = maxDiffRatio
        self.shards = shards; self.scenarios = scenarios
    }

    private enum CodingKeys: String, CodingKey {
        case format, command, version, date, threshold, maxDiffPixels, maxDiffRatio, shards, scenarios, suite, settings, host,
            folder, obsoleteFolders, stack, stackNotes, summary, stopped, trace, config
    }

    /// Reads format 1 files too (`--last-failed` after an upgrade): fields added since are optional.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decode(Int.self, forKey: .format)
        command = try c.decode(String.self, forKey: .command)
        version = try c.decodeIfPresent(String.self, forKey: .version)
        date = try c.decode(String.self, forKey: .date)
        threshold = try c.decode(Double.self, forKey: .threshold)
        maxDiffPixels = try c.decodeIfPresent(Int.self, forKey: .maxDiffPixels)
        maxDiffRatio = try c.decodeIfPresent(Double.self, forKey: .maxDiffRatio)
        shards = try c.decode([String].self, forKey: .shards)
        scenarios = try c.decode([ScenarioResult].self, forKey: .scenarios)
        suite = try c.decodeIfPresent([String].self, forKey: .suite)
        settings = try c.decodeIfPresent(SuiteSettings.self, forKey: .settings)
        host = try c.decodeIfPresent(String.self, forKey: .host)
        folder = try c.decodeIfPresent(String.self, forKey: .folder)
        obsoleteFolders = try c.decodeIfPresent([ObsoleteFolder].self, forKey: .obsoleteFolders) ?? []
        stack = try? c.decodeIfPresent(RenderingStack.self, forKey: .stack)
        stackNotes = (try? c.decodeIfPresent([String].self, forKey: .stackNotes)) ?? []
        summary = try? c.decodeIfPresent(Summary.self, forKey: .summary)
        stopped = try c.decodeIfPresent(StoppedEarly.self, forKey: .stopped)
        trace = try? c.decodeIfPresent(TraceMode.self, forKey: .trace)
        config = try c.decodeIfPresent(String.self, forKey: .config)
    }

    public var snapshots: [SnapshotResult] { scenarios.flatMap(\.snapshots) }
    public var passed: Int { snapshots.filter { $0.status == .passed }.count }
    public var failed: Int { snapshots.filter { $0.isFailure && $0.status == .failed }.count }
    public var missing: Int { snapshots.filter { $0.isFailure && $0.status == .missing }.count }
    public var updated: Int { snapshots.filter(\.isUpdated).count }
    public var snapshotErrors: Int { snapshots.filter { $0.isFailure && $0.status == .error }.count }
    public var flaky: Int { snapshots.filter { $0.status == .flaky }.count }
    public var obsolete: Int {
        scenarios.reduce(0) { $0 + $1.obsolete.count } + obsoleteFolders.reduce(0) { $0 + $1.files.count }
    }
    public var errors: Int { scenarios.filter { $0.error != nil }.count }
    public func written(_ kind: SnapshotResult.Written) -> Int { snapshots.filter { $0.written == kind }.count }

    /// The outcome counts as printed by `test` and `merge-reports`: every outcome the run had
    /// (`P passed, F failed, M missing goldens[, U updated][, unreadable goldens][, flaky],
    /// O obsolete goldens[, scenario errors]`). `obsoleteNotChecked` names why obsolete goldens
    /// were not looked for (`--grep`, a shard other than 1…); nil when they were.
    public func outcomeCounts(obsoleteNotChecked: String? = nil) -> String {
        var counts = "\(passed) passed, \(failed) failed, \(Self.counted(missing, "missing golden"))"
        if updated > 0 { counts += ", \(updated) updated" }
        if snapshotErrors > 0 { counts += ", \(Self.counted(snapshotErrors, "unreadable golden"))" }
        if flaky > 0 { counts += ", \(flaky) flaky" }
        if let reason = obsoleteNotChecked {
            counts +=
                obsolete > 0
                ? ", \(Self.counted(obsolete, "obsolete golden")) of the scenarios run (others not checked: \(reason))"
                : ", obsolete goldens not checked (\(reason))"
        } else {
            counts += ", \(Self.counted(obsolete, "obsolete golden"))"
        }
        if errors > 0 { counts += ", \(Self.counted(errors, "scenario error"))" }
        if let stopped { counts += ", " + stopped.line }
        return counts
    }

    /// The selection flag that kept this run (or the merged shards) from looking for obsolete
    /// goldens in the whole suite, from the recorded settings; nil when they were looked for.
    public var obsoleteNotChecked: String? {
        guard let settings else { return nil }
        if settings.grep != nil { return "--grep" }
        if settings.grepInvert != nil { return "--grep-invert" }
        return settings.lastFailed ? "--last-failed" : nil
    }

    private static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// The counts of `scenarios`.
    public var counted: Summary {
        Summary(
            scenarios: scenarios.count, snapshots: snapshots.count, passed: passed, failed: failed,
            missing: missing, obsolete: obsolete, errors: errors, updated: updated,
            created: written(.created), changed: written(.changed), snapshotErrors: snapshotErrors,
            flaky: flaky)
    }

    /// 2 a scenario could not run or a golden could not be read; 1 a mismatch, missing golden or
    /// flaky snapshot; 0 all passed.
    public var exitCode: Int32 {
        if errors + snapshotErrors > 0 { return 2 }
        return failed + missing + flaky > 0 ? 1 : 0
    }
}

/// The options of a run that decide its verdicts and its selection; shards of one suite share them.
public struct SuiteSettings: Codable, Sendable, Equatable {
    public var threshold: Double
    public var includeAA: Bool
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    public var grep: String?
    public var grepInvert: String?
    public var lastFailed: Bool

    public init(_ options: SuiteOptions, grep: String?, grepInvert: String?, lastFailed: Bool) {
        threshold = options.threshold; includeAA = options.includeAA
        maxDiffPixels = options.maxDiffPixels; maxDiffRatio = options.maxDiffRatio
        self.grep = grep; self.grepInvert = grepInvert; self.lastFailed = lastFailed
    }

    /// `name value` pairs that differ between `self` and `other`.
    public func differences(from other: SuiteSettings) -> [String] {
        func text<T>(_ v: T?) -> String { v.map { "\($0)" } ?? "none" }
        var out: [String] = []
        if threshold != other.threshold { out.append("--threshold \(threshold) vs \(other.threshold)") }
        if includeAA != other.includeAA { out.append("--include-aa \(includeAA) vs \(other.includeAA)") }
        // Without the flag: 0, as the help and the report say.
        func pixels(_ v: Int?) -> String { v.map(String.init) ?? "0 (default)" }
        if maxDiffPixels != other.maxDiffPixels {
            out.append("--max-diff-pixels \(pixels(maxDiffPixels)) vs \(pixels(other.maxDiffPixels))")
        }
        if maxDiffRatio != other.maxDiffRatio { out.append("--max-diff-ratio \(text(maxDiffRatio)) vs \(text(other.maxDiffRatio))") }
        if grep != other.grep { out.append("--grep \(text(grep)) vs \(text(other.grep))") }
        if grepInvert != other.grepInvert { out.append("--grep-invert \(text(grepInvert)) vs \(text(other.grepInvert))") }
        if lastFailed != other.lastFailed { out.append("--last-failed \(lastFailed) vs \(other.lastFailed)") }
        return out
    }
}
