import Imaging
import Recording
import Support

/// One output of `overscroll test` (the console list, the results folder's `results.json` and
/// HTML report, each `ResultFormat` file), fed the same events in the same order by
/// `SuiteReporters`: `snapshotFinished` for each snapshot of a scenario, then `scenarioFinished`,
/// as each scenario ends (on whichever lane ran it: a reporter is called from several threads,
/// one event at a time per scenario); `goldensFailed` for a scenario whose goldens could not be
/// swapped in after the run; `viewers` as the trace viewers are written (progress); `write` once
/// the whole run is known, before the results folder is committed; `end` once everything is
/// committed.
public protocol SuiteReporter: Sendable {
    func snapshotFinished(_ snapshot: SnapshotResult, of scenario: ScenarioResult)
    func scenarioFinished(_ result: ScenarioResult)
    func goldensFailed(_ result: ScenarioResult)
    /// Progress of the trace viewers written after the scenarios (`trace viewers: 30 of 100 written`).
    func viewers(_ progress: String)
    /// Writes this reporter's files: into `staging` (the results folder, committed with it), or
    /// staged beside their destination (renamed into place once the folder is committed).
    func write(_ suite: SuiteResults, staging: String) throws -> [StagedFile]
    func end(_ summary: SuiteSummary)
}

extension SuiteReporter {
    public func snapshotFinished(_ snapshot: SnapshotResult, of scenario: ScenarioResult) {}
    public func scenarioFinished(_ result: ScenarioResult) {}
    public func goldensFailed(_ result: ScenarioResult) {}
    public func viewers(_ progress: String) {}
    public func write(_ suite: SuiteResults, staging: String) throws -> [StagedFile] { [] }
    public func end(_ summary: SuiteSummary) {}
}

/// What the run's closing lines are made from, once the results are committed.
public struct SuiteSummary: Sendable {
    /// The results with the obsolete goldens as found (before any pruning).
    public var suite: SuiteResults
    public var update: RecordMode
    /// What `--prune` deleted; nil without `--prune`.
    public var pruned: [String]?
    public var seconds: Double
    /// Why obsolete goldens were not looked for in the whole suite; nil when they were.
    public var obsoleteNotChecked: String?
    /// `--repeat-each N`: how many times each scenario ran (1 without it).
    public var repeatEach = 1
}

/// The run's reporters in order; sends each event to every one of them.
struct SuiteReporters: Sendable {
    let all: [any SuiteReporter]

    /// A scenario ended: each of its snapshots, then the scenario.
    func finished(_ r: ScenarioResult) {
        for reporter in all {
            for s in r.snapshots { reporter.snapshotFinished(s, of: r) }
            reporter.scenarioFinished(r)
        }
    }

    func goldensFailed(_ r: ScenarioResult) { for reporter in all { reporter.goldensFailed(r) } }

    func viewers(_ progress: String) { for reporter in all { reporter.viewers(progress) } }

    /// Every reporter's files; if one cannot be written, none of the staged files is kept.
    func write(_ suite: SuiteResults, staging: String) throws -> [StagedFile] {
        var staged: [StagedFile] = []
        do {
            for reporter in all { staged += try reporter.write(suite, staging: staging) }
        } catch {
            for file in staged { file.abandon() }
            throw error
        }
        return staged
    }

    func end(_ summary: SuiteSummary) { for reporter in all { reporter.end(summary) } }
}

/// The results folder's own files: `results.json` and `report/` (`SuiteOutputs`).
struct ResultsFolderReporter: SuiteReporter {
    /// The results folder as the user names it (the report's accept commands).
    let artifacts: String

    func write(_ suite: SuiteResults, staging: String) throws -> [StagedFile] {
        try SuiteOutputs.write(suite, into: staging, resultsRoot: staging, artifacts: artifacts)
        return []
    }
}

/// The files of `ResultFormats` asked for (`--junit FILE`), staged beside their destinations.
struct ResultFileReporter: SuiteReporter {
    let files: [ResultFile]
    let artifacts: String

    func write(_ suite: SuiteResults, staging: String) throws -> [StagedFile] {
        try ResultFile.stage(files, suite, artifacts: artifacts)
    }
}
