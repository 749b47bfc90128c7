import Dispatch
import Foundation
import Imaging
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
        public init() {}
    }

    /// Standard output and standard error, one line per call (newline added).
    public var output: @Sendable (String) -> Void = { line in StandardStreams.output(line + "\n") }
    public var errorOutput: @Sendable (String) -> Void = { line in StandardStreams.error(line + "\n") }
    /// True once standard output is lost (closed pipe, full disk): the run stops starting
    /// scenarios, and nothing is committed.
    public var outputLost: @Sendable () -> Bool = { StandardStreams.outputFailure != nil }

    public init() {}

    /// Runs the suite; returns the exit status (0 passed, 1 mismatch or missing golden, 2 error).
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
        let found = SuiteDiscovery.find(config.paths, excluding: [config.artifacts], maxScenarioBytes: config.options.maxScenarioBytes)
        for e in found.errors { errorOutput("overscroll test: \(OutputPaths.printable(e))") }
        if !found.errors.isEmpty { return 2 }
        for n in found.notes { errorOutput("note: \(OutputPaths.printable(n))") }
        var entries = found.entries
        if entries.isEmpty {
            errorOutput("overscroll test: no scenarios in \(config.paths.map(OutputPaths.quoted).joined(separator: " ")) (a scenario is a" + " *.json file with a top-level \"scene\" or \"events\" key)")
            return 2
        }
        let selected: Bool
        switch SuiteSelection.select(entries, config) {
        case let .run(chosen, narrowed): entries = chosen; selected = narrowed
        case let .nothing(note): output(note); return 0
        case let .error(message): errorOutput("overscroll test: \(OutputPaths.printable(message))"); return 2
        }
        let suiteList = entries.map(\.path)
        if let shard = config.shard { entries = SuiteDiscovery.shard(entries, index: shard.index, count: shard.count) }
        // Obsolete golden folders belong to the whole suite: reported when every scenario was
        // selected, by an unsharded run or by shard 1.
        var obsoleteFolders = !selected && (config.shard?.index ?? 1) == 1 ? found.obsoleteFolders : []

        // Outputs never overlap inputs (scenario files, golden folders) nor each other.
        var inputs: [(path: String, what: String)] = []
        for e in entries { inputs += [(e.path, "a scenario file"), (e.folder + "/" + OutputPaths.goldenTreeName, "a golden folder")] }
        var outputs = [OutputPaths.Output(config.artifacts, flag: "--artifacts", folder: true)]
        outputs += config.resultFiles.map(\.output)
        let goldenLocks: [FolderLock]
        do {
            try OutputPaths.check(outputs, inputs: inputs)
            if config.options.update != .none || config.prune {
                goldenLocks = try SuiteGoldens.lock(entries, trees: found.goldenTrees, flag: config.options.update != .none ? "--update" : "--prune")
            } else {
                goldenLocks = []
                SuiteGoldens.recover(entries, trees: found.goldenTrees)
            }
        } catch {
            errorOutput("overscroll test: \(error)")
            return 2
        }
        defer { withExtendedLifetime(goldenLocks) {} }
        let folder: ResultFolder
        do {
            folder = try ResultFolder(replacing: config.artifacts, flag: "--artifacts",
                                      ownership: .manifest(legacy: { $0 == "results.json" }))
        } catch {
            errorOutput("overscroll test: \(error)")
            return 2
        }

        let stack = config.stack ?? RenderingStack.probe(adding: config.stackExtras)
        let goldenStacks = SuiteStacks(entries, stack: stack)
        for w in goldenStacks.warnings { errorOutput("note: \(w)") }
        let started = ContinuousClock.now
        var scenarioPass = config
        scenarioPass.options.deferViewers = true
        var results = await runAll(entries, config: scenarioPass, root: folder.staging, stacks: goldenStacks, pool: pool)
        results.sort { $0.scenario < $1.scenario }
        if !outputLost() { await writeViewers(&results, entries: entries, config: config, root: folder.staging, pool: pool) }
        TraceViewerLimit.apply(&results, root: folder.staging)
        // A gone scenario's goldens that a missing scenario rendered byte for byte: a rename
        // (looked for before anything is pruned; `--prune` deletes them instead).
        if !config.prune {
            let renames = LikelyRename.find(obsoleteFolders, results: results, root: folder.staging)
            for i in obsoleteFolders.indices { obsoleteFolders[i].likelyRename = renames.first { $0.from == obsoleteFolders[i].folder } }
        }
        // Scenarios --max-failures kept from starting.
        let ran = Set(results.map(\.scenario))
        let notRun = entries.map(\.path).filter { !ran.contains($0) }.sorted()
        let stopped = config.maxFailures.flatMap { n in notRun.isEmpty ? nil : StoppedEarly(maxFailures: n, notRun: notRun) }
        if outputLost() {
            folder.abandon()
            return StandardStreams.finish(2, command: "overscroll test", detail: "stopped after \(results.count) of \(entries.count) scenarios; no results or goldens written")
        }

        // Obsolete goldens as found, for the summary (the commit below prunes them).
        let asFound = results
        let (_, goldenFailures) = SuiteGoldens.commit(&results, resultsRoot: folder.staging, prune: config.prune)
        for i in goldenFailures { output(Self.line(results[i], artifacts: config.artifacts)) }

        var suite = SuiteResults(command: config.command, date: Self.isoDate(),
                                 threshold: config.options.threshold, maxDiffPixels: config.options.maxDiffPixels,
                                 maxDiffRatio: config.options.maxDiffRatio,
                                 shards: config.shard.map { ["\($0.index)/\($0.count)"] } ?? [], scenarios: results)
        suite.version = config.version
        suite.stack = stack
        suite.folder = OutputPaths.workingFolder()
        suite.suite = suiteList
        suite.settings = SuiteSettings(config.options, grep: config.grep, grepInvert: config.grepInvert, lastFailed: config.lastFailed)
        suite.host = Platform.hostName()
        suite.obsoleteFolders = obsoleteFolders
        suite.stopped = stopped
        suite.trace = config.options.trace
        var pruned: [String] = []
        if config.prune {
            for (before, after) in zip(asFound, results) where after.error == nil {
                pruned += before.obsolete.map { before.goldens + "/" + $0 }
            }
            // A gone scenario's goldens leave in one swap, as a scenario's obsolete ones do; the
            // folder goes too once nothing else is in it.
            for o in suite.obsoleteFolders {
                do {
                    _ = try GoldenWriter.write([], into: URL(fileURLWithPath: o.folder), flag: "--prune", dropping: Set(o.files))
                    pruned += o.files.map { o.folder + "/" + $0 }
                    // Emptied but for the manifest the swap wrote: the folder goes too.
                    let left = (try? FileManager.default.contentsOfDirectory(atPath: o.folder)) ?? []
                    if left.allSatisfy({ $0 == ResultFolder.manifestName }) {
                        for name in left { unlink(o.folder + "/" + name) }
                        rmdir(o.folder)
                    }
                } catch {
                    errorOutput("overscroll test: \(error)")
                }
            }
            suite.obsoleteFolders = []
            // A gone scenario's folder a killed prune emptied (only its manifest is left).
            if !selected && (config.shard?.index ?? 1) == 1 {
                for folder in found.emptiedFolders where FileTree.entries(of: folder) == [ResultFolder.manifestName] {
                    unlink(folder + "/" + ResultFolder.manifestName)
                    rmdir(folder)
                }
            }
        }
        // The goldens' stack records, under the same locks as the goldens.
        var stackFailed = false
        if config.options.update != .none || config.prune {
            for e in goldenStacks.record(results, pruned: pruned) {
                errorOutput("overscroll test: \(e)")
                stackFailed = true
            }
        }
        var staged: [StagedFile] = []
        do {
            try SuiteOutputs.write(suite, into: folder.staging, resultsRoot: folder.staging, artifacts: config.artifacts)
            staged = try ResultFile.stage(config.resultFiles, suite, artifacts: config.artifacts)
            try folder.commit()
            for file in staged { try file.commit() }
        } catch {
            for file in staged { file.abandon() }
            folder.abandon()
            errorOutput("overscroll test: \(error)")
            return 2
        }
        let elapsed = ContinuousClock.now - started
        var shown = suite
        shown.scenarios = zip(asFound, results).map { before, after in var s = after; s.obsolete = before.obsolete; return s }
        shown.obsoleteFolders = obsoleteFolders
        for line in Self.summary(shown, update: config.options.update, pruned: config.prune ? pruned : nil,
                                 seconds: elapsed.inSeconds,
                                 artifacts: config.artifacts,
                                 obsoleteNotChecked: Self.obsoleteNotChecked(config, selected: selected, stopped: stopped != nil)) {
            output(line)
        }
        return stackFailed ? 2 : suite.exitCode
    }

    private func runAll(_ entries: [SuiteEntry], config: Config, root: String, stacks: SuiteStacks,
                        pool: WorkerPool?) async -> [ScenarioResult] {
        let budget = FailureBudget(limit: config.maxFailures)
        let workers = min(max(1, config.workers), entries.count)
        guard workers > 1, let executable = config.workerExecutable else {
            var out: [ScenarioResult] = []
            for e in entries {
                let r = stacks.annotate(await SnapshotRun.run(e, options: config.options, resultsRoot: root))
                output(Self.line(r, artifacts: config.artifacts))
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
        let print: @Sendable (String) -> Void = { [output] line in
            output(line)
            if lost() { next.stop() }
        }
        let slots = OutcomeSlots<ScenarioResult?>(count: jobs.count, initial: nil)
        // A worker that dies closes its pipe: writing to it must fail, not kill this process
        // (`StandardStreams.prepare` ignores SIGPIPE for the program; this is for other callers).
        Platform.ignoreBrokenPipe()
        async let others: Void = Self.runWorkerLanes(workers - 1, jobs: jobs, executable: executable, pool: pool, next: next, slots: slots,
                                                     stacks: stacks, artifacts: config.artifacts, budget: budget, print: print)
        while let k = next.take() {
            let r = stacks.annotate(await SnapshotRun.run(jobs[k].entry, options: config.options, resultsRoot: root))
            slots.set(k, r)
            if budget.add(r.failureCount) { next.stop() }
            print(Self.line(r, artifacts: config.artifacts))
        }
        await others
        return slots.values.compactMap { $0 }
    }

    /// Runs `count` lanes on threads of their own (they block on pipes, which must not hold up
    /// the cooperative pool), each feeding one worker process; returns when every lane is done.
    nonisolated private static func runWorkerLanes(_ count: Int, jobs: [WorkerProcess.Job], executable: String, pool: WorkerPool?,
                                                   next: IndexDispenser, slots: OutcomeSlots<ScenarioResult?>,
                                                   stacks: SuiteStacks, artifacts: String, budget: FailureBudget,
                                                   print: @escaping @Sendable (String) -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: count) { _ in
                    var worker: WorkerProcess?
                    while let k = next.take() {
                        if worker == nil { worker = pool?.take() ?? WorkerProcess(executable: executable) }
                        var result: ScenarioResult
                        if let w = worker, let r = w.run(jobs[k]) {
                            result = r
                        } else {
                            let why = worker.map { $0.finish() ?? "the worker gave no result" } ?? "cannot start \(executable)"
                            worker = nil
                            let e = jobs[k].entry
                            result = ScenarioResult(scenario: e.path, goldens: e.goldenFolder, frames: e.frames,
                                                    error: "\(e.path): \(why)")
                        }
                        result = stacks.annotate(result)
                        slots.set(k, result)
                        if budget.add(result.failureCount) { next.stop() }
                        print(line(result, artifacts: artifacts))
                    }
                    // Kept for the trace viewers (`writeViewers`); the pool ends it.
                    if let worker { if let pool { pool.put(worker) } else { worker.finish() } }
                }
                done.resume()
            }
        }
    }

    /// `✓ path  3 passed  0.42 s` / `✗ path  1 failed, 2 passed  0.51 s` / `✗ path  error: …`.
    /// With `artifacts` (the results folder), each failure is followed by the paths of its
    /// expected, actual and diff images there and the `overscroll accept` line that takes it.
    nonisolated static func line(_ r: ScenarioResult, artifacts: String? = nil) -> String {
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
            switch s.status {
            case .missing: text += "\n    \(s.snapshot) (t = \(s.at) s): missing golden \(OutputPaths.printable(s.golden)) (--update=missing creates it)"
            case .failed, .error, .flaky:
                text += "\n    \(s.snapshot) (t = \(s.at) s): \(OutputPaths.printable(SuiteReport.why(s)))"
            case .passed: break
            }
            if let artifacts { text += Self.paths(s, scenario: r, artifacts: artifacts) }
        }
        return text
    }

    /// The lines under a failure: where its images are, and the command that accepts it.
    nonisolated static func paths(_ s: SnapshotResult, scenario r: ScenarioResult, artifacts: String) -> String {
        var text = ""
        let names = s.status == .flaky ? [("run 1", s.runs?.first), (SuiteReport.runName(s), s.runs?.last)]
            : [("expected", s.expected), ("actual", s.actual), ("diff", s.diff)]
        for (label, rel) in names {
            guard let rel else { continue }
            text += "\n      \(label):\(String(repeating: " ", count: max(1, 10 - label.count)))\(OutputPaths.printable(artifacts + "/" + rel))"
        }
        if AcceptSelection.acceptable(s) {
            text += "\n      accept:   " + " \(OutputPaths.printable(AcceptSelection.command(results: artifacts, names: [AcceptSelection.name(r, s)])))"
        }
        return text
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

    /// The closing lines: counts (obsolete goldens as found, before any pruning), what
    /// `--update` wrote, obsolete goldens (or what `--prune` deleted), where the report is.
    static func summary(_ suite: SuiteResults, update: RecordMode, pruned: [String]?,
                        seconds: Double, artifacts: String, obsoleteNotChecked: String? = nil) -> [String] {
        var lines: [String] = []
        let counts = "\(counted(suite.scenarios.count, "scenario")), \(counted(suite.snapshots.count, "snapshot")): "
            + suite.outcomeCounts(obsoleteNotChecked: obsoleteNotChecked)
        lines.append(counts + String(format: " (%.1f s)", seconds))
        if update != .none {
            let created = suite.written(.created), changed = suite.written(.changed)
            lines.append("goldens: \(created) created, \(changed) changed, \(suite.snapshots.count - created - changed) unchanged")
        }
        if let pruned, pruned.isEmpty, let reason = obsoleteNotChecked {
            lines.append("pruned nothing: obsolete goldens not checked (\(reason))")
        } else if let pruned {
            lines.append("pruned \(counted(pruned.count, "obsolete golden"))\(pruned.isEmpty ? "" : ":")")
            for p in pruned { lines.append("    " + OutputPaths.printable(shown(p))) }
        } else if suite.obsolete > 0 {
            lines.append("obsolete goldens (no snapshot or scenario names them; --prune deletes them):")
            for s in suite.scenarios { for o in s.obsolete { lines.append("    " + OutputPaths.printable(shown("\(s.goldens)/\(o)"))) } }
            for o in suite.obsoleteFolders {
                let name = o.folder.split(separator: "/").last.map(String.init) ?? ""
                lines.append("    " + OutputPaths.printable("\(shown(o.folder))/ (no scenario \(name).json beside __snapshots__): \(o.files.joined(separator: ", "))"))
                if let r = o.likelyRename {
                    lines.append("      likely renamed to \(OutputPaths.printable(shown(r.scenario))): its goldens are byte-identical to that" + " scenario's missing snapshots; move them with")
                    lines.append("        " + OutputPaths.printable(r.command))
                }
            }
        }
        if suite.exitCode != 0 || suite.written(.created) + suite.written(.changed) > 0 {
            lines.append("report: " + OutputPaths.printable("\(artifacts)/report/index.html"))
        }
        return lines
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
