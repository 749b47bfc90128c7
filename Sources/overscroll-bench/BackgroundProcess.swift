import Foundation

/// A program started in the background (Xvfb, the window under test) with extra environment
/// variables, its output discarded; stopped with SIGTERM (then SIGKILL) and reaped.
final class BackgroundProcess {
    let pid: pid_t
    private var reaped = false

    init(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for a in argv { free(a) }
            for e in envp { free(e) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else {
            throw BenchError("cannot start \(executable)")
        }
        self.pid = pid
    }

    /// True while the process has not exited.
    var isRunning: Bool {
        guard !reaped else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { reaped = true; return false }
        return true
    }

    /// User + system CPU time of the process (all its threads) in clock ticks, from /proc/PID/stat.
    func cpuTicks() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after "(comm)": state is field 3, utime 14, stime 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let u = Int(fields[11]), let s = Int(fields[12]) else { return nil }
        return u + s
    }

    func stop() {
        guard !reaped else { return }
        kill(pid, SIGTERM)
        for _ in 0..<50 {
            if !isRunning { return }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
    }

    deinit { stop() }
}
