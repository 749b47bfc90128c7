import Foundation
import Support

/// Runs a program to completion (a `ChildProcess`: posix_spawn and wait4, no polling), capturing
/// standard output and error in files (no pipe dead-locks), and times it on the wall clock.
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
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        let cpu0 = childrenCPUMs()
        let t0 = Stopwatch.nowMs()
        let child = try ChildProcess(
            executable, arguments, stdin: .discard, stdout: .file(outURL.path),
            stderr: passStderr ? .inherit : .file(errURL.path))
        let exit = child.wait()
        let wall = Stopwatch.nowMs() - t0
        let cpu = childrenCPUMs() - cpu0
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = passStderr ? "" : (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return Result(status: exit.shellStatus, stdout: out, stderr: err, wallMs: wall, cpuMs: cpu, peakRSSKiB: exit.peakRSSKiB)
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

    /// `overscrollPath`; when there is none, nil with `skipped` saying so and how to build it.
    static func overscroll(orSkip skipped: inout String?, build: String = "swift build -c release --product overscroll") -> String? {
        guard let bin = overscrollPath else {
            skipped = "no overscroll binary beside the bench (\(build))"
            return nil
        }
        return bin
    }
}
