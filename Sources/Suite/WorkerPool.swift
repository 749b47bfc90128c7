import Foundation

/// Worker processes of `overscroll test --workers N` started before anything else of the run
/// (finding scenarios, probing the rendering stack, reading golden records), so their start-up
/// (loading the program, fonts) runs on the cores this process leaves idle meanwhile. The suite's
/// lanes take them as they start; `finishUnused` ends those no lane took (fewer scenarios than
/// workers, or a run that stopped early).
final class WorkerPool: @unchecked Sendable {
    // @unchecked: `idle` is only touched under `lock`; a worker taken out belongs to one lane.
    private let lock = NSLock()
    private var idle: [WorkerProcess]

    init(count: Int, executable: String) {
        idle = (0..<max(0, count)).compactMap { _ in WorkerProcess(executable: executable) }
    }

    /// A started worker, if one is left.
    func take() -> WorkerProcess? {
        lock.lock()
        defer { lock.unlock() }
        return idle.popLast()
    }

    /// Gives back a worker a lane is done with, for the next phase of the run (the trace
    /// viewers); `finishUnused` ends it.
    func put(_ worker: WorkerProcess) {
        lock.lock()
        defer { lock.unlock() }
        idle.append(worker)
    }

    /// Ends the workers no lane took (their input closes, they exit) and reaps them.
    func finishUnused() {
        lock.lock()
        let left = idle
        idle = []
        lock.unlock()
        for w in left { w.finish() }
    }
}
