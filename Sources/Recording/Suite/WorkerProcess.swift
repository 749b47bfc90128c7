import Foundation

/// Runs one scenario of a suite in a child process (`overscroll-app __test-worker JOB`) so
/// scenarios render in parallel on every core; the child writes its `ScenarioResult` as JSON
/// to the job's result file. posix_spawn + waitpid: Foundation's Process polls in 50 ms steps.
enum WorkerProcess {
    /// What a worker is asked to do (its one argument, as JSON).
    struct Job: Codable, Sendable {
        var entry: SuiteEntry
        var options: SuiteOptions
        var resultsRoot: String
        var resultFile: String
    }

    /// Runs `job` with `executable`; the result, or a scenario error when the worker failed.
    static func run(_ job: Job, executable: String) -> ScenarioResult {
        let started = ContinuousClock.now
        func failure(_ message: String) -> ScenarioResult {
            let elapsed = ContinuousClock.now - started
            return ScenarioResult(scenario: job.entry.path, goldens: job.entry.goldenFolder, frames: job.entry.frames,
                                  seconds: Double(elapsed.components.seconds), error: "\(job.entry.path): \(message)")
        }
        guard let data = try? JSONEncoder().encode(job), let text = String(data: data, encoding: .utf8) else {
            return failure("cannot encode the worker job")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let words: [String] = [executable, "__test-worker", text]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { return failure("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        defer { unlink(job.resultFile) }
        guard let bytes = FileManager.default.contents(atPath: job.resultFile),
              let result = try? JSONDecoder().decode(ScenarioResult.self, from: bytes) else {
            let signal = status & 0x7F
            return failure(signal != 0 ? "the worker died of signal \(signal)" : "the worker exited with status \((status >> 8) & 0xFF) and no result")
        }
        return result
    }

    /// The worker side: runs the job in this process and writes the result file.
    @MainActor
    static func serve(_ argument: String) async -> Int32 {
        guard let job = try? JSONDecoder().decode(Job.self, from: Data(argument.utf8)) else { return 2 }
        let result = await SnapshotRun.run(job.entry, options: job.options, resultsRoot: job.resultsRoot)
        guard let data = try? JSONEncoder().encode(result) else { return 2 }
        do { try data.write(to: URL(fileURLWithPath: job.resultFile)) } catch { return 2 }
        return 0
    }
}

/// The worker side of `overscroll test --workers N` (the hidden `__test-worker` command).
public enum SuiteWorker {
    @MainActor
    public static func serve(_ job: String) async -> Int32 { await WorkerProcess.serve(job) }
}
