import Foundation
import Imaging
import Recording
import Rendering
import ScrollEngine
import Support

/// `overscroll test`: finds the scenarios, runs them (in parallel worker processes when asked),
/// prints one line per scenario as it finishes and a summary, and replaces the results folder
/// with `results.json`, the HTML report and the artifacts of failing snapshots.
@MainActor
public final class SuiteRunner {
    public struct Config: Sendable {
        public var paths: [String] = ["."]
        public var options = SuiteOptions()
        public var workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        public var artifacts = "test-results"
        /// Regular expression: only scenarios whose path or a snapshot name it matches.
        public var grep: String?
        /// Regular expression: leave out scenarios whose path or a snapshot name it matches.
        public var grepInvert: String?
        /// Only the scenarios that failed in the previous `results.json` of `artifacts`.
        public var lastFailed = false
        /// The result files to write besides the results folder (`--junit FILE`, `ResultFormats.all`).
        public var resultFiles: [ResultFile] = []
        /// 1-based shard index and count.
        public var shard: (index: Int, count: Int)?
        public var prune = false
        /// Only these scenario files (canonical paths), when set: `--watch` reruns the changed ones.
        public var only: Set<String>?
        /// Stop starting scenarios once this many snapshots failed (or scenarios errored)
        /// (`--max-failures N`); nil runs them all.
        public var maxFailures: Int?
        /// The command line, for the report.
        public var command = "overscroll test"
        /// The build, for results.json, the JUnit file and the report (`overscroll --version`).
        public var version: String?
        /// The program that serves `__test-worker` jobs; nil runs every scenario in this process.
        public var workerExecutable: String?
        /// The rendering stack the run records; nil probes this process's (without SDL), after
        /// the worker processes have been started.
        public var stack: RenderingStack?
        /// Entries the probe adds when `stack` is nil (the app adds SDL's).
        public var stackExtras: [RenderingStack.Library] = []
        /// The folder recorded as the one the suite ran in (`results.json` `folder`); nil: the
        /// working folder. Absolute scenario paths outside it make results no reader accepts.
        public var workingFolder: String?
        public init() {}
    }

    /// Standard output and standard error, one line per call (newline added).
    public var output: @Sendable (String) -> Void = { line in StandardStreams.output(line + "\n") }
    public var errorOutput: @Sendable (String) -> Void = { line in StandardStreams.error(line + "\n") }
    /// True once standard output is lost (closed pipe, full disk): the run stops starting
    /// scenarios, and nothing is committed.
    public var outputLost: @Sendable () -> Bool = { StandardStreams.outputFailure != nil }

    public init() {}

    /// Reporters fed after the run's own (the console, the results folder, the result files):
    /// every event of every scenario (tests count them).
    public var extraReporters: [any SuiteReporter] = []
    /// How scenario files are parsed (tests count the parses): once each in this process, by
    /// the load phase, for the walk, the scenario pass and the trace viewer.
    public var loadScenario: ParsedScenario.Load = ParsedScenario.fromFile

    /// What the load and plan phases settle before anything runs.
    struct Plan {
        var found: SuiteDiscovery.Found
        /// The scenarios to run, after selection and sharding.
        var entries: [SuiteEntry]
        /// Every scenario of the suite, before sharding (results.json).
        var suiteList: [String]
        /// True when `--grep`, `--last-failed` or `--watch` narrowed the run.
        var selected: Bool
        /// Gone scenarios' golden folders, when the whole suite was looked at.
        var obsoleteFolders: [ObsoleteFolder]
        var goldenLocks: [FolderLock]
        var folder: ResultFolder
        var stack: RenderingStack
        var goldenStacks: SuiteStacks
        /// True when this run looks at every scenario of the suite (unsharded or shard 1, no selection).
        var wholeSuite: Bool { !selected }
    }

    /// A phase's early end: the exit status to return.
    struct Stop: Error { let status: Int32 }

    /// Runs the suite; returns the exit status (0 passed, 1 mismatch or missing golden, 2 error).
    /// Phases: load (find the scenarios), plan (select, check outputs, lock, open the results
    /// folder), run (every scenario, then the trace viewers), settle (goldens swapped in,
    /// pruning, stack records), report (every reporter's files, the commit, the summary).
    public func run(_ config: Config) async -> Int32 {
        do {
            try SuiteDiscovery.refuseArtifactsOverSuite(config.artifacts, paths: config.paths)
        } catch {
            errorOutput("overscroll test: \(error)")
            return 2
        }
        // Worker processes start first: their start-up overlaps the rest of this one's.
        let pool = config.workers > 1 ? config.workerExecutable.map { WorkerPool(count: config.workers - 1, executable: $0) } : nil
        defer { pool?.finishUnused() }
        let plan: Plan
        do throws(Stop) {
            plan = try self.plan(try load(config), config: config)
        } catch {
            return error.status
        }
        defer { withExtendedLifetime(plan.goldenLocks) {} }
        let reporters = SuiteReporters(
            all: [
                ConsoleReporter(output: output, artifacts: config.artifacts),
                ResultsFolderReporter(artifacts: config.artifacts),
                ResultFileReporter(files: config.resultFiles, artifacts: config.artifacts)
            ]
                + extraReporters)
        let started = ContinuousClock.now
        var (results, obsoleteFolders, stopped) = await execute(plan, config: config, pool: pool, reporters: reporters)
        if outputLost() {
            plan.folder.abandon()
            return StandardStreams.finish(
                2, command: "overscroll test",
                detail: "stopped after \(results.count) of \(plan.entries.count) scenarios; no results or goldens written")
        }
        // Obsolete goldens as found, for the summary (the commit below prunes them).
        let asFound = results
        let (_, goldenFailures) = SuiteGoldens.commit(&results, resultsRoot: plan.folder.staging, prune: config.prune)
        for i in goldenFailures { reporters.goldensFailed(results[i]) }
        var suite = suiteResults(results, plan: plan, config: config)
        suite.obsoleteFolders = obsoleteFolders
        suite.stopped = stopped
        var pruned: [String] = []
        if config.prune {
            let outcome = SuitePrune.run(
                asFound: asFound, results: results, obsoleteFolders: suite.obsoleteFolders,
                emptiedFolders: plan.wholeSuite && (config.shard?.index ?? 1) == 1 ? plan.found.emptiedFolders : [])
            for e in outcome.errors { errorOutput("overscroll test: \(e)") }
            pruned = outcome.pruned
            suite.obsoleteFolders = []
        }
        // The goldens' stack records, under the same locks as the goldens.
        var stackFailed = false
        if config.options.update != .none || config.prune {
            for e in plan.goldenStacks.record(results, pruned: pruned) {
                errorOutput("overscroll test: \(e)")
                stackFailed = true
            }
        }
        guard report(suite, folder: plan.folder, reporters: reporters) else { return 2 }
        let elapsed = ContinuousClock.now - started
        var shown = suite
        shown.scenarios = zip(asFound, results).map { before, after in
            var s = after; s.obsolete = before.obsolete; return s
        }
        shown.obsoleteFolders = obsoleteFolders
        reporters.end(
            SuiteSummary(
                suite: shown, update: config.options.update, pruned: config.prune ? pruned : nil,
                seconds: elapsed.inSeconds,
                obsoleteNotChecked: Self.obsoleteNotChecked(config, selected: plan.selected, stopped: stopped != nil),
                repeatEach: config.options.repeatEach))
        return stackFailed ? 2 : suite.exitCode
    }

    /// Load: the scenarios of `config.paths` (errors and notes printed; none found is an error).
    private func load(_ config: Config) throws(Stop) -> SuiteDiscovery.Found {
        let found = SuiteDiscovery.find(
            config.paths, excluding: [config.artifacts], maxScenarioBytes: config.options.maxScenarioBytes,
            physics: config.options.physics, load: loadScenario)
        for e in found.errors { errorOutput("overscroll test: \(OutputPaths.printable(e))") }
        if !found.errors.isEmpty { throw Stop(status: 2) }
        for n in found.notes { errorOutput("note: \(OutputPaths.printable(n))") }
        if found.entries.isEmpty {
            errorOutput(
                "overscroll test: no scenarios in \(config.paths.map(OutputPaths.quoted).joined(separator: " "))"
                    + " (a scenario is a *.json file with a top-level \"scene\" or \"events\" key)"
            )
            throw Stop(status: 2)
        }
        return found
    }

    /// Plan: which scenarios run (selection, shard), the outputs checked against the inputs, the
    /// golden folders locked (or recovered), the results folder opened, the rendering stack.
    private func plan(_ found: SuiteDiscovery.Found, config: Config) throws(Stop) -> Plan {
        var entries = found.entries
        let selected: Bool
        switch SuiteSelection.select(entries, config) {
        case let .run(chosen, narrowed): entries = chosen; selected = narrowed
        case let .nothing(note): output(note); throw Stop(status: 0)
        case let .error(message): errorOutput("overscroll test: \(OutputPaths.printable(message))"); throw Stop(status: 2)
        }
        let suiteList = entries.map(\.path)
        if let shard = config.shard { entries = SuiteDiscovery.shard(entries, index: shard.index, count: shard.count) }
        // Obsolete golden folders belong to the whole suite: reported when every scenario was
        // selected, by an unsharded run or by shard 1.
        let obsoleteFolders = !selected && (config.shard?.index ?? 1) == 1 ? found.obsoleteFolders : []

        // Outputs never overlap inputs (scenario files, golden folders) nor each other.
        var inputs: [(path: String, what: String)] = []
        for e in entries { inputs += [(e.path, "a scenario file"), (e.folder + "/" + OutputPaths.goldenTreeName, "a golden folder")] }
        var outputs = [OutputPaths.Output(config.artifacts, flag: "--artifacts", folder: true)]
        outputs += config.resultFiles.map(\.output)
        let goldenLocks: [FolderLock]
        let folder: ResultFolder
        do {
            try OutputPaths.check(outputs, inputs: inputs)
            if config.options.update != .none || config.prune {
                goldenLocks = try SuiteGoldens.lock(
                    entries, trees: found.goldenTrees, flag: config.options.update != .none ? "--update" : "--prune")
            } else {
                goldenLocks = []
                SuiteGoldens.recover(entries, trees: found.goldenTrees)
            }
            folder = try ResultFolder(
                replacing: config.artifacts, flag: "--artifacts",
                ownership: .manifest(legacy: { $0 == "results.json" }))
        } catch {
            errorOutput("overscroll test: \(error)")
            throw Stop(status: 2)
        }
        let stack = config.stack ?? RenderingStack.probe(adding: config.stackExtras)
        let goldenStacks = SuiteStacks(entries, stack: stack)
        for w in goldenStacks.warnings { errorOutput("note: \(w)") }
        return Plan(
            found: found, entries: entries, suiteList: suiteList, selected: selected, obsoleteFolders: obsoleteFolders,
            goldenLocks: goldenLocks, folder: folder, stack: stack, goldenStacks: goldenStacks)
    }

    /// Run: every scenario (reported as it ends), then the trace viewers; the results sorted, the
    /// likely renames of gone scenarios' goldens, and what `--max-failures` kept from starting.
    private func execute(
        _ plan: Plan, config: Config, pool: WorkerPool?,
        reporters: SuiteReporters
    ) async -> ([ScenarioResult], [ObsoleteFolder], StoppedEarly?) {
        var scenarioPass = config
        scenarioPass.options.deferViewers = true
        let root = plan.folder.staging
        let parsed = { [loadScenario] (e: SuiteEntry) in
            plan.found.parsed[e.path]
                ?? ParsedScenario(loadScenario, e.path, maxBytes: config.options.maxScenarioBytes, physics: config.options.physics)
        }
        var results = await runAll(
            plan.entries, config: scenarioPass, root: root, stacks: plan.goldenStacks, pool: pool,
            reporters: reporters, parsed: parsed)
        results.sort { $0.scenario < $1.scenario }
        if !outputLost() {
            await writeViewers(
                &results, entries: plan.entries, config: config, root: root, pool: pool, parsed: parsed,
                reporters: reporters)
        }
        TraceViewerLimit.apply(&results, root: root)
        // A gone scenario's goldens that a missing scenario rendered byte for byte: a rename
        // (looked for before anything is pruned; `--prune` deletes them instead).
        var obsoleteFolders = plan.obsoleteFolders
        if !config.prune {
            let renames = LikelyRename.find(obsoleteFolders, results: results, root: root)
            for i in obsoleteFolders.indices { obsoleteFolders[i].likelyRename = renames.first { $0.from == obsoleteFolders[i].folder } }
        }
        // Scenarios --max-failures kept from starting.
        let ran = Set(results.map(\.scenario))
        let notRun = plan.entries.map(\.path).filter { !ran.contains($0) }.sorted()
        let stopped = config.maxFailures.flatMap { n in notRun.isEmpty ? nil : StoppedEarly(maxFailures: n, notRun: notRun) }
        return (results, obsoleteFolders, stopped)
    }

    /// The run's `SuiteResults` (obsolete folders and `stopped` are set by the caller).
    private func suiteResults(_ results: [ScenarioResult], plan: Plan, config: Config) -> SuiteResults {
        var suite = SuiteResults(
            command: config.command, date: Self.isoDate(),
            threshold: config.options.threshold, maxDiffPixels: config.options.maxDiffPixels,
            maxDiffRatio: config.options.maxDiffRatio,
            shards: config.shard.map { ["\($0.index)/\($0.count)"] } ?? [], scenarios: results)
        suite.version = config.version
        suite.stack = plan.stack
        suite.folder = config.workingFolder ?? OutputPaths.workingFolder()
        suite.suite = plan.suiteList
        suite.settings = SuiteSettings(config.options, grep: config.grep, grepInvert: config.grepInvert, lastFailed: config.lastFailed)
        suite.host = Platform.hostName()
        suite.trace = config.options.trace
        suite.config = config.options.configFile
        return suite
    }

    /// Report: every reporter's files, then the results folder and the staged files committed;
    /// all or nothing. False (the error printed) when something could not be written.
    private func report(_ suite: SuiteResults, folder: ResultFolder, reporters: SuiteReporters) -> Bool {
        var staged: [StagedFile] = []
        do {
            staged = try reporters.write(suite, staging: folder.staging)
            try folder.commit()
            for file in staged { try file.commit() }
        } catch {
            for file in staged { file.abandon() }
            folder.abandon()
            errorOutput("overscroll test: \(error)")
            return false
        }
        return true
    }

    private func runAll(
        _ entries: [SuiteEntry], config: Config, root: String, stacks: SuiteStacks,
        pool: WorkerPool?, reporters: SuiteReporters, parsed: (SuiteEntry) -> ParsedScenario
    ) async -> [ScenarioResult] {
        let budget = FailureBudget(limit: config.maxFailures)
        let workers = min(max(1, config.workers), entries.count)
        guard workers > 1, let executable = config.workerExecutable else {
            var out: [ScenarioResult] = []
            for e in entries {
                let r = stacks.annotate(await SnapshotRun.run(e, options: config.options, resultsRoot: root, parsed: parsed(e)))
                reporters.finished(r)
                out.append(r)
                if outputLost() || budget.add(r.failureCount) { break }
            }
            return out
        }
        // Largest scenarios first, so the last to finish is a short one. This process is one
        // lane (it is warm already); each other lane keeps one worker process for all its
        // scenarios. A worker that dies fails its scenario and is replaced.
        let order = entries.indices.sorted { (entries[$0].frames, entries[$1].path) > (entries[$1].frames, entries[$0].path) }
        let jobs = order.map { WorkerProcess.Job(entry: entries[$0], options: config.options, resultsRoot: root) }
        let next = IndexDispenser(limit: jobs.count)
        let lost = outputLost
        let finished: @Sendable (ScenarioResult) -> Void = { r in
            reporters.finished(r)
            if lost() { next.stop() }
        }
        let slots = OutcomeSlots<ScenarioResult?>(count: jobs.count, initial: nil)
        // A worker that dies closes its pipe: writing to it must fail, not kill this process
        // (`StandardStreams.prepare` ignores SIGPIPE for the program; this is for other callers).
        Platform.ignoreBrokenPipe()
        async let others: Void = Self.runWorkerLanes(
            workers - 1, jobs: jobs, executable: executable, pool: pool, next: next, slots: slots,
            stacks: stacks, budget: budget, finished: finished)
        while let k = next.take() {
            let r = stacks.annotate(
                await SnapshotRun.run(
                    jobs[k].entry, options: config.options, resultsRoot: root,
                    parsed: parsed(jobs[k].entry)))
            slots.set(k, r)
            if budget.add(r.failureCount) { next.stop() }
            finished(r)
        }
        await others
        return slots.values.compactMap { $0 }
    }

    /// Runs `count` worker lanes (`WorkerLanes`); a worker that dies fails its scenario.
    nonisolated private static func runWorkerLanes(
        _ count: Int, jobs: [WorkerProcess.Job], executable: String, pool: WorkerPool?,
        next: IndexDispenser, slots: OutcomeSlots<ScenarioResult?>,
        stacks: SuiteStacks, budget: FailureBudget,
        finished: @escaping @Sendable (ScenarioResult) -> Void
    ) async {
        await WorkerLanes.run(count, jobs: jobs, executable: executable, pool: pool, next: next) { k, outcome in
            var result: ScenarioResult
            switch outcome {
            case let .done(r): result = r
            case let .lost(why):
                let e = jobs[k].entry
                result = ScenarioResult(scenario: e.path, goldens: e.goldenFolder, frames: e.frames, error: "\(e.path): \(why)")
            }
            result = stacks.annotate(result)
            slots.set(k, result)
            if budget.add(result.failureCount) { next.stop() }
            finished(result)
        }
    }

    /// Why obsolete goldens were not looked for in the whole suite (only an unsharded run or
    /// shard 1 of every scenario looks), as the flag that narrowed the run; nil when they were.
    nonisolated static func obsoleteNotChecked(_ config: Config, selected: Bool, stopped: Bool = false) -> String? {
        if config.only != nil { return "--watch ran only the changed scenarios" }
        if config.grep != nil { return "--grep" }
        if stopped, let n = config.maxFailures { return "--max-failures \(n) stopped the run" }
        if config.grepInvert != nil { return "--grep-invert" }
        if config.lastFailed { return "--last-failed" }
        if let shard = config.shard, shard.index != 1 { return "--shard \(shard.index)/\(shard.count)" }
        return selected ? "a selection of the scenarios" : nil
    }

    /// A golden path as the summary prints it: without a leading `./` (a scenario in the folder
    /// the suite runs from has its goldens in `./__snapshots__/…`, a gone scenario's folder is
    /// found as `__snapshots__/…`), so every listed path has one form.
    nonisolated static func shown(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") && p.count > 2 { p = p.dropFirst(2) }
        return String(p)
    }

    static func isoDate() -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: Date())
    }
}
