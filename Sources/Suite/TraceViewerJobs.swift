import Foundation
import Recording
import Support

/// The trace viewers a run keeps (`TraceViewerLimit`), written after the scenario pass on every
/// lane of the run: this process and the `__test-worker` processes of `--workers N`, which are
/// kept alive after the scenarios for this (each page is a second rendering pass over its
/// scenario, most of a run where much fails). Which viewers are written does not depend on the
/// lanes: the first `TraceViewerLimit.maxPages` traced snapshots in scenario order.
struct TraceViewerRequest: Codable, Sendable {
    /// The scenario's result, as the scenario pass left it; comes back with `traceViewer` set.
    var result: ScenarioResult
    /// The snapshots the page shows.
    var traced: [String]
}

extension TraceViewerLimit {
    /// The pages to write: index into `results` (sorted by scenario) and the snapshots each
    /// shows, the first `maxPages` traced snapshots in scenario order (a scenario's page whole).
    static func plan(_ results: [ScenarioResult], options: SuiteOptions) -> [(index: Int, traced: [String])] {
        guard options.trace != .off else { return [] }
        var covered = 0
        var out: [(index: Int, traced: [String])] = []
        for i in results.indices where covered < maxPages {
            guard results[i].error == nil else { continue }
            let traced = results[i].snapshots.filter { options.trace.traces($0) }.map(\.snapshot)
            guard !traced.isEmpty else { continue }
            covered += traced.count
            out.append((i, traced))
        }
        return out
    }

    /// Writes one page (in this process); a page that cannot be made (the scenario no longer
    /// loads) is left out, as one past the limit is: the result comes back unchanged.
    @MainActor
    static func write(
        _ request: TraceViewerRequest, entry: SuiteEntry, options: SuiteOptions, root: String,
        parsed: ParsedScenario? = nil
    ) async -> ScenarioResult {
        var result = request.result
        do {
            let scenario =
                try parsed?.result.get() ?? ScenarioFile.load(entry.path, maxBytes: options.maxScenarioBytes, physics: options.physics)
            try await TraceViewer.write(
                for: &result, scenario: scenario, entry: entry, traced: Set(request.traced),
                lottieTimeout: options.lottieTimeout, work: root + "/" + entry.artifactFolder)
            return result
        } catch {
            return request.result
        }
    }

    /// `trace viewers: 30 of 100 written` after every tenth of them (and the last).
    nonisolated static func progress(_ done: Int, of total: Int) -> String? {
        let step = max(1, total / 10)
        guard done == total || done % step == 0 else { return nil }
        return "trace viewers: \(done) of \(total) written"
    }
}

extension SuiteRunner {
    /// Writes the pages `TraceViewerLimit.plan` keeps, on this process and the worker
    /// processes of `pool` (at most `workers - 1` of them), printing progress; a worker that
    /// dies leaves its page out.
    func writeViewers(
        _ results: inout [ScenarioResult], entries: [SuiteEntry], config: Config, root: String,
        pool: WorkerPool?, parsed: (SuiteEntry) -> ParsedScenario, reporters: SuiteReporters
    ) async {
        let plan = TraceViewerLimit.plan(results, options: config.options)
        guard !plan.isEmpty else { return }
        let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var jobs: [(index: Int, job: WorkerProcess.Job)] = []
        for p in plan {
            guard let entry = byPath[results[p.index].scenario] else { continue }
            var job = WorkerProcess.Job(entry: entry, options: config.options, resultsRoot: root)
            job.viewer = TraceViewerRequest(result: results[p.index], traced: p.traced)
            jobs.append((p.index, job))
        }
        // The pages with most snapshots first, so the last to finish is a short one.
        jobs.sort { ($0.job.viewer?.traced.count ?? 0, $1.index) > ($1.job.viewer?.traced.count ?? 0, $0.index) }
        let total = jobs.count
        reporters.viewers("trace viewers: writing \(total) (--trace \(config.options.trace.rawValue); --trace off writes none)")
        let next = IndexDispenser(limit: total)
        let slots = OutcomeSlots<ScenarioResult?>(count: total, initial: nil)
        let done = IndexDispenser(limit: Int.max)
        let lost = outputLost
        let print: @Sendable (String) -> Void = { line in
            reporters.viewers(line)
            if lost() { next.stop() }
        }
        let finished: @Sendable () -> Void = {
            let n = (done.take() ?? 0) + 1
            if let line = TraceViewerLimit.progress(n, of: total) { print(line) }
        }
        let workJobs = jobs.map(\.job)
        let lanes = config.workerExecutable == nil ? 0 : min(max(0, config.workers - 1), total - 1)
        Platform.ignoreBrokenPipe()
        async let others: Void = Self.runViewerLanes(
            lanes, jobs: workJobs, executable: config.workerExecutable, pool: pool,
            next: next, slots: slots, finished: finished)
        while let k = next.take(), let request = workJobs[k].viewer {
            slots.set(
                k,
                await TraceViewerLimit.write(
                    request, entry: workJobs[k].entry, options: config.options, root: root,
                    parsed: parsed(workJobs[k].entry)))
            finished()
        }
        await others
        for (k, value) in slots.values.enumerated() {
            if let value { results[jobs[k].index] = value }
        }
    }

    /// `count` worker lanes (`WorkerLanes`); a worker that dies leaves its page out.
    nonisolated private static func runViewerLanes(
        _ count: Int, jobs: [WorkerProcess.Job], executable: String?, pool: WorkerPool?,
        next: IndexDispenser, slots: OutcomeSlots<ScenarioResult?>,
        finished: @escaping @Sendable () -> Void
    ) async {
        guard count > 0, let executable else { return }
        await WorkerLanes.run(count, jobs: jobs, executable: executable, pool: pool, next: next) { k, outcome in
            if case let .done(r) = outcome { slots.set(k, r) }
            finished()
        }
    }
}
