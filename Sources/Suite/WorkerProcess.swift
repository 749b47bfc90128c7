import Foundation
import Recording
import Rendering
import ScrollEngine
import Support

/// A child process (`overscroll-app __test-worker`) that runs suite scenarios one after another,
/// so scenarios render in parallel on every core while each worker pays its start-up (fonts,
/// renderer) once. Jobs go in as one JSON line each on its standard input; each `ScenarioResult`
/// comes back as one JSON line on its standard output (a `ChildProcess` with two pipes).
final class WorkerProcess {
    /// What a worker is asked to do.
    struct Job: Codable, Sendable {
        var entry: SuiteEntry
        var options: SuiteOptions
        var resultsRoot: String
        /// Set: write this trace viewer instead of running the scenario (`TraceViewerJobs`).
        var viewer: TraceViewerRequest?
    }

    private let child: ChildProcess
    private var buffer: [UInt8] = []
    private let signalToken: Int

    /// Starts a worker; nil when it cannot be spawned.
    init?(executable: String) {
        guard let child = try? ChildProcess(executable, ["__test-worker"], stdin: .pipe, stdout: .pipe) else { return nil }
        guard let token = SignalCleanup.registerChild(child.pid) else {
            // Interrupted meanwhile: this worker must not start writing.
            child.send(SIGKILL)
            child.closeInput()
            child.closeOutput()
            child.wait()
            return nil
        }
        self.child = child
        signalToken = token
    }

    /// Runs `job`; nil when the worker died (the caller reports it and starts another).
    func run(_ job: Job) -> ScenarioResult? {
        guard let data = try? JSONEncoder().encode(job) else { return nil }
        guard writeAll(Array(data) + [0x0A]), let line = readLine() else { return nil }
        return try? JSONDecoder().decode(ScenarioResult.self, from: Data(line))
    }

    /// Closes its input (the worker then exits) and reaps it; returns a description of an
    /// abnormal end.
    @discardableResult
    func finish() -> String? {
        child.closeInput()
        child.closeOutput()
        let exit = child.wait()
        SignalCleanup.remove(signalToken)
        return exit.problem("the worker")
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(child.input, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    private func readLine() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<nl])
                buffer.removeSubrange(...nl)
                return line
            }
            let n = chunk.withUnsafeMutableBytes { read(child.output, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            buffer += chunk[0..<n]
        }
    }

    /// The worker side: runs each job line from standard input in this process and writes its
    /// result line to standard output, until standard input ends.
    @MainActor
    static func serve() async -> Int32 {
        // Started before the suite has jobs for it: load the fonts meanwhile (text layout
        // caches are per renderer, so no scenario's frames depend on this).
        _ = TextEngine().measure("Ag", style: TextStyle(size: 17), width: 300)
        while let line = Swift.readLine(strippingNewline: true) {
            guard let job = try? JSONDecoder().decode(Job.self, from: Data(line.utf8)) else { return 2 }
            let result =
                if let viewer = job.viewer {
                    await TraceViewerLimit.write(viewer, entry: job.entry, options: job.options, root: job.resultsRoot)
                } else {
                    await SnapshotRun.run(job.entry, options: job.options, resultsRoot: job.resultsRoot)
                }
            guard let data = try? JSONEncoder().encode(result) else { return 2 }
            // The parent gone (its pipe closed): stop, never trap.
            guard StandardStreams.write(String(decoding: data, as: UTF8.self) + "\n", to: STDOUT_FILENO) == 0 else { return 2 }
        }
        return 0
    }
}

/// The worker side of `overscroll test --workers N` (the hidden `__test-worker` command).
public enum SuiteWorker {
    @MainActor
    public static func serve() async -> Int32 { await WorkerProcess.serve() }
}
