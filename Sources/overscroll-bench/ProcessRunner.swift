import Foundation

/// Runs a program to completion, capturing standard output and error in files (no pipe
/// dead-locks), and times it on the wall clock.
enum ProcessRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Wall-clock milliseconds from launch to exit.
        var wallMs: Double
        /// CPU milliseconds (user + system) of the process and its threads (RUSAGE_CHILDREN delta).
        var cpuMs: Double
        /// Peak resident memory of the process, KiB (its rusage from wait4).
        var peakRSSKiB = 0
    }

    static let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-bench-\(getpid())")

    static func run(_ executable: String, _ arguments: [String], passStderr: Bool = false) throws -> Result {
        let fm = FileManager.default
        try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = fm.createFile(atPath: outURL.path, contents: nil)
        _ = fm.createFile(atPath: errURL.path, contents: nil)
        // posix_spawn + waitpid: Foundation's Process.waitUntilExit polls its run loop in 50 ms
        // steps on Linux, which would swamp the few milliseconds being measured.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outURL.path, O_WRONLY | O_TRUNC, 0o644)
        if !passStderr { posix_spawn_file_actions_addopen(&actions, 2, errURL.path, O_WRONLY | O_TRUNC, 0o644) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        let cpu0 = childrenCPUMs()
        let t0 = Stopwatch.nowMs()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: executable]) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Stopwatch.nowMs() - t0
        let cpu = childrenCPUMs() - cpu0
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return Result(status: exitStatus, stdout: out, stderr: err, wallMs: wall, cpuMs: cpu, peakRSSKiB: usage.ru_maxrss)
    }

    /// User + system CPU time of reaped child processes so far, ms.
    static func childrenCPUMs() -> Double {
        var u = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &u)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(u.ru_utime) + ms(u.ru_stime)
    }

    /// Absolute path of a program on PATH, if any.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The first `python3` on PATH that can import `module`, then the distribution's own (`/usr/bin/python3`,
    /// where `make tool-deps` installs python3-pil): a pyenv or virtualenv python first on PATH often lacks it.
    static func python3(importing module: String) -> String? {
        var candidates: [String] = []
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { candidates.append(candidate) }
        }
        candidates.append("/usr/bin/python3")
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            if let r = try? run(candidate, ["-c", "import \(module)"]), r.status == 0 { return candidate }
        }
        return nil
    }

    /// This executable (for re-exec) and the `overscroll` binary beside it.
    static var selfPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
    static var overscrollPath: String? {
        let p = URL(fileURLWithPath: selfPath).deletingLastPathComponent().appendingPathComponent("overscroll").path
        return FileManager.default.isExecutableFile(atPath: p) ? p : nil
    }
}
