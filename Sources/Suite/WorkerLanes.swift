import Dispatch
import Support

/// The lanes of a run that feed worker processes (the scenario pass, then the trace viewers).
/// Each runs on a thread of its own (it blocks on pipes, which must not hold up the cooperative
/// pool) and keeps one worker, from the pool or started, for every job it takes; a worker that
/// dies is ended and the lane's next job starts another. A lane done with its worker gives it
/// back to the pool (for the next phase), or ends it when there is no pool.
enum WorkerLanes {
    /// How one job went.
    enum Outcome: Sendable {
        case done(ScenarioResult)
        /// No result: why (the worker could not start, or died).
        case lost(String)
    }

    /// Runs `count` lanes taking indices into `jobs` from `next` until it has none left;
    /// `report` hears each job's outcome on its lane's thread. Returns when every lane is done.
    static func run(
        _ count: Int, jobs: [WorkerProcess.Job], executable: String, pool: WorkerPool?, next: IndexDispenser,
        report: @escaping @Sendable (Int, Outcome) -> Void
    ) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: count) { _ in
                    var worker: WorkerProcess?
                    while let k = next.take() {
                        if worker == nil { worker = pool?.take() ?? WorkerProcess(executable: executable) }
                        if let w = worker, let r = w.run(jobs[k]) {
                            report(k, .done(r))
                        } else {
                            let why = worker.map { $0.finish() ?? "the worker gave no result" } ?? "cannot start \(executable)"
                            worker = nil
                            report(k, .lost(why))
                        }
                    }
                    if let worker { if let pool { pool.put(worker) } else { worker.finish() } }
                }
                done.resume()
            }
        }
    }
}
